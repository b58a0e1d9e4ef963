package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

func presetList(t *testing.T, e *testEnv, game string) string {
	t.Helper()
	g, err := e.srv.games.lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	return deckText(g.Presets()[0])
}

// TestDeckTrialLimits: one running batch per account, a few for the
// server; beyond either, 429 with Retry-After and a message that says
// what to do.
func TestDeckTrialLimits(t *testing.T) {
	e := newAccountEnv(t, nil)
	alice := e.browser()
	alice.signup("alice", alicePassword)
	req := TrialRequest{Game: "mysticelements", List: presetList(t, e.testEnv, "mysticelements"), Games: 10}
	held, _, _ := e.srv.trials.start(e.accountID("alice"), Trial{ID: "held", Games: 200})
	res, raw := alice.do("POST", "/api/deck-tests", req)
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" || !strings.Contains(raw, "a test of yours is running (0 of 200 games played)") {
		t.Errorf("a second batch while one runs: %d %s, want 429 saying one runs", res.StatusCode, raw)
	}
	e.srv.trials.finish(held, Trial{})
	for i := range trialsAtOnce {
		e.srv.trials.start(fmt.Sprintf("other-%d", i), Trial{ID: fmt.Sprintf("other-%d", i), Games: 10})
	}
	res, raw = alice.do("POST", "/api/deck-tests", req)
	if res.StatusCode != http.StatusTooManyRequests || !strings.Contains(raw, "the most it tests at once") {
		t.Errorf("a batch over the server's cap: %d %s, want 429", res.StatusCode, raw)
	}
}

// TestDeckTrialPlaysAndReports plays a small batch through the API and
// checks that its figures add up.
func TestDeckTrialPlaysAndReports(t *testing.T) {
	e := newAccountEnv(t, nil)
	alice, bob := e.browser(), e.browser()
	alice.signup("alice", alicePassword)
	bob.signup("bob", bobPassword)
	bad := TrialRequest{Game: "mysticelements", List: "1 No Such Card"}
	if res, raw := alice.do("POST", "/api/deck-tests", bad); res.StatusCode != http.StatusBadRequest || !strings.Contains(raw, "problems") {
		t.Errorf("an illegal deck: %d %s, want 400 with its problems", res.StatusCode, raw)
	}
	tooMany := TrialRequest{Game: "mysticelements", List: presetList(t, e.testEnv, "mysticelements"), Games: trialMaxGames + 1}
	if res, raw := alice.do("POST", "/api/deck-tests", tooMany); res.StatusCode != http.StatusBadRequest || !strings.Contains(raw, "out of range") {
		t.Errorf("too many games: %d %s, want 400", res.StatusCode, raw)
	}
	_, raw := alice.expect(http.StatusAccepted, "POST", "/api/deck-tests", TrialRequest{Game: "mysticelements", List: tooMany.List, Games: 12})
	var tr Trial
	json.Unmarshal([]byte(raw), &tr)
	bob.expect(http.StatusNotFound, "GET", "/api/deck-tests/"+tr.ID, nil)
	waitFor(t, "the batch to finish", func() bool {
		_, raw = alice.expect(http.StatusOK, "GET", "/api/deck-tests/"+tr.ID, nil)
		tr = Trial{}
		json.Unmarshal([]byte(raw), &tr)
		return tr.Done
	})
	played := 0
	for _, o := range tr.Opponents {
		played += o.Games
		if o.Preset == tr.Deck || len(tr.Itself) != 1 || o.Preset == tr.Itself[0] {
			t.Errorf("the batch played %s, which is the deck itself (%q)", o.Preset, tr.Itself)
		}
	}
	w := tr.WinRate
	if tr.Error != "" || tr.Played != 12 || played != 12 || tr.Wins+tr.Draws > 12 || w.Low > w.Rate || w.Rate > w.High || w.Method != "wilson-by-deal" || w.N <= 0 {
		t.Errorf("finished batch %s: want 12 games over the presets, a rate inside its interval over deals", raw)
	}
	alice.expect(http.StatusAccepted, "POST", "/api/deck-tests", TrialRequest{Game: "mysticelements", List: tooMany.List, Games: 10})
}

