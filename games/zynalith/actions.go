package zynalith

import (
	"kartenwerk/engine"
)

// Legal appends the legal actions of ToMove to dst.
func (s *State) Legal(dst []engine.Action) []engine.Action {
	return append(dst, engine.CachedLegal(&s.legal, &s.legalOK, s, (*State).list)...)
}

// list lists the legal actions into dst, which starts with room for the
// longest usual list.
func (s *State) list(dst []engine.Action) []engine.Action {
	if dst == nil {
		dst = make([]engine.Action, 0, 64)
	}
	return s.gen(dst)
}

func (s *State) gen(dst []engine.Action) []engine.Action {
	switch {
	case s.phase == phOver:
		return dst
	case s.win.open: // ZY-5.9: a counter against the played card, or none
		dst = s.genCounters(dst, s.win.seat, true)
		return append(dst, engine.Act(vDecline))
	case s.phase == phDraft: // ZY-3.4: free picks
		return s.genTake(dst)
	}
	switch s.step {
	case stChoose:
		return s.genMain(dst, s.choice)
	case stAfter:
		dst = s.genSide(dst)
		return append(dst, engine.Act(vEnd))
	}
	p := s.active
	hand, play := s.handN[p], false
	for id := int16(0); id < s.n && !play; id++ {
		c := &s.cards[id]
		if (c.zone == zMarket || (c.zone == zHand && c.owner == p)) && c.kind != kCounter && s.affords(p, id) {
			play = s.playable(p, id)
		}
	}
	if s.silver[p] >= 1 && s.canTake() {
		dst = append(dst, engine.Act(vMain, int(mTake)))
	}
	if play {
		dst = append(dst, engine.Act(vMain, int(mPlay)))
	}
	if s.rowN[p] > 0 {
		dst = append(dst, engine.Act(vMain, int(mBanish)))
	}
	if hand > 0 {
		dst = append(dst, engine.Act(vMain, int(mRedraw)))
	}
	dst = append(dst, engine.Act(vPass))
	return s.genSide(dst)
}

// canTake reports whether there is a market card or a stack to draw from.
func (s *State) canTake() bool {
	for st := range s.market {
		for _, id := range s.market[st] {
			if id >= 0 {
				return true
			}
		}
	}
	return s.stackN[0] > 0 || s.stackN[1] > 0 || s.canDraw(stCreatures) || s.canDraw(stExtras)
}

// playable reports whether p has a place for card id: a free slot for a
// creature, a creature to carry an extra (ZY-5.2, ZY-5.10).
func (s *State) playable(p int8, id int16) bool {
	switch s.cards[id].kind {
	case kCreature:
		return s.rowN[p] < s.slots()
	case kProperty, kSpell, kEquipment:
		enemy := s.d(id).Enemy
		for q := int8(0); q < s.seats; q++ {
			if (q == p) != enemy && s.alive[q] && s.rowN[q] > 0 {
				return true
			}
		}
	}
	return false
}

func (s *State) genMain(dst []engine.Action, k mainKind) []engine.Action {
	p := s.active
	switch k {
	case mTake:
		return s.genTake(dst)
	case mPlay:
		return s.genPlay(dst, p)
	case mBanish:
		for i := int8(0); i < s.rowN[p]; i++ {
			dst = append(dst, engine.Act(vBanish, int(s.row[p][i])))
		}
	case mRedraw:
		for id := int16(0); id < s.n; id++ {
			if c := &s.cards[id]; c.zone == zHand && c.owner == p {
				dst = append(dst, engine.Act(vRedraw, int(stCreatures), int(id)), engine.Act(vRedraw, int(stExtras), int(id)))
			}
		}
	}
	return dst
}

// genTake: a market card or a blind stack draw (ZY-3.4, ZY-5.1).
func (s *State) genTake(dst []engine.Action) []engine.Action {
	for st := range s.market {
		for _, id := range s.market[st] {
			if id >= 0 {
				dst = append(dst, engine.Act(vPick, int(id)))
			}
		}
	}
	for st := stackID(0); st < 2; st++ {
		if s.canDraw(st) {
			dst = append(dst, engine.Act(vBlind, int(st)))
		}
	}
	return dst
}

func (s *State) affords(p int8, id int16) bool {
	d := s.d(id)
	return s.silver[p] >= int16(d.Silver) && s.zyn[p] >= int16(d.Zyn)
}

