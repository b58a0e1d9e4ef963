package mysticelements

import (
	"fmt"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// ToMove is the seat deciding now: the active player, except for colour
// picks, strike back (the defender) and discards (the discarding player).
func (s *state) ToMove() engine.Seat {
	switch {
	case s.phase == phOver:
		return engine.NoSeat
	case s.phase == phPick:
		return engine.Seat(s.pickSeat())
	case s.st == sStrike:
		return engine.Seat(s.cards[s.fight.def].seat)
	case s.st == sDiscard:
		return engine.Seat(s.res.discSeat)
	}
	return engine.Seat(s.active)
}

// Legal appends the legal actions of ToMove.
func (s *state) Legal(dst []engine.Action) []engine.Action {
	return append(dst, engine.CachedLegal(&s.legal, &s.legalOK, s, (*state).gen)...)
}

func act1(v engine.Verb, a int) engine.Action {
	return engine.Action{Verb: v, Args: [engine.MaxArgs]int16{int16(a)}}
}

func act2(v engine.Verb, a, b int) engine.Action {
	return engine.Action{Verb: v, Args: [engine.MaxArgs]int16{int16(a), int16(b)}}
}

func (s *state) gen(dst []engine.Action) []engine.Action {
	seat := s.active
	p := &s.p[seat]
	switch s.phase {
	case phOver:
		return dst
	case phPick:
		me := s.pickSeat()
		for c := int8(0); c < nColours; c++ {
			if !s.p[me].hasColour(c) && (s.v.shared || !s.p[1-me].hasColour(c)) {
				dst = append(dst, act1(vPick, int(c)))
			}
		}
		return dst
	}
	switch s.st {
	case sPay:
		for c := 0; c < nColours; c++ {
			if s.p[s.res.ctrl].energy[c] > 0 {
				dst = append(dst, act1(vPay, c))
			}
		}
		return dst
	case sReverse:
		return append(dst, act1(vReverse, 0), act1(vReverse, 1))
	case sTarget:
		f, _ := s.chosenFilter()
		r := &s.res
		for t := int8(0); t < 2; t++ {
			for _, id := range s.p[t].battle.slice() {
				if s.matches(f, id, r.ctrl, r.src, r.reversed) {
					dst = append(dst, act1(vTarget, int(id)))
				}
			}
		}
		for t := int8(0); t < 2; t++ {
			if matchesPlayer(f, t, r.ctrl) {
				dst = append(dst, act1(vTargetPlayer, int(t)))
			}
		}
		return dst
	case sDiscard:
		for _, id := range s.p[s.res.discSeat].hand.slice() {
			dst = append(dst, act1(vDiscard, int(id)))
		}
		return dst
	case sConvert:
		for i := int8(0); i < s.p[s.res.ctrl].ncol; i++ {
			dst = append(dst, act1(vConvert, int(s.p[s.res.ctrl].colours[i])))
		}
		return dst
	case sStrike:
		return append(dst, engine.Action{Verb: vStrike}, engine.Action{Verb: vHold})
	case sTrigger:
		for _, id := range s.startQ.slice() {
			dst = append(dst, act1(vTrigger, int(id)))
		}
		return dst
	}
	switch s.phase {
	case phGain:
		for i := int8(0); i < p.ncol; i++ {
			dst = append(dst, act1(vGain, int(p.colours[i])))
		}
	case phMain:
		dst = s.genMain(dst)
	case phKeep:
		for c := 0; c < nColours; c++ {
			if p.energy[c] > p.kept[c] {
				dst = append(dst, act1(vKeep, c))
			}
		}
	case phRedraw:
		for _, id := range p.hand.slice() {
			if !s.cards[id].mark {
				dst = append(dst, act1(vRedraw, int(id)))
			}
		}
		dst = append(dst, engine.Action{Verb: vDone})
	}
	return dst
}

// affords: cost symbols of colour col plus any-energy symbols.
func (s *state) affords(seat int8, col int8, cost, anyN int8) bool {
	p := &s.p[seat]
	return p.energy[col] >= cost && (anyN == 0 || p.energyTotal()-int(cost) >= int(anyN))
}

// Reasons a card or ability cannot be used now; the hot path only needs
// the code, errors spell it out.
const (
	okNow uint8 = iota
	noEnergy
	noTarget
	noHost
	noAbility
	isExhausted
)

// playable says whether a hand card can be played now (ME-5.1).
func (s *state) playable(id int16) uint8 {
	d := s.def(id)
	if !s.affords(s.active, d.Colour, d.Cost, d.Any) {
		return noEnergy
	}
	switch d.Kind {
	case kCharm:
		if !s.hasTargets(s.attachFilter(d), s.active, id) {
			return noHost
		}
	case kWonder:
		if a := &d.Abil[0]; a.Chooses && !s.hasTargets(a.Target, s.active, id) {
			return noTarget
		}
	}
	return okNow
}

// usable says whether ability t of a battle card can be used now (ME-5.2).
func (s *state) usable(id int16, t trigger) uint8 {
	d := s.def(id)
	i := d.ability(t)
	if i < 0 {
		return noAbility
	}
	a := &d.Abil[i]
	c := &s.cards[id]
	if t == trUse && !c.ready {
		return isExhausted
	}
	if t == trPay && !s.affords(s.active, c.colour, a.PayCol, a.PayAny) {
		return noEnergy
	}
	if a.Chooses && !s.hasTargets(a.Target, s.active, id) {
		return noTarget
	}
	return okNow
}

// whyNot spells out a reason code for card id and ability trigger t
// (trPlay for playing it from hand), in words for every language.
func (s *state) whyNot(id int16, t trigger, why uint8) *i18n.Error {
	d := s.def(id)
	switch why {
	case noEnergy:
		if t == trPay {
			a := &d.Abil[d.ability(trPay)]
			col := s.cards[id].colour
			return words.Errorf("refuse.ability_cost", "cost", i18n.Phrase(func(l i18n.Lang) string {
				return words.T(l, "cost.both", "a", words.T(l, "cost.colour", "x", int(a.PayCol), "colour", colourWord(l, col)), "b", words.T(l, "cost.any", "x", int(a.PayAny)))
			}))
		}
		return words.Errorf("refuse.card_cost", "card", d.Name, "cost", i18n.Phrase(func(l i18n.Lang) string { return costText(l, d) }))
	case noHost:
		f := s.attachFilter(d)
		return words.Errorf("refuse.no_host", "card", d.Name, "what", i18n.Phrase(func(l i18n.Lang) string { return describeFilter(l, f, true) }))
	case noTarget:
		f := d.Abil[d.ability(t)].Target
		return words.Errorf("refuse.no_target", "card", d.Name, "what", i18n.Phrase(func(l i18n.Lang) string { return describeFilter(l, f, true) }))
	case noAbility:
		if t == trUse {
			return words.Errorf("refuse.no_use", "card", d.Name)
		}
		return words.Errorf("refuse.no_pay", "card", d.Name)
	case isExhausted:
		return words.Errorf("refuse.exhausted", "card", d.Name)
	}
	return words.Errorf("refuse.not_offered")
}

func (s *state) genMain(dst []engine.Action) []engine.Action {
	seat := s.active
	p := &s.p[seat]
	total := p.energyTotal()
	for _, id := range p.hand.slice() {
		d := s.def(id)
		if p.energy[d.Colour] < d.Cost || total < int(d.Cost)+int(d.Any) {
			continue // the common case, checked first
		}
		if d.Kind == kUnit || d.Kind == kRelic || s.playable(id) == okNow {
			dst = append(dst, act1(vPlay, int(id)))
		}
	}
	guards, flyGuards := s.guardsOf(1 - seat)
	for _, id := range p.battle.slice() {
		d := s.def(id)
		if d.Kind == kCharm {
			continue
		}
		if s.cards[id].ready && d.ability(trUse) >= 0 && s.usable(id, trUse) == okNow {
			dst = append(dst, act1(vUse, int(id)))
		}
		if d.ability(trPay) >= 0 && s.usable(id, trPay) == okNow {
			dst = append(dst, act1(vActivate, int(id)))
		}
		if d.Kind != kUnit || !s.cards[id].ready {
			continue
		}
		for _, t := range s.p[1-seat].battle.slice() {
			if s.cards[t].kind == kUnit && s.mayAttack(id, t, guards, flyGuards) {
				dst = append(dst, act2(vAttack, int(id), int(t)))
			}
		}
		if s.mayPlunder(id, guards, flyGuards) {
			dst = append(dst, act2(vPlunder, int(id), int(1-seat)))
		}
	}
	return append(dst, engine.Action{Verb: vEnd})
}

// Apply plays a legal action; anything else is refused with the reason.
func (s *state) Apply(a engine.Action) error {
	if !engine.Contains(engine.CachedLegal(&s.legal, &s.legalOK, s, (*state).gen), a) {
		return s.explain(a)
	}
	s.do(a)
	s.legalOK = false
	return nil
}

func (s *state) do(a engine.Action) {
	x := a.Args[0]
	seat := s.active
	p := &s.p[seat]
	switch a.Verb {
	case vPick:
		me := &s.p[s.pickSeat()]
		me.colours[me.ncol] = int8(x)
		me.ncol++
		s.picks++
		if s.picks == 6 {
			s.deal()
		}
		return
	case vGain:
		s.gain(int8(x))
	case vPlay:
		s.playCard(x)
	case vUse:
		s.cards[x].ready = false
		s.beginAbility(x, int8(s.def(x).ability(trUse)), seat, false)
	case vActivate:
		i := s.def(x).ability(trPay)
		ab := &s.def(x).Abil[i]
		p.energy[s.cards[x].colour] -= ab.PayCol
		s.beginAbility(x, int8(i), seat, false)
		s.res.payLeft = ab.PayAny
	case vAttack:
		s.attack(x, a.Args[1])
	case vPlunder:
		s.plunderAttack(x, int8(a.Args[1]))
	case vEnd:
		s.endPlay()
	case vPay:
		s.p[s.res.ctrl].energy[x]--
		s.res.payLeft--
		s.st = sNone
	case vReverse:
		s.res.reversed = x == 1
		s.st = sNone
	case vTarget:
		s.res.tgtCard = x
		s.st = sNone
	case vTargetPlayer:
		s.res.tgtSeat = int8(x)
		s.st = sNone
	case vDiscard:
		s.move(x, s.res.discSeat, zGrave)
		s.res.discLeft--
		if s.res.discLeft == 0 || s.p[s.res.discSeat].hand.n == 0 {
			s.st = sNone
		}
	case vConvert:
		s.cards[s.res.convCard].colour = int8(x)
		s.st = sNone
	case vStrike, vHold:
		s.resolveFight(a.Verb == vStrike)
	case vTrigger:
		s.startQ.remove(x)
		s.st = sNone
		s.startTrigger(x)
	case vKeep:
		s.keep(int8(x))
	case vRedraw:
		s.cards[x].mark = true
		return
	case vDone:
		s.redrawDone()
	}
	s.run()
}

// playCard is ME-5.1: pay, then deploy a unit (ready if quick) or place a
// relic ready, or put a wonder or charm on the stack to resolve.
func (s *state) playCard(id int16) {
	seat := s.active
	p := &s.p[seat]
	d := s.def(id)
	p.energy[d.Colour] -= d.Cost
	p.played++
	abil := int8(d.ability(trPlay))
	switch d.Kind {
	case kUnit, kRelic:
		s.move(id, seat, zBattle)
		s.cards[id].ready = d.Kind == kRelic || d.Keywords&kwQuick != 0
		s.beginAbility(id, abil, seat, false)
	case kWonder, kCharm:
		if d.Kind == kWonder {
			p.wonders++
		}
		s.move(id, seat, zStack)
		s.beginAbility(id, abil, seat, true)
	}
	s.res.payLeft = d.Any
}

// explain says why an action is refused. The reason keeps its words
// (*i18n.Error) for the reader's language; the English error adds the
// action as typed.
func (s *state) explain(a engine.Action) error {
	text := codec.Format(a)
	if _, ok := codec.Spec(a.Verb); !ok {
		return fmt.Errorf("%q: %w", text, words.Errorf("refuse.unknown"))
	}
	if s.phase == phOver {
		return fmt.Errorf("%s: %w", text, words.Errorf("refuse.over"))
	}
	main := s.phase == phMain && s.st == sNone
	switch a.Verb {
	case vPlay, vUse, vActivate, vAttack, vPlunder, vEnd:
		if !main {
			return fmt.Errorf("%s: not now: %w", text, s.notNow())
		}
	default:
		return fmt.Errorf("%s is not a choice now: %w", text, s.notNow())
	}
	id := a.Args[0]
	if id <= 0 || id >= s.ncards {
		return fmt.Errorf("%s: %w", text, words.Errorf("refuse.no_card", "id", int(id)))
	}
	return fmt.Errorf("%s: %w", text, s.whyRefused(a))
}

// notNow refuses an action that is not asked for: its words are the
// prompt's, saying what is asked instead.
func (s *state) notNow() *i18n.Error {
	if s.phase != phOver && s.phase != phPick && s.st == sTarget {
		return words.Errorf("refuse.choose_target", "card", s.def(s.res.src).Name)
	}
	key, kv := s.promptMsg()
	return words.Errorf(key, kv...)
}

// whyRefused says why a main-step action with a card is refused.
func (s *state) whyRefused(a engine.Action) *i18n.Error {
	id := a.Args[0]
	c := &s.cards[id]
	name := s.def(id).Name
	switch a.Verb {
	case vPlay:
		if c.zone != zHand || c.seat != s.active {
			return words.Errorf("refuse.not_in_hand")
		}
		return s.whyNot(id, trPlay, s.playable(id))
	case vUse, vActivate:
		if c.zone != zBattle || c.seat != s.active {
			key, named := engine.CardRefusal("refuse.not_yours_in_battle", s.sees(engine.Seat(s.active), id), name)
			return words.Errorf(key, named...)
		}
		t := trUse
		if a.Verb == vActivate {
			t = trPay
		}
		return s.whyNot(id, t, s.usable(id, t))
	case vAttack, vPlunder:
		if c.zone != zBattle || c.seat != s.active || s.def(id).Kind != kUnit {
			return words.Errorf("refuse.not_your_unit")
		}
		if !c.ready {
			return words.Errorf("refuse.exhausted_attacker", "card", name)
		}
		if a.Verb == vPlunder {
			if int8(a.Args[1]) != 1-s.active {
				return words.Errorf("refuse.attack_opponent_only")
			}
			return words.Errorf("refuse.guard_protects_player")
		}
		return s.whyNotAttack(id, a.Args[1])
	}
	return s.notNow()
}

// whyNotAttack says why unit id may not attack card t (ME-5.3).
func (s *state) whyNotAttack(id, t int16) *i18n.Error {
	switch {
	case t <= 0 || t >= s.ncards || s.cards[t].zone != zBattle || s.def(t).Kind != kUnit:
		return words.Errorf("refuse.not_unit_in_battle")
	case s.cards[t].seat == s.active:
		return words.Errorf("refuse.own_cards")
	case s.has(id, kwFlying):
		return words.Errorf("refuse.flying_guard")
	}
	return words.Errorf("refuse.guard_protects", "card", s.def(t).Name)
}
