package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"kartenwerk/engine"
)

// playHTTP plays legal[0] for whoever is to move until the game ends or
// max actions are played, and returns every body the server sent.
func playHTTP(e *testEnv, resp CreateResponse, max int) []string {
	var bodies []string
	for i := 0; i < max; i++ {
		st := e.state(resp.ID, resp.Token)
		if st.Finished {
			return bodies
		}
		tok := tokenOfSeat(resp, st.View.ToMove)
		mine := e.state(resp.ID, tok)
		if len(mine.Legal) == 0 {
			e.t.Fatalf("seat %v to move has no legal actions", st.View.ToMove)
		}
		v := mine.Version
		code, body := e.call("POST", "/api/games/"+resp.ID+"/actions", ActionRequest{Token: tok, Action: mine.Legal[0].Action, Version: &v}, nil)
		if code != http.StatusOK {
			e.t.Fatalf("action %q: %d %s", mine.Legal[0].Action, code, body)
		}
		bodies = append(bodies, body)
	}
	return bodies
}

func TestGameOverHTTPToTheEndAndReplay(t *testing.T) {
	e := newEnv(t)
	resp := e.create(friendGame("trick"))
	bodies := playHTTP(e, resp, 100)
	st := e.state(resp.ID, resp.Token)
	if !st.Finished || st.View.Result == nil {
		t.Fatalf("game not finished after %d actions", len(bodies))
	}
	if st.Version != 18 {
		t.Errorf("a two-seat trick game has 18 plays, the server counted %d", st.Version)
	}
	var r ReplayMsg
	if code, body := e.call("GET", "/api/games/"+resp.ID+"/replay?seat=p1&step=5", nil, &r); code != http.StatusOK {
		t.Fatalf("replay: %d %s", code, body)
	}
	if r.Step != 5 || r.Steps != 18 || len(r.Log) != 5 || r.View.Viewer != 0 {
		t.Errorf("replay step 5 as p1: got step %d/%d, %d log lines, viewer %v", r.Step, r.Steps, len(r.Log), r.View.Viewer)
	}
	// The deal is random, and a trick game may end drawn: the replay's
	// outcome must be the table's, whichever it is.
	if r.Outcome == nil || !reflect.DeepEqual(*r.Outcome, *st.View.Result) {
		t.Errorf("replay step 5 says the game ended %+v, the table %+v", r.Outcome, st.View.Result)
	}
	if code, _ := e.call("GET", "/api/games/"+resp.ID+"/replay?seat=p9", nil, nil); code != http.StatusBadRequest {
		t.Errorf("replay as p9: status %d, want 400", code)
	}
	// The seed never leaves the server.
	g, _ := e.store.LoadGame(context.Background(), resp.ID)
	seed := fmt.Sprint(g.Setup.Seed)
	for _, b := range append(bodies, fmt.Sprint(r)) {
		if strings.Contains(b, seed) {
			t.Fatalf("a response contains the seed %s", seed)
		}
	}
}

func TestReplayOnlyWhenFinished(t *testing.T) {
	e := newEnv(t)
	resp := e.create(friendGame("trick"))
	code, body := e.call("GET", "/api/games/"+resp.ID+"/replay", nil, nil)
	if code != http.StatusBadRequest || !strings.Contains(body, "still being played") {
		t.Errorf("replay of a live game: %d %s", code, body)
	}
}

func TestActionsNeedTheSeatToken(t *testing.T) {
	e := newEnv(t)
	resp := e.create(friendGame("trick"))
	st := e.state(resp.ID, resp.Token)
	mover := tokenOfSeat(resp, st.View.ToMove)
	other := tokenOfSeat(resp, 1-st.View.ToMove)
	legal := e.state(resp.ID, mover).Legal[0].Action
	cases := []struct {
		name, token, action string
		status              int
		want                string
	}{
		{"no token", "", legal, http.StatusForbidden, "seat token"},
		{"wrong token", "deadbeef", legal, http.StatusForbidden, "seat token"},
		{"not your turn", other, legal, http.StatusConflict, "decision, not yours"},
		{"malformed", mover, "fly away", http.StatusConflict, `"code":"unknown_action"`},
		{"illegal", mover, "play c99", http.StatusConflict, "illegal action"},
	}
	for _, c := range cases {
		code, body := e.call("POST", "/api/games/"+resp.ID+"/actions", ActionRequest{Token: c.token, Action: c.action}, nil)
		if code != c.status || !strings.Contains(body, c.want) {
			t.Errorf("%s: got %d %s, want %d with %q", c.name, code, body, c.status, c.want)
		}
	}
	if v := e.state(resp.ID, resp.Token).Version; v != 0 {
		t.Errorf("refused actions changed the game: version %d", v)
	}
	stale := -3
	code, body := e.call("POST", "/api/games/"+resp.ID+"/actions", ActionRequest{Token: mover, Action: legal, Version: &stale}, nil)
	if code != http.StatusConflict || !strings.Contains(body, "choose again") {
		t.Errorf("stale version: %d %s", code, body)
	}
	if code, _ := e.call("GET", "/api/games/"+resp.ID+"?token=nope", nil, nil); code != http.StatusForbidden {
		t.Errorf("state with a wrong token: %d, want 403", code)
	}
}

