package server

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"time"
)

// A write goes to the store's writer, which commits the writes waiting at
// once in one transaction (store_writer.go paces the batches); these are
// the writes, and their commits on SQLite and PostgreSQL.

// writeOp is one statement for the writer, and where its outcome goes.
type writeOp struct {
	what string // for errors, e.g. "finish game x" (whatText)
	// savesAction is AppendAction's game, and savesN its action's number:
	// its what is made only if it fails, as it is written at every move.
	savesAction string
	savesN      int
	// logged marks an action appended to SQLite's action log, whose id
	// (args[0]) the writer gives it once it has checked its number
	// (store_actionlog.go).
	logged bool
	query  string
	args   []any
	reply  chan error
	// mustAffect, if set, is the error of a statement that changed no
	// row; it fails that write alone, not the others of its batch.
	mustAffect error
	// also are statements (placeholders already rewritten) that commit
	// with this one or not at all.
	also []stmt
}

// whatText says what op does, for errors.
func (op *writeOp) whatText() string {
	if op.savesAction != "" {
		return fmt.Sprintf("save action %d of game %s", op.savesN+1, op.savesAction)
	}
	return op.what
}

// replies are the channels on which writes hear that they are committed,
// each used again once its reply has been read: a write is made at every
// move.
var replies = sync.Pool{New: func() any { return make(chan error, 1) }}

// replied reads op's reply and gives its channel back.
func (op *writeOp) replied(err error) error {
	replies.Put(op.reply)
	return err
}

// stmt is a statement and its arguments.
type stmt struct {
	query string
	args  []any
}

// write commits op, and returns once it is committed: at once on the
// caller's goroutine when the writer is idle, else queued for the writer.
func (s *sqlStore) write(ctx context.Context, op writeOp) error {
	op.query = s.q(op.query)
	if err := ctx.Err(); err != nil {
		return err // given up before it began: written nowhere
	}
	// A channel whose write gave up waiting is not given back: its reply
	// may still come.
	op.reply = replies.Get().(chan error)
	if s.commitHere(op) {
		return op.replied(<-op.reply)
	}
	select {
	case s.ops <- op:
	case <-s.done:
		return errors.New("the store is closed")
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case err := <-op.reply:
		return op.replied(err)
	case <-s.stopped:
		select {
		case err := <-op.reply:
			return op.replied(err)
		default:
			return errors.New("the store is closed") // queued as it closed
		}
	case <-ctx.Done():
		return ctx.Err()
	}
}

// execAlone runs a write with no also-statements in a transaction of its
// own on PostgreSQL, outside the writer's batches: for a write to a row
// that every replica updates at once (a rate-limit bucket), which a
// batch would keep locked until it commits.
func (s *sqlStore) execAlone(ctx context.Context, op writeOp) error {
	n, err := rowsChanged(s.read.ExecContext(ctx, s.q(op.query), op.args...))
	if err != nil {
		return fmt.Errorf("%s: %w", op.whatText(), err)
	}
	if op.mustAffect != nil && n == 0 {
		return op.mustAffect
	}
	return nil
}

