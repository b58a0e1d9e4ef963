package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Seat is a player's position at the table, counted from 0. Text forms
// count from 1 ("p1" is Seat 0), as players do.
type Seat int8

const (
	// NoSeat is nobody: the ToMove of a finished game, and the viewer of a
	// spectator's View, who sees only public information.
	NoSeat Seat = -1
	// Omniscient is a viewer that sees everything. It is for debugging,
	// scenario expectations and replays after the game, never for players.
	Omniscient Seat = -2
)

// MaxSeats is the largest table any game may seat.
const MaxSeats = 8

// String returns "p1", "p2", ... or "nobody" / "omniscient".
func (s Seat) String() string {
	switch {
	case s == NoSeat:
		return "nobody"
	case s == Omniscient:
		return "omniscient"
	case s >= 0:
		return "p" + strconv.Itoa(int(s)+1)
	}
	return fmt.Sprintf("seat(%d)", int(s))
}

// MarshalText writes the seat as String does.
func (s Seat) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads "p1".."p8", "nobody", "omniscient" or "spectator".
func (s *Seat) UnmarshalText(b []byte) error {
	v, err := ParseSeat(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// ParseSeat reads a seat as written by String; "spectator" means NoSeat.
func ParseSeat(text string) (Seat, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	switch t {
	case "nobody", "spectator", "none":
		return NoSeat, nil
	case "omniscient", "all":
		return Omniscient, nil
	}
	if rest, ok := strings.CutPrefix(t, "p"); ok {
		if n, err := strconv.Atoi(rest); err == nil && n >= 1 && n <= MaxSeats {
			return Seat(n - 1), nil
		}
	}
	return NoSeat, fmt.Errorf("%q is not a seat: write p1 to p%d, or spectator", text, MaxSeats)
}

// SeatSet is a set of seats, small enough to return without allocating.
type SeatSet uint8

// Has reports whether s is in the set.
func (ss SeatSet) Has(s Seat) bool { return s >= 0 && ss&(1<<uint(s)) != 0 }

// With returns the set with s added.
func (ss SeatSet) With(s Seat) SeatSet { return ss | 1<<uint(s) }

// Len is the number of seats in the set.
func (ss SeatSet) Len() int {
	n := 0
	for ; ss != 0; ss &= ss - 1 {
		n++
	}
	return n
}

// Seats lists the set's seats in order.
func (ss SeatSet) Seats() []Seat {
	var out []Seat
	for s := Seat(0); s < MaxSeats; s++ {
		if ss.Has(s) {
			out = append(out, s)
		}
	}
	return out
}

// Outcome is how a finished game ended.
type Outcome struct {
	// Winners is empty for a draw. Several winners share the win.
	Winners SeatSet
	// Reason names how the game ended, in a word or two a statistic can
	// group by: "plunder", "deck-out", "superiority", "turn-cap", ...
	Reason string
}

// Draw reports whether nobody won.
func (o Outcome) Draw() bool { return o.Winners == 0 }

// Reward is seat s's share of the win: 1/k for each of k winners, 0 for a
// loss or a draw.
func (o Outcome) Reward(s Seat) float64 {
	if !o.Winners.Has(s) {
		return 0
	}
	return 1 / float64(o.Winners.Len())
}

// String describes the outcome for people: "p1 wins (plunder)".
func (o Outcome) String() string {
	if o.Draw() {
		return "draw (" + o.Reason + ")"
	}
	names := make([]string, 0, 2)
	for _, s := range o.Winners.Seats() {
		names = append(names, s.String())
	}
	verb := " wins"
	if len(names) > 1 {
		verb = " win"
	}
	return strings.Join(names, " and ") + verb + " (" + o.Reason + ")"
}
