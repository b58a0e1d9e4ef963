package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
	_ "modernc.org/sqlite"             // the "sqlite" database/sql driver
)

// sqlStore is a Store over database/sql, for SQLite and PostgreSQL.
//
// Every write goes through one goroutine, the writer, which commits
// whatever has queued up in a single transaction: many games moving at
// once cost few commits, and no write waits for a connection or a lock
// held by another. Reads use their own connections.
//
// Durability: a write returns once its transaction is committed. With
// PostgreSQL a commit is on disk. With SQLite (write-ahead log,
// synchronous=NORMAL) a commit survives the server process being stopped,
// killed or crashing; it reaches the disk itself, and so survives a power
// failure or an OS crash, at the next checkpoint, which the store runs at
// most syncEvery after a commit, on another connection, so the writer
// never waits for it.
type sqlStore struct {
	db       *sql.DB // the writer's: one connection
	read     *sql.DB // reads and checkpoints (PostgreSQL: the same pool)
	postgres bool
	// leases is PostgreSQL's connection of its own for renewing this
	// replica's leases and finding games without an owner, so that a
	// pool busy with moves cannot keep a replica from renewing (and so
	// from keeping every game it owns).
	leases *sql.DB
	dsn    string // PostgreSQL's, for the LISTEN connection
	ops    chan writeOp
	stmts  map[string]*sql.Stmt // the writer's prepared statements
	dirty  chan struct{}        // SQLite: a commit awaits its checkpoint
	// SQLite: writes committed since the last checkpoint began, and the
	// writer's word that they are many (checkpointEvery).
	sinceCheckpoint atomic.Int64
	busy            chan struct{}
	done            chan struct{}
	stopped         chan struct{}
	synced          chan struct{}
	// raw are SQLite's prepared statements, on the driver's connection
	// (store_sqlite.go).
	raw rawStmts
	// actlog is what SQLite's writer knows of the action log
	// (store_actionlog.go); nil for PostgreSQL.
	actlog *actionLog
	// commitMu is held by whoever commits: the writer, or a caller that
	// found the writer idle (commitHere). closed is set under it once the
	// writer has drained the queue at Close; here is commitHere's batch.
	commitMu sync.Mutex
	closed   bool
	here     []writeOp
	// pace is the rate of writes, and whether it calls for lingering
	// (store_writer.go).
	pace writePace
	// commits is how many commits the store has made: against the
	// writes, how well it batched them.
	commits  atomic.Int64
	closing  sync.Once
	closeErr error
	// holdings is SQLite's lock on each account's holdings (HoldCards).
	holdings keyedMutex
}

// syncEvery bounds how long a SQLite commit waits for its checkpoint, and
// so how much play a power failure can lose.
const syncEvery = time.Second

// gamesSchema is the first migration's tables.
const gamesSchema = `
CREATE TABLE IF NOT EXISTS games (
	id       TEXT PRIMARY KEY,
	setup    TEXT NOT NULL,
	seats    TEXT NOT NULL,
	created  BIGINT NOT NULL,
	finished INTEGER NOT NULL DEFAULT 0,
	result   TEXT NOT NULL DEFAULT '',
	rematch  TEXT NOT NULL DEFAULT '',
	touched  BIGINT NOT NULL DEFAULT 0,
	creator  TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS actions (
	game_id TEXT NOT NULL,
	n       INTEGER NOT NULL,
	action  TEXT NOT NULL,
	PRIMARY KEY (game_id, n)
)%s;`

// sqliteActions keeps SQLite's actions in their primary key's b-tree
// alone, not in a second one beside it: a saved action writes one b-tree,
// about a quarter less work per commit. Files made before keep their table.
const sqliteActions = " WITHOUT ROWID"

