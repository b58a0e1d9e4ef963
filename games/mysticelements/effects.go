package mysticelements

// Resolving abilities and the effect vocabulary (ME-5.6 to ME-5.11,
// ME-10.U1). An ability resolves at once, in steps that may stop for a
// decision: pay "any energy" symbols, reverse a named colour (ME-9b.1),
// choose the target, then each effect in order (a discard or a convert
// choice may stop it again).

func (s *state) beginAbility(src int16, abil int8, ctrl int8, fromHand bool) {
	s.res = resolving{active: true, src: src, abil: abil, ctrl: ctrl, fromHand: fromHand, tgtSeat: -1, discSeat: -1}
}

func (s *state) ability() *ability {
	if s.res.abil < 0 {
		return nil
	}
	return &s.def(s.res.src).Abil[s.res.abil]
}

// chosenFilter is what the resolving card chooses: a charm played from hand
// chooses its unit (ME-5.1), an ability with a target its target.
func (s *state) chosenFilter() (filter, bool) {
	d := s.def(s.res.src)
	if s.res.fromHand && d.Kind == kCharm {
		return s.attachFilter(d), true
	}
	if a := s.ability(); a != nil && a.Chooses {
		return a.Target, true
	}
	return filter{}, false
}

// attachFilter is what charm d may be played on: any unit, own or
// opposing (ME-10.9 [Rec]), or as printed under charm-targets=as-printed.
func (s *state) attachFilter(d *cardDef) filter {
	f := d.Attach
	if !s.v.printedCharmTarget {
		f.Side = sideAny
	}
	return f
}

// resNamesColour reports whether the resolving card names a colour (ME-9b.1).
func (s *state) resNamesColour() bool {
	if f, ok := s.chosenFilter(); ok && f.Colour >= 0 {
		return true
	}
	a := s.ability()
	return a != nil && a.namesColour()
}

// resume continues the resolving ability; false means it waits for a
// decision.
func (s *state) resume() bool {
	r := &s.res
	if r.payLeft > 0 {
		p := &s.p[r.ctrl]
		only := p.onlyColour()
		if only < 0 {
			s.st = sPay
			return false
		}
		p.energy[only] -= r.payLeft
		r.payLeft = 0
	}
	if s.v.antiracist && !r.revAsked && s.resNamesColour() {
		r.revAsked = true
		f, chooses := s.chosenFilter()
		if !chooses {
			s.st = sReverse
			return false
		}
		// Offer the choice only when both readings have a target.
		plain, _ := s.countTargets(f, r.ctrl, r.src, false)
		rev, _ := s.countTargets(f, r.ctrl, r.src, true)
		if plain > 0 && rev > 0 {
			s.st = sReverse
			return false
		}
		r.reversed = plain == 0 && rev > 0
	}
	if !r.tgtDone {
		r.tgtDone = true
		if f, chooses := s.chosenFilter(); chooses {
			n, only := s.countTargets(f, r.ctrl, r.src, r.reversed)
			switch {
			case n == 0:
				s.finishAbility() // nothing to act on: the ability does nothing
				return true
			case n == 1:
				s.setTarget(only)
			default:
				s.st = sTarget
				return false
			}
		}
	}
	if r.fromHand && s.def(r.src).Kind == kCharm && s.cards[r.src].zone == zStack {
		s.attach(r.src, r.tgtCard)
		s.checkDeaths()
	}
	if a := s.ability(); a != nil {
		for int(r.eff) < len(a.Effects) {
			e := &a.Effects[r.eff]
			r.eff++
			s.applyEffect(e)
			s.checkDeaths()
			if s.checkEnd() {
				return true
			}
			if s.st != sNone {
				return false
			}
		}
	}
	s.finishAbility()
	return true
}

// setTarget records a target found by countTargets: a card id > 0, or a
// seat encoded as -1 - seat.
func (s *state) setTarget(t int16) {
	if t > 0 {
		s.res.tgtCard = t
	} else {
		s.res.tgtSeat = int8(-1 - t)
	}
}

func (s *state) finishAbility() {
	r := &s.res
	if r.fromHand && s.cards[r.src].zone == zStack {
		s.move(r.src, s.cards[r.src].owner, zGrave) // ME-2.10: a wonder goes to the grave
	}
	s.res = resolving{}
	s.st = sNone
}

// matches reports whether card id fits filter f for controller ctrl.
func (s *state) matches(f filter, id int16, ctrl int8, src int16, rev bool) bool {
	c := &s.cards[id]
	if c.zone != zBattle {
		return false
	}
	switch c.kind {
	case kUnit:
		if f.What&onUnit == 0 {
			return false
		}
	case kRelic:
		if f.What&onRelic == 0 {
			return false
		}
	default:
		return false
	}
	if f.Side == sideEnemy && c.seat == ctrl || f.Side == sideOwn && c.seat != ctrl || f.Other && id == src {
		return false
	}
	if f.Colour >= 0 && (c.colour == f.Colour) == (f.Non != rev) {
		return false
	}
	return true
}

