package microlife

import (
	"fmt"
	"strconv"
	"strings"

	"kartenwerk/engine"
)

// The rules text players read, generated from the parsed cards.

// info is card i as Cards lists it.
func (c *catalog) info(i int16) engine.CardInfo {
	d := &c.defs[i]
	// Group is the pile the card comes from; Kind its type and subtype.
	ci := engine.CardInfo{Name: d.name, Kind: typeNames[d.typ], Group: "starter and supply", Cost: strconv.Itoa(int(d.cost)), Text: c.text(i)}
	if d.sub != sNone {
		ci.Kind += " " + subtypeNames[d.sub]
	}
	if d.copies > 0 {
		ci.Group = "market deck"
	}
	switch {
	case d.typ == tMutation:
		ci.Group = "mutation deck"
		ci.Cost = ""
		ci.Stats = []engine.Stat{{Name: "attack", Value: int(d.atk)}, {Name: "resistance", Value: int(d.res)}}
	case d.entity():
		ci.Stats = []engine.Stat{{Name: "attack", Value: int(d.atk)}, {Name: "resistance", Value: int(d.res)}}
	}
	ci.Keywords = c.keywords(d)
	return ci
}

// keywords names the card's keywords, including those its effects are
// (Toxin, Vektor).
func (c *catalog) keywords(d *cardDef) []string {
	var out []string
	for _, k := range keywordNames {
		if d.kw&k.flag != 0 {
			out = append(out, k.show)
		}
	}
	if d.invasiv.any() {
		out = append(out, "Invasiv ("+c.matchText(d.invasiv)+")")
	}
	if d.tarnung.any() {
		out = append(out, "Tarnung vor "+c.matchText(d.tarnung))
	}
	for i, a := range c.antibiotics {
		if d.resistenz&(1<<i) != 0 {
			out = append(out, "Resistenz ("+capital(a)+")")
		}
	}
	for _, a := range d.abil {
		switch a.eff {
		case eToxin:
			out = appendOnce(out, "Toxin")
		case eVector:
			out = appendOnce(out, "Vektor")
		}
	}
	return out
}

func appendOnce(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func (c *catalog) matchText(m matcher) string {
	var parts []string
	for i, t := range typeNames[:2] {
		if m.types&(1<<i) != 0 {
			parts = append(parts, capital(t))
		}
	}
	for i, t := range subtypeNames {
		if i > 0 && m.subs&(1<<i) != 0 {
			parts = append(parts, capital(t))
		}
	}
	if m.name != 0 {
		parts = append(parts, c.defs[m.name-1].name)
	}
	return strings.Join(parts, ", ")
}

// text is the rules text of a card, generated from its data.
func (c *catalog) text(i int16) string {
	d := &c.defs[i]
	var parts []string
	head := capital(typeNames[d.typ])
	if d.sub != sNone {
		head += " – " + capital(subtypeNames[d.sub])
	}
	switch {
	case d.entity():
		head += fmt.Sprintf(", %d/%d", d.atk, d.res)
	case d.typ == tMutation:
		head += fmt.Sprintf(", %+d/%+d", d.atk, d.res)
	}
	if d.typ != tMutation {
		head += fmt.Sprintf(", costs %d sugar", d.cost)
	}
	parts = append(parts, head+".")
	if d.swap {
		parts = append(parts, "Swaps Angriff and Widerstand (in attachment order).")
	}
	if kws := c.keywords(d); len(kws) > 0 {
		parts = append(parts, strings.Join(kws, ", ")+".")
	}
	for _, a := range d.abil {
		if a.eff == eFever {
			continue // shown as the keyword
		}
		parts = append(parts, c.abilityText(a))
	}
	if d.supply {
		parts = append(parts, "Always buyable from the basic supply (to your discard pile).")
	}
	switch {
	case d.copies > 0 && d.typ == tMutation:
		parts = append(parts, fmt.Sprintf("%d in the mutation deck.", d.copies))
	case d.copies > 0:
		parts = append(parts, fmt.Sprintf("%d in the main deck.", d.copies))
	}
	return strings.Join(parts, " ")
}

func (c *catalog) abilityText(a ability) string {
	var cond string
	if a.when == wActivated {
		cond = fmt.Sprintf("%d Zucker", a.cost)
		if a.tap {
			cond += ", tap"
		}
	} else {
		cond = whenText[a.when]
	}
	eff := c.effectText(a)
	if a.optional {
		eff = "(optional) " + eff
	}
	sep := " -> "
	if a.when == wActivated {
		sep = ": "
	}
	return cond + sep + eff + "."
}

func (c *catalog) effectText(a ability) string {
	tgt := map[uint8]string{gSelf: "this entity", gDefender: "the defender", gOwn: "an entity you control", gEnemy: "an opposing entity", gAny: "any entity"}[a.target]
	if a.only.any() {
		tgt = strings.Replace(tgt, "entity", c.matchText(a.only)+" entity", 1)
	}
	var s string
	switch a.eff {
	case eSugar:
		s = fmt.Sprintf("you gain %d Zucker", a.n)
	case eDraw:
		s = fmt.Sprintf("draw %d card(s)", a.n)
	case eDamage:
		s = fmt.Sprintf("deal %d damage to %s", a.n, tgt)
	case eDrain:
		s = fmt.Sprintf("the opponent loses %d life", a.n)
	case eToxin:
		s = fmt.Sprintf("Toxin: put %d Gift marker(s) on %s", a.n, tgt)
	case eBoost:
		s = fmt.Sprintf("this entity gets %+d/%+d this turn", a.atk, a.res)
	case eMutate:
		s = fmt.Sprintf("Mutation %d aus %d on %s", a.k, a.n, tgt)
	case eGentransfer:
		s = fmt.Sprintf("Gentransfer %d aus %d on %s", a.k, a.n, tgt)
	case eDestroy:
		s = "destroy " + tgt
	case eVector:
		s = "Vektor (discard a hand card, reveal your deck until an Erreger costing at most its cost + 2, play it)"
	case eUntap:
		s = "untap this entity"
	}
	if a.antibiotic != 0 {
		s += " (antibiotic: " + capital(c.antibiotics[a.antibiotic-1]) + ")"
	}
	return s
}
