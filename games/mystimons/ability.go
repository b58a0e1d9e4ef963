package mystimons

import (
	"fmt"
	"strconv"
	"strings"
)

// Abilities and effects as the card files write them ("Flame Burst (2):
// power +4, burn"), parsed into the forms the rules read.

// effectSpec is how an effect is written: its word, whether a number
// follows, and the card kinds that may have it.
type effectSpec struct {
	word  string
	num   bool // takes a number
	where string
}

// effectSpecs describes every effect kind, by its constant.
var effectSpecs = []effectSpec{
	eNone: {}, ePower: {"power", true, "attack"}, ePierce: {"pierce", false, "attack"},
	eReach: {"reach", false, "attack"}, eBurn: {"burn", false, "attack"}, ePoison: {"poison", true, "attack"},
	eFreeze: {"freeze", false, "attack"}, eParalyze: {"paralyze", false, "attack"},
	eHeal: {"heal", true, "attack,action"}, eSplash: {"splash", true, "attack"},
	eDraw: {"draw", true, "attack,action"}, eOnce: {"once", false, "attack"},
	eHealAll: {"heal-all", true, "action"}, eBlast: {"blast", true, "action"},
	eSurge: {"surge", true, "action"}, eDouble: {"double", false, "action"}, eCure: {"cure", false, "action"},
	eSwap: {"swap", false, "action"}, eWipe: {"wipe", false, "action"}, eRevive: {"revive", false, "action"},
	eEvo: {"evo", true, "relic"}, eAtk: {"atk", true, "relic,terrain"}, eDef: {"def", true, "relic,terrain"},
}

// parseAbility reads "Name (cost): effect, effect".
func (p *Pool) parseAbility(text string) (ability, string) {
	open := strings.LastIndex(text, "(")
	close := strings.Index(text, "):")
	if open < 1 || close < open {
		return ability{}, fmt.Sprintf("ability %q is not written \"Name (cost): effects\"", text)
	}
	a := ability{name: strings.TrimSpace(text[:open]), costElem: elemAny}
	costText := strings.Fields(text[open+1 : close])
	cost, err := strconv.Atoi(strings.Join(costText[:min(1, len(costText))], ""))
	if err != nil || cost < 0 || cost > 10 || len(costText) > 2 {
		return a, fmt.Sprintf("ability %q: cost must be a number 0 to 10, optionally with an element (\"2 fire\")", text)
	}
	a.cost = int8(cost)
	if len(costText) == 2 { // a printed element (MM-10.15); otherwise any
		el, ok := p.elem(costText[1])
		if !ok {
			return a, fmt.Sprintf("ability %q: unknown cost element %q (elements.yaml lists %s)", text, costText[1], strings.Join(p.elems, ", "))
		}
		a.costElem = el
	}
	effs, msg := p.parseEffects(text[close+2:], "attack")
	if msg != "" {
		return a, "ability " + a.name + ": " + msg
	}
	a.effects = effs
	for _, e := range effs {
		switch e.kind {
		case ePower:
			a.power += int16(e.n)
		case ePierce:
			a.pierce = true
		case eReach:
			a.reach = true
		case eOnce:
			a.once = true
		}
	}
	return a, ""
}

// parseEffects reads "word N [element], word ..." for the given use.
func (p *Pool) parseEffects(text, where string) ([]effect, string) {
	var out []effect
	for _, part := range strings.Split(text, ",") {
		w := strings.Fields(part)
		if len(w) == 0 {
			continue
		}
		k := -1
		for j, s := range effectSpecs {
			if s.word == w[0] && s.word != "" {
				k = j
			}
		}
		if k < 0 {
			return nil, fmt.Sprintf("unknown effect %q", w[0])
		}
		s := effectSpecs[k]
		if !strings.Contains(s.where, where) {
			return nil, fmt.Sprintf("effect %q is for %s cards, not %s", s.word, s.where, where)
		}
		e := effect{kind: uint8(k), elem: elemAny}
		rest := w[1:]
		if s.num {
			if len(rest) == 0 {
				return nil, fmt.Sprintf("effect %q needs a number", s.word)
			}
			n, err := strconv.Atoi(strings.TrimPrefix(rest[0], "+"))
			if err != nil || n < -99 || n > 99 {
				return nil, fmt.Sprintf("effect %q: %q is not a number -99..99", s.word, rest[0])
			}
			e.n = int8(n)
			rest = rest[1:]
		}
		if len(rest) == 1 && (e.kind == eAtk || e.kind == eDef) {
			el, ok := p.elem(rest[0])
			if !ok {
				return nil, fmt.Sprintf("effect %q: unknown element %q (elements.yaml lists %s)", s.word, rest[0], strings.Join(p.elems, ", "))
			}
			e.elem = el
			rest = nil
		}
		if len(rest) > 0 {
			return nil, fmt.Sprintf("effect %q: unexpected %q", s.word, strings.Join(rest, " "))
		}
		out = append(out, e)
	}
	if len(out) == 0 {
		return nil, "no effect given"
	}
	return out, ""
}
