package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"kartenwerk/platform/companion"
)

// ErrEventTaken: another server stored an event of that number first;
// the table must be read again.
var ErrEventTaken = errors.New("the companion table moved on: read it again")

// ErrCompanionTablesFull: the creator has as many open companion tables
// as its limit allows; no table was created.
var ErrCompanionTablesFull = errors.New("too many open companion tables")

// OpenLimit caps a creator's open companion tables: those changed after
// Since, at most Max of them (none when Max is 0).
type OpenLimit struct {
	Since time.Time
	Max   int
}

// CompanionStore keeps companion tables as their logs of events.
type CompanionStore interface {
	// CreateCompanionTable saves a new table with no events, started at
	// at by creator (its address's key, see creatorKey: never the
	// address itself), unless creator already has limit.Max tables open
	// (ErrCompanionTablesFull). The count and the save are one step:
	// requests racing on any replicas never pass the limit.
	CreateCompanionTable(ctx context.Context, id, game, creator string, at time.Time, limit OpenLimit) error
	// OpenCompanionTables counts creator's tables whose last change (its
	// newest event's time, or its creation without one) is after since.
	OpenCompanionTables(ctx context.Context, creator string, since time.Time) (int, error)
	// AppendCompanionEvent saves a table's next event; it returns once
	// the event is committed, and ErrEventTaken if the table already has
	// an event of that number.
	AppendCompanionEvent(ctx context.Context, id string, ev companion.Event) error
	// LoadCompanionTable returns a table's game and its events in
	// order, or ErrNotFound.
	LoadCompanionTable(ctx context.Context, id string) (string, []companion.Event, error)
	// ForgetCompanionTables deletes, with their events, the tables whose
	// last change (their newest event's time, or their creation when
	// they have none) is before before, and returns their ids. A table
	// changed meanwhile stays; an event for a deleted table is refused
	// with ErrEventTaken, and loading it is ErrNotFound.
	ForgetCompanionTables(ctx context.Context, before time.Time) ([]string, error)
}

// migrateCompanion adds the companion's tables and their logs: an event
// is one row, numbered within its table, as JSON.
func migrateCompanion(ctx context.Context, tx *sql.Tx, postgres bool) error {
	options := sqliteActions
	if postgres {
		options = ""
	}
	return execAll(ctx, tx, fmt.Sprintf(companionSchema, options))
}

const companionSchema = `
CREATE TABLE companion_tables (
	id      TEXT PRIMARY KEY,
	game    TEXT NOT NULL,
	created BIGINT NOT NULL
);
CREATE TABLE companion_events (
	table_id TEXT NOT NULL REFERENCES companion_tables (id) ON DELETE CASCADE,
	seq      INTEGER NOT NULL,
	event    TEXT NOT NULL,
	PRIMARY KEY (table_id, seq)
)%s`

// migrateCompanionCreators keeps with each companion table who created
// it (its address's key) and when it last changed, so that the cap on an
// address's open tables (maxCompanionTables) is counted in the store,
// alike by every replica and after a restart, where each replica's
// memory counted only its own. The index answers the count from the
// creator's open tables alone, however many idle ones it has.
//
// Tables created before have no creator (""), no key matches it: they
// count toward no cap, as a table read back from the store did not; their
// creation stands for their last change, which no count then reads.
func migrateCompanionCreators(ctx context.Context, tx *sql.Tx, _ bool) error {
	return execAll(ctx, tx, `
ALTER TABLE companion_tables ADD COLUMN creator TEXT NOT NULL DEFAULT '';
ALTER TABLE companion_tables ADD COLUMN changed BIGINT NOT NULL DEFAULT 0;
UPDATE companion_tables SET changed = created;
CREATE INDEX companion_tables_open ON companion_tables (creator, changed)`)
}