func TestEachSeatSeesOnlyItsHand(t *testing.T) {
	e := newEnv(t)
	resp := e.create(friendGame("trick"))
	for _, who := range []struct {
		token string
		seat  engine.Seat
	}{{resp.Token, 0}, {tokenOfSeat(resp, 1), 1}, {"", engine.NoSeat}} {
		st := e.state(resp.ID, who.token)
		if st.Viewer != who.seat {
			t.Errorf("token for %v sees as %v", who.seat, st.Viewer)
		}
		for _, p := range st.View.Players {
			hand := p.Zone("hand")
			if visible := len(hand.Cards) > 0; visible != (p.Seat == who.seat) {
				t.Errorf("viewer %v: hand of %v has %d cards shown", who.seat, p.Seat, len(hand.Cards))
			}
		}
	}
}

func TestLobbyRefusesBadRequests(t *testing.T) {
	e := newEnv(t)
	cases := []struct {
		name string
		body any
		want string
	}{
		{"unknown game", CreateRequest{Game: "chess", Seats: []SeatRequest{{}, {}}}, "unknown game"},
		{"too few seats", CreateRequest{Game: "trick", Seats: []SeatRequest{{}}}, "2–4 players"},
		{"bad kind", CreateRequest{Game: "trick", Seats: []SeatRequest{{}, {Kind: "robot"}}}, "is not one of you, friend, hotseat, ai"},
		{"bad agent", CreateRequest{Game: "trick", Seats: []SeatRequest{{}, {Kind: KindAI, Agent: "oracle"}}}, "unknown agent"},
		{"budget for random", CreateRequest{Game: "trick", Seats: []SeatRequest{{}, {Kind: KindAI, Agent: "random", BudgetMS: 500}}}, "only ismcts"},
		{"bad variant", CreateRequest{Game: "trick", Variant: map[string]string{"ties": "coin"}, Seats: []SeatRequest{{}, {}}}, "choose one of"},
		{"unknown preset", CreateRequest{Game: "trick", Decks: []DeckRequest{{Preset: "nope"}}, Seats: []SeatRequest{{}, {}}}, "no preset"},
		{"bad deck", CreateRequest{Game: "trick", Decks: []DeckRequest{{List: "1 One\n1 Eleven"}}, Seats: []SeatRequest{{}, {}}}, `"subject":"Eleven","message":"no such card"`},
		{"unknown field", map[string]any{"game": "trick", "colour": "red"}, `unknown field \"colour\" in the JSON body; the fields its objects may have are game, variant, decks`},
		{"a misspelt field", map[string]any{"game": "trick", "variants": map[string]string{"ties": "coin"}}, `unknown field \"variants\" in the JSON body: did you mean \"variant\"?`},
		{"a field of a seat misspelt", map[string]any{"game": "trick", "seats": []any{map[string]any{"knid": "you"}}}, `did you mean \"kind\"?`},
		{"a list for the body", []int{1, 2}, "the body must be a JSON object, not an array"},
		{"a string for a number", map[string]any{"game": "trick", "first": "1"}, `field \"first\" must be a whole number, not a string`},
		{"an object for a list", map[string]any{"game": "trick", "seats": map[string]any{}}, `field \"seats\" must be a list, not an object`},
		{"a budget below 0 for a level", CreateRequest{Game: "trick", Seats: []SeatRequest{{}, {Kind: KindAI, BudgetMS: -5}}}, "budget_ms -5 is out of range"},
		{"a preset and a list for one seat", CreateRequest{Game: "trick", Decks: []DeckRequest{{Preset: "x", List: "1 One"}}, Seats: []SeatRequest{{}, {}}}, `"code":"deck_preset_and_list"`},
	}
	for _, c := range cases {
		code, body := e.call("POST", "/api/games", c.body, nil)
		if code != http.StatusBadRequest || !strings.Contains(body, c.want) {
			t.Errorf("%s: got %d %s, want 400 with %q", c.name, code, body, c.want)
		}
	}
	res, err := http.Post(e.http.URL+"/api/games", "application/json", strings.NewReader(`{"game": "trick",}`))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if want := "malformed JSON body at byte 18: invalid character '}'"; res.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), want) {
		t.Errorf("a comma before the closing brace: %d %s, want 400 with %q", res.StatusCode, body, want)
	}
}

