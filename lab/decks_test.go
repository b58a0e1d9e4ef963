package lab

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine"
)

// presetText is a game's first preset as a pasted deck list.
func presetText(t *testing.T, game string) string {
	t.Helper()
	g, err := engine.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	section := ""
	for _, e := range g.Presets()[0].Entries {
		if e.Section != section {
			section = e.Section
			fmt.Fprintf(&b, "%s:\n", section)
		}
		fmt.Fprintf(&b, "%d %s\n", e.Count, e.Card)
	}
	return b.String()
}

// withList is a quick run whose every seat plays list: Mystic Elements
// with shared colours, so that both seats may play one deck (ME-8.2).
func withList(list string) Spec {
	s := quick(4)
	s.Lists = []string{list}
	s.Variant = map[string]string{"colours": "shared"}
	return s
}

// A pasted list is played, kept with the run's inputs so that a repeat
// plays it again, and a list with problems is refused before the run is
// queued, each problem at its line, in the reader's language.
func TestPastedDeckListsAreCheckedAtTheirLines(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	good := presetText(t, "mysticelements")
	run, status, eb := c.submit(withList(good))
	if status != http.StatusAccepted {
		t.Fatalf("a preset's cards pasted: %d %s %+v", status, eb.Error, eb.Problems)
	}
	if done := c.wait(run.ID); done.Status != Done || len(done.Spec.Lists) != 1 || done.Spec.Lists[0] != good {
		t.Fatalf("the run ended %s keeping lists %q", done.Status, done.Spec.Lists)
	}
	bad := strings.Replace(good, "1 Wolf Pack\n", "1 Wolf Pak\n", 1) + "0 Sapling\n"
	lines := strings.Count(good, "\n")
	english := ""
	for _, lang := range []string{"en", "de", "cs"} {
		c.lang = lang
		s := withList("")
		s.Lists = []string{good, bad}
		_, status, eb := c.submit(s)
		if status != http.StatusBadRequest || eb.Key != "lab.err_list" || !strings.Contains(eb.Error, "2") {
			t.Fatalf("%s: a list with an unknown card and a zero count: %d %s %q", lang, status, eb.Key, eb.Error)
		}
		at := map[int]string{}
		for _, p := range eb.Problems {
			if p.Seat != 2 {
				t.Errorf("%s: a problem of player 2's list is put at seat %d", lang, p.Seat)
			}
			at[p.Line] = p.Message
			if p.Line == 2 && (!strings.Contains(p.Fix, "/cards/mysticelements") || strings.Contains(p.Fix, "kartenwerk")) {
				t.Errorf("%s: the misspelt card's fix %q should point to the card list /cards/mysticelements, not the command line", lang, p.Fix)
			}
		}
		if at[2] == "" || at[lines+1] == "" {
			t.Errorf("%s: problems at lines %v, want the misspelt card at 2 and the zero count at %d", lang, at, lines+1)
		}
		if lang == "en" {
			english = at[lines+1]
		} else if at[lines+1] == english {
			t.Errorf("%s: the zero count's problem stays English: %q", lang, english)
		}
	}
}

// A list is checked against the run's cards: a card the edited file
// adds may be listed, and is unknown without the edit.
func TestPastedListsUseTheEditedCards(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	var setup GameSetup
	c.do("GET", "/api/lab/games/athernum", nil, &setup)
	ember := ""
	for _, f := range setup.CardFiles {
		if f.Name == "ember.yaml" {
			ember = f.YAML
		}
	}
	preset := presetText(t, "athernum")
	first, _, _ := strings.Cut(preset, "\n")
	count, _, _ := strings.Cut(first, " ")
	list := strings.Replace(preset, first, count+" Ash Herald", 1)
	s := Spec{Game: "athernum", Games: 2, Agents: []string{"random"}, Lists: []string{list}}
	if _, status, eb := c.submit(s); status != http.StatusBadRequest || len(eb.Problems) == 0 || eb.Problems[0].Line != 1 || eb.Problems[0].Subject != "Ash Herald" {
		t.Fatalf("Ash Herald with the shipped cards: %d %s %+v", status, eb.Error, eb.Problems)
	}
	herald := "cards:\n  - {name: Ash Herald, type: character, faction: ember, cost: 1, ofv: 2, dfv: 1}\n"
	s.CardFile, s.Cards = "ember.yaml", strings.Replace(ember, "cards:\n", herald, 1)
	if _, status, eb := c.submit(s); status != http.StatusAccepted {
		t.Fatalf("Ash Herald added by the edited file: %d %s %+v", status, eb.Error, eb.Problems)
	}
}

