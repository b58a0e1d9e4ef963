package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"kartenwerk/engine"
)

// wsClient is a test's WebSocket connection to a game.
type wsClient struct {
	t    *testing.T
	conn *websocket.Conn
	ctx  context.Context
	// views rebuilds the view from the state messages so far.
	views viewFollower
}

func (e *testEnv) dial(id, token string) *wsClient {
	e.t.Helper()
	return e.dialAs(id, token, nil)
}

// dialAs is dial with these request headers (a session's cookie, for a
// seat that belongs to an account).
func (e *testEnv) dialAs(id, token string, header http.Header) *wsClient {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	e.t.Cleanup(cancel)
	url := "ws" + strings.TrimPrefix(e.http.URL, "http") + "/api/games/" + id + "/ws?token=" + token
	conn, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: header})
	if err != nil {
		e.t.Fatal(err)
	}
	conn.SetReadLimit(1 << 22)
	e.t.Cleanup(func() { conn.CloseNow() })
	return &wsClient{t: e.t, conn: conn, ctx: ctx}
}

func (c *wsClient) send(raw string) {
	c.t.Helper()
	if err := c.conn.Write(c.ctx, websocket.MessageText, []byte(raw)); err != nil {
		c.t.Fatal(err)
	}
}

// next reads messages until one of the given type arrives.
func (c *wsClient) next(typ string) map[string]any {
	c.t.Helper()
	for {
		_, data, err := c.conn.Read(c.ctx)
		if err != nil {
			c.t.Fatalf("waiting for a %s message: %v", typ, err)
		}
		var m map[string]any
		json.Unmarshal(data, &m)
		c.followView(m)
		if m["type"] == typ {
			return m
		}
	}
}

// followView keeps the view a state message brings, as a table does: a
// delta's patch is applied to the view before, and m["view"] set to the
// result.
func (c *wsClient) followView(m map[string]any) {
	if err := c.views.follow(m); err != nil {
		c.t.Fatal(err)
	}
}

// viewFollower rebuilds the views of a client's state messages.
type viewFollower struct{ view any }

// follow applies m's view patch to the view before and sets m["view"]
// to the result; a message with a whole view starts again from it.
func (f *viewFollower) follow(m map[string]any) error {
	if m["type"] != "state" {
		return nil
	}
	if p, ok := m["view_patch"]; ok {
		if f.view == nil {
			return fmt.Errorf("a view patch before any view: %v", m)
		}
		f.view = applyMergePatch(f.view, p)
		m["view"] = f.view
		return nil
	}
	f.view = m["view"]
	return nil
}

func TestWebSocketRefusesBadMessagesToThatClientOnly(t *testing.T) {
	e := newEnv(t)
	resp := e.create(friendGame("trick"))
	me := e.dial(resp.ID, resp.Token)
	other := e.dial(resp.ID, tokenOfSeat(resp, 1))
	me.next("state")
	other.next("state")
	cases := []struct{ msg, want string }{
		{`{not json`, "malformed message"},
		{`{"type":"dance"}`, "unknown message type"},
		{`{"type":"act","action":"play c1"}`, "no valid seat token"},
		{`{"type":"act","token":"` + resp.Token + `","action":"jump"}`, "not an action the game offers"},
	}
	for _, c := range cases {
		me.send(c.msg)
		got := me.next("error")
		if code, _ := got["code"].(string); !strings.Contains(got["error"].(string), c.want) || code == "" {
			t.Errorf("%s: got %q (code %q), want %q with a code", c.msg, got["error"], got["code"], c.want)
		}
	}
	// The other client got no error, and the game did not move.
	other.send(`{"type":"sync"}`)
	if m := other.next("state"); m["version"].(float64) != 0 {
		t.Errorf("bad messages changed the game: version %v", m["version"])
	}
}

func TestWebSocketLimitsSizeAndRate(t *testing.T) {
	e := newEnv(t)
	resp := e.create(friendGame("trick"))
	c := e.dial(resp.ID, resp.Token)
	c.next("state")
	limited := make(chan bool, 1)
	go func() {
		for {
			_, data, err := c.conn.Read(c.ctx)
			if err != nil {
				limited <- false
				return
			}
			if strings.Contains(string(data), "too many messages") {
				limited <- true
				return
			}
		}
	}()
	for i := 0; i < 60; i++ {
		c.send(`{"type":"sync"}`)
	}
	if !<-limited {
		t.Error("60 messages at once were not limited")
	}
	big := e.dial(resp.ID, resp.Token)
	big.next("state")
	big.send(`{"type":"act","action":"` + strings.Repeat("x", 10000) + `"}`)
	for {
		_, _, err := big.conn.Read(big.ctx)
		if err != nil {
			if websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
				t.Errorf("an oversized message: %v, want close status 1009", err)
			}
			break
		}
	}
}

func TestAISeatShowsThinking(t *testing.T) {
	e := newEnv(t)
	e.delay = 300 * time.Millisecond
	e.restart()
	resp := e.create(CreateRequest{Game: "trick", First: 2, Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI, Agent: "random"}}})
	c := e.dial(resp.ID, resp.Token)
	m := c.next("state")
	for m["thinking"] != "p2" {
		m = c.next("state")
	}
	for m["version"].(float64) < 1 {
		m = c.next("state")
	}
	if m["thinking"] != nil {
		t.Errorf("after its move the AI seat still shows as thinking")
	}
	if len(m["legal"].([]any)) == 0 {
		t.Error("after the AI moved, p1 has no actions")
	}
}

func TestSpectatorsShareOneEncoding(t *testing.T) {
	e := newEnv(t)
	resp := e.create(friendGame("trick"))
	s, err := e.srv.session(context.Background(), resp.ID)
	if err != nil {
		t.Fatal(err)
	}
	seat := seatsOf(s.seats, resp.Token)
	clients := []*client{{}, {}, {controls: seat}, {controls: seat}, {controls: []engine.Seat{1}}}
	s.mu.Lock()
	for _, c := range clients {
		c.send, c.closed = make(chan *outMsg, 1), make(chan struct{})
		s.clients[c] = struct{}{}
	}
	s.broadcastLocked()
	s.mu.Unlock()
	got := make([][]byte, len(clients))
	for i, c := range clients {
		got[i] = (<-c.send).payload()
	}
	same := func(a, b []byte) bool { return &a[0] == &b[0] }
	if !same(got[0], got[1]) || !same(got[2], got[3]) {
		t.Error("clients with the same seats were each sent a message of their own")
	}
	if same(got[0], got[2]) || same(got[2], got[4]) || bytes.Equal(got[2], got[4]) {
		t.Error("clients with other seats were sent the same message")
	}
}
