package engine

import "testing"

func TestContainsWordFindsWholeWordsOnly(t *testing.T) {
	for _, c := range []struct {
		text, word string
		want       bool
	}{
		{"One strikes", "One", true},
		{"the zone", "one", false},
		{"someone and one", "one", true},
		{"Feuer-Drache", "Feuer", true},
		{"Feuerdrache", "Feuer", false},
		{"", "x", false},
		{"x", "", false},
	} {
		if got := ContainsWord(c.text, c.word); got != c.want {
			t.Errorf("ContainsWord(%q, %q) = %v, want %v", c.text, c.word, got, c.want)
		}
	}
}

func TestIndexFoldIgnoresCase(t *testing.T) {
	names := []string{"Feuer", "Wasser", "feuer"}
	for _, c := range []struct {
		word string
		want int
	}{{"Feuer", 0}, {"FEUER", 0}, {"wasser", 1}, {"Erde", -1}, {"", -1}, {"Wasse", -1}} {
		if got := IndexFold(names, c.word); got != c.want {
			t.Errorf("IndexFold(%q) = %d, want %d", c.word, got, c.want)
		}
	}
	if got := IndexFold(nil, "x"); got != -1 {
		t.Errorf("IndexFold(nil) = %d, want -1", got)
	}
}
