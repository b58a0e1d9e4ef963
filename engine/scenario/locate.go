package scenario

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"kartenwerk/engine"
)

// Games check a position without knowing the file it came from, so their
// problems name a card, zone or field but no line. locatePosition gives
// each such problem the line of the part of the position it names: a
// card, then a zone or counter, then a table field, else the position
// itself.
func locatePosition(f *File, err error) error {
	var list engine.Problems
	var one engine.Problem
	switch {
	case errors.As(err, &list):
		out := make(engine.Problems, len(list))
		for i, p := range list {
			out[i] = f.locate(p)
		}
		return out
	case errors.As(err, &one):
		return f.locate(one)
	}
	return fmt.Errorf("%s:%d: position: %w", f.src.Name, f.src.Line("$.position"), err)
}

func (f *File) locate(p engine.Problem) engine.Problem {
	if p.Line > 0 && p.File != "" && p.File != "position" {
		return p
	}
	text := strings.ToLower(p.Subject + " " + p.Msg)
	p.File, p.Line = f.src.Name, 0
	for _, path := range f.positionPaths() {
		if engine.ContainsWord(text, strings.ToLower(path.name)) {
			if p.Line = f.src.Line(path.at); p.Line > 0 {
				return p
			}
		}
	}
	p.Line = f.src.Line("$.position")
	return p
}

type namedPath struct{ name, at string }

// positionPaths lists the position's parts, most specific first.
func (f *File) positionPaths() []namedPath {
	var cards, zones []namedPath
	for i, sp := range f.Position.Seats {
		seat := fmt.Sprintf("$.position.seats[%d]", i)
		for _, z := range slices.Sorted(maps.Keys(sp.Zones)) {
			zones = append(zones, namedPath{z, seat + ".zones." + z})
			for k, c := range sp.Zones[z] {
				cards = append(cards, namedPath{c.Card, fmt.Sprintf("%s.zones.%s[%d]", seat, z, k)})
			}
		}
		for _, c := range slices.Sorted(maps.Keys(sp.Counters)) {
			zones = append(zones, namedPath{c, seat + ".counters." + c})
		}
		for _, c := range slices.Sorted(maps.Keys(sp.Props)) {
			zones = append(zones, namedPath{c, seat + ".props." + c})
		}
	}
	for _, z := range slices.Sorted(maps.Keys(f.Position.Shared)) {
		zones = append(zones, namedPath{z, "$.position.shared." + z})
		for k, c := range f.Position.Shared[z] {
			cards = append(cards, namedPath{c.Card, fmt.Sprintf("$.position.shared.%s[%d]", z, k)})
		}
	}
	for _, c := range slices.Sorted(maps.Keys(f.Position.Props)) {
		zones = append(zones, namedPath{c, "$.position.props." + c})
	}
	fields := []namedPath{{"phase", "$.position.phase"}, {"active", "$.position.active"},
		{"seats", "$.position.seats"}, {"turn", "$.position.turn"}, {"round", "$.position.round"}}
	return slices.Concat(cards, zones, fields)
}

// locateDecodeError gives a decoding problem without a line the line of
// what it refuses: the YAML library names no place for a value that reads
// as text but not as its type, such as `active: p9`, the only seat of a
// position.
func locateDecodeError(name string, data []byte, err error) error {
	var p engine.Problem
	if !errors.As(err, &p) || p.Line > 0 || !strings.Contains(p.Msg, "is not a seat") {
		return err
	}
	var doc map[string]any
	src, derr := engine.DecodeYAML(name, data, &doc)
	if derr != nil {
		return err
	}
	if line := src.Line("$.position.active"); line > 0 {
		p.Line, p.Subject = line, "active"
		p.Msg, _, _ = strings.Cut(p.Msg, ": write")
		p.Fix = "write active: p1 for the first seat listed under `seats:`, p2 for the second, and so on"
		return p
	}
	return err
}
