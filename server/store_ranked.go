package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"kartenwerk/engine"
	"kartenwerk/platform/rating"
)

// Errors of a RankedStore.
var (
	// ErrAlreadyQueued: the account waits in this game's queue already.
	ErrAlreadyQueued = errors.New("already in the ranked queue")
	// ErrNotQueued: one of a pair left the queue (or was paired) meanwhile.
	ErrNotQueued = errors.New("not in the ranked queue")
	// ErrNoMatch: no such ranked match, or none being played.
	ErrNoMatch = errors.New("no such ranked match")
	// ErrMatchOver: the match has ended already (on this or another replica).
	ErrMatchOver = errors.New("the ranked match is over")
)

// QueueEntry is an account waiting in a game's ranked queue, with the
// rating it is paired by and the deck it chose.
type QueueEntry struct {
	Account  string
	Username string
	Game     string
	Rating   float64
	Deck     engine.DeckList
	Joined   time.Time
	// Seen is the last time the player asked after the queue: a player
	// who stops asking has left (closed the page) and is not paired.
	Seen time.Time
}

// PlayerRating is an account's Glicko-2 rating in one game, with its
// record of ranked games.
type PlayerRating struct {
	Username                   string
	Rating                     rating.Rating
	Games, Wins, Losses, Draws int
}

// RankedMatch is a ranked game between two accounts: who sits where,
// their seat tokens, the clock, and once over the outcome and ratings.
type RankedMatch struct {
	GameID    string
	Game      string
	Accounts  [2]string
	Usernames [2]string
	Tokens    [2]string
	Created   time.Time
	// The clock: the most a move may take, each seat's bank left, and
	// when the seat to move began its decision.
	PerMove     time.Duration
	Banks       [2]time.Duration
	TurnStarted time.Time
	// Seen is when a replica last reported each seat at the table (a
	// page of the player open on it), for the replica that owns the game.
	Seen     [2]time.Time
	Finished bool
	Ended    time.Time
	// Winner is the winning seat, or engine.NoSeat for a draw.
	Winner engine.Seat
	Reason string
	// Before and After are both players' ratings around the game.
	Before, After [2]rating.Rating
}

// RankedStore keeps ratings, the ranked queues and the ranked matches.
// The queue lives in the store, not in a replica's memory, so that every
// replica sharing a PostgreSQL database sees one queue, and a pairing is
// one transaction that only one replica can win.
type RankedStore interface {
	// RatingOf returns an account's rating in a game (a newcomer's when
	// it has played none).
	RatingOf(ctx context.Context, account, game string) (PlayerRating, error)
	// Enqueue puts an account in a game's queue, in place of an entry of
	// its not seen since staleBefore (a page closed while waiting), or
	// returns ErrAlreadyQueued.
	Enqueue(ctx context.Context, e QueueEntry, staleBefore time.Time) error
	// Dequeue takes an account out of a game's queue (nothing if absent).
	Dequeue(ctx context.Context, account, game string) error
	// SeenInQueue notes that a queued player is still waiting.
	SeenInQueue(ctx context.Context, account, game string, at time.Time) error
	// Queue lists a game's waiting players seen since seenSince, longest
	// waiting first.
	Queue(ctx context.Context, game string, seenSince time.Time) ([]QueueEntry, error)
	// Pair takes both accounts out of the queue and starts their match
	// and its game, in one transaction; ErrNotQueued if either has left.
	Pair(ctx context.Context, m RankedMatch, g StoredGame) error
	// ActiveMatch returns the unfinished ranked match of an account in a
	// game, or ErrNoMatch.
	ActiveMatch(ctx context.Context, account, game string) (RankedMatch, error)
	// MatchOf returns the ranked match played as a game, or ErrNoMatch.
	MatchOf(ctx context.Context, gameID string) (RankedMatch, error)
	// SeenAtTable records that a seat's player has the table open on
	// some replica at a time.
	SeenAtTable(ctx context.Context, gameID string, seat engine.Seat, at time.Time) error
	// SaveClock records the banks and the start of the next decision.
	SaveClock(ctx context.Context, gameID string, banks [2]time.Duration, turnStarted time.Time) error
	// FinishMatch records a match's outcome, both new ratings and the
	// game's result, once: a second call returns ErrMatchOver.
	FinishMatch(ctx context.Context, m RankedMatch, result string, at time.Time) error
	// Leaderboard returns a game's rated players, best rating first.
	Leaderboard(ctx context.Context, game string, limit int) ([]PlayerRating, error)
	// MatchHistory returns an account's finished ranked matches, newest first.
	MatchHistory(ctx context.Context, account string, limit int) ([]RankedMatch, error)
}

