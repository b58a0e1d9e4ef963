package mystimons

import (
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
)

func BenchmarkRandomGames(b *testing.B) {
	enginetest.BenchRandomGames(b, New(), func(i int) engine.Setup {
		return engine.Setup{Game: "mystimons", Seats: 2, Seed: uint64(i) + 1}
	})
}

func BenchmarkClone(b *testing.B) {
	enginetest.BenchClone(b, New(), engine.Setup{Game: "mystimons", Seats: 2, Seed: 5})
}

func BenchmarkLegalApply(b *testing.B) {
	enginetest.BenchLegalApply(b, New(), engine.Setup{Game: "mystimons", Seats: 2, Seed: 5})
}

// BenchmarkDeterminize measures one determinization of a midgame state for
// the seat to move, as every ISMCTS iteration makes one.
func BenchmarkDeterminize(b *testing.B) {
	s := randomState(b, engine.Setup{Game: "mystimons", Seats: 2, Seed: 5}, 60)
	seat := s.ToMove()
	r := engine.NewRNG(9)
	b.ReportAllocs()
	for b.Loop() {
		_ = s.Determinize(seat, &r)
	}
}

// randomState plays n random actions (fewer if the game ends) from setup.
func randomState(tb testing.TB, setup engine.Setup, n int) engine.State {
	s, err := New().New(setup)
	if err != nil {
		tb.Fatal(err)
	}
	rng := engine.NewRNG(7)
	for legal := s.Legal(nil); n > 0 && len(legal) > 0; n-- {
		if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
			tb.Fatal(err)
		}
		legal = s.Legal(legal[:0])
	}
	return s
}
