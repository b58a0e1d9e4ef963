package companion

import (
	"errors"
	"maps"
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// table starts a table of game with players joined.
func table(t *testing.T, game string, players ...string) *Table {
	t.Helper()
	tb, err := New("t1", game)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range players {
		do(t, tb, 0, Command{Verb: "join", Arg: p})
	}
	return tb
}

// do applies a command and fails the test on a refusal.
func do(t *testing.T, tb *Table, by int, cmd Command) Event {
	t.Helper()
	ev, err := tb.Do(by, "", cmd, t0)
	if err != nil {
		t.Fatalf("%+v: %v", cmd, err)
	}
	return ev
}

// refused applies a command that must be refused, and checks the table
// is unchanged.
func refused(t *testing.T, tb *Table, by int, cmd Command) error {
	t.Helper()
	before, seq := tb.State(), tb.Seq()
	_, err := tb.Do(by, "", cmd, t0)
	if err == nil {
		t.Fatalf("%+v was accepted, want a refusal", cmd)
	}
	if tb.Seq() != seq || !maps.Equal(before, tb.State()) {
		t.Fatalf("the refused %+v changed the table", cmd)
	}
	return err
}

// hasNote tells whether an event or hint list carries a note code.
func hasNote(notes []Note, code string) bool {
	for _, n := range notes {
		if n.Code == code {
			return true
		}
	}
	return false
}

func noteOf(notes []Note, code, target string) (Note, bool) {
	for _, n := range notes {
		if n.Code == code && (target == "" || n.Target == target) {
			return n, true
		}
	}
	return Note{}, false
}

func needsConfirm(err error) bool {
	var nc *NeedsConfirm
	return errors.As(err, &nc)
}

func lower(s string) string { return strings.ToLower(s) }
