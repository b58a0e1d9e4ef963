package lab

import (
	"net/http"
	"testing"
	"time"
)

// Two servers sharing one store: a run asked for on A and cancelled on B
// is marked cancelled in the store, and A stops playing it at its next
// heartbeat; both then show it cancelled, with the games A played.
func TestACancelReachingAnotherServerStopsTheRun(t *testing.T) {
	store := NewMemStore()
	lim := Limits{Heartbeat: 50 * time.Millisecond}
	a, srvA := testLabOn(t, lim, store)
	_, srvB := testLabOn(t, lim, store)
	onA, onB := newClient(t, srvA, "anna"), newClient(t, srvB, "anna")
	run, status, eb := onA.submit(long())
	if status != http.StatusAccepted {
		t.Fatalf("submit: %d %s", status, eb.Error)
	}
	waitUntil(t, "the run playing on A", func() bool {
		var r Run
		onB.do("GET", "/api/lab/runs/"+run.ID, nil, &r)
		return r.Status == Running && r.Played > 0
	})
	if status, _ := newClient(t, srvB, "ben").do("POST", "/api/lab/runs/"+run.ID+"/cancel", struct{}{}, nil); status != http.StatusNotFound {
		t.Fatalf("someone else cancels anna's run on B: %d, want 404", status)
	}
	var cancelled Run
	if status, eb := onB.do("POST", "/api/lab/runs/"+run.ID+"/cancel", struct{}{}, &cancelled); status != http.StatusOK || cancelled.Status != Cancelled {
		t.Fatalf("cancel on B: %d %s %s", status, cancelled.Status, eb.Error)
	}
	waitUntil(t, "A to stop the run", func() bool {
		a.mu.Lock()
		defer a.mu.Unlock()
		return len(a.live) == 0
	})
	var onAView, onBView Run
	onA.do("GET", "/api/lab/runs/"+run.ID, nil, &onAView)
	onB.do("GET", "/api/lab/runs/"+run.ID, nil, &onBView)
	if onAView.Status != Cancelled || onBView.Status != Cancelled || onAView.Played == 0 || onAView.Played >= onAView.Planned {
		t.Fatalf("after the cancel: A shows %s with %d games, B %s", onAView.Status, onAView.Played, onBView.Status)
	}
	// A run that ended is not brought back: cancelling again changes
	// nothing.
	if status, _ := onB.do("POST", "/api/lab/runs/"+run.ID+"/cancel", struct{}{}, &cancelled); status != http.StatusOK || cancelled.Played != onAView.Played {
		t.Fatalf("cancelling again: %d, %d games", status, cancelled.Played)
	}
}

func waitUntil(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