func TestDeckCheck(t *testing.T) {
	e := newEnv(t)
	var r ValidateResponse
	e.call("POST", "/api/catalog/trick/decks/validate", DeckRequest{List: "1 One\n1 Two\n# note\n1 Zwölf"}, &r)
	if r.OK || len(r.Problems) == 0 || r.Problems[len(r.Problems)-1].Line != 4 {
		t.Errorf("a deck with an unknown card on line 4: %+v", r)
	}
	e.call("POST", "/api/catalog/trick/decks/validate", DeckRequest{List: "One\nTwo\nThree\nFour\nFive\nSix\nSeven\nEight\nNine"}, &r)
	if !r.OK || r.Cards != 9 {
		t.Errorf("a legal deck: %+v", r)
	}
	e.call("POST", "/api/catalog/mysticelements/decks/validate", DeckRequest{Preset: "Deepwood"}, &r)
	if !r.OK {
		t.Errorf("preset Deepwood refused: %+v", r)
	}
}

// TestDeckCheckListsEveryProblem: a bad count does not hide the rules the
// other lines break (MM-8.2), and a misspelt card gets the nearest name.
func TestDeckCheckListsEveryProblem(t *testing.T) {
	e := newEnv(t)
	var r ValidateResponse
	e.call("POST", "/api/catalog/mystimons/decks/validate", DeckRequest{List: "0 Embrix\n2 Flaruu\n4 Cindrik"}, &r)
	var got []string
	for _, p := range r.Problems {
		got = append(got, fmt.Sprintf("%d %s", p.Line, p.Msg))
	}
	for _, want := range []string{"1 count 0 is out of range 1..99", "2 no such card; did you mean Flaru?", "3 4 copies; at most 3 are allowed (MM-8.2)"} {
		if !slices.Contains(got, want) {
			t.Errorf("the check lacks %q: %q", want, got)
		}
	}
}

func TestRestartResumesTheGame(t *testing.T) {
	e := newEnv(t)
	resp := e.create(friendGame("trick"))
	playHTTP(e, resp, 7)
	before := e.state(resp.ID, resp.Token)
	e.restart()
	after := e.state(resp.ID, resp.Token)
	if after.Version != 7 || fmt.Sprint(after.View) != fmt.Sprint(before.View) || len(after.Log) != 7 {
		t.Fatalf("after a restart: version %d (want 7), same view %v", after.Version, fmt.Sprint(after.View) == fmt.Sprint(before.View))
	}
	playHTTP(e, resp, 100)
	if !e.state(resp.ID, resp.Token).Finished {
		t.Error("the resumed game did not play to the end")
	}
}

func TestAISeatsPlayOnTheServer(t *testing.T) {
	e := newEnv(t)
	resp := e.create(CreateRequest{Game: "trick", Seats: []SeatRequest{{Kind: KindAI, Agent: "random"}, {Kind: KindAI, Agent: "ismcts", BudgetMS: 5}}})
	e.state(resp.ID, "") // watching wakes the game
	waitFor(t, "two AI seats to finish", func() bool { return e.state(resp.ID, "").Finished })
	var list []GameSummary
	e.call("GET", "/api/games", nil, &list)
	if len(list) != 1 || !list[0].Finished || list[0].Result == "" {
		t.Errorf("game list: %+v", list)
	}
}

