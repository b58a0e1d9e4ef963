package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// tableClient is a client of a session in a test, and the view it has
// put together from the messages it was sent.
type tableClient struct {
	*client
	view any
}

// Every client, seated or watching, in any language, joined at the start
// or during the game, or synced afresh, rebuilds from its messages the
// table a fresh view shows, after every move of random games: views a
// broadcast leaves behind are written over by the next one (spareLocked),
// and none may be while a client still diffs against it; a message's
// bytes go back to their pool when every client it was queued for has
// taken it (outMsg), and not before, however slow a client is.
func TestBroadcastViewsStayTheTable(t *testing.T) {
	for _, game := range []string{"mysticelements", "trick"} {
		for seed := range uint64(3) {
			t.Run(fmt.Sprintf("%s/%d", game, seed), func(t *testing.T) { checkBroadcastViews(t, game, seed) })
		}
	}
}

func checkBroadcastViews(t *testing.T, game string, seed uint64) {
	e := newEnv(t)
	resp := e.create(friendGame(game))
	s, err := e.srv.session(context.Background(), resp.ID)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 11))
	s.mu.Lock()
	defer s.mu.Unlock()
	var clients []*tableClient
	join := func(l i18n.Lang, controls ...engine.Seat) {
		c := &tableClient{client: &client{controls: controls, lang: l, send: make(chan *outMsg, 1000), closed: make(chan struct{})}}
		s.clients[c.client] = struct{}{}
		s.sendStateLocked(c.client)
		clients = append(clients, c)
	}
	join(i18n.EN, 0)
	join(i18n.DE, 1)
	join(i18n.CS)
	join(i18n.EN)
	join(i18n.EN)
	var legal []engine.Action
	for move := 1; move <= 300; move++ {
		if done, _ := s.state.Terminal(); done {
			break
		}
		switch move {
		case 7:
			join(i18n.DE)
		case 13:
			join(i18n.EN, 0) // the same seat on a second device
		case 19:
			s.sendStateLocked(clients[2].client) // a client that asked for a full sync
		}
		legal = s.state.Legal(legal[:0])
		if err := s.applyLocked(legal[rng.IntN(len(legal))]); err != nil {
			t.Fatalf("move %d: %v", move, err)
		}
		for i, c := range clients {
			if move%(i%3+1) != 0 {
				continue // a slow client: its messages wait in its queue while others are encoded
			}
			c.catchUp(t, fmt.Sprintf("move %d, client %d", move, i))
			want := freshView(t, s, c.client)
			if !reflect.DeepEqual(c.view, want) {
				got, _ := json.Marshal(c.view)
				wantJSON, _ := json.Marshal(want)
				t.Fatalf("move %d: client %d (seats %v, %s) has put together\n%s\nbut the table is\n%s", move, i, c.controls, c.lang, got, wantJSON)
			}
		}
	}
}

// catchUp applies the messages c was sent to the view it has.
func (c *tableClient) catchUp(t *testing.T, what string) {
	t.Helper()
	for {
		select {
		case out := <-c.send:
			b := slices.Clone(out.payload())
			out.done() // as the client's writer does: the bytes may be reused from here on
			var m struct {
				View  json.RawMessage `json:"view"`
				Patch json.RawMessage `json:"view_patch"`
			}
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatalf("%s: %v in %s", what, err, b)
			}
			switch {
			case m.View != nil:
				c.view = decodeJSON(t, m.View)
			case m.Patch != nil:
				c.view = applyMergePatch(c.view, decodeJSON(t, m.Patch))
			}
		default:
			return
		}
	}
}

// freshView is the view c's seats see in c's language, decoded.
func freshView(t *testing.T, s *session, c *client) any {
	t.Helper()
	b, err := json.Marshal(engine.Localized(s.state, s.viewer(c.controls), s.wordsLocked(c.lang)))
	if err != nil {
		t.Fatal(err)
	}
	return decodeJSON(t, b)
}

func decodeJSON(t *testing.T, b []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("%v in %s", err, b)
	}
	return v
}
