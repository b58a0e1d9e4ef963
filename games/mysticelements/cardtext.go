package mysticelements

import (
	"fmt"
	"strings"

	"kartenwerk/engine"
)

// Rules text is generated from the parsed card data, so it never
// disagrees with what the engine does.

func describeFilter(f filter, one bool) string {
	var b []string
	if f.Other {
		b = append(b, "other")
	}
	switch f.Side {
	case sideEnemy:
		b = append(b, "enemy")
	case sideOwn:
		b = append(b, "own")
	}
	if f.Colour >= 0 {
		c := colourNames[f.Colour]
		if f.Non {
			c = "non-" + c
		}
		b = append(b, c)
	}
	noun := ""
	switch f.What {
	case onUnit:
		noun = "unit"
	case onRelic:
		noun = "relic"
	case onUnit | onRelic:
		noun = "unit or relic"
	case onPlayer:
		noun = "player"
	case onUnit | onPlayer:
		noun = "unit or player"
	default:
		noun = "thing"
	}
	b = append(b, noun)
	s := strings.Join(b, " ")
	if one {
		if rest, ok := strings.CutPrefix(s, "other "); ok {
			return "another " + rest
		}
		if strings.ContainsRune("aeio", rune(s[0])) {
			return "an " + s
		}
		return "a " + s
	}
	return "each " + s
}

func whoText(a *ability, e *effect) string {
	switch e.Who {
	case wTarget:
		return describeFilter(a.Target, true)
	case wSelf:
		return "this card"
	case wHost:
		return "the charmed unit"
	case wYou:
		return "you"
	case wOpponent:
		return "your opponent"
	default:
		return describeFilter(e.Each, false)
	}
}

func effectText(a *ability, e *effect) string {
	t := whoText(a, e)
	n := int(e.N)
	switch e.Kind {
	case eDamage:
		return fmt.Sprintf("deal %d damage to %s", n, t)
	case eHeal:
		if n == 0 {
			return "heal all damage of " + t
		}
		return fmt.Sprintf("heal %d to %s", n, t)
	case eExhaust, ePrepare, eDestroy, eSteal:
		v := map[effKind]string{eExhaust: "exhaust", ePrepare: "prepare", eDestroy: "destroy", eSteal: "steal (and convert)"}[e.Kind]
		return v + " " + t
	case ePromote, eDemote:
		v := "promote"
		if e.Kind == eDemote {
			v = "demote"
		}
		tokens := "token"
		if n != 1 {
			tokens += "s"
		}
		return fmt.Sprintf("give %s %d %s %s", t, n, v, tokens)
	case eDiscard, eDraw, eLimit:
		verbs := map[effKind][2]string{eDiscard: {"discard", "discards"}, eDraw: {"draw", "draws"}, eLimit: {"get card limit", "gets card limit"}}[e.Kind]
		v := verbs[1]
		if e.Who == wYou {
			v = verbs[0]
		}
		if e.Kind == eLimit {
			return fmt.Sprintf("%s %s %+d", t, v, n)
		}
		return fmt.Sprintf("%s %s %d", t, v, n)
	case ePlunder:
		return fmt.Sprintf("plunder %d from %s", n, t)
	}
	return "?"
}

func abilityText(a *ability) string {
	var head string
	switch a.Trig {
	case trPlay:
		head = "When played"
	case trUse:
		head = "USE (exhaust)"
	case trStart:
		head = "At your turn start"
	case trPay:
		head = fmt.Sprintf("Pay %d", a.PayCol)
		if a.PayAny > 0 {
			head += fmt.Sprintf(" + %d any", a.PayAny)
		}
	}
	parts := make([]string, len(a.Effects))
	for i := range a.Effects {
		parts[i] = effectText(a, &a.Effects[i])
	}
	return head + ": " + strings.Join(parts, "; ") + "."
}

// charmTargetText says where a charm goes. By default (ME-10.9: the
// rulebook plays a charm "on a particular unit", own or opposing) the
// printed side is only advice, so the text says both what the game does
// and what the variant charm-targets=as-printed would do.
func charmTargetText(printed filter) string {
	played := printed
	played.Side = sideAny
	text := "Play on " + describeFilter(played, true)
	if printed.Side != sideAny {
		text += " (only " + describeFilter(printed, true) + " with charm-targets=as-printed)"
	}
	return text + "."
}

func cardText(d *cardDef) string {
	var parts []string
	if d.Kind == kCharm {
		parts = append(parts, charmTargetText(d.Attach))
		var bonus []string
		if d.Power != 0 || d.Health != 0 {
			bonus = append(bonus, fmt.Sprintf("%+d/%+d", d.Power, d.Health))
		}
		for i, n := range keywordNames {
			if d.Keywords&(1<<i) != 0 {
				bonus = append(bonus, n)
			}
		}
		if len(bonus) > 0 {
			parts = append(parts, "The charmed unit gets "+strings.Join(bonus, ", ")+".")
		}
	}
	if d.Limit != 0 {
		parts = append(parts, fmt.Sprintf("While in the battle: your card limit %+d.", d.Limit))
	}
	for i := range d.Abil {
		parts = append(parts, d.Abil[i].Text)
	}
	return strings.Join(parts, " ")
}

func costText(d *cardDef) string {
	s := ""
	if d.Cost > 0 {
		s = fmt.Sprintf("%d %s", d.Cost, colourNames[d.Colour])
	}
	if d.Any > 0 {
		if s != "" {
			s += " + "
		}
		s += fmt.Sprintf("%d any", d.Any)
	}
	if s == "" {
		s = "0"
	}
	return s
}

func (p *pool) cardInfos() []engine.CardInfo {
	out := make([]engine.CardInfo, 0, len(p.defs))
	for c := range p.byColour {
		for _, id := range p.byColour[c] {
			out = append(out, p.cardInfo(&p.defs[id]))
		}
	}
	return out
}

func (p *pool) cardInfo(d *cardDef) engine.CardInfo {
	ci := engine.CardInfo{Name: d.Name, Kind: kindNames[d.Kind], Group: colourNames[d.Colour], Cost: costText(d), Text: d.Text}
	if d.Kind == kUnit {
		ci.Stats = []engine.Stat{{Name: "power", Value: int(d.Power)}, {Name: "health", Value: int(d.Health)}}
	}
	for k, n := range keywordNames {
		if d.Keywords&(1<<k) != 0 {
			ci.Keywords = append(ci.Keywords, n)
		}
	}
	for _, a := range d.Abil {
		if a.Trig == trUse {
			ci.Keywords = append(ci.Keywords, "use")
		}
	}
	return ci
}
