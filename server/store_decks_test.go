package server

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"kartenwerk/platform/codes"
)

// deckStoreContract checks a DeckStore: decks are their owner's alone,
// and trades racing for the same copies move each copy once, all of a
// trade or nothing, with a history row per trade that went through. The
// trades go to st and to other by turns: replicas on one database (or
// st again).
func deckStoreContract(t *testing.T, st, other Store) {
	ctx := t.Context()
	ds, cs, as := st.(DeckStore), st.(CodeStore), st.(AccountStore)
	const players = 9
	for i := range players {
		if err := as.CreateAccount(ctx, Account{ID: fmt.Sprint("id", i), Username: fmt.Sprint("player", i), Password: "x", Created: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	now := time.UnixMilli(time.Now().UnixMilli())
	d := SavedDeck{ID: "d1", Owner: "id0", Game: "athernum", Name: "Mine", List: "3 Cinder Scout\n", Share: "s1", Created: now, Updated: now}
	if err := ds.SaveDeck(ctx, d); err != nil {
		t.Fatal(err)
	}
	if err := ds.UpdateDeck(ctx, "id1", "d1", "Stolen", "", now); !errors.Is(err, ErrNoDeck) {
		t.Errorf("another account updates a deck: %v, want ErrNoDeck", err)
	}
	if err := ds.DeleteDeck(ctx, "id1", "d1"); !errors.Is(err, ErrNoDeck) {
		t.Errorf("another account deletes a deck: %v, want ErrNoDeck", err)
	}
	if _, err := ds.Deck(ctx, "id1", "d1"); !errors.Is(err, ErrNoDeck) {
		t.Errorf("another account reads a deck: %v, want ErrNoDeck", err)
	}
	if got, err := ds.SharedDeck(ctx, "s1"); err != nil || got != d {
		t.Errorf("shared deck %+v (%v), want %+v", got, err, d)
	}
	if list, err := ds.Decks(ctx, "id0", ""); err != nil || len(list) != 1 || list[0] != d {
		t.Errorf("decks of id0: %+v (%v)", list, err)
	}
	const rounds = 10
	for round := range rounds {
		if done := raceTrades(t, ds, other.(DeckStore), cs, round, players); done != 1 {
			t.Errorf("round %d: %d trades of 2 of 3 copies racing on two replicas: %d went through, want 1", round+1, players-1, done)
		}
	}
	total := 0
	for i := range players {
		coll, err := cs.Collection(ctx, fmt.Sprint("id", i))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range coll {
			total += c.Count
		}
	}
	trades, err := ds.Trades(ctx, "id0", 2*rounds)
	if total != 3*rounds || err != nil || len(trades) != rounds || trades[0].From != "player0" || trades[0].Count != 2 {
		t.Errorf("after %d races: %d copies in all, history %+v (%v); want %d copies and a row a race",
			rounds, total, trades, err, 3*rounds)
	}
}

// raceTrades gives player id0 three copies of a printing of its own for
// the round, then sends trades of two of them to each other player at
// once, by turns to a and b, and returns how many went through.
func raceTrades(t *testing.T, a, b DeckStore, cs CodeStore, round, players int) int {
	ctx := t.Context()
	now := time.UnixMilli(time.Now().UnixMilli())
	printing := fmt.Sprint("run ", round+1)
	var recs []codes.HashRecord
	for i := range 3 {
		recs = append(recs, codes.HashRecord{Hash: codes.Hash{byte(round + 1), byte(i + 1)}, Printing: codes.Printing{Game: "athernum", Card: "Ember Fox", Printing: printing}})
	}
	if _, err := cs.ImportCodes(ctx, recs); err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if err := cs.ClaimCode(ctx, r.Hash.String(), "id0", now); err != nil {
			t.Fatal(err)
		}
	}
	fox := CardPrinting{Game: "athernum", Card: "Ember Fox", Printing: printing}
	var done atomic.Int32
	ready := make(chan struct{})
	var wg sync.WaitGroup
	for i := 1; i < players; i++ {
		replica := a
		if i%2 == 0 {
			replica = b
		}
		wg.Go(func() {
			<-ready
			err := replica.TradeCards(ctx, Trade{ID: fmt.Sprint("t", round, "-", i), Giver: "id0", Receiver: fmt.Sprint("id", i), Card: fox, Count: 2, At: now})
			switch {
			case err == nil:
				done.Add(1)
			case !errors.Is(err, ErrNotOwned):
				t.Error(err)
			}
		})
	}
	close(ready)
	wg.Wait()
	return int(done.Load())
}

func TestSQLiteDeckStore(t *testing.T) {
	st := openTestStore(t, filepath.Join(t.TempDir(), "s.db"))
	deckStoreContract(t, st, st)
}

func TestPostgresDeckStore(t *testing.T) {
	dsn := startPostgres(t)
	deckStoreContract(t, openTestStore(t, dsn), openTestStore(t, dsn))
}

// openTestStore opens a store for the test alone, closed after it.
func openTestStore(t *testing.T, dsn string) Store {
	t.Helper()
	st, err := OpenStore(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}