func TestOversizedAndMiscountedListsAreRefused(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	huge := strings.Repeat("1 Sapling # a long comment to fill the list\n", 500)
	if _, status, eb := c.submit(withList(huge)); status != http.StatusRequestEntityTooLarge || eb.Key != "lab.err_list_size" {
		t.Errorf("a 22 KiB list: %d %s", status, eb.Key)
	}
	three := Spec{Game: "mysticelements", Games: 4, Seats: 2, Lists: []string{"1 Sapling", "1 Sapling", "1 Sapling"}}
	if _, status, eb := c.submit(three); status != http.StatusBadRequest || eb.Key != "lab.err_per_seat" {
		t.Errorf("three lists for two seats: %d %s", status, eb.Key)
	}
	half := Spec{Game: "mysticelements", Games: 4, Seats: 2, Lists: []string{presetText(t, "mysticelements"), ""}}
	if _, status, eb := c.submit(half); status != http.StatusBadRequest || eb.Key != "lab.err_deck_missing" {
		t.Errorf("a list for one seat of two, no preset for the other: %d %s", status, eb.Key)
	}
}

// A logged-in designer plays their own saved decks, which the run keeps
// as lists; another's deck is as good as none, a deck of another game
// and a designer not logged in are refused.
func TestSavedDecksAreTheirOwnersOnly(t *testing.T) {
	good := presetText(t, "mysticelements")
	saved := map[string]map[string]SavedDeck{
		"anna": {"d1": {Game: "mysticelements", Name: "Anna's forest", List: good}, "d2": {Game: "athernum", Name: "Anna's knights", List: "3 Squire\n"}},
		"ben":  {"d3": {Game: "mysticelements", Name: "Ben's", List: good}},
	}
	reads := 0
	l, err := New(Config{Games: engine.Games(),
		Who: func(_ http.ResponseWriter, r *http.Request) (string, string) {
			return r.Header.Get("X-Account"), "192.0.2.1"
		},
		SavedDeck: func(_ context.Context, account, id string) (SavedDeck, error) {
			reads++
			if d, ok := saved[account][id]; ok {
				return d, nil
			}
			return SavedDeck{}, ErrNoDeck
		}})
	if err != nil {
		t.Fatal(err)
	}
	srv := serve(t, l)
	anna, stranger := newClient(t, srv, "anna"), newClient(t, srv, "")
	s := withList("")
	s.Lists, s.Saved = nil, []string{"d1"}
	run, status, eb := anna.submit(s)
	if status != http.StatusAccepted {
		t.Fatalf("anna's own deck: %d %s %+v", status, eb.Error, eb.Problems)
	}
	if len(run.Spec.Saved) != 0 || len(run.Spec.Lists) != 1 || !strings.HasPrefix(run.Spec.Lists[0], good) ||
		!strings.Contains(run.Spec.Lists[0], "name: Anna's forest") {
		t.Errorf("the run keeps saved %q and lists %q, want the deck's list and name", run.Spec.Saved, run.Spec.Lists)
	}
	s.Saved = slices.Repeat([]string{"d1"}, 1000)
	before := reads
	if _, status, eb := anna.submit(s); status != http.StatusBadRequest || eb.Key != "lab.err_per_seat" || reads != before {
		t.Errorf("a thousand saved decks: %d %s after %d reads, want 400 before any is read", status, eb.Key, reads-before)
	}
	for _, tc := range []struct {
		who    *client
		id     string
		status int
		key    string
	}{
		{anna, "d3", http.StatusNotFound, "lab.err_saved_deck"},
		{anna, "nope", http.StatusNotFound, "lab.err_saved_deck"},
		{anna, "d2", http.StatusBadRequest, "lab.err_saved_game"},
		{stranger, "d1", http.StatusUnauthorized, "lab.err_saved_login"},
	} {
		s.Saved = []string{tc.id}
		if _, status, eb := tc.who.submit(s); status != tc.status || eb.Key != tc.key {
			t.Errorf("deck %s by %q: %d %s, want %d %s", tc.id, tc.who.account, status, eb.Key, tc.status, tc.key)
		}
	}
}
