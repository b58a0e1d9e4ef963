package enginetest

import (
	"fmt"
	"slices"
	"strings"

	"kartenwerk/engine"
)

// determinizations is how many times checkVariation determinizes a state.
// A zone whose unseen cards allow two contents keeps one content in all of
// them with a probability of at most 2^-49, so a failure is no accident.
const determinizations = 50

// checkVariation determinizes the state for every seat many times and
// requires each zone hidden from the seat whose content the seat cannot
// know to change at least once:
//
//   - a private zone (a deck: nobody sees it) whose hidden cards are not
//     all alike must change order, if not content;
//   - a zone that only its owner sees (a hand, an Extra deck), whose cards
//     the seat has never seen in this game and that are not all alike,
//     must change when another zone of the same owner hidden from the
//     seat (a deck) holds a card the seat has never seen either; else the
//     seat may know the zone by elimination, as when the cards left in a
//     public card pool are all in one hand.
//
// A zone that never changes is one Determinize forgets: a search that
// keeps it would see its real content. Hidden cards the seat saw before
// (bought from an open market, shown by an effect) may be known to it, so
// a zone holding one is left to the other checks, as is a zone of alike
// cards.
func (p *player) checkVariation(s engine.State) error {
	if p.opt.Skip&DeterminizeVaries != 0 {
		return nil
	}
	omni := s.View(engine.Omniscient)
	for seat := engine.Seat(0); int(seat) < s.Seats(); seat++ {
		sec := hiddenFrom(omni, s.View(seat))
		frozen := map[zoneKey]string{}
		for k, names := range sec.zones {
			switch {
			case !notAllAlike(names):
			case sec.private[k], sec.ownerOnly[k] && !p.seenAny(seat, sec.zoneIDs[k]) && p.unseenElsewhere(seat, sec, k):
				frozen[k] = zoneContent(omni, k)
			}
		}
		for i := 0; i < determinizations && len(frozen) > 0; i++ {
			r := p.rng.Split()
			d := s.Determinize(seat, &r).View(engine.Omniscient)
			for k, content := range frozen {
				if zoneContent(d, k) != content {
					delete(frozen, k)
				}
			}
		}
		for _, k := range sortedZones(frozen) {
			why := "nobody sees it"
			if !sec.private[k] {
				why = "only " + k.seat.String() + " sees it and " + seat.String() + " has never seen its cards"
			}
			return fmt.Errorf("%s is hidden from %v but holds the same cards in the same order (%s) in all %d determinizations for %v, though %s and they differ: Determinize does not resample it, so a search for %v sees it",
				k, seat, abbreviate(frozen[k]), determinizations, seat, why, seat)
		}
	}
	return nil
}

// rememberEvery is how often (in actions) the cards in open zones are
// noted as seen by every seat: a view on every action would cost more
// than the rest of the suite, and open cards stay open for a while.
const rememberEvery = 8

// remember notes the cards viewer sees now (NoSeat: every seat), so that
// checkVariation knows which hidden cards a seat has never seen. The deep
// checks note each seat's view; every few actions the open cards are
// noted.
func (p *player) remember(s engine.State, viewer engine.Seat) {
	if p.opt.Skip&DeterminizeVaries != 0 {
		return
	}
	p.rememberView(s.View(viewer))
}

func (p *player) rememberView(v *engine.View) {
	i := int(v.Viewer)
	if v.Viewer == engine.NoSeat {
		i = engine.MaxSeats
	}
	if p.seen[i] == nil {
		p.seen[i] = map[int]bool{}
	}
	v.Walk(func(_ engine.Seat, _ string, c *engine.CardView) {
		if !c.Hidden && c.ID >= 0 {
			p.seen[i][c.ID] = true
		}
	})
}

func (p *player) hasSeen(seat engine.Seat, id int) bool {
	return p.seen[seat][id] || p.seen[engine.MaxSeats][id]
}

// unseenElsewhere: another zone of k's owner hidden from seat holds a
// card the seat has never seen.
func (p *player) unseenElsewhere(seat engine.Seat, sec secrets, k zoneKey) bool {
	for other, ids := range sec.zoneIDs {
		if other != k && other.seat == k.seat && slices.ContainsFunc(ids, func(id int) bool { return !p.hasSeen(seat, id) }) {
			return true
		}
	}
	return false
}

func (p *player) seenAny(seat engine.Seat, ids []int) bool {
	return slices.ContainsFunc(ids, func(id int) bool { return p.hasSeen(seat, id) })
}

func notAllAlike(names []string) bool {
	return slices.ContainsFunc(names, func(n string) bool { return n != names[0] })
}

// zoneContent lists a zone's card names in order, attachments included.
func zoneContent(v *engine.View, k zoneKey) string {
	var names []string
	v.Walk(func(owner engine.Seat, zone string, c *engine.CardView) {
		if owner == k.seat && zone == k.name {
			names = append(names, c.Name)
		}
	})
	return strings.Join(names, ", ")
}

func sortedZones[V any](m map[zoneKey]V) []zoneKey {
	keys := make([]zoneKey, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b zoneKey) int { return strings.Compare(a.String(), b.String()) })
	return keys
}

// abbreviate shortens a long list of names for a message.
func abbreviate(list string) string {
	const most = 200
	if len(list) <= most {
		return list
	}
	return list[:most] + "..."
}
