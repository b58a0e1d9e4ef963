package enginetest

import (
	"slices"
	"strings"

	"kartenwerk/engine"
)

// zoneKey names a zone of a view: its seat (NoSeat for a shared zone) and
// its name.
type zoneKey struct {
	seat engine.Seat
	name string
}

func (k zoneKey) String() string {
	if k.seat == engine.NoSeat {
		return k.name
	}
	return k.seat.String() + "." + k.name
}

// secrets is what one viewer cannot see of a state, worked out from views
// alone so that no game has to declare it: the cards View(Omniscient)
// shows in places where View(viewer) shows only backs or a count.
type secrets struct {
	// ids of the cards hidden from the viewer, with their names.
	ids    []int
	idName map[int]string
	// names of hidden cards that the viewer sees nowhere else: naming one
	// of them tells the viewer something its view does not.
	names []string
	// visible holds every card name the viewer can see, longest first.
	visible []string
	// zones maps each zone with hidden cards to their names; private
	// holds the zones nobody may see (decks, face-down piles).
	zones   map[zoneKey][]string
	zoneIDs map[zoneKey][]int
	private map[zoneKey]bool
	// ownerOnly holds the zones only their owner sees (hands).
	ownerOnly map[zoneKey]bool
}

// hiddenFrom compares the omniscient view with the viewer's.
func hiddenFrom(omni, seen *engine.View) secrets {
	seenIDs := map[int]bool{}
	seenNames := map[string]bool{}
	seenByZone := map[zoneKey]map[string]int{}
	seen.Walk(func(owner engine.Seat, zone string, c *engine.CardView) {
		if c.Hidden || c.Name == "" {
			return
		}
		seenIDs[c.ID] = true
		seenNames[c.Name] = true
		k := zoneKey{owner, zone}
		if seenByZone[k] == nil {
			seenByZone[k] = map[string]int{}
		}
		seenByZone[k][c.Name]++
	})
	sec := secrets{zones: map[zoneKey][]string{}, idName: map[int]string{}, zoneIDs: map[zoneKey][]int{}}
	sec.private, sec.ownerOnly = zonesOf(seen, engine.Private), zonesOf(seen, engine.Owner)
	omni.Walk(func(owner engine.Seat, zone string, c *engine.CardView) {
		if c.Name == "" {
			return
		}
		k := zoneKey{owner, zone}
		if c.ID >= 0 && seenIDs[c.ID] {
			return
		}
		if m := seenByZone[k]; c.ID < 0 && m[c.Name] > 0 {
			m[c.Name]--
			return
		}
		sec.zones[k] = append(sec.zones[k], c.Name)
		if c.ID >= 0 {
			sec.ids = append(sec.ids, c.ID)
			sec.idName[c.ID] = c.Name
			sec.zoneIDs[k] = append(sec.zoneIDs[k], c.ID)
		}
		if !seenNames[c.Name] && !slices.Contains(sec.names, c.Name) {
			sec.names = append(sec.names, c.Name)
		}
	})
	for n := range seenNames {
		sec.visible = append(sec.visible, n)
	}
	return sec
}

// named returns the hidden names (of those in names) that text mentions
// as words, after blanking out every known word (visible names, the
// verb), longest first and in any case, so that a hidden "Drake" is not
// found in a visible "Fire Drake".
func named(text string, known, names []string) []string {
	known = slices.Clone(known)
	slices.SortFunc(known, func(a, b string) int { return len(b) - len(a) })
	for _, k := range known {
		text = replaceFold(text, k)
	}
	var out []string
	for _, n := range names {
		if engine.ContainsWord(text, n) {
			out = append(out, n)
		}
	}
	return out
}

// revealed lists the names of the cards hidden before that are no longer
// hidden after: an action that plays a card face up may name it.
func revealed(before, after secrets) []string {
	var out []string
	for _, id := range before.ids {
		if _, still := after.idName[id]; !still {
			out = append(out, before.idName[id])
		}
	}
	return out
}

// without returns the names of a that are not in b.
func without(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

// whereHidden says in which zones a name is hidden, for messages.
func (sec secrets) whereHidden(name string) string {
	var where []string
	for k, names := range sec.zones {
		if slices.Contains(names, name) {
			where = append(where, k.String())
		}
	}
	slices.Sort(where)
	return strings.Join(where, ", ")
}

// replaceFold blanks every occurrence of w in text, in any case.
func replaceFold(text, w string) string {
	if w == "" {
		return text
	}
	lower, lw := strings.ToLower(text), strings.ToLower(w)
	if len(lower) != len(text) {
		return strings.ReplaceAll(text, w, strings.Repeat("_", len(w)))
	}
	var b strings.Builder
	for {
		k := strings.Index(lower, lw)
		if k < 0 {
			b.WriteString(text)
			return b.String()
		}
		b.WriteString(text[:k])
		b.WriteString(strings.Repeat("_", len(w)))
		text, lower = text[k+len(w):], lower[k+len(w):]
	}
}

// zonesOf lists the zones of a view with the given visibility.
func zonesOf(v *engine.View, vis engine.Visibility) map[zoneKey]bool {
	out := map[zoneKey]bool{}
	for _, p := range v.Players {
		for _, z := range p.Zones {
			if z.Visibility == vis {
				out[zoneKey{p.Seat, z.Name}] = true
			}
		}
	}
	for _, z := range v.Shared {
		if z.Visibility == vis {
			out[zoneKey{engine.NoSeat, z.Name}] = true
		}
	}
	return out
}