func openSQLite(ctx context.Context, path string) (Store, error) {
	// The writer checkpoints only as a backstop (at 10000 pages): the
	// store's own checkpoints, on another connection, keep the log short.
	dsn := "file:" + path + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)"
	db, err := sql.Open("sqlite", dsn+"&_pragma=wal_autocheckpoint(10000)")
	if err != nil {
		return nil, fmt.Errorf("open SQLite file %s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	read, err := sql.Open("sqlite", dsn)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open SQLite file %s: %w", path, err)
	}
	read.SetMaxOpenConns(4)
	st, err := newSQLStore(ctx, db, read, false, "SQLite file "+path)
	if err != nil {
		return nil, err // not a nil *sqlStore in a non-nil Store
	}
	return st, nil
}

func openPostgres(ctx context.Context, url string) (Store, error) {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return nil, fmt.Errorf("open PostgreSQL: %w", err)
	}
	// Idle connections are kept up to the pool's size: with the default
	// two, a replica under load closed and opened a connection (TCP and
	// authentication) for most queries.
	db.SetMaxOpenConns(8)
	db.SetMaxIdleConns(8)
	leases, err := sql.Open("pgx", url)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open PostgreSQL: %w", err)
	}
	leases.SetMaxOpenConns(1)
	st, err := newSQLStore(ctx, db, db, true, "PostgreSQL")
	if err != nil {
		leases.Close()
		return nil, err
	}
	st.dsn, st.leases = url, leases
	return st, nil
}

func newSQLStore(ctx context.Context, db, read *sql.DB, postgres bool, what string) (*sqlStore, error) {
	if err := migrate(ctx, db, postgres); err != nil {
		closeDBs(db, read)
		return nil, fmt.Errorf("prepare %s: %w (check that the path is writable or the URL reachable)", what, err)
	}
	if !postgres {
		if err := recoverActionLog(ctx, db); err != nil {
			closeDBs(db, read)
			return nil, fmt.Errorf("open %s: %w", what, err)
		}
	}
	s := &sqlStore{db: db, read: read, postgres: postgres, ops: make(chan writeOp, 1024), stmts: map[string]*sql.Stmt{},
		dirty: make(chan struct{}, 1), busy: make(chan struct{}, 1), done: make(chan struct{}), stopped: make(chan struct{}), synced: make(chan struct{}),
		here: make([]writeOp, 0, 256), pace: writePace{wait: lingerFor, above: lingerAbove}}
	if !postgres {
		s.actlog = newActionLog()
	}
	go s.writer()
	if postgres {
		s.pace.above = lingerAbovePG
		close(s.synced)
	} else {
		go s.syncer()
	}
	return s, nil
}

func closeDBs(db, read *sql.DB) error {
	err := db.Close()
	if read != db {
		err = errors.Join(err, read.Close())
	}
	return err
}

// q rewrites ? placeholders as $1, $2... for PostgreSQL.
func (s *sqlStore) q(query string) string { return rebind(s.postgres, query) }

