package companion

import (
	"fmt"
	"strconv"
)

// Rules are one game's counters and hints.
type Rules interface {
	// Join writes the counters a new player at seat starts with.
	Join(e *edit, seat int)
	// Do turns a game's own command into changes, or refuses a command
	// it cannot read (not one the rules advise against: that is a note).
	Do(e *edit, by int, cmd Command) ([]Note, error)
	// After adds the notes and consequences of a generic add or set
	// (a knockout at 0 HP, the win at 0 life).
	After(e *edit, by int, cmd Command) []Note
	// Hints are the standing hints of a state.
	Hints(st State) []Note
	// Catalog is what the page needs of the game's cards (nil: nothing).
	Catalog() any
}

// Games lists the games that have a companion.
func Games() []string {
	return []string{"mystimons", "mysticelements", "microlife", "athernum", "zynalith"}
}

func rulesFor(game string) (Rules, bool) {
	switch game {
	case "mystimons":
		return newMystiMons(), true
	case "mysticelements":
		return mysticElements{}, true
	case "microlife":
		return microLife{}, true
	case "athernum":
		return athernum{}, true
	case "zynalith":
		return zynalith{}, true
	}
	return nil, false
}

// unknownVerb is the refusal of a command a game does not have.
func unknownVerb(game string, cmd Command, verbs string) error {
	return fmt.Errorf("%s has no command %q: use add, set, undo or one of %s", game, cmd.Verb, verbs)
}

// seatTarget reads the seat a command names as "pN", or refuses it.
func seatTarget(e *edit, cmd Command) (int, error) {
	s := seatOf(cmd.Target)
	if s < 0 || s >= e.int("players") || cmd.Target != seatKey(s) {
		return 0, fmt.Errorf("%s: %q is not a player at this table: name one such as p1", cmd.Verb, cmd.Target)
	}
	return s, nil
}

// passTurn gives the turn to the next seat and counts it.
func passTurn(e *edit) {
	n := max(1, e.int("players"))
	e.setInt("active", (e.int("active")+1)%n)
	e.add("turn", 1)
}

// winner records seat as the winner, once.
func winner(e *edit, seat int, rule string) []Note {
	if e.get("winner") != "" {
		return nil
	}
	e.setInt("winner", seat+1)
	return []Note{{Code: "win", Level: Win, Rule: rule, Target: seatKey(seat), Vars: map[string]string{"seat": seatKey(seat)}}}
}

// itoa writes a number for a note.
func itoa(n int) string { return strconv.Itoa(n) }
