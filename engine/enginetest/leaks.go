package enginetest

import (
	"fmt"
	"slices"
	"strings"

	"kartenwerk/engine"
)

// Checks selects checks of the suite, to switch some off while a game is
// being fixed (Options.Skip).
type Checks uint8

const (
	// DescribeLeaks: Describe(a, viewer) names no card hidden from viewer.
	DescribeLeaks Checks = 1 << iota
	// ErrorLeaks: a refused action's error names no card hidden from the
	// seat that tried it, reads the same in a determinization for that
	// seat, and aimed at cards the seat has never seen reads the same but
	// for the card's id (so it depends only on what the seat sees).
	ErrorLeaks
	// DeterminizeVaries: every zone hidden from a seat changes across
	// determinizations wherever the unseen cards allow it.
	DeterminizeVaries
)

// viewers lists every seat and the spectator.
func viewers(s engine.State) []engine.Seat {
	out := make([]engine.Seat, 0, s.Seats()+1)
	for seat := engine.Seat(0); int(seat) < s.Seats(); seat++ {
		out = append(out, seat)
	}
	return append(out, engine.NoSeat)
}

// checkDescribe labels every legal action for every viewer. The mover
// reads the labels of its choices before choosing, so they may name no
// card hidden from it now. Every other viewer reads a label in the log
// once the action is played, so it may name a card the action reveals
// (one that is hidden before and not after it, or one the game says it
// showed every seat in passing), but no other hidden card.
func (p *player) checkDescribe(s engine.State) error {
	if p.opt.Skip&DescribeLeaks != 0 || len(p.legal) == 0 {
		return nil
	}
	mover := s.ToMove()
	omni := s.View(engine.Omniscient)
	before := make(map[engine.Seat]secrets)
	for _, v := range viewers(s) {
		before[v] = hiddenFrom(omni, s.View(v))
	}
	for _, a := range p.legal {
		if err := p.checkLabels(s, a, mover, before); err != nil {
			return err
		}
	}
	return nil
}

// checkLabels checks the labels of one action. Only a label that names a
// hidden card at all costs playing the action on a clone, to see whether
// the action reveals it.
func (p *player) checkLabels(s engine.State, a engine.Action, mover engine.Seat, before map[engine.Seat]secrets) error {
	// The action's own words ("switch", "buybasic nahrung") name no
	// hidden card: "Switch c62" is the verb, not the card Switch.
	words := strings.Fields(p.codec.Format(a))
	var afterOmni *engine.View
	var after engine.State
	for _, v := range viewers(s) {
		sec := before[v]
		label := s.Describe(a, v)
		known := slices.Concat(sec.visible, words)
		leaked := named(label, known, sec.names)
		if len(leaked) > 0 && v != mover {
			if after == nil {
				after = s.Clone()
				if err := after.Apply(a); err != nil {
					return fmt.Errorf("legal action %q refused by a clone: %v", p.codec.Format(a), err)
				}
				afterOmni = after.View(engine.Omniscient)
			}
			shown := append(revealed(sec, hiddenFrom(afterOmni, after.View(v))), shownInPassing(s, after, sec)...)
			leaked = named(label, slices.Concat(known, shown), without(sec.names, shown))
		}
		if len(leaked) > 0 {
			return fmt.Errorf("Describe(%q, %v) = %q names %s, hidden from %s in %s%s",
				p.codec.Format(a), v, label, strings.Join(leaked, ", "), reader(v), sec.whereHidden(leaked[0]), moverNote(v, mover))
		}
		if v == mover {
			continue
		}
		line, all := logLine(s, a, v), logLine(s, a, engine.Omniscient)
		if line == all {
			continue
		}
		if after == nil {
			after = s.Clone()
			if err := after.Apply(a); err != nil {
				return fmt.Errorf("legal action %q refused by a clone: %v", p.codec.Format(a), err)
			}
			afterOmni = after.View(engine.Omniscient)
		}
		if unnamed := unnamedReveals(sec, after.View(v), line, all); len(unnamed) > 0 {
			return fmt.Errorf("the log line of %q for %s, %q, calls %s hidden, which the action shows %s (the whole line: %q)",
				p.codec.Format(a), reader(v), line, strings.Join(unnamed, ", "), reader(v), all)
		}
	}
	return nil
}

// logLine is a's line in the log of viewer v, in English.
func logLine(s engine.State, a engine.Action, v engine.Seat) string {
	return engine.Say(s, a, v, engine.Log, engine.Words{})
}

// unnamedReveals lists the cards hidden from a viewer before an action
// (sec) that it sees after it (seen), which the action's whole log line
// (all) names and the viewer's (line) does not: a player reads "Anna plays
// a hidden card" while the card lies face up before them.
func unnamedReveals(sec secrets, seen *engine.View, line, all string) []string {
	shown := map[int]bool{}
	seen.Walk(func(_ engine.Seat, _ string, c *engine.CardView) {
		if !c.Hidden && c.Name != "" {
			shown[c.ID] = true
		}
	})
	var out []string
	for _, id := range sec.ids {
		name := sec.idName[id]
		if shown[id] && engine.ContainsWord(all, name) && !engine.ContainsWord(line, name) && !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// shownInPassing lists the names of the cards hidden before (sec) that
// the action from before to after showed every seat in passing, as the
// game says (engine.PassingShower): face up at some moment of the action,
// hidden again at its end.
func shownInPassing(before, after engine.State, sec secrets) []string {
	was, ok := before.(engine.PassingShower)
	now, _ := after.(engine.PassingShower)
	if !ok || now == nil {
		return nil
	}
	var out []string
	for _, id := range sec.ids {
		if now.TimesShown(id) != was.TimesShown(id) {
			out = append(out, sec.idName[id])
		}
	}
	return out
}

// reader names a viewer in messages.
func reader(v engine.Seat) string {
	if v == engine.NoSeat {
		return "a spectator"
	}
	return v.String()
}

func moverNote(v, mover engine.Seat) string {
	if v == mover {
		return " (the mover reads it before choosing)"
	}
	return ", and the action reveals no card so named (the label goes to every seat's log)"
}
