package main

import (
	"cmp"
	"fmt"
	"io"
	"strings"

	"kartenwerk/engine"
)

// writeTable draws a view as text: the header, each player's counters and
// zones, and the shared zones, in the speech's words.
func (sp speech) writeTable(w io.Writer, v *engine.View) {
	header := sp.T("table.header", "game", engine.NameOf(v.Game), "turn", v.Turn)
	if v.Round > 0 {
		header += " · " + sp.T("table.round", "round", v.Round)
	}
	if v.Phase != "" {
		header += " · " + sp.word("phase", v.Phase)
	}
	if v.Active >= 0 {
		header += " · " + sp.T("table.turn_of", "seat", sp.seat(v.Active))
	}
	fmt.Fprintln(w, header)
	if v.Result != nil {
		fmt.Fprintln(w, sp.T("table.over", "result", sp.resultText(v.Result)))
	} else if v.ToMove >= 0 {
		line := sp.T("table.decide", "seat", sp.seat(v.ToMove))
		if v.Prompt != "" {
			line += ": " + v.Prompt
		}
		fmt.Fprintln(w, line)
	}
	for _, n := range v.Notes {
		fmt.Fprintln(w, sp.T("table.note", "note", n))
	}
	for _, p := range v.Players {
		sp.writePlayer(w, v, p)
	}
	for _, z := range v.Shared {
		sp.writeZone(w, "", z)
	}
}

func (sp speech) writePlayer(w io.Writer, v *engine.View, p engine.PlayerView) {
	name := sp.seat(p.Seat)
	// A game may name a seat by more than its number, after it: Mystic
	// Elements adds the colours it picked ("p2 (Blue, Green)").
	if strings.HasPrefix(p.Name, name+" ") {
		name = p.Name
	}
	if p.Seat == v.Viewer {
		name += " " + sp.T("table.you")
	}
	if p.Out {
		name += " " + sp.T("table.out")
	}
	fmt.Fprintf(w, "\n%s  %s\n", name, sp.countersText(p.Counters))
	for _, z := range p.Zones {
		sp.writeZone(w, "  ", z)
	}
}

func (sp speech) writeZone(w io.Writer, indent string, z engine.Zone) {
	name := sp.word("zone", z.Name)
	if len(z.Cards) == 0 {
		fmt.Fprintf(w, "%s%s: %d\n", indent, name, z.Count)
		return
	}
	fmt.Fprintf(w, "%s%s (%d):\n", indent, name, z.Count)
	for _, c := range z.Cards {
		fmt.Fprintf(w, "%s  %s\n", indent, sp.cardText(c))
	}
}

func (sp speech) cardText(c engine.CardView) string {
	if c.Hidden {
		return sp.T("table.face_down")
	}
	parts := []string{fmt.Sprintf("%s c%d", c.Name, c.ID)}
	if len(c.Status) > 0 {
		status := make([]string, len(c.Status))
		for i, s := range c.Status {
			status[i] = sp.word("status", s)
		}
		parts = append(parts, "["+strings.Join(status, ", ")+"]")
	}
	if len(c.Stats) > 0 {
		parts = append(parts, sp.statsText("stat", c.Stats, " "))
	}
	if len(c.Counters) > 0 {
		parts = append(parts, "{"+sp.statsText("counter", c.Counters, ", ")+"}")
	}
	if len(c.Keywords) > 0 {
		kw := make([]string, len(c.Keywords))
		for i, k := range c.Keywords {
			kw[i] = sp.word("keyword", k)
		}
		parts = append(parts, strings.Join(kw, ", "))
	}
	if c.Note != "" {
		parts = append(parts, "— "+c.Note)
	}
	for _, a := range c.Attached {
		parts = append(parts, "+ "+sp.cardText(a))
	}
	return strings.Join(parts, " ")
}

// statsText lists numbers with their names of kind ("stat", "counter").
func (sp speech) statsText(kind string, stats []engine.Stat, sep string) string {
	parts := make([]string, len(stats))
	for i, s := range stats {
		parts[i] = fmt.Sprintf("%s %d", sp.word(kind, s.Name), s.Value)
	}
	return strings.Join(parts, sep)
}

// countersText lists a player's counters as the table in the browser
// shows them: dotted names grouped under their first part, zeros left out
// ("Energy Red 1, Blue 2", not "Energy: Red 1 Energy: Yellow 0 ..."), a
// group named like a plain counter after it ("Pool 3 (Fire 2, Rainbow 1)").
func (sp speech) countersText(counters []engine.Stat) string {
	plain := map[string]bool{}
	for _, c := range counters {
		if !strings.Contains(c.Name, ".") {
			plain[c.Name] = true
		}
	}
	var items []string
	parts := map[string][]string{}
	var order []string
	for _, c := range counters {
		group, _, dotted := strings.Cut(c.Name, ".")
		if !dotted {
			continue
		}
		if _, seen := parts[group]; !seen {
			order = append(order, group)
			parts[group] = []string{}
		}
		if c.Value != 0 {
			parts[group] = append(parts[group], fmt.Sprintf("%s %d", sp.partWord(group, c.Name), c.Value))
		}
	}
	for _, g := range order {
		if !plain[g] {
			items = append(items, sp.word("counter", g)+" "+cmp.Or(strings.Join(parts[g], ", "), "0"))
		}
	}
	for _, c := range counters {
		if !plain[c.Name] {
			continue
		}
		item := fmt.Sprintf("%s %d", sp.word("counter", c.Name), c.Value)
		if len(parts[c.Name]) > 0 {
			item += " (" + strings.Join(parts[c.Name], ", ") + ")"
		}
		items = append(items, item)
	}
	return strings.Join(items, " · ")
}

// partWord is a grouped counter's own part of its name: "Red" of "Energy:
// Red".
func (sp speech) partWord(group, name string) string {
	whole, lead := sp.word("counter", name), sp.word("counter", group)+":"
	if rest, ok := strings.CutPrefix(whole, lead); ok {
		return strings.TrimSpace(rest)
	}
	return whole[strings.LastIndex(whole, " ")+1:]
}

func (sp speech) resultText(r *engine.Result) string {
	if r.Draw {
		return sp.T("table.draw", "reason", r.Reason)
	}
	names := make([]string, len(r.Winners))
	for i, s := range r.Winners {
		names[i] = sp.seat(s)
	}
	return sp.T("table.won", "winners", sp.list(names), "reason", r.Reason)
}
