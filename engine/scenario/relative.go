package scenario

import (
	"fmt"
	"strings"

	"kartenwerk/engine"
)

// moment is what a relative expectation compares against: the omniscient
// view and the length of the log at a point of the scenario.
type moment struct {
	view *engine.View
	log  int
}

func (r *runner) now() moment {
	return moment{view: r.res.State.View(engine.Omniscient), log: len(r.log)}
}

// since returns the moment an expect compares against.
func (r *runner) since(i int, name string) (moment, bool) {
	if name == "" {
		return r.last, true
	}
	m, ok := r.snapshots[name]
	if !ok {
		r.failIn(i, "since", "since", "no snapshot %q before this step: add `- snapshot: %s` where it should start", name, name)
	}
	return m, ok
}

// expectChanged checks each quantity's change since the moment compared
// against.
func (r *runner) expectChanged(i int, omni *engine.View, e *Expect) {
	if len(e.Changed) == 0 {
		return
	}
	from, ok := r.since(i, e.Since)
	if !ok {
		return
	}
	for _, key := range sortedKeys(e.Changed) {
		then, err := quantity(from.view, omni, key)
		if err != nil {
			r.failIn(i, "changed", key, "%v%s", err, sinceText(e.Since))
			continue
		}
		now, err := quantity(omni, omni, key)
		if err != nil {
			r.failIn(i, "changed", key, "%v", err)
			continue
		}
		if want := e.Changed[key]; now-then != want {
			r.failIn(i, "changed", key, "changed by %+d%s (%d → %d), expected %+d", now-then, sinceText(e.Since), then, now, want)
		}
	}
}

// quantity reads a number of view v: a player's counter ("p1.life"), a
// zone's count ("p1.hand", "market") or a card's stat or marker
// ("{Fire Drake}.health"). Card references are resolved in cur, the view
// of now, so that a card is followed from zone to zone.
func quantity(v, cur *engine.View, key string) (int, error) {
	if strings.HasPrefix(key, "{") {
		end := strings.Index(key, "}")
		if end < 0 || !strings.HasPrefix(key[end+1:], ".") {
			return 0, fmt.Errorf("write a card's number as {Name}.STAT")
		}
		id, err := refID(cur, key[:end+1])
		if err != nil {
			return 0, err
		}
		card, _ := cardByID(v, id)
		if card == nil {
			return 0, fmt.Errorf("c%d is not on the table", id)
		}
		stat := key[end+2:]
		if n, ok := card.Stat(stat); ok {
			return n, nil
		}
		return card.Counter(stat), nil
	}
	seat, name := splitSeat(key)
	if p := v.Player(seat); p != nil {
		if n, ok := p.Counter(name); ok {
			return n, nil
		}
	}
	if z := findZone(v, key); z != nil {
		return z.Count, nil
	}
	return 0, fmt.Errorf("no counter or zone %s", key)
}
