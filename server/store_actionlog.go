package server

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
)

// SQLite's action log. The actions table is keyed by game and number, so
// with thousands of games under way every saved action lands on a page of
// its own, and a commit writes one page of the write-ahead log per action:
// at 10,000 games and a million stored actions that was 21-25 µs of CPU an
// action. So a saved action is appended to action_log instead, a table
// in the order of arrival whose commit writes a page or two however many
// games its actions belong to (6-7 µs), and the log is moved into actions
// in rounds: when it holds several actions a game, a game's actions are
// inserted together and write its page once. An action committed alone,
// as on a quiet server, goes straight into actions, where its commit
// writes one page too and it needs no moving.
//
// A game's actions are whole in actions and action_log together, and
// LoadGame reads both. An action is committed once, in the one or the
// other; a round inserts what it moves into actions and only then deletes
// it from the log, so an action is in the one, the other or (after a
// crash between the two) in both, the same. Opening the file moves whatever a stopped
// server left in the log, after checking that no action is stored twice
// with different texts.
//
// The writer keeps in memory what the log holds, as it alone appends to
// it: which actions each game has there, and the number each game's next
// action must have, the check the key of actions made on every save.
// SQLite files therefore serve one server process at a time; replicas
// share a PostgreSQL database, whose actions are saved as before.

const (
	// logRowsPerGame: a round begins once the log holds this many actions
	// for each game it holds any of, so a round writes each game's page
	// once for about this many actions...
	logRowsPerGame = 8
	// ...and at least logRowsMin actions, so a quiet server's few games
	// are moved now and then rather than after every few moves...
	logRowsMin = 4096
	// ...or at once when the log holds logRowsMax, whatever the games:
	// the memory the writer keeps for the log is bounded.
	logRowsMax = 1 << 18
	// moveRows is how many actions a round moves a transaction, and
	// deleteRows how many rows it then deletes from the log a transaction:
	// each step is about a millisecond that the next commit waits (at
	// 1,024 and 8,192 a step took several, and a round's steps, one after
	// each commit for a second, made the moves meanwhile wait 50-80 ms).
	moveRows   = 128
	deleteRows = 1024
	// knownGames is how many games the writer knows at least before it
	// forgets the ones without actions in the log; a forgotten game's
	// next number is read from actions again when it saves.
	knownGames = 1 << 16
)

// actionLog is what the writer knows of the log. Its games and rows are
// the writer's, under commitMu; mu guards them also for LoadGame, which
// asks which games the log holds actions of.
type actionLog struct {
	mu    sync.Mutex
	games map[string]*loggedGame
	// nextID is the id of the next action appended; ids rise in the
	// order of arrival, and the log is deleted from its lowest up.
	nextID int64
	// rows counts the actions in the log not yet moved, and gamesWithRows
	// the games they belong to.
	rows, gamesWithRows int
	// round lists the games a round has still to move, in order;
	// deleteFrom and deleteTo are the ids it deletes from the log once they
	// are moved (deleteFrom < deleteTo while it deletes).
	round                []string
	deleteFrom, deleteTo int64
	// rounds counts the rounds begun.
	rounds int
	// forgetAbove is how many games the writer may know before it
	// forgets those without actions in the log (settle): a quiet server,
	// whose actions go straight into actions, begins no rounds. It is
	// knownGames, or twice the games left known, which tests lower.
	forgetAbove, knownGames int
	// minRows, perGame, maxRows, moveRows and deleteRows are the
	// constants of the same names, which tests lower.
	minRows, perGame, maxRows, moveRows, deleteRows int
	// aloneDirect: a batch's only action is saved straight into actions
	// (admit); tests turn it off to put every action through the log.
	aloneDirect bool
}

// loggedGame is a game the writer has saved actions of.
type loggedGame struct {
	// next is the number the game's next action must have: how many it
	// has stored.
	next int
	// staged counts the actions of the batch being committed, which become
	// the game's when it commits.
	staged int
	// rows are the game's actions in the log, in order (those saved
	// straight into actions, admit, are not among them).
	rows []loggedRow
}

// loggedRow is an action in the log: its number, and its id there.
type loggedRow struct {
	id     int64
	n      int
	action string
}

func newActionLog() *actionLog {
	return &actionLog{games: map[string]*loggedGame{}, nextID: 1, forgetAbove: knownGames, knownGames: knownGames,
		minRows: logRowsMin, perGame: logRowsPerGame, maxRows: logRowsMax, moveRows: moveRows, deleteRows: deleteRows,
		aloneDirect: true}
}

// appendToLog is the statement that saves an action, with its id first.
const appendToLog = `INSERT INTO action_log (id, game_id, n, action) VALUES (?, ?, ?, ?)`

