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

// TestNoSuchCardFixNamesThePlaceTheReaderIsIn checks that an unknown
// card's fix names the command `kartenwerk cards GAME` at the command line
// and the server's card list /cards/GAME on a page, in every language.
func TestNoSuchCardFixNamesThePlaceTheReaderIsIn(t *testing.T) {
	d := engine.DeckList{Source: "deck"}
	names := slices.Values([]string{"Flaru", "Bubblit"})
	for _, card := range []string{"Flaruu", "Zzzzzzzz"} {
		p := cardpool.NoSuchCard(d, engine.DeckEntry{Card: card, Count: 1, Line: 2}, "mystimons", names)
		for _, l := range i18n.Langs {
			for _, tc := range []struct {
				where     string
				said      engine.Problem
				want, not string
			}{
				{"command line", p.In(l, nil), "`kartenwerk cards mystimons`", "/cards/mystimons"},
				{"page", engine.Problems{p}.OnPage(l, nil)[0], "/cards/mystimons", "kartenwerk"},
			} {
				if !strings.Contains(tc.said.Fix, tc.want) || strings.Contains(tc.said.Fix, tc.not) {
					t.Errorf("%s, %s, %s: fix %q should name %s and not %s", card, l, tc.where, tc.said.Fix, tc.want, tc.not)
				}
				if tc.said.Msg != p.In(l, nil).Msg {
					t.Errorf("%s, %s, %s: message %q differs from the command line's", card, l, tc.where, tc.said.Msg)
				}
			}
		}
	}
}

// TestOnPageKeepsTheFixWithoutAPageWording checks that a problem whose
// catalogue has no page wording keeps its one fix on a page.
func TestOnPageKeepsTheFixWithoutAPageWording(t *testing.T) {
	_, err := engine.ParseDeckList("deck", "", strings.NewReader("0 Fire Drake"))
	p := err.(engine.Problems)[0]
	if got, want := p.OnPage(i18n.DE, nil), p.In(i18n.DE, nil); got.Msg != want.Msg || got.Fix != want.Fix || got.Fix == "" {
		t.Errorf("OnPage = %q (fix %q), want %q (fix %q)", got.Msg, got.Fix, want.Msg, want.Fix)
	}
}
