package microlife

import (
	"slices"

	"kartenwerk/engine"
)

// Determinize resamples every card seat me may not see (visible): the
// order of every deck and genpool, of the global draw pile and of the
// mutation deck; the opponent's secret hand cards (dealt again from the
// cards of their deck and hand); and the cards the opponent is looking
// at (dealt again from the pile they came from).
//
// The opponent's starter deck list is private: a player may bring another
// 8-card list than the shipped one (ML-8.1 fixes it, a designer's setup
// need not), and no view shows it. The prior for an unknown list is the
// shipped starter deck (ML-3.2): the opponent's starter cards that were
// never face up are dealt again from that list, less the starter cards of
// theirs already seen (and from the whole list again should those be used
// up). Cards that a position (FromPosition) places are no starter cards:
// they are dealt again among themselves, as if both lists were known. The
// shared piles, the global draw pile and the mutation deck, are card-pool
// data that every player knows.
func (s *state) Determinize(me engine.Seat, r *engine.RNG) engine.State {
	return s.determinize(me, r, false)
}

// DeterminizeKnowingDecks is Determinize for a seat that knows both
// starter deck lists (engine.DeckKnower): the opponent's secret cards are
// dealt again from their actual unseen cards.
func (s *state) DeterminizeKnowingDecks(me engine.Seat, r *engine.RNG) engine.State {
	return s.determinize(me, r, true)
}

func (s *state) determinize(me engine.Seat, r *engine.RNG, knowsLists bool) engine.State {
	c := s.Clone().(*state)
	c.rng = r.Split()
	for p := int8(0); p < 2; p++ {
		if engine.Seat(p) != me && me != engine.Omniscient {
			if !knowsLists {
				c.guessStarter(p, r)
			}
			c.resampleHidden(p, zHand, zDeck, me, r)
			if c.dec.kind == dGene && c.dec.seat == p {
				c.resampleHidden(p, zLook, zGenpool, me, r)
			}
		}
		for z := zDeck; z <= zLook; z++ {
			c.shufflePrivate(z, p, r)
		}
	}
	if c.dec.kind == dPick && engine.Seat(c.dec.seat) != me && me != engine.Omniscient {
		c.resamplePool(c.seats[c.dec.seat].zones[zLook-1], c.shared[zMutDeck-zMarket], r)
	}
	for z := zMarket; z <= zMutDiscard; z++ {
		c.shufflePrivate(z, 0, r)
	}
	return c
}

// shufflePrivate shuffles pile z of seat p if nobody sees its cards (its
// order is then unknown to all: the decks, genpools and shared draw piles).
func (s *state) shufflePrivate(z uint8, p int8, r *engine.RNG) {
	if zoneVis[z] == engine.Private {
		shuffleSorted(r, *s.pile(z, p))
	}
}

// guessStarter gives p's never-seen starter cards cards of the prior, the
// shipped starter deck, less the starter cards of p's already seen.
func (s *state) guessStarter(p int8, r *engine.RNG) {
	var priorBuf, restBuf, unseenBuf [32]int16
	prior := s.cat.priorDeck(priorBuf[:0])
	if len(prior) == 0 {
		return
	}
	rest, unseen := append(restBuf[:0], prior...), unseenBuf[:0]
	for c := range s.cards {
		ci := &s.cards[c]
		switch {
		case ci.starter != p+1:
		case ci.shown != 0:
			if i := slices.Index(rest, ci.def); i >= 0 {
				rest = slices.Delete(rest, i, i+1)
			}
		default:
			unseen = append(unseen, int16(c))
		}
	}
	engine.Shuffle(r, rest)
	for i, c := range unseen {
		def := prior[r.IntN(len(prior))]
		if i < len(rest) {
			def = rest[i]
		}
		s.cards[c].def = def
		s.printed(c)
	}
}

// priorDeck appends the cards of the shipped starter deck (ML-3.2), the
// prior for a starter deck nobody has shown, to dst.
func (c *catalog) priorDeck(dst []int16) []int16 {
	if c.table == nil {
		return dst
	}
	for _, id := range c.table.seats[0].zones[zDeck-1] {
		dst = append(dst, c.table.cards[id].def)
	}
	return dst
}

// shuffleSorted shuffles a hidden pile from a canonical order, so that the
// result depends only on what is known: the pile's contents.
func shuffleSorted(r *engine.RNG, pile []int16) {
	slices.Sort(pile)
	engine.Shuffle(r, pile)
}

// resampleHidden swaps p's cards in zone z that me may not see with those
// of pile from.
func (s *state) resampleHidden(p int8, z, from uint8, me engine.Seat, r *engine.RNG) {
	var buf [64]int16
	secret := buf[:0]
	for _, c := range s.seats[p].zones[z-1] {
		if !s.visible(c, me) {
			secret = append(secret, c)
		}
	}
	s.resamplePool(secret, s.seats[p].zones[from-1], r)
	i := 0
	for k, c := range s.seats[p].zones[z-1] {
		if !s.visible(c, me) {
			s.seats[p].zones[z-1][k] = secret[i]
			i++
		}
	}
}

// resamplePool deals a and b again from their union, keeping sizes; each
// card takes the zone and owner of the slot it lands in. With b empty, a
// keeps its cards, in an order dealt again: the cards a player looks at
// from a mutation deck that had no more are known, but not their order.
func (s *state) resamplePool(a, b []int16, r *engine.RNG) {
	if len(b) == 0 {
		shuffleSorted(r, a)
		return
	}
	if len(a) == 0 {
		return
	}
	za, oa := s.cards[a[0]].zone, s.cards[a[0]].owner
	zb, ob := s.cards[b[0]].zone, s.cards[b[0]].owner
	var buf [128]int16
	all := append(append(buf[:0], a...), b...)
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
