package scenario

import (
	"fmt"
	"maps"
	"slices"

	"kartenwerk/engine"
)

// checkCounters refuses a position's counter below zero that game g
// does not count so (engine.SignedCounters), at its line.
func (f *File) checkCounters(g engine.Game) error {
	var signed []string
	if sc, ok := g.(engine.SignedCounters); ok {
		signed = sc.SignedCounters()
	}
	var probs engine.Problems
	check := func(at, owner, name string, v int, signedName string) {
		if v < 0 && !slices.Contains(signed, signedName) {
			probs = append(probs, f.src.Problem(at, owner+"counters."+name,
				fmt.Sprintf("counter %s is %d, below zero: it counts what is held, from 0 up", name, v),
				fmt.Sprintf("write %s: 0 or more", name)))
		}
	}
	var cards func(at, owner string, list []engine.CardSpec)
	cards = func(at, owner string, list []engine.CardSpec) {
		for k, c := range list {
			where := fmt.Sprintf("%s[%d]", at, k)
			for _, name := range slices.Sorted(maps.Keys(c.Counters)) {
				check(where+".counters."+name, c.Card+" ", name, c.Counters[name], "card."+name)
			}
			cards(where+".attached", owner, c.Attached)
		}
	}
	for i, sp := range f.Position.Seats {
		seat := fmt.Sprintf("$.position.seats[%d]", i)
		for _, name := range slices.Sorted(maps.Keys(sp.Counters)) {
			check(seat+".counters."+name, engine.Seat(i).String()+".", name, sp.Counters[name], name)
		}
		for _, z := range slices.Sorted(maps.Keys(sp.Zones)) {
			cards(seat+".zones."+z, engine.Seat(i).String()+".", sp.Zones[z])
		}
	}
	for _, z := range slices.Sorted(maps.Keys(f.Position.Shared)) {
		cards("$.position.shared."+z, "", f.Position.Shared[z])
	}
	if len(probs) == 0 {
		return nil
	}
	return probs
}
