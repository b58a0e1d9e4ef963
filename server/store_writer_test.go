package server

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"
)

func TestWritePaceLingersOnlyWhenBusy(t *testing.T) {
	steps := []struct {
		perSecond int
		window    time.Duration
		want      bool
	}{
		{0, paceWindow, false},
		{1990, paceWindow, false},
		{2000, paceWindow, true},
		{100, paceWindow / 10, true}, // a window not yet over decides nothing
		{1500, paceWindow, true},     // above half the line: still busy
		{990, paceWindow, false},
		{1500, paceWindow, false}, // below the line: still quiet
		{5000, paceWindow, true},
	}
	p := writePace{above: lingerAbove}
	now := time.Unix(1000, 0)
	p.committed(0, now) // opens the first window
	for i, s := range steps {
		now = now.Add(s.window)
		p.committed(int(float64(s.perSecond)*s.window.Seconds()), now)
		if got := p.lingering(); got != s.want {
			t.Errorf("step %d (%d writes a second for %v): lingering %v, want %v", i, s.perSecond, s.window, got, s.want)
		}
	}
}

// TestBusyStoreCommitsWritesTogether: writes that queue while a busy
// store's writer lingers share its commit, and each is stored; on a quiet
// store each lone write is committed at once, alone.
func TestBusyStoreCommitsWritesTogether(t *testing.T) {
	for _, busy := range []bool{true, false} {
		t.Run(fmt.Sprintf("busy=%v", busy), func(t *testing.T) {
			st, _ := openTestSQLite(t)
			const writes = 8 // each the first action of a game of its own, as at a busy server
			games := make([]StoredGame, writes)
			for i := range games {
				games[i] = createTestGame(t, st)
			}
			before := st.commits.Load()
			if busy {
				st.pace.wait = 500 * time.Millisecond // long enough for every write to queue
				st.pace.linger.Store(true)
				var wg sync.WaitGroup
				for i := range writes {
					wg.Go(func() {
						if err := st.AppendAction(context.Background(), games[i].ID, 0, fmt.Sprintf("play c%d", i)); err != nil {
							t.Error(err)
						}
					})
				}
				wg.Wait()
			} else {
				for i := range writes {
					if err := st.AppendAction(context.Background(), games[i].ID, 0, fmt.Sprintf("play c%d", i)); err != nil {
						t.Fatal(err)
					}
				}
			}
			want := int64(writes)
			if busy {
				want = 1
			}
			if got := st.commits.Load() - before; got != want {
				t.Errorf("%d writes took %d commits, want %d", writes, got, want)
			}
			for i, g := range games {
				loaded, err := st.LoadGame(context.Background(), g.ID)
				if err != nil {
					t.Fatal(err)
				}
				if want := []string{fmt.Sprintf("play c%d", i)}; !slices.Equal(loaded.Actions, want) {
					t.Errorf("game %d stores %q, want %q", i, loaded.Actions, want)
				}
			}
		})
	}
}
