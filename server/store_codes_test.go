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

// codeStoreContract checks a CodeStore: a code registers to one account
// of many racing for it, a flag names both accounts, the collection
// counts per printing, and a second import adds nothing.
func codeStoreContract(t *testing.T, st Store) {
	ctx := t.Context()
	cs := st.(CodeStore)
	as := st.(AccountStore)
	const racers = 8
	for i := range racers {
		acc := Account{ID: fmt.Sprint("id", i), Username: fmt.Sprint("player", i), Password: "x", Created: time.Now()}
		if err := as.CreateAccount(ctx, acc); err != nil {
			t.Fatal(err)
		}
	}
	var recs []codes.HashRecord
	for i := range 3 {
		recs = append(recs, codes.HashRecord{Hash: codes.Hash{byte(i + 1)},
			Printing: codes.Printing{Game: "athernum", Card: "Ember Fox", Printing: "first"}})
	}
	for _, want := range []int{3, 0} {
		if added, err := cs.ImportCodes(ctx, recs); added != want || err != nil {
			t.Fatalf("import: %d added (%v), want %d", added, err, want)
		}
	}
	hash := recs[0].Hash.String()
	var wg sync.WaitGroup
	won := make(chan string, racers)
	for i := range racers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := cs.ClaimCode(ctx, hash, fmt.Sprint("id", i), time.Now())
			if err == nil {
				won <- fmt.Sprint("id", i)
			} else if !errors.Is(err, ErrCodeClaimed) {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	close(won)
	var winners []string
	for w := range won {
		winners = append(winners, w)
	}
	c, err := cs.CodeByHash(ctx, hash)
	if len(winners) != 1 || err != nil || c.Owner != winners[0] {
		t.Fatalf("%d accounts racing for one code: winners %v, stored owner %q (%v); want exactly one", racers, winners, c.Owner, err)
	}
	copier := "id0"
	if winners[0] == copier {
		copier = "id1"
	}
	for range 2 {
		if err := cs.FlagCode(ctx, hash, copier, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	flags, err := cs.CodeFlags(ctx, 10)
	if err != nil || len(flags) != 1 || flags[0].AttemptBy == flags[0].Owner || flags[0].Card.Card != "Ember Fox" {
		t.Errorf("flags: %+v (%v), want one naming two accounts", flags, err)
	}
	if err := cs.ClaimCode(ctx, recs[1].Hash.String(), winners[0], time.Now()); err != nil {
		t.Fatal(err)
	}
	coll, err := cs.Collection(ctx, winners[0])
	if err != nil || len(coll) != 1 || coll[0].Count != 2 {
		t.Errorf("collection: %+v (%v), want 2 Ember Fox", coll, err)
	}
	if _, err := cs.CodeByHash(ctx, codes.Hash{0xff}.String()); !errors.Is(err, ErrNoCode) {
		t.Errorf("an unknown hash: %v, want ErrNoCode", err)
	}
	if err := cs.SetPublisher(ctx, "nobody", true); !errors.Is(err, ErrNoAccount) {
		t.Errorf("publisher role for an unknown name: %v, want ErrNoAccount", err)
	}
}

func TestSQLiteCodeStore(t *testing.T) {
	st, err := OpenStore(context.Background(), filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	codeStoreContract(t, st)
}

func TestPostgresCodeStore(t *testing.T) {
	st, err := OpenStore(context.Background(), startPostgres(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	codeStoreContract(t, st)
}
