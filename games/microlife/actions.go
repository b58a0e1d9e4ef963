package microlife

import (
	"fmt"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// Legal appends the legal actions of ToMove. The list is cached until the
// state changes.
func (s *state) Legal(dst []engine.Action) []engine.Action {
	return append(dst, engine.CachedLegal(&s.legal, &s.legalOK, s, (*state).gen)...)
}

// add appends the action of verb v with arguments args to out. It writes
// the action where it lands: building it apart and copying it in costs a
// stall, the copy reading 8 bytes the CPU has just written in pieces.
func add(out []engine.Action, v engine.Verb, args ...int16) []engine.Action {
	out = append(out, engine.Action{})
	a := &out[len(out)-1]
	a.Verb = v
	//lint:ignore S1001 copy's call costs more than these one to three stores
	for i, x := range args {
		a.Args[i] = x
	}
	return out
}

func (s *state) gen(out []engine.Action) []engine.Action {
	if s.over {
		return out
	}
	d := &s.dec
	switch d.kind {
	case dOrder:
		for i, t := range s.trigs {
			if t.seat != d.seat || s.sameTrigBefore(i) {
				continue
			}
			out = add(out, vResolve, t.src, int16(t.abil)+1)
		}
		return out
	case dOptional, dSpore:
		return add(add(out, vYes), vNo)
	case dTarget:
		var buf [32]int16
		for _, c := range s.targets(d.t, buf[:0]) {
			out = add(out, vTarget, c)
		}
		return out
	case dPick, dGene:
		for _, c := range s.seats[d.seat].zones[zLook-1] {
			out = add(out, vPick, c)
			if d.kind == dGene {
				out = add(out, vDispose, c)
			}
		}
		return out
	case dVector:
		for _, c := range s.seats[d.seat].zones[zHand-1] {
			out = add(out, vDiscard, c)
		}
		return out
	}
	p := s.active
	pl := &s.seats[p]
	sugar := pl.sugar
	switch s.phase {
	case pMain1, pMain2:
		// Held in locals: the compiler cannot tell that appending to out
		// leaves them alone, and would load them again for every card.
		cards, hand := s.cards, pl.zones[zHand-1]
		free := !s.opt.playPaid
		for _, c := range hand {
			if free || int(cards[c].cost) <= sugar {
				out = add(out, vPlay, c)
			}
		}
		if !s.opt.basicOnly {
			for _, c := range s.shared[0] {
				if int(cards[c].cost) <= sugar {
					out = add(out, vBuy, c)
				}
			}
		}
		if int(s.cat.defs[s.cat.haut].cost) <= sugar {
			out = add(out, vBuyBasic, 0)
		}
		if int(s.cat.defs[s.cat.nahrung].cost) <= sugar {
			out = add(out, vBuyBasic, 1)
		}
		if !pl.discarded {
			for _, c := range hand {
				out = add(out, vDiscard, c)
			}
		}
		for _, c := range pl.zones[zPlay-1] {
			ci := &cards[c]
			switch {
			case ci.flags&fSpore != 0:
				if int(ci.cost) <= sugar {
					out = add(out, vRevive, c)
				}
				continue
			case ci.flags&fAction != 0, ci.kw&kwActivated == 0:
				continue // kw covers the card and its mutations
			}
			tapped := ci.flags&fTapped != 0
			if s.defs[ci.def].mayUse(sugar, tapped) {
				out = s.genUse(out, c, c)
			}
			if ci.nmut > 0 {
				for _, m := range s.muts {
					if mi := &cards[m]; mi.host == c && s.defs[mi.def].mayUse(sugar, tapped) {
						out = s.genUse(out, m, c)
					}
				}
			}
		}
	case pCombat:
		out = s.attacks(out)
	}
	return add(out, vNext)
}

// sameTrigBefore: an identical trigger is listed earlier (one choice).
func (s *state) sameTrigBefore(i int) bool {
	t := s.trigs[i]
	for _, u := range s.trigs[:i] {
		if u.seat == t.seat && u.src == t.src && u.abil == t.abil {
			return true
		}
	}
	return false
}

// genUse lists the activated abilities of src (on entity ent) that the
// active player can use now: paid, untapped if need be, and with a target.
func (s *state) genUse(out []engine.Action, src, ent int16) []engine.Action {
	d := s.def(src)
	if s.cards[src].kw&kwActivated == 0 || d.kw&kwActivated == 0 {
		return out
	}
	sugar := s.seats[s.active].sugar
	for i := range d.abil {
		a := &d.abil[i]
		if a.when != wActivated || int(a.cost) > sugar || (a.tap && s.tapped(ent)) || !s.canDraw(a, s.active) {
			continue
		}
		if s.hasTarget(a, s.active, ent) {
			out = add(out, vUse, src, int16(i)+1)
		}
	}
	return out
}

// Apply plays an action of ToMove, or refuses it with the reason.
func (s *state) Apply(a engine.Action) error {
	if !engine.Contains(engine.CachedLegal(&s.legal, &s.legalOK, s, (*state).gen), a) {
		return s.refuse(a)
	}
	s.touch()
	d := s.dec
	p := s.active
	pl := &s.seats[p]
	c := a.Args[0]
	switch a.Verb {
	case vResolve:
		s.dec = decision{}
		for i, t := range s.trigs {
			if t.seat == d.seat && t.src == c && int(t.abil)+1 == int(a.Args[1]) {
				s.resolveTrigger(i)
				break
			}
		}
	case vYes, vNo:
		s.dec = decision{}
		switch {
		case d.kind == dSpore && a.Verb == vYes:
			s.spore(d.card)
		case d.kind == dSpore:
			s.destroy(d.card)
		case a.Verb == vYes:
			s.begin(d.t)
		}
	case vTarget:
		s.dec = decision{}
		s.effect(d.t, c)
	case vPick:
		s.attach(c, d.host)
		s.picked()
	case vDispose:
		s.put(c, zMutDiscard, 0, true)
		s.picked()
	case vDiscard:
		if d.kind == dVector {
			s.dec = decision{}
			s.put(c, zDiscard, d.seat, true)
			s.vector(d.seat, int(s.def(c).cost))
			break
		}
		s.put(c, zDiscard, p, true) // ML-5.2
		pl.sugar++
		pl.discarded = true
	case vPlay:
		if s.opt.playPaid {
			pl.sugar -= int(s.def(c).cost)
		}
		s.enterPlay(c, p)
	case vBuy: // ML-5.3: market cards go to the hand, the gap refills
		pl.sugar -= int(s.def(c).cost)
		s.put(c, zHand, p, false)
		s.cards[c].flags |= fPublic
		s.bought = true
		s.refillMarket()
	case vBuyBasic: // Haut and Nahrung go to the discard pile
		def := s.cat.haut
		if a.Args[0] == 1 {
			def = s.cat.nahrung
		}
		pl.sugar -= int(s.cat.defs[def].cost)
		s.put(s.newCard(def, p), zDiscard, p, true)
		if !s.opt.rotMarketOnly {
			s.bought = true
		}
	case vUse:
		ent := c
		if s.cards[c].zone == zAttached {
			ent = s.cards[c].host
		}
		ab := &s.def(c).abil[a.Args[1]-1]
		pl.sugar -= int(ab.cost)
		if ab.tap {
			s.cards[ent].flags |= fTapped
		}
		s.begin(trig{src: c, ent: ent, abil: int8(a.Args[1] - 1), seat: p})
	case vRevive: // ML-6.18: printed cost, returns tapped
		pl.sugar -= int(s.def(c).cost)
		s.cards[c].flags = fTapped
	case vAttack:
		s.attack(c, a.Args[1])
	case vAttackPlayer:
		s.attack(c, -1)
	case vNext:
		s.nextPhase() // may list the legal actions of the next phase
	}
	s.run()
	return nil
}

// refuse explains why a is not legal now: the action as typed, then the
// reason in words that the reader's language can show (*i18n.Error).
func (s *state) refuse(a engine.Action) error {
	return fmt.Errorf("%s: %w", codec.Format(a), s.refusal(a))
}

func (s *state) refusal(a engine.Action) *i18n.Error {
	if s.over {
		return words.Errorf("refuse.over")
	}
	if s.dec.kind != dNone {
		return words.Errorf("refuse.answer_first", "num", int(s.dec.seat)+1)
	}
	c := a.Args[0]
	known := c > 0 && int(c) < len(s.cards)
	var ci *inst
	if known {
		ci = &s.cards[c]
	}
	p := s.active
	main := s.phase == pMain1 || s.phase == pMain2
	switch a.Verb {
	case vPlay, vBuy, vBuyBasic, vDiscard, vUse, vRevive:
		if !main {
			return words.Errorf("refuse.main_only")
		}
	case vAttack, vAttackPlayer:
		return s.refuseAttack(a, known, ci)
	}
	switch a.Verb {
	case vPlay, vDiscard, vBuy:
		if !known {
			return words.Errorf("refuse.no_card", "id", int(c))
		}
	}
	switch a.Verb {
	case vPlay, vDiscard:
		if ci.zone != zHand || ci.owner != p {
			return s.cardRefusal("refuse.not_in_hand", c)
		}
		if a.Verb == vDiscard && s.seats[p].discarded {
			return words.Errorf("refuse.discarded")
		}
		return words.Errorf("refuse.play_cost", "cost", int(s.def(c).cost), "have", s.seats[p].sugar)
	case vBuy:
		if s.opt.basicOnly {
			return words.Errorf("refuse.basic_only")
		}
		if ci.zone != zMarket {
			return s.cardRefusal("refuse.not_in_market", c)
		}
		return words.Errorf("refuse.buy_cost", "card", s.def(c).name, "cost", int(s.def(c).cost), "have", s.seats[p].sugar)
	case vBuyBasic:
		return words.Errorf("refuse.buy_basic_cost", "have", s.seats[p].sugar)
	case vRevive:
		return words.Errorf("refuse.revive")
	case vUse:
		return words.Errorf("refuse.use")
	case vResolve, vTarget, vPick, vDispose, vYes, vNo:
		return words.Errorf("refuse.nothing_chosen")
	}
	return words.Errorf("refuse.illegal")
}

// refuseAttack explains why an attack is not legal now (ML-5.5, ML-5.6).
func (s *state) refuseAttack(a engine.Action, known bool, ci *inst) *i18n.Error {
	c := a.Args[0]
	switch {
	case s.phase != pCombat:
		return words.Errorf("refuse.combat_only")
	case !known || ci.zone != zPlay || ci.owner != s.active:
		return words.Errorf("refuse.attacker_not_yours")
	case s.tapped(c) || ci.flags&fAttacked != 0:
		return words.Errorf("refuse.attacker_tapped", "card", s.def(c).name)
	case s.def(c).typ == tImmun && s.entKW(c)&kwHunter == 0:
		return words.Errorf("refuse.immune_cannot_attack", "card", s.def(c).name)
	case a.Verb == vAttackPlayer:
		return words.Errorf("refuse.attack_player")
	}
	return words.Errorf("refuse.attack_target")
}

// cardRefusal refuses an action about card c, an existing card, naming
// it only when the mover sees it (engine.CardRefusal). The other
// refusals name cards outright: a card in the market or the mover's own
// in play, which the mover sees.
func (s *state) cardRefusal(key string, c int16) *i18n.Error {
	key, args := engine.CardRefusal(key, s.visible(c, engine.Seat(s.active)), s.def(c).name)
	return words.Errorf(key, args...)
}

func (s *state) cardName(c int16) string {
	if c <= 0 || int(c) >= len(s.cards) {
		return fmt.Sprintf("c%d", c)
	}
	return fmt.Sprintf("%s (c%d)", s.def(c).name, c)
}

// prompt says what the deciding seat is asked.
func (s *state) prompt() string {
	d := &s.dec
	switch d.kind {
	case dOrder:
		return "choose which of your triggered abilities resolves next"
	case dOptional:
		return "use the optional ability of " + s.cardName(d.t.src) + "?"
	case dTarget:
		return "choose the target of " + s.cardName(d.t.src)
	case dPick:
		return fmt.Sprintf("Mutation: choose %d more card(s) to attach to %s", d.left, s.cardName(d.host))
	case dGene:
		return fmt.Sprintf("Gentransfer: choose %d more card(s), to attach to %s or dispose", d.left, s.cardName(d.host))
	case dVector:
		return "Vektor: discard a hand card"
	case dSpore:
		return s.cardName(d.card) + " dies: turn it face down as a spore?"
	}
	return ""
}

// Describe labels an action for people, hiding what viewer may not know.
func (s *state) Describe(a engine.Action, viewer engine.Seat) string {
	c := a.Args[0]
	// Playing, discarding, attaching and disposing a card the seat to move
	// may see reveal it, so those actions name it to everyone; anything
	// else hidden stays so.
	reveals := a.Verb == vPlay || a.Verb == vDiscard || a.Verb == vPick || a.Verb == vDispose
	name := func(c int16) string {
		if s.visible(c, viewer) || reveals && s.visible(c, s.ToMove()) {
			return s.cardName(c)
		}
		return "a card"
	}
	switch a.Verb {
	case vPlay:
		return "Play " + name(c)
	case vBuy:
		return "Buy " + name(c)
	case vBuyBasic:
		return []string{"Buy Haut", "Buy Nahrung"}[min(int(c), 1)]
	case vDiscard:
		if s.dec.kind == dVector {
			return "Discard " + name(c) + " for Vektor"
		}
		return "Discard " + name(c) + " for 1 sugar"
	case vUse:
		return fmt.Sprintf("Use ability %d of %s", a.Args[1], name(c))
	case vRevive:
		return "Revive the spore " + name(c)
	case vAttack:
		return fmt.Sprintf("Attack %s with %s", name(a.Args[1]), name(c))
	case vAttackPlayer:
		return fmt.Sprintf("Attack %v with %s", engine.Seat(a.Args[1]), name(c))
	case vNext:
		return "End " + phaseNames[s.phase]
	case vResolve:
		return fmt.Sprintf("Resolve ability %d of %s next", a.Args[1], name(c))
	case vTarget:
		return "Target " + name(c)
	case vPick:
		return "Attach " + name(c)
	case vDispose:
		return "Dispose of " + name(c)
	case vYes:
		return "Yes"
	case vNo:
		return "No"
	}
	return codec.Format(a)
}
