package engine

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// PositionReader does the part of a game's FromPosition that every game
// shares: it checks the seat count and the active seat, walks zones in
// the game's order, numbers cards, reads owners, statuses, counters and
// properties, and gathers every problem, so that one error names them
// all. The game looks up its cards and puts them in its own state.
//
// Each method is told where it reads (its where argument), and problems
// name that place and the part below it. The path in the scenario's YAML
// is the clearest ("seats[0].zones.hand[2]", "seats[1].counters.life",
// "shared.market"); a seat's name ("p1.hand") serves as well.
type PositionReader struct {
	// Pos is the position being read.
	Pos Position
	// Seats is the number of seats, len(Pos.Seats).
	Seats int

	problems Problems
	// used holds the ids the position fixes, and next the lowest id that
	// may be free, for ID.
	used map[int]bool
	next int
}

// ReadPosition starts reading pos for a game of minSeats to maxSeats
// seats. A seat count that does not fit, or differs from setup.Seats when
// that is set, is an error at once: nothing else can be read without it.
// An active seat out of range is a problem, read as p1.
func ReadPosition(setup Setup, pos Position, minSeats, maxSeats int) (*PositionReader, error) {
	n := len(pos.Seats)
	if setup.Seats != 0 && setup.Seats != n {
		return nil, Problems{{Subject: "seats", Msg: fmt.Sprintf("the position lists %d seats, the setup has %d", n, setup.Seats),
			Fix: "list one entry under `seats:` per player"}}
	}
	if n < minSeats || n > maxSeats {
		return nil, Problems{{Subject: "seats", Msg: fmt.Sprintf("the position lists %d seats; the game has %s", n, seatRange(minSeats, maxSeats)),
			Fix: "list one entry under `seats:` per player"}}
	}
	r := &PositionReader{Pos: pos, Seats: n, next: 1}
	if pos.Active < 0 || int(pos.Active) >= n {
		r.Bad("active", fmt.Sprintf("%v is not a seat of this table", pos.Active), "write active: p1 (up to p"+strconv.Itoa(n)+")")
		r.Pos.Active = 0
	}
	return r, nil
}

func seatRange(lo, hi int) string {
	if lo == hi {
		return strconv.Itoa(lo)
	}
	return fmt.Sprintf("%d to %d", lo, hi)
}

// Bad records a problem.
func (r *PositionReader) Bad(subject, msg, fix string) {
	r.problems = append(r.problems, Problem{Subject: subject, Msg: msg, Fix: fix})
}

// Err is nil when the position read cleanly, else every problem found.
func (r *PositionReader) Err() error {
	if len(r.problems) == 0 {
		return nil
	}
	return r.problems
}

// Active is the seat whose turn it is (p1 when the position's is out of
// range).
func (r *PositionReader) Active() Seat { return r.Pos.Active }

// Phase is the index of the position's phase among names, compared
// without regard to case; no phase is names[0], and an unknown one is a
// problem and read as names[0].
func (r *PositionReader) Phase(names ...string) int {
	if r.Pos.Phase == "" {
		return 0
	}
	if i := IndexFold(names, r.Pos.Phase); i >= 0 {
		return i
	}
	r.Bad("phase", fmt.Sprintf("unknown phase %q", r.Pos.Phase), "use "+OneOf(names))
	return 0
}

// SeatPath is the path of a seat's part of the position, "seats[0]".
func SeatPath(seat int) string { return "seats[" + strconv.Itoa(seat) + "]" }

// Zones calls place for each zone of zones that names lists, in the order
// of names (which decides the order cards are numbered in), and records a
// problem for each zone it does not list. where is the path of the zones
// ("seats[0].zones", "shared").
func (r *PositionReader) Zones(where string, zones map[string][]CardSpec, names []string, place func(zone string, cards []CardSpec)) {
	for _, z := range names {
		if cards, ok := zones[z]; ok {
			place(z, cards)
		}
	}
	for _, z := range slices.Sorted(maps.Keys(zones)) {
		if !slices.Contains(names, z) {
			r.Bad(where+"."+z, fmt.Sprintf("unknown zone %q", z), "use "+OneOf(names))
		}
	}
}

// Counters calls set[k](v) for each counter k: v of values, in the order
// of the names, and records a problem for each name set lacks. where is
// the path of the counters' owner ("seats[0]", "seats[0].zones.play[1]").
func (r *PositionReader) Counters(where string, values map[string]int, set map[string]func(int)) {
	readNamed(r, path(where, "counters."), "counter", values, set)
}

