package server

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Errors of a DeckStore.
var (
	// ErrNoDeck: no deck of this account (or share token) has the id.
	ErrNoDeck = errors.New("no such deck")
	// ErrNotOwned: the giver of a trade holds fewer copies than it gives.
	ErrNotOwned = errors.New("fewer copies owned than given")
)

// SavedDeck is a deck list a player keeps under the account.
type SavedDeck struct {
	ID      string    `json:"id"`
	Owner   string    `json:"-"`
	Game    string    `json:"game"`
	Name    string    `json:"name"`
	List    string    `json:"list"`
	Share   string    `json:"share"`
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
}

// Trade is cards of one printing given by one account to another.
type Trade struct {
	ID string `json:"id"`
	// Giver and Receiver are account ids in the store; From and To their
	// usernames, as the history shows them.
	Giver    string       `json:"-"`
	Receiver string       `json:"-"`
	From     string       `json:"from"`
	To       string       `json:"to"`
	Card     CardPrinting `json:"card"`
	Count    int          `json:"count"`
	At       time.Time    `json:"at"`
}

// DeckStore keeps saved decks and the trades of registered cards.
type DeckStore interface {
	// SaveDeck stores a new deck.
	SaveDeck(ctx context.Context, d SavedDeck) error
	// UpdateDeck replaces the name and list of owner's deck, or returns
	// ErrNoDeck.
	UpdateDeck(ctx context.Context, owner, id, name, list string, at time.Time) error
	// DeleteDeck deletes owner's deck, or returns ErrNoDeck.
	DeleteDeck(ctx context.Context, owner, id string) error
	// Deck returns owner's deck, or ErrNoDeck (also for another's deck).
	Deck(ctx context.Context, owner, id string) (SavedDeck, error)
	// SharedDeck returns the deck with this share token, or ErrNoDeck.
	SharedDeck(ctx context.Context, share string) (SavedDeck, error)
	// Decks lists owner's decks of a game ("": every game), newest first.
	Decks(ctx context.Context, owner, game string) ([]SavedDeck, error)
	// TradeCards moves t.Count registered codes of t.Card from t.Giver
	// to t.Receiver and records the trade, all or nothing: ErrNotOwned
	// when the giver holds fewer.
	TradeCards(ctx context.Context, t Trade) error
	// Trades lists the trades an account gave or received, newest first.
	Trades(ctx context.Context, account string, limit int) ([]Trade, error)
}

const deckColumns = `id, owner, game, name, list, share, created, updated`

