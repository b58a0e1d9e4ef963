package mystimons

// startTurn begins seat's turn: the Draw Phase (MM-4.1; skipped by the
// first player on turn 1, MM-3.7), then the Energy Phase (MM-4.2), which
// is passed over when the hand holds no energy card.
func (s *state) startTurn(seat uint8, draw bool) {
	s.active = seat
	s.turn++
	p := &s.p[seat]
	p.energyDone, p.summoned, p.switched, p.acted = false, false, false, false
	for _, m := range p.field {
		if m != 0 {
			c := &s.cards[m]
			c.flags &^= fEntered
			c.start = c.energy
		}
	}
	s.phase = phEnergy
	if draw {
		s.drawN(int(seat), 1)
		if s.over {
			return
		}
	}
	if !s.hasEnergyCard(int(seat)) {
		s.phase = phMain
	}
}

func (s *state) hasEnergyCard(seat int) bool {
	for _, c := range s.p[seat].hand.s() {
		if s.def(c).kind == kEnergy {
			return true
		}
	}
	return false
}

// endPhase runs the End Phase (MM-4.5): A) HP drain, B) Burn and Poison,
// then the knockouts they cause; D) the hand limit and E) the next turn
// follow in settle.
func (s *state) endPhase() {
	s.phase = phDiscard
	for seat := uint8(0); seat < 2; seat++ {
		if seat != s.active && !s.rules.drainEvery {
			continue
		}
		p := &s.p[seat]
		for _, m := range p.field { // A) HP drain (MM-4.5A)
			if m != 0 {
				s.cards[m].hp -= s.def(m).drain()
			}
		}
		for _, m := range p.field { // B) statuses (MM-4.5B)
			if m == 0 {
				continue
			}
			c := &s.cards[m]
			if c.flags&fBurn != 0 {
				c.hp--
			}
			c.hp -= int16(c.poison)
		}
		// Frozen has had its attack opportunity (MM-5.10, MM-10.7).
		if seat == s.active && p.field[0] != 0 {
			s.cards[p.field[0]].flags &^= fFrozen
		}
	}
	s.knockouts()
}

// knockouts sends every MystiMon at 0 HP or less to the discard pile
// (MM-5.8 step 5) and then checks the knockout win (MM-7.1).
func (s *state) knockouts() {
	for seat := range s.p {
		p := &s.p[seat]
		for i, m := range p.field {
			if m != 0 && s.cards[m].hp <= 0 {
				s.fig.knockouts++
				s.discardStack(m)
				p.field[i] = 0
			}
		}
		p.compactBench()
	}
	s.checkField()
}

// discardStack puts MystiMon m with everything on and under it into its
// owner's discard pile (MM-5.8 step 5, MM-10.U9).
func (s *state) discardStack(m int16) {
	for i := int16(1); i <= s.nCards; i++ {
		c := &s.cards[i]
		if c.host == m && (c.zone == zEnergy || c.zone == zRelic || c.zone == zUnder) {
			s.toDiscard(i)
		}
	}
	s.toDiscard(m)
}

// toDiscard moves a card (from anywhere but the ordered piles) to its
// owner's discard pile and resets its markers.
func (s *state) toDiscard(i int16) {
	c := &s.cards[i]
	*c = card{def: c.def, owner: c.owner, zone: zDiscard, hp: s.pool.defs[c.def].hp, units: 1}
	s.p[c.owner].discard.push(i)
}

// settle moves the game on after an action until a decision is needed:
// the Active is refilled from the Bench (MM-5.9), the hand limit is
// applied (MM-4.5D), and the turn passes (MM-4.5E).
func (s *state) settle() {
	for !s.over {
		if s.promote >= 0 {
			return
		}
		for k := uint8(0); k < 2; k++ {
			seat := s.active ^ k
			p := &s.p[seat]
			if p.field[0] != 0 || p.benchCount() == 0 {
				continue
			}
			if p.benchCount() == 1 {
				p.compactBench()
				p.field[0], p.field[1] = p.field[1], 0
				continue
			}
			s.promote = int8(seat)
			return
		}
		if s.phase == phDiscard {
			if s.p[s.active].hand.n > 10 {
				return
			}
			s.startTurn(1-s.active, true)
		}
		return
	}
}
