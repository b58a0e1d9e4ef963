package microlife

import (
	"slices"

	"kartenwerk/engine"
)

// Determinize resamples what seat me cannot see: the order of every deck
// and genpool, the opponent's secret hand cards (drawn again from the
// cards of their deck and hand), and cards the opponent is looking at.
func (s *state) Determinize(me engine.Seat, r *engine.RNG) engine.State {
	c := s.Clone().(*state)
	c.rng = r.Split()
	for p := int8(0); p < 2; p++ {
		if engine.Seat(p) != me && me != engine.Omniscient {
			c.resampleHidden(p, zHand, zDeck, r)
			if c.dec.kind == dGene && c.dec.seat == p {
				c.resampleHidden(p, zLook, zGenpool, r)
			}
		}
		shuffleSorted(r, c.seats[p].zones[zDeck-1])
		shuffleSorted(r, c.seats[p].zones[zGenpool-1])
	}
	if c.dec.kind == dPick && engine.Seat(c.dec.seat) != me && me != engine.Omniscient {
		c.resamplePool(c.seats[c.dec.seat].zones[zLook-1], c.shared[zMutDeck-zMarket], r)
	}
	shuffleSorted(r, c.shared[zMainDeck-zMarket])
	shuffleSorted(r, c.shared[zMutDeck-zMarket])
	return c
}

// shuffleSorted shuffles a hidden pile from a canonical order, so that the
// result depends only on what is known: the pile's contents.
func shuffleSorted(r *engine.RNG, pile []int16) {
	slices.Sort(pile)
	engine.Shuffle(r, pile)
}

// resampleHidden swaps p's secret cards in zone z with those of pile from.
func (s *state) resampleHidden(p int8, z, from uint8, r *engine.RNG) {
	var secret []int16
	for _, c := range s.seats[p].zones[z-1] {
		if s.cards[c].flags&fPublic == 0 {
			secret = append(secret, c)
		}
	}
	s.resamplePool(secret, s.seats[p].zones[from-1], r)
	i := 0
	for k, c := range s.seats[p].zones[z-1] {
		if s.cards[c].flags&fPublic == 0 {
			s.seats[p].zones[z-1][k] = secret[i]
			i++
		}
	}
}

// resamplePool deals a and b again from their union, keeping sizes; each
// card takes the zone and owner of the slot it lands in.
func (s *state) resamplePool(a, b []int16, r *engine.RNG) {
	if len(a) == 0 || len(b) == 0 {
		return
	}
	za, oa := s.cards[a[0]].zone, s.cards[a[0]].owner
	zb, ob := s.cards[b[0]].zone, s.cards[b[0]].owner
	all := append(append([]int16(nil), a...), b...)
	shuffleSorted(r, all)
	copy(a, all[:len(a)])
	copy(b, all[len(a):])
	for _, c := range a {
		s.cards[c].zone, s.cards[c].owner = za, oa
	}
	for _, c := range b {
		s.cards[c].zone, s.cards[c].owner = zb, ob
	}
}
