package enginetest

import (
	"testing"

	"kartenwerk/engine"
)

// BenchRandomGames measures whole random games; it reports games/s and
// actions per game besides the usual figures. Each iteration is one game.
func BenchRandomGames(b *testing.B, g engine.Game, setup func(i int) engine.Setup) {
	b.ReportAllocs()
	rng := engine.NewRNG(1)
	legal := make([]engine.Action, 0, 256)
	actions := 0
	for i := 0; b.Loop(); i++ {
		s, err := g.New(setup(i))
		if err != nil {
			b.Fatal(err)
		}
		for {
			if done, _ := s.Terminal(); done {
				break
			}
			legal = s.Legal(legal[:0])
			if err := s.Apply(engine.RandomAction(s, legal, &rng)); err != nil {
				b.Fatal(err)
			}
			actions++
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}

// midgame plays n random actions (fewer if the game ends) from setup.
func midgame(b *testing.B, g engine.Game, setup engine.Setup, n int) engine.State {
	s, err := g.New(setup)
	if err != nil {
		b.Fatal(err)
	}
	rng := engine.NewRNG(7)
	for i := 0; i < n; i++ {
		legal := s.Legal(nil)
		if done, _ := s.Terminal(); done || len(legal) == 0 {
			break
		}
		if err := s.Apply(engine.RandomAction(s, legal, &rng)); err != nil {
			b.Fatal(err)
		}
	}
	return s
}

// BenchClone measures Clone of a midgame state.
func BenchClone(b *testing.B, g engine.Game, setup engine.Setup) {
	s := midgame(b, g, setup, 60)
	b.ReportAllocs()
	for b.Loop() {
		_ = s.Clone()
	}
}

// BenchLegalApply measures one Legal call plus one Apply, the inner step
// of every playout; allocs/op is allocations per action. Games are
// restarted from setup as they end (restarts are not timed).
func BenchLegalApply(b *testing.B, g engine.Game, setup engine.Setup) {
	b.ReportAllocs()
	rng := engine.NewRNG(3)
	legal := make([]engine.Action, 0, 256)
	s, _ := g.New(setup)
	for b.Loop() {
		if done, _ := s.Terminal(); done {
			b.StopTimer()
			setup.Seed++
			s, _ = g.New(setup)
			b.StartTimer()
		}
		legal = s.Legal(legal[:0])
		if err := s.Apply(engine.RandomAction(s, legal, &rng)); err != nil {
			b.Fatal(err)
		}
	}
}