// rebind rewrites ? placeholders as $1, $2... when postgres is set.
func rebind(postgres bool, query string) string {
	if !postgres {
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

func (s *sqlStore) CreateGame(ctx context.Context, g StoredGame, maxOpen int) error {
	setup, err := json.Marshal(g.Setup)
	if err != nil {
		return err
	}
	seats, err := json.Marshal(g.Seats)
	if err != nil {
		return err
	}
	op := writeOp{what: "create game " + g.ID,
		query: `INSERT INTO games (id, setup, seats, created, creator, owner) VALUES (?, ?, ?, ?, ?, ?)`,
		args:  []any{g.ID, string(setup), string(seats), g.Created.UnixMilli(), g.Creator, g.Owner}}
	if maxOpen > 0 {
		op.query, op.args, op.mustAffect = insertUnderCap(s.postgres), append(op.args, maxOpen), ErrOpenGamesFull
	}
	return s.write(ctx, op)
}

// insertUnderCap inserts a game (the arguments of CreateGame's insert,
// then the cap) only while its creator has fewer unfinished games than
// the cap. SQLite has one writer, which runs it whole before the next
// write. On PostgreSQL two replicas' transactions run at once, so it
// first locks the creator's count (the upsert waits for a transaction
// holding it, then reads the count that one committed), which the
// trigger counting open games then raises in the same transaction.
func insertUnderCap(postgres bool) string {
	if postgres {
		return `WITH counted AS (
			INSERT INTO open_games (creator, n) VALUES ($5, 0)
			ON CONFLICT (creator) DO UPDATE SET n = open_games.n RETURNING n)
		INSERT INTO games (id, setup, seats, created, creator, owner)
		SELECT $1::text, $2::text, $3::text, $4::bigint, $5::text, $6::text FROM counted WHERE counted.n < $7::integer`
	}
	return `INSERT INTO games (id, setup, seats, created, creator, owner)
		SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE coalesce((SELECT n FROM open_games WHERE creator = ?5), 0) < ?7`
}

func (s *sqlStore) AppendAction(ctx context.Context, id string, n int, action string) error {
	if s.actlog != nil {
		return s.write(ctx, writeOp{savesAction: id, savesN: n, logged: true,
			query: appendToLog, args: []any{int64(0), id, n, action}})
	}
	return s.write(ctx, writeOp{savesAction: id, savesN: n, query: insertAction, args: []any{id, n, action}})
}

func (s *sqlStore) Finish(ctx context.Context, id, result string) error {
	return s.write(ctx, writeOp{what: "finish game " + id,
		query: `UPDATE games SET finished = 1, result = ? WHERE id = ?`, args: []any{result, id}})
}

func (s *sqlStore) SetRematch(ctx context.Context, id, next string) error {
	return s.write(ctx, writeOp{what: "link the rematch of game " + id,
		query: `UPDATE games SET rematch = ? WHERE id = ?`, args: []any{next, id}})
}

func (s *sqlStore) Touch(ctx context.Context, id string, at time.Time) error {
	return s.write(ctx, writeOp{what: "note when game " + id + " was played",
		query: `UPDATE games SET touched = ? WHERE id = ?`, args: []any{at.UnixMilli(), id}})
}

// expiredResult is the result of a game that expired unfinished.
const expiredResult = "expired"

func (s *sqlStore) ExpireIdle(ctx context.Context, before time.Time) ([]string, error) {
	ids, err := queryStrings(ctx, s.read, s.q(`SELECT id FROM games WHERE finished = 0
		AND CASE WHEN touched > 0 THEN touched ELSE created END < ? LIMIT 1000`), before.UnixMilli())
	if err != nil {
		return nil, err
	}
	var done []string
	for _, id := range ids {
		// finished = 0 again: a game that ended meanwhile keeps its result.
		err := s.write(ctx, writeOp{what: "expire game " + id,
			query: `UPDATE games SET finished = 1, result = ? WHERE id = ? AND finished = 0`, args: []any{expiredResult, id}})
		if err != nil {
			return done, err
		}
		done = append(done, id)
	}
	return done, nil
}

// checkpointEvery is how many writes a busy server commits before the
// store checkpoints, rather than waiting for syncEvery. The writer's own
// checkpoint, a backstop at 10,000 pages of log, then finds nearly every
// page copied already: it runs inside a commit, and at 9,000 moves a
// second the copying it did alone held every move for 60 ms twice a
// second. The writer's checkpoint is still the one that lets the log
// start over from its beginning, which takes a moment when every page
// is copied, one the store's checkpoints never find while writes stream.
// A page that several writes changed since the last checkpoint is copied
// once: at 512 writes the checkpoints cost a busy server 6-9% more CPU a
// move (5,000 and 9,900 games) than at 4,096, which at 9,000 moves a
// second is still a checkpoint every half second.
const checkpointEvery = 4096

// syncer checkpoints the SQLite log at most syncEvery after a commit,
// which puts every commit so far on disk (see sqlStore), and sooner when
// checkpointEvery writes have been committed since the last.
func (s *sqlStore) syncer() {
	defer close(s.synced)
	for {
		select {
		case <-s.dirty:
		case <-s.busy:
		case <-s.stopped:
			s.checkpoint()
			return
		}
		if s.sinceCheckpoint.Load() < checkpointEvery {
			select {
			case <-time.After(syncEvery):
			case <-s.busy:
			case <-s.stopped:
			}
		}
		s.checkpoint()
	}
}

func (s *sqlStore) checkpoint() {
	s.sinceCheckpoint.Store(0)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// PASSIVE copies what it can without waiting for the writer; it syncs
	// the log first, which is what makes the commits durable.
	s.read.ExecContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`)
}

func (s *sqlStore) LoadGame(ctx context.Context, id string) (StoredGame, error) {
	row := s.read.QueryRowContext(ctx, s.q(`SELECT id, setup, seats, created, finished, result, rematch, owner FROM games WHERE id = ?`), id)
	g, err := scanGame(row)
	if errors.Is(err, sql.ErrNoRows) {
		return g, ErrNotFound
	}
	if err != nil {
		return g, err
	}
	if err := s.loadSeatNames(ctx, &g); err != nil {
		return g, err
	}
	rows, err := s.queryActions(ctx, id)
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
		if n == len(g.Actions)-1 {
			return g, fmt.Errorf("game %s: action %d is stored twice with different texts", id, n+1)
		}
		if n != len(g.Actions) {
			return g, fmt.Errorf("game %s: action %d is missing from the store", id, len(g.Actions)+1)
		}
		g.Actions = append(g.Actions, a)
	}
	return g, rows.Err()
}

// queryActions reads a game's actions in order, from SQLite's action log
// too when it holds some of them: the same action in both (moved, and not
// yet deleted from the log) is read once.
func (s *sqlStore) queryActions(ctx context.Context, id string) (*sql.Rows, error) {
	if first, ok := s.actlog.firstLogged(id); ok {
		return s.read.QueryContext(ctx, `SELECT n, action FROM actions WHERE game_id = ?
			UNION SELECT n, action FROM action_log WHERE id >= ? AND game_id = ? ORDER BY n`, id, first, id)
	}
	return s.read.QueryContext(ctx, s.q(`SELECT n, action FROM actions WHERE game_id = ? ORDER BY n`), id)
}

func (s *sqlStore) ListGames(ctx context.Context, limit int) ([]StoredGame, error) {
	return queryAll(ctx, s.read, s.q(`SELECT id, setup, seats, created, finished, result, rematch, owner FROM games ORDER BY created DESC, id LIMIT ?`),
		scanGame, limit)
}

type scanner interface{ Scan(dest ...any) error }

// queryAll runs a query and scans each row it returns.
func queryAll[T any](ctx context.Context, db *sql.DB, query string, scan func(scanner) (T, error), args ...any) ([]T, error) {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

func scanGame(r scanner) (StoredGame, error) {
	var g StoredGame
	var setup, seats string
	var created int64
	var finished int
	if err := r.Scan(&g.ID, &setup, &seats, &created, &finished, &g.Result, &g.Rematch, &g.Owner); err != nil {
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

// Close commits the writes still queued, checkpoints, and closes. Later
// calls return the first call's result.
func (s *sqlStore) Close() error {
	s.closing.Do(func() {
		close(s.done)
		<-s.stopped
		<-s.synced
		for _, st := range s.stmts {
			st.Close()
		}
		s.closeErr = closeDBs(s.db, s.read)
		if s.leases != nil {
			s.closeErr = errors.Join(s.closeErr, s.leases.Close())
		}
	})
	return s.closeErr
}

// queryStrings runs a query whose rows are one text column each and
// returns them in order.
func queryStrings(ctx context.Context, db *sql.DB, query string, args ...any) ([]string, error) {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
