package lab

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"
)

// storedRun is a record as a server stores it: ended age ago, or still
// waiting (Queued) and kept fresh by its server's heartbeats.
func storedRun(id, owner, status string, age time.Duration) Run {
	at := time.Now().Add(-age)
	r := Run{ID: id, Owner: owner, Status: status, Created: at.Add(-time.Minute), Updated: time.Now(),
		Spec: Spec{Game: "mysticelements", Games: 10}}
	if status != Queued && status != Running {
		r.Finished, r.Updated = at, at
	}
	return r
}

func TestPruneDropsOldFinishedRunsAndKeepsWaitingOnes(t *testing.T) {
	day := 24 * time.Hour
	store := NewMemStore()
	ctx := context.Background()
	for _, r := range []Run{
		storedRun("old-done", "anna", Done, 10*day), storedRun("old-failed", "anna", Failed, 8*day),
		storedRun("old-waiting", "anna", Queued, 10*day), storedRun("fresh", "anna", Done, day),
		// left queued by a server that stopped 9 days ago: interrupted
		{ID: "old-interrupted", Owner: "anna", Status: Running, Created: time.Now().Add(-9 * day), Updated: time.Now().Add(-9 * day)},
	} {
		_ = store.SaveRun(ctx, r)
	}
	l, _ := testLabOn(t, Limits{KeepFor: 7 * day}, store)
	if err := l.Prune(ctx); err != nil {
		t.Fatal(err)
	}
	for id, kept := range map[string]bool{"old-done": false, "old-failed": false, "old-interrupted": false, "old-waiting": true, "fresh": true} {
		if _, err := store.LabRun(ctx, id); (err == nil) != kept {
			t.Errorf("%s: kept %v, want %v", id, err == nil, kept)
		}
	}
}

// A new run caps its owner's stored runs, dropping the oldest finished
// first; the dropped run's page says in the reader's language that runs
// are kept so long and so many.
func TestANewRunPrunesItsOwnersOldestFinishedRun(t *testing.T) {
	store := NewMemStore()
	ctx := context.Background()
	day := 24 * time.Hour
	for _, r := range []Run{
		storedRun("oldest", "account:anna", Done, 3*day), storedRun("waiting", "account:anna", Queued, 4*day),
		storedRun("newer", "account:anna", Cancelled, 2*day), storedRun("bens", "account:ben", Done, 5*day),
	} {
		_ = store.SaveRun(ctx, r)
	}
	_, srv := testLabOn(t, Limits{KeepPerUser: 3, KeepFor: 14 * day}, store)
	anna := newClient(t, srv, "anna")
	run, status, eb := anna.submit(quick(4))
	if status != http.StatusAccepted {
		t.Fatalf("submit: %d %s", status, eb.Error)
	}
	anna.wait(run.ID)
	for id, kept := range map[string]bool{"oldest": false, "waiting": true, "newer": true, "bens": true, run.ID: true} {
		if _, err := store.LabRun(ctx, id); (err == nil) != kept {
			t.Errorf("%s: kept %v, want %v", id, err == nil, kept)
		}
	}
	for lang, words := range map[string][]string{"en": {"14 days", "newest 3"}, "de": {"14 Tage", "3 neuesten"}, "cs": {"14 dní", "3 vašich"}} {
		anna.lang = lang
		status, eb := anna.do("GET", "/api/lab/runs/oldest", nil, nil)
		for _, w := range words {
			if status != http.StatusNotFound || !strings.Contains(eb.Error, w) {
				t.Errorf("%s: the pruned run's page: %d %q, want 404 saying %q", lang, status, eb.Error, w)
			}
		}
	}
}