func TestRematchKeepsSeatsAndTokens(t *testing.T) {
	e := newEnv(t)
	resp := e.create(friendGame("trick"))
	if code, _ := e.call("POST", "/api/games/"+resp.ID+"/rematch", map[string]string{"token": resp.Token}, nil); code != http.StatusBadRequest {
		t.Errorf("rematch of a live game: %d", code)
	}
	playHTTP(e, resp, 100)
	var r map[string]string
	if code, body := e.call("POST", "/api/games/"+resp.ID+"/rematch", map[string]string{"token": resp.Token}, &r); code != http.StatusOK {
		t.Fatalf("rematch: %d %s", code, body)
	}
	next := e.state(r["id"], tokenOfSeat(resp, 1))
	if next.Viewer != 1 || next.Version != 0 {
		t.Errorf("the friend's token in the rematch: viewer %v version %d", next.Viewer, next.Version)
	}
	if e.state(resp.ID, "").Rematch != r["id"] {
		t.Error("the old game does not point to its rematch")
	}
}

func TestHotSeatTokenActsForBothSeats(t *testing.T) {
	e := newEnv(t)
	resp := e.create(CreateRequest{Game: "trick", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindHotseat}}})
	if len(resp.Invites) != 0 {
		t.Errorf("a hot-seat game has invites: %+v", resp.Invites)
	}
	for i := 0; i < 18; i++ {
		st := e.state(resp.ID, resp.Token)
		if len(st.Controls) != 2 || st.Viewer != st.View.ToMove || len(st.Legal) == 0 {
			t.Fatalf("move %d: controls %v, viewer %v, to move %v, %d actions", i, st.Controls, st.Viewer, st.View.ToMove, len(st.Legal))
		}
		if code, body := e.call("POST", "/api/games/"+resp.ID+"/actions", ActionRequest{Token: resp.Token, Action: st.Legal[0].Action}, nil); code != http.StatusOK {
			t.Fatalf("move %d: %d %s", i, code, body)
		}
	}
	if !e.state(resp.ID, resp.Token).Finished {
		t.Error("the hot-seat game did not end after 18 plays")
	}
}

func TestFinishedGamesLeaveMemory(t *testing.T) {
	e := newEnv(t)
	resp := e.create(friendGame("trick"))
	c := e.dial(resp.ID, resp.Token)
	c.next("state")
	playHTTP(e, resp, 100)
	c.conn.CloseNow()
	waitFor(t, "the finished game to leave memory", func() bool {
		e.srv.mu.Lock()
		defer e.srv.mu.Unlock()
		return e.srv.sessions[resp.ID] == nil
	})
	if st := e.state(resp.ID, resp.Token); !st.Finished || st.Version != 18 {
		t.Errorf("the game loaded again from the store: finished %v, version %d", st.Finished, st.Version)
	}
}

// TestConcessionsAreMarked: MystiMons offers surrender at every decision of
// one's own turn (MM-4.6); the table marks it, so that a client can ask
// before sending it and bots play on.
func TestConcessionsAreMarked(t *testing.T) {
	e := newEnv(t)
	resp := e.create(CreateRequest{Game: "mystimons", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindHotseat}}})
	for i := 0; i < 40; i++ {
		st := e.state(resp.ID, resp.Token)
		var next string
		for _, l := range st.Legal {
			if l.Concedes != strings.HasPrefix(l.Action, "surrender") {
				t.Fatalf("move %d: %q is marked concedes=%v", i, l.Action, l.Concedes)
			}
			if l.Concedes {
				return
			}
			if next == "" {
				next = l.Action
			}
		}
		if next == "" {
			t.Fatalf("move %d: no action to play", i)
		}
		if code, body := e.call("POST", "/api/games/"+resp.ID+"/actions", ActionRequest{Token: resp.Token, Action: next}, nil); code != http.StatusOK {
			t.Fatalf("move %d: %d %s", i, code, body)
		}
	}
	t.Fatal("no surrender was offered in 40 moves of a MystiMons game")
}

