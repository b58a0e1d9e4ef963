package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kartenwerk/internal/browsertest"
)

// TestTournamentGamesNameTheirPlayers: a tournament game's seats carry
// the players' usernames and the tournament, which no display name a
// table sends replaces; the game has no rematch, for its match goes on
// at the tournament.
func TestTournamentGamesNameTheirPlayers(t *testing.T) {
	e, f, id, g := cupUnderway(t)
	read := func() StateMsg {
		var st StateMsg
		_, raw := f.players["player01"].expect(http.StatusOK, "GET", "/api/games/"+g.ID+"?token="+g.Token, nil)
		if err := json.Unmarshal([]byte(raw), &st); err != nil {
			t.Fatal(err)
		}
		return st
	}
	check := func(when string) {
		st := read()
		var names []string
		for _, s := range st.Seats {
			names = append(names, s.Name)
			if s.Event != id {
				t.Errorf("%s: seat %v's event is %q, want the tournament %q", when, s.Seat, s.Event, id)
			}
		}
		if fmt.Sprint(names) != "[player01 player02]" && fmt.Sprint(names) != "[player02 player01]" {
			t.Errorf("%s: the seats are named %q, want the players' usernames", when, names)
		}
	}
	check("as the round begins")
	s, err := e.srv.session(t.Context(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	s.mu.Lock()
	s.setNamesLocked(seatsOf(s.seats, g.Token), "Mallory")
	s.mu.Unlock()
	check("after a table sent its display name")

	f.playRound(t, id, 1)
	res, body := f.players["player01"].do("POST", "/api/games/"+g.ID+"/rematch", map[string]string{"token": g.Token})
	var refused httpErrorBody
	json.Unmarshal([]byte(body), &refused)
	if res.StatusCode != http.StatusBadRequest || refused.Code != "rematch_tournament" {
		t.Errorf("a rematch of a tournament game: %d %s, want 400 rematch_tournament", res.StatusCode, body)
	}
}

// TestBrowserTournamentGameLeadsBackToTheTournament: a finished
// tournament game's table names its players and marks them as playing a
// tournament, and its result leads back to the tournament, not to a
// rematch.
func TestBrowserTournamentGameLeadsBackToTheTournament(t *testing.T) {
	e, f, id, g := cupUnderway(t)
	f.playRound(t, id, 1)

	tab := browsertest.NewWithin(t, 2*time.Minute)
	if err := chromedp.Do(tab, chromedp.Navigate(e.http.URL+"/play/"+g.ID+"?token="+g.Token+"&lang=de"), chromedp.WaitVisible("#result-box")); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(tab, chromedp.Evaluate[map[string]any](`({
		back: (document.querySelector("#to-tournament") || {}).href || "",
		rematch: !!document.querySelector("#rematch"),
		text: document.body.innerText,
	})`))
	if err != nil {
		t.Fatal(err)
	}
	if back, _ := got["back"].(string); !strings.HasSuffix(back, "/tournaments/"+id+"?lang=de") {
		t.Errorf("the result leads to %q, want the tournament %s", back, id)
	}
	if got["rematch"] == true {
		t.Error("a tournament game's result offers a rematch")
	}
	text, _ := got["text"].(string)
	for _, want := range []string{"player01", "player02", "Turnier", "Zurück zum Turnier"} {
		if !strings.Contains(text, want) {
			t.Errorf("the finished tournament table does not say %q:\n%s", want, text)
		}
	}
	shoot(t, tab, "tournament-game-end-de")
}

// cupUnderway is a one-round Swiss cup of two players whose round has
// begun, with player01's first game.
func cupUnderway(t *testing.T) (*tourneyEnv, field, string, GameLink) {
	t.Helper()
	e := newTourneyEnv(t)
	org := e.organiser("orga")
	_, raw := org.expect(http.StatusCreated, "POST", "/api/tournaments", TournamentRequest{Name: "Cup", Game: tourneyGame, Format: FormatSwiss, Rounds: 1})
	var created TournamentView
	json.Unmarshal([]byte(raw), &created)
	f := e.enter(created.ID, 2)
	org.expect(http.StatusOK, "POST", "/api/tournaments/"+created.ID+"/rounds", nil)
	m := f.players["player01"].match(created.ID)
	if m == nil || len(m.Games) == 0 {
		t.Fatalf("player01 has no game: %+v", m)
	}
	return e, f, created.ID, m.Games[0]
}
