package scenario

import (
	"strings"

	"kartenwerk/engine"
)

// logEntry is the label of one action played, as each seat reads it
// (index MaxSeats: a spectator; MaxSeats+1: everything).
type logEntry [engine.MaxSeats + 2]string

func logIndex(viewer engine.Seat) int {
	switch viewer {
	case engine.NoSeat:
		return engine.MaxSeats
	case engine.Omniscient:
		return engine.MaxSeats + 1
	}
	return int(viewer)
}

// describe labels an action for every reader before it is played, as the
// game's Describe asks.
func (r *runner) describe(a engine.Action) logEntry {
	var e logEntry
	s := r.res.State
	for seat := engine.Seat(0); int(seat) < s.Seats(); seat++ {
		e[logIndex(seat)] = s.Describe(a, seat)
	}
	e[logIndex(engine.NoSeat)] = s.Describe(a, engine.NoSeat)
	e[logIndex(engine.Omniscient)] = s.Describe(a, engine.Omniscient)
	return e
}

// expectLog checks the labels since the previous expect (or the snapshot
// Since): each text of Log in a later label than the one before, in order;
// no text of LogExcludes in any.
func (r *runner) expectLog(i int, viewer engine.Seat, e *Expect) {
	if len(e.Log)+len(e.LogExcludes) == 0 {
		return
	}
	from, ok := r.since(i, e.Since)
	if !ok {
		return
	}
	labels := make([]string, 0, len(r.log)-from.log)
	for _, entry := range r.log[from.log:] {
		labels = append(labels, entry[logIndex(viewer)])
	}
	next := 0
	for _, want := range e.Log {
		k := next
		for k < len(labels) && !containsFold(labels[k], want) {
			k++
		}
		if k == len(labels) {
			r.failIn(i, "log", "log", "has no entry containing %q after the entries matched before it;%s %s reads %s",
				want, sinceText(e.Since), viewerName(viewer), quoteAll(labels))
			break
		}
		next = k + 1
	}
	for _, bad := range e.LogExcludes {
		for _, l := range labels {
			if containsFold(l, bad) {
				r.failIn(i, "log_excludes", "log", "entry %q contains %q, expected no entry%s to", l, bad, sinceText(e.Since))
			}
		}
	}
}

func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

func viewerName(v engine.Seat) string {
	switch v {
	case engine.Omniscient:
		return "the log"
	case engine.NoSeat:
		return "a spectator"
	}
	return v.String()
}

func sinceText(snapshot string) string {
	if snapshot == "" {
		return " since the previous expect"
	}
	return " since snapshot " + snapshot
}

func quoteAll(labels []string) string {
	if len(labels) == 0 {
		return "no entries"
	}
	return `"` + strings.Join(labels, `", "`) + `"`
}
