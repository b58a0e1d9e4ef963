package companion

import (
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"
)

// The log keeps every change in order with who made it; undo appends the
// inverse event, and an undone event cannot be undone twice.
func TestLogOrderAndUndo(t *testing.T) {
	tb := table(t, "microlife", "Ada", "Ben")
	do(t, tb, 0, Command{Verb: "add", Target: "p1.sugar", N: 2})
	ev := do(t, tb, 1, Command{Verb: "add", Target: "p1.life", N: -3})
	do(t, tb, 0, Command{Verb: "add", Target: "p1.life", N: -1})
	if st := tb.State(); st["p1.life"] != "6" || st["p1.sugar"] != "2" {
		t.Fatalf("state %v", st)
	}
	undo := do(t, tb, 0, Command{Verb: "undo", Seq: ev.Seq})
	if undo.Undoes != ev.Seq || undo.Seq != 6 || undo.By != 0 || tb.State()["p1.life"] != "9" {
		t.Errorf("undo of event %d: %+v, life %q (want 9: the later -1 stays)", ev.Seq, undo, tb.State()["p1.life"])
	}
	refused(t, tb, 0, Command{Verb: "undo", Seq: ev.Seq})
	refused(t, tb, 0, Command{Verb: "undo", Seq: 99})
	refused(t, tb, 0, Command{Verb: "undo", Seq: 1}) // a join
	do(t, tb, 1, Command{Verb: "undo", Seq: undo.Seq})
	if tb.State()["p1.life"] != "6" {
		t.Errorf("undoing the undo: life %q, want 6", tb.State()["p1.life"])
	}
	var by []int
	for i, e := range tb.Log() {
		if e.Seq != i+1 {
			t.Fatalf("event %d has sequence %d", i+1, e.Seq)
		}
		by = append(by, e.By)
	}
	if want := []int{0, 1, 0, 1, 0, 0, 1}; !slices.Equal(by, want) {
		t.Errorf("who made each event: %v, want %v", by, want)
	}
}

// A table loaded from its log is the table that wrote it.
func TestLoadReplaysTheLog(t *testing.T) {
	tb := mmTable(t)
	do(t, tb, 0, Command{Verb: "attach", Target: "p1.m1", Arg: "fire", N: 3})
	do(t, tb, 0, Command{Verb: "evolve", Target: "p1.m1", Arg: "Flaru"})
	do(t, tb, 0, Command{Verb: "end-turn"})
	again, err := Load(tb.ID, tb.Game, tb.Log())
	if err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(again.State(), tb.State()) || again.Seq() != tb.Seq() {
		t.Errorf("loaded %v, want %v", again.State(), tb.State())
	}
	bad := append([]Event(nil), tb.Log()...)
	bad[2].Seq = 7
	if _, err := Load(tb.ID, tb.Game, bad); err == nil {
		t.Error("a log out of order loaded")
	}
	if _, err := New("x", "chess"); err == nil {
		t.Error("a table of an unknown game started")
	}
}

// Two phones change counters offline; when they sync, the server applies
// their queued commands in the order they arrive, each relative to the
// table as it is then, so both edits count; a command sent twice (its
// answer lost) applies once.
func TestOfflineEditsMergeInServerOrder(t *testing.T) {
	tb := table(t, "athernum", "Ada", "Ben")
	do(t, tb, 0, Command{Verb: "add", Target: "pool", N: 9})
	// Both phones saw pool 9. Ada's phone, offline, queues two changes;
	// Ben's, offline, one; Ben's reaches the server first.
	ben := []Command{{Verb: "add", Target: "pool", N: -1}}
	ada := []Command{{Verb: "add", Target: "pool", N: -2}, {Verb: "set", Target: "p1.initiative", Arg: "3"}}
	for i, c := range ben {
		if _, err := tb.Do(1, "ben-"+itoa(i), c, t0); err != nil {
			t.Fatal(err)
		}
	}
	for i, c := range ada {
		if _, err := tb.Do(0, "ada-"+itoa(i), c, t0); err != nil {
			t.Fatal(err)
		}
	}
	// Ada's phone did not hear back and sends its queue again.
	for i, c := range ada {
		if _, err := tb.Do(0, "ada-"+itoa(i), c, t0); err != nil {
			t.Fatal(err)
		}
	}
	// A second set of the same key: the later in server order wins.
	if _, err := tb.Do(1, "ben-9", Command{Verb: "set", Target: "p1.initiative", Arg: "5"}, t0); err != nil {
		t.Fatal(err)
	}
	st := tb.State()
	if st["pool"] != "6" || st["p1.initiative"] != "5" || tb.Seq() != 7 {
		t.Errorf("after syncing: pool %s (want 6), initiative %s (want 5), %d events (want 7)", st["pool"], st["p1.initiative"], tb.Seq())
	}
}

// Every text of a command (its op id, verb, target and arg) is at most
// MaxText bytes: a longer one is refused, with its code, before the table
// keeps it, whatever the verb (add ignores arg, join trims it); the texts
// the pages send fit.
func TestLongCommandTextsAreRefused(t *testing.T) {
	tb := table(t, "mystimons", "Ada")
	long := strings.Repeat("x", MaxText+1)
	for _, c := range []struct {
		op  string
		cmd Command
	}{
		{long, Command{Verb: "add", Target: "p1.hp", N: 1}},
		{"", Command{Verb: "add", Target: "p1.hp", Arg: long, N: 1}},
		{"", Command{Verb: "add", Target: "p1." + long, N: 1}},
		{"", Command{Verb: "join", Arg: "Bo" + strings.Repeat(" ", 60000)}},
		{"", Command{Verb: long}},
		{"", Command{Verb: "summon", Target: "p1", Arg: strings.Repeat("Embirx ", 10)}},
	} {
		before, seq := tb.State(), tb.Seq()
		_, err := tb.Do(0, c.op, c.cmd, t0)
		var r *Refusal
		if !errors.As(err, &r) || r.Code != "text_length" {
			t.Errorf("op of %d bytes, verb %.12q, target %d bytes, arg %d bytes: %v, want a text_length refusal", len(c.op), c.cmd.Verb, len(c.cmd.Target), len(c.cmd.Arg), err)
		}
		if tb.Seq() != seq || !maps.Equal(before, tb.State()) {
			t.Fatalf("the refused command changed the table")
		}
	}
	// What the pages send fits: a UUID op, a key and a name.
	if _, err := tb.Do(0, "0b9f5c1e-7d5a-4c1e-9a51-2f6f9c0d8e7a", Command{Verb: "add", Target: "p1.hp", N: 1}, t0); err != nil {
		t.Fatal(err)
	}
	do(t, tb, 0, Command{Verb: "set", Target: "p1.note", Arg: strings.Repeat("y", MaxText)})
}