// migrateRanked adds ratings per account and game, the ranked queues and
// the ranked matches, which are the match history.
func migrateRanked(ctx context.Context, tx *sql.Tx, postgres bool) error {
	return execAll(ctx, tx, rankedSchema)
}

const rankedSchema = `
CREATE TABLE ratings (
	account    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
	game       TEXT NOT NULL,
	rating     DOUBLE PRECISION NOT NULL,
	deviation  DOUBLE PRECISION NOT NULL,
	volatility DOUBLE PRECISION NOT NULL,
	games      INTEGER NOT NULL DEFAULT 0,
	wins       INTEGER NOT NULL DEFAULT 0,
	losses     INTEGER NOT NULL DEFAULT 0,
	draws      INTEGER NOT NULL DEFAULT 0,
	updated    BIGINT NOT NULL,
	PRIMARY KEY (account, game)
);
CREATE INDEX ratings_by_game ON ratings (game, rating);
CREATE TABLE ranked_queue (
	account TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
	game    TEXT NOT NULL,
	rating  DOUBLE PRECISION NOT NULL,
	deck    TEXT NOT NULL,
	joined  BIGINT NOT NULL,
	seen    BIGINT NOT NULL,
	PRIMARY KEY (account, game)
);
CREATE INDEX ranked_queue_by_game ON ranked_queue (game, joined);
CREATE TABLE ranked_matches (
	game_id      TEXT PRIMARY KEY REFERENCES games (id),
	game         TEXT NOT NULL,
	p1           TEXT NOT NULL REFERENCES accounts (id),
	p2           TEXT NOT NULL REFERENCES accounts (id),
	token1       TEXT NOT NULL,
	token2       TEXT NOT NULL,
	created      BIGINT NOT NULL,
	per_move_ms  BIGINT NOT NULL,
	bank1_ms     BIGINT NOT NULL,
	bank2_ms     BIGINT NOT NULL,
	turn_started BIGINT NOT NULL,
	seen1_ms     BIGINT NOT NULL DEFAULT 0,
	seen2_ms     BIGINT NOT NULL DEFAULT 0,
	finished     INTEGER NOT NULL DEFAULT 0,
	winner       INTEGER NOT NULL DEFAULT -1,
	reason       TEXT NOT NULL DEFAULT '',
	ended        BIGINT NOT NULL DEFAULT 0,
	ratings_before TEXT NOT NULL,
	ratings_after  TEXT NOT NULL DEFAULT ''
);
CREATE INDEX ranked_matches_by_p1 ON ranked_matches (p1, finished);
CREATE INDEX ranked_matches_by_p2 ON ranked_matches (p2, finished)`

func (s *sqlStore) RatingOf(ctx context.Context, account, game string) (PlayerRating, error) {
	p := PlayerRating{Rating: rating.New()}
	err := s.read.QueryRowContext(ctx, s.q(`SELECT a.username, coalesce(r.rating, ?), coalesce(r.deviation, ?), coalesce(r.volatility, ?),
		coalesce(r.games, 0), coalesce(r.wins, 0), coalesce(r.losses, 0), coalesce(r.draws, 0)
		FROM accounts a LEFT JOIN ratings r ON r.account = a.id AND r.game = ? WHERE a.id = ?`),
		p.Rating.Rating, p.Rating.Deviation, p.Rating.Volatility, game, account).
		Scan(&p.Username, &p.Rating.Rating, &p.Rating.Deviation, &p.Rating.Volatility, &p.Games, &p.Wins, &p.Losses, &p.Draws)
	if errors.Is(err, sql.ErrNoRows) {
		return p, ErrNoAccount
	}
	return p, err
}

