package server

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// tournamentStoreContract checks a TournamentStore: of replicas saving one
// version at once exactly one wins, a save's games and holds join the
// tournament only when it wins, and the organiser role is set by
// username.
func tournamentStoreContract(t *testing.T, st Store) {
	ctx := t.Context()
	ts := st.(TournamentStore)
	acc := Account{ID: "org-id", Username: "Orga", Password: "x", Created: time.Now()}
	if err := st.(AccountStore).CreateAccount(ctx, acc); err != nil {
		t.Fatal(err)
	}
	if err := ts.SetOrganiser(ctx, "orga", true); err != nil {
		t.Fatal(err)
	}
	if o, err := ts.IsOrganiser(ctx, acc.ID); !o || err != nil {
		t.Errorf("granted: organiser %v (%v)", o, err)
	}
	if err := ts.SetOrganiser(ctx, "nobody", true); !errors.Is(err, ErrNoAccount) {
		t.Errorf("organiser role for an unknown name: %v, want ErrNoAccount", err)
	}
	if err := ts.CreateTournament(ctx, StoredTournament{ID: "t1", Organiser: acc.ID, Created: time.Now(), Data: []byte(`{"v":0}`),
		Holds: []string{"first"}}); err != nil {
		t.Fatal(err)
	}
	if ids, err := ts.TournamentsHolding(ctx, "first"); err != nil || len(ids) != 1 || ids[0] != "t1" {
		t.Errorf("the tournaments holding the deck of an account registered at creation: %v %v, want t1", ids, err)
	}
	const racers = 6
	var wg sync.WaitGroup
	won := make(chan int, racers)
	for i := range racers {
		wg.Go(func() {
			err := ts.SaveTournament(ctx, StoredTournament{ID: "t1", Version: 1, Data: fmt.Appendf(nil, `{"v":%d}`, i),
				Holds: []string{fmt.Sprint("racer", i)}}, []string{fmt.Sprint("game", i)})
			switch {
			case err == nil:
				won <- i
			case !errors.Is(err, ErrTournamentChanged):
				t.Error(err)
			}
		})
	}
	wg.Wait()
	close(won)
	var winners []int
	for i := range won {
		winners = append(winners, i)
	}
	if len(winners) != 1 {
		t.Fatalf("%d saves of version 1 won, want exactly 1", len(winners))
	}
	got, err := ts.LoadTournament(ctx, "t1")
	if err != nil || got.Version != 2 || string(got.Data) != fmt.Sprintf(`{"v":%d}`, winners[0]) || got.Organiser != acc.ID {
		t.Errorf("after the race: %+v %s (%v)", got, got.Data, err)
	}
	for i := range racers {
		id, err := ts.TournamentOfGame(ctx, fmt.Sprint("game", i))
		if i == winners[0] && (id != "t1" || err != nil) {
			t.Errorf("the winning save's game: %q %v", id, err)
		}
		if i != winners[0] && !errors.Is(err, ErrNoTournament) {
			t.Errorf("a losing save's game game%d joined %q (%v)", i, id, err)
		}
		held, err := ts.TournamentsHolding(ctx, fmt.Sprint("racer", i))
		if err != nil || (i == winners[0]) != (len(held) == 1) {
			t.Errorf("tournaments holding racer%d's deck: %v %v, want t1 for the winner's alone", i, held, err)
		}
	}
	// A save replaces the holds: a player who dropped, or all of them as
	// the tournament ends, is held no more.
	if ids, err := ts.TournamentsHolding(ctx, "first"); err != nil || len(ids) != 0 {
		t.Errorf("an account the saved holds leave out is still held by %v (%v)", ids, err)
	}
	if err := ts.SaveTournament(ctx, StoredTournament{ID: "t1", Version: 2, Data: []byte(`{"v":"end"}`)}, nil); err != nil {
		t.Fatal(err)
	}
	if ids, err := ts.TournamentsHolding(ctx, fmt.Sprint("racer", winners[0])); err != nil || len(ids) != 0 {
		t.Errorf("a save with no holds left racer%d held by %v (%v)", winners[0], ids, err)
	}
	if _, err := ts.LoadTournament(ctx, "nope"); !errors.Is(err, ErrNoTournament) {
		t.Errorf("an unknown tournament: %v", err)
	}
	if list, err := ts.ListTournaments(ctx, 10); err != nil || len(list) != 1 || list[0].ID != "t1" {
		t.Errorf("list: %+v %v", list, err)
	}
}

func TestTournamentStoreOnSQLiteAndPostgres(t *testing.T) {
	for name, dsn := range map[string]func() string{
		"sqlite":   func() string { return filepath.Join(t.TempDir(), "s.db") },
		"postgres": func() string { return startPostgres(t) },
	} {
		t.Run(name, func(t *testing.T) {
			st, err := OpenStore(context.Background(), dsn())
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			tournamentStoreContract(t, st)
		})
	}
}
