package athernum

import (
	"strconv"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	"kartenwerk/games/internal/wording"
)

// Card text is generated from the card data through the catalogue's
// templates, one sentence per ability, so that every language phrases it
// in its own order.

// cardInfos lists the cards for Cards(): English text, and kinds and
// factions by the ids that the catalogue's kind. and group. keys name, as
// the other games list them, so that tools sort and filter by ids and
// pages say them in the reader's words.
func (p *pool) cardInfos() []engine.CardInfo {
	return p.infos(i18n.EN, func(_ i18n.Lang, _, id string) string { return id })
}

// cardInfosIn lists the cards with every word in language l.
func (p *pool) cardInfosIn(l i18n.Lang) []engine.CardInfo {
	return p.infos(l, func(l i18n.Lang, key, _ string) string { return words.T(l, key) })
}

// infos lists the cards with text and keywords in l, and kind and faction
// as name says them (by their catalogue key and id).
func (p *pool) infos(l i18n.Lang, name func(l i18n.Lang, key, id string) string) []engine.CardInfo {
	out := make([]engine.CardInfo, 0, len(p.defs)-1)
	for i := 1; i < len(p.defs); i++ {
		d := &p.defs[i]
		kind, faction := typeNames[d.typ], factionGroup(d.faction)
		ci := engine.CardInfo{Name: d.name, Kind: name(l, "kind."+kind, kind), Group: name(l, "group."+faction, faction), Text: d.textIn(l)}
		if d.hasCost {
			ci.Cost = strconv.Itoa(int(d.cost))
		}
		if d.typ == tCharacter {
			ci.Stats = append(ci.Stats, engine.Stat{Name: "ofv", Value: int(d.ofv)}, engine.Stat{Name: "dfv", Value: int(d.dfv)})
		}
		if d.slots > 0 {
			ci.Stats = append(ci.Stats, engine.Stat{Name: "slots", Value: int(d.slots)})
		}
		if d.vp > 0 {
			ci.Stats = append(ci.Stats, engine.Stat{Name: "vp", Value: int(d.vp)})
		}
		for _, sub := range d.subs {
			ci.Keywords = append(ci.Keywords, keywordIn(l, sub))
		}
		if d.extra {
			ci.Keywords = append(ci.Keywords, words.T(l, "keyword.extra-deck"))
		}
		if d.token {
			ci.Keywords = append(ci.Keywords, words.T(l, "keyword.token"))
		}
		out = append(out, ci)
	}
	return out
}

// factionGroup is the group key of a faction; -1 and fNone are
// factionless.
func factionGroup(f int8) string {
	if f < 0 || f == fNone {
		return "factionless"
	}
	return factionNames[f]
}

// keywordIn translates a subtype the catalogue knows; a card file's own
// subtype stays as written.
func keywordIn(l i18n.Lang, sub string) string {
	if words.Has("keyword." + sub) {
		return words.T(l, "keyword."+sub)
	}
	return sub
}

// textIn is the card's rules text in l, an ability a line.
func (d *cardDef) textIn(l i18n.Lang) string {
	text := ""
	for i := range d.abil {
		if i > 0 {
			text += "\n"
		}
		text += d.abil[i].textIn(l)
	}
	return text
}

// textIn writes one ability: kind, trigger, costs, then its effects.
func (a *ability) textIn(l i18n.Lang) string {
	rest := ""
	if a.trig != trNone {
		rest = words.T(l, "text.when", "trigger", words.T(l, "trigger."+triggerNames[a.trig]))
	}
	if costs := a.costsIn(l); costs != "" {
		rest += words.T(l, "text.costs", "costs", costs)
	}
	effects := ""
	k := 0
	for i, e := range a.eff {
		part := ""
		if e.op == opSummon && k < len(a.refs) {
			part = words.T(l, "effect.summon", "token", a.refs[k])
			k++
		} else {
			part = e.textIn(l)
		}
		if i == 0 {
			effects = part
		} else {
			effects = words.T(l, "text.then", "a", effects, "b", part)
		}
	}
	return words.T(l, "text.line", "kind", words.T(l, "abkind."+kindNames[a.kind]), "rest", rest, "effects", effects)
}

// costsIn lists what activating the ability costs, or "".
func (a *ability) costsIn(l i18n.Lang) string {
	var costs []string
	switch {
	case a.kind == akSupport:
		costs = append(costs, words.T(l, "cost.support", "n", int(a.res)))
	case a.res > 0:
		costs = append(costs, words.T(l, "cost.res", "n", int(a.res)))
	}
	if a.cmd > 0 {
		costs = append(costs, words.T(l, "cost.cmd", "n", int(a.cmd)))
	}
	if a.exhaust {
		costs = append(costs, words.T(l, "cost.exhaust"))
	}
	if a.discard {
		costs = append(costs, words.T(l, "cost.discard"))
	}
	if a.vpCost > 0 {
		costs = append(costs, words.T(l, "cost.vp", "n", int(a.vpCost)))
	}
	return wording.Series(l, costs)
}

// targetCase says in which grammatical case an operation names its
// target: "from" for taking something off it, "nom" for a stat change
// the target receives, "acc" otherwise.
func targetCase(op opKind) string {
	switch op {
	case opHeal, opReady, opSteal:
		return "from"
	case opOFV, opDFV:
		return "nom"
	}
	return "acc"
}

// textIn writes one effect.
func (e effect) textIn(l i18n.Lang) string {
	key := "effect." + opNames[e.op]
	if e.op == opOFV || e.op == opDFV {
		if e.tgt == tgAllies {
			key += "_group"
		} else {
			key += "_single"
		}
	}
	// A count of things (cards, tokens, VP) picks a plural form by "n"; an
	// amount of damage or a stat ("v") reads the same for any value.
	num := "v"
	if e.tgt == tgNone || e.op == opVP || e.op == opSteal {
		num = "n"
	}
	if e.tgt == tgNone || e.op == opSummon {
		return words.T(l, key, num, int(e.n))
	}
	target := words.T(l, "target."+targetCase(e.op)+"."+targetNames[e.tgt])
	if opArgs[e.op].num {
		return words.T(l, key, num, int(e.n), "target", target)
	}
	return words.T(l, key, "target", target)
}
