package server

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"kartenwerk/engine"
	"kartenwerk/platform/rating"
)

// rankedStoreContract checks a RankedStore: of three pairings racing for
// one queued player exactly one wins, a match is finished and rated
// once, and the leaderboard and history show it.
func rankedStoreContract(t *testing.T, st Store) {
	ctx := t.Context()
	rs, as := st.(RankedStore), st.(AccountStore)
	now := time.UnixMilli(time.Now().UnixMilli())
	for i := range 4 {
		id := fmt.Sprint("id", i)
		if err := as.CreateAccount(ctx, Account{ID: id, Username: fmt.Sprint("player", i), Password: "x", Created: now}); err != nil {
			t.Fatal(err)
		}
		if err := rs.Enqueue(ctx, QueueEntry{Account: id, Game: "trick", Rating: 1500, Joined: now, Seen: now}, now.Add(-time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	if err := rs.Enqueue(ctx, QueueEntry{Account: "id0", Game: "trick", Joined: now}, now.Add(-time.Minute)); !errors.Is(err, ErrAlreadyQueued) {
		t.Errorf("queueing twice: %v, want ErrAlreadyQueued", err)
	}
	var wg sync.WaitGroup
	won := make(chan RankedMatch, 3)
	for i := 1; i <= 3; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m := RankedMatch{GameID: fmt.Sprint("g", i), Game: "trick", Accounts: [2]string{"id0", fmt.Sprint("id", i)},
				Tokens: [2]string{"a", "b"}, Created: now, PerMove: time.Minute, Banks: [2]time.Duration{time.Hour, time.Hour},
				TurnStarted: now, Before: [2]rating.Rating{rating.New(), rating.New()}}
			g := StoredGame{ID: m.GameID, Setup: engine.Setup{Game: "trick", Seats: 2}, Seats: []SeatConfig{{Kind: "ranked"}, {Kind: "ranked"}}, Created: now}
			err := rs.Pair(ctx, m, g)
			if err == nil {
				won <- m
			} else if !errors.Is(err, ErrNotQueued) {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	close(won)
	var winners []RankedMatch
	for m := range won {
		winners = append(winners, m)
	}
	if len(winners) != 1 {
		t.Fatalf("three pairings racing for one player: %d won, want exactly one", len(winners))
	}
	m := winners[0]
	left, err := rs.Queue(ctx, "trick", now)
	if err != nil || len(left) != 2 {
		t.Fatalf("after one pairing the queue holds %d (%v), want 2", len(left), err)
	}
	if got, err := rs.ActiveMatch(ctx, "id0", "trick"); err != nil || got.GameID != m.GameID || got.Usernames[0] != "player0" {
		t.Fatalf("active match of id0: %+v (%v), want %s", got, err, m.GameID)
	}
	m.Winner, m.Reason = 1, "p1 ran out of time"
	m.After = [2]rating.Rating{{Rating: 1400, Deviation: 300, Volatility: 0.06}, {Rating: 1600, Deviation: 300, Volatility: 0.06}}
	if err := rs.FinishMatch(ctx, m, "p2 wins (p1 ran out of time)", now); err != nil {
		t.Fatal(err)
	}
	if err := rs.FinishMatch(ctx, m, "again", now); !errors.Is(err, ErrMatchOver) {
		t.Errorf("finishing a match twice: %v, want ErrMatchOver", err)
	}
	board, err := rs.Leaderboard(ctx, "trick", 10)
	if err != nil || len(board) != 2 || board[0].Rating.Rating != 1600 || board[0].Wins != 1 || board[1].Losses != 1 || board[0].Games != 1 {
		t.Errorf("leaderboard after one game rated once: %+v (%v)", board, err)
	}
	hist, err := rs.MatchHistory(ctx, "id0", 10)
	if err != nil || len(hist) != 1 || hist[0].Winner != 1 || hist[0].After[0].Rating != 1400 || hist[0].Reason != m.Reason {
		t.Errorf("history of id0: %+v (%v)", hist, err)
	}
	if g, err := st.LoadGame(ctx, m.GameID); err != nil || !g.Finished || g.Result != "p2 wins (p1 ran out of time)" {
		t.Errorf("the game of a finished match: %+v (%v)", g, err)
	}
	if _, err := rs.ActiveMatch(ctx, "id0", "trick"); !errors.Is(err, ErrNoMatch) {
		t.Errorf("active match after it ended: %v, want ErrNoMatch", err)
	}
}

func TestSQLiteRankedStore(t *testing.T) {
	onStore(t, filepath.Join(t.TempDir(), "s.db"), rankedStoreContract)
}

func TestPostgresRankedStore(t *testing.T) { onStore(t, startPostgres(t), rankedStoreContract) }

// onStore runs a store's contract on the store a --db value names.
func onStore(t *testing.T, dsn string, contract func(*testing.T, Store)) {
	st, err := OpenStore(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	contract(t, st)
}
