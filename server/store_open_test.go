package server

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"kartenwerk/engine"
)

func TestOpenGamesCountInSQLite(t *testing.T) {
	openGamesContract(t, filepath.Join(t.TempDir(), "g.db"))
}

func TestOpenGamesCountInPostgres(t *testing.T) {
	openGamesContract(t, startPostgres(t))
}

// openGamesContract checks that the per-creator count of open games
// follows every way a game starts or stops being open, against a count
// of the games themselves: created, finished (twice, as a game that ends
// on restore is marked again), noted as played before an eviction,
// expired, and finished as a ranked match.
func openGamesContract(t *testing.T, db string) {
	st, err := OpenStore(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	s := st.(*sqlStore)
	check := func(step string) {
		t.Helper()
		for _, creator := range []string{"a", "b", "nobody"} {
			var want int
			if err := s.read.QueryRowContext(ctx, s.q(`SELECT count(*) FROM games WHERE creator = ? AND finished = 0`), creator).Scan(&want); err != nil {
				t.Fatal(err)
			}
			if got, err := st.OpenGames(ctx, creator); err != nil || got != want {
				t.Fatalf("after %s: %s has %d open games (%v), the games say %d", step, creator, got, err, want)
			}
		}
	}
	old := time.Now().Add(-time.Hour)
	for i, creator := range []string{"a", "a", "a", "b", "b"} {
		g := StoredGame{ID: string(rune('p' + i)), Setup: engine.Setup{Game: "trick", Seats: 2}, Created: old, Creator: creator}
		if err := st.CreateGame(ctx, g, 0); err != nil {
			t.Fatal(err)
		}
	}
	check("creating 3 games of a and 2 of b")
	if err := st.Finish(ctx, "p", "p1 wins"); err != nil {
		t.Fatal(err)
	}
	check("finishing one of a's")
	if err := st.Finish(ctx, "p", "p1 wins"); err != nil {
		t.Fatal(err)
	}
	check("finishing it again")
	if err := st.Touch(ctx, "q", time.Now()); err != nil {
		t.Fatal(err)
	}
	check("noting a game played, as an eviction does")
	ids, err := st.ExpireIdle(ctx, time.Now().Add(-time.Minute))
	if err != nil || len(ids) != 3 {
		t.Fatalf("expired %v (%v), want the 3 untouched open games", ids, err)
	}
	check("expiring the abandoned games")
	if err := st.Finish(ctx, "s", "p2 wins"); err != nil {
		t.Fatal(err)
	}
	check("finishing an expired game")
	if _, err := s.read.ExecContext(ctx, s.q(`UPDATE games SET finished = 0 WHERE id = ?`), "p"); err != nil {
		t.Fatal(err)
	}
	check("reopening a finished game by hand")
	if _, err := s.read.ExecContext(ctx, s.q(`DELETE FROM games WHERE id = ?`), "p"); err != nil {
		t.Fatal(err)
	}
	check("deleting an open game by hand")
}
