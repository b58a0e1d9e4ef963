package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
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

// TestTournamentSeatsBelongToTheirPlayers: a tournament game's seat is
// its player's account's: its token plays it only logged in as that
// account. Logged out, as the opponent or as another account, reading
// the seat, acting and opening the table are refused, naming the player
// to log in as; watching the game stays open to anyone.
func TestTournamentSeatsBelongToTheirPlayers(t *testing.T) {
	e, f, id, g := cupUnderway(t)
	player01, mallory := f.players["player01"], e.player("mallory")
	var st StateMsg
	_, raw := player01.expect(http.StatusOK, "GET", "/api/games/"+g.ID+"?token="+g.Token, nil)
	if err := json.Unmarshal([]byte(raw), &st); err != nil || len(st.Controls) != 1 || st.Controls[0] != g.Seat {
		t.Fatalf("player01 reading their seat controls %v (%v), want %v", st.Controls, err, g.Seat)
	}
	for who, h := range map[string]http.Header{"logged out": nil, "the opponent": f.players["player02"].seatHeader(), "another account": mallory.seatHeader()} {
		code, body := e.callWith(h, "GET", "/api/games/"+g.ID+"?token="+g.Token, nil, nil)
		checkSeatRefused(t, who+" reading player01's seat", code, body, "player01", g.Token)
		code, body = e.callWith(h, "POST", "/api/games/"+g.ID+"/actions", ActionRequest{Token: g.Token, Action: st.Legal[0].Action}, nil)
		checkSeatRefused(t, who+" acting for player01", code, body, "player01", g.Token)
		code, refused := dialRefused(t, e.testEnv, g.ID, g.Token, h)
		raw, _ := json.Marshal(refused)
		checkSeatRefused(t, who+" opening player01's table", code, string(raw), "player01", g.Token)
	}
	if st := e.state(g.ID, ""); st.Version != 0 || len(st.Controls) != 0 {
		t.Errorf("a spectator's state: version %d, controls %v; want the game unmoved, watched", st.Version, st.Controls)
	}
	e.dial(g.ID, "").next("state")
	if m := e.dialAs(g.ID, g.Token, player01.seatHeader()).next("state"); len(m["controls"].([]any)) != 1 {
		t.Errorf("player01's own table controls %v", m["controls"])
	}
	// Each player plays their own seat, logged in.
	theirs := f.players["player02"].match(id).Games[0]
	var tokens [2]string
	var as [2]http.Header
	tokens[g.Seat], as[g.Seat] = g.Token, player01.seatHeader()
	tokens[theirs.Seat], as[theirs.Seat] = theirs.Token, f.players["player02"].seatHeader()
	playFirstLegal(e.testEnv, g.ID, tokens, as)
	playFirstLegal(e.testEnv, g.ID, tokens, as)
	if st := e.state(g.ID, ""); st.Version != 2 {
		t.Errorf("after a move of each player the game is at version %d, want 2", st.Version)
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
	// The seat is player01's: the tab is logged in as player01.
	session := network.SetCookieParams{Name: sessionCookie, Value: f.players["player01"].sessionToken(), URL: e.http.URL + "/"}
	if _, err := chromedp.Call(tab, network.SetCookie, session); err != nil {
		t.Fatal(err)
	}
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
