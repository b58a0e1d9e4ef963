package scenario_test

import (
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest/trick"
	"kartenwerk/engine/scenario"
)

func init() { engine.Register(trick.Game{}) }

func TestPassingScenario(t *testing.T) {
	scenario.RunFiles(t, "testdata/trick_ok.yaml")
}

func TestEveryFailedExpectationIsReported(t *testing.T) {
	res := runFile(t, "testdata/trick_wrong.yaml")
	want := []string{
		`trick_wrong.yaml:9: step 1 play c8: was accepted, but should be refused with "something"`,
		"step 2 play c0: refused: c0 is not in p2's hand",
		"step 3 to_move: is p2, expected p1",
		"step 3 p1.tricks: is 0, expected 3",
		"step 3 p1.gold: no such counter; p1 has tricks",
		"step 3 p2.hand: holds 2 cards, expected 0",
		"step 3 p1.nowhere: no such zone",
		"step 3 {Five}: is in p2.hand, expected p1.table",
		"step 3 {Five}: has value 5, expected 4",
		"step 3 winner: is none, expected p2",
		"step 3 play {Nine}: is not legal",
	}
	expectFailures(t, res, want)
}

func TestBadScenarioFiles(t *testing.T) {
	cases := map[string]string{
		"game: trick\nposition: {active: p1}\nsteps:\n  - {}\n": "step 1: a step is one of",
		"name: x\n": "names no game",
		"game: trick\nposition: {active: p1}\nstepz: []\n":                                                              `x.yaml:3: unknown field "stepz" in the scenario (fix: check the spelling against the scenario format in docs/scenarios.md`,
		"game: nope\nposition: {active: p1}\n":                                                                          "unknown game",
		"game: trick\nposition: {active: p1, seats: [{zones: {hand: [Ten]}}]}\n":                                        "Ten: no such card",
		"game: trick\nposition: {active: p1, seats: [{zones: {hand: [One]}}, {}]}\nsteps:\n  - do: play {Two}\n":        `no card named "Two"`,
		"game: trick\nstart: {}\nposition: {active: p1}\n":                                                              "either `start:` (a fresh deal) or `position:`",
		"game: trick\nsteps:\n  - expect: {to_move: p2}\n":                                                              "x.yaml:1: the scenario has neither `start:` (a fresh deal) nor `position:`",
		"game: trick\nposition: {active: p1}\nsteps:\n  - {deck: standard, do: play c1}\n":                              "step 1: a step is one of",
		"game: trick\nsteps:\n  - deck: nope\n":                                                                         "x.yaml:3: nope: no such preset (fix: use one of: standard)",
		"game: trick\nseats: 9\nstart: {decks: [standard]}\n":                                                           "x.yaml:3: start: trick takes 2 to 4 seats, not 9",
		"game: trick\nposition: {active: p1, seats: [{zones: {hand: [One]}}, {}]}\nsteps:\n  - do: play {p1.hand:#3}\n": "only 1 cards in p1.hand",
		"game: trick\nposition: {active: p1, seats: [{zones: {hand: [One]}}, {}]}\nsteps:\n  - do: play {x.hand:One}\n": `"x" is not a seat`,
		"game: trick\nposition: {active: p1, seats: [{zones: {hand: [One]}}, {}]}\nsteps:\n  - do: play {One#0}\n":      "is not a copy number",
	}
	for src, want := range cases {
		f, err := scenario.Parse("x.yaml", []byte(src))
		if err == nil {
			_, err = scenario.Run(f)
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want an error containing %q", src, err, want)
		}
	}
}

// A position problem names the scenario's file and the line of the card or
// zone it is about, though the game checked the position without a file.
func TestPositionProblemsPointAtTheirLine(t *testing.T) {
	cases := []struct{ src, want string }{
		{"game: trick\nposition:\n  active: p1\n  seats:\n    - zones:\n        hand: [One]\n    - zones:\n        hand:\n          - Two\n          - Ten\n",
			"x.yaml:10: Ten: no such card"},
		{"game: trick\nposition:\n  active: p1\n  seats:\n    - zones:\n        hand: [One]\n        attic: [Two]\n",
			"x.yaml:7: attic: no such zone"},
	}
	for _, c := range cases {
		f, err := scenario.Parse("x.yaml", []byte(c.src))
		if err == nil {
			_, err = scenario.Run(f)
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want an error containing %q", err, c.want)
		}
	}
}

