package scenario

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"kartenwerk/engine"
)

var refPattern = regexp.MustCompile(`\{([^{}]+)\}`)

// ResolveRefs replaces each card reference in an action's text by the id
// ("c12") of the card it names in the view. A reference is {Name}, the only
// card so named; {p2:Name}, in p2's zones; {p2.hand:Name}, in p2's hand;
// {market:Name}, in the zone so named (shared or any seat's); and any of
// these with #N, the N-th such card in view order (top of a pile first);
// {p2.hand:#1} is the first card of p2's hand, whatever its name.
func ResolveRefs(v *engine.View, text string) (string, error) {
	var firstErr error
	out := refPattern.ReplaceAllStringFunc(text, func(m string) string {
		id, err := findCard(v, m[1:len(m)-1])
		if err != nil && firstErr == nil {
			firstErr = err
		}
		return fmt.Sprintf("c%d", id)
	})
	return out, firstErr
}

// cardRef is a parsed reference: where to look and which copy.
type cardRef struct {
	seat    engine.Seat // NoSeat: any seat's zones, or a shared zone
	anySeat bool
	zone    string // "" for every zone
	name    string
	nth     int // 1-based; 0 means the name must be unique
}

func parseRef(ref string) (cardRef, error) {
	r := cardRef{seat: engine.NoSeat, anySeat: true, name: strings.TrimSpace(ref)}
	if where, name, ok := strings.Cut(ref, ":"); ok {
		r.name = strings.TrimSpace(name)
		seat, zone, dotted := strings.Cut(strings.TrimSpace(where), ".")
		if parsed, err := engine.ParseSeat(seat); err == nil && parsed >= 0 {
			r.seat, r.anySeat = parsed, false
			if dotted {
				r.zone = zone
			}
		} else if dotted {
			return r, fmt.Errorf("{%s}: %q is not a seat: write {p1.hand:NAME}", ref, seat)
		} else {
			r.zone = seat
		}
	}
	if name, n, ok := strings.Cut(r.name, "#"); ok {
		k, err := strconv.Atoi(strings.TrimSpace(n))
		if err != nil || k < 1 {
			return r, fmt.Errorf("{%s}: %q after # is not a copy number: write #1 for the first copy, #2 for the second", ref, n)
		}
		r.name, r.nth = strings.TrimSpace(name), k
	}
	if r.name == "" && (r.nth == 0 || r.anySeat && r.zone == "") {
		return r, fmt.Errorf("{%s} names no card: write {Name}, or {p1.hand:#1} for the first card of a zone", ref)
	}
	return r, nil
}

func (r cardRef) matches(owner engine.Seat, zone string, c *engine.CardView) bool {
	return (r.name == "" && !c.Hidden || strings.EqualFold(c.Name, r.name)) &&
		(r.anySeat || owner == r.seat) &&
		(r.zone == "" || strings.EqualFold(zone, r.zone))
}

func findCard(v *engine.View, text string) (int, error) {
	ref, err := parseRef(text)
	if err != nil {
		return 0, err
	}
	var found []string
	var ids []int
	v.Walk(func(owner engine.Seat, zone string, c *engine.CardView) {
		if ref.matches(owner, zone, c) {
			ids = append(ids, c.ID)
			found = append(found, fmt.Sprintf("c%d in %s", c.ID, zoneName(owner, zone)))
		}
	})
	switch {
	case len(ids) == 0:
		if ref.name == "" {
			return 0, fmt.Errorf("no card %s", ref.where())
		}
		return 0, fmt.Errorf("no card named %q %s", ref.name, ref.where())
	case ref.nth > len(ids):
		return 0, fmt.Errorf("{%s}: only %d %s %s (%s)", text, len(ids), ref.what(), ref.where(), strings.Join(found, ", "))
	case ref.nth > 0:
		return ids[ref.nth-1], nil
	case len(ids) == 1:
		return ids[0], nil
	}
	return 0, fmt.Errorf("%d cards named %q %s (%s): write {p1.hand:%s}, {%s#2} or the id",
		len(ids), ref.name, ref.where(), strings.Join(found, ", "), ref.name, text)
}

func (r cardRef) what() string {
	if r.name == "" {
		return "cards"
	}
	return fmt.Sprintf("cards named %q", r.name)
}

func (r cardRef) where() string {
	switch {
	case r.anySeat && r.zone == "":
		return "on the table"
	case r.anySeat:
		return "in any " + r.zone
	case r.zone == "":
		return "in " + r.seat.String() + "'s zones"
	}
	return "in " + r.seat.String() + "." + r.zone
}

// zoneName writes a zone as the scenario format does: p2.grave, or the
// bare name of a shared zone.
func zoneName(owner engine.Seat, zone string) string {
	if owner == engine.NoSeat {
		return zone
	}
	return owner.String() + "." + zone
}

// cardByID finds a card of the view by id, with the zone that holds it.
func cardByID(v *engine.View, id int) (*engine.CardView, string) {
	var card *engine.CardView
	var where string
	v.Walk(func(owner engine.Seat, zone string, c *engine.CardView) {
		if c.ID == id && card == nil {
			card, where = c, zoneName(owner, zone)
		}
	})
	return card, where
}

// refID resolves one written card: a reference in braces or an id "c12".
func refID(v *engine.View, ref string) (int, error) {
	text, err := ResolveRefs(v, ref)
	if err != nil {
		return 0, err
	}
	var id int
	if _, err := fmt.Sscanf(text, "c%d", &id); err != nil || fmt.Sprintf("c%d", id) != strings.TrimSpace(text) {
		return 0, fmt.Errorf("%q is not a card: write {Name}, {p1.hand:Name}, {p1.deck:Name#2} or c12", ref)
	}
	return id, nil
}