func (s *sqlStore) CreateCompanionTable(ctx context.Context, id, game, creator string, at time.Time, limit OpenLimit) error {
	op := writeOp{what: "create companion table " + id,
		query: `INSERT INTO companion_tables (id, game, created, creator, changed) VALUES (?, ?, ?, ?, ?)`,
		args:  []any{id, game, at.UnixMilli(), creator, at.UnixMilli()}}
	if limit.Max <= 0 {
		return s.write(ctx, op)
	}
	op.query, op.mustAffect = insertCompanionUnderLimit(s.postgres), ErrCompanionTablesFull
	op.args = append(op.args, limit.Since.UnixMilli(), limit.Max)
	if s.postgres {
		return s.writeLocked(ctx, "companion tables of "+creator, op)
	}
	return s.write(ctx, op)
}

// insertCompanionUnderLimit inserts a table (CreateCompanionTable's
// arguments, then the limit's since and max) only while its creator has
// fewer open tables than the limit. SQLite has one writer, which runs it
// whole before the next write. On PostgreSQL it runs after writeLocked's
// lock on the creator, as a statement of its own, whose snapshot then
// holds the table that a racing replica committed before letting the
// lock go. (A counter row, as CreateGame's cap locks, cannot count
// tables that stop counting as time passes.)
func insertCompanionUnderLimit(postgres bool) string {
	if postgres {
		return `INSERT INTO companion_tables (id, game, created, creator, changed)
		SELECT $1::text, $2::text, $3::bigint, $4::text, $5::bigint
		WHERE (SELECT count(*) FROM companion_tables WHERE creator = $4 AND changed > $6::bigint) < $7::integer`
	}
	return `INSERT INTO companion_tables (id, game, created, creator, changed)
		SELECT ?1, ?2, ?3, ?4, ?5
		WHERE (SELECT count(*) FROM companion_tables WHERE creator = ?4 AND changed > ?6) < ?7`
}

// OpenCompanionTables reads the column changed, which every event
// stored moves on (AppendCompanionEvent): the count reads the index
// rather than every table's newest event, as companionIdleSince does for
// the rare forgetting.
func (s *sqlStore) OpenCompanionTables(ctx context.Context, creator string, since time.Time) (int, error) {
	var n int
	err := s.read.QueryRowContext(ctx, s.q(`SELECT count(*) FROM companion_tables WHERE creator = ? AND changed > ?`),
		creator, since.UnixMilli()).Scan(&n)
	return n, err
}

func (s *sqlStore) AppendCompanionEvent(ctx context.Context, id string, ev companion.Event) error {
	b, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	// Only while the table is there: SQLite enforces no foreign keys, and
	// an event of a table ForgetCompanionTables deleted would stay for
	// good, under no table. The casts type the parameters for PostgreSQL,
	// which reads a SELECT's bare parameters as text. The table's last
	// change moves on with the event, in its transaction, and never back
	// (replicas' clocks differ a little). The update locks the table's
	// row, which another replica's batch may lock in another order:
	// boundsLockWaits is for that.
	return s.write(ctx, writeOp{what: fmt.Sprintf("save event %d of companion table %s", ev.Seq, id),
		query: `INSERT INTO companion_events (table_id, seq, event)
			SELECT CAST(? AS TEXT), CAST(? AS INTEGER), CAST(? AS TEXT) WHERE EXISTS (SELECT 1 FROM companion_tables WHERE id = ?)
			ON CONFLICT (table_id, seq) DO NOTHING`,
		args: []any{id, ev.Seq, string(b), id}, mustAffect: ErrEventTaken,
		also: []stmt{{s.q(`UPDATE companion_tables SET changed = ? WHERE id = ? AND changed < ?`), []any{ev.At, id, ev.At}}}})
}

// errCompanionKept is a forgetting that found its table changed since it
// was picked: it stays.
var errCompanionKept = errors.New("the companion table changed meanwhile")

// companionForgetBatch is how many tables ForgetCompanionTables picks at
// a time.
var companionForgetBatch = 500

