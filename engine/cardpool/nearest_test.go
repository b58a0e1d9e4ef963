package cardpool

import (
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine"
)

func TestNearestSuggestsOnlyCloseNames(t *testing.T) {
	names := []string{"Flaru", "Embrix", "Cindrik", "Fire Energy", "Aetherion's Gabe", "Ox", "Nine", "None"}
	for _, c := range []struct {
		typed, want string
	}{
		{"Flaruu", "Flaru"},                     // one letter added
		{"flaru", "Flaru"},                      // case only
		{"Blarox", ""},                          // three edits in a short name
		{"Flrau", "Flaru"},                      // two neighbours swapped: one edit
		{"Embirx", "Embrix"},                    // swapped
		{"Fire Enrgy", "Fire Energy"},           // one letter missing
		{"Aetherions Gabe", "Aetherion's Gabe"}, // apostrophe missing
		{"Atherion Gab", "Aetherion's Gabe"},    // three edits: within a third of 12
		{"Oz", ""},                              // two letters: never a guess
		{"Nne", "Nine"},                         // first of the equally near
		{"Dragon", ""},                          // nothing alike
		{"  Cindrick ", "Cindrik"},              // spaces around
	} {
		got, ok := Nearest(c.typed, slices.Values(names))
		if got != c.want || ok != (c.want != "") {
			t.Errorf("Nearest(%q) = %q, %v; want %q", c.typed, got, ok, c.want)
		}
	}
}

func TestNoSuchCardNamesTheNearestCard(t *testing.T) {
	d := engine.DeckList{Source: "mine.txt"}
	e := engine.DeckEntry{Card: "Flaruu", Count: 2, Line: 7}
	p := NoSuchCard(d, e, "mystimons", slices.Values([]string{"Embrix", "Flaru"}))
	if p.Error() != "mine.txt:7: Flaruu: no such card; did you mean Flaru? (fix: write Flaru; `kartenwerk cards mystimons` lists every card)" {
		t.Errorf("got %q", p.Error())
	}
	p = NoSuchCard(d, engine.DeckEntry{Card: "Dragon", Line: 3}, "mystimons", slices.Values([]string{"Flaru"}))
	if p.Msg != "no such card" || p.Line != 3 || p.Subject != "Dragon" {
		t.Errorf("a name like no card: %+v", p)
	}
}

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"Flaru", "flaru ", 0},
		{"Flaruu", "Flaru", 1},
		{"Falru", "Flaru", 1}, // neighbours swapped
		{"Cinder Scout", "Cinder Scoot", 1},
		{"", "abc", 3},
		{"kitten", "sitting", 3},
		{"nien", "nine", 1}, // a swap is one edit, where Levenshtein counts two
		{"wächter", "wachter", 1},
	} {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

// A line that holds a card's name as whole words, with more around it,
// suggests the longest such name; a part of a word or a name of two
// letters suggests nothing.
func TestWithinFindsANameInsideALine(t *testing.T) {
	names := []string{"Terrix", "Fire Energy", "Fire", "Ox", "Aetherion's Gabe"}
	for _, c := range []struct {
		line, want string
	}{
		{"MystiMon Terrix", "Terrix"},
		{"Terrix (Stage 1)", "Terrix"},
		{"Basic Fire Energy card", "Fire Energy"}, // the longest
		{"fire", "Fire"},
		{"Terrixa", ""}, // not a whole word
		{"Ox cart", ""}, // too short to guess
		{"the aetherion s gabe", "Aetherion's Gabe"},
		{"Dragon", ""},
	} {
		got, ok := Within(c.line, slices.Values(names))
		if got != c.want || ok != (c.want != "") {
			t.Errorf("Within(%q) = %q, %v; want %q", c.line, got, ok, c.want)
		}
	}
}

func TestNearestNamesListsCloseNamesNearestFirst(t *testing.T) {
	names := []string{"Sprout", "Spork", "Spark", "Ember Warlord", "Spore Witch", "Spark"}
	for _, c := range []struct {
		name string
		want string
	}{
		{"Sprak", "Spark, Spork"},
		{"Ember Warlrod", "Ember Warlord"},
		{"Zzzzzz", ""},
		{"the Ember Warlord card", "Ember Warlord"},
	} {
		if got := strings.Join(NearestNames(c.name, slices.Values(names), 3), ", "); got != c.want {
			t.Errorf("NearestNames(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}