// writeLocked runs op on PostgreSQL in a transaction of its own that
// first takes a lock on key, held until it commits, so that the writes of
// replicas racing on one key run one after the other: each statement of
// op sees what every transaction that held the lock before committed.
// It is for a write whose condition reads rows that the racing writes
// change (a count, an owner), which a statement's snapshot taken before
// the lock was granted would miss.
func (s *sqlStore) writeLocked(ctx context.Context, key string, op writeOp) error {
	tx, err := s.read.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("%s: %w", op.whatText(), err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, key); err != nil {
		return fmt.Errorf("%s: %w", op.whatText(), err)
	}
	n, err := rowsChanged(tx.ExecContext(ctx, s.q(op.query), op.args...))
	if err != nil {
		return fmt.Errorf("%s: %w", op.whatText(), err)
	}
	if op.mustAffect != nil && n == 0 {
		return op.mustAffect
	}
	for _, st := range op.also {
		if _, err := tx.ExecContext(ctx, st.query, st.args...); err != nil {
			return fmt.Errorf("%s: %w", op.whatText(), err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("%s: %w", op.whatText(), err)
	}
	return nil
}

// commitAll commits a batch in one transaction and tells each writer. If
// the batch fails, each write is tried alone, so one bad write (such as
// an action stored twice) fails only itself.
func (s *sqlStore) commitAll(batch []writeOp) {
	start := time.Now()
	errs, err := s.commit(batch)
	end := time.Now()
	commitSeconds.Observe(end.Sub(start).Seconds())
	s.pace.committed(len(batch), end)
	s.commits.Add(1)
	if err != nil && len(batch) > 1 {
		for _, op := range batch {
			one, err := s.commit([]writeOp{op})
			op.reply <- errors.Join(err, one[0])
		}
		return
	}
	for i, op := range batch {
		op.reply <- errors.Join(err, errs[i])
	}
	if err == nil {
		select {
		case s.dirty <- struct{}{}:
		default:
		}
		if s.sinceCheckpoint.Add(int64(len(batch))) >= checkpointEvery {
			select {
			case s.busy <- struct{}{}:
			default:
			}
		}
		s.compactLog(s.compactStep)
	}
}

// commit runs a batch in one transaction. err fails them all; errs[i]
// fails op i alone (a statement that changed no row but had to).
func (s *sqlStore) commit(batch []writeOp) (errs []error, err error) {
	errs = make([]error, len(batch))
	switch {
	case s.postgres && pipelinable(batch):
		return errs, s.commitPipelined(batch, errs)
	case s.postgres:
		return errs, s.commitSQL(batch, errs)
	}
	return errs, s.commitRaw(batch, errs)
}

// commitSQL runs a batch through database/sql, each statement under a
// deadline: PostgreSQL is across a network.
func (s *sqlStore) commitSQL(batch []writeOp, errs []error) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// Statements are prepared before the transaction takes the writer's
	// one connection.
	for _, op := range batch {
		if _, err := s.prepared(ctx, op.query); err != nil {
			return fmt.Errorf("%s: %w", op.whatText(), err)
		}
		for _, st := range op.also {
			if _, err := s.prepared(ctx, st.query); err != nil {
				return fmt.Errorf("%s: %w", op.whatText(), err)
			}
		}
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if boundsLockWaits(batch) {
		if _, err := tx.ExecContext(ctx, batchLockWait); err != nil {
			tx.Rollback()
			return err
		}
	}
	return runBatch(sqlTx{ctx, tx, s.stmts}, batch, errs)
}

// batchLockWait bounds how long a batch of writes on PostgreSQL waits for
// a row lock: far longer than another transaction holds one (a
// renewal of thousands of leases, a commit), far shorter than
// deadlock_timeout.
const batchLockWait = `SET LOCAL lock_timeout = '200ms'`

// boundsLockWaits says whether a batch on PostgreSQL runs under
// batchLockWait: one of several writes. Writes that lock rows other
// replicas' batches lock too can meet in opposite orders; PostgreSQL
// breaks such a deadlock only after deadlock_timeout (a second), while
// every move of both replicas waits. A batch gives up sooner, and
// commitAll then commits its writes one by one, unbounded.
func boundsLockWaits(batch []writeOp) bool { return len(batch) > 1 }

// batchTx is the transaction a batch runs in.
type batchTx interface {
	// exec runs a statement and returns how many rows it changed.
	exec(query string, args []any) (int64, error)
	commit() error
	rollback() error
}

// runBatch runs a batch's statements in tx, in order, and commits them.
func runBatch(tx batchTx, batch []writeOp, errs []error) error {
	for i, op := range batch {
		if errs[i] != nil {
			continue // refused before the batch began (actionLog.admit)
		}
		n, err := tx.exec(op.query, op.args)
		if err != nil {
			tx.rollback()
			return fmt.Errorf("%s: %w", op.whatText(), err)
		}
		if op.mustAffect != nil && n == 0 {
			errs[i] = op.mustAffect
			continue // and so not its other statements
		}
		for _, st := range op.also {
			if _, err := tx.exec(st.query, st.args); err != nil {
				tx.rollback()
				return fmt.Errorf("%s: %w", op.whatText(), err)
			}
		}
	}
	return tx.commit()
}

// sqlTx is a batchTx over database/sql and the writer's prepared
// statements.
type sqlTx struct {
	ctx   context.Context
	tx    *sql.Tx
	stmts map[string]*sql.Stmt
}

func (t sqlTx) exec(query string, args []any) (int64, error) {
	res, err := t.tx.StmtContext(t.ctx, t.stmts[query]).ExecContext(t.ctx, args...)
	return rowsChanged(res, err)
}

// rowsChanged is how many rows a statement changed, -1 when the driver
// cannot tell (not "none"), or the statement's error.
func rowsChanged(res interface{ RowsAffected() (int64, error) }, err error) (int64, error) {
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return -1, nil
	}
	return n, nil
}

func (t sqlTx) commit() error   { return t.tx.Commit() }
func (t sqlTx) rollback() error { return t.tx.Rollback() }

// prepared returns the writer's prepared statement for a query: parsing
// it once, not for every write.
func (s *sqlStore) prepared(ctx context.Context, query string) (*sql.Stmt, error) {
	if st, ok := s.stmts[query]; ok {
		return st, nil
	}
	st, err := s.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	s.stmts[query] = st
	return st, nil
}