func matchesPlayer(f filter, seat, ctrl int8) bool {
	return f.What&onPlayer != 0 && !(f.Side == sideEnemy && seat == ctrl) && !(f.Side == sideOwn && seat != ctrl)
}

// countTargets counts what f can choose, and returns one of them (a card
// id, or -1-seat for a player).
func (s *state) countTargets(f filter, ctrl int8, src int16, rev bool) (int, int16) {
	n, one := 0, int16(0)
	for seat := int8(0); seat < 2; seat++ {
		for _, id := range s.p[seat].battle.slice() {
			if s.matches(f, id, ctrl, src, rev) {
				n, one = n+1, id
			}
		}
		if matchesPlayer(f, seat, ctrl) {
			n, one = n+1, int16(-1-seat)
		}
	}
	return n, one
}

// hasTargets: f can choose something, in either reading under ME-9b.1.
func (s *state) hasTargets(f filter, ctrl int8, src int16) bool {
	return s.anyTarget(f, ctrl, src, false) || s.v.antiracist && f.Colour >= 0 && s.anyTarget(f, ctrl, src, true)
}

// anyTarget is countTargets(...) > 0, stopping at the first.
func (s *state) anyTarget(f filter, ctrl int8, src int16, rev bool) bool {
	if f.What&onPlayer != 0 {
		return true // a player is always there
	}
	for seat := int8(0); seat < 2; seat++ {
		if f.Side == sideEnemy && seat == ctrl || f.Side == sideOwn && seat != ctrl {
			continue
		}
		for _, id := range s.p[seat].battle.slice() {
			if s.matches(f, id, ctrl, src, rev) {
				return true
			}
		}
	}
	return false
}

func (s *state) applyEffect(e *effect) {
	r := &s.res
	switch e.Who {
	case wTarget:
		if r.tgtCard > 0 {
			if s.cards[r.tgtCard].zone == zBattle {
				s.onCard(e, r.tgtCard)
			}
		} else if r.tgtSeat >= 0 {
			s.onPlayer(e, r.tgtSeat)
		}
	case wSelf:
		if s.cards[r.src].zone == zBattle {
			s.onCard(e, r.src)
		}
	case wHost:
		if h := s.cards[r.src].host; h > 0 && s.cards[h].zone == zBattle {
			s.onCard(e, h)
		}
	case wYou:
		s.onPlayer(e, r.ctrl)
	case wOpponent:
		s.onPlayer(e, 1-r.ctrl)
	case wEach:
		var ids [maxCards]int16
		n := 0
		for seat := int8(0); seat < 2; seat++ {
			for _, id := range s.p[seat].battle.slice() {
				if s.matches(e.Each, id, r.ctrl, r.src, r.reversed) {
					ids[n] = id
					n++
				}
			}
		}
		for _, id := range ids[:n] {
			if s.cards[id].zone == zBattle {
				s.onCard(e, id)
			}
		}
		for seat := int8(0); seat < 2; seat++ {
			if matchesPlayer(e.Each, seat, r.ctrl) {
				s.onPlayer(e, seat)
			}
		}
	}
}

func clampTok(v int) int8 { return int8(max(-60, min(60, v))) }

// onCard applies e to a card in the battle.
func (s *state) onCard(e *effect, id int16) {
	c := &s.cards[id]
	isUnit := s.def(id).Kind == kUnit
	switch e.Kind {
	case eDamage: // ME-5.6: damage tokens
		if isUnit {
			c.dmg = clampTok(int(c.dmg) + int(e.N))
		}
	case eHeal: // ME-5.7: beyond full health, cards return from the deep grave
		if !isUnit {
			return
		}
		if e.N == 0 {
			c.dmg = 0
			return
		}
		h := min(c.dmg, e.N)
		c.dmg -= h
		s.returnDeep(c.seat, int(e.N-h))
	case eExhaust:
		s.exhaust(id)
	case ePrepare:
		s.prepare(id)
	case ePromote:
		if isUnit {
			c.tok = clampTok(int(c.tok) + int(e.N))
		}
	case eDemote:
		if isUnit {
			c.tok = clampTok(int(c.tok) - int(e.N))
		}
	case eDestroy:
		s.kill(id)
	case eSteal:
		s.steal(id, s.res.ctrl)
	}
}

