package tournament

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// viaJSON stores and loads a record as the server would.
func viaJSON[T any](t *testing.T, record T) T {
	t.Helper()
	data, err := json.Marshal(record)
	must(t, err)
	var back T
	must(t, json.Unmarshal(data, &back))
	return back
}

// restoreAndCompare restores a stored record and checks that the restored
// state records the same data.
func restoreAndCompare[R any, E interface{ Record() R }](t *testing.T, original E, restore func(R) (E, error)) E {
	t.Helper()
	restored, err := restore(viaJSON(t, original.Record()))
	must(t, err)
	if !reflect.DeepEqual(viaJSON(t, restored.Record()), viaJSON(t, original.Record())) {
		t.Fatalf("records differ:\n%+v\n%+v", restored.Record(), original.Record())
	}
	return restored
}

// refusal is a record spoilt by edit, which restoring must refuse with an
// error containing want.
type refusal[R any] struct {
	name string
	edit func(*R)
	want string
}

func checkRefusals[R, E any](t *testing.T, sample func() R, restore func(R) (E, error), cases []refusal[R]) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			record := viaJSON(t, sample())
			c.edit(&record)
			if _, err := restore(record); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}

func sampleSwiss(t *testing.T) *Swiss {
	t.Helper()
	event, err := NewSwiss([]string{"a", "b", "c", "d", "e", "f", "g"}, 4)
	must(t, err)
	_, err = event.PairRound() // a v b, c v d, e v f, g bye
	must(t, err)
	must(t, event.Report(1, 1, GameScore{WinsA: 2, WinsB: 1}))
	must(t, event.Report(1, 2, GameScore{WinsA: 1, WinsB: 1, Draws: 1}))
	must(t, event.RecordGame(1, 3, "f"))
	must(t, event.EndMatch(1, 3))
	must(t, event.Correct(1, 1, GameScore{WinsB: 2}, "slip misread"))
	must(t, event.Drop("c"))
	_, err = event.PairRound()
	must(t, err)
	must(t, event.RecordGame(2, 1, "b")) // round 2 left open
	return event
}

func TestSwissRecordRestoresTheSameEvent(t *testing.T) {
	event := sampleSwiss(t)
	restored := restoreAndCompare(t, event, RestoreSwiss)
	if !reflect.DeepEqual(restored.Standings(), event.Standings()) {
		t.Errorf("standings differ after restoring")
	}
	for _, e := range []*Swiss{event, restored} {
		for _, m := range e.Round(2) {
			if !m.IsBye() && !m.Decided() {
				must(t, e.Report(2, m.Table, GameScore{WinsA: 2}))
			}
		}
	}
	next, err := event.PairRound()
	must(t, err)
	again, err := restored.PairRound()
	must(t, err)
	if !reflect.DeepEqual(pairing(next), pairing(again)) {
		t.Errorf("round 3 pairs %v, restored %v", pairing(next), pairing(again))
	}
}

func TestRestoreSwissRefusesBadRecords(t *testing.T) {
	checkRefusals(t, func() SwissRecord { return sampleSwiss(t).Record() }, RestoreSwiss, []refusal[SwissRecord]{
		{"stranger", func(r *SwissRecord) { r.Matches[0][0].A = "zed" }, `"zed" is not registered`},
		{"twice in a round", func(r *SwissRecord) { r.Matches[0][1].A = "a" }, `"a" plays twice`},
		{"numbering", func(r *SwissRecord) { r.Matches[1][0].Table = 5 }, "is numbered round 2 table 5"},
		{"score", func(r *SwissRecord) { r.Matches[0][0].Score = GameScore{WinsA: 3} }, "more than 2 wins"},
		{"bye score", func(r *SwissRecord) { r.Matches[0][3].Score = GameScore{} }, "a bye is 2-0-0"},
		{"open earlier round", func(r *SwissRecord) { r.Matches[0][1].Ended = false }, "round 1 has no result yet at table 2"},
		{"too many rounds", func(r *SwissRecord) { r.Rounds = 1 }, "2 rounds of matches for an event of 1"},
		{"unknown drop", func(r *SwissRecord) { r.Dropped = append(r.Dropped, "zed") }, `"zed" is not registered`},
		{"correction reason", func(r *SwissRecord) { r.Matches[0][0].Corrections[0].Reason = "" }, "without a reason"},
	})
}

func sampleBracket(t *testing.T) *Bracket {
	t.Helper()
	b, err := NewBracket([]string{"s1", "s2", "s3", "s4", "s5"})
	must(t, err)
	must(t, b.Report(1, 2, GameScore{WinsA: 1, WinsB: 2})) // s5 beats s4
	must(t, b.Correct(1, 2, GameScore{WinsA: 2, WinsB: 1}, "wrong box ticked"))
	_, err = b.Advance() // s1 v s4, s2 v s3
	must(t, err)
	must(t, b.Report(2, 1, GameScore{WinsA: 2}))
	return b
}

func TestBracketRecordRestoresTheSameBracket(t *testing.T) {
	restored := restoreAndCompare(t, sampleBracket(t), RestoreBracket)
	must(t, restored.Report(2, 2, GameScore{WinsB: 2}))
	final, err := restored.Advance()
	must(t, err)
	if got := strings.Join(pairing(final), ", "); got != "s1 v s3" {
		t.Errorf("restored bracket's final: %s", got)
	}
}

func TestRestoreBracketRefusesBadRecords(t *testing.T) {
	checkRefusals(t, func() BracketRecord { return sampleBracket(t).Record() }, RestoreBracket, []refusal[BracketRecord]{
		{"players that do not follow", func(r *BracketRecord) { r.Matches[1][0].B = "s5" }, "the bracket pairs s1 v s4"},
		{"drawn", func(r *BracketRecord) { r.Matches[1][0].Score = GameScore{WinsA: 1, WinsB: 1} }, "needs a winner"},
		{"open round then more", func(r *BracketRecord) { r.Matches[0][1].Score = GameScore{WinsA: 1}; r.Matches[0][1].Ended = false }, "no result yet"},
		{"missing table", func(r *BracketRecord) { r.Matches[1] = r.Matches[1][:1] }, "has 1 matches; the bracket has 2"},
	})
}
