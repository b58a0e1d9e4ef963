package server

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// Replicas over one PostgreSQL database coordinate through it: a lease
// per game names the one replica that applies its actions, an action is
// stored only while its writer holds the lease, and each stored action
// is announced to every replica with NOTIFY.

// leaseStore is the part of a store that replicas share; only PostgreSQL
// has it.
type leaseStore interface {
	// Acquire takes or renews the lease of game id for owner (reachable
	// at addr) for ttl, unless another holds it unexpired. It returns
	// the holder and its address after the attempt.
	Acquire(ctx context.Context, id, owner, addr string, ttl time.Duration) (holder, holderAddr string, err error)
	// Renew extends the leases of owner by ttl and returns the games it
	// still holds, each with whether its lease was extended: one that a
	// write in flight has locked keeps its expiry until the next renewal,
	// rather than make the renewal wait for that write.
	Renew(ctx context.Context, owner string, ttl time.Duration) (map[string]bool, error)
	// Unowned returns those of the games ids whose lease has run out or
	// that have none.
	Unowned(ctx context.Context, ids []string) ([]string, error)
	// Forget gives up owner's lease of game id, if it holds it, and
	// deletes the leases that ran out long ago.
	Forget(ctx context.Context, id, owner string) error
	// Release gives up every lease of owner.
	Release(ctx context.Context, owner string) error
	// AppendFenced is AppendAction that stores the action only while
	// owner holds the game's lease, and announces it to every replica.
	AppendFenced(ctx context.Context, id string, n int, action, owner string) error
	// ActionsFrom returns the actions of game id from number n (0-based).
	ActionsFrom(ctx context.Context, id string, n int) ([]string, error)
	// Listen calls listening once it hears every action stored from then
	// on, and then heard for every action any replica stores (action ""
	// when the notice does not carry it), and named for every display
	// name chosen at a seat of game id, until ctx ends or the connection
	// fails.
	Listen(ctx context.Context, listening func(), heard func(id string, n int, action string), named func(id string)) error
	// SeatNames are the display names chosen at game id's seats, one for
	// each of its seats.
	SeatNames(ctx context.Context, id string, seats int) ([]string, error)
}

// errLeaseLost is an action refused because its writer no longer holds
// the game's lease.
var errLeaseLost = errors.New("this server no longer holds the game")

// pgCluster is the schema replicas add: the leases, and which replica
// stored each action (for audits: one writer at a time).
var pgCluster = []string{`CREATE TABLE IF NOT EXISTS leases (
	game_id TEXT PRIMARY KEY,
	owner   TEXT NOT NULL,
	addr    TEXT NOT NULL,
	expires BIGINT NOT NULL
)`, `ALTER TABLE actions ADD COLUMN IF NOT EXISTS by_replica TEXT NOT NULL DEFAULT ''`}

// pgNow is the database's clock in milliseconds: every replica judges a
// lease by the same clock.
const pgNow = `(extract(epoch from clock_timestamp()) * 1000)::bigint`

// notifyChannel carries "game-id n action" for each stored action, so
// that a replica following the game plays it without reading the store
// (an action too long for a notification goes as "game-id n"), and
// "game-id name" for each display name chosen at one of its seats.
const notifyChannel = "kartenwerk_actions"

// namedNotice is the word of a notice that a game's seat names changed.
const namedNotice = "name"

// fencedAppend inserts an action only while owner holds an unexpired
// lease, locking the lease row so that no other replica can take the
// lease until this transaction ends; and announces the action on commit.
const fencedAppend = `WITH ins AS (
	INSERT INTO actions (game_id, n, action, by_replica)
	SELECT $1, $2, $3, $4 WHERE EXISTS (
		SELECT 1 FROM leases WHERE game_id = $1 AND owner = $4 AND expires > ` + pgNow + ` FOR SHARE)
	RETURNING n)
SELECT pg_notify('` + notifyChannel + `', $1 || ' ' || n ||
	CASE WHEN octet_length($3) < 7000 THEN ' ' || $3 ELSE '' END) FROM ins`

func (s *sqlStore) Acquire(ctx context.Context, id, owner, addr string, ttl time.Duration) (string, string, error) {
	var holder, at string
	err := s.read.QueryRowContext(ctx, `INSERT INTO leases (game_id, owner, addr, expires) VALUES ($1, $2, $3, `+pgNow+` + $4)
		ON CONFLICT (game_id) DO UPDATE SET owner = EXCLUDED.owner, addr = EXCLUDED.addr, expires = EXCLUDED.expires
		WHERE leases.owner = EXCLUDED.owner OR leases.expires < `+pgNow+`
		RETURNING owner, addr`, id, owner, addr, ttl.Milliseconds()).Scan(&holder, &at)
	if errors.Is(err, sql.ErrNoRows) {
		err = s.read.QueryRowContext(ctx, `SELECT owner, addr FROM leases WHERE game_id = $1`, id).Scan(&holder, &at)
	}
	return holder, at, err
}

func (s *sqlStore) Renew(ctx context.Context, owner string, ttl time.Duration) (map[string]bool, error) {
	rows, err := s.leases.QueryContext(ctx, renewLeases, owner, ttl.Milliseconds())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	held := map[string]bool{}
	for rows.Next() {
		var id string
		var renewed bool
		if err := rows.Scan(&id, &renewed); err != nil {
			return nil, err
		}
		held[id] = renewed
	}
	return held, rows.Err()
}

