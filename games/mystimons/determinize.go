package mystimons

import (
	"slices"

	"kartenwerk/engine"
)

// Determinize resamples what seat v cannot see: every deck order, the
// other hand, and the other side's face-down placement (which holds
// Stufe-1 MystiMons only, MM-3.5). Card ids stay where they are; their
// definitions are redealt.
func (s *state) Determinize(v engine.Seat, r *engine.RNG) engine.State {
	c := s.Clone().(*state)
	for seat := range c.p {
		p := &c.p[seat]
		if engine.Seat(seat) == v {
			// Sorted first, so that the result depends only on what v knows.
			slices.Sort(p.deck.s())
			engine.Shuffle(r, p.deck.s())
			continue
		}
		var ids []int16
		var defs []uint8
		ids = append(ids, p.deck.s()...)
		ids = append(ids, p.hand.s()...)
		var hidden []int16
		for _, m := range p.field {
			if m != 0 && c.cards[m].flags&fHidden != 0 {
				hidden = append(hidden, m)
			}
		}
		ids = append(ids, hidden...)
		for _, id := range ids {
			defs = append(defs, c.cards[id].def)
		}
		slices.Sort(defs)
		engine.Shuffle(r, defs)
		// The face-down cards take Stufe-1 definitions first.
		for k, m := range hidden {
			for j := k; j < len(defs); j++ {
				if d := &c.pool.defs[defs[j]]; d.kind == kMon && d.stage == 1 {
					defs[k], defs[j] = defs[j], defs[k]
					break
				}
			}
			c.cards[m].def = defs[k]
			c.cards[m].hp = c.pool.defs[defs[k]].hp
		}
		rest := defs[len(hidden):]
		for k, id := range ids[:len(ids)-len(hidden)] {
			c.cards[id].def = rest[k]
			c.cards[id].hp = c.defs[rest[k]].hp
		}
		// A player still to place an Active holds a Stufe-1 MystiMon (MM-3.4).
		if c.phase == phSetup && p.field[0] == 0 && p.hand.n > 0 && !c.hasStage1(seat) {
			for _, d := range p.deck.s() {
				if df := c.def(d); df.kind == kMon && df.stage == 1 {
					h := p.hand.a[0]
					c.cards[h].def, c.cards[d].def = c.cards[d].def, c.cards[h].def
					c.cards[h].hp, c.cards[d].hp = c.cards[d].hp, c.cards[h].hp
					break
				}
			}
		}
	}
	c.rng = r.Split()
	return c
}
