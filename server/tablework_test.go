package server

import (
	"context"
	"testing"
)

// TestTableWorkerSurvivesAPanic: a message whose handling panics drops
// its client and leaves the server playing, as the HTTP server does for
// a request that panics.
func TestTableWorkerSurvivesAPanic(t *testing.T) {
	e := newEnv(t)
	faulty := &client{send: make(chan *outMsg, sendQueue), closed: make(chan struct{})}
	done := make(chan struct{}, 1)
	// A table message without its table: handling it dereferences nil.
	if !e.srv.play(nil, faulty, []byte(`{"type":"sync"}`), done) {
		t.Fatal("the server stopped")
	}
	select {
	case <-faulty.closed:
	default:
		t.Error("the client whose message failed was not dropped")
	}
	// The workers still play: a real table's message is answered.
	resp := e.create(friendGame("trick"))
	s, err := e.srv.session(context.Background(), resp.ID)
	if err != nil {
		t.Fatal(err)
	}
	c := &client{send: make(chan *outMsg, sendQueue), closed: make(chan struct{})}
	if !e.srv.play(s, c, []byte(`{"type":"sync"}`), done) {
		t.Fatal("the server stopped")
	}
	if len(c.send) != 1 {
		t.Errorf("a sync after the fault got %d messages, want the table", len(c.send))
	}
}
