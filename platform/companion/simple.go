package companion

import "strings"

// counterGame is a game whose companion is plain counters: what each
// player starts with, the limits the rules set, and a few commands.
type counterGame struct {
	start  map[string]int // per player: counter to starting value
	global map[string]int // per table: counter to starting value
	limits []limit
}

// limit is a bound the rules set on a per-player counter: going past it
// is a warning (the players may know better, say a card's effect).
type limit struct {
	counter  string
	min, max int
	rule     string
}

func (g counterGame) join(e *edit, seat int) {
	if seat == 0 {
		for k, v := range g.global {
			e.setInt(k, v)
		}
	}
	for k, v := range g.start {
		e.setInt(seatKey(seat)+"."+k, v)
	}
}

// limitNotes warns of a per-player counter past its bound.
func (g counterGame) limitNotes(e *edit, key string) []Note {
	_, counter, ok := strings.Cut(key, ".")
	if !ok {
		return nil
	}
	for _, l := range g.limits {
		if l.counter != counter {
			continue
		}
		if v := e.int(key); v < l.min || v > l.max {
			return []Note{{Code: "limit", Level: Warning, Rule: l.rule, Target: key,
				Vars: map[string]string{"counter": counter, "value": itoa(v), "min": itoa(l.min), "max": itoa(l.max)}}}
		}
	}
	return nil
}

// atMostZero notes the win of the other player when a seat's counter
// (life, HP) reaches 0 in a two-player game.
func atMostZero(e *edit, key, counter, rule string) []Note {
	s := seatOf(key)
	if s < 0 || key != seatKey(s)+"."+counter || e.int(key) > 0 || e.int("players") != 2 {
		return nil
	}
	return winner(e, 1-s, rule)
}
