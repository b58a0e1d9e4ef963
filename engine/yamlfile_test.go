package engine

import "testing"

// An entry's problems point at the line of the field they are about, and
// at the entry's own line when the field is not written or none is named.
func TestEntryProblemsPointAtTheirLines(t *testing.T) {
	src := "cards:\n  - name: Terrix\n    hp: 40\n  - name: Pebble\n    hp: x\n"
	var v map[string]any
	f, err := DecodeYAML("earth.yaml", []byte(src), &v)
	if err != nil {
		t.Fatal(err)
	}
	e := EntryProblems{File: f, At: "$.cards[1]", Subject: "Pebble"}
	e.Add("hp", "hp must be a whole number", "write digits")
	e.Add("basic", "a MystiMon needs a Basic Attack", "add `basic: ...`")
	e.Add("", "the card is too strong", "weaken it")
	for i, want := range []int{5, 4, 4} {
		if p := e.List[i]; p.Line != want || p.File != "earth.yaml" || p.Subject != "Pebble" {
			t.Errorf("problem %d: %+v, want earth.yaml line %d about Pebble", i, p, want)
		}
	}
}
