package server

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"sync"
	"time"
)

// What an account holds and what it has committed its cards to must change
// one at a time: a trade checks that the giver keeps the copies their
// registered tournament deck and their ranked game in play list, while a
// registration, and the making of a ranked game, check that the player
// owns their deck's copies. Each check read the other's state before it
// changed, so a trade at the same moment as a registration or a pairing
// passed as well, and the deck went on without a card its player had
// given away.

// holdingsLocker serialises the changes to one account's holdings.
type holdingsLocker interface {
	// HoldCards runs fn while no other change to account's holdings (on
	// any replica) runs, and returns its error.
	HoldCards(ctx context.Context, account string, fn func() error) error
}

// holdCards runs fn under the store's lock on account's holdings, or
// alone when the store has none (no accounts, no cards).
func (srv *Server) holdCards(ctx context.Context, account string, fn func() error) error {
	if l, ok := srv.store.(holdingsLocker); ok && account != "" {
		return l.HoldCards(ctx, account, fn)
	}
	return fn()
}

// HoldCards takes a lock in memory, which is all a SQLite file needs (it
// serves one process), and on PostgreSQL then a session lock, held by a
// connection until fn returns, which the replicas share. Requests for one
// account wait in memory, not in the database: each waiting in
// pg_advisory_lock would hold one of the pool's few connections, and a
// client sending many at once would leave none for the moves.
func (s *sqlStore) HoldCards(ctx context.Context, account string, fn func() error) error {
	key := "holdings of " + account
	unlock, err := s.holdings.lock(ctx, key)
	if err != nil {
		return err
	}
	defer unlock()
	if !s.postgres {
		return fn()
	}
	conn, err := s.lockShared(ctx, key)
	if err != nil {
		return err
	}
	defer conn.Close()
	defer func() {
		if _, err := conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock(hashtextextended($1, 0))`, key); err != nil {
			// A connection that may still hold the lock must not go back
			// to the pool: closing it ends its session and the lock.
			conn.Raw(func(any) error { return driver.ErrBadConn })
		}
	}()
	return fn()
}

// lockShared takes PostgreSQL's session lock on key and returns the
// connection that holds it. While another replica holds the lock it
// tries again after a pause, giving the connection back meanwhile.
func (s *sqlStore) lockShared(ctx context.Context, key string) (*sql.Conn, error) {
	pause := time.Millisecond
	for {
		conn, err := s.read.Conn(ctx)
		if err != nil {
			return nil, err
		}
		var got bool
		err = conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock(hashtextextended($1, 0))`, key).Scan(&got)
		if err == nil && got {
			return conn, nil
		}
		conn.Close()
		if err != nil {
			return nil, err
		}
		select {
		case <-time.After(pause):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		pause = min(2*pause, 50*time.Millisecond)
	}
}

// keyedMutex is a mutex for each key, held by one caller at a time.
type keyedMutex struct {
	mu   sync.Mutex
	held map[string]chan struct{} // closed when the key's holder lets go
}

// lock waits until key is free or ctx ends, takes it, and returns the
// function that lets it go.
func (k *keyedMutex) lock(ctx context.Context, key string) (unlock func(), err error) {
	for {
		k.mu.Lock()
		busy, isHeld := k.held[key]
		if !isHeld {
			if k.held == nil {
				k.held = map[string]chan struct{}{}
			}
			free := make(chan struct{})
			k.held[key] = free
			k.mu.Unlock()
			return func() {
				k.mu.Lock()
				delete(k.held, key)
				k.mu.Unlock()
				close(free)
			}, nil
		}
		k.mu.Unlock()
		select {
		case <-busy:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}
