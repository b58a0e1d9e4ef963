package companion

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// MaxPlayers is the most players a table takes.
const MaxPlayers = 6

// MaxText is the most bytes of each text of a command and of its op id:
// the pages send a UUID (36 bytes) as op, a key such as p1.m3.hp as
// target and a card's, status's or player's name as arg. Each event keeps
// them, and every snapshot of the table repeats its newest events, so a
// longer text only bloats the table for all its phones.
const MaxText = 64

// Command is what a player asks of the table. Verbs all games know:
// join (Arg: the name), undo (Seq: the event), add (Target: a key, N: how
// much), set (Target: a key, Arg: the value) and new-game; each game adds
// its own.
type Command struct {
	Verb    string `json:"verb"`
	Target  string `json:"target,omitempty"`
	Arg     string `json:"arg,omitempty"`
	N       int    `json:"n,omitempty"`
	Seq     int    `json:"seq,omitempty"`
	Confirm bool   `json:"confirm,omitempty"`
}

// Note is a hint or warning from the rules: Code names its text in the
// pages' catalogue, Vars fill it, Rule cites the rule, Target is the key
// or MystiMon it concerns.
type Note struct {
	Code   string            `json:"code"`
	Level  string            `json:"level"` // "hint", "warning" or "win"
	Rule   string            `json:"rule,omitempty"`
	Target string            `json:"target,omitempty"`
	Vars   map[string]string `json:"vars,omitempty"`
}

// Note levels.
const (
	Hint    = "hint"
	Warning = "warning"
	Win     = "win"
)

// Event is one entry of a table's log.
type Event struct {
	Seq     int      `json:"seq"`
	By      int      `json:"by"` // the seat (0-based) whose player made it
	Op      string   `json:"op,omitempty"`
	At      int64    `json:"at"` // Unix milliseconds
	Cmd     Command  `json:"cmd"`
	Changes []Change `json:"changes"`
	Notes   []Note   `json:"notes,omitempty"`
	Undoes  int      `json:"undoes,omitempty"`
}

// NeedsConfirm is the error of a command the rules want confirmed first
// (the evolution into a ★★★★ or ★★★★★ form, MM-5.2): send it again with
// Confirm set. Note says why.
type NeedsConfirm struct{ Note Note }

func (e *NeedsConfirm) Error() string {
	return "this needs a confirmation (" + e.Note.Code + "): send the command again with confirm set"
}

// ErrUnknownGame: no companion rules for the game asked for.
var ErrUnknownGame = errors.New("no companion for this game: use mystimons, mysticelements, microlife, athernum or zynalith")

// Table is one table's log and the state it gives.
type Table struct {
	ID    string
	Game  string
	rules Rules
	log   []Event
	state State
	ops   map[string]int // a command's op id to its event's index
}

// New starts an empty table of a game.
func New(id, game string) (*Table, error) {
	r, ok := rulesFor(game)
	if !ok {
		return nil, fmt.Errorf("%w (asked for %q)", ErrUnknownGame, game)
	}
	return &Table{ID: id, Game: game, rules: r, state: State{}, ops: map[string]int{}}, nil
}

// Load rebuilds a table from its stored log, replaying the changes in
// order (not the commands, so a later change of the rules never rewrites
// what a table recorded).
func Load(id, game string, log []Event) (*Table, error) {
	t, err := New(id, game)
	if err != nil {
		return nil, err
	}
	for i, ev := range log {
		if ev.Seq != i+1 {
			return nil, fmt.Errorf("table %s: event %d of the log has sequence number %d: the stored log is out of order", id, i+1, ev.Seq)
		}
		t.record(ev)
	}
	return t, nil
}

// State is a copy of the table's counters.
func (t *Table) State() State { return t.state.Clone() }

// Log is the table's events, oldest first; callers must not change them.
func (t *Table) Log() []Event { return t.log }

