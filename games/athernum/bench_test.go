package athernum

import (
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
)

func benchSetup(seats int) func(i int) engine.Setup {
	return func(i int) engine.Setup {
		return engine.Setup{Game: "athernum", Seats: seats, Seed: uint64(i) + 1, Variant: map[string]string{varTurnLimit: "120"}}
	}
}

func BenchmarkRandomGames2(b *testing.B) { enginetest.BenchRandomGames(b, theGame, benchSetup(2)) }
func BenchmarkRandomGames3(b *testing.B) { enginetest.BenchRandomGames(b, theGame, benchSetup(3)) }
func BenchmarkRandomGames4(b *testing.B) { enginetest.BenchRandomGames(b, theGame, benchSetup(4)) }

func BenchmarkClone(b *testing.B) { enginetest.BenchClone(b, theGame, benchSetup(2)(1)) }

func BenchmarkLegalApply(b *testing.B) { enginetest.BenchLegalApply(b, theGame, benchSetup(2)(1)) }

// BenchmarkEvaluate judges a position 30 random actions into a game, as
// greedy does once per legal action and ISMCTS at every playout cutoff.
func BenchmarkEvaluate(b *testing.B) {
	s := midgame(b, 30)
	b.ReportAllocs()
	for b.Loop() {
		s.Evaluate(0)
	}
}

// midgame is the first 2-player game, by seed, still going after n random
// actions.
func midgame(b *testing.B, n int) *State {
	rng := engine.NewRNG(2)
	var legal []engine.Action
	for seed := 1; ; seed++ {
		st, err := theGame.New(benchSetup(2)(seed))
		if err != nil {
			b.Fatal(err)
		}
		for i := 0; i < n; i++ {
			if done, _ := st.Terminal(); done {
				break
			}
			legal = st.Legal(legal[:0])
			if err := st.Apply(legal[rng.IntN(len(legal))]); err != nil {
				b.Fatal(err)
			}
		}
		if done, _ := st.Terminal(); !done {
			return st.(*State)
		}
	}
}

// BenchmarkDeterminize resamples what p1 cannot see, 30 random actions
// into a game, as ISMCTS does once per iteration.
func BenchmarkDeterminize(b *testing.B) {
	s := midgame(b, 30)
	r := engine.NewRNG(7)
	b.ReportAllocs()
	for b.Loop() {
		s.Determinize(0, &r)
	}
}
