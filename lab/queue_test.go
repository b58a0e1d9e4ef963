package lab

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"
)

// gate is a queue whose runs start in order and end when released.
type gate struct {
	mu      sync.Mutex
	started []string
	release map[string]chan struct{}
	q       *queue
}

func newGate(slots, perUser, overall int) *gate {
	g := &gate{release: map[string]chan struct{}{}}
	g.q = newQueue(slots, perUser, overall, func(j *job) {
		g.mu.Lock()
		g.started = append(g.started, j.run.ID)
		ch := g.release[j.run.ID]
		g.mu.Unlock()
		select {
		case <-ch:
		case <-j.ctx.Done():
		}
	})
	return g
}

func (g *gate) submit(t *testing.T, user, id string) (*job, *Error) {
	t.Helper()
	if e := g.q.admit(user); e != nil {
		return nil, e
	}
	ctx, cancel := context.WithCancel(context.Background())
	j := &job{user: user, ctx: ctx, cancel: cancel, run: Run{ID: id}}
	g.mu.Lock()
	g.release[id] = make(chan struct{})
	g.mu.Unlock()
	g.q.push(j)
	return j, nil
}

func (g *gate) finish(id string) { close(g.release[id]) }

// waitStarted waits until n runs have started and returns their order.
func (g *gate) waitStarted(t *testing.T, n int) []string {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		g.mu.Lock()
		got := append([]string(nil), g.started...)
		g.mu.Unlock()
		if len(got) >= n {
			return got
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("%d runs started, want %d", len(g.started), n)
	return nil
}

func TestQueueTakesTurnsBetweenUsers(t *testing.T) {
	g := newGate(1, 5, 10)
	for _, id := range []string{"a1", "a2", "a3"} {
		g.submit(t, "anna", id)
	}
	g.submit(t, "ben", "b1")
	g.waitStarted(t, 1)
	for i, id := range []string{"a1", "a2", "b1"} {
		g.finish(id)
		g.waitStarted(t, i+2)
	}
	got := g.waitStarted(t, 4)
	want := []string{"a1", "a2", "b1", "a3"} // ben's first run before anna's third
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("start order %v, want %v", got, want)
		}
	}
}

func TestQueueBoundsPerUserAndOverall(t *testing.T) {
	g := newGate(1, 2, 3)
	tests := []struct {
		user   string
		status int // 0: admitted
	}{
		{"anna", 0}, {"anna", 0},
		{"anna", http.StatusTooManyRequests}, // anna's bound
		{"ben", 0},
		{"carl", http.StatusServiceUnavailable}, // the bound overall
	}
	for i, tc := range tests {
		_, e := g.submit(t, tc.user, string(rune('a'+i)))
		switch {
		case tc.status == 0 && e != nil:
			t.Fatalf("run %d of %s refused: %v", i, tc.user, e)
		case tc.status != 0 && (e == nil || e.Status != tc.status):
			t.Fatalf("run %d of %s: got %v, want status %d", i, tc.user, e, tc.status)
		}
	}
}

func TestQueueCancelFreesThePlace(t *testing.T) {
	g := newGate(1, 2, 10)
	running, _ := g.submit(t, "anna", "a1")
	waiting, _ := g.submit(t, "anna", "a2")
	g.waitStarted(t, 1)
	if _, e := g.submit(t, "anna", "a3"); e == nil {
		t.Fatal("a third run was admitted over the bound of 2")
	}
	if !g.q.withdraw(waiting) {
		t.Fatal("a waiting run could not be withdrawn")
	}
	if g.q.withdraw(running) {
		t.Fatal("a running run was withdrawn from the queue: it must be cancelled instead")
	}
	if _, e := g.submit(t, "anna", "a3"); e != nil {
		t.Fatalf("after withdrawing one, a run was refused: %v", e)
	}
	running.cancel() // the runner sees its context end
	got := g.waitStarted(t, 2)
	if got[1] != "a3" {
		t.Fatalf("started %v: the withdrawn a2 must never start", got)
	}
}

func TestQueuePlaceCountsTurns(t *testing.T) {
	g := newGate(1, 5, 10)
	g.submit(t, "anna", "a1") // starts
	g.waitStarted(t, 1)
	a2, _ := g.submit(t, "anna", "a2")
	a3, _ := g.submit(t, "anna", "a3")
	b1, _ := g.submit(t, "ben", "b1")
	for _, tc := range []struct {
		j    *job
		want int
	}{{a2, 0}, {b1, 1}, {a3, 2}} {
		if got := g.q.place(tc.j); got != tc.want {
			t.Errorf("%s: %d runs before it, want %d", tc.j.run.ID, got, tc.want)
		}
	}
}