// onPlayer applies e to a player.
func (s *state) onPlayer(e *effect, seat int8) {
	p := &s.p[seat]
	switch e.Kind {
	case eDamage, ePlunder: // ME-5.6: damage to a player plunders
		s.mill(seat, int(e.N))
	case eHeal: // ME-5.7 [Rec]: healing a player returns deep grave cards
		s.returnDeep(seat, int(e.N))
	case eDraw:
		s.drawN(seat, int(e.N))
	case eLimit:
		p.limitMod = int8(max(-5, min(5, int(p.limitMod)+int(e.N))))
	case eDiscard:
		if int(p.hand.n) <= int(e.N) {
			for p.hand.n > 0 {
				s.move(p.hand.c[0], seat, zGrave)
			}
			return
		}
		s.res.discSeat, s.res.discLeft = seat, e.N
		s.st = sDiscard
	}
}

// exhaust is ME-5.8: an exhausted unit is demoted instead.
func (s *state) exhaust(id int16) {
	c := &s.cards[id]
	if c.ready {
		c.ready = false
	} else if s.def(id).Kind == kUnit {
		c.tok = clampTok(int(c.tok) - 1)
	}
}

// prepare is ME-5.9: a ready unit is promoted instead.
func (s *state) prepare(id int16) {
	c := &s.cards[id]
	if !c.ready {
		c.ready = true
	} else if s.def(id).Kind == kUnit {
		c.tok = clampTok(int(c.tok) + 1)
	}
}

// steal is ME-10.13: the card changes sides keeping its state and tokens,
// and is converted to one of the new controller's colours.
func (s *state) steal(id int16, to int8) {
	c := &s.cards[id]
	if c.seat == to {
		return
	}
	s.p[c.seat].battle.remove(id)
	s.p[to].battle.push(id)
	c.seat = to
	p := &s.p[to]
	switch {
	case p.ncol == 1:
		c.colour = p.colours[0]
	case p.ncol > 1:
		s.res.convCard = id
		s.st = sConvert
	}
}

// attach puts a charm from the stack onto its unit (ME-2.9).
func (s *state) attach(charm, host int16) {
	s.move(charm, s.res.ctrl, zBattle)
	d := s.def(charm)
	s.cards[charm].host = host
	s.bless(host, d)
}

// bless gives unit host the bonuses of charm definition d.
func (s *state) bless(host int16, d *cardDef) {
	h := &s.cards[host]
	h.bonP = clampTok(int(h.bonP) + int(d.Power))
	h.bonH = clampTok(int(h.bonH) + int(d.Health))
	h.kw |= d.Keywords
}

// kill moves a unit or relic to its owner's grave with its charms
// (ME-2.9, ME-5.4e).
func (s *state) kill(id int16) {
	for seat := int8(0); seat < 2; seat++ {
		b := &s.p[seat].battle
		for i := int16(0); i < b.n; {
			ch := b.c[i]
			if s.cards[ch].host == id && s.def(ch).Kind == kCharm {
				s.move(ch, s.cards[ch].owner, zGrave)
				continue
			}
			i++
		}
	}
	s.move(id, s.cards[id].owner, zGrave)
}

func (s *state) power(id int16) int {
	c := &s.cards[id]
	return max(0, int(s.def(id).Power)+int(c.tok)+int(c.bonP)) // ME-10.U7
}

func (s *state) health(id int16) int {
	c := &s.cards[id]
	return int(s.def(id).Health) + int(c.tok) + int(c.bonH)
}

func (s *state) keywords(id int16) uint8 { return s.cards[id].kw }

// checkDeaths is ME-5.11: units whose damage reaches their health die.
func (s *state) checkDeaths() {
	var dead [maxCards]int16
	n := 0
	for seat := int8(0); seat < 2; seat++ {
		for _, id := range s.p[seat].battle.slice() {
			if s.cards[id].kind == kUnit && int(s.cards[id].dmg) >= s.health(id) {
				dead[n] = id
				n++
			}
		}
	}
	for _, id := range dead[:n] {
		s.kill(id)
	}
}

// mill is plunder (ME-5.5): the top n cards, one at a time, onto the deep
// grave; a player short of cards loses (ME-7.1).
func (s *state) mill(seat int8, n int) { s.fromDeck(seat, n, zDeep, whyPlunder) }

// drawN draws n cards; drawing from an empty deck loses (ME-7.2).
func (s *state) drawN(seat int8, n int) { s.fromDeck(seat, n, zHand, whyDeckOut) }

func (s *state) fromDeck(seat int8, n int, to zone, why uint8) {
	p := &s.p[seat]
	for i := 0; i < n; i++ {
		if p.deck.n == 0 {
			if why == whyDeckOut && s.v.skipDraw {
				return // variant empty-draw=skip (ME-10.7)
			}
			s.lose(seat, why)
			return
		}
		s.move(p.deck.top(), seat, to)
	}
}

// returnDeep moves n cards from the top of the deep grave onto the deck
// (ME-5.7).
func (s *state) returnDeep(seat int8, n int) {
	p := &s.p[seat]
	for i := 0; i < n && p.deep.n > 0; i++ {
		s.move(p.deep.top(), seat, zDeck)
	}
}