func (s *sqlStore) Enqueue(ctx context.Context, e QueueEntry, staleBefore time.Time) error {
	deck, err := json.Marshal(e.Deck)
	if err != nil {
		return err
	}
	err = s.write(ctx, writeOp{what: "join the ranked queue",
		query: `INSERT INTO ranked_queue (account, game, rating, deck, joined, seen) VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (account, game) DO UPDATE SET rating = excluded.rating, deck = excluded.deck,
			joined = excluded.joined, seen = excluded.seen WHERE ranked_queue.seen < ?`,
		args:       []any{e.Account, e.Game, e.Rating, string(deck), e.Joined.UnixMilli(), e.Joined.UnixMilli(), staleBefore.UnixMilli()},
		mustAffect: ErrAlreadyQueued})
	return err
}

func (s *sqlStore) Dequeue(ctx context.Context, account, game string) error {
	return s.write(ctx, writeOp{what: "leave the ranked queue",
		query: `DELETE FROM ranked_queue WHERE account = ? AND game = ?`, args: []any{account, game}})
}

func (s *sqlStore) SeenInQueue(ctx context.Context, account, game string, at time.Time) error {
	return s.write(ctx, writeOp{what: "note a player waiting in the ranked queue",
		query: `UPDATE ranked_queue SET seen = ? WHERE account = ? AND game = ?`, args: []any{at.UnixMilli(), account, game},
		mustAffect: ErrNotQueued})
}

func (s *sqlStore) Queue(ctx context.Context, game string, seenSince time.Time) ([]QueueEntry, error) {
	return queryAll(ctx, s.read, s.q(`SELECT q.account, a.username, q.rating, q.deck, q.joined, q.seen
		FROM ranked_queue q JOIN accounts a ON a.id = q.account WHERE q.game = ? AND q.seen >= ? ORDER BY q.joined, q.account`),
		func(r scanner) (QueueEntry, error) { return scanQueueEntry(r, game) }, game, seenSince.UnixMilli())
}

func scanQueueEntry(r scanner, game string) (QueueEntry, error) {
	e := QueueEntry{Game: game}
	var deck string
	var joined, seen int64
	if err := r.Scan(&e.Account, &e.Username, &e.Rating, &deck, &joined, &seen); err != nil {
		return e, err
	}
	e.Joined, e.Seen = time.UnixMilli(joined), time.UnixMilli(seen)
	if err := json.Unmarshal([]byte(deck), &e.Deck); err != nil {
		return e, fmt.Errorf("the queued deck of %s: %w", e.Username, err)
	}
	return e, nil
}

