package server

import (
	"math/rand/v2"
	"slices"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// TestResultScreenSaysTheWinnerOnce plays random games of every game
// that explains its results to the end: the explanation under the
// result screen's headline keeps every line but the one naming the
// winner (or the draw), which the headline says already.
func TestResultScreenSaysTheWinnerOnce(t *testing.T) {
	for _, g := range engine.Games() {
		if _, ok := g.(engine.Speaker); !ok {
			continue
		}
		for seed := uint64(1); seed <= 3; seed++ {
			st := playToTheEnd(t, g, seed)
			if st == nil {
				continue
			}
			sp := st.(engine.StateSpeaker)
			_, out := st.Terminal()
			for _, l := range []i18n.Lang{i18n.EN, i18n.DE, i18n.CS} {
				w := engine.Words{Lang: l}
				full, shown := sp.Explain(w), explainBelowHeadline(g, st, sp, w)
				said := resultLines(g, out.Winners.Seats(), w)
				if len(shown) >= len(full) {
					t.Errorf("%s seed %d in %s: %q, want the winner's line of %q left out", g.Info().ID, seed, l, shown, full)
				}
				for _, line := range shown {
					if slices.Contains(said, line) {
						t.Errorf("%s seed %d in %s: %q repeats the headline", g.Info().ID, seed, l, line)
					}
				}
			}
		}
	}
}

// playToTheEnd plays random legal actions from a fresh game of g, or
// returns nil when the game has not ended after many actions.
func playToTheEnd(t *testing.T, g engine.Game, seed uint64) engine.State {
	t.Helper()
	st, err := g.New(engine.Setup{Game: g.Info().ID, Seats: g.Info().MinSeats, Seed: seed})
	if err != nil {
		t.Fatalf("%s: %v", g.Info().ID, err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	var legal []engine.Action
	for range 20000 {
		if done, _ := st.Terminal(); done {
			return st
		}
		legal = st.Legal(legal[:0])
		if err := st.Apply(legal[rng.IntN(len(legal))]); err != nil {
			t.Fatalf("%s: %v", g.Info().ID, err)
		}
	}
	return nil
}
