package engine_test

import (
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
	"kartenwerk/engine/enginetest"
	"kartenwerk/engine/i18n"
)

// TestDeckListProblemsSpeakEveryLanguage reads each kind of bad deck
// list and checks its problems in German and Czech.
func TestDeckListProblemsSpeakEveryLanguage(t *testing.T) {
	for _, tc := range []struct{ name, list, key string }{
		{"count out of range", "120 Fire Drake", "deck.count_range"},
		{"no cards", "# nothing yet\nname: Empty", "deck.empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := engine.ParseDeckList("deck", "", strings.NewReader(tc.list))
			ps, ok := err.(engine.Problems)
			if !ok || len(ps) != 1 || ps[0].Key != tc.key {
				t.Fatalf("want one problem %s, got %v", tc.key, err)
			}
			enginetest.CheckProblemLanguages(t, i18n.Shared, ps)
		})
	}
}

// TestNoSuchCardSpeaksEveryLanguage checks the unknown-card problem, with
// and without a near name, in German and Czech.
func TestNoSuchCardSpeaksEveryLanguage(t *testing.T) {
	d := engine.DeckList{Source: "deck"}
	names := slices.Values([]string{"Flaru", "Bubblit"})
	for _, card := range []string{"Flaruu", "Zzzzzzzz"} {
		p := cardpool.NoSuchCard(d, engine.DeckEntry{Card: card, Count: 1, Line: 2}, "mystimons", names)
		enginetest.CheckProblemLanguages(t, i18n.Shared, []engine.Problem{p})
	}
}

// TestProblemInKeepsUnkeyedProblems checks that a problem without a key
// (a card file's, for designers) stays English in every language.
func TestProblemInKeepsUnkeyedProblems(t *testing.T) {
	p := engine.Problem{Msg: "bad cost", Fix: "write a number"}
	if got := p.In(i18n.DE, i18n.Shared); got.Msg != p.Msg || got.Fix != p.Fix {
		t.Errorf("In(DE) = %+v, want it unchanged", got)
	}
}

// TestProblemInRendersGerman checks one rendering word for word.
func TestProblemInRendersGerman(t *testing.T) {
	_, err := engine.ParseDeckList("deck", "", strings.NewReader("0 Fire Drake"))
	ps := err.(engine.Problems).In(i18n.DE, nil)
	if want := "die Anzahl 0 liegt nicht zwischen 1 und 99"; ps[0].Msg != want {
		t.Errorf("Msg = %q, want %q", ps[0].Msg, want)
	}
	if err.(engine.Problems)[0].Msg != "count 0 is out of range 1..99" {
		t.Errorf("the English problem changed: %q", err.(engine.Problems)[0].Msg)
	}
}