// migrateActionLog makes SQLite's action log. PostgreSQL has none.
func migrateActionLog(ctx context.Context, tx *sql.Tx, postgres bool) error {
	if postgres {
		return nil
	}
	_, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS action_log (
	id      INTEGER PRIMARY KEY,
	game_id TEXT NOT NULL,
	n       INTEGER NOT NULL,
	action  TEXT NOT NULL
)`)
	return err
}

// recoverActionLog moves into actions what a stopped server left in the
// log, unless an action is stored twice with different texts: which of
// them the players saw, the file cannot tell.
func recoverActionLog(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var game string
	var n int
	err = tx.QueryRowContext(ctx, `SELECT l.game_id, l.n FROM action_log l
		WHERE EXISTS (SELECT 1 FROM actions a WHERE a.game_id = l.game_id AND a.n = l.n AND a.action <> l.action)
		   OR EXISTS (SELECT 1 FROM action_log o WHERE o.game_id = l.game_id AND o.n = l.n AND o.action <> l.action)
		LIMIT 1`).Scan(&game, &n)
	switch {
	case err == nil:
		return fmt.Errorf("game %s: action %d is stored twice with different texts (in the tables actions and action_log); "+
			"keep the one the players saw, delete the other with the sqlite3 tool, and open the file again", game, n+1)
	case !errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("check the action log: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO actions (game_id, n, action)
		SELECT game_id, n, action FROM action_log ORDER BY game_id, n`); err != nil {
		return fmt.Errorf("move the action log into actions: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM action_log`); err != nil {
		return fmt.Errorf("empty the action log: %w", err)
	}
	return tx.Commit()
}

// admit checks the number of each action a batch saves, and gives it its
// id in the log. An action out of turn (stored already, or after a gap)
// fails alone, with errs[i] set. A batch's only action is saved straight
// into actions: its commit writes one page wherever it goes, and there
// it needs no moving (a quiet server's moves, committed one by one, would
// otherwise pay for a round too). settle then records what committed.
func (l *actionLog) admit(s *sqlStore, batch []writeOp, errs []error) {
	if l == nil {
		return
	}
	alone := l.aloneDirect && countFunc(batch, func(op *writeOp) bool { return op.logged }) == 1
	for i := range batch {
		op := &batch[i]
		if !op.logged {
			continue
		}
		g, err := l.game(s, op.savesAction)
		if err != nil {
			errs[i] = fmt.Errorf("%s: %w", op.whatText(), err)
			continue
		}
		if want := g.next + g.staged; op.savesN != want {
			errs[i] = fmt.Errorf("%s: the game has %d actions stored, so the next to save is action %d", op.whatText(), want, want+1)
			continue
		}
		g.staged++
		if alone {
			op.query, op.args = insertAction, op.args[1:]
			continue
		}
		op.args[0] = l.nextID
		l.nextID++
	}
}

// insertAction saves an action straight into actions, its arguments
// those of appendToLog without the id.
const insertAction = `INSERT INTO actions (game_id, n, action) VALUES (?, ?, ?)`

// countFunc counts the elements of s for which f holds.
func countFunc[T any](s []T, f func(*T) bool) int {
	n := 0
	for i := range s {
		if f(&s[i]) {
			n++
		}
	}
	return n
}

// settle records the actions a batch appended, if it committed, and
// forgets them if not.
func (l *actionLog) settle(batch []writeOp, errs []error, committed bool) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for i := range batch {
		op := &batch[i]
		if !op.logged {
			continue
		}
		g := l.games[op.savesAction]
		if g == nil || g.staged == 0 {
			continue // refused by admit before it was staged
		}
		if !committed {
			g.staged = 0
			continue
		}
		if errs[i] != nil {
			continue
		}
		g.staged--
		g.next++
		if op.query != appendToLog {
			continue // saved straight into actions
		}
		if len(g.rows) == 0 {
			l.gamesWithRows++
		}
		g.rows = append(g.rows, loggedRow{id: op.args[0].(int64), n: op.savesN, action: op.args[3].(string)})
		l.rows++
	}
	if len(l.games) > l.forgetAbove {
		l.forgetIdleLocked()
	}
}

// forgetIdleLocked forgets the games without actions in the log or in a
// batch, and lets the writer know twice as many as are left before it
// does so again.
func (l *actionLog) forgetIdleLocked() {
	for id, g := range l.games {
		if len(g.rows) == 0 && g.staged == 0 {
			delete(l.games, id)
		}
	}
	l.forgetAbove = max(l.knownGames, 2*len(l.games))
}

