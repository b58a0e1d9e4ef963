package server

import (
	"encoding/json"
	"slices"
	"testing"
)

// Spectators joining and leaving cost one message each, to the joiner:
// the players and the other spectators hear nothing of them.
func TestJoiningSpectatorsCostOneMessageEach(t *testing.T) {
	e := newEnv(t)
	resp := e.create(firstFriendGame())
	me := e.dial(resp.ID, resp.Token)
	me.next("state")
	other := e.dial(resp.ID, tokenOfSeat(resp, 1))
	other.next("state")
	me.next("seats") // p2 connected: the seats change, once
	const viewers = 40
	s, err := e.srv.session(t.Context(), resp.ID)
	if err != nil {
		t.Fatal(err)
	}
	// Counted under the game's lock: p2's joining queued its table and
	// the players' news of it under one hold of the lock, and a player's
	// message is written as it is queued, so p1 may read its news before
	// p2's is queued.
	s.mu.Lock()
	before := s.pushes.Load()
	s.mu.Unlock()
	var watching []*wsClient
	for range viewers {
		v := e.dial(resp.ID, "")
		if m := v.next("state"); m["full"] != true {
			t.Fatalf("a joining spectator got %v, want the full table", m)
		}
		watching = append(watching, v)
	}
	if n := s.pushes.Load() - before; n != viewers {
		t.Fatalf("%d spectators joining cost %d messages, want %d", viewers, n, viewers)
	}
	for _, v := range watching[:viewers/2] {
		v.conn.CloseNow()
	}
	waitFor(t, "the spectators to leave", func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		return len(s.clients) == 2+viewers/2
	})
	if n := s.pushes.Load() - before; n != viewers {
		t.Fatalf("spectators leaving cost %d messages, want none", n-viewers)
	}
	// The player's next message is the move, not news of spectators.
	act(t, e, resp, me)
	if m := me.next("state"); m["version"] != 1.0 {
		t.Fatalf("the player's next message is %v, want the move", m)
	}
}

// act plays p1's first legal action over the WebSocket.
func act(t *testing.T, e *testEnv, resp CreateResponse, c *wsClient) {
	t.Helper()
	m := e.state(resp.ID, resp.Token)
	if len(m.Legal) == 0 {
		t.Fatal("p1 has no action")
	}
	b, _ := json.Marshal(ClientMsg{Type: "act", Token: resp.Token, Action: m.Legal[0].Action, Version: &m.Version})
	c.send(string(b))
}

// After the first message, state messages carry only the new log
// entries; a client that asks for "sync" gets everything again.
func TestStateMessagesCarryOnlyWhatChanged(t *testing.T) {
	e := newEnv(t)
	resp := e.create(CreateRequest{Game: "trick", First: 1, Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindHotseat}}})
	c := e.dial(resp.ID, resp.Token)
	first := c.next("state")
	if first["full"] != true || first["seats"] == nil || first["controls"] == nil {
		t.Fatalf("the first message is not full: %v", first)
	}
	for v := 1; v <= 5; v++ {
		act(t, e, resp, c)
		m := c.next("state")
		log := m["log"].([]any)
		if m["full"] != false || m["seats"] != nil || len(log) != 1 || log[0].(map[string]any)["n"] != float64(v) {
			t.Fatalf("move %d: want a delta with log entry %d alone, got %v", v, v, m)
		}
		if m["log_total"] != float64(v) || m["version"] != float64(v) || m["view"] == nil {
			t.Fatalf("move %d: delta %v lacks the version, the total or the view", v, m)
		}
	}
	c.send(`{"type":"sync"}`)
	if m := c.next("state"); m["full"] != true || len(m["log"].([]any)) != 5 {
		t.Fatalf("sync: want the full state with 5 log entries, got %v", m)
	}
}

// A view is encoded into the memory of one sent before that has room for
// it, the one with the least room to spare, so that a larger one is left
// for a seat that sees more; a view too small for any is the one let go
// when more are kept than a game needs.
func TestViewsAreEncodedIntoTheSparesThatFitThem(t *testing.T) {
	spares := func(caps ...int) *session {
		s := &session{}
		for _, c := range caps {
			s.spares = append(s.spares, spareView{view: make([]byte, 0, c)})
		}
		return s
	}
	caps := func(s *session) []int {
		var out []int
		for _, sp := range s.spares {
			out = append(out, cap(sp.view))
		}
		return out
	}
	for _, tc := range []struct {
		kept       []int
		need, took int
		left       []int
	}{
		{kept: []int{3000, 2000}, need: 2500, took: 3000, left: []int{2000}},
		{kept: []int{3000, 2000}, need: 1500, took: 2000, left: []int{3000}},
		{kept: []int{3000, 2000}, need: 0, took: 2000, left: []int{3000}},
		{kept: []int{3000, 2000}, need: 4000, took: 0, left: []int{3000, 2000}},
		{kept: nil, need: 10, took: 0, left: nil},
	} {
		s := spares(tc.kept...)
		if got := cap(s.takeSpareLocked(tc.need).view); got != tc.took || !slices.Equal(caps(s), tc.left) {
			t.Errorf("kept %v, need %d: took %d leaving %v, want %d leaving %v", tc.kept, tc.need, got, caps(s), tc.took, tc.left)
		}
	}
	sent := func(caps ...int) []encoded {
		var done []encoded
		for _, c := range caps {
			done = append(done, encoded{base: make([]byte, 0, c), msg: &outMsg{}})
		}
		return done
	}
	s := spares(1000, 4000, 2000, 3000) // as many as a game keeps
	s.spareLocked(sent(2500, 500))
	if got, want := caps(s), []int{2500, 4000, 2000, 3000}; !slices.Equal(got, want) {
		t.Errorf("kept %v after sparing 2500 and 500, want %v", got, want)
	}
}