// Seq is the number of the newest event (0: none).
func (t *Table) Seq() int { return len(t.log) }

// Hints are the standing hints of the current state.
func (t *Table) Hints() []Note { return t.rules.Hints(t.state) }

// Catalog is what the page needs of the game's cards.
func (t *Table) Catalog() any { return t.rules.Catalog() }

// Do applies a player's command and appends its event. op, when not
// empty, identifies the command at its sender: a command sent again
// (after a lost answer, or from an offline queue) returns the event it
// made the first time instead of applying twice. A refused command
// leaves the table unchanged.
func (t *Table) Do(by int, op string, cmd Command, at time.Time) (Event, error) {
	if err := checkLengths(op, cmd); err != nil {
		return Event{}, err
	}
	if i, ok := t.ops[op]; ok && op != "" {
		return t.log[i], nil
	}
	if cmd.Verb != "join" && (by < 0 || by >= t.state.Players()) {
		return Event{}, fmt.Errorf("seat %d has not joined this table (it has %d players): join first", by+1, t.state.Players())
	}
	changes, notes, undoes, err := t.changes(by, cmd)
	if err != nil {
		return Event{}, err
	}
	if len(changes) == 0 {
		return Event{}, refusal("unchanged", nil, "%s changes nothing: the counters are as asked already", describe(cmd))
	}
	ev := Event{Seq: len(t.log) + 1, By: by, Op: op, At: at.UnixMilli(), Cmd: cmd, Changes: changes, Notes: notes, Undoes: undoes}
	if cmd.Verb == "join" {
		ev.By = t.state.Players()
	}
	t.record(ev)
	return ev, nil
}

// checkLengths refuses a command with a text longer than MaxText bytes.
func checkLengths(op string, cmd Command) error {
	for _, f := range []struct{ name, text string }{{"op", op}, {"verb", cmd.Verb}, {"target", cmd.Target}, {"arg", cmd.Arg}} {
		if len(f.text) > MaxText {
			return refusal("text_length", []any{"n", len(f.text), "max", MaxText},
				"the command's %s is %d bytes long, more than the %d a table keeps: send a shorter one", f.name, len(f.text), MaxText)
		}
	}
	return nil
}

func (t *Table) record(ev Event) {
	t.state.apply(ev.Changes)
	if ev.Op != "" {
		t.ops[ev.Op] = len(t.log)
	}
	t.log = append(t.log, ev)
}

// changes computes a command's changes without applying them.
func (t *Table) changes(by int, cmd Command) ([]Change, []Note, int, error) {
	e := newEdit(t.state)
	switch cmd.Verb {
	case "join":
		return t.join(e, cmd)
	case "undo":
		ch, err := t.undo(cmd.Seq)
		return ch, nil, cmd.Seq, err
	case "new-game":
		t.newGame(e)
		return e.out, nil, 0, nil
	case "add", "set":
		notes, err := counter(e, t.state, cmd)
		if err == nil {
			notes = append(notes, t.rules.After(e, by, cmd)...)
		}
		return e.out, notes, 0, err
	}
	notes, err := t.rules.Do(e, by, cmd)
	return e.out, notes, 0, err
}

func (t *Table) join(e *edit, cmd Command) ([]Change, []Note, int, error) {
	name := strings.TrimSpace(cmd.Arg)
	if name == "" || len(name) > 24 {
		return nil, nil, 0, refusal("name_length", []any{"max", 24}, "a player's name is 1 to 24 characters, got %q: type a short name", cmd.Arg)
	}
	n := t.state.Players()
	if n >= MaxPlayers {
		return nil, nil, 0, refusal("table_full", []any{"n", MaxPlayers}, "the table has %d players already, the most it takes", MaxPlayers)
	}
	e.setInt("players", n+1)
	e.set(seatKey(n)+".name", name)
	t.rules.Join(e, n)
	return e.out, nil, 0, nil
}