// Pair runs its own transaction, not the writer's batch: taking both
// players out of the queue must change exactly two rows, or nothing.
func (s *sqlStore) Pair(ctx context.Context, m RankedMatch, g StoredGame) error {
	setup, err := json.Marshal(g.Setup)
	if err != nil {
		return err
	}
	seats, err := json.Marshal(g.Seats)
	if err != nil {
		return err
	}
	before, err := json.Marshal(m.Before)
	if err != nil {
		return err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, s.q(`DELETE FROM ranked_queue WHERE game = ? AND account IN (?, ?)`), m.Game, m.Accounts[0], m.Accounts[1])
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 2 {
		return errors.Join(ErrNotQueued, err)
	}
	stmts := []stmt{
		{`INSERT INTO games (id, setup, seats, created, creator, owner) VALUES (?, ?, ?, ?, ?, ?)`,
			[]any{g.ID, string(setup), string(seats), g.Created.UnixMilli(), g.Creator, g.Owner}},
		{`INSERT INTO ranked_matches (game_id, game, p1, p2, token1, token2, created, per_move_ms, bank1_ms, bank2_ms, turn_started, ratings_before)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			[]any{m.GameID, m.Game, m.Accounts[0], m.Accounts[1], m.Tokens[0], m.Tokens[1], m.Created.UnixMilli(),
				m.PerMove.Milliseconds(), m.Banks[0].Milliseconds(), m.Banks[1].Milliseconds(), m.TurnStarted.UnixMilli(), string(before)}},
	}
	for _, st := range stmts {
		if _, err := tx.ExecContext(ctx, s.q(st.query), st.args...); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// matchColumns are the columns scanMatch reads, in its order.
const matchColumns = `m.game_id, m.game, m.p1, m.p2, a1.username, a2.username, m.token1, m.token2, m.created,
	m.per_move_ms, m.bank1_ms, m.bank2_ms, m.turn_started, m.seen1_ms, m.seen2_ms, m.finished, m.winner, m.reason, m.ended, m.ratings_before, m.ratings_after
	FROM ranked_matches m JOIN accounts a1 ON a1.id = m.p1 JOIN accounts a2 ON a2.id = m.p2`

func scanMatch(r scanner) (RankedMatch, error) {
	var m RankedMatch
	var created, perMove, bank1, bank2, turn, seen1, seen2, ended int64
	var finished, winner int
	var before, after string
	err := r.Scan(&m.GameID, &m.Game, &m.Accounts[0], &m.Accounts[1], &m.Usernames[0], &m.Usernames[1], &m.Tokens[0], &m.Tokens[1],
		&created, &perMove, &bank1, &bank2, &turn, &seen1, &seen2, &finished, &winner, &m.Reason, &ended, &before, &after)
	if errors.Is(err, sql.ErrNoRows) {
		return m, ErrNoMatch
	}
	if err != nil {
		return m, err
	}
	m.Created, m.TurnStarted, m.Ended = time.UnixMilli(created), time.UnixMilli(turn), time.UnixMilli(ended)
	m.PerMove, m.Banks = time.Duration(perMove)*time.Millisecond, [2]time.Duration{time.Duration(bank1) * time.Millisecond, time.Duration(bank2) * time.Millisecond}
	m.Finished, m.Winner = finished != 0, engine.Seat(winner)
	m.Seen = [2]time.Time{time.UnixMilli(seen1), time.UnixMilli(seen2)}
	if err := json.Unmarshal([]byte(before), &m.Before); err != nil {
		return m, fmt.Errorf("ranked match %s: ratings before: %w", m.GameID, err)
	}
	if after != "" {
		if err := json.Unmarshal([]byte(after), &m.After); err != nil {
			return m, fmt.Errorf("ranked match %s: ratings after: %w", m.GameID, err)
		}
	}
	return m, nil
}

func (s *sqlStore) ActiveMatch(ctx context.Context, account, game string) (RankedMatch, error) {
	return scanMatch(s.read.QueryRowContext(ctx, s.q(`SELECT `+matchColumns+`
		WHERE m.game = ? AND m.finished = 0 AND (m.p1 = ? OR m.p2 = ?) ORDER BY m.created DESC LIMIT 1`), game, account, account))
}

func (s *sqlStore) MatchOf(ctx context.Context, gameID string) (RankedMatch, error) {
	return scanMatch(s.read.QueryRowContext(ctx, s.q(`SELECT `+matchColumns+` WHERE m.game_id = ?`), gameID))
}

func (s *sqlStore) SeenAtTable(ctx context.Context, gameID string, seat engine.Seat, at time.Time) error {
	column := "seen1_ms"
	if seat == 1 {
		column = "seen2_ms"
	}
	return s.write(ctx, writeOp{what: "note a player at ranked game " + gameID,
		query: `UPDATE ranked_matches SET ` + column + ` = ? WHERE game_id = ? AND ` + column + ` < ?`,
		args:  []any{at.UnixMilli(), gameID, at.UnixMilli()}})
}

func (s *sqlStore) SaveClock(ctx context.Context, gameID string, banks [2]time.Duration, turnStarted time.Time) error {
	return s.write(ctx, writeOp{what: "save the clock of ranked game " + gameID,
		query: `UPDATE ranked_matches SET bank1_ms = ?, bank2_ms = ?, turn_started = ? WHERE game_id = ? AND finished = 0`,
		args:  []any{banks[0].Milliseconds(), banks[1].Milliseconds(), turnStarted.UnixMilli(), gameID}})
}

// FinishMatch's first statement changes the match only while it is
// unfinished, and the writer skips the others when it changes nothing:
// two replicas ending one match (a move and a timeout) rate it once.
func (s *sqlStore) FinishMatch(ctx context.Context, m RankedMatch, result string, at time.Time) error {
	after, err := json.Marshal(m.After)
	if err != nil {
		return err
	}
	op := writeOp{what: "finish ranked game " + m.GameID,
		query: `UPDATE ranked_matches SET finished = 1, winner = ?, reason = ?, ended = ?, ratings_after = ?,
			bank1_ms = ?, bank2_ms = ? WHERE game_id = ? AND finished = 0`,
		args:       []any{int(m.Winner), m.Reason, at.UnixMilli(), string(after), m.Banks[0].Milliseconds(), m.Banks[1].Milliseconds(), m.GameID},
		mustAffect: ErrMatchOver,
		also:       []stmt{{s.q(`UPDATE games SET finished = 1, result = ? WHERE id = ?`), []any{result, m.GameID}}}}
	for seat := range 2 {
		win, loss, draw := scoreCounts(m.Winner, engine.Seat(seat))
		r := m.After[seat]
		op.also = append(op.also, stmt{s.q(`INSERT INTO ratings (account, game, rating, deviation, volatility, games, wins, losses, draws, updated)
			VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?) ON CONFLICT (account, game) DO UPDATE SET
			rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility,
			games = ratings.games + 1, wins = ratings.wins + excluded.wins, losses = ratings.losses + excluded.losses,
			draws = ratings.draws + excluded.draws, updated = excluded.updated`),
			[]any{m.Accounts[seat], m.Game, r.Rating, r.Deviation, r.Volatility, win, loss, draw, at.UnixMilli()}})
	}
	return s.write(ctx, op)
}

// scoreCounts is one game's win, loss and draw counts for seat.
func scoreCounts(winner, seat engine.Seat) (win, loss, draw int) {
	switch winner {
	case engine.NoSeat:
		return 0, 0, 1
	case seat:
		return 1, 0, 0
	}
	return 0, 1, 0
}

func (s *sqlStore) Leaderboard(ctx context.Context, game string, limit int) ([]PlayerRating, error) {
	return queryAll(ctx, s.read, s.q(`SELECT a.username, r.rating, r.deviation, r.volatility, r.games, r.wins, r.losses, r.draws
		FROM ratings r JOIN accounts a ON a.id = r.account WHERE r.game = ? ORDER BY r.rating DESC, a.username_key LIMIT ?`),
		func(r scanner) (PlayerRating, error) {
			var p PlayerRating
			err := r.Scan(&p.Username, &p.Rating.Rating, &p.Rating.Deviation, &p.Rating.Volatility, &p.Games, &p.Wins, &p.Losses, &p.Draws)
			return p, err
		}, game, limit)
}

func (s *sqlStore) MatchHistory(ctx context.Context, account string, limit int) ([]RankedMatch, error) {
	return queryAll(ctx, s.read, s.q(`SELECT `+matchColumns+`
		WHERE m.finished = 1 AND (m.p1 = ? OR m.p2 = ?) ORDER BY m.ended DESC, m.game_id LIMIT ?`), scanMatch, account, account, limit)
}
