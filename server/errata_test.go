package server

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
	"kartenwerk/engine/i18n"
)

// athernumWithErratum is Athernum in which Ember Warlord loses its VP
// field from 2026-12-01, and with it its place among the start cards
// (AT-3.2).
func athernumWithErratum(t *testing.T) engine.Game {
	t.Helper()
	g, _ := engine.Lookup("athernum")
	f, err := cardpool.EditCard(g.(engine.CardSource).CardFiles(), "Ember Warlord", map[string]any{
		"versions": []any{map[string]any{"from": "2026-12-01", "vp": 0, "errata": "VP field removed."}}})
	if err != nil {
		t.Fatal(err)
	}
	changed, err := g.(engine.CardOverrider).WithCards(fstest.MapFS{f.Name: {Data: f.Data}})
	if err != nil {
		t.Fatal(err)
	}
	return changed
}

// warlordStarts counts the start-card choices naming Ember Warlord.
func warlordStarts(m StateMsg) int {
	n := 0
	for _, a := range m.Legal {
		if strings.Contains(a.Label, "Ember Warlord") {
			n++
		}
	}
	return n
}

// TestGameStartedBeforeAnErratumKeepsItsTexts: a game begun before an
// erratum resumes after a restart, and plays on, with the texts it began
// with; a game begun after it plays the new ones.
func TestGameStartedBeforeAnErratumKeepsItsTexts(t *testing.T) {
	day := "2026-11-20"
	e := &testEnv{t: t, db: t.TempDir() + "/g.db", games: []engine.Game{athernumWithErratum(t)},
		tune: func(c *Config) { c.Today = func() string { return day } }}
	e.start()
	t.Cleanup(e.stop)
	ember := CreateRequest{Game: "athernum", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindFriend}},
		Decks: []DeckRequest{{Preset: "Ember Assault"}, {Preset: "Ember Assault"}}}
	before := e.create(ember)
	m := e.state(before.ID, before.Token)
	if m.CardsDate != "2026-11-20" || warlordStarts(m) == 0 {
		t.Fatalf("before the erratum: cards of %q, %d Ember Warlord starts; want the day's texts, with Ember Warlord a start card", m.CardsDate, warlordStarts(m))
	}
	day = "2026-12-05"
	e.restart()
	m = e.state(before.ID, before.Token)
	if m.CardsDate != "2026-11-20" || warlordStarts(m) == 0 {
		t.Fatalf("resumed after the erratum: cards of %q, %d Ember Warlord starts; want the old texts", m.CardsDate, warlordStarts(m))
	}
	for _, a := range m.Legal {
		if strings.Contains(a.Label, "Ember Warlord") {
			if code, body := e.call("POST", "/api/games/"+before.ID+"/actions", ActionRequest{Token: before.Token, Action: a.Action}, nil); code != http.StatusOK {
				t.Fatalf("choosing Ember Warlord under the old texts: %d %s", code, body)
			}
			break
		}
	}
	e.restart() // the resumed record holds a choice only the old texts allow
	if m := e.state(before.ID, before.Token); m.Version != 1 {
		t.Fatalf("after a second restart the game is at move %d, want 1", m.Version)
	}
	after := e.create(ember)
	if m := e.state(after.ID, after.Token); m.CardsDate != "2026-12-05" || warlordStarts(m) != 0 {
		t.Errorf("a game begun after the erratum: cards of %q, %d Ember Warlord starts; want none", m.CardsDate, warlordStarts(m))
	}
	var old, now []engine.CardInfo
	e.call("GET", "/api/catalog/athernum/cards?at=2026-11-20", nil, &old)
	e.call("GET", "/api/catalog/athernum/cards", nil, &now)
	if warlord(old) == warlord(now) {
		t.Errorf("the card list at the game's day and today read alike: %q", warlord(now))
	}
	var errata struct {
		Today  string
		Errata []engine.Erratum
	}
	e.call("GET", "/api/catalog/athernum/errata", nil, &errata)
	if errata.Today != "2026-12-05" || len(errata.Errata) != 1 || errata.Errata[0].From != "2026-12-01" {
		t.Errorf("errata: %+v", errata)
	}
	if code, _ := e.call("GET", "/api/catalog/athernum/cards?at=soon", nil, nil); code != http.StatusBadRequest {
		t.Errorf("cards at a badly written day: %d, want 400", code)
	}
}

func warlord(cards []engine.CardInfo) string {
	for _, c := range cards {
		if c.Name == "Ember Warlord" {
			return c.Text + " " + statsOf(c)
		}
	}
	return ""
}

func statsOf(c engine.CardInfo) string {
	var b strings.Builder
	for _, s := range c.Stats {
		fmt.Fprintf(&b, "%s=%d ", s.Name, s.Value)
	}
	return b.String()
}

// TestCardPageShowsTheTextsOfADayAndTheErrata: /cards/{game}?at=DAY shows
// the card texts in force that day, in the reader's language, and the
// errata marked in force or not yet.
func TestCardPageShowsTheTextsOfADayAndTheErrata(t *testing.T) {
	e := &testEnv{t: t, db: t.TempDir() + "/g.db", games: []engine.Game{athernumWithErratum(t)},
		tune: func(c *Config) { c.Today = func() string { return "2026-11-20" } }}
	e.start()
	t.Cleanup(e.stop)
	get := func(path string) string {
		req, _ := http.NewRequest("GET", e.http.URL+path, nil)
		req.Header.Set("Accept-Language", "de")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var b strings.Builder
		io.Copy(&b, res.Body)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d %s", path, res.StatusCode, b.String())
		}
		return b.String()
	}
	before, after := get("/cards/athernum"), get("/cards/athernum?at=2026-12-02")
	for _, c := range []struct {
		page string
		want []string
	}{
		{before, []string{"am 20.11.2026 gelten", "gilt noch nicht", "VP field removed.", "Siegpunkte-Feld 5"}},
		{after, []string{"am 02.12.2026 gelten", "(gilt)"}},
	} {
		for _, w := range c.want {
			if !strings.Contains(c.page, w) {
				t.Errorf("the card page lacks %q", w)
			}
		}
	}
	for l, want := range map[i18n.Lang]string{i18n.DE: "02.12.2026", i18n.CS: "2.\u00a012.\u00a02026", i18n.EN: "2\u00a0December\u00a02026"} {
		if got := dayIn(l, "2026-12-02"); got != want {
			t.Errorf("2026-12-02 in %v reads %q, want %q", l, got, want)
		}
	}
	if i := strings.Index(after, ">Ember Warlord<"); i < 0 || strings.Contains(after[i:i+400], "Siegpunkte-Feld 5") {
		t.Error("after the erratum Ember Warlord still shows its VP field")
	}
}
