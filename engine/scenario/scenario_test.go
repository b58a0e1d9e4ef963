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
	f, err := scenario.Load("testdata/trick_wrong.yaml")
	if err != nil {
		t.Fatal(err)
	}
	res, err := scenario.Run(f)
	if err != nil {
		t.Fatal(err)
	}
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

func TestBadScenarioFiles(t *testing.T) {
	cases := map[string]string{
		"game: trick\nposition: {active: p1}\nsteps:\n  - {}\n": "step 1: a step is either",
		"name: x\n": "names no game",
		"game: trick\nposition: {active: p1}\nstepz: []\n":                                                       "unknown field",
		"game: nope\nposition: {active: p1}\n":                                                                   "unknown game",
		"game: trick\nposition: {active: p1, seats: [{zones: {hand: [Ten]}}]}\n":                                 "Ten: no such card",
		"game: trick\nposition: {active: p1, seats: [{zones: {hand: [One]}}, {}]}\nsteps:\n  - do: play {Two}\n": `no card named "Two"`,
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
