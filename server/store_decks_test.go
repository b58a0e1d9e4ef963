package server

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"kartenwerk/platform/codes"
)

// deckStoreContract checks a DeckStore: decks are their owner's alone,
// and trades racing for the same copies move each copy once, all of a
// trade or nothing, with a history row per trade that went through.
func deckStoreContract(t *testing.T, st Store) {
	ctx := t.Context()
	ds, cs, as := st.(DeckStore), st.(CodeStore), st.(AccountStore)
	const players = 5
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
	var recs []codes.HashRecord
	for i := range 3 {
		recs = append(recs, codes.HashRecord{Hash: codes.Hash{byte(i + 1)}, Printing: codes.Printing{Game: "athernum", Card: "Ember Fox", Printing: "first"}})
	}
	if _, err := cs.ImportCodes(ctx, recs); err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if err := cs.ClaimCode(ctx, r.Hash.String(), "id0", now); err != nil {
			t.Fatal(err)
		}
	}
	fox := CardPrinting{Game: "athernum", Card: "Ember Fox", Printing: "first"}
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for i := 1; i < players; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := ds.TradeCards(ctx, Trade{ID: fmt.Sprint("t", i), Giver: "id0", Receiver: fmt.Sprint("id", i), Card: fox, Count: 2, At: now})
			if err == nil {
				mu.Lock()
				done++
				mu.Unlock()
			} else if !errors.Is(err, ErrNotOwned) {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
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
	trades, err := ds.Trades(ctx, "id0", 10)
	if done != 1 || total != 3 || err != nil || len(trades) != 1 || trades[0].From != "player0" || trades[0].Count != 2 {
		t.Errorf("%d trades of 2 of 3 copies racing: %d went through, %d copies in all, history %+v (%v); want 1, 3 and its one row",
			players-1, done, total, trades, err)
	}
}

func TestSQLiteDeckStore(t *testing.T) {
	deckStoreContract(t, openTestStore(t, filepath.Join(t.TempDir(), "s.db")))
}
func TestPostgresDeckStore(t *testing.T) { deckStoreContract(t, openTestStore(t, startPostgres(t))) }

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
