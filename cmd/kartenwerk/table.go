package main

import (
	"fmt"
	"io"
	"strings"

	"kartenwerk/engine"
)

// writeTable draws a view as text: the header, each player's counters and
// zones, and the shared zones.
func writeTable(w io.Writer, v *engine.View) {
	header := fmt.Sprintf("%s · turn %d", v.Game, v.Turn)
	if v.Round > 0 {
		header += fmt.Sprintf(" · round %d", v.Round)
	}
	if v.Phase != "" {
		header += " · " + v.Phase
	}
	if v.Active >= 0 {
		header += fmt.Sprintf(" · %v's turn", v.Active)
	}
	fmt.Fprintln(w, header)
	if v.Result != nil {
		fmt.Fprintln(w, "GAME OVER:", resultText(v.Result))
	} else if v.ToMove >= 0 {
		line := fmt.Sprintf("%v to decide", v.ToMove)
		if v.Prompt != "" {
			line += ": " + v.Prompt
		}
		fmt.Fprintln(w, line)
	}
	for _, n := range v.Notes {
		fmt.Fprintln(w, "note:", n)
	}
	for _, p := range v.Players {
		writePlayer(w, v, p)
	}
	for _, z := range v.Shared {
		writeZone(w, "", z)
	}
}

func writePlayer(w io.Writer, v *engine.View, p engine.PlayerView) {
	name := p.Name
	if p.Seat == v.Viewer {
		name += " (you)"
	}
	if p.Out {
		name += " (out)"
	}
	fmt.Fprintf(w, "\n%s  %s\n", name, statsText(p.Counters, " "))
	for _, z := range p.Zones {
		writeZone(w, "  ", z)
	}
}

func writeZone(w io.Writer, indent string, z engine.Zone) {
	if len(z.Cards) == 0 {
		fmt.Fprintf(w, "%s%s: %d\n", indent, z.Name, z.Count)
		return
	}
	fmt.Fprintf(w, "%s%s (%d):\n", indent, z.Name, z.Count)
	for _, c := range z.Cards {
		fmt.Fprintf(w, "%s  %s\n", indent, cardText(c))
	}
}

func cardText(c engine.CardView) string {
	if c.Hidden {
		return "(face-down card)"
	}
	parts := []string{fmt.Sprintf("%s c%d", c.Name, c.ID)}
	if len(c.Status) > 0 {
		parts = append(parts, "["+strings.Join(c.Status, ", ")+"]")
	}
	if len(c.Stats) > 0 {
		parts = append(parts, statsText(c.Stats, " "))
	}
	if len(c.Counters) > 0 {
		parts = append(parts, "{"+statsText(c.Counters, ", ")+"}")
	}
	if len(c.Keywords) > 0 {
		parts = append(parts, strings.Join(c.Keywords, ", "))
	}
	if c.Note != "" {
		parts = append(parts, "— "+c.Note)
	}
	for _, a := range c.Attached {
		parts = append(parts, "+ "+cardText(a))
	}
	return strings.Join(parts, " ")
}

func statsText(stats []engine.Stat, sep string) string {
	parts := make([]string, len(stats))
	for i, s := range stats {
		parts[i] = fmt.Sprintf("%s %d", s.Name, s.Value)
	}
	return strings.Join(parts, sep)
}

func resultText(r *engine.Result) string {
	if r.Draw {
		return "a draw (" + r.Reason + ")"
	}
	names := make([]string, len(r.Winners))
	for i, s := range r.Winners {
		names[i] = s.String()
	}
	return strings.Join(names, " and ") + " won (" + r.Reason + ")"
}
