package server

import (
	"sync"
	"testing"
	"time"
)

func TestClampSpecHoldsAISeatsToTheLimits(t *testing.T) {
	for _, tc := range []struct{ spec, want string }{
		{"ismcts:iters=2000000000", "ismcts:iters=500"},
		{"ismcts:ms=99999999", "ismcts:ms=2000"},
		{"ismcts:iters=2000000000,c=0.5", "ismcts:c=0.5,iters=500"},
		{"ismcts:iters=100", "ismcts:iters=100"},
		{"ismcts:ms=1500", "ismcts:ms=1500"},
		{"ismcts", "ismcts"},
		{"greedy", "greedy"},
	} {
		got, err := clampSpec(tc.spec, 2*time.Second, 500)
		if err != nil || got != tc.want {
			t.Errorf("clampSpec(%q) = %q, %v; want %q", tc.spec, got, err, tc.want)
		}
	}
}

// An AI seat whose spec asks for far more than the server allows runs at
// the clamp: its seat shows the clamped spec and the agent that moves is
// built from it.
func TestAISeatBeyondTheClampRunsAtTheClamp(t *testing.T) {
	e := newTunedEnv(t, func(c *Config) { c.AIMaxIters, c.AIMaxThink = 20, 50*time.Millisecond })
	for _, spec := range []string{"ismcts:iters=2000000000", "ismcts:ms=99999999"} {
		resp := e.create(CreateRequest{Game: "trick", Seats: []SeatRequest{{Kind: KindAI, Agent: spec}, {Kind: KindAI, Agent: spec}}})
		m := e.state(resp.ID, "")
		want := map[string]string{"ismcts:iters=2000000000": "ismcts:iters=20", "ismcts:ms=99999999": "ismcts:ms=50"}[spec]
		if m.Seats[0].Agent != want {
			t.Fatalf("seat of %q shows agent %q, want %q", spec, m.Seats[0].Agent, want)
		}
		waitFor(t, "the clamped AI game to finish", func() bool { return e.state(resp.ID, "").Finished })
		s, err := e.srv.session(t.Context(), resp.ID)
		if err != nil {
			t.Fatal(err)
		}
		s.mu.Lock()
		for _, a := range s.agents {
			if a != nil && a.Name() != want {
				t.Errorf("agent of %q runs as %q, want %q", spec, a.Name(), want)
			}
		}
		s.mu.Unlock()
	}
}

// The AI queue serves games in turn: a game asking again waits behind
// every game that asked meanwhile.
func TestAIQueueServesGamesInTurn(t *testing.T) {
	done := make(chan struct{})
	defer close(done)
	q := newAIQueue(1, done)
	var mu sync.Mutex
	var order []string
	record := func(s string) { mu.Lock(); order = append(order, s); mu.Unlock() }
	release, finished := make(chan struct{}), make(chan struct{})
	q.submit(func() {
		record("A1")
		<-release
		q.submit(func() { record("A2"); close(finished) })
	})
	waitFor(t, "A1 to start", func() bool { mu.Lock(); defer mu.Unlock(); return len(order) == 1 })
	q.submit(func() { record("B1") })
	if d := q.depth(); d != 1 {
		t.Fatalf("depth %d while B1 waits, want 1", d)
	}
	close(release)
	<-finished
	mu.Lock()
	defer mu.Unlock()
	if len(order) != 3 || order[1] != "B1" || order[2] != "A2" {
		t.Fatalf("order %v, want A1 B1 A2", order)
	}
}
