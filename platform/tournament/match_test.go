package tournament

import (
	"strings"
	"testing"
)

// MM-7.5: tournament matches are best-of-3; the first to two game wins
// takes the match.
func TestMatchOutcomeFromGames(t *testing.T) {
	cases := []struct {
		name  string
		games []string // winners in order, "" a drawn game
		end   bool
		want  Outcome
	}{
		{"no games", nil, false, Pending},
		{"one win is not enough", []string{"a"}, false, Pending},
		{"1-1 plays on", []string{"a", "b"}, false, Pending},
		{"2-0", []string{"a", "a"}, false, AWins},
		{"1-2", []string{"a", "b", "b"}, false, BWins},
		{"drawn game does not count toward two", []string{"", "a", "b", "a"}, false, AWins},
		{"time at 1-0", []string{"a"}, true, AWins},
		{"time at 0-1-1", []string{"", "b"}, true, BWins},
		{"time at 1-1", []string{"a", "b"}, true, Drawn},
		{"intentional draw 0-0-0", nil, true, Drawn},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := NewMatch("a", "b")
			for _, w := range c.games {
				if err := m.AddGame(w); err != nil {
					t.Fatal(err)
				}
			}
			if c.end {
				if err := m.End(); err != nil {
					t.Fatal(err)
				}
			}
			if got := m.Outcome(); got != c.want {
				t.Errorf("outcome %v after %v (ended %v), want %v", got, c.games, c.end, c.want)
			}
		})
	}
}

func TestMatchWinnerAndLoser(t *testing.T) {
	m := NewMatch("a", "b")
	_ = m.Report(GameScore{WinsA: 1, WinsB: 2})
	if m.Winner() != "b" || m.Loser() != "a" {
		t.Errorf("1-2: winner %q loser %q, want b and a", m.Winner(), m.Loser())
	}
	bye := NewMatch("a", "")
	if !bye.IsBye() || bye.Winner() != "a" || bye.Score != (GameScore{WinsA: 2}) {
		t.Errorf("a bye is a 2-0 win for A: %+v", bye)
	}
	drawn := NewMatch("a", "b")
	_ = drawn.Report(GameScore{WinsA: 1, WinsB: 1, Draws: 1})
	if drawn.Winner() != "" || drawn.Loser() != "" {
		t.Errorf("a drawn match has no winner or loser: %q %q", drawn.Winner(), drawn.Loser())
	}
}

func TestMatchRefusesBadRecords(t *testing.T) {
	decided := func() Match {
		m := NewMatch("a", "b")
		_ = m.Report(GameScore{WinsA: 2})
		return m
	}
	cases := []struct {
		name string
		m    Match
		do   func(*Match) error
		want string
	}{
		{"game after decision", decided(), func(m *Match) error { return m.AddGame("b") }, "already decided 2-0-0"},
		{"stranger wins", NewMatch("a", "b"), func(m *Match) error { return m.AddGame("c") }, `"c" does not play in it`},
		{"report after decision", decided(), func(m *Match) error { return m.Report(GameScore{WinsB: 2}) }, "already decided"},
		{"three wins", NewMatch("a", "b"), func(m *Match) error { return m.Report(GameScore{WinsA: 3}) }, "more than 2 wins"},
		{"both two", NewMatch("a", "b"), func(m *Match) error { return m.Report(GameScore{WinsA: 2, WinsB: 2}) }, "both sides"},
		{"negative", NewMatch("a", "b"), func(m *Match) error { return m.Report(GameScore{Draws: -1}) }, "negative"},
		{"four draws", NewMatch("a", "b"), func(m *Match) error { return m.Report(GameScore{Draws: 4}) }, "more than 3 drawn"},
		{"correct a bye", NewMatch("a", ""), func(m *Match) error { return m.Correct(GameScore{}, "x") }, "a bye"},
		{"correct without reason", decided(), func(m *Match) error { return m.Correct(GameScore{WinsB: 2}, "") }, "needs a reason"},
		{"end a decided match", decided(), (*Match).End, "already decided"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := c.m.clone()
			err := c.do(&c.m)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one containing %q", err, c.want)
			}
			if c.m.Score != before.Score || c.m.Ended != before.Ended || len(c.m.Corrections) != len(before.Corrections) {
				t.Errorf("refused change altered the match: %+v, was %+v", c.m, before)
			}
		})
	}
}

func TestMatchCorrectionKeepsTheOldScoreAndReason(t *testing.T) {
	m := NewMatch("a", "b")
	_ = m.Report(GameScore{WinsA: 2, WinsB: 1})
	if err := m.Correct(GameScore{WinsA: 1, WinsB: 2}, "players swapped on the slip"); err != nil {
		t.Fatal(err)
	}
	want := Correction{From: GameScore{2, 1, 0}, To: GameScore{1, 2, 0}, Reason: "players swapped on the slip"}
	if len(m.Corrections) != 1 || m.Corrections[0] != want || m.Winner() != "b" {
		t.Errorf("after correction: %+v, want winner b and %+v", m, want)
	}
}
