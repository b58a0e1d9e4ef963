package server

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"kartenwerk/engine"
)

// ErrNotFound is returned by a Store for a game id it does not hold.
var ErrNotFound = errors.New("no such game")

// ErrOpenGamesFull is a game refused because its creator has as many
// unfinished games as the cap given to CreateGame.
var ErrOpenGamesFull = errors.New("the creator has too many unfinished games")

// Store keeps every game as its record: the setup (seed included), the
// seats and the actions taken. A server rebuilds any game from it, so a
// restarted server resumes every game where it was.
type Store interface {
	// CreateGame saves a new game with no actions. With maxOpen above 0
	// it refuses the game (ErrOpenGamesFull) when g's creator has that
	// many unfinished games already, counted and saved in one step, so
	// that requests racing on any replica cannot pass the cap together.
	CreateGame(ctx context.Context, g StoredGame, maxOpen int) error
	// AppendAction saves action number n (0-based) of game id, which must
	// be the next: a number stored already is refused (and on SQLite one
	// after a gap too). It returns once the action is committed, and the
	// server shows an action to no one before that, so a restarted server
	// has every action anyone saw.
	AppendAction(ctx context.Context, id string, n int, action string) error
	// Finish marks a game over, with a short result for lists.
	Finish(ctx context.Context, id, result string) error
	// SetRematch links a game to the game that follows it.
	SetRematch(ctx context.Context, id, next string) error
	// SetSeatName records the display name the player at a seat (0-based)
	// of a casual game chose, replacing the one before; LoadGame returns it
	// in StoredGame.Names.
	SetSeatName(ctx context.Context, id string, seat int, name string) error
	// LoadGame returns a game with all its actions, or ErrNotFound.
	LoadGame(ctx context.Context, id string) (StoredGame, error)
	// Touch records when a game was last played, as it leaves memory.
	Touch(ctx context.Context, id string, at time.Time) error
	// ExpireIdle ends every unfinished game last played (or, never
	// touched, created) before the given time, with the result "expired",
	// and returns their ids.
	ExpireIdle(ctx context.Context, before time.Time) ([]string, error)
	// OpenGames counts the unfinished games of a creator.
	OpenGames(ctx context.Context, creator string) (int, error)
	// ListGames returns the newest games first, without their actions.
	ListGames(ctx context.Context, limit int) ([]StoredGame, error)
	// Close releases the store.
	Close() error
}

// StoredGame is a game as the store keeps it.
type StoredGame struct {
	ID       string
	Setup    engine.Setup
	Seats    []SeatConfig
	Created  time.Time
	Finished bool
	Result   string
	Rematch  string
	Actions  []string
	// Names are the display names the players chose, by seat ("" for a
	// seat whose player chose none; nil from ListGames). A seat whose
	// SeatConfig names it (a tournament's) goes by that name instead.
	Names []string
	// Creator identifies who started the game, for the cap on unfinished
	// games (written, not read back).
	Creator string
	// Owner is the account that started the game ("" for a game started
	// without logging in).
	Owner string
}

// OpenStore opens the store a --db value names: a postgres:// or
// postgresql:// URL selects PostgreSQL, anything else is a SQLite file path.
//
// A committed write survives the server process being stopped, killed or
// crashing. It survives a power failure or an OS crash at once with
// PostgreSQL, and with SQLite within a second (syncEvery), when the store
// syncs its write-ahead log.
func OpenStore(ctx context.Context, dsn string) (Store, error) {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		st, err := openPostgres(ctx, dsn)
		return st, scrubError(err, dsn)
	}
	if dsn == "" {
		return nil, fmt.Errorf("empty --db: give a SQLite file path such as kartenwerk.db, or a postgres:// URL")
	}
	return openSQLite(ctx, dsn)
}