func (s *sqlStore) ForgetCompanionTables(ctx context.Context, before time.Time) ([]string, error) {
	cutoff := before.UnixMilli()
	var gone []string
	for {
		ids, err := s.idleCompanionTables(ctx, cutoff)
		if err != nil {
			return gone, err
		}
		sofar := len(gone)
		for _, id := range ids {
			err := s.forgetIdleCompanion(ctx, id, cutoff)
			if errors.Is(err, errCompanionKept) {
				continue
			}
			if err != nil {
				return gone, err
			}
			gone = append(gone, id)
		}
		// A full batch may have more behind it; one that deleted nothing
		// would only be picked again.
		if len(ids) < companionForgetBatch || len(gone) == sofar {
			return gone, nil
		}
	}
}

// companionIdleSince is the condition of a table unchanged since a
// cutoff (its two parameters). A table's last change is its newest
// event's time, read from the event itself (every event carries its time,
// "at", in Unix milliseconds): the log is kept in order, so the newest is
// the last, found through the primary key. (The tables' column changed
// keeps that time too, since migration 17, but for the tables created
// since only: the count of a creator's open tables reads it through its
// index at every table created, where the forgetting runs hourly.)
func (s *sqlStore) companionIdleSince() string {
	at := `json_extract(e.event, '$.at')`
	if s.postgres {
		at = `(e.event::jsonb ->> 'at')::bigint`
	}
	return `companion_tables.created < ? AND COALESCE((SELECT ` + at + ` FROM companion_events e
		WHERE e.table_id = companion_tables.id ORDER BY e.seq DESC LIMIT 1), 0) < ?`
}

// forgetIdleCompanion deletes a table picked as idle, and its events in
// the same transaction (PostgreSQL's cascade would delete them; SQLite's
// does not), or returns errCompanionKept: picked and deleted apart, it is
// deleted under the same condition again, so that an event stored
// meanwhile, by any replica, keeps its table.
func (s *sqlStore) forgetIdleCompanion(ctx context.Context, id string, cutoff int64) error {
	return s.write(ctx, writeOp{what: "forget idle companion table " + id,
		query: `DELETE FROM companion_tables WHERE id = ? AND ` + s.companionIdleSince(), args: []any{id, cutoff, cutoff},
		mustAffect: errCompanionKept,
		also:       []stmt{{s.q(`DELETE FROM companion_events WHERE table_id = ?`), []any{id}}}})
}

// idleCompanionTables picks up to companionForgetBatch tables unchanged
// since cutoff.
func (s *sqlStore) idleCompanionTables(ctx context.Context, cutoff int64) ([]string, error) {
	return queryStrings(ctx, s.read, s.q(`SELECT id FROM companion_tables WHERE `+s.companionIdleSince()+` LIMIT ?`), cutoff, cutoff, companionForgetBatch)
}

func (s *sqlStore) LoadCompanionTable(ctx context.Context, id string) (string, []companion.Event, error) {
	var game string
	err := s.read.QueryRowContext(ctx, s.q(`SELECT game FROM companion_tables WHERE id = ?`), id).Scan(&game)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil, ErrNotFound
	}
	if err != nil {
		return "", nil, err
	}
	rows, err := s.read.QueryContext(ctx, s.q(`SELECT event FROM companion_events WHERE table_id = ? ORDER BY seq`), id)
	if err != nil {
		return "", nil, err
	}
	defer rows.Close()
	var log []companion.Event
	for rows.Next() {
		var raw string
		if err := rows.Scan(&raw); err != nil {
			return "", nil, err
		}
		var ev companion.Event
		if err := json.Unmarshal([]byte(raw), &ev); err != nil {
			return "", nil, fmt.Errorf("companion table %s: event %d is not readable: %w", id, len(log)+1, err)
		}
		log = append(log, ev)
	}
	return game, log, rows.Err()
}
