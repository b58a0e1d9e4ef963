package tournament

import (
	"errors"
	"testing"
)

// TestRefusalsCarryTheirCodes: every refusal of an event's state or a
// result a page sends has a code and the arguments that say it in any
// language, and changes nothing. (MM-7.5: matches are best-of-3.)
func TestRefusalsCarryTheirCodes(t *testing.T) {
	swissOf := func(players ...string) *Swiss {
		s, err := NewSwiss(players, 2)
		must(t, err)
		return s
	}
	paired := func() *Swiss {
		s := swissOf("ann", "bob", "cat")
		_, err := s.PairRound()
		must(t, err)
		return s
	}
	finalPlayed := func() *Bracket {
		b, err := NewBracket([]string{"ann", "bob"})
		must(t, err)
		must(t, b.Report(1, 1, GameScore{WinsA: 2}))
		return b
	}
	twoRounds := func() *Bracket {
		b, err := NewBracket([]string{"ann", "bob", "cat", "dan"})
		must(t, err)
		must(t, b.Report(1, 1, GameScore{WinsA: 2}))
		must(t, b.Report(1, 2, GameScore{WinsA: 2}))
		_, err = b.Advance()
		must(t, err)
		return b
	}
	cases := []struct {
		name string
		act  func() error
		code string
		args map[string]any
	}{
		{"a Swiss event of one player", func() error { _, err := NewSwiss([]string{"ann"}, 1); return err }, "too_few_players", map[string]any{"n": 1}},
		{"a bracket of nobody", func() error { _, err := NewBracket(nil); return err }, "too_few_players", map[string]any{"n": 0}},
		{"a Swiss event of no rounds", func() error { _, err := NewSwiss([]string{"ann", "bob"}, 0); return err }, "no_rounds", map[string]any{"rounds": 0}},
		{"a player registered twice", func() error { _, err := NewSwiss([]string{"ann", "ann"}, 1); return err }, "registered_twice", map[string]any{"player": "ann"}},
		{"pairing while a table plays", func() error { _, err := paired().PairRound(); return err }, "round_open", map[string]any{"round": 1, "tables": "1"}},
		{"a result for a decided match", func() error {
			s := paired()
			must(t, s.Report(1, 1, GameScore{WinsA: 2}))
			return s.Report(1, 1, GameScore{WinsB: 2})
		}, "match_decided", map[string]any{"round": 1, "table": 1, "score": "2-0-0"}},
		{"a game won by a stranger", func() error { return paired().RecordGame(1, 1, "zed") }, "not_in_match", map[string]any{"player": "zed", "table": 1}},
		{"a score of three wins", func() error { return paired().Report(1, 1, GameScore{WinsA: 3}) }, "score_wins", map[string]any{"score": "3-0-0", "round": 1}},
		{"a score for both", func() error { return paired().Report(1, 1, GameScore{WinsA: 2, WinsB: 2}) }, "score_both", map[string]any{"table": 1}},
		{"a negative score", func() error { return paired().Report(1, 1, GameScore{Draws: -1}) }, "score_negative", map[string]any{"score": "0-0--1"}},
		{"four drawn games", func() error { return paired().Report(1, 1, GameScore{Draws: 4}) }, "score_draws", map[string]any{"max": 3}},
		{"a result for a round not paired", func() error { return paired().Report(3, 1, GameScore{WinsA: 2}) }, "no_round", map[string]any{"round": 3, "paired": 1}},
		{"a result for a table not there", func() error { return paired().Report(1, 9, GameScore{WinsA: 2}) }, "no_table", map[string]any{"table": 9, "tables": 2}},
		{"correcting a bye", func() error { return paired().Correct(1, 2, GameScore{WinsA: 2}, "slip") }, "bye_no_result", map[string]any{"player": "cat"}},
		{"a correction without a reason", func() error { return paired().Correct(1, 1, GameScore{WinsA: 2}, "") }, "correction_reason", map[string]any{"table": 1}},
		{"dropping a stranger", func() error { return paired().Drop("zed") }, "not_registered", map[string]any{"player": "zed"}},
		{"dropping twice", func() error { s := paired(); must(t, s.Drop("ann")); return s.Drop("ann") }, "dropped_already", map[string]any{"player": "ann"}},
		{"a cut before the last round", func() error { _, err := paired().Cut(8); return err }, "cut_too_soon", map[string]any{"paired": 1, "n": 2}},
		{"a rematch as the only pairing", func() error {
			s := swissOf("ann", "bob")
			for round := 1; round <= 2; round++ {
				if _, err := s.PairRound(); err != nil {
					return err
				}
				must(t, s.Report(round, 1, GameScore{WinsA: 2}))
			}
			_, err := s.PairRound()
			return err
		}, "no_pairing", map[string]any{"round": 2}},
		{"a round after the last", func() error {
			s, err := NewSwiss([]string{"ann", "bob"}, 1)
			must(t, err)
			_, err = s.PairRound()
			must(t, err)
			must(t, s.Report(1, 1, GameScore{WinsA: 2}))
			_, err = s.PairRound()
			return err
		}, "rounds_done", map[string]any{"n": 1}},
		{"a round with one player left", func() error {
			s := swissOf("ann", "bob")
			must(t, s.Drop("bob"))
			_, err := s.PairRound()
			return err
		}, "too_few_active", map[string]any{"n": 1}},
		{"an elimination match drawn", func() error { return openFinal(t).Report(1, 1, GameScore{WinsA: 1, WinsB: 1}) }, "elimination_draw", map[string]any{"score": "1-1-0"}},
		{"a round after the final", func() error { _, err := finalPlayed().Advance(); return err }, "bracket_over", map[string]any{"champion": "ann"}},
		{"correcting a round whose winners play on", func() error { return twoRounds().Correct(1, 1, GameScore{WinsB: 2}, "slip") }, "round_settled", map[string]any{"round": 1, "latest": 2}},
	}
	for _, c := range cases {
		err := c.act()
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: %v, want a refusal with code %s", c.name, err, c.code)
			continue
		}
		if e.Code != c.code {
			t.Errorf("%s: code %s (%v), want %s", c.name, e.Code, err, c.code)
		}
		for name, want := range c.args {
			if got := e.Arg(name); got != want {
				t.Errorf("%s: argument %s is %v, want %v (%v)", c.name, name, got, want, e.Args)
			}
		}
	}
}

// openFinal is a two-player bracket whose final is still played.
func openFinal(t *testing.T) *Bracket {
	b, err := NewBracket([]string{"ann", "bob"})
	must(t, err)
	return b
}

// TestNoPairingIsStillErrNoPairing: the refusal with its code stays the
// sentinel callers test for.
func TestNoPairingIsStillErrNoPairing(t *testing.T) {
	s, err := NewSwiss([]string{"ann", "bob"}, 2)
	must(t, err)
	_, err = s.PairRound()
	must(t, err)
	must(t, s.Report(1, 1, GameScore{WinsA: 2}))
	if _, err := s.PairRound(); !errors.Is(err, ErrNoPairing) {
		t.Errorf("a repeat pairing: %v, want ErrNoPairing", err)
	}
}