// newGame sets every counter back to where a new table with the same
// players in the same seats starts: a game night's next game, without
// the players joining again. Like any event it can be undone.
func (t *Table) newGame(e *edit) {
	fresh := State{}
	for seat := range t.state.Players() {
		f := newEdit(fresh)
		f.setInt("players", seat+1)
		f.set(seatKey(seat)+".name", t.state[seatKey(seat)+".name"])
		t.rules.Join(f, seat)
		fresh.apply(f.out)
	}
	keys := make([]string, 0, len(t.state)+len(fresh))
	for k := range t.state {
		keys = append(keys, k)
	}
	for k := range fresh {
		if _, ok := t.state[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys) // the same table gives the same changes in the same order
	for _, k := range keys {
		e.set(k, fresh[k])
	}
}

// undo is the inverse of event seq, as changes from the current state:
// each number it changed moves back by as much, each other key goes back
// to what it was before. An event undone
// already cannot be undone twice (undo the undo to redo it).
func (t *Table) undo(seq int) ([]Change, error) {
	if seq < 1 || seq > len(t.log) {
		return nil, fmt.Errorf("no event %d to undo: the log has events 1 to %d", seq, len(t.log))
	}
	for _, ev := range t.log[seq:] {
		if ev.Undoes == seq {
			return nil, refusal("undone_already", []any{"seq", seq, "by", ev.Seq}, "event %d is undone already (by event %d): undo event %d to bring it back", seq, ev.Seq, ev.Seq)
		}
	}
	target := t.log[seq-1]
	if target.Cmd.Verb == "join" {
		return nil, refusal("undo_join", []any{"seq", seq}, "event %d is a player joining, which cannot be undone", seq)
	}
	e := newEdit(t.state)
	for i := len(target.Changes) - 1; i >= 0; i-- {
		c := target.Changes[i]
		if d, ok := delta(c); ok {
			e.add(c.Key, -d) // keeps the changes made since: undoing -3 life after a -1 leaves the -1
		} else {
			e.set(c.Key, c.From)
		}
	}
	return e.out, nil
}

// delta is a change between two numbers (absent reads 0) as a difference.
func delta(c Change) (int, bool) {
	from, err1 := number(c.From)
	to, err2 := number(c.To)
	return to - from, err1 == nil && err2 == nil
}

func number(s string) (int, error) {
	if s == "" {
		return 0, nil
	}
	return strconv.Atoi(s)
}

// counter applies the generic add and set to one key of a seat's or the
// table's counters; names and the player count are not counters.
func counter(e *edit, st State, cmd Command) ([]Note, error) {
	key := cmd.Target
	if key == "" || key == "players" || strings.HasSuffix(key, ".name") || strings.ContainsAny(key, " \t\n") || len(key) > 64 {
		return nil, fmt.Errorf("%s: %q is not a counter's key: name one such as p1.sugar or round", cmd.Verb, key)
	}
	if s := seatOf(key); s >= st.Players() {
		return nil, fmt.Errorf("%s %s: there is no player %d at this table", cmd.Verb, key, s+1)
	}
	if cmd.Verb == "add" {
		if cmd.N == 0 {
			return nil, fmt.Errorf("add %s: add how much? give n, such as 1 or -1", key)
		}
		e.add(key, cmd.N)
		return nil, nil
	}
	if len(cmd.Arg) > 64 {
		return nil, fmt.Errorf("set %s: the value is %d characters, at most 64", key, len(cmd.Arg))
	}
	e.set(key, cmd.Arg)
	return nil, nil
}

// describe names a command in an error.
func describe(cmd Command) string {
	s := cmd.Verb
	if cmd.Target != "" {
		s += " " + cmd.Target
	}
	if cmd.Arg != "" {
		s += " " + cmd.Arg
	}
	if cmd.N != 0 {
		s += " " + strconv.Itoa(cmd.N)
	}
	return s
}
