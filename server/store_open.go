package server

import (
	"context"
	"database/sql"
)

// A creator's open games are counted in open_games, kept by triggers on
// games in the transaction that creates, finishes, expires or deletes a
// game, whichever code path writes it: a cap check reads one row where it
// counted every unfinished game of the creator, which for a busy address
// was thousands of index entries per game created. The count lives in the
// store, so replicas and a restarted server read the same number.

// openGamesSQLite is the count's table and triggers in SQLite. A trigger
// body cannot branch, so each step is an upsert whose WHERE says when it
// applies (the WHERE also lets SQLite parse an upsert from a SELECT).
var openGamesSQLite = []string{
	`CREATE TABLE IF NOT EXISTS open_games (creator TEXT PRIMARY KEY, n INTEGER NOT NULL)`,
	`CREATE TRIGGER IF NOT EXISTS open_games_insert AFTER INSERT ON games BEGIN
		INSERT INTO open_games (creator, n) SELECT NEW.creator, 1 WHERE NEW.finished = 0
			ON CONFLICT (creator) DO UPDATE SET n = open_games.n + 1;
	END`,
	`CREATE TRIGGER IF NOT EXISTS open_games_update AFTER UPDATE OF finished, creator ON games BEGIN
		INSERT INTO open_games (creator, n) SELECT OLD.creator, -1 WHERE OLD.finished = 0
			ON CONFLICT (creator) DO UPDATE SET n = open_games.n - 1;
		INSERT INTO open_games (creator, n) SELECT NEW.creator, 1 WHERE NEW.finished = 0
			ON CONFLICT (creator) DO UPDATE SET n = open_games.n + 1;
	END`,
	`CREATE TRIGGER IF NOT EXISTS open_games_delete AFTER DELETE ON games BEGIN
		INSERT INTO open_games (creator, n) SELECT OLD.creator, -1 WHERE OLD.finished = 0
			ON CONFLICT (creator) DO UPDATE SET n = open_games.n - 1;
	END`,
}

// openGamesPostgres is the same in PostgreSQL: one trigger function.
var openGamesPostgres = []string{
	`CREATE TABLE IF NOT EXISTS open_games (creator TEXT PRIMARY KEY, n INTEGER NOT NULL)`,
	`CREATE OR REPLACE FUNCTION count_open_games() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.finished = 0 THEN
			INSERT INTO open_games (creator, n) VALUES (OLD.creator, -1)
				ON CONFLICT (creator) DO UPDATE SET n = open_games.n - 1;
		END IF;
		IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.finished = 0 THEN
			INSERT INTO open_games (creator, n) VALUES (NEW.creator, 1)
				ON CONFLICT (creator) DO UPDATE SET n = open_games.n + 1;
		END IF;
		RETURN NULL;
	END $$`,
	`DROP TRIGGER IF EXISTS open_games_count ON games`,
	`CREATE TRIGGER open_games_count AFTER INSERT OR DELETE OR UPDATE OF finished, creator ON games
		FOR EACH ROW EXECUTE FUNCTION count_open_games()`,
}

// migrateOpenGames adds the per-creator count of open games, counting the
// games already stored.
func migrateOpenGames(ctx context.Context, tx *sql.Tx, postgres bool) error {
	stmts := openGamesSQLite
	if postgres {
		stmts = openGamesPostgres
	}
	for _, stmt := range stmts {
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return err
		}
	}
	_, err := tx.ExecContext(ctx, `DELETE FROM open_games`)
	if err == nil {
		_, err = tx.ExecContext(ctx, `INSERT INTO open_games (creator, n)
			SELECT creator, count(*) FROM games WHERE finished = 0 GROUP BY creator`)
	}
	if err == nil {
		// The count was the index's only reader; keeping it would cost
		// every game created or finished an index write for nothing.
		_, err = tx.ExecContext(ctx, `DROP INDEX IF EXISTS games_open_by_creator`)
	}
	return err
}

func (s *sqlStore) OpenGames(ctx context.Context, creator string) (int, error) {
	var n int
	err := s.read.QueryRowContext(ctx, s.q(`SELECT n FROM open_games WHERE creator = ?`), creator).Scan(&n)
	if err == sql.ErrNoRows {
		return 0, nil
	}
	return n, err
}