func TestSplitDealsGivesWholeDealsToEveryOpponent(t *testing.T) {
	cases := []struct {
		games, opponents, seats int
		want                    []int
	}{
		{100, 3, 2, []int{34, 34, 32}},
		{101, 1, 2, []int{100}},
		{10, 4, 2, []int{4, 2, 2, 2}},
		{2, 3, 2, []int{2, 2, 2}}, // at least one deal each
		{12, 2, 3, []int{6, 6}},
	}
	for _, c := range cases {
		if got := splitDeals(c.games, c.opponents, c.seats); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("splitDeals(%d, %d, %d) = %v, want %v", c.games, c.opponents, c.seats, got, c.want)
		}
	}
}

// TestTrialDoesNotPlayTheDeckAgainstItself: a preset that lists the
// same cards as the deck (the one it was built from, in any order) is not
// played, since a deck against itself wins exactly half of the mirrored
// deals, an interval of no width; the test names it apart. A deck that
// may meet only itself (Zynalith's shared stacks, Micro-Life's fixed
// starter) is refused in the reader's language.
func TestTrialDoesNotPlayTheDeckAgainstItself(t *testing.T) {
	for _, game := range []string{"mysticelements", "athernum", "mystimons"} {
		g, _ := engine.Lookup(game)
		deck := g.Presets()[0]
		deck.Name = "Mine"
		slices.Reverse(deck.Entries)
		view, err := planTrial(g, deck, 40, i18n.DE)
		if err != nil {
			t.Fatalf("%s: %v", game, err)
		}
		if fmt.Sprint(view.Itself) != "["+g.Presets()[0].Name+"]" {
			t.Errorf("%s: the test names %q as the deck itself, want %s", game, view.Itself, g.Presets()[0].Name)
		}
		for _, o := range view.opponents {
			if sameCards(o, deck) {
				t.Errorf("%s: the test plays the deck against %s, its own list", game, o.Name)
			}
		}
	}
	for _, game := range []string{"zynalith", "microlife"} {
		g, _ := engine.Lookup(game)
		_, err := planTrial(g, g.Presets()[0], 40, i18n.DE)
		var r *refusal
		if !errors.As(err, &r) || r.code != "trial_only_itself" || !strings.Contains(r.In(i18n.DE), "Gegen sich selbst gewinnt") {
			t.Errorf("%s: a deck that meets only itself: %v, want trial_only_itself in German", game, err)
		}
	}
}

// TestTrialPlaysAsRankedGamesDo: the deck builder's test plays the
// readings of ranked games and tournaments, where each player brings a
// deck of their own, and says so: a blue Mystic Elements deck meets every
// preset, the blue ones too (ME-10.2), not only the one of other colours
// the exclusive reading leaves; the page's words name the reading.
func TestTrialPlaysAsRankedGamesDo(t *testing.T) {
	for _, c := range []struct {
		game     string
		readings []string
	}{{"mysticelements", []string{"Farben: geteilt"}}, {"athernum", nil}} {
		g, err := engine.Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		deck := g.Presets()[0]
		view, err := planTrial(g, deck, 40, i18n.DE)
		if err != nil {
			t.Fatal(err)
		}
		if len(view.opponents)+len(view.Itself) != len(g.Presets()) || len(view.Skipped) != 0 {
			t.Errorf("%s's %s meets %d of %d presets and itself %q (skipped: %q)", c.game, deck.Name, len(view.opponents), len(g.Presets()), view.Itself, view.Skipped)
		}
		if fmt.Sprint(view.Readings) != fmt.Sprint(c.readings) {
			t.Errorf("%s: the test says it plays %q, want %q", c.game, view.Readings, c.readings)
		}
	}
}
