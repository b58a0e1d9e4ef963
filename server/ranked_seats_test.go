package server

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// TestRankedSeatsBelongToTheirAccounts: a ranked seat's link, passed on,
// plays nothing: the state with the seat's hand, the actions and the
// table's WebSocket all want the seat's token and a session of its
// account. Logged out, logged in as the opponent or as a third account,
// the token is refused, in the reader's words naming the account to log
// in as and never the token; the WebSocket is refused before it opens.
// Watching wants neither and stays open to all, and the owner plays.
func TestRankedSeatsBelongToTheirAccounts(t *testing.T) {
	e := newRankedEnv(t, nil)
	alice, bob, carol := e.player("alice"), e.player("bob"), e.player("carol")
	id, tokens, as := e.pairUp(alice, bob)
	mover := e.state(id, "").View.ToMove
	tok, owner := tokens[mover], "alice"
	other := as[1-mover] // the opponent, whose own seat is the other one
	if status(bob).Match.Seat == mover {
		owner = "bob"
	}
	legal := func() string {
		var st StateMsg
		if code, body := e.callWith(as[mover], "GET", "/api/games/"+id+"?token="+tok, nil, &st); code != http.StatusOK || len(st.Legal) == 0 {
			t.Fatalf("the owner reading their seat: %d %s", code, body)
		}
		if len(st.Controls) != 1 || st.Controls[0] != mover {
			t.Fatalf("the owner controls %v, want their seat %v", st.Controls, mover)
		}
		return st.Legal[0].Action
	}
	action := legal()

	for _, c := range []struct {
		who    string
		header http.Header
	}{
		{"logged out", nil},
		{"the opponent", other},
		{"a third account", carol.seatHeader()},
		{"a forged session", http.Header{"Cookie": {sessionCookie + "=" + strings.Repeat("x", 43)}, csrfHeader: {csrfToken(strings.Repeat("x", 43))}}},
		// The header a replica marks a forwarded action with vouches for
		// nothing.
		{"one claiming to be a replica", http.Header{forwardedHeader: {"replica"}}},
	} {
		code, body := e.callWith(c.header, "GET", "/api/games/"+id+"?token="+tok, nil, nil)
		checkSeatRefused(t, c.who+" reading the seat", code, body, owner, tok)
		code, body = e.callWith(c.header, "POST", "/api/games/"+id+"/actions", ActionRequest{Token: tok, Action: action}, nil)
		checkSeatRefused(t, c.who+" acting", code, body, owner, tok)
		h := c.header.Clone()
		if h == nil {
			h = http.Header{}
		}
		h.Set("X-Seat-Token", tok) // the token as a header, not in the address
		code, body = e.callWith(h, "GET", "/api/games/"+id, nil, nil)
		checkSeatRefused(t, c.who+" reading the seat with the token in a header", code, body, owner, tok)
		code, refused := dialRefused(t, e.testEnv, id, tok, c.header)
		raw, _ := json.Marshal(refused)
		checkSeatRefused(t, c.who+" opening the table", code, string(raw), owner, tok)
	}
	if st := e.state(id, ""); st.Version != 0 {
		t.Fatalf("refused actions moved the game to version %d", st.Version)
	}

	// The refusal in each language.
	texts := map[i18n.Lang]string{}
	for _, l := range []i18n.Lang{i18n.EN, i18n.DE, i18n.CS} {
		code, body := e.callWith(http.Header{"Accept-Language": {l.String()}}, "GET", "/api/games/"+id+"?token="+tok, nil, nil)
		texts[l] = checkRefusalIn(t, "a ranked seat's token without its account", l, code, body, "seat_other_account")
		if !strings.Contains(texts[l], owner) {
			t.Errorf("in %s the refusal does not name %s: %q", l, owner, texts[l])
		}
	}
	checkNotEnglish(t, "a ranked seat's token without its account", texts)

	// Spectators, logged in or not, watch as before.
	if st := e.state(id, ""); st.Viewer != engine.NoSeat || len(st.Controls) != 0 {
		t.Errorf("a logged-out spectator sees as %v controlling %v", st.Viewer, st.Controls)
	}
	watcher := e.dialAs(id, "", carol.seatHeader())
	watcher.next("state")
	// A spectator's connection sending the seat's token is refused too,
	// logged in as another account or not at all.
	anon := e.dial(id, "")
	anon.next("state")
	for who, ws := range map[string]*wsClient{"carol watching": watcher, "a logged-out watcher": anon} {
		ws.send(`{"type":"act","token":"` + tok + `","action":"` + action + `"}`)
		if m := ws.next("error"); m["code"] != "seat_other_account" || strings.Contains(m["error"].(string), tok) {
			t.Errorf("%s acting with the seat's token: %v, want seat_other_account", who, m)
		}
	}
	if st := e.state(id, ""); st.Version != 0 {
		t.Fatalf("actions over a spectator's connection moved the game to version %d", st.Version)
	}

	// The owner plays over the WebSocket, logged in.
	mine := e.dialAs(id, tok, as[mover])
	if m := mine.next("state"); len(m["controls"].([]any)) != 1 {
		t.Fatalf("the owner's table controls %v", m["controls"])
	}
	mine.send(`{"type":"act","token":"` + tok + `","action":"` + action + `"}`)
	waitFor(t, "the owner's action", func() bool { return e.state(id, "").Version == 1 })

	// A session that ended plays no more, on the open table either.
	seat := mover
	for e.state(id, "").View.ToMove != seat {
		e.move(id, tokens, as)
	}
	action = legal()
	ownerBrowser := alice
	if owner == "bob" {
		ownerBrowser = bob
	}
	ownerBrowser.expect(http.StatusOK, "POST", "/api/logout", nil)
	v := e.state(id, "").Version
	mine.send(`{"type":"act","token":"` + tok + `","action":"` + action + `"}`)
	if m := mine.next("error"); m["code"] != "seat_other_account" {
		t.Errorf("acting on the open table after logging out: %v, want seat_other_account", m)
	}
	code, body := e.callWith(as[mover], "POST", "/api/games/"+id+"/actions", ActionRequest{Token: tok, Action: action}, nil)
	checkSeatRefused(t, "the owner's ended session acting", code, body, owner, tok)
	if got := e.state(id, "").Version; got != v {
		t.Errorf("actions after the owner logged out moved the game from version %d to %d", v, got)
	}
}

