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
	// seat that tried it.
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
// (one that is hidden before and not after it), but no other hidden card.
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
			shown := revealed(sec, hiddenFrom(afterOmni, after.View(v)))
			leaked = named(label, slices.Concat(known, shown), without(sec.names, shown))
		}
		if len(leaked) > 0 {
			return fmt.Errorf("Describe(%q, %v) = %q names %s, hidden from %s in %s%s",
				p.codec.Format(a), v, label, strings.Join(leaked, ", "), reader(v), sec.whereHidden(leaked[0]), moverNote(v, mover))
		}
	}
	return nil
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

// rememberLegal keeps a few of the mover's legal actions, to try them
// later on other seats (checkErrors).
func (p *player) rememberLegal(mover engine.Seat) {
	if mover < 0 || len(p.legal) == 0 {
		return
	}
	if p.others == nil {
		p.others = make([][]engine.Action, engine.MaxSeats)
	}
	const keep = 8
	a := p.legal[p.rng.IntN(len(p.legal))]
	if len(p.others[mover]) < keep {
		p.others[mover] = append(p.others[mover], a)
	} else {
		p.others[mover][p.rng.IntN(keep)] = a
	}
}

// checkErrors tries refused actions of the mover that touch what it
// cannot see: other seats' earlier legal actions, and its own legal
// actions with a card swapped for a card hidden from it. The error is
// shown to the mover, so it may name no card hidden from the mover.
func (p *player) checkErrors(s engine.State) error {
	mover := s.ToMove()
	if p.opt.Skip&ErrorLeaks != 0 || mover < 0 {
		return nil
	}
	sec := hiddenFrom(s.View(engine.Omniscient), s.View(mover))
	if len(sec.names) == 0 {
		return nil
	}
	for _, a := range p.refusable(mover, sec.ids) {
		if engine.Contains(p.legal, a) {
			continue
		}
		before := s.Hash()
		err := s.Apply(a)
		if err == nil {
			return fmt.Errorf("illegal action %q (%v) was accepted", p.codec.Format(a), a)
		}
		if s.Hash() != before {
			return fmt.Errorf("refused action %q changed the state", p.codec.Format(a))
		}
		known := slices.Concat(sec.visible, strings.Fields(p.codec.Format(a)))
		if leaked := named(err.Error(), known, sec.names); len(leaked) > 0 {
			return fmt.Errorf("refusing %v's action %q, the error %q names %s, hidden from %v in %s",
				mover, p.codec.Format(a), err, strings.Join(leaked, ", "), mover, sec.whereHidden(leaked[0]))
		}
	}
	return nil
}

// refusable builds the actions checkErrors tries.
func (p *player) refusable(mover engine.Seat, hidden []int) []engine.Action {
	var out []engine.Action
	for seat, as := range p.others {
		if engine.Seat(seat) != mover {
			out = append(out, as...)
		}
	}
	if len(hidden) == 0 {
		return out
	}
	for k := 0; k < 4 && len(p.legal) > 0; k++ {
		a := p.legal[p.rng.IntN(len(p.legal))]
		spec, _ := p.codec.Spec(a.Verb)
		for j, kind := range spec.Args {
			if kind.Prefix == engine.ArgCard.Prefix && kind.Names == nil {
				a.Args[j] = int16(hidden[p.rng.IntN(len(hidden))])
				out = append(out, a)
			}
		}
	}
	return out
}
