package server

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
)

// The display names players choose at a casual game's seats are kept in
// seat_names, a row a seat, so that a game restored after a restart or an
// eviction, on any replica, and its replay name the seats as the table
// did. A row a seat, not the games row's seats: replicas sharing the
// store may name two seats of one game at once, and neither overwrites
// the other. Ranked and tournament seats carry their account's name in
// their SeatConfig and have no row here.

// migrateSeatNames makes the table of chosen display names.
func migrateSeatNames(ctx context.Context, tx *sql.Tx, postgres bool) error {
	_, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS seat_names (
	game_id TEXT NOT NULL,
	seat    INTEGER NOT NULL,
	name    TEXT NOT NULL,
	PRIMARY KEY (game_id, seat)
)`)
	return err
}

// SetSeatName records the display name the player at seat (0-based) of
// game id chose, replacing the one before; "" is the default name. On
// PostgreSQL the change is announced to every replica ("id name" on the
// actions' channel), so that one showing the game shows the name at once.
func (s *sqlStore) SetSeatName(ctx context.Context, id string, seat int, name string) error {
	op := writeOp{what: "save the name of seat " + strconv.Itoa(seat+1) + " of game " + id,
		query: `INSERT INTO seat_names (game_id, seat, name) VALUES (?, ?, ?)
			ON CONFLICT (game_id, seat) DO UPDATE SET name = excluded.name`,
		args: []any{id, seat, name}}
	if s.postgres {
		op.also = []stmt{{`SELECT pg_notify('` + notifyChannel + `', CAST($1 AS TEXT) || ' ' || '` + namedNotice + `')`, []any{id}}}
	}
	return s.write(ctx, op)
}

// SeatNames are the display names chosen at game id's seats, one for each
// of its seats ("" where none was chosen).
func (s *sqlStore) SeatNames(ctx context.Context, id string, seats int) ([]string, error) {
	g := StoredGame{ID: id, Seats: make([]SeatConfig, seats)}
	err := s.loadSeatNames(ctx, &g)
	return g.Names, err
}

// loadSeatNames fills g.Names, one a seat, from the names its players
// chose ("" for a seat whose player chose none).
func (s *sqlStore) loadSeatNames(ctx context.Context, g *StoredGame) error {
	rows, err := s.read.QueryContext(ctx, s.q(`SELECT seat, name FROM seat_names WHERE game_id = ?`), g.ID)
	if err != nil {
		return fmt.Errorf("game %s: reading its seats' names: %w", g.ID, err)
	}
	defer rows.Close()
	g.Names = make([]string, len(g.Seats))
	for rows.Next() {
		var seat int
		var name string
		if err := rows.Scan(&seat, &name); err != nil {
			return fmt.Errorf("game %s: reading its seats' names: %w", g.ID, err)
		}
		if seat >= 0 && seat < len(g.Names) {
			g.Names[seat] = name
		}
	}
	return rows.Err()
}
