package learn_test

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"testing"

	"kartenwerk/ai"
	"kartenwerk/ai/learn"
	"kartenwerk/engine"
	_ "kartenwerk/games/all"
)

// Over random games at every table size up to three, in every game: the
// features are finite, one per name, computed without allocating, and
// relative, so that they add up to zero over the seats (in two-seat
// games, swapping the seats negates every feature).
func TestFeaturesAreFiniteAndRelative(t *testing.T) {
	for _, g := range engine.Games() {
		info := g.Info()
		for seats := max(2, info.MinSeats); seats <= min(3, info.MaxSeats); seats++ {
			t.Run(fmt.Sprintf("%s/%d", info.ID, seats), func(t *testing.T) {
				for seed := uint64(1); seed <= 20; seed++ {
					checkGameFeatures(t, g, seats, seed)
				}
			})
		}
	}
}

func checkGameFeatures(t *testing.T, g engine.Game, seats int, seed uint64) {
	t.Helper()
	s, err := g.New(engine.Setup{Game: g.Info().ID, Seats: seats, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	f, ok := s.(engine.Featurer)
	if !ok {
		t.Fatalf("%s does not implement engine.Featurer", g.Info().ID)
	}
	names := f.FeatureNames()
	agent := ai.NewRandom(seed)
	bufs := make([][]float64, seats)
	for step := 0; step < 3000; step++ {
		if done, _ := s.Terminal(); done {
			return
		}
		sum := make([]float64, len(names))
		for q := range seats {
			bufs[q] = f.Features(engine.Seat(q), bufs[q][:0])
			if len(bufs[q]) != len(names) {
				t.Fatalf("seed %d step %d: %d features for %d names", seed, step, len(bufs[q]), len(names))
			}
			for i, x := range bufs[q] {
				if math.IsNaN(x) || math.IsInf(x, 0) {
					t.Fatalf("seed %d step %d: feature %s of seat %d is %v", seed, step, names[i], q, x)
				}
				sum[i] += x
			}
		}
		for i, x := range sum {
			if math.Abs(x) > 1e-9*(1+math.Abs(bufs[0][i])) {
				t.Fatalf("seed %d step %d: feature %s adds up to %g over the seats, want 0 (relative to the opponents)", seed, step, names[i], x)
			}
		}
		if step == 40 {
			if n := testing.AllocsPerRun(10, func() { bufs[0] = f.Features(0, bufs[0][:0]) }); n != 0 {
				t.Fatalf("Features allocates %v times with room in dst", n)
			}
		}
		a, err := agent.Act(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
}

// The same seed gives the same positions, and so the same fit, for any
// number of workers.
func TestPositionsAreDeterministic(t *testing.T) {
	g, err := engine.Lookup("mysticelements")
	if err != nil {
		t.Fatal(err)
	}
	cfg := learn.Config{Game: g, Games: 12, Seed: 5, Agents: []string{"greedy", "random"}, PerGame: 4, Workers: 1}
	one, _, err := learn.Positions(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Workers = 3
	three, _, err := learn.Positions(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(one) != 12*4 || !reflect.DeepEqual(one, three) {
		t.Fatalf("1 worker gave %d positions, 3 workers %d, and they differ", len(one), len(three))
	}
}

// In every game the fitted model predicts held-out games' results better
// than a constant guess: the features carry what decides games.
func TestLearnedModelBeatsAConstantGuess(t *testing.T) {
	for _, g := range engine.Games() {
		t.Run(g.Info().ID, func(t *testing.T) {
			cfg := learn.Config{Game: g, Games: 100, Seed: 3, Agents: learn.DefaultAgents, PerGame: 10}
			m, err := learn.Learn(context.Background(), cfg, learn.DefaultLambda)
			if err != nil {
				t.Fatal(err)
			}
			if !(m.LogLoss < m.BaseLogLoss) {
				t.Fatalf("held-out log-loss %.4f, constant guess %.4f", m.LogLoss, m.BaseLogLoss)
			}
		})
	}
}

func TestPositionsRefusesBadConfig(t *testing.T) {
	g, _ := engine.Lookup("zynalith")
	for _, c := range []learn.Config{
		{Game: g, Games: 0, PerGame: 5, Agents: []string{"random"}},
		{Game: g, Games: 5, PerGame: 5, Agents: []string{"nobody"}},
	} {
		if _, _, err := learn.Positions(context.Background(), c); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
}

// Every game names each of its features in its own words, as `kartenwerk
// learn` prints them for designers (the catalogue's feature.<name>).
func TestFeaturesHaveWords(t *testing.T) {
	for _, g := range engine.Games() {
		sp, ok := g.(engine.Speaker)
		if !ok {
			continue
		}
		s, err := g.New(engine.Setup{Game: g.Info().ID, Seats: g.Info().MinSeats, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range s.(engine.Featurer).FeatureNames() {
			if !sp.Catalog().Has("feature." + name) {
				t.Errorf("%s: feature %q has no words (feature.%s in its messages)", g.Info().ID, name, name)
			}
		}
	}
}