// Props calls set[k](v) for each property k: v of values, in the order of
// the names, and records a problem for each name set lacks. where is the
// path of the properties' owner, "" for the table's.
func (r *PositionReader) Props(where string, values map[string]string, set map[string]func(string)) {
	readNamed(r, path(where, "props."), "property", values, set)
}

// path is part under where, or part alone when where is the whole
// position ("").
func path(where, part string) string {
	if where == "" {
		return part
	}
	return where + "." + part
}

// readNamed calls set[k](v) for each k: v of values in the order of the
// names, and records a problem for each name set lacks.
func readNamed[V any](r *PositionReader, prefix, what string, values map[string]V, set map[string]func(V)) {
	for _, k := range slices.Sorted(maps.Keys(values)) {
		if f, ok := set[k]; ok {
			f(values[k])
		} else {
			r.Bad(prefix+k, fmt.Sprintf("unknown %s %q", what, k), "use "+OneOf(slices.Sorted(maps.Keys(set))))
		}
	}
}

// Statuses calls set[st]() for each status st of the card, in its order,
// and records a problem for each status set lacks. where names the card.
func (r *PositionReader) Statuses(where string, c CardSpec, set map[string]func()) {
	for _, st := range c.Status {
		if f, ok := set[st]; ok {
			f()
		} else {
			r.Bad(where, fmt.Sprintf("unknown status %q", st), "use "+OneOf(slices.Sorted(maps.Keys(set))))
		}
	}
}

// Owner is the seat that owns the card: seat itself unless the card names
// another (a stolen card). An owner that is not a seat of the table is a
// problem, read as seat.
func (r *PositionReader) Owner(where string, c CardSpec, seat int) int {
	if c.Owner == "" {
		return seat
	}
	o, err := ParseSeat(c.Owner)
	if err != nil || o < 0 || int(o) >= r.Seats {
		r.Bad(where, fmt.Sprintf("owner %q is not a seat of this table", c.Owner), "write owner: p1 (up to p"+strconv.Itoa(r.Seats)+")")
		return seat
	}
	return int(o)
}

// ID numbers a card for games that let the position fix ids: the id the
// card fixes, or else the lowest id from 1 up that is neither fixed
// anywhere in the position nor given out already.
func (r *PositionReader) ID(c CardSpec) int {
	if c.ID > 0 {
		return c.ID
	}
	if r.used == nil {
		r.used = map[int]bool{}
		for _, sp := range r.Pos.Seats {
			for _, cards := range sp.Zones {
				markIDs(cards, r.used)
			}
		}
		for _, cards := range r.Pos.Shared {
			markIDs(cards, r.used)
		}
	}
	for r.used[r.next] {
		r.next++
	}
	r.used[r.next] = true
	return r.next
}

func markIDs(cards []CardSpec, used map[int]bool) {
	for _, c := range cards {
		if c.ID > 0 {
			used[c.ID] = true
		}
		markIDs(c.Attached, used)
	}
}

// CheckID is for games that number cards themselves, in the order they
// are placed: a card that fixes an id other than the id it got is a
// problem.
func (r *PositionReader) CheckID(where string, c CardSpec, id int) {
	if c.ID != 0 && c.ID != id {
		r.Bad(where, fmt.Sprintf("id %d: fixed card ids are not supported, this game numbers cards in the order of the position and this card is c%d", c.ID, id),
			"leave `id:` out and refer to the card by {Name}")
	}
}

// SetInt returns a setter for Counters that stores into *p.
func SetInt[T ~int8 | ~int16 | ~int32 | ~int](p *T) func(int) {
	return func(v int) { *p = T(v) }
}

// SetBool returns a setter for Counters that stores whether the counter
// is not 0.
func SetBool(p *bool) func(int) {
	return func(v int) { *p = v != 0 }
}

// SetFlag returns a setter for Props that stores whether the property is
// true ("true", "yes", "1" and the other spellings strconv.ParseBool
// takes).
func SetFlag(p *bool) func(string) {
	return func(v string) { *p = IsTrue(v) }
}

// IsTrue reports whether a property's text means true.
func IsTrue(v string) bool {
	b, err := strconv.ParseBool(v)
	return b && err == nil || strings.EqualFold(v, "yes")
}

// OneOf lists names for a fix: "a, b or c".
func OneOf(names []string) string {
	switch len(names) {
	case 0:
		return "nothing"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
