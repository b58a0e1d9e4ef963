package athernum

import (
	"slices"

	"kartenwerk/engine"
)

// Determinize returns a copy in which what seat me cannot see is
// resampled: the identities of other players' hand and deck cards, of
// their secret face-down items and start cards, and the order of every
// deck. Card ids stay where they are; only which card each id is
// changes, so me's view and legal actions are unchanged. The hidden cards
// of each player are pooled and sorted first, so the result depends only
// on what me knows and on r.
func (s *State) Determinize(me engine.Seat, r *engine.RNG) engine.State {
	d := s.clone()
	d.rng = engine.NewRNG(r.Uint64())
	var pos, defs []int16
	for p := int8(0); p < d.n; p++ {
		pl := &d.pl[p]
		pos = pos[:0]
		if engine.Seat(p) == me {
			if d.phase == phSetup { // the deck is searched, not yet shuffled
				continue
			}
		} else {
			// Secret cards first: they keep their kind.
			for _, id := range []int16{pl.main, pl.loc} {
				if id != 0 && d.cards[id].secret() {
					pos = append(pos, id)
				}
			}
			for _, x := range d.zs(pl.items) {
				if d.cards[x].secret() {
					pos = append(pos, x)
				}
			}
		}
		secret := len(pos)
		pos = append(pos, d.zs(pl.deck)...)
		if engine.Seat(p) != me {
			pos = append(pos, d.zs(pl.hand)...)
		}
		defs = defs[:0]
		for _, id := range pos {
			defs = append(defs, d.cards[id].def)
		}
		slices.Sort(defs)
		engine.Shuffle(r, defs)
		for i := 0; i < secret; i++ {
			for j := i; j < len(defs); j++ {
				if d.fits(pos[i], defs[j]) {
					defs[i], defs[j] = defs[j], defs[i]
					break
				}
			}
		}
		for i, id := range pos {
			d.cards[id].def = defs[i]
		}
	}
	return d
}

// fits: could a card of definition def sit, secret, where id is?
func (d *State) fits(id, def int16) bool {
	cd := &d.g.pool.defs[def]
	switch d.cards[id].zone {
	case zMain:
		return cd.typ == tCharacter && cd.vp > 0
	case zLoc:
		return cd.typ == tLocation && cd.vp > 0
	}
	return cd.typ == tItem
}
