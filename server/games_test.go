package server

import (
	"net/http"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest/trick"
)

// renamedTrick is trick under another name, so a test can tell the
// instance a server was given from the registered one.
type renamedTrick struct{ trick.Game }

func (g renamedTrick) Info() engine.Info {
	i := g.Game.Info()
	i.Name = "Trick with test cards"
	return i
}

func TestServerOffersOnlyItsGames(t *testing.T) {
	e := newEnv(t)
	me := e.create(friendGame("mysticelements"))
	e.games = []engine.Game{renamedTrick{}}
	e.restart()

	var cat struct{ Games []GameInfo }
	if code, body := e.call("GET", "/api/catalog", nil, &cat); code != http.StatusOK || len(cat.Games) != 1 || cat.Games[0].Name != "Trick with test cards" {
		t.Fatalf("catalog of a server given one game: %d %s", code, body)
	}
	code, body := e.call("POST", "/api/games", friendGame("mysticelements"), nil)
	if code != http.StatusBadRequest || !strings.Contains(body, `unknown game \"mysticelements\": this server offers trick`) {
		t.Errorf("creating a game not offered: %d %s", code, body)
	}
	if code, body := e.call("GET", "/api/catalog/mysticelements/cards", nil, nil); code != http.StatusNotFound {
		t.Errorf("cards of a game not offered: %d %s", code, body)
	}
	code, body = e.call("GET", "/api/games/"+me.ID+"?token="+me.Token, nil, nil)
	if code != http.StatusNotFound || !strings.Contains(body, "does not offer") || !strings.Contains(body, "--game mysticelements") {
		t.Errorf("resuming a stored game not offered: %d %s", code, body)
	}
	tr := e.create(friendGame("trick"))
	if st := e.state(tr.ID, tr.Token); st.Name != "Trick with test cards" {
		t.Errorf("a created game plays the registered game %q, not the one the server was given", st.Name)
	}
	playHTTP(e, tr, 100)
	e.restart()
	var r ReplayMsg
	if code, body := e.call("GET", "/api/games/"+tr.ID+"/replay?step=3", nil, &r); code != http.StatusOK || r.Name != "Trick with test cards" {
		t.Errorf("a replay looks the game up elsewhere: %d %s", code, body)
	}
	if st := e.state(tr.ID, tr.Token); st.Name != "Trick with test cards" || !st.Finished {
		t.Errorf("a resumed game looks the game up elsewhere: %q finished %v", st.Name, st.Finished)
	}
}

func TestServerRefusesABadGameList(t *testing.T) {
	for _, tc := range []struct {
		games []engine.Game
		want  string
	}{
		{[]engine.Game{}, "Config.Games is empty"},
		{[]engine.Game{trick.Game{}, renamedTrick{}}, "lists game trick twice"},
		{[]engine.Game{nil}, "Config.Games[0] is nil"},
	} {
		if _, err := New(Config{Store: nopStore{}, Games: tc.games}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New with %d games: %v, want an error saying %q", len(tc.games), err, tc.want)
		}
	}
}

// nopStore is a Store for tests that never reach it.
type nopStore struct{ Store }