// mine reports whether p may use card id from hand or market.
func (s *State) mine(p int8, id int16) bool {
	c := &s.cards[id]
	return c.zone == zMarket || (c.zone == zHand && c.owner == p)
}

// genPlay: creatures into a free slot, extras onto a creature (ZY-5.2).
func (s *State) genPlay(dst []engine.Action, p int8) []engine.Action {
	for id := int16(0); id < s.n; id++ {
		if c := &s.cards[id]; c.kind == kCounter || c.kind == kEvent || !s.mine(p, id) || !s.affords(p, id) {
			continue
		}
		switch d := s.d(id); d.Kind {
		case kCreature:
			if s.rowN[p] < s.slots() {
				dst = append(dst, engine.Act(vPlay, int(id)))
			}
		case kProperty, kSpell, kEquipment:
			for q := int8(0); q < s.seats; q++ {
				if (q == p) == d.Enemy || !s.alive[q] {
					continue
				}
				for i := int8(0); i < s.rowN[q]; i++ {
					dst = append(dst, engine.Act(vAttach, int(id), int(s.row[q][i])))
				}
			}
		}
	}
	return dst
}

// genSide: the own-turn side actions (ZY-5.6 to ZY-5.9), any number of
// them (ZY-4.5). In the capped variant each creature changes position at
// most once a turn (changing back would undo it), and a turn allows up to
// 4 swaps, enough for any order of 5 creatures.
func (s *State) genSide(dst []engine.Action) []engine.Action {
	p := s.active
	r := &s.row[p]
	capped := s.opt.sides == sidesCapped
	for i := int8(0); i < s.rowN[p]; i++ {
		c := &s.cards[r[i]]
		switch {
		case capped && c.flags&fToggled != 0:
		case c.flags&fDefend != 0:
			dst = append(dst, engine.Act(vAttack, int(r[i])))
		default:
			dst = append(dst, engine.Act(vDefend, int(r[i])))
		}
	}
	if !capped || s.swaps < maxSwaps {
		for i := int8(0); i < s.rowN[p]; i++ {
			for j := i + 1; j < s.rowN[p] && s.initOf(r[j]) == s.initOf(r[i]); j++ {
				dst = append(dst, engine.Act(vSwap, int(r[i]), int(r[j])))
			}
		}
	}
	if s.zyn[p] > 0 {
		dst = append(dst, engine.Act(vSell))
	}
	return s.genCounters(dst, p, false)
}

// genCounters: counters p can pay for, from hand or market (ZY-5.9). A
// counter naming the played card needs one to answer.
func (s *State) genCounters(dst []engine.Action, p int8, window bool) []engine.Action {
	for _, id := range s.ctr[:s.nctr] {
		if s.counterOK(p, id, window) {
			dst = append(dst, engine.Act(vCounter, int(id)))
		}
	}
	return dst
}

func (s *State) counterOK(p int8, id int16, window bool) bool {
	return s.cards[id].kind == kCounter && s.mine(p, id) && s.affords(p, id) && (window || !s.d(id).NeedsPlayed)
}

// mayCounter reports whether p might be able to counter, judged only on
// what everyone knows, so that being asked reveals nothing about p's hand:
// an affordable counter in the market or among p's cards everyone saw
// taken, or a hidden card from the extras stack (where counters are) and
// Silver enough for the cheapest counter. Whoever cannot possibly counter
// is not asked, which keeps the game fast.
func (s *State) mayCounter(p int8) bool {
	for _, id := range s.ctr[:s.nctr] {
		c := &s.cards[id]
		if (c.zone == zMarket || (c.zone == zHand && c.owner == p && c.flags&fKnown != 0)) && s.affords(p, id) {
			return true
		}
	}
	if s.nctr == 0 || s.handN[p] == 0 || s.silver[p] < int16(s.pool.minCounter) {
		return false
	}
	for id := int16(0); id < s.n; id++ {
		if c := &s.cards[id]; c.zone == zHand && c.owner == p && c.flags&fKnown == 0 && c.kind != kCreature && s.d(id).Stack == stExtras {
			return true
		}
	}
	return false
}

// Apply plays a legal action, or refuses it with the reason.
func (s *State) Apply(a engine.Action) error {
	if !engine.Contains(engine.CachedLegal(&s.legal, &s.legalOK, s, (*State).list), a) {
		return s.refusal(a)
	}
	s.exec(a)
	s.changed()
	return nil
}

