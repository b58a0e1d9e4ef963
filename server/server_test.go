package server

import (
	"context"
	"net/http"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"
)

// gatedStore holds LoadGame of one game until release closes, and counts
// the loads of that game; started gets a value when one begins.
type gatedStore struct {
	Store
	gated   string
	started chan struct{}
	release chan struct{}
	loads   atomic.Int32
}

func (g *gatedStore) LoadGame(ctx context.Context, id string) (StoredGame, error) {
	if id == g.gated {
		g.loads.Add(1)
		g.started <- struct{}{}
		<-g.release
	}
	return g.Store.LoadGame(ctx, id)
}

func TestLoadingAGameHoldsUpNoOther(t *testing.T) {
	st, err := OpenStore(context.Background(), filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	first, _ := New(Config{Store: st})
	a, _ := first.Create(context.Background(), friendGame("trick"))
	b, _ := first.Create(context.Background(), friendGame("trick"))
	first.Close()

	gs := &gatedStore{Store: st, gated: a.ID, started: make(chan struct{}, 2), release: make(chan struct{})}
	srv, _ := New(Config{Store: gs})
	defer srv.Close()
	got := make(chan *session, 2)
	for range 2 {
		go func() {
			s, err := srv.session(context.Background(), a.ID)
			if err != nil {
				t.Error(err)
			}
			got <- s
		}()
	}
	<-gs.started
	other := make(chan error, 1)
	go func() { _, err := srv.session(context.Background(), b.ID); other <- err }()
	select {
	case err := <-other:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		t.Error("opening a game waited for another game's load")
	}
	close(gs.release)
	if s1, s2 := <-got, <-got; s1 != s2 || s1 == nil {
		t.Errorf("two requests for one game got different sessions: %p %p", s1, s2)
	}
	if n := gs.loads.Load(); n != 1 {
		t.Errorf("the game was read from the store %d times for two requests at once, want 1", n)
	}
}

func TestAGameWhoseResultWasNotSavedIsFinishedOnLoad(t *testing.T) {
	e := newEnv(t)
	resp := e.create(friendGame("trick"))
	playHTTP(e, resp, 17)
	// The last action reaches the store, but not the result: the server
	// stopped in between.
	s, err := e.srv.session(context.Background(), resp.ID)
	if err != nil {
		t.Fatal(err)
	}
	s.mu.Lock()
	last := s.codec.Format(s.state.Legal(nil)[0])
	n := len(s.actions)
	s.mu.Unlock()
	if err := e.store.AppendAction(context.Background(), resp.ID, n, last); err != nil {
		t.Fatal(err)
	}
	e.restart()
	if st := e.state(resp.ID, resp.Token); !st.Finished {
		t.Fatalf("the game is not over after its last action (version %d)", st.Version)
	}
	if code, body := e.call("GET", "/api/games/"+resp.ID+"/replay", nil, nil); code != http.StatusOK {
		t.Errorf("the replay of a game whose result was not saved: %d %s", code, body)
	}
}
