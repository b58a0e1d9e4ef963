package server

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"kartenwerk/platform/codes"
)

// Errors of a CodeStore.
var (
	// ErrNoCode: no imported print run holds this hash.
	ErrNoCode = errors.New("no such code")
	// ErrCodeClaimed: the code is registered already.
	ErrCodeClaimed = errors.New("code registered already")
)

// CardCode is an imported code's row: its hash (never the code), the
// printing it is on, and the account that registered it ("" for none).
type CardCode struct {
	Hash       string
	Printing   CardPrinting
	Owner      string
	Registered time.Time
}

// CardPrinting names one printing of one card, as a print run does.
type CardPrinting struct {
	Game     string `json:"game"`
	Card     string `json:"card"`
	Printing string `json:"printing"`
}

// CodeFlag is a refused registration of a code another account holds: a
// sign that the code was copied off the card.
type CodeFlag struct {
	Card       CardPrinting `json:"card"`
	Owner      string       `json:"owner"`      // the username that holds the code
	AttemptBy  string       `json:"attempt_by"` // the username that tried it after
	Registered time.Time    `json:"registered"`
	Attempted  time.Time    `json:"attempted"`
}

// CollectionEntry is how many codes of one printing an account holds.
type CollectionEntry struct {
	CardPrinting
	Count int `json:"count"`
}

// CodeStore keeps the publisher role, the imported code hashes, who
// registered each, and the flags of copied codes.
type CodeStore interface {
	// IsPublisher tells whether an account holds the publisher role.
	IsPublisher(ctx context.Context, id string) (bool, error)
	// SetPublisher grants or revokes the publisher role, or returns
	// ErrNoAccount.
	SetPublisher(ctx context.Context, username string, publisher bool) error
	// ImportCodes adds hashes not yet stored and returns how many it
	// added; a hash stored already keeps its row and its owner.
	ImportCodes(ctx context.Context, recs []codes.HashRecord) (int, error)
	// CodeByHash returns an imported code, or ErrNoCode.
	CodeByHash(ctx context.Context, hash string) (CardCode, error)
	// ClaimCode registers an unregistered code to owner, or returns
	// ErrCodeClaimed when some account holds it already.
	ClaimCode(ctx context.Context, hash, owner string, at time.Time) error
	// FlagCode records that attemptBy tried a code another account
	// holds; one flag per code and account.
	FlagCode(ctx context.Context, hash, attemptBy string, at time.Time) error
	// CodeFlags returns the newest flags first.
	CodeFlags(ctx context.Context, limit int) ([]CodeFlag, error)
	// Collection returns the printings owner holds, with counts.
	Collection(ctx context.Context, owner string) ([]CollectionEntry, error)
}

// importChunk is how many hashes one write inserts.
const importChunk = 500

func (s *sqlStore) IsPublisher(ctx context.Context, id string) (bool, error) {
	var p int
	err := s.read.QueryRowContext(ctx, s.q(`SELECT publisher FROM accounts WHERE id = ?`), id).Scan(&p)
	if errors.Is(err, sql.ErrNoRows) {
		return false, ErrNoAccount
	}
	return p == 1, err
}

func (s *sqlStore) SetPublisher(ctx context.Context, username string, publisher bool) error {
	v := 0
	if publisher {
		v = 1
	}
	return s.write(ctx, writeOp{what: "set the publisher role",
		query: `UPDATE accounts SET publisher = ? WHERE username_key = ?`, args: []any{v, usernameKey(username)},
		mustAffect: ErrNoAccount})
}

func (s *sqlStore) ImportCodes(ctx context.Context, recs []codes.HashRecord) (int, error) {
	before, err := s.countCodes(ctx)
	if err != nil {
		return 0, err
	}
	const insert = `INSERT INTO card_codes (hash, game, card, printing) VALUES (?, ?, ?, ?) ON CONFLICT (hash) DO NOTHING`
	for start := 0; start < len(recs); start += importChunk {
		chunk := recs[start:min(start+importChunk, len(recs))]
		op := writeOp{what: "import code hashes", query: insert, args: codeArgs(chunk[0])}
		for _, rec := range chunk[1:] {
			op.also = append(op.also, stmt{s.q(insert), codeArgs(rec)})
		}
		if err := s.write(ctx, op); err != nil {
			return 0, err
		}
	}
	after, err := s.countCodes(ctx)
	return after - before, err
}

func codeArgs(rec codes.HashRecord) []any {
	return []any{rec.Hash.String(), rec.Game, rec.Card, rec.Printing.Printing}
}

func (s *sqlStore) countCodes(ctx context.Context) (int, error) {
	var n int
	err := s.read.QueryRowContext(ctx, `SELECT count(*) FROM card_codes`).Scan(&n)
	return n, err
}

func (s *sqlStore) CodeByHash(ctx context.Context, hash string) (CardCode, error) {
	c := CardCode{Hash: hash}
	var registered int64
	err := s.read.QueryRowContext(ctx, s.q(`SELECT game, card, printing, owner, registered FROM card_codes WHERE hash = ?`), hash).
		Scan(&c.Printing.Game, &c.Printing.Card, &c.Printing.Printing, &c.Owner, &registered)
	if errors.Is(err, sql.ErrNoRows) {
		return c, ErrNoCode
	}
	c.Registered = time.UnixMilli(registered)
	return c, err
}

func (s *sqlStore) ClaimCode(ctx context.Context, hash, owner string, at time.Time) error {
	return s.write(ctx, writeOp{what: "register a code",
		query: `UPDATE card_codes SET owner = ?, registered = ? WHERE hash = ? AND owner = ''`,
		args:  []any{owner, at.UnixMilli(), hash}, mustAffect: ErrCodeClaimed})
}

func (s *sqlStore) FlagCode(ctx context.Context, hash, attemptBy string, at time.Time) error {
	return s.write(ctx, writeOp{what: "flag a copied code",
		query: `INSERT INTO code_flags (hash, attempt_by, attempted) VALUES (?, ?, ?) ON CONFLICT (hash, attempt_by) DO NOTHING`,
		args:  []any{hash, attemptBy, at.UnixMilli()}})
}

func (s *sqlStore) CodeFlags(ctx context.Context, limit int) ([]CodeFlag, error) {
	rows, err := s.read.QueryContext(ctx, s.q(`SELECT c.game, c.card, c.printing, o.username, t.username, c.registered, f.attempted
		FROM code_flags f JOIN card_codes c ON c.hash = f.hash
		JOIN accounts o ON o.id = c.owner JOIN accounts t ON t.id = f.attempt_by
		ORDER BY f.attempted DESC LIMIT ?`), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []CodeFlag
	for rows.Next() {
		var f CodeFlag
		var registered, attempted int64
		if err := rows.Scan(&f.Card.Game, &f.Card.Card, &f.Card.Printing, &f.Owner, &f.AttemptBy, &registered, &attempted); err != nil {
			return nil, err
		}
		f.Registered, f.Attempted = time.UnixMilli(registered), time.UnixMilli(attempted)
		out = append(out, f)
	}
	return out, rows.Err()
}

func (s *sqlStore) Collection(ctx context.Context, owner string) ([]CollectionEntry, error) {
	rows, err := s.read.QueryContext(ctx, s.q(`SELECT game, card, printing, count(*) FROM card_codes
		WHERE owner = ? GROUP BY game, card, printing ORDER BY game, card, printing`), owner)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []CollectionEntry{}
	for rows.Next() {
		var e CollectionEntry
		if err := rows.Scan(&e.Game, &e.Card, &e.Printing, &e.Count); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}
