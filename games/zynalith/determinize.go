package zynalith

import "kartenwerk/engine"

// Determinize resamples what seat may not see: the order of both stacks
// and the other players' hidden hand cards. A hidden hand card is known to
// come from a particular stack (everyone saw where it was drawn), so it
// is swapped only with cards of that stack; cards everyone saw taken from
// the market stay where they are.
func (s *State) Determinize(viewer engine.Seat, r *engine.RNG) engine.State {
	c := s.Clone().(*State)
	for st := stackID(0); st < 2; st++ {
		var ids [maxCards]int16
		var owners [maxCards]int8
		n := 0
		for i := int16(0); i < c.stackN[st]; i++ {
			ids[n], owners[n] = c.stack[st][i], -1
			n++
		}
		for id := int16(0); id < c.n; id++ {
			k := &c.cards[id]
			if k.zone == zHand && engine.Seat(k.owner) != viewer && viewer != engine.Omniscient && k.flags&fKnown == 0 && c.d(id).Stack == st {
				ids[n], owners[n] = id, k.owner
				n++
			}
		}
		engine.Shuffle(r, ids[:n])
		for i := 0; i < n; i++ {
			k := &c.cards[ids[i]]
			if owners[i] < 0 {
				c.stack[st][i] = ids[i]
				k.zone, k.owner, k.flags = zStack, -1, 0
			} else {
				k.zone, k.owner, k.flags = zHand, owners[i], 0
			}
		}
	}
	c.rng = engine.NewRNG(r.Uint64())
	c.changed()
	return c
}
