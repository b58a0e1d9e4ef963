package scenario

import (
	"strings"

	"kartenwerk/engine"
)

// expectSeen checks what the expect's view shows: every entry of Sees is
// visible in it, none of Hidden is. An entry is a card reference ({Name},
// {p1.hand:Name}, resolved in the omniscient view, so that it can name a
// card the seat does not see) or a bare name (any card so named).
func (r *runner) expectSeen(i int, omni, v *engine.View, e *Expect) {
	for _, want := range []struct {
		field string
		list  []string
		seen  bool
	}{{"sees", e.Sees, true}, {"hidden", e.Hidden, false}} {
		for _, entry := range want.list {
			seen, err := visibleIn(omni, v, entry)
			switch {
			case err != nil:
				r.failIn(i, want.field, entry, "%v", err)
			case want.seen && !seen:
				r.failIn(i, want.field, entry, "is not visible %s", seenBy(v))
			case !want.seen && seen:
				r.failIn(i, want.field, entry, "is visible %s, expected it hidden", seenBy(v))
			}
		}
	}
}

func visibleIn(omni, v *engine.View, entry string) (bool, error) {
	if !strings.Contains(entry, "{") {
		seen := false
		v.Walk(func(_ engine.Seat, _ string, c *engine.CardView) {
			seen = seen || !c.Hidden && strings.EqualFold(c.Name, entry)
		})
		return seen, nil
	}
	id, err := refID(omni, entry)
	if err != nil {
		return false, err
	}
	c, _ := cardByID(v, id)
	return c != nil && !c.Hidden && c.Name != "", nil
}

// seenBy says whose view a message is about.
func seenBy(v *engine.View) string {
	switch v.Viewer {
	case engine.Omniscient:
		return "on the table"
	case engine.NoSeat:
		return "to a spectator"
	}
	return "to " + v.Viewer.String()
}