// checkSeatRefused checks an answer refusing a seat that belongs to the
// account owner: 403 seat_other_account, naming owner, not the token.
func checkSeatRefused(t *testing.T, what string, code int, body, owner, token string) {
	t.Helper()
	var got httpErrorBody
	json.Unmarshal([]byte(body), &got)
	if code != http.StatusForbidden || got.Code != "seat_other_account" {
		t.Errorf("%s: %d %s, want 403 seat_other_account", what, code, body)
		return
	}
	if !strings.Contains(got.Error, "log in as "+owner) {
		t.Errorf("%s: %q does not say to log in as %s", what, got.Error, owner)
	}
	if strings.Contains(body, token) {
		t.Errorf("%s: the refusal shows the seat's token: %s", what, body)
	}
}

// dialRefused opens a table's WebSocket that the server must refuse, and
// returns the status and refusal it answers instead of opening it.
func dialRefused(t *testing.T, e *testEnv, id, token string, header http.Header) (int, httpErrorBody) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(e.http.URL, "http") + "/api/games/" + id + "/ws?token=" + token
	conn, res, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: header})
	var refused httpErrorBody
	if err == nil {
		conn.CloseNow()
		t.Errorf("the table's WebSocket opened for token %q: want it refused", token)
		return http.StatusSwitchingProtocols, refused
	}
	if res == nil {
		t.Fatalf("opening the table: %v, and no answer", err)
	}
	json.NewDecoder(res.Body).Decode(&refused)
	return res.StatusCode, refused
}

// TestSeatsOfNoAccountPlayByTheirTokenAlone: casual seats (and the seats
// of games stored before seats were bound to accounts, which carry no
// account) are played with the token alone, logged in or not.
func TestSeatsOfNoAccountPlayByTheirTokenAlone(t *testing.T) {
	e := newAccountEnv(t, nil)
	alice := e.browser()
	alice.signup("alice", alicePassword)
	_, raw := alice.expect(http.StatusCreated, "POST", "/api/games", firstFriendGame())
	var game CreateResponse
	json.Unmarshal([]byte(raw), &game)
	friend := tokenOfSeat(game, 1)
	if st := e.state(game.ID, friend); len(st.Controls) != 1 {
		t.Errorf("a friend's link, logged out, controls %v", st.Controls)
	}
	e.playOne(game) // the creator's seat, logged out
	if res, body := alice.do("GET", "/api/games/"+game.ID+"?token="+friend, nil); res.StatusCode != http.StatusOK {
		t.Errorf("a friend's link, logged in as the creator's account: %d %s", res.StatusCode, body)
	}
	e.dial(game.ID, friend).next("state")

	var stored []SeatConfig
	if err := json.Unmarshal([]byte(`[{"kind":"ranked","token":"t1"},{"kind":"ranked","token":"t2"}]`), &stored); err != nil {
		t.Fatal(err)
	}
	if err := e.srv.mayHold(t.Context(), stored, seatsOf(stored, "t2"), ""); err != nil {
		t.Errorf("a seat stored without an account, logged out: %v", err)
	}
}
