package ai_test

import (
	"testing"

	"kartenwerk/ai"
	"kartenwerk/engine"
)

// TestReseedActsAsNew: an agent that played part of a game and was then
// reseeded must choose every action of the next game exactly as a new
// agent made with that seed, in every game, so that a batch may reuse its
// agents without changing a result.
func TestReseedActsAsNew(t *testing.T) {
	const seed, steps = 9, 150
	for _, g := range engine.Games() {
		for _, spec := range []string{"random", "greedy", "greedy:decks=known"} {
			for _, warmup := range []int{3, 40} {
				used := newAgents(t, spec, 1)
				play(t, g, 2, used, warmup)
				for seat, a := range used {
					a.(ai.Reseeder).Reseed(seed + uint64(seat))
				}
				want := play(t, g, 3, newAgents(t, spec, seed), steps)
				got := play(t, g, 3, used, steps)
				if len(got) != len(want) {
					t.Fatalf("%s, %s after %d actions: %d actions when reseeded, %d when new", g.Info().ID, spec, warmup, len(got), len(want))
				}
				for i := range want {
					if got[i] != want[i] {
						t.Fatalf("%s, %s after %d actions: action %d is %v when reseeded, %v when new", g.Info().ID, spec, warmup, i, got[i], want[i])
					}
				}
			}
		}
	}
}

// newAgents makes one agent of spec per seat of a two-player game.
func newAgents(t *testing.T, spec string, seed uint64) []ai.Agent {
	t.Helper()
	agents := make([]ai.Agent, 2)
	for seat := range agents {
		a, err := ai.New(spec, seed+uint64(seat))
		if err != nil {
			t.Fatal(err)
		}
		agents[seat] = a
	}
	return agents
}

// play plays up to n actions of a two-player game of g from seed with the
// agents, one per seat, and returns them.
func play(t *testing.T, g engine.Game, seed uint64, agents []ai.Agent, n int) []engine.Action {
	t.Helper()
	s, err := g.New(engine.Setup{Game: g.Info().ID, Seats: 2, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	var out []engine.Action
	for len(out) < n {
		if done, _ := s.Terminal(); done {
			break
		}
		a, err := agents[s.ToMove()].Act(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
	}
	return out
}
