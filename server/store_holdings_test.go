package server

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// holdingsContract checks HoldCards on two stores of one database (or one
// store twice): the changes to one account's holdings run one at a time
// on either, those of another account meanwhile, and a caller that gives
// up waiting is told so and runs nothing.
func holdingsContract(t *testing.T, a, b Store) {
	stores := []holdingsLocker{a.(holdingsLocker), b.(holdingsLocker)}
	var inside, most atomic.Int32
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Go(func() {
			err := stores[i%2].HoldCards(t.Context(), "ada", func() error {
				n := inside.Add(1)
				for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
				}
				time.Sleep(2 * time.Millisecond)
				inside.Add(-1)
				return nil
			})
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if most.Load() != 1 {
		t.Errorf("16 changes to ada's holdings over two stores: %d ran at once, want 1", most.Load())
	}

	held, release := make(chan struct{}), make(chan struct{})
	go stores[0].HoldCards(t.Context(), "ada", func() error {
		close(held)
		<-release
		return nil
	})
	<-held
	defer close(release)
	if err := stores[1].HoldCards(t.Context(), "ben", func() error { return nil }); err != nil {
		t.Errorf("ben's holdings while ada's are held: %v", err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	ran := false
	err := stores[1].HoldCards(ctx, "ada", func() error { ran = true; return nil })
	if err == nil || ran {
		t.Errorf("waiting for ada's holdings past the deadline: %v (ran: %v), want an error and nothing run", err, ran)
	}
	want := errors.New("the change's own error")
	if err := stores[0].HoldCards(t.Context(), "cy", func() error { return want }); !errors.Is(err, want) {
		t.Errorf("HoldCards returned %v, want fn's error", err)
	}
}

func TestSQLiteHoldsCardsOneChangeAtATime(t *testing.T) {
	st := openTestStore(t, filepath.Join(t.TempDir(), "s.db"))
	holdingsContract(t, st, st)
}

func TestPostgresHoldsCardsOneChangeAtATimeOnEveryReplica(t *testing.T) {
	dsn := startPostgres(t)
	holdingsContract(t, openTestStore(t, dsn), openTestStore(t, dsn))
}

// Forty changes to one account's holdings sent at once to one replica wait
// in memory, not each on a connection of the pool: in pg_advisory_lock
// they held all eight, and every other query of the replica, its moves'
// among them, waited for one.
func TestPostgresHoldersWaitWithoutTheConnections(t *testing.T) {
	st := openTestStore(t, startPostgres(t)).(*sqlStore)
	var most atomic.Int32
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			if n := int32(st.read.Stats().InUse); n > most.Load() {
				most.Store(n)
			}
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Microsecond):
			}
		}
	}()
	var wg sync.WaitGroup
	for range 40 {
		wg.Go(func() {
			if err := st.HoldCards(t.Context(), "ada", func() error { time.Sleep(time.Millisecond); return nil }); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	close(stop)
	<-sampled
	if most.Load() > 2 {
		t.Errorf("40 changes to one account's holdings at once took %d of the pool's connections at a time, want 1", most.Load())
	}
}