// renewLeases extends owner's unexpired leases and lists them all, each
// with whether it was extended. It skips the leases that a batch of
// writes has locked (FOR SHARE, in fencedAppend) instead of waiting for
// them: a batch locks the leases of its games one by one while this
// locks all of owner's, so waiting made the two wait for each other
// until PostgreSQL broke the deadlock a second later, and every move of
// the replica waited with them. The outer SELECT reads the rows as they
// were before the update, so it lists the skipped leases too.
const renewLeases = `WITH renewed AS (
	UPDATE leases SET expires = ` + pgNow + ` + $2
	WHERE game_id IN (SELECT game_id FROM leases WHERE owner = $1 AND expires > ` + pgNow + `
		FOR NO KEY UPDATE SKIP LOCKED)
	RETURNING game_id)
SELECT game_id, game_id IN (SELECT game_id FROM renewed) FROM leases
WHERE owner = $1 AND expires > ` + pgNow

func (s *sqlStore) Unowned(ctx context.Context, ids []string) ([]string, error) {
	return queryStrings(ctx, s.leases, `SELECT id FROM unnest($1::text[]) AS id
		WHERE NOT EXISTS (SELECT 1 FROM leases WHERE game_id = id AND expires > `+pgNow+`)`, ids)
}

func (s *sqlStore) Forget(ctx context.Context, id, owner string) error {
	_, err := s.read.ExecContext(ctx, `DELETE FROM leases WHERE (game_id = $1 AND owner = $2) OR expires < `+pgNow+` - 3600000`, id, owner)
	return err
}

func (s *sqlStore) Release(ctx context.Context, owner string) error {
	_, err := s.read.ExecContext(ctx, `DELETE FROM leases WHERE owner = $1`, owner)
	return err
}

func (s *sqlStore) AppendFenced(ctx context.Context, id string, n int, action, owner string) error {
	return s.write(ctx, writeOp{savesAction: id, savesN: n,
		query: fencedAppend, args: []any{id, n, action, owner}, mustAffect: errLeaseLost})
}

func (s *sqlStore) ActionsFrom(ctx context.Context, id string, n int) ([]string, error) {
	rows, err := s.read.QueryContext(ctx, s.q(`SELECT n, action FROM actions WHERE game_id = ? AND n >= ? ORDER BY n`), id, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var k int
		var a string
		if err := rows.Scan(&k, &a); err != nil {
			return nil, err
		}
		if k != n+len(out) {
			return nil, fmt.Errorf("game %s: action %d is missing from the store", id, n+len(out)+1)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

func (s *sqlStore) Listen(ctx context.Context, listening func(), heard func(id string, n int, action string), named func(id string)) error {
	conn, err := pgx.Connect(ctx, s.dsn)
	if err != nil {
		return scrubError(err, s.dsn)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+notifyChannel); err != nil {
		return err
	}
	listening()
	for {
		note, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		id, rest, ok := strings.Cut(note.Payload, " ")
		num, action, _ := strings.Cut(rest, " ")
		if n, err := strconv.Atoi(num); ok && err == nil {
			heard(id, n, action)
		} else if ok && rest == namedNotice {
			named(id)
		}
	}
}

// commitPipelined runs a batch on PostgreSQL in one round trip: BEGIN,
// the bound on lock waits, every statement and COMMIT go out together,
// and their results come back together. Through database/sql each took a
// round trip of its own, and a lone move three (begin, insert, commit),
// each waking the replica and its PostgreSQL process again.
func (s *sqlStore) commitPipelined(batch []writeOp, errs []error) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(driverConn any) error {
		var b pgx.Batch
		b.Queue("BEGIN")
		if boundsLockWaits(batch) {
			b.Queue(batchLockWait)
		}
		for _, op := range batch {
			b.Queue(op.query, op.args...)
			for _, st := range op.also {
				b.Queue(st.query, st.args...)
			}
		}
		b.Queue("COMMIT")
		results := driverConn.(*stdlib.Conn).Conn().SendBatch(ctx, &b)
		err := readPipelined(results, batch, errs)
		if closeErr := results.Close(); err == nil {
			err = closeErr
		}
		return err
	})
}

// readPipelined reads the results of commitPipelined's statements in the
// order they were sent. After a failed statement PostgreSQL skips the
// rest, and the COMMIT sent with them rolls the transaction back.
func readPipelined(results pgx.BatchResults, batch []writeOp, errs []error) error {
	if _, err := results.Exec(); err != nil {
		return err
	}
	if boundsLockWaits(batch) {
		if _, err := results.Exec(); err != nil {
			return err
		}
	}
	for i, op := range batch {
		tag, err := results.Exec()
		if err != nil {
			return fmt.Errorf("%s: %w", op.whatText(), err)
		}
		if op.mustAffect != nil && tag.RowsAffected() == 0 {
			errs[i] = op.mustAffect
		}
		for range op.also {
			if _, err := results.Exec(); err != nil {
				return fmt.Errorf("%s: %w", op.whatText(), err)
			}
		}
	}
	tag, err := results.Exec()
	if err == nil && tag.String() != "COMMIT" {
		err = fmt.Errorf("PostgreSQL ended the transaction with %s", tag)
	}
	return err
}

// pipelinable says whether a batch can be sent ahead in one round trip:
// unless a write whose statement must change a row has other statements
// that run only if it did (runBatch decides that between statements).
func pipelinable(batch []writeOp) bool {
	for _, op := range batch {
		if op.mustAffect != nil && len(op.also) > 0 {
			return false
		}
	}
	return true
}