func (s *State) exec(a engine.Action) {
	p := s.active
	id := a.Args[0]
	switch a.Verb {
	case vPick:
		if s.phase == phTurn {
			s.silver[p]-- // ZY-5.1
		}
		s.unmarket(id)
		s.toHand(id, p, fKnown)
		s.afterTake()
	case vBlind:
		if s.phase == phTurn {
			s.silver[p]--
		}
		s.drawBlind(p, stackID(id))
		s.afterTake()
	case vPlay, vAttach:
		s.payAndPlay(p, id, a.Args[1], a.Verb == vAttach)
	case vBanish: // ZY-5.3
		s.refund(p, id)
		s.removeCreature(id, zBanished)
		s.checkDeaths() // a Gesichtsloser Krieger may have lost its model
		s.afterMain()
	case vRedraw: // ZY-5.4
		s.toDiscard(a.Args[1])
		s.redrawRow(stackID(id))
		s.afterMain()
	case vPass: // ZY-5.5
		s.passed[p] = true
		s.endTurn()
	case vMain:
		s.step, s.choice = stChoose, mainKind(id)
	case vDefend, vAttack: // ZY-5.7
		s.cards[id].flags ^= fDefend
		s.cards[id].flags |= fToggled
	case vSwap: // ZY-5.6
		r := &s.row[p]
		i, j := s.indexInRow(id), s.indexInRow(a.Args[1])
		r[i], r[j] = r[j], r[i]
		if s.opt.sides == sidesCapped {
			s.swaps++
		}
		s.checkDeaths()
	case vSell: // ZY-5.8
		s.zyn[p]--
		s.silver[p] += 2
	case vCounter:
		s.playCounter(s.ToMove(), id)
	case vDecline:
		s.advanceWindow()
	case vEnd:
		s.endTurn()
	}
}

func (s *State) afterTake() {
	if s.phase == phDraft {
		s.nextDrafter()
		return
	}
	s.afterMain()
}

// payAndPlay pays for a card from hand or market and puts it into play
// (ZY-5.2), then gives the others their chance to counter.
func (s *State) payAndPlay(p int8, id, host int16, extra bool) {
	s.pay(p, id)
	if extra {
		s.attach(id, host)
		s.checkDeaths()
	} else {
		s.place(p, id)
		s.checkDeaths()
	}
	if s.phase == phOver {
		return
	}
	s.openWindow(id, p)
}

// pay takes a card's cost from p and the card out of the market.
func (s *State) pay(p int8, id int16) {
	d := s.d(id)
	s.silver[p] -= int16(d.Silver)
	s.zyn[p] -= int16(d.Zyn)
	s.leaveHand(id)
	s.unmarket(id)
}

// unmarket leaves a gap where the card lay in the market (ZY-10.9).
func (s *State) unmarket(id int16) {
	if s.cards[id].zone != zMarket {
		return
	}
	st := s.d(id).Stack
	for i, m := range s.market[st] {
		if m == id {
			s.market[st][i] = -1
		}
	}
}

// finishPlay resolves a play nobody cancelled: Sofort, Sturmangriff, the
// kind triggers and Gier (ZY-5.2, ZY-6).
func (s *State) finishPlay(id int16, p int8) {
	cancelled := s.win.cancelled
	s.win = window{}
	if cancelled || s.phase == phOver {
		s.afterMain()
		return
	}
	d := s.d(id)
	if z := s.cards[id].zone; z == zFront || z == zAttached {
		s.fire(id, trSofort, p, s.selfOf(id))
		if d.Kind == kCreature && d.Keywords&kwSturmangriff != 0 && s.phase != phOver {
			s.charge(id)
		}
	}
	switch d.Kind {
	case kSpell:
		s.fireAll(trZauber)
	case kEquipment:
		s.fireAll(trAusruestung)
	case kProperty:
		s.fireAll(trEigenschaft)
	}
	if d.greedy() {
		s.fireAll(trGier)
	}
	s.afterMain()
}

// playCounter pays for a counter and carries out its text at once (ZY-5.9,
// ZY-10.10); it goes to the discard pile.
func (s *State) playCounter(p engine.Seat, id int16) {
	q := int8(p)
	s.pay(q, id)
	s.cards[id].zone = zNone
	s.fire(id, trSofort, q, -1)
	if s.cards[id].zone == zNone {
		s.toDiscard(id)
	}
	switch {
	case !s.win.open || s.phase == phOver:
	case s.win.cancelled:
		s.win.open = false
		s.finishPlay(s.win.played, s.win.by)
	default:
		s.advanceWindow()
	}
}

