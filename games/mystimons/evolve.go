package mystimons

// Summoning and evolution (MM-5.1 to MM-5.3).

import "kartenwerk/engine"

// enterField puts Stufe-1 MystiMon c (from hand or discard) into the empty
// Active slot or onto the Bench (MM-5.1).
func (s *state) enterField(seat int, c int16) {
	p := &s.p[seat]
	if !p.hand.remove(c) {
		p.discard.remove(c)
	}
	s.cards[c] = card{def: s.cards[c].def, owner: uint8(seat), zone: zField, hp: s.def(c).hp, units: 1, flags: fEntered}
	for i := range p.field {
		if p.field[i] == 0 {
			p.field[i] = c
			return
		}
	}
}

// evolve lays hand card n on MystiMon m (MM-5.2): current HP stays, the
// maximum is the new card's (MM-10.5); energy, relic and statuses carry over.
func (s *state) evolve(n, m int16) {
	seat := int(s.cards[m].owner)
	p := &s.p[seat]
	p.hand.remove(n)
	old := s.cards[m]
	nc := &s.cards[n]
	def := nc.def
	*nc = old
	nc.def = def
	nc.flags = old.flags&^fUsed | fEntered
	if max := s.def(n).hp; nc.hp > max {
		nc.hp = max
	}
	for i := int16(1); i <= s.nCards; i++ {
		c := &s.cards[i]
		if c.host == m && (c.zone == zEnergy || c.zone == zRelic || c.zone == zUnder) {
			c.host = n
		}
	}
	s.cards[m] = card{def: old.def, owner: old.owner, zone: zUnder, host: n, hp: s.def(m).hp, units: 1}
	p.field[p.slot(m)] = n
	s.reached(n, s.turn)
}

// ritual Ritual-summons Champion c (MM-5.3): the three MystiMons go to the
// discard pile, 8 pool energy of its element is paid, and the Champion
// enters as Active with 0 attached energy. No knockout check meanwhile.
func (s *state) ritual(seat int, c int16) {
	p := &s.p[seat]
	for i, m := range p.field {
		s.discardStack(m)
		p.field[i] = 0
	}
	s.spend(seat, 8, s.def(c).elem)
	s.enterField(seat, c)
	s.fig.rituals++
	s.reached(c, s.turn)
}

// Rearranges reports whether a changes nothing but may be taken again and
// again in a turn (engine.Rearranger): the evolution into a Champion only
// asks for the confirmation MM-5.2 requires, and cancelling it returns to
// the same table, so an agent that rates neither way better would evolve
// and cancel without end; agents take only a few such steps in a turn.
func (s *state) Rearranges(a engine.Action) bool {
	return a.Verb == vEvolve && a.Args[0] > 0 && a.Args[0] <= s.nCards && s.def(a.Args[0]).stage == 5
}
