package server

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"kartenwerk/platform/companion"
)

// companionStoreContract checks a CompanionStore: events load in their
// order, an event number is taken once however many servers race for
// it, and an unknown table is ErrNotFound.
func companionStoreContract(t *testing.T, st Store) {
	ctx := t.Context()
	cs := st.(CompanionStore)
	if _, _, err := cs.LoadCompanionTable(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("an unknown table: %v, want ErrNotFound", err)
	}
	tb, _ := companion.New("t1", "microlife")
	if err := cs.CreateCompanionTable(ctx, "t1", "microlife", time.Now()); err != nil {
		t.Fatal(err)
	}
	for i, cmd := range []companion.Command{{Verb: "join", Arg: "Ada"}, {Verb: "join", Arg: "Ben"}, {Verb: "add", Target: "p1.sugar", N: 2}} {
		ev, err := tb.Do(0, "", cmd, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if err := cs.AppendCompanionEvent(ctx, "t1", ev); err != nil {
			t.Fatalf("event %d: %v", i+1, err)
		}
	}
	const racers = 6
	var wg sync.WaitGroup
	wins := make(chan int, racers)
	for i := range racers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ev := companion.Event{Seq: 4, By: i % 2, Cmd: companion.Command{Verb: "add", Target: "p2.life", N: -1},
				Changes: []companion.Change{{Key: "p2.life", From: "10", To: "9"}}}
			err := cs.AppendCompanionEvent(ctx, "t1", ev)
			if err == nil {
				wins <- i
			} else if !errors.Is(err, ErrEventTaken) {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	close(wins)
	if n := len(wins); n != 1 {
		t.Errorf("%d servers stored event 4, want exactly 1", n)
	}
	game, log, err := cs.LoadCompanionTable(ctx, "t1")
	if err != nil || game != "microlife" || len(log) != 4 {
		t.Fatalf("loaded %q with %d events (%v)", game, len(log), err)
	}
	again, err := companion.Load("t1", game, log)
	if err != nil {
		t.Fatal(err)
	}
	if s := again.State(); s["p1.sugar"] != "2" || s["p2.life"] != "9" || s["p2.name"] != "Ben" {
		t.Errorf("the stored table replays as %v", s)
	}
}

func TestSQLiteCompanionStore(t *testing.T) {
	st, err := OpenStore(context.Background(), filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	companionStoreContract(t, st)
}

func TestPostgresCompanionStore(t *testing.T) {
	st, err := OpenStore(context.Background(), startPostgres(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	companionStoreContract(t, st)
}
