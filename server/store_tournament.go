package server

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Errors of a TournamentStore.
var (
	// ErrNoTournament: no tournament has this id.
	ErrNoTournament = errors.New("no such tournament")
	// ErrTournamentChanged: the tournament was saved by someone else since
	// it was read; read it again and redo the change.
	ErrTournamentChanged = errors.New("the tournament changed meanwhile")
)

// StoredTournament is a tournament as the store keeps it: who organises
// it, and its whole state as JSON (Data) under a version that grows by
// one with every save.
type StoredTournament struct {
	ID        string
	Organiser string // account id
	Created   time.Time
	Version   int64
	Data      []byte
	// Holds are the accounts whose registered decks the tournament holds
	// until it ends, under its "physical cards only" rule: registered and
	// not dropped (tourney.holds). The store indexes them for
	// TournamentsHolding; every create and save replaces them.
	Holds []string
}

// TournamentStore keeps the organiser role and the tournaments.
type TournamentStore interface {
	// IsOrganiser tells whether an account holds the organiser role, or
	// returns ErrNoAccount.
	IsOrganiser(ctx context.Context, id string) (bool, error)
	// SetOrganiser grants or revokes the organiser role, or returns
	// ErrNoAccount.
	SetOrganiser(ctx context.Context, username string, organiser bool) error
	// CreateTournament saves a new tournament at version 1.
	CreateTournament(ctx context.Context, t StoredTournament) error
	// LoadTournament returns a tournament, or ErrNoTournament.
	LoadTournament(ctx context.Context, id string) (StoredTournament, error)
	// SaveTournament stores t.Data as version t.Version+1 if the stored
	// version is still t.Version, else returns ErrTournamentChanged; the
	// games listed join the tournament in the same commit.
	SaveTournament(ctx context.Context, t StoredTournament, games []string) error
	// ListTournaments returns the newest tournaments first.
	ListTournaments(ctx context.Context, limit int) ([]StoredTournament, error)
	// TournamentsHolding returns the ids of the tournaments whose Holds
	// name the account, as last saved.
	TournamentsHolding(ctx context.Context, account string) ([]string, error)
	// TournamentOfGame returns the tournament a game belongs to, or
	// ErrNoTournament for a game of none.
	TournamentOfGame(ctx context.Context, game string) (string, error)
}

func (s *sqlStore) IsOrganiser(ctx context.Context, id string) (bool, error) {
	var o int
	err := s.read.QueryRowContext(ctx, s.q(`SELECT organiser FROM accounts WHERE id = ?`), id).Scan(&o)
	if errors.Is(err, sql.ErrNoRows) {
		return false, ErrNoAccount
	}
	return o == 1, err
}

func (s *sqlStore) SetOrganiser(ctx context.Context, username string, organiser bool) error {
	v := 0
	if organiser {
		v = 1
	}
	return s.write(ctx, writeOp{what: "set the organiser role",
		query: `UPDATE accounts SET organiser = ? WHERE username_key = ?`, args: []any{v, usernameKey(username)},
		mustAffect: ErrNoAccount})
}

func (s *sqlStore) CreateTournament(ctx context.Context, t StoredTournament) error {
	return s.write(ctx, writeOp{what: "create tournament " + t.ID,
		query: `INSERT INTO tournaments (id, organiser, created, version, data) VALUES (?, ?, ?, 1, ?)`,
		args:  []any{t.ID, t.Organiser, t.Created.UnixMilli(), string(t.Data)},
		also:  s.holdsOf(t)})
}

// holdsOf are the statements that replace a tournament's rows of
// tournament_holds with t.Holds, in the commit of its state, so that
// the index never disagrees with the state it was read from.
func (s *sqlStore) holdsOf(t StoredTournament) []stmt {
	out := []stmt{{s.q(`DELETE FROM tournament_holds WHERE tournament = ?`), []any{t.ID}}}
	for _, a := range t.Holds {
		out = append(out, stmt{s.q(`INSERT INTO tournament_holds (account, tournament) VALUES (?, ?)`), []any{a, t.ID}})
	}
	return out
}

func (s *sqlStore) TournamentsHolding(ctx context.Context, account string) ([]string, error) {
	return queryStrings(ctx, s.read, s.q(`SELECT tournament FROM tournament_holds WHERE account = ? ORDER BY tournament`), account)
}

func (s *sqlStore) LoadTournament(ctx context.Context, id string) (StoredTournament, error) {
	t := StoredTournament{ID: id}
	var created int64
	var data string
	err := s.read.QueryRowContext(ctx, s.q(`SELECT organiser, created, version, data FROM tournaments WHERE id = ?`), id).
		Scan(&t.Organiser, &created, &t.Version, &data)
	if errors.Is(err, sql.ErrNoRows) {
		return t, ErrNoTournament
	}
	t.Created, t.Data = time.UnixMilli(created), []byte(data)
	return t, err
}

func (s *sqlStore) SaveTournament(ctx context.Context, t StoredTournament, games []string) error {
	op := writeOp{what: "save tournament " + t.ID,
		query:      `UPDATE tournaments SET data = ?, version = version + 1 WHERE id = ? AND version = ?`,
		args:       []any{string(t.Data), t.ID, t.Version},
		mustAffect: ErrTournamentChanged,
		also:       s.holdsOf(t)}
	for _, g := range games {
		op.also = append(op.also, stmt{s.q(`INSERT INTO tournament_games (game, tournament) VALUES (?, ?)`), []any{g, t.ID}})
	}
	return s.write(ctx, op)
}

func (s *sqlStore) ListTournaments(ctx context.Context, limit int) ([]StoredTournament, error) {
	rows, err := s.read.QueryContext(ctx, s.q(`SELECT id, organiser, created, version, data FROM tournaments ORDER BY created DESC, id LIMIT ?`), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []StoredTournament
	for rows.Next() {
		var t StoredTournament
		var created int64
		var data string
		if err := rows.Scan(&t.ID, &t.Organiser, &created, &t.Version, &data); err != nil {
			return nil, err
		}
		t.Created, t.Data = time.UnixMilli(created), []byte(data)
		out = append(out, t)
	}
	return out, rows.Err()
}

func (s *sqlStore) TournamentOfGame(ctx context.Context, game string) (string, error) {
	var id string
	err := s.read.QueryRowContext(ctx, s.q(`SELECT tournament FROM tournament_games WHERE game = ?`), game).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNoTournament
	}
	return id, err
}
