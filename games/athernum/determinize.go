package athernum

import "kartenwerk/engine"

// Determinize returns a copy in which what seat me cannot see is
// resampled: the identities of other players' hand and deck cards, of
// their secret face-down items and start cards, and the order of every
// deck. Card ids stay where they are; only which card each id is
// changes, so me's view and legal actions are unchanged.
func (s *State) Determinize(me engine.Seat, r *engine.RNG) engine.State {
	d := s.clone()
	d.rng = engine.NewRNG(r.Uint64())
	var free []int16
	for p := int8(0); p < d.n; p++ {
		pl := &d.pl[p]
		free = free[:0]
		if engine.Seat(p) == me {
			if d.phase == phSetup { // the deck is searched, not yet shuffled
				continue
			}
			free = append(free, d.zs(pl.deck)...)
		} else {
			free = append(free, d.zs(pl.deck)...)
			free = append(free, d.zs(pl.hand)...)
			// Secret cards keep their kind: an item stays an item, a start
			// card stays a card that could start.
			d.swapSecret(r, pl.main, free)
			d.swapSecret(r, pl.loc, free)
			for _, x := range d.zs(pl.items) {
				d.swapSecret(r, x, free)
			}
		}
		for i := len(free) - 1; i > 0; i-- {
			j := r.IntN(i + 1)
			a, b := free[i], free[j]
			d.cards[a].def, d.cards[b].def = d.cards[b].def, d.cards[a].def
		}
	}
	return d
}

func (d *State) swapSecret(r *engine.RNG, id int16, free []int16) {
	if id == 0 || !d.cards[id].secret() {
		return
	}
	want := d.def(id)
	n := 1
	pick := id
	for _, x := range free {
		o := d.def(x)
		if o.typ == want.typ && (o.vp > 0) == (want.vp > 0) {
			n++
			if r.IntN(n) == 0 {
				pick = x
			}
		}
	}
	d.cards[id].def, d.cards[pick].def = d.cards[pick].def, d.cards[id].def
}