func (s *sqlStore) SaveDeck(ctx context.Context, d SavedDeck) error {
	return s.write(ctx, writeOp{what: "save a deck",
		query: `INSERT INTO saved_decks (` + deckColumns + `) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		args:  []any{d.ID, d.Owner, d.Game, d.Name, d.List, d.Share, d.Created.UnixMilli(), d.Updated.UnixMilli()}})
}

func (s *sqlStore) UpdateDeck(ctx context.Context, owner, id, name, list string, at time.Time) error {
	return s.write(ctx, writeOp{what: "update a deck",
		query: `UPDATE saved_decks SET name = ?, list = ?, updated = ? WHERE id = ? AND owner = ?`,
		args:  []any{name, list, at.UnixMilli(), id, owner}, mustAffect: ErrNoDeck})
}

func (s *sqlStore) DeleteDeck(ctx context.Context, owner, id string) error {
	return s.write(ctx, writeOp{what: "delete a deck",
		query: `DELETE FROM saved_decks WHERE id = ? AND owner = ?`, args: []any{id, owner}, mustAffect: ErrNoDeck})
}

func (s *sqlStore) Deck(ctx context.Context, owner, id string) (SavedDeck, error) {
	return s.oneDeck(ctx, `id = ? AND owner = ?`, id, owner)
}

func (s *sqlStore) SharedDeck(ctx context.Context, share string) (SavedDeck, error) {
	return s.oneDeck(ctx, `share = ?`, share)
}

func (s *sqlStore) oneDeck(ctx context.Context, where string, args ...any) (SavedDeck, error) {
	rows, err := s.read.QueryContext(ctx, s.q(`SELECT `+deckColumns+` FROM saved_decks WHERE `+where), args...)
	if err != nil {
		return SavedDeck{}, err
	}
	decks, err := scanDecks(rows)
	if err == nil && len(decks) == 0 {
		err = ErrNoDeck
	}
	if err != nil {
		return SavedDeck{}, err
	}
	return decks[0], nil
}

func (s *sqlStore) Decks(ctx context.Context, owner, game string) ([]SavedDeck, error) {
	rows, err := s.read.QueryContext(ctx, s.q(`SELECT `+deckColumns+` FROM saved_decks
		WHERE owner = ? AND (game = ? OR ? = '') ORDER BY updated DESC, id`), owner, game, game)
	if err != nil {
		return nil, err
	}
	return scanDecks(rows)
}

func scanDecks(rows *sql.Rows) ([]SavedDeck, error) {
	defer rows.Close()
	out := []SavedDeck{}
	for rows.Next() {
		var d SavedDeck
		var created, updated int64
		if err := rows.Scan(&d.ID, &d.Owner, &d.Game, &d.Name, &d.List, &d.Share, &created, &updated); err != nil {
			return nil, err
		}
		d.Created, d.Updated = time.UnixMilli(created), time.UnixMilli(updated)
		out = append(out, d)
	}
	return out, rows.Err()
}

// The trade's record is inserted only if the giver holds enough copies
// (else no row, and so ErrNotOwned), and the codes move with it in one
// transaction. The outer owner test keeps a concurrent trade on another
// PostgreSQL replica from moving codes twice.
const (
	recordTrade = `INSERT INTO card_trades (id, giver, receiver, game, card, printing, count, traded)
		SELECT ?, ?, ?, ?, ?, ?, CAST(? AS INTEGER), CAST(? AS BIGINT)
		WHERE (SELECT count(*) FROM card_codes WHERE owner = ? AND game = ? AND card = ? AND printing = ?) >= CAST(? AS INTEGER)`
	moveCodes = `UPDATE card_codes SET owner = ? WHERE owner = ? AND hash IN (
		SELECT hash FROM card_codes WHERE owner = ? AND game = ? AND card = ? AND printing = ?
		ORDER BY registered, hash LIMIT ?)`
)

// TradeCards records the trade and moves the copies in one step, which
// on PostgreSQL holds a lock on the giver's cards: two replicas' trades of
// the same copies each counted them before the other moved them, so both
// were recorded while the copies moved once.
func (s *sqlStore) TradeCards(ctx context.Context, t Trade) error {
	c := t.Card
	op := writeOp{what: "trade cards", query: recordTrade,
		args: []any{t.ID, t.Giver, t.Receiver, c.Game, c.Card, c.Printing, t.Count, t.At.UnixMilli(),
			t.Giver, c.Game, c.Card, c.Printing, t.Count},
		mustAffect: ErrNotOwned,
		also:       []stmt{{s.q(moveCodes), []any{t.Receiver, t.Giver, t.Giver, c.Game, c.Card, c.Printing, t.Count}}}}
	if s.postgres {
		return s.writeLocked(ctx, "cards of "+t.Giver, op)
	}
	return s.write(ctx, op)
}

func (s *sqlStore) Trades(ctx context.Context, account string, limit int) ([]Trade, error) {
	rows, err := s.read.QueryContext(ctx, s.q(`SELECT t.id, g.username, r.username, t.game, t.card, t.printing, t.count, t.traded
		FROM card_trades t JOIN accounts g ON g.id = t.giver JOIN accounts r ON r.id = t.receiver
		WHERE t.giver = ? OR t.receiver = ? ORDER BY t.traded DESC, t.id LIMIT ?`), account, account, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Trade{}
	for rows.Next() {
		var t Trade
		var at int64
		if err := rows.Scan(&t.ID, &t.From, &t.To, &t.Card.Game, &t.Card.Card, &t.Card.Printing, &t.Count, &at); err != nil {
			return nil, err
		}
		t.At = time.UnixMilli(at)
		out = append(out, t)
	}
	return out, rows.Err()
}
