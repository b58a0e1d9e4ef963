package mysticelements

import (
	"slices"

	"kartenwerk/engine"
)

// Determinize resamples what seat cannot see (see sees): every deck order, the
// other player's hand, and the face-down deep graves (their cards were
// milled unseen). Counts stay; the RNG is reseeded from r.
//
// The prior for the opponent's deck needs no guess: a deck is the 45 cards
// of its three colours and nothing else (ME-3.2, ME-8.1), the colours are
// picked in the open (ME-3.1) and every View names them beside the player,
// so the opponent's deck list is public. The hidden cards are that list
// minus the cards seen, that is the real hidden cards, redealt; so
// DeterminizeKnowingDecks is the same.
func (s *state) Determinize(seat engine.Seat, r *engine.RNG) engine.State {
	c := s.clone()
	for t := int8(0); t < 2; t++ {
		p := &c.p[t]
		var ids [maxCards]int16
		var marks [maxCards]bool
		n := 0
		hideHand, hideDeep := c.hides(seat, &p.hand), c.hides(seat, &p.deep)
		if hideHand {
			for i, id := range p.hand.slice() {
				marks[i] = c.cards[id].mark
				c.cards[id].mark = false
			}
			n += copy(ids[n:], p.hand.slice())
		}
		n += copy(ids[n:], p.deck.slice())
		if hideDeep {
			n += copy(ids[n:], p.deep.slice())
		}
		slices.Sort(ids[:n]) // the result may depend only on what seat knows
		engine.Shuffle(r, ids[:n])
		k := 0
		if hideHand {
			k += copy(p.hand.c[:p.hand.n], ids[k:])
			for i, id := range p.hand.slice() {
				c.cards[id].zone, c.cards[id].mark = zHand, marks[i]
			}
		}
		k += copy(p.deck.c[:p.deck.n], ids[k:])
		for _, id := range p.deck.slice() {
			c.cards[id].zone = zDeck
		}
		if hideDeep {
			copy(p.deep.c[:p.deep.n], ids[k:])
			for _, id := range p.deep.slice() {
				c.cards[id].zone = zDeep
			}
		}
	}
	c.rng = engine.NewRNG(r.Uint64())
	return c
}

// DeterminizeKnowingDecks is Determinize (engine.DeckKnower): in Mystic
// Elements every seat knows both deck lists from the colours.
func (s *state) DeterminizeKnowingDecks(seat engine.Seat, r *engine.RNG) engine.State {
	return s.Determinize(seat, r)
}
