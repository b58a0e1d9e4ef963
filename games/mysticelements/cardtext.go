package mysticelements

import (
	"fmt"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// Rules text is generated from the parsed card data, so it never
// disagrees with what the engine does, through the catalogue's templates,
// so that each language builds its own sentences: a noun phrase for what
// an effect applies to ("each enemy unit", "jede gegnerische Einheit",
// "každého nepřátelského tvora"), then the effect's sentence around it.

// nounKeys names the noun of each combination of things a filter selects.
var nounKeys = map[uint8]string{
	onUnit: "unit", onRelic: "relic", onUnit | onRelic: "unit_relic",
	onPlayer: "player", onUnit | onPlayer: "unit_player",
}

// describeFilter is the noun phrase for what f selects in language l: one
// chosen thing ("target enemy unit") or each of them ("each enemy unit"),
// its adjectives agreeing with the noun as the language's templates ask:
// they are given in every gender class (f, n, m), and each language's
// template takes the one its noun needs ({{.adj.f}}).
func describeFilter(l i18n.Lang, f filter, one bool) string {
	quant := "each"
	if one {
		quant = "one"
	}
	noun, ok := nounKeys[f.What]
	if !ok {
		noun = "thing"
	}
	adj := map[string]string{}
	for _, class := range [...]string{"f", "n", "m"} {
		adj[class] = adjectives(l, f, quant+"_"+class)
	}
	return words.T(l, "np."+quant+"."+noun, "adj", adj)
}

// adjectives are f's qualifiers (other, side, colour) in agreement class
// class, each followed by a space, or "".
func adjectives(l i18n.Lang, f filter, class string) string {
	var out []byte
	add := func(s string) { out = append(append(out, s...), ' ') }
	prefix := "adj." + class + "."
	if f.Other {
		add(words.T(l, prefix+"another"))
	}
	switch f.Side {
	case sideEnemy:
		add(words.T(l, prefix+"enemy"))
	case sideOwn:
		add(words.T(l, prefix+"own"))
	}
	if f.Colour >= 0 {
		c := words.T(l, prefix+colourNames[f.Colour])
		if f.Non {
			c = words.T(l, "adj.non", "c", c)
		}
		add(c)
	}
	return string(out)
}

// whoText is what effect e of ability a applies to, as the object of its
// sentence.
func whoText(l i18n.Lang, a *ability, e *effect) string {
	switch e.Who {
	case wTarget:
		return describeFilter(l, a.Target, true)
	case wSelf:
		return words.T(l, "who.self")
	case wHost:
		return words.T(l, "who.host")
	case wYou:
		return words.T(l, "who.you")
	case wOpponent:
		return words.T(l, "who.opponent")
	}
	return describeFilter(l, e.Each, false)
}

// objectEffects are the effects whose sentence is a verb and what it acts
// on.
var objectEffects = map[effKind]string{
	eExhaust: "effect.exhaust", ePrepare: "effect.prepare", eDestroy: "effect.destroy", eSteal: "effect.steal",
}

func effectText(l i18n.Lang, a *ability, e *effect) string {
	who := whoText(l, a, e)
	n := int(e.N)
	if key, ok := objectEffects[e.Kind]; ok {
		return words.T(l, key, "who", who)
	}
	switch e.Kind {
	case eDamage:
		return words.T(l, "effect.damage", "x", n, "who", who)
	case eHeal:
		if n == 0 {
			return words.T(l, "effect.heal_all", "who", who)
		}
		return words.T(l, "effect.heal", "x", n, "who", who)
	case ePromote:
		return words.T(l, "effect.promote", "n", n, "who", who)
	case eDemote:
		return words.T(l, "effect.demote", "n", n, "who", who)
	case eDiscard, eDraw:
		key := "effect." + effNames[e.Kind]
		if e.Who == wYou {
			return words.T(l, key+"_you", "n", n)
		}
		return words.T(l, key, "n", n, "who", who)
	case eLimit:
		if e.Who == wYou {
			return words.T(l, "effect.limit_you", "x", fmt.Sprintf("%+d", n))
		}
		return words.T(l, "effect.limit", "x", fmt.Sprintf("%+d", n), "who", who)
	case ePlunder:
		return words.T(l, "effect.plunder", "n", n, "who", who)
	}
	return "?"
}

// abilityText is an ability's sentence in language l: its trigger or
// cost, then its effects.
func abilityText(l i18n.Lang, a *ability) string {
	var head string
	switch a.Trig {
	case trPlay:
		head = words.T(l, "head.play")
	case trUse:
		head = words.T(l, "head.use")
	case trStart:
		head = words.T(l, "head.start")
	case trPay:
		head = words.T(l, "head.pay", "x", int(a.PayCol))
		if a.PayAny > 0 {
			head = words.T(l, "head.pay_any", "x", int(a.PayCol), "y", int(a.PayAny))
		}
	}
	parts := make([]string, len(a.Effects))
	for i := range a.Effects {
		parts[i] = effectText(l, a, &a.Effects[i])
	}
	return words.T(l, "text.ability", "head", head, "effects", join(l, "text.effects", parts))
}

// charmTargetText says where a charm goes. By default (ME-10.9: the
// rulebook plays a charm "on a particular unit", own or opposing) the
// printed side is only advice, so the text says both what the game does
// and what the variant charm-targets=as-printed would do.
func charmTargetText(l i18n.Lang, printed filter) string {
	played := printed
	played.Side = sideAny
	if printed.Side == sideAny {
		return words.T(l, "text.charm_on", "what", describeFilter(l, played, true))
	}
	return words.T(l, "text.charm_on_printed", "what", describeFilter(l, played, true), "printed", describeFilter(l, printed, true))
}

// cardText is a card's rules text in language l.
func cardText(l i18n.Lang, d *cardDef) string {
	var parts []string
	if d.Kind == kCharm {
		parts = append(parts, charmTargetText(l, d.Attach))
		var bonus []string
		if d.Power != 0 || d.Health != 0 {
			bonus = append(bonus, fmt.Sprintf("%+d/%+d", d.Power, d.Health))
		}
		for i, n := range keywordNames {
			if d.Keywords&(1<<i) != 0 {
				bonus = append(bonus, words.T(l, "keyword."+n))
			}
		}
		if len(bonus) > 0 {
			parts = append(parts, words.T(l, "text.charm_bonus", "bonus", join(l, "list.series", bonus)))
		}
	}
	if d.Limit != 0 {
		parts = append(parts, words.T(l, "text.limit", "x", fmt.Sprintf("%+d", d.Limit)))
	}
	for i := range d.Abil {
		parts = append(parts, abilityText(l, &d.Abil[i]))
	}
	return join(l, "text.sentences", parts)
}

// costText is a card's cost in language l: "2 Red + 1 any".
func costText(l i18n.Lang, d *cardDef) string {
	var parts []string
	if d.Cost > 0 {
		parts = append(parts, words.T(l, "cost.colour", "x", int(d.Cost), "colour", colourWord(l, d.Colour)))
	}
	if d.Any > 0 {
		parts = append(parts, words.T(l, "cost.any", "x", int(d.Any)))
	}
	if len(parts) == 0 {
		return "0"
	}
	return join(l, "cost.both", parts)
}

// cardInfos lists the cards for Cards(): English text, and kinds, colours
// and keywords by the ids that views carry and that the catalogue's kind.,
// group. and keyword. keys name, so that pages and tools that sort or
// colour cards by them keep working.
func (p *pool) cardInfos() []engine.CardInfo {
	return p.infos(i18n.EN, func(_ i18n.Lang, _, id string) string { return id })
}

// cardInfosIn lists the cards with every word in language l.
func (p *pool) cardInfosIn(l i18n.Lang) []engine.CardInfo { return p.infos(l, word) }

func (p *pool) infos(l i18n.Lang, name func(l i18n.Lang, key, id string) string) []engine.CardInfo {
	out := make([]engine.CardInfo, 0, len(p.defs))
	for c := range p.byColour {
		for _, id := range p.byColour[c] {
			out = append(out, p.cardInfo(l, &p.defs[id], name))
		}
	}
	return out
}

func (p *pool) cardInfo(l i18n.Lang, d *cardDef, name func(l i18n.Lang, key, id string) string) engine.CardInfo {
	kind, colour := kindNames[d.Kind], colourNames[d.Colour]
	ci := engine.CardInfo{Name: d.Name, Kind: name(l, "kind."+kind, kind), Group: name(l, "group."+colour, colour),
		Cost: costText(l, d), Text: cardText(l, d)}
	if d.Kind == kUnit {
		ci.Stats = []engine.Stat{{Name: "power", Value: int(d.Power)}, {Name: "health", Value: int(d.Health)}}
	}
	for k, n := range keywordNames {
		if d.Keywords&(1<<k) != 0 {
			ci.Keywords = append(ci.Keywords, name(l, "keyword."+n, n))
		}
	}
	for _, a := range d.Abil {
		if a.Trig == trUse {
			ci.Keywords = append(ci.Keywords, name(l, "keyword.use", "use"))
		}
	}
	return ci
}
