package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kartenwerk/engine"
)

// recordedTrick plays a trick game in the terminal and returns the path of
// its record.
func recordedTrick(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "rec.json")
	if _, _, err := run(t, strings.Repeat("play c0\n1\n", 9), "play", "trick", "--seed", "5", "--record", path); err != nil {
		t.Fatal(err)
	}
	return path
}

// A record replays action by action as the chosen seat saw it, ends
// where the record says, and --to stops early.
func TestReplayShowsEachActionAndTheTable(t *testing.T) {
	path := recordedTrick(t)
	out, _, err := run(t, "", "replay", path, "--seat", "p1")
	if err != nil {
		t.Fatalf("replay: %v\n%s", err, out)
	}
	if !strings.Contains(out, "  18. ") || strings.Contains(out, "  19. ") {
		t.Errorf("want 18 numbered actions:\n%s", out)
	}
	if !strings.Contains(out, "GAME OVER") || !strings.Contains(out, "\nGame over: ") {
		t.Errorf("the table after the last action does not show how the game ended:\n%s", out)
	}
	out, _, err = run(t, "", "replay", path, "--to", "3", "--json")
	var v engine.View
	if err != nil || json.Unmarshal([]byte(out), &v) != nil {
		t.Fatalf("replay --to 3 --json: %v\n%s", err, out)
	}
	if v.Result != nil || v.Viewer != engine.NoSeat {
		t.Errorf("after 3 actions as a spectator: result %v, viewer %v", v.Result, v.Viewer)
	}
}

// What a seat did not see stays hidden in its replay: p2 does not see
// the card p1 leads before it is played, p1 does.
func TestReplayHidesWhatTheSeatDidNotSee(t *testing.T) {
	path := recordedTrick(t)
	mine, _, err := run(t, "", "replay", path, "--seat", "p1", "--to", "0")
	if err != nil {
		t.Fatal(err)
	}
	theirs, _, err := run(t, "", "replay", path, "--seat", "p2", "--to", "0")
	if err != nil {
		t.Fatal(err)
	}
	// p1's hand as p1 sees it: the lines under "p1 (you)" up to its deck.
	p1 := mine[strings.Index(mine, "p1 (you)"):]
	p1 = p1[:strings.Index(p1, "deck:")]
	cards := strings.Split(strings.TrimSpace(p1[strings.Index(p1, "hand (3):")+len("hand (3):"):]), "\n")
	if len(cards) != 3 {
		t.Fatalf("p1 sees %d cards in its hand, want 3:\n%s", len(cards), mine)
	}
	for _, c := range cards {
		if strings.Contains(theirs, strings.TrimSpace(c)) {
			t.Errorf("p2's replay shows p1's card %q:\n%s", strings.TrimSpace(c), theirs)
		}
	}
	if !strings.Contains(theirs, "p1  tricks 0\n  hand: 3") {
		t.Errorf("p2's replay does not count p1's hand:\n%s", theirs)
	}
}

// A file that is not a record, or does not replay, is refused with what
// is wrong and where.
func TestReplayRefusesBadRecords(t *testing.T) {
	dir := t.TempDir()
	good := recordedTrick(t)
	var rec engine.Record
	data, _ := os.ReadFile(good)
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	write := func(name string, r any) string {
		p := filepath.Join(dir, name)
		var b []byte
		if s, ok := r.(string); ok {
			b = []byte(s)
		} else {
			b, _ = json.Marshal(r)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	illegal := rec
	illegal.Actions = append([]string{rec.Actions[0]}, rec.Actions...) // the same card twice
	tampered := rec
	tampered.Hash++
	chess := rec
	chess.Setup.Game = "chess"
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"not JSON", []string{write("a.json", "hello")}, "is not a game record"},
		{"an unknown field", []string{write("b.json", `{"setup": {"game": "trick", "seats": 2}, "moves": []}`)}, `unknown field "moves"`},
		{"trailing data", []string{write("c.json", string(data)+" {}")}, "more after the record"},
		{"a trailing bracket", []string{write("c2.json", string(data)+"]")}, "more after the record"},
		{"no game", []string{write("d.json", `{"actions": []}`)}, "names no game"},
		{"an unknown game", []string{write("e.json", chess)}, `unknown game "chess"`},
		{"an illegal action", []string{write("f.json", illegal)}, "action 2 "},
		{"a changed hash", []string{write("g.json", tampered)}, "the rules or cards have changed"},
		{"a changed hash, as JSON", []string{write("g2.json", tampered), "--json"}, "the rules or cards have changed"},
		{"--to beyond the end", []string{good, "--to", "99"}, "the record has 18 actions"},
		{"--to below 0", []string{good, "--to", "-3"}, "--to -3: give how many actions to replay, from 0 to 18"},
		{"a seat the game lacks", []string{good, "--seat", "p3"}, "has 2 seats"},
		{"a seat that is no seat names all too", []string{good, "--seat", "bob"}, `--seat "bob" is not a seat: write p1 to p2, spectator, or all (every hidden card)`},
		{"a seat the game lacks names all too", []string{good, "--seat", "p3"}, "write p1 to p2, spectator, or all"},
		{"no such file", []string{filepath.Join(dir, "none.json")}, "no such file"},
	} {
		_, _, err := run(t, "", append([]string{"replay"}, c.args...)...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
	}
}
