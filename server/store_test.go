package server

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"kartenwerk/engine"
)

// storeContract checks what every Store must do.
func storeContract(t *testing.T, st Store) {
	ctx := context.Background()
	id := newGameID()
	g := StoredGame{ID: id, Setup: engine.Setup{Game: "trick", Seats: 2, Seed: 42}, Created: time.Now(),
		Seats: []SeatConfig{{Kind: KindYou, Token: "a"}, {Kind: KindAI, Agent: "random"}}}
	if err := st.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	if err := st.CreateGame(ctx, g); err == nil {
		t.Error("a second game with the same id was stored")
	}
	for i, a := range []string{"play c1", "play c10", "play c2"} {
		if err := st.AppendAction(ctx, id, i, a); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.AppendAction(ctx, id, 1, "play c3"); err == nil {
		t.Error("action 2 was stored twice")
	}
	if err := st.Finish(ctx, id, "p1 wins (tricks)"); err != nil {
		t.Fatal(err)
	}
	if err := st.SetRematch(ctx, id, "next"); err != nil {
		t.Fatal(err)
	}
	got, err := st.LoadGame(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Actions) != 3 || got.Actions[1] != "play c10" || !got.Finished || got.Result != "p1 wins (tricks)" ||
		got.Rematch != "next" || got.Setup.Seed != 42 || got.Seats[1].Agent != "random" || got.Seats[0].Token != "a" {
		t.Errorf("loaded %+v", got)
	}
	if _, err := st.LoadGame(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("an unknown game: %v, want ErrNotFound", err)
	}
	list, err := st.ListGames(ctx, 10)
	if err != nil || len(list) == 0 || list[0].ID != id || list[0].Actions != nil {
		t.Errorf("list: %+v %v", list, err)
	}
}

func TestSQLiteStore(t *testing.T) {
	st, err := OpenStore(context.Background(), filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	storeContract(t, st)
}

// TestPostgresStore runs against the PostgreSQL server named by
// KARTENWERK_TEST_POSTGRES (a postgres:// URL), when one is given.
func TestPostgresStore(t *testing.T) {
	url := os.Getenv("KARTENWERK_TEST_POSTGRES")
	if url == "" {
		t.Skip("set KARTENWERK_TEST_POSTGRES=postgres://... to test the PostgreSQL store")
	}
	st, err := OpenStore(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	storeContract(t, st)
}

func TestOpenStoreErrors(t *testing.T) {
	if _, err := OpenStore(context.Background(), ""); err == nil {
		t.Error("an empty --db was accepted")
	}
	if _, err := OpenStore(context.Background(), filepath.Join(t.TempDir(), "no", "such", "dir", "x.db")); err == nil {
		t.Error("a SQLite file in a missing directory was accepted")
	}
}
