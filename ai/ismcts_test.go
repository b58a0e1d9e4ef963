package ai_test

import (
	"context"
	"testing"

	"kartenwerk/ai"
	"kartenwerk/engine"
	"kartenwerk/engine/enginetest/trick"
	"kartenwerk/sim"
)

// midgames returns states after a few random actions, for many seeds.
func midgames(n, seats int) []engine.State {
	var out []engine.State
	for seed := uint64(0); len(out) < n; seed++ {
		s, _ := trick.Game{}.New(engine.Setup{Seats: seats, Seed: seed})
		r := ai.NewRandom(seed)
		for i := 0; i < int(seed%11); i++ {
			a, _ := r.Act(s)
			_ = s.Apply(a)
		}
		if done, _ := s.Terminal(); !done {
			out = append(out, s)
		}
	}
	return out
}

// searchSettings are the kinds of playout a search can use.
var searchSettings = map[string]ai.ISMCTSOptions{
	"random playouts":      {Iterations: 50, Exploration: 0.7},
	"greedy playouts":      {Iterations: 50, Exploration: 0.7, Greedy: 0.5},
	"judged at a turn":     {Iterations: 50, Exploration: 0.7, Horizon: 1},
	"leaf values mixed in": {Iterations: 50, Exploration: 0.7, Mix: 0.5},
	"a pool of worlds":     {Iterations: 50, Exploration: 0.7, Worlds: 7},
	"a tree per world":     {Iterations: 50, Exploration: 0.7, Worlds: 7, TreePerWorld: true},
}

func TestISMCTSReturnsLegalActionsWithinBudget(t *testing.T) {
	for name, o := range searchSettings {
		for _, s := range midgames(40, 3) {
			m := ai.NewISMCTS(o, 1)
			before := s.Hash()
			a, err := m.Act(s)
			if err != nil || !engine.Contains(s.Legal(nil), a) || s.Hash() != before {
				t.Fatalf("%s: Act = %v, %v (state changed: %v)", name, a, err, s.Hash() != before)
			}
			if len(s.Legal(nil)) > 1 && m.Searched != o.Iterations {
				t.Fatalf("%s: %d iterations, budget %d", name, m.Searched, o.Iterations)
			}
		}
	}
}

// blindness checks that agent decisions on a state and on an equivalent
// state (hidden cards resampled) are the same, and returns how many of the
// states had a decision that differed.
func blindness(t *testing.T, states []engine.State, newAgent func() ai.Agent) int {
	t.Helper()
	differ := 0
	for i, s := range states {
		r := engine.NewRNG(uint64(i))
		other := s.Determinize(s.ToMove(), &r) // same information set, other hidden cards
		a1, _ := newAgent().Act(s)
		a2, _ := newAgent().Act(other)
		if a1 != a2 {
			differ++
		}
	}
	return differ
}

type peeker struct{}

func (peeker) Name() string { return "peeker" }
func (peeker) Act(s engine.State) (engine.Action, error) {
	legal := s.Legal(nil)
	return legal[s.Hash()%uint64(len(legal))], nil // depends on everything, hidden cards too
}

func TestAgentsNeverReadHiddenInformation(t *testing.T) {
	states := midgames(60, 2)
	if n := blindness(t, states, func() ai.Agent { return peeker{} }); n == 0 {
		t.Fatal("the check cannot tell a peeking agent: it would pass anything")
	}
	agents := map[string]func() ai.Agent{
		"ismcts": func() ai.Agent { return ai.NewISMCTS(ai.ISMCTSOptions{Iterations: 200, Exploration: 0.7}, 9) },
		"ismcts, greedy playouts": func() ai.Agent {
			return ai.NewISMCTS(ai.ISMCTSOptions{Iterations: 200, Exploration: 0.7, Greedy: 0.5}, 9)
		},
		"ismcts, leaf values mixed in": func() ai.Agent {
			return ai.NewISMCTS(ai.ISMCTSOptions{Iterations: 200, Exploration: 0.7, Mix: 0.5}, 9)
		},
		"ismcts, a pool of worlds": func() ai.Agent {
			return ai.NewISMCTS(ai.ISMCTSOptions{Iterations: 200, Exploration: 0.7, Worlds: 7}, 9)
		},
		"greedy": func() ai.Agent { return ai.NewGreedy(9) },
		"random": func() ai.Agent { return ai.NewRandom(9) },
	}
	for name, newAgent := range agents {
		if n := blindness(t, states, newAgent); n != 0 {
			t.Errorf("%s decided differently on %d states its seat cannot tell apart", name, n)
		}
	}
}

// Keying the tree by private cards (engine.InfoKeyer, which the trick
// game above lacks) reads the keys in the sampled worlds only: the search
// decides alike on MystiMons states its seat cannot tell apart.
func TestInfoKeyedSearchNeverReadsHiddenInformation(t *testing.T) {
	states := mystimonsMidgames(t, 30)
	if n := blindness(t, states, func() ai.Agent { return peeker{} }); n == 0 {
		t.Fatal("the check cannot tell a peeking agent: it would pass anything")
	}
	for _, info := range []ai.InfoKeying{ai.InfoOwn, ai.InfoAll} {
		newAgent := func() ai.Agent {
			return ai.NewISMCTS(ai.ISMCTSOptions{Iterations: 200, Exploration: 0.7, Info: info}, 9)
		}
		if n := blindness(t, states, newAgent); n != 0 {
			t.Errorf("ismcts, info=%v, decided differently on %d states its seat cannot tell apart", info, n)
		}
	}
}

// mystimonsMidgames returns n unfinished MystiMons states after random
// actions, the first decisions of a game included.
func mystimonsMidgames(t *testing.T, n int) []engine.State {
	t.Helper()
	g, err := engine.Lookup("mystimons")
	if err != nil {
		t.Fatal(err)
	}
	var out []engine.State
	for seed := uint64(1); len(out) < n; seed++ {
		s, err := g.New(engine.Setup{Game: "mystimons", Seats: 2, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		r := ai.NewRandom(seed)
		for i := 0; i < int(seed%40); i++ {
			a, _ := r.Act(s)
			_ = s.Apply(a)
		}
		if done, _ := s.Terminal(); !done && len(s.Legal(nil)) > 1 {
			out = append(out, s)
		}
	}
	return out
}

func TestISMCTSBeatsRandom(t *testing.T) {
	rep, err := sim.Run(context.Background(), sim.Config{Game: trick.Game{}, Games: 300, Seed: 5, Seats: 2,
		Agents: []string{"ismcts:iters=200", "random"}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.WinRate[0].Low <= rep.WinRate[1].High {
		t.Fatalf("ismcts %v vs random %v: not clearly stronger", rep.WinRate[0], rep.WinRate[1])
	}
	t.Logf("ismcts vs random in trick: %+v vs %+v, draws %d", rep.WinRate[0], rep.WinRate[1], rep.Draws)
}

func BenchmarkISMCTSTrick(b *testing.B) {
	s := midgames(1, 2)[0]
	m := ai.NewISMCTS(ai.DefaultISMCTS, 1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.Act(s); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*1000)/b.Elapsed().Seconds(), "iters/s")
}
