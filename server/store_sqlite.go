package server

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
)

// commitRaw runs a SQLite batch on the driver's connection itself, past
// database/sql: that would watch the transaction from a goroutine of its
// own, and the driver each statement under a deadline from another: three
// goroutines and their wake-ups a commit, about 0.03 ms of the server's
// CPU a move at 1,000 games. No deadline is needed: SQLite waits for a
// lock at most its busy_timeout.
func (s *sqlStore) commitRaw(batch []writeOp, errs []error) error {
	s.actlog.admit(s, batch, errs)
	err := s.onRawConn(func(dc any) error {
		tx, err := s.beginRaw(dc)
		if err != nil {
			return err
		}
		return runBatch(tx, batch, errs)
	})
	s.actlog.settle(batch, errs, err == nil)
	return err
}

// inRawTx runs do in a transaction on the writer's driver connection, and
// commits it unless do fails.
func (s *sqlStore) inRawTx(do func(*rawTx) error) error {
	return s.onRawConn(func(dc any) error {
		tx, err := s.beginRaw(dc)
		if err != nil {
			return err
		}
		if err := do(tx); err != nil {
			tx.rollback()
			return err
		}
		return tx.commit()
	})
}

// onRawConn runs do with the writer's driver connection.
func (s *sqlStore) onRawConn(do func(dc any) error) error {
	conn, err := s.db.Conn(context.Background())
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(do)
}

// rawConn is what the writer needs of a driver's connection.
type rawConn interface {
	driver.ConnPrepareContext
	driver.ConnBeginTx
}

// beginRaw begins a transaction on dc, the writer's driver connection.
// Statements prepared on another (database/sql replaced a broken one)
// went with it, and are prepared again.
func (s *sqlStore) beginRaw(dc any) (*rawTx, error) {
	c, ok := dc.(rawConn)
	if !ok {
		return nil, fmt.Errorf("the SQLite driver's connection %T cannot prepare statements or begin transactions with a context", dc)
	}
	if dc != s.raw.conn || s.raw.stmts == nil {
		s.raw.conn, s.raw.stmts = dc, map[string]driver.Stmt{}
	}
	tx, err := c.BeginTx(context.Background(), driver.TxOptions{})
	if err != nil {
		return nil, err
	}
	return &rawTx{c: c, tx: tx, raw: &s.raw}, nil
}

// rawStmts are the writer's statements prepared on the driver's
// connection conn.
type rawStmts struct {
	conn  any
	stmts map[string]driver.Stmt
	// named is room for a statement's arguments, reused.
	named []driver.NamedValue
}

// close closes the statements; call it on their connection (Raw).
func (r *rawStmts) close() error {
	var errs []error
	for _, st := range r.stmts {
		errs = append(errs, st.Close())
	}
	r.conn, r.stmts = nil, nil
	return errors.Join(errs...)
}

// rawTx is a batchTx on a driver's connection.
type rawTx struct {
	c   rawConn
	tx  driver.Tx
	raw *rawStmts
}

func (t *rawTx) exec(query string, args []any) (int64, error) {
	st, err := t.stmt(query)
	if err != nil {
		return 0, err
	}
	named := t.raw.named[:0]
	for i, a := range args {
		v, err := driver.DefaultParameterConverter.ConvertValue(a)
		if err != nil {
			return 0, fmt.Errorf("argument %d: %w", i+1, err)
		}
		named = append(named, driver.NamedValue{Ordinal: i + 1, Value: v})
	}
	t.raw.named = named
	res, err := st.(driver.StmtExecContext).ExecContext(context.Background(), named)
	return rowsChanged(res, err)
}

// stmt returns the statement for query prepared on this connection.
func (t *rawTx) stmt(query string) (driver.Stmt, error) {
	if st, ok := t.raw.stmts[query]; ok {
		return st, nil
	}
	st, err := t.c.PrepareContext(context.Background(), query)
	if err != nil {
		return nil, err
	}
	if _, ok := st.(driver.StmtExecContext); !ok {
		st.Close()
		return nil, fmt.Errorf("the SQLite driver's statement %T cannot run with a context", st)
	}
	t.raw.stmts[query] = st
	return st, nil
}

func (t *rawTx) commit() error   { return t.tx.Commit() }
func (t *rawTx) rollback() error { return t.tx.Rollback() }

// closeRaw closes the writer's statements on the driver's connection.
func (s *sqlStore) closeRaw() {
	if s.raw.stmts == nil {
		return
	}
	conn, err := s.db.Conn(context.Background())
	if err != nil {
		return
	}
	defer conn.Close()
	conn.Raw(func(dc any) error {
		if dc != s.raw.conn {
			return nil // they went with their connection
		}
		return s.raw.close()
	})
}
