package ai_test

import (
	"fmt"
	"testing"

	"kartenwerk/ai"
	"kartenwerk/engine"
	_ "kartenwerk/games/all"
)

// midgame returns a two-seat game still running after n random actions.
func midgame(b *testing.B, g engine.Game, n int) engine.State {
	for seed := uint64(1); ; seed++ {
		s, err := g.New(engine.Setup{Game: g.Info().ID, Seats: 2, Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		r := ai.NewRandom(seed)
		done := false
		for i := 0; i < n && !done; i++ {
			a, _ := r.Act(s)
			if err := s.Apply(a); err != nil {
				b.Fatal(err)
			}
			done, _ = s.Terminal()
		}
		if !done {
			return s
		}
	}
}

// benchSearch times decisions of the search o on s and reports its
// iterations per second.
func benchSearch(b *testing.B, s engine.State, o ai.ISMCTSOptions) {
	m := ai.NewISMCTS(o, 1)
	b.ReportAllocs()
	iters := 0
	for b.Loop() {
		if _, err := m.Act(s); err != nil {
			b.Fatal(err)
		}
		iters += m.Searched
	}
	b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iters/s")
}

// BenchmarkISMCTSInfoKeyed measures the search's speed with and without
// keying decisions by private cards, in the games that give keys
// (engine.InfoKeyer), from the position BenchmarkISMCTSGames uses.
func BenchmarkISMCTSInfoKeyed(b *testing.B) {
	for _, g := range engine.Games() {
		s := midgame(b, g, 30)
		if _, ok := s.(engine.InfoKeyer); !ok {
			continue
		}
		for _, info := range []ai.InfoKeying{ai.InfoNone, ai.InfoOwn, ai.InfoAll} {
			b.Run(fmt.Sprintf("%s/info=%v", g.Info().ID, info), func(b *testing.B) {
				o := ai.DefaultISMCTS
				o.Info = info
				benchSearch(b, s, o)
			})
		}
	}
}

// BenchmarkISMCTSGames measures search speed in every registered game,
// from a position 30 random actions in, with random playouts and with
// greedy steps in 30% of them: iterations per second of one core and the
// time of a 1000-iteration decision.
func BenchmarkISMCTSGames(b *testing.B) {
	for _, g := range engine.Games() {
		for _, greedy := range []float64{0, 0.3} {
			b.Run(fmt.Sprintf("%s/greedy=%g", g.Info().ID, greedy), func(b *testing.B) {
				s := midgame(b, g, 30)
				o := ai.DefaultISMCTS
				o.Greedy = greedy
				benchSearch(b, s, o)
			})
		}
	}
}

// BenchmarkISMCTSWorlds measures the search's speed with a pool of
// worlds (ISMCTSOptions.Worlds), shared by one tree or a tree each,
// against fresh worlds each iteration, in
// every game, from the position BenchmarkISMCTSGames uses: an iteration
// over the pool copies a world instead of sampling one.
func BenchmarkISMCTSWorlds(b *testing.B) {
	for _, g := range engine.Games() {
		s := midgame(b, g, 30)
		for _, pool := range []struct {
			worlds int
			each   bool
		}{{0, false}, {5, false}, {15, false}, {50, false}, {15, true}} {
			o := ai.DefaultISMCTS
			o.Worlds, o.TreePerWorld = pool.worlds, pool.each
			b.Run(fmt.Sprintf("%s/worlds=%d,each=%v", g.Info().ID, pool.worlds, pool.each), func(b *testing.B) {
				benchSearch(b, s, o)
			})
		}
	}
}
