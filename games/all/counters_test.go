package all_test

import (
	"strings"
	"testing"

	"kartenwerk/engine/scenario"
)

// TestSignedCounters: a scenario's position may set below zero only the
// counters a game's rules count so (engine.SignedCounters); any other
// counter below zero is refused at its line.
func TestSignedCounters(t *testing.T) {
	for _, c := range []struct {
		name, src string
		refused   string // "" when the counter is no reason to refuse the file
	}{
		{"ML-7.2: Micro-Life's life below zero", "game: microlife\nposition:\n  active: p1\n  seats:\n    - counters: {life: -2}\n    - {}\n", ""},
		{"ML-7.1: Micro-Life's sugar is a count", "game: microlife\nposition:\n  active: p1\n  seats:\n    - counters: {sugar: -2}\n    - {}\n", "x.yaml:5: p1.counters.sugar: counter sugar is -2"},
		{"ZY-7.1: Zynalith's HP below zero", "game: zynalith\nposition:\n  active: p1\n  seats:\n    - counters: {hp: -3}\n    - {}\n", ""},
		{"Zynalith's VP are a count", "game: zynalith\nposition:\n  active: p1\n  seats:\n    - counters: {vp: -5}\n    - {}\n", "x.yaml:5: p1.counters.vp: counter vp is -5"},
		{"ME-2.8: a Mystic Elements card's net tokens", "game: mysticelements\nposition:\n  active: p1\n  seats:\n    - zones: {battle: [{card: Sapling, counters: {tokens: -1}}]}\n    - {}\n", ""},
		{"a MystiMons seat's energy is a count", "game: mystimons\nposition:\n  active: p1\n  seats:\n    - counters: {pool.fire: -1}\n    - {}\n", "counter pool.fire is -1, below zero"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, err := scenario.Parse("x.yaml", []byte(c.src))
			if err == nil {
				_, err = scenario.Run(f)
			}
			switch {
			case c.refused == "" && err != nil && strings.Contains(err.Error(), "below zero"):
				t.Errorf("refused for a counter the rules count below zero: %v", err)
			case c.refused != "" && (err == nil || !strings.Contains(err.Error(), c.refused)):
				t.Errorf("got %v, want an error containing %q", err, c.refused)
			}
		})
	}
}
