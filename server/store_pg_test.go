package server

import (
	"context"
	"database/sql"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
)

// A batch of writes that meets another transaction locking the same rows
// in the opposite order gives up within batchLockWait (SQLSTATE 55P03),
// rather than wait for PostgreSQL to break the deadlock after a second
// (40P01) while every move of the replica waits; the other transaction
// then goes on.
func TestABatchGivesUpADeadlockSoon(t *testing.T) {
	dsn := startPostgres(t)
	ctx := context.Background()
	st, err := OpenStore(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s := st.(*sqlStore)
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