// refusal explains why an action is not legal now, in words the
// reader's language can give (refuse.* in the catalogue).
func (s *State) refusal(a engine.Action) error {
	text := codec.Format(a)
	key, kv := s.refusalKey(a)
	return words.Errorf("refuse."+key, append([]any{"action", text}, kv...)...)
}

// refusalKey finds the rule a refused action breaks: the message key
// and its arguments.
func (s *State) refusalKey(a engine.Action) (string, []any) {
	spec, ok := codec.Spec(a.Verb)
	switch {
	case !ok:
		return "no_action", nil
	case s.phase == phOver:
		return "over", nil
	case s.win.open && a.Verb != vCounter && a.Verb != vDecline:
		return "counter_first", nil
	case s.phase == phDraft && a.Verb != vPick && a.Verb != vBlind:
		return "draft", nil
	}
	for i, k := range spec.Args {
		if k.Prefix == "c" && (a.Args[i] < 0 || a.Args[i] >= s.n) {
			return "no_card", []any{"id", int(a.Args[i])}
		}
	}
	id := a.Args[0]
	p := int8(s.ToMove())
	if a.Verb == vBlind && id >= 0 && id < 2 && !s.canDraw(stackID(id)) {
		return "stack_empty_" + stackNames[id], nil
	}
	if key, kv := s.cardRefusal(a, p); key != "" {
		return key, kv
	}
	switch {
	case a.Verb == vPlay && s.rowN[p] >= s.slots():
		return "slots", []any{"slots", int(s.slots()), "round", int(s.round)}
	case a.Verb == vSwap && s.initOf(id) != s.initOf(a.Args[1]):
		return "swap_init", nil
	case s.step == stChoose:
		return "chose_" + mainNames[s.choice], nil
	case s.step == stAfter && isMain(a.Verb):
		return "main_done", nil
	case s.step == stBefore && a.Verb != vMain && a.Verb != vPass && isMain(a.Verb):
		return "main_first", []any{"main", mainNames[mainFor(a.Verb)]}
	}
	return "not_legal", nil
}

// cardRefusal checks that the cards of a are the mover's to use: in hand
// or market and affordable, or a creature in the mover's front.
func (s *State) cardRefusal(a engine.Action, p int8) (string, []any) {
	id := a.Args[0]
	switch a.Verb {
	case vPick, vPlay, vAttach, vCounter:
		if !s.mine(p, id) {
			return s.cardRefusalOf("not_yours", id, p)
		}
		if !s.affords(p, id) {
			return "cost", []any{"card", s.d(id).Name, "silver", int(s.d(id).Silver), "zyn", int(s.d(id).Zyn)}
		}
	case vBanish, vDefend, vAttack, vSwap:
		if c := &s.cards[id]; c.zone != zFront || c.owner != p {
			return s.cardRefusalOf("not_front", id, p)
		}
	}
	// The INIT of the second card is compared later: a card hidden from
	// the mover must be refused before its INIT can tell on it.
	if a.Verb == vSwap {
		if c := &s.cards[a.Args[1]]; c.zone != zFront || c.owner != p {
			return s.cardRefusalOf("not_front", a.Args[1], p)
		}
	}
	return "", nil
}

// cardRefusalOf is the refusal key about card id for mover p, naming the
// card only when p sees it.
func (s *State) cardRefusalOf(key string, id int16, p int8) (string, []any) {
	return engine.CardRefusal(key, s.seenBy(id, engine.Seat(p)), s.d(id).Name)
}

func isMain(v engine.Verb) bool {
	return v == vPick || v == vBlind || v == vPlay || v == vAttach || v == vBanish || v == vRedraw || v == vPass || v == vMain
}

func mainFor(v engine.Verb) mainKind {
	switch v {
	case vPlay, vAttach:
		return mPlay
	case vBanish:
		return mBanish
	case vRedraw:
		return mRedraw
	}
	return mTake
}

// Rearranges reports whether a is a side action that only rearranges the
// mover's front (ZY-5.6, ZY-5.7), so that agents take only a few of the
// any number the rules allow in a turn (engine.Rearranger).
func (s *State) Rearranges(a engine.Action) bool {
	return a.Verb == vDefend || a.Verb == vAttack || a.Verb == vSwap
}
