package ai_test

import (
	"strings"
	"testing"

	"kartenwerk/ai"
	"kartenwerk/engine"
	_ "kartenwerk/games/all"
)

// Every level of every game names a valid agent that plays a game to its
// end. A search level plays here with 20 iterations a decision instead of
// its own count, which would take minutes a game: its exact spec is still
// built, and makes the first decision.
func TestEveryLevelPlaysAGame(t *testing.T) {
	for _, g := range engine.Games() {
		for _, level := range ai.Levels {
			t.Run(g.Info().ID+"/"+level, func(t *testing.T) {
				spec, err := ai.Level(g.Info().ID, level)
				if err != nil {
					t.Fatal(err)
				}
				exact, err := ai.New(spec, 1)
				if err != nil {
					t.Fatalf("level %s of %s is %q: %v", level, g.Info().ID, spec, err)
				}
				playToTheEnd(t, g, exact, quick(t, spec))
			})
		}
	}
}

// quick is the agent of spec with a short search.
func quick(t *testing.T, spec string) ai.Agent {
	name, params, err := ai.ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	if name == "ismcts" {
		params["iters"] = "20"
		delete(params, "ms")
	}
	var parts []string
	for k, v := range params {
		parts = append(parts, k+"="+v)
	}
	if len(parts) > 0 {
		name += ":" + strings.Join(parts, ",")
	}
	a, err := ai.New(name, 2)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// playToTheEnd plays a two-seat game: first's one decision, then rest for
// every seat until the game ends.
func playToTheEnd(t *testing.T, g engine.Game, first, rest ai.Agent) {
	s, err := g.New(engine.Setup{Game: g.Info().ID, Seats: g.Info().MinSeats, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	agent := first
	for steps := 0; ; steps++ {
		if done, _ := s.Terminal(); done {
			return
		}
		if steps > 20000 {
			t.Fatalf("no end after %d actions", steps)
		}
		a, err := agent.Act(s)
		if err != nil {
			t.Fatalf("action %d: %v", steps+1, err)
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("action %d refused: %v", steps+1, err)
		}
		agent = rest
	}
}

// Each level of a measured game is declared with its win rate against the
// level below, above 50% with its whole 95% interval: the levels are in
// the order their measured strength says.
func TestLevelsAreOrderedByTheirMeasuredStrength(t *testing.T) {
	for _, g := range engine.Games() {
		id := g.Info().ID
		levels := ai.LevelSettings(id)
		for i := 1; i < len(levels); i++ {
			m := levels[i].VsBelow
			switch {
			case m.Command == "":
				t.Errorf("%s: level %s (%s) has no measurement against %s", id, ai.Levels[i], levels[i].Spec, levels[i-1].Spec)
			case !(m.Rate > 0.5 && m.Low <= m.Rate && m.Rate <= m.High):
				t.Errorf("%s: level %s (%s) won %.1f%% [%.1f, %.1f] against %s: not stronger",
					id, ai.Levels[i], levels[i].Spec, 100*m.Rate, 100*m.Low, 100*m.High, levels[i-1].Spec)
			case m.Low <= 0.5:
				t.Errorf("%s: level %s (%s) won %.1f%% [%.1f, %.1f] against %s: not clearly stronger",
					id, ai.Levels[i], levels[i].Spec, 100*m.Rate, 100*m.Low, 100*m.High, levels[i-1].Spec)
			case !strings.Contains(m.Command, levels[i].Spec) || !strings.Contains(m.Command, levels[i-1].Spec):
				t.Errorf("%s: the command %q does not play %s against %s", id, m.Command, levels[i].Spec, levels[i-1].Spec)
			}
		}
	}
}

func TestLevelNamesAndErrors(t *testing.T) {
	for _, tc := range []struct {
		game, level, want string
	}{
		{"zynalith", "medium", "greedy:eval=learned"},
		{"athernum", " Medium ", "greedy"},
		{"no-such-game", "easy", "noisy:random=0.5"},
	} {
		if got, err := ai.Level(tc.game, tc.level); err != nil || got != tc.want {
			t.Errorf("Level(%q, %q) = %q, %v; want %q", tc.game, tc.level, got, err, tc.want)
		}
	}
	if _, err := ai.Level("zynalith", "expert"); err == nil || !strings.Contains(err.Error(), "easy, medium, hard") {
		t.Errorf("an unknown level gives %v, want an error listing the levels", err)
	}
	if !ai.IsLevel("hard") || ai.IsLevel("greedy") {
		t.Error("IsLevel tells levels from agent specs wrongly")
	}
}
