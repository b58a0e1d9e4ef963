package zynalith

import "kartenwerk/engine"

// Determinize resamples what viewer may not see: the order of both stacks
// and the other players' hidden hand cards. A hidden hand card is known to
// come from a particular stack (everyone saw where it was drawn), so it
// is swapped only with cards of that stack; cards everyone saw taken from
// the market stay where they are. The result depends only on what viewer
// knows: the hidden pool is taken in card-id order and dealt to places in
// a fixed order (stack from the bottom, then hands seat by seat).
func (s *State) Determinize(viewer engine.Seat, r *engine.RNG) engine.State {
	c := s.Clone().(*State)
	for st := stackID(0); st < 2; st++ {
		var ids [maxCards]int16
		var hidden [maxSeats]int
		n := 0
		for id := int16(0); id < c.n; id++ {
			k := &c.cards[id]
			if c.d(id).Stack != st {
				continue
			}
			switch {
			case k.zone == zStack:
			case k.zone == zHand && engine.Seat(k.owner) != viewer && viewer != engine.Omniscient && k.flags&fKnown == 0:
				hidden[k.owner]++
			default:
				continue
			}
			ids[n] = id
			n++
		}
		engine.Shuffle(r, ids[:n])
		i := 0
		for ; i < int(c.stackN[st]); i++ {
			k := &c.cards[ids[i]]
			c.stack[st][i] = ids[i]
			k.zone, k.owner, k.flags = zStack, -1, 0
		}
		for p := int8(0); p < c.seats; p++ {
			for ; hidden[p] > 0; hidden[p]-- {
				k := &c.cards[ids[i]]
				k.zone, k.owner, k.flags = zHand, p, 0
				i++
			}
		}
	}
	c.rng = engine.NewRNG(r.Uint64())
	c.changed()
	return c
}

// PlayedCard names the card an action pays for and plays, as an index of
// Cards(), for per-card statistics; -1 for other actions.
func (s *State) PlayedCard(a engine.Action) int {
	switch a.Verb {
	case vPlay, vAttach, vCounter:
		if id := a.Args[0]; id >= 0 && id < s.n {
			return int(s.cards[id].ref)
		}
	}
	return -1
}
