package scenario_test

import (
	"strings"
	"testing"

	"kartenwerk/engine/scenario"
)

// A position's counter below zero is refused at its line, unless the
// game's rules count it so (engine.SignedCounters; the five games' are
// tested in games/all). And an active seat that is no seat is refused at
// its line, as other problems of a position are.
func TestPositionProblemsHaveTheirLine(t *testing.T) {
	for _, c := range []struct {
		name, src, want string // want "" when the file is read
	}{
		{"a seat's counter below zero", "game: trick\nposition:\n  active: p1\n  seats:\n    - counters: {tricks: -5}\n    - {}\n",
			"x.yaml:5: p1.counters.tricks: counter tricks is -5, below zero"},
		{"a card's counter below zero", "game: trick\nposition:\n  active: p1\n  seats:\n    - zones:\n        hand:\n          - {card: One, counters: {marks: -1}}\n    - {}\n",
			"x.yaml:7: One counters.marks: counter marks is -1, below zero"},
		{"a shared card's counter below zero", "game: trick\nposition:\n  active: p1\n  shared:\n    pile: [{card: One, counters: {marks: -2}}]\n  seats: [{}, {}]\n",
			"x.yaml:5: One counters.marks: counter marks is -2"},
		{"zero is a count", "game: trick\nposition:\n  active: p1\n  seats:\n    - counters: {tricks: 0}\n    - {}\n", ""},
		{"an active seat that is no seat", "game: trick\nposition:\n  phase: play\n  active: p9\n  seats: [{}, {}]\n",
			`x.yaml:4: active: "p9" is not a seat (fix: write active: p1`},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, err := scenario.Parse("x.yaml", []byte(c.src))
			if err == nil {
				_, err = scenario.Run(f)
			}
			switch {
			case c.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Errorf("got %v, want an error containing %q", err, c.want)
			}
		})
	}
}