// An action posted with "Prefer: return=minimal" (as replicas forward
// actions) is answered 204 without the table, and played all the same;
// without it, the answer is the table.
func TestAnActionAnswersMinimallyWhenAsked(t *testing.T) {
	e := newEnv(t)
	req := friendGame("trick")
	req.First = 1
	resp := e.create(req)
	post := func(prefer string) (int, string) {
		token := tokenOfSeat(resp, 0)
		m := e.state(resp.ID, token)
		if len(m.Legal) == 0 {
			token = tokenOfSeat(resp, 1)
			m = e.state(resp.ID, token)
		}
		var header http.Header
		if prefer != "" {
			header = http.Header{"Prefer": {prefer}}
		}
		return e.callWith(header, "POST", "/api/games/"+resp.ID+"/actions", ActionRequest{Token: token, Action: m.Legal[0].Action}, nil)
	}
	if code, body := post("respond-async, return=minimal"); code != http.StatusNoContent || body != "" {
		t.Fatalf("minimal answer: %d %q, want 204 and no body", code, body)
	}
	if v := e.state(resp.ID, "").Version; v != 1 {
		t.Fatalf("after a minimally answered action the game is at version %d, want 1", v)
	}
	if code, body := post(""); code != http.StatusOK || !strings.Contains(body, `"version":2`) {
		t.Fatalf("plain answer: %d %.200s, want 200 with the table at version 2", code, body)
	}
}

// TestActionsTakeTheSeatTokenFromTheHeader: an action may carry its seat
// token in the X-Seat-Token header, as reading the table may, and the
// header gives no more than the body would: a wrong one is refused, and
// a body's token is the one that counts.
func TestActionsTakeTheSeatTokenFromTheHeader(t *testing.T) {
	e := newEnv(t)
	resp := e.create(friendGame("trick"))
	toMove := e.state(resp.ID, resp.Token).View.ToMove
	mover, other := tokenOfSeat(resp, toMove), tokenOfSeat(resp, 1-toMove)
	legal := e.state(resp.ID, mover).Legal[0].Action
	post := func(header string, body ActionRequest) (int, string) {
		return e.callWith(http.Header{"X-Seat-Token": {header}}, "POST", "/api/games/"+resp.ID+"/actions", body, nil)
	}
	refusals := []struct {
		name, header string
		body         ActionRequest
		status       int
		code         string
	}{
		{"a wrong token in the header", "deadbeef", ActionRequest{Action: legal}, http.StatusForbidden, "no_action_token"},
		{"the waiting seat's token in the header", other, ActionRequest{Action: legal}, http.StatusConflict, "not_your_turn"},
		{"the body's token counts over the header's", mover, ActionRequest{Token: other, Action: legal}, http.StatusConflict, "not_your_turn"},
	}
	for _, c := range refusals {
		if code, body := post(c.header, c.body); code != c.status || !strings.Contains(body, `"code":"`+c.code+`"`) {
			t.Errorf("%s: %d %s, want %d with code %s", c.name, code, body, c.status, c.code)
		}
	}
	if v := e.state(resp.ID, "").Version; v != 0 {
		t.Fatalf("refused actions moved the game to version %d", v)
	}
	if code, body := post(mover, ActionRequest{Action: legal}); code != http.StatusOK {
		t.Fatalf("the mover's token in the header: %d %s, want 200", code, body)
	}
	if v := e.state(resp.ID, "").Version; v != 1 {
		t.Fatalf("after the header's action the game is at version %d, want 1", v)
	}
}

// TestTheTableSocketTakesTheSeatTokenFromTheHeader: a client that can
// set headers may open the live table with X-Seat-Token and is then
// that seat; a wrong header is refused as a wrong ?token= is.
func TestTheTableSocketTakesTheSeatTokenFromTheHeader(t *testing.T) {
	e := newEnv(t)
	resp := e.create(friendGame("trick"))
	url := "ws" + strings.TrimPrefix(e.http.URL, "http") + "/api/games/" + resp.ID + "/ws"
	dial := func(token string) (*websocket.Conn, *http.Response, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		t.Cleanup(cancel)
		return websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"X-Seat-Token": {token}}})
	}
	if _, res, err := dial("deadbeef"); err == nil || res == nil || res.StatusCode != http.StatusForbidden {
		t.Fatalf("a wrong header token opened the table (%v, %v), want 403", err, res)
	}
	conn, _, err := dial(tokenOfSeat(resp, 1))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	conn.SetReadLimit(1 << 22)
	c := &wsClient{t: t, conn: conn, ctx: context.Background()}
	m := c.next("state")
	if controls, _ := json.Marshal(m["controls"]); string(controls) != `["p2"]` {
		t.Fatalf("the table opened with the second seat's token in the header controls %s, want [\"p2\"]", controls)
	}
}
