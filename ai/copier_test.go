package ai_test

import (
	"testing"

	"kartenwerk/ai"
	"kartenwerk/engine"
)

// withoutCopier hides a state's engine.Copier (but not its Evaluator), so
// that agents fall back to a clone per action.
type withoutCopier struct{ engine.State }

func (w withoutCopier) Evaluate(seat engine.Seat) float64 {
	return w.State.(engine.Evaluator).Evaluate(seat)
}

// Concedes passes the wrapped state's engine.Conceder on, so that random
// steps draw the same actions with and without the Copier.
func (w withoutCopier) Concedes(a engine.Action) bool {
	c, ok := w.State.(engine.Conceder)
	return ok && c.Concedes(a)
}

func (w withoutCopier) Determinize(seat engine.Seat, r *engine.RNG) engine.State {
	return withoutCopier{w.State.Determinize(seat, r)}
}

// TestCopierChangesNoDecision: trying actions on one reused copy must
// decide exactly as trying them on fresh clones, in every game, for the
// greedy agent and for greedy playouts.
func TestCopierChangesNoDecision(t *testing.T) {
	for _, g := range engine.Games() {
		s, err := g.New(engine.Setup{Game: g.Info().ID, Seats: 2, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := s.(engine.Copier); !ok {
			continue
		}
		t.Run(g.Info().ID, func(t *testing.T) {
			playout := ai.ISMCTSOptions{Iterations: 10, Exploration: 0.7, Greedy: 1}
			agents := map[string]func() ai.Agent{
				"greedy":          func() ai.Agent { return ai.NewGreedy(5) },
				"greedy playouts": func() ai.Agent { return ai.NewISMCTS(playout, 5) },
			}
			for step := 0; step < 40; step++ {
				if done, _ := s.Terminal(); done {
					break
				}
				for name, newAgent := range agents {
					copied, err1 := newAgent().Act(s)
					cloned, err2 := newAgent().Act(withoutCopier{s})
					if err1 != nil || err2 != nil || copied != cloned {
						t.Fatalf("step %d, %s: %v (%v) with Copier, %v (%v) without", step, name, copied, err1, cloned, err2)
					}
				}
				a, _ := ai.NewGreedy(uint64(step)).Act(s)
				if err := s.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}
