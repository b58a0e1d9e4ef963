package mysticelements

import (
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine"
)

// The opponent's deck list is public (ME-3.1, ME-3.2: the 45 cards of the
// colours every view names), so Determinize keeps each seat's cards to
// their colours while the hidden hand and deck vary, and
// DeterminizeKnowingDecks gives the same.
func TestDeterminizeKeepsToThePublicColours_ME_3_2(t *testing.T) {
	s := mustNew(t, engine.Setup{Seed: 2, Decks: twoDecks(t)})
	for seat := engine.Seat(0); seat < 2; seat++ {
		opp := 1 - int8(seat)
		name := s.View(seat).Players[opp].Name
		for _, c := range s.p[opp].colours {
			if !strings.Contains(name, colourNames[c]) {
				t.Fatalf("%v's view names the opponent %q, without the colour %s of their deck", seat, name, colourNames[c])
			}
		}
		r := engine.NewRNG(uint64(seat))
		hands := map[string]bool{}
		for i := 0; i < 100; i++ {
			var d engine.State
			if i%2 == 0 {
				d = s.Determinize(seat, &r)
			} else {
				d = s.DeterminizeKnowingDecks(seat, &r)
			}
			ds := d.(*state)
			var hand []string
			for _, id := range ds.p[opp].hand.slice() {
				hand = append(hand, ds.def(id).Name)
			}
			hands[strings.Join(hand, ",")] = true
			for _, id := range append(ds.p[opp].hand.slice(), ds.p[opp].deck.slice()...) {
				if !slices.Contains(ds.p[opp].colours[:], ds.def(id).Colour) {
					t.Fatalf("determinized for %v, the opponent holds %s, outside their colours", seat, ds.def(id).Name)
				}
			}
		}
		if len(hands) < 50 {
			t.Errorf("the opponent's hand took %d forms in 100 determinizations for %v", len(hands), seat)
		}
	}
}
