package ai_test

import (
	"strings"
	"testing"

	"kartenwerk/ai"
	"kartenwerk/engine"
	"kartenwerk/engine/enginetest/trick"
)

func TestEvalParameter(t *testing.T) {
	cases := []struct{ spec, name, err string }{
		{"greedy:eval=learned", "greedy:eval=learned", ""},
		{"greedy:eval=game", "greedy", ""},
		{"greedy:decks=known,eval=learned", "greedy:decks=known,eval=learned", ""},
		{"ismcts:iters=50,horizon=2,eval=learned", "ismcts:iters=50,horizon=2,eval=learned", ""},
		{"greedy:eval=best", "", "eval=learned or eval=game"},
		{"ismcts:eval=", "", "key=value"},
	}
	for _, c := range cases {
		a, err := ai.New(c.spec, 1)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: error %v, want one saying %q", c.spec, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("%s: %v", c.spec, err)
		case c.err == "" && a.Name() != c.name:
			t.Errorf("%s: named %q, want %q", c.spec, a.Name(), c.name)
		}
	}
}

// Every game ships a learned model whose features are the game's, and
// agents that use it play whole games, the same for the same seed.
func TestLearnedEvaluationPlaysEveryGame(t *testing.T) {
	for _, g := range engine.Games() {
		t.Run(g.Info().ID, func(t *testing.T) {
			m, err := ai.LearnedModel(g.Info().ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Weights) != len(m.Features) || m.LogLoss >= m.BaseLogLoss {
				t.Fatalf("shipped model: %d weights for %d features, held-out log-loss %.3f against %.3f for a constant",
					len(m.Weights), len(m.Features), m.LogLoss, m.BaseLogLoss)
			}
			specs := []string{"greedy:eval=learned", "ismcts:iters=30,horizon=2,greedy=0.5,eval=learned"}
			first := playToEnd(t, g, specs)
			if again := playToEnd(t, g, specs); again != first {
				t.Fatalf("the same seed gave another game: %x, then %x", first, again)
			}
		})
	}
}

// playToEnd plays one game between the specs and returns the final
// state's hash.
func playToEnd(t *testing.T, g engine.Game, specs []string) uint64 {
	t.Helper()
	s, err := g.New(engine.Setup{Game: g.Info().ID, Seats: 2, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	agents := make([]ai.Agent, 2)
	for i, spec := range specs {
		if agents[i], err = ai.New(spec, uint64(i+1)); err != nil {
			t.Fatal(err)
		}
	}
	for turn := 0; turn < 5000; turn++ {
		if done, _ := s.Terminal(); done {
			return s.Hash()
		}
		a, err := agents[s.ToMove()].Act(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return s.Hash()
}

// A game without features cannot use the learned evaluation: the agent
// says so and how to do without, instead of playing on blind.
func TestLearnedEvaluationRefusesAGameWithoutFeatures(t *testing.T) {
	s, err := trick.Game{}.New(engine.Setup{Seats: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range []string{"greedy:eval=learned", "ismcts:iters=20,horizon=1,eval=learned"} {
		a, err := ai.New(spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.Act(s); err == nil || !strings.Contains(err.Error(), "eval=game") {
			t.Errorf("%s on a game without features: error %v, want one pointing to eval=game", spec, err)
		}
	}
}