// A wrong expectation of each kind fails with the file, the step's line
// and what was found.
func TestEveryNewKindOfExpectationCanFail(t *testing.T) {
	res := runFile(t, "testdata/features_wrong.yaml")
	want := []string{
		`features_wrong.yaml:9: step 1 deck: has no problem citing "TR-9"; its problems: line 2: Two: each card once (TR-2)`,
		`features_wrong.yaml:9: step 1 deck: has the problem "line 2: Two: each card once (TR-2) (fix: list it once with count 1)", which the step does not expect`,
		`features_wrong.yaml:14: step 4 log: has no entry containing "p1 plays Two" after the entries matched before it; since the previous expect the log reads "p1 plays Nine"`,
		`features_wrong.yaml:15: step 4 log: entry "p1 plays Nine" contains "Nine", expected no entry since the previous expect to`,
		`features_wrong.yaml:18: step 5 {p1.hand:Two}: is not visible to p2`,
		`features_wrong.yaml:19: step 5 {Nine}: is visible to p2, expected it hidden`,
		`features_wrong.yaml:22: step 6 p1.hand: changed by -1 since snapshot deal (2 → 1), expected +0`,
		`features_wrong.yaml:22: step 6 {Nine}.value: changed by +0 since snapshot deal (9 → 9), expected -5`,
		`features_wrong.yaml:24: step 7 {Nine}: is in p1.table, expected it not to be`,
		`features_wrong.yaml:24: step 7 {Two}: not_zone: no zone attic on the table`,
		`features_wrong.yaml:25: step 7 p1.hand: holds no Nine (Two)`,
		`features_wrong.yaml:26: step 7 p1.hand: holds Two, expected none`,
		`features_wrong.yaml:28: step 8 since: no snapshot "nowhere" before this step`,
		`features_wrong.yaml:31: step 9 as: "p5" is not a seat of this game: write p1..p2`,
	}
	expectFailures(t, res, want)
}

func runFile(t *testing.T, path string) *scenario.Result {
	t.Helper()
	f, err := scenario.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	res, err := scenario.Run(f)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// expectFailures checks that the run failed exactly as wanted: each
// wanted text is in a failure, and there are no others.
func expectFailures(t *testing.T, res *scenario.Result, want []string) {
	t.Helper()
	var got []string
	for _, p := range res.Failures {
		got = append(got, p.Error())
	}
	all := strings.Join(got, "\n")
	for _, w := range want {
		if !strings.Contains(all, w) {
			t.Errorf("missing failure %q in:\n%s", w, all)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d failures, want %d:\n%s", len(got), len(want), all)
	}
}

// A deck check matches a rule id as a whole id, and other text as words
// of a message.
func TestDeckProblemsMatchWholeRuleIDs(t *testing.T) {
	cases := []struct {
		problems string
		ok       bool
	}{
		{"[TR-2]", true},
		{"[TR-2.1]", false},
		{"[TR-3]", false},
		{"[TR-22]", false},
		{"[each card once]", true},
		{"[EACH CARD]", true},
		{"[TR-2, no such card]", false},
	}
	for _, c := range cases {
		src := "game: trick\nsteps:\n  - deck: {list: \"One\\n2 Two\\n\"}\n    problems: " + c.problems + "\n"
		f, err := scenario.Parse("x.yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		res, err := scenario.Run(f)
		if err != nil {
			t.Fatal(err)
		}
		if ok := len(res.Failures) == 0; ok != c.ok {
			t.Errorf("problems %s: passed %v, want %v (%v)", c.problems, ok, c.ok, res.Failures)
		}
	}
}
