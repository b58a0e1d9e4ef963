package microlife

import (
	"fmt"
	"strconv"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// The rules text players read, generated from the parsed cards through
// the catalogues' templates, so that every language builds its own
// sentences; only card names stay as printed.

// info is card i as CardsIn lists it, in language l: its kind (type and
// subtype) and group (the pile it comes from) in words.
func (c *catalog) info(i int16, l i18n.Lang) engine.CardInfo {
	ci := c.idInfo(i, l)
	d := &c.defs[i]
	ci.Kind, ci.Group = c.kindText(d, l), words.T(l, "group."+ci.Group)
	return ci
}

// idInfo is card i as Cards lists it: text and keywords in language l,
// kind and group by the ids that the catalogue's kind. and group. keys
// name, as the other games list them.
func (c *catalog) idInfo(i int16, l i18n.Lang) engine.CardInfo {
	d := &c.defs[i]
	ci := engine.CardInfo{Name: d.name, Kind: typeKeys[d.typ], Group: "starter",
		Cost: strconv.Itoa(int(d.cost)), Text: c.text(i, l), Keywords: c.keywordTexts(d, l)}
	if d.copies > 0 {
		ci.Group = "market"
	}
	switch {
	case d.typ == tMutation:
		ci.Group = "mutation"
		ci.Cost = ""
		ci.Stats = []engine.Stat{{Name: "attack", Value: int(d.atk)}, {Name: "resistance", Value: int(d.res)}}
	case d.entity():
		ci.Stats = []engine.Stat{{Name: "attack", Value: int(d.atk)}, {Name: "resistance", Value: int(d.res)}}
	}
	return ci
}

// kindText is the card's type, with its subtype, in language l.
func (c *catalog) kindText(d *cardDef, l i18n.Lang) string {
	kind := words.T(l, "kind."+typeKeys[d.typ])
	if d.sub != sNone {
		kind = words.T(l, "cardtext.kind_sub", "type", kind, "sub", words.T(l, "kind."+subtypeKeys[d.sub]))
	}
	return kind
}

// keywords lists the catalogue keys of the card's keywords, as views
// carry them, including those its effects are (Toxin, Vektor). The
// parameter of Invasiv, Tarnung and Resistenz is in keywordTexts.
func (c *catalog) keywords(d *cardDef) []string {
	var out []string
	for _, k := range keywordNames {
		if d.kw&k.flag != 0 {
			out = append(out, k.key)
		}
	}
	if d.invasiv.any() {
		out = append(out, "invasive")
	}
	if d.tarnung.any() {
		out = append(out, "camouflage")
	}
	if d.resistenz != 0 {
		out = append(out, "resistance")
	}
	for _, a := range d.abil {
		switch a.eff {
		case eToxin:
			out = appendOnce(out, "toxin")
		case eVector:
			out = appendOnce(out, "vector")
		}
	}
	return out
}

// keywordTexts are the card's keywords as printed in language l, each
// with its parameter: "Invasive (Haut)".
func (c *catalog) keywordTexts(d *cardDef, l i18n.Lang) []string {
	var out []string
	for _, k := range c.keywords(d) {
		switch k {
		case "invasive", "camouflage", "resistance":
			out = append(out, c.paramTexts(d, k, l)...)
		default:
			out = append(out, words.T(l, "keyword."+k))
		}
	}
	return out
}

// paramTexts are the texts of keyword k, one of the keywords with a
// parameter, in language l, none when the card lacks it; Resistenz may
// name several antibiotics.
func (c *catalog) paramTexts(d *cardDef, k string, l i18n.Lang) []string {
	switch {
	case k == "invasive" && d.invasiv.any():
		return []string{words.T(l, "cardtext.invasive", "what", c.matchText(d.invasiv, l))}
	case k == "camouflage" && d.tarnung.any():
		return []string{words.T(l, "cardtext.camouflage", "what", c.matchText(d.tarnung, l))}
	case k != "resistance":
		return nil
	}
	var out []string
	for i, a := range c.antibiotics {
		if d.resistenz&(1<<i) != 0 {
			out = append(out, words.T(l, "cardtext.resistance", "what", i18n.Capital(a)))
		}
	}
	return out
}

// details are the parameters of the card's keywords in language l, for a
// card's note in a view, whose keywords are keys without them.
func (c *catalog) details(d *cardDef, l i18n.Lang) []string {
	if d.kw&(kwInvasiv|kwTarnung|kwResistenz) == 0 {
		return nil
	}
	var out []string
	for _, k := range []string{"invasive", "camouflage", "resistance"} {
		out = append(out, c.paramTexts(d, k, l)...)
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

// matchText names what a matcher matches in language l: types and
// subtypes by their words, cards by their printed names.
func (c *catalog) matchText(m matcher, l i18n.Lang) string {
	var parts []string
	for i, t := range typeKeys[:2] {
		if m.types&(1<<i) != 0 {
			parts = append(parts, words.T(l, "kind."+t))
		}
	}
	for i, t := range subtypeKeys {
		if i > 0 && m.subs&(1<<i) != 0 {
			parts = append(parts, words.T(l, "kind."+t))
		}
	}
	if m.name != 0 {
		parts = append(parts, c.defs[m.name-1].name)
	}
	return strings.Join(parts, ", ")
}

// text is the rules text of a card in language l, generated from its
// data.
func (c *catalog) text(i int16, l i18n.Lang) string {
	d := &c.defs[i]
	kind := c.kindText(d, l)
	var parts []string
	switch {
	case d.entity():
		parts = append(parts, words.T(l, "cardtext.entity", "kind", kind, "atk", int(d.atk), "res", int(d.res), "n", int(d.cost)))
	case d.typ == tMutation:
		parts = append(parts, words.T(l, "cardtext.mutation", "kind", kind, "mod", modifier(d.atk, d.res)))
	default:
		parts = append(parts, words.T(l, "cardtext.card", "kind", kind, "n", int(d.cost)))
	}
	if d.swap {
		parts = append(parts, words.T(l, "cardtext.swap"))
	}
	if kws := c.keywordTexts(d, l); len(kws) > 0 {
		parts = append(parts, words.T(l, "cardtext.keywords", "list", strings.Join(kws, ", ")))
	}
	for _, a := range d.abil {
		if a.eff == eFever {
			continue // shown as the keyword
		}
		parts = append(parts, c.abilityText(a, l))
	}
	if d.supply {
		parts = append(parts, words.T(l, "cardtext.supply"))
	}
	switch {
	case d.copies > 0 && d.typ == tMutation:
		parts = append(parts, words.T(l, "cardtext.copies_mutation", "n", d.copies))
	case d.copies > 0:
		parts = append(parts, words.T(l, "cardtext.copies_market", "n", d.copies))
	}
	return strings.Join(parts, " ")
}

// modifier writes a change of Angriff and Widerstand: "+1/-1".
func modifier(atk, res int8) string { return fmt.Sprintf("%+d/%+d", atk, res) }

// abilityText is one ability line in language l: its trigger or cost,
// then its effect.
func (c *catalog) abilityText(a ability, l i18n.Lang) string {
	eff := c.effectText(a, l)
	if a.optional {
		eff = words.T(l, "cardtext.optional", "effect", eff)
	}
	if a.when == wActivated {
		key := "cardtext.activated"
		if a.tap {
			key = "cardtext.activated_tap"
		}
		return words.T(l, key, "n", int(a.cost), "effect", eff)
	}
	return words.T(l, "cardtext.triggered", "when", words.T(l, "when."+whenNames[a.when]), "effect", eff)
}

// targetText names an ability's target in language l, in the accusative
// ("acc") or dative ("dat") that the effect's sentence needs.
func (c *catalog) targetText(a ability, grammaticalCase string, l i18n.Lang) string {
	if a.only.any() {
		return words.T(l, "target."+grammaticalCase+"_only."+targetNames[a.target], "only", c.matchText(a.only, l))
	}
	return words.T(l, "target."+grammaticalCase+"."+targetNames[a.target])
}

func (c *catalog) effectText(a ability, l i18n.Lang) string {
	var s string
	switch a.eff {
	case eSugar, eDraw, eDrain:
		s = words.T(l, "effect."+effectNames[a.eff], "n", int(a.n))
	case eDamage:
		s = words.T(l, "effect.damage", "n", int(a.n), "target", c.targetText(a, "dat", l))
	case eToxin:
		s = words.T(l, "effect.toxin", "n", int(a.n), "target", c.targetText(a, "acc", l))
	case eBoost:
		s = words.T(l, "effect.boost", "mod", modifier(a.atk, a.res))
	case eMutate, eGentransfer:
		s = words.T(l, "effect."+effectNames[a.eff], "k", int(a.k), "of", int(a.n), "target", c.targetText(a, "acc", l))
	case eDestroy:
		s = words.T(l, "effect.destroy", "target", c.targetText(a, "acc", l))
	case eVector:
		s = words.T(l, "effect.vector")
	case eUntap:
		s = words.T(l, "effect.untap")
	}
	if a.antibiotic != 0 {
		s = words.T(l, "cardtext.antibiotic", "effect", s, "name", i18n.Capital(c.antibiotics[a.antibiotic-1]))
	}
	return s
}
