package enginetest

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"kartenwerk/engine"
)

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
// cannot see: other seats' earlier legal actions, its own legal actions
// with a card swapped for a card hidden from it, and, on a sweep, every
// verb of the codec that takes a card, aimed at hidden cards. The error is
// shown to the mover, so it may name no card hidden from the mover, and it
// must read the same in a determinization for the mover, where the hidden
// ids hold other cards or lie elsewhere: an error that differs there tells
// the mover what it cannot see.
func (p *player) checkErrors(s engine.State, sweep bool) error {
	mover := s.ToMove()
	if p.opt.Skip&ErrorLeaks != 0 || mover < 0 {
		return nil
	}
	sec := hiddenFrom(s.View(engine.Omniscient), s.View(mover))
	if len(sec.ids) == 0 && len(sec.names) == 0 {
		return nil
	}
	r := p.rng.Split()
	d := s.Determinize(mover, &r)
	tries := p.refusable(mover, sec.ids)
	if sweep {
		tries = append(tries, p.aimedAtHidden(s, sec)...)
	}
	for _, a := range tries {
		if err := p.checkRefusal(s, d, a, mover, sec); err != nil {
			return err
		}
	}
	if sweep {
		return p.checkUniform(s, sec, mover)
	}
	return nil
}

// checkRefusal tries one action the mover may not play on the state and
// on its determinization d.
func (p *player) checkRefusal(s, d engine.State, a engine.Action, mover engine.Seat, sec secrets) error {
	if engine.Contains(p.legal, a) {
		return nil
	}
	before := s.Hash()
	err := s.Apply(a)
	if err == nil {
		return fmt.Errorf("illegal action %q (%v) was accepted", p.codec.Format(a), a)
	}
	if s.Hash() != before {
		return fmt.Errorf("refused action %q changed the state", p.codec.Format(a))
	}
	known := slices.Concat(sec.visible, p.vocabulary())
	if leaked := named(err.Error(), known, sec.names); len(leaked) > 0 {
		return fmt.Errorf("refusing %v's action %q, the error %q names %s, hidden from %v in %s",
			mover, p.codec.Format(a), err, strings.Join(leaked, ", "), mover, sec.whereHidden(leaked[0]))
	}
	if derr := d.Apply(a); derr == nil || derr.Error() != err.Error() {
		return fmt.Errorf("refusing %v's action %q tells what is hidden from %v: a determinization for %v, which %v cannot tell from the real state, answers differently (make the refusal depend only on what the mover sees)\n real: %v\n det:  %v",
			mover, p.codec.Format(a), mover, mover, mover, err, refusalText(derr))
	}
	return nil
}

// vocabulary lists the words of the game's action language, its verbs
// and their named arguments ("buybasic nahrung"): any seat may type them
// at any time, so an error that uses one to explain a rule ("only Haut and
// Nahrung can be bought") tells nothing of where cards lie.
func (p *player) vocabulary() []string {
	if p.words == nil {
		for _, v := range p.codec.Verbs() {
			p.words = append(p.words, v.Name)
			for _, k := range v.Args {
				p.words = append(p.words, k.Names...)
			}
		}
	}
	return p.words
}

// refusalText is an error's text, or says the action was accepted.
func refusalText(err error) string {
	if err == nil {
		return "(accepted)"
	}
	return err.Error()
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
		for _, j := range cardArgs(spec) {
			a.Args[j] = int16(hidden[p.rng.IntN(len(hidden))])
			out = append(out, a)
		}
	}
	return out
}

// aimedAtHidden builds, from the codec alone, actions of every verb that
// takes a card with a card argument swapped for a card hidden from the
// mover: a few hidden ids, one from each hidden zone first, so that a
// refusal that tells a hand from a deck shows. The other arguments come
// from a legal action of the verb where there is one, and are zero where
// there is not.
func (p *player) aimedAtHidden(s engine.State, sec secrets) []engine.Action {
	ids := p.sampleHidden(sec)
	var out []engine.Action
	for v := engine.Verb(1); int(v) <= len(p.codec.Verbs()); v++ {
		spec, _ := p.codec.Spec(v)
		cards := cardArgs(spec)
		if len(cards) == 0 {
			continue
		}
		templates := []engine.Action{{Verb: v}}
		if i := slices.IndexFunc(p.legal, func(a engine.Action) bool { return a.Verb == v }); i >= 0 {
			templates = append(templates, p.legal[i])
		}
		for _, t := range templates {
			for _, id := range ids {
				for _, j := range cards {
					a := t
					a.Args[j] = int16(id)
					out = append(out, a)
				}
			}
		}
	}
	return out
}

// cardArgs lists the positions of a verb's card arguments.
func cardArgs(spec engine.VerbSpec) []int {
	var out []int
	for j, kind := range spec.Args {
		if kind.Prefix == engine.ArgCard.Prefix && kind.Names == nil {
			out = append(out, j)
		}
	}
	return out
}

// sampleHidden picks one card id of each zone hidden from a viewer, and a
// few more at random.
func (p *player) sampleHidden(sec secrets) []int {
	zones := make([]zoneKey, 0, len(sec.zoneIDs))
	for k := range sec.zoneIDs {
		zones = append(zones, k)
	}
	slices.SortFunc(zones, func(a, b zoneKey) int { return strings.Compare(a.String(), b.String()) })
	var out []int
	for _, k := range zones {
		ids := sec.zoneIDs[k]
		out = append(out, ids[p.rng.IntN(len(ids))])
	}
	for k := 0; k < 2 && len(sec.ids) > 0; k++ {
		out = append(out, sec.ids[p.rng.IntN(len(sec.ids))])
	}
	return out
}

// checkUniform: aimed at cards the mover has never seen (one of each
// hidden zone, and a few more), a verb with its other arguments zero is
// refused in words that differ only in the card's id, so that it does not
// tell one unseen card from another. It catches what a determinization
// keeps in place, such as which hidden id is a creature of which INIT.
func (p *player) checkUniform(s engine.State, sec secrets, mover engine.Seat) error {
	ids := p.sampleHidden(sec)
	ids = slices.DeleteFunc(ids, func(id int) bool { return id == 0 || p.hasSeen(mover, id) })
	for v := engine.Verb(1); int(v) <= len(p.codec.Verbs()); v++ {
		spec, _ := p.codec.Spec(v)
		for _, j := range cardArgs(spec) {
			texts := map[string]string{}
			for _, id := range ids {
				a := engine.Action{Verb: v}
				a.Args[j] = int16(id)
				err := s.Apply(a)
				if err == nil {
					return fmt.Errorf("illegal action %q (%v) was accepted", p.codec.Format(a), a)
				}
				masked := regexp.MustCompile(fmt.Sprintf(`\bc%d\b`, id)).ReplaceAllString(err.Error(), "c?")
				texts[masked] = p.codec.Format(a)
			}
			if len(texts) > 1 {
				return fmt.Errorf("%v's refusals of %s tell cards it has never seen apart (make the refusal depend only on what the mover sees): %s",
					mover, spec.Name, describeTexts(texts))
			}
		}
	}
	return nil
}

// describeTexts lists refusals with the action of each, in a stable order.
func describeTexts(texts map[string]string) string {
	var out []string
	for text, action := range texts {
		out = append(out, fmt.Sprintf("%q refuses %q", action, text))
	}
	slices.Sort(out)
	return strings.Join(out, "; ")
}