// game is what the writer knows of a game, read from the store the first
// time: a game without actions in the log has them all in actions.
func (l *actionLog) game(s *sqlStore, id string) (*loggedGame, error) {
	if g := l.games[id]; g != nil {
		return g, nil
	}
	var next int
	if err := s.read.QueryRow(`SELECT coalesce(max(n) + 1, 0) FROM actions WHERE game_id = ?`, id).Scan(&next); err != nil {
		return nil, fmt.Errorf("count its stored actions: %w", err)
	}
	g := &loggedGame{next: next}
	l.mu.Lock()
	l.games[id] = g
	l.mu.Unlock()
	return g, nil
}

// firstLogged is the id of the first of game id's actions in the log, if
// it has any there.
func (l *actionLog) firstLogged(id string) (int64, bool) {
	if l == nil {
		return 0, false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if g := l.games[id]; g != nil && len(g.rows) > 0 {
		return g.rows[0].id, true
	}
	return 0, false
}

// due reports whether a round should begin.
func (l *actionLog) due() bool {
	return l.rows >= l.maxRows || l.rows >= max(l.minRows, l.perGame*l.gamesWithRows)
}

// beginRound lists the games with actions in the log, in the actions
// table's order.
func (l *actionLog) beginRound() {
	l.rounds++
	for id, g := range l.games {
		if len(g.rows) > 0 {
			l.round = append(l.round, id)
		}
	}
	slices.Sort(l.round)
}

// compactStep does the next step of a round, if one is due or under
// way: it moves the next games' actions into actions, or deletes the next
// moved rows from the log. It runs after a commit, under commitMu.
func (s *sqlStore) compactStep() error {
	l := s.actlog
	if l == nil {
		return nil
	}
	switch {
	case len(l.round) > 0:
		return s.moveLogged()
	case l.deleteFrom < l.deleteTo:
		return s.deleteLogged()
	case l.due():
		l.beginRound()
		return s.moveLogged()
	}
	return nil
}

// moveLogged inserts the actions of the round's next games into actions,
// about moveRows of them, in one transaction, and then forgets them. Once
// the round has moved every game, the rows below the first still in the
// log are deleted.
func (s *sqlStore) moveLogged() error {
	l := s.actlog
	k, rows := 0, 0
	for k < len(l.round) && rows < l.moveRows {
		rows += len(l.games[l.round[k]].rows)
		k++
	}
	games := l.round[:k]
	err := s.inRawTx(func(tx *rawTx) error {
		args := make([]any, 3) // the statement's, copied by exec
		for _, id := range games {
			args[0] = id
			for _, r := range l.games[id].rows {
				args[1], args[2] = r.n, r.action
				if _, err := tx.exec(`INSERT OR IGNORE INTO actions (game_id, n, action) VALUES (?, ?, ?)`, args); err != nil {
					return fmt.Errorf("move the actions of game %s from the log: %w", id, err)
				}
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	l.mu.Lock()
	for _, id := range games {
		g := l.games[id]
		l.rows -= len(g.rows)
		l.gamesWithRows--
		clear(g.rows) // its room serves the game's next round: no garbage
		g.rows = g.rows[:0]
	}
	l.round = l.round[k:]
	if len(l.round) == 0 {
		l.deleteTo = l.nextID
		for _, g := range l.games {
			if len(g.rows) > 0 {
				l.deleteTo = min(l.deleteTo, g.rows[0].id)
			}
		}
	}
	l.mu.Unlock()
	return nil
}

// deleteLogged deletes the next deleteRows ids of the moved rows from the
// log.
func (s *sqlStore) deleteLogged() error {
	l := s.actlog
	to := min(l.deleteFrom+int64(l.deleteRows), l.deleteTo)
	err := s.inRawTx(func(tx *rawTx) error {
		_, err := tx.exec(`DELETE FROM action_log WHERE id >= ? AND id < ?`, []any{l.deleteFrom, to})
		return err
	})
	if err != nil {
		return fmt.Errorf("delete moved actions from the log: %w", err)
	}
	l.deleteFrom = to
	return nil
}

// compactLog runs a step of moving the log, and reports a failure: the
// actions stay in the log, which LoadGame reads, and the step is tried
// again after the next commit.
func (s *sqlStore) compactLog(step func() error) {
	if err := step(); err != nil {
		actionLogErrors.Inc()
		slog.Error("moving saved actions from the log into their games failed; they stay in the log", "err", err)
	}
}

// compactAll moves every action in the log into actions and empties it,
// as the store closes.
func (s *sqlStore) compactAll() error {
	l := s.actlog
	if l == nil {
		return nil
	}
	if l.rows > 0 && len(l.round) == 0 {
		l.beginRound()
	}
	for len(l.round) > 0 || l.deleteFrom < l.deleteTo {
		if err := s.compactStep(); err != nil {
			return err
		}
	}
	return nil
}
