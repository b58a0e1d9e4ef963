package mysticelements

import (
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// titleAsSpoken is a seat's title built afresh every time, as before
// titles were remembered: the reference the remembered ones must equal.
func titleAsSpoken(s *state, w engine.Words, seat int8) string {
	var cols []string
	for c := int8(0); c < nColours; c++ {
		if s.p[seat].hasColour(c) {
			cols = append(cols, colourWord(w.Lang, c))
		}
	}
	name := seatName(w, engine.Seat(seat))
	if len(cols) == 0 {
		return name
	}
	return words.T(w.Lang, "note.colours", "player", name, "colours", join(w.Lang, "list.series", cols))
}

// A remembered seat title (ME-3.1: the colours a seat picks show beside
// its name) is the title put into words afresh, in every language, with
// and without display names, as the colours are picked and through
// random games, whether picked or dealt with the decks, asked twice so that the second answer comes from memory.
func TestSeatTitleIsTheSpokenTitle_ME_3_1(t *testing.T) {
	namings := [][]string{nil, {"Anna", ""}, {"", "Bořek"}, {"Anna", "Ben"}}
	for seed := uint64(1); seed <= 8; seed++ {
		setup := engine.Setup{Game: "mysticelements", Seed: seed} // colours picked in play
		if seed%2 == 0 {
			setup.Decks = twoDecks(t) // colours from the decks
		}
		st, err := Game{}.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*state)
		rng := engine.NewRNG(seed)
		var legal []engine.Action
		for move := 0; move < 120; move++ {
			for _, l := range i18n.Langs {
				for _, names := range namings {
					w := engine.Words{Lang: l, Names: names}
					for seat := int8(0); seat < 2; seat++ {
						want := titleAsSpoken(s, w, seat)
						for range 2 {
							if got := s.seatTitle(w, seat); got != want {
								t.Fatalf("seed %d move %d seat %d in %v named %q: title %q, want %q", seed, move, seat, l, names, got, want)
							}
						}
					}
				}
			}
			if done, _ := s.Terminal(); done {
				break
			}
			legal = s.Legal(legal[:0])
			if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}
