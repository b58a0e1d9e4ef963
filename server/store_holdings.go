package server

import (
	"context"
	"database/sql/driver"
	"sync"
)

// What an account holds and what it has committed its cards to must change
// one at a time: a trade checks that the giver keeps the copies their
// registered tournament decks list, and a registration checks that the
// player owns their deck's copies. Each check read the other's state
// before it changed, so a trade and a registration at the same moment
// both passed, and the player was registered with a deck whose card they
// had given away.

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

// HoldCards takes, on PostgreSQL, a session lock on the account held by a
// connection of its own until fn returns, so that the replicas share it;
// a SQLite file serves one process, whose lock in memory is enough.
func (s *sqlStore) HoldCards(ctx context.Context, account string, fn func() error) error {
	key := "holdings of " + account
	if !s.postgres {
		unlock, err := s.holdings.lock(ctx, key)
		if err != nil {
			return err
		}
		defer unlock()
		return fn()
	}
	conn, err := s.read.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(hashtextextended($1, 0))`, key); err != nil {
		return err
	}
	defer func() {
		if _, err := conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock(hashtextextended($1, 0))`, key); err != nil {
			// A connection that may still hold the lock must not go back
			// to the pool: closing it ends its session and the lock.
			conn.Raw(func(any) error { return driver.ErrBadConn })
		}
	}()
	return fn()
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
