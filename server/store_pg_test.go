package server

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
)

// openPostgresStore opens a store on a PostgreSQL of the test's own, and
// returns it and the database's URL.
func openPostgresStore(t *testing.T) (*sqlStore, string) {
	t.Helper()
	dsn := startPostgres(t)
	st, err := OpenStore(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st.(*sqlStore), dsn
}

// A batch of writes that meets another transaction locking the same rows
// in the opposite order gives up within batchLockWait (SQLSTATE 55P03),
// rather than wait for PostgreSQL to break the deadlock after a second
// (40P01) while every move of the replica waits; the other transaction
// then goes on.
func TestABatchGivesUpADeadlockSoon(t *testing.T) {
	s, dsn := openPostgresStore(t)
	ctx := context.Background()
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `INSERT INTO rate_limits (key, tat) VALUES ('r1', 0), ('r2', 0)`); err != nil {
		t.Fatal(err)
	}
	other, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Rollback()
	if _, err := other.ExecContext(ctx, `UPDATE rate_limits SET tat = 1 WHERE key = 'r2'`); err != nil {
		t.Fatal(err)
	}
	bump := func(key string) writeOp {
		return writeOp{what: "bump " + key, query: s.q(`UPDATE rate_limits SET tat = tat + 10 WHERE key = ?`), args: []any{key}}
	}
	failed := make(chan error, 1)
	go func() {
		s.commitMu.Lock()
		defer s.commitMu.Unlock()
		_, err := s.commit([]writeOp{bump("r1"), bump("r2")}) // r1, then waits for r2
		failed <- err
	}()
	waitFor(t, "the batch to wait for r2", func() bool {
		var n int
		db.QueryRowContext(ctx, `SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'`).Scan(&n)
		return n == 1
	})
	if _, err := other.ExecContext(ctx, `UPDATE rate_limits SET tat = 2 WHERE key = 'r1'`); err != nil {
		t.Fatalf("the other transaction, locking r1 that the batch holds: %v", err)
	}
	var pgErr *pgconn.PgError
	if err := <-failed; !errors.As(err, &pgErr) || pgErr.Code != "55P03" {
		t.Fatalf("the batch in a deadlock: %v, want a lock timeout (55P03)", err)
	}
	if err := other.Commit(); err != nil {
		t.Fatal(err)
	}
	var r1, r2 int
	db.QueryRowContext(ctx, `SELECT (SELECT tat FROM rate_limits WHERE key = 'r1'), (SELECT tat FROM rate_limits WHERE key = 'r2')`).Scan(&r1, &r2)
	if r1 != 2 || r2 != 1 {
		t.Fatalf("r1 = %d, r2 = %d after the batch gave up: want the other transaction's 2 and 1", r1, r2)
	}
}

// A batch on PostgreSQL goes out in one round trip and keeps runBatch's
// meaning: a write that had to change a row and changed none fails alone,
// a failed statement fails the whole batch and stores none of it, and a
// write whose other statements depend on its own is still run between
// statements.
func TestAPipelinedBatchKeepsItsMeaning(t *testing.T) {
	s, _ := openPostgresStore(t)
	ctx := context.Background()
	errNone := errors.New("no such bucket")
	insert := func(key string) writeOp {
		return writeOp{what: "insert " + key, query: s.q(`INSERT INTO rate_limits (key, tat) VALUES (?, 1)`), args: []any{key}}
	}
	bumpMissing := writeOp{what: "bump nothing", query: s.q(`UPDATE rate_limits SET tat = tat + 1 WHERE key = ?`),
		args: []any{"missing"}, mustAffect: errNone}
	keys := func() map[string]bool {
		rows, err := s.read.QueryContext(ctx, `SELECT key FROM rate_limits`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		out := map[string]bool{}
		for rows.Next() {
			var k string
			rows.Scan(&k)
			out[k] = true
		}
		return out
	}
	commit := func(batch ...writeOp) ([]error, error) {
		s.commitMu.Lock()
		defer s.commitMu.Unlock()
		return s.commit(batch)
	}

	batch := []writeOp{insert("r1"), bumpMissing, insert("r2")}
	if !pipelinable(batch) {
		t.Fatal("a batch without dependent statements is not sent in one round trip")
	}
	errs, err := commit(batch...)
	if err != nil || errs[0] != nil || !errors.Is(errs[1], errNone) || errs[2] != nil {
		t.Fatalf("batch with a write that changed nothing: %v %v, want only the second to fail", errs, err)
	}
	if k := keys(); !k["r1"] || !k["r2"] {
		t.Fatalf("stored %v, want r1 and r2", k)
	}

	if _, err := commit(insert("r3"), insert("r1")); err == nil || !strings.Contains(err.Error(), "insert r1") {
		t.Fatalf("batch with a duplicate: %v, want the duplicate's error", err)
	}
	if keys()["r3"] {
		t.Fatal("a failed batch stored its first write")
	}
	if _, err := commit(insert("r4")); err != nil {
		t.Fatalf("the next batch after a failed one: %v", err)
	}

	dependent := bumpMissing
	dependent.also = []stmt{{s.q(`INSERT INTO rate_limits (key, tat) VALUES (?, 1)`), []any{"r5"}}}
	if pipelinable([]writeOp{dependent}) {
		t.Fatal("a write whose other statements depend on it is sent ahead")
	}
	if errs, err := commit(dependent); err != nil || !errors.Is(errs[0], errNone) {
		t.Fatalf("dependent write: %v %v", errs, err)
	}
	if keys()["r5"] {
		t.Fatal("the other statement of a write that changed nothing ran")
	}
}
