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

// CompanionStore keeps companion tables as their logs of events.
type CompanionStore interface {
	// CreateCompanionTable saves a new table with no events.
	CreateCompanionTable(ctx context.Context, id, game string, at time.Time) error
	// AppendCompanionEvent saves a table's next event; it returns once
	// the event is committed, and ErrEventTaken if the table already has
	// an event of that number.
	AppendCompanionEvent(ctx context.Context, id string, ev companion.Event) error
	// LoadCompanionTable returns a table's game and its events in
	// order, or ErrNotFound.
	LoadCompanionTable(ctx context.Context, id string) (string, []companion.Event, error)
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

func (s *sqlStore) CreateCompanionTable(ctx context.Context, id, game string, at time.Time) error {
	return s.write(ctx, writeOp{what: "create companion table " + id,
		query: `INSERT INTO companion_tables (id, game, created) VALUES (?, ?, ?)`, args: []any{id, game, at.UnixMilli()}})
}

func (s *sqlStore) AppendCompanionEvent(ctx context.Context, id string, ev companion.Event) error {
	b, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	return s.write(ctx, writeOp{what: fmt.Sprintf("save event %d of companion table %s", ev.Seq, id),
		query: `INSERT INTO companion_events (table_id, seq, event) VALUES (?, ?, ?) ON CONFLICT (table_id, seq) DO NOTHING`,
		args:  []any{id, ev.Seq, string(b)}, mustAffect: ErrEventTaken})
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
