package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
	_ "modernc.org/sqlite"             // the "sqlite" database/sql driver
)

// sqlStore is a Store over database/sql, for SQLite and PostgreSQL. Actions
// are written by one goroutine that commits whatever has queued up in a
// single transaction, so many games moving at once cost few commits.
type sqlStore struct {
	db       *sql.DB
	postgres bool
	appends  chan appendReq
	done     chan struct{}
	stopped  chan struct{}
}

type appendReq struct {
	id     string
	n      int
	action string
	reply  chan error
}

const schema = `
CREATE TABLE IF NOT EXISTS games (
	id       TEXT PRIMARY KEY,
	setup    TEXT NOT NULL,
	seats    TEXT NOT NULL,
	created  BIGINT NOT NULL,
	finished INTEGER NOT NULL DEFAULT 0,
	result   TEXT NOT NULL DEFAULT '',
	rematch  TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS actions (
	game_id TEXT NOT NULL,
	n       INTEGER NOT NULL,
	action  TEXT NOT NULL,
	PRIMARY KEY (game_id, n)
);`

func openSQLite(ctx context.Context, path string) (Store, error) {
	dsn := "file:" + path + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open SQLite file %s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	return newSQLStore(ctx, db, false, "SQLite file "+path)
}

func openPostgres(ctx context.Context, url string) (Store, error) {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return nil, fmt.Errorf("open PostgreSQL: %w", err)
	}
	db.SetMaxOpenConns(8)
	return newSQLStore(ctx, db, true, "PostgreSQL")
}

func newSQLStore(ctx context.Context, db *sql.DB, postgres bool, what string) (Store, error) {
	for _, stmt := range strings.Split(schema, ";") {
		if strings.TrimSpace(stmt) == "" {
			continue
		}
		if _, err := db.ExecContext(ctx, stmt); err != nil {
			db.Close()
			return nil, fmt.Errorf("prepare %s: %w (check that the path is writable or the URL reachable)", what, err)
		}
	}
	s := &sqlStore{db: db, postgres: postgres, appends: make(chan appendReq, 1024), done: make(chan struct{}), stopped: make(chan struct{})}
	go s.writer()
	return s, nil
}

// q rewrites ? placeholders as $1, $2... for PostgreSQL.
func (s *sqlStore) q(query string) string {
	if !s.postgres {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func (s *sqlStore) CreateGame(ctx context.Context, g StoredGame) error {
	setup, err := json.Marshal(g.Setup)
	if err != nil {
		return err
	}
	seats, err := json.Marshal(g.Seats)
	if err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, s.q(`INSERT INTO games (id, setup, seats, created) VALUES (?, ?, ?, ?)`),
		g.ID, string(setup), string(seats), g.Created.UnixMilli())
	return err
}

func (s *sqlStore) AppendAction(ctx context.Context, id string, n int, action string) error {
	req := appendReq{id: id, n: n, action: action, reply: make(chan error, 1)}
	select {
	case s.appends <- req:
	case <-s.done:
		return errors.New("the store is closed")
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case err := <-req.reply:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// writer commits queued actions in batches until the store closes.
func (s *sqlStore) writer() {
	defer close(s.stopped)
	batch := make([]appendReq, 0, 256)
	for {
		select {
		case req := <-s.appends:
			batch = append(batch[:0], req)
		case <-s.done:
			return
		}
	more:
		for len(batch) < cap(batch) {
			select {
			case req := <-s.appends:
				batch = append(batch, req)
			default:
				break more
			}
		}
		err := s.commit(batch)
		for _, r := range batch {
			r.reply <- err
		}
	}
}

func (s *sqlStore) commit(batch []appendReq) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	stmt := s.q(`INSERT INTO actions (game_id, n, action) VALUES (?, ?, ?)`)
	for _, r := range batch {
		if _, err := tx.ExecContext(ctx, stmt, r.id, r.n, r.action); err != nil {
			tx.Rollback()
			return fmt.Errorf("save action %d of game %s: %w", r.n+1, r.id, err)
		}
	}
	return tx.Commit()
}

func (s *sqlStore) Finish(ctx context.Context, id, result string) error {
	_, err := s.db.ExecContext(ctx, s.q(`UPDATE games SET finished = 1, result = ? WHERE id = ?`), result, id)
	return err
}

func (s *sqlStore) SetRematch(ctx context.Context, id, next string) error {
	_, err := s.db.ExecContext(ctx, s.q(`UPDATE games SET rematch = ? WHERE id = ?`), next, id)
	return err
}

func (s *sqlStore) LoadGame(ctx context.Context, id string) (StoredGame, error) {
	row := s.db.QueryRowContext(ctx, s.q(`SELECT id, setup, seats, created, finished, result, rematch FROM games WHERE id = ?`), id)
	g, err := scanGame(row)
	if errors.Is(err, sql.ErrNoRows) {
		return g, ErrNotFound
	}
	if err != nil {
		return g, err
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT n, action FROM actions WHERE game_id = ? ORDER BY n`), id)
	if err != nil {
		return g, err
	}
	defer rows.Close()
	for rows.Next() {
		var n int
		var a string
		if err := rows.Scan(&n, &a); err != nil {
			return g, err
		}
		if n != len(g.Actions) {
			return g, fmt.Errorf("game %s: action %d is missing from the store", id, len(g.Actions)+1)
		}
		g.Actions = append(g.Actions, a)
	}
	return g, rows.Err()
}

func (s *sqlStore) ListGames(ctx context.Context, limit int) ([]StoredGame, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT id, setup, seats, created, finished, result, rematch FROM games ORDER BY created DESC, id LIMIT ?`), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []StoredGame
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

type scanner interface{ Scan(dest ...any) error }

func scanGame(r scanner) (StoredGame, error) {
	var g StoredGame
	var setup, seats string
	var created int64
	var finished int
	if err := r.Scan(&g.ID, &setup, &seats, &created, &finished, &g.Result, &g.Rematch); err != nil {
		return g, err
	}
	g.Created, g.Finished = time.UnixMilli(created), finished != 0
	if err := json.Unmarshal([]byte(setup), &g.Setup); err != nil {
		return g, fmt.Errorf("game %s: stored setup: %w", g.ID, err)
	}
	if err := json.Unmarshal([]byte(seats), &g.Seats); err != nil {
		return g, fmt.Errorf("game %s: stored seats: %w", g.ID, err)
	}
	return g, nil
}

func (s *sqlStore) Close() error {
	close(s.done)
	<-s.stopped
	return s.db.Close()
}
