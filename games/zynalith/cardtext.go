package zynalith

import (
	"fmt"
	"strconv"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	"kartenwerk/games/internal/wording"
)

// The rules text players read, generated from the parsed cards through
// the catalogue's templates (messages/*.yaml), a sentence per fact, so
// that every language phrases it in its own order.

// signed says which effects print their amount with a sign (+2 ATK,
// -3 Silver): they change a value either way.
var signed = [...]bool{eSilver: true, eZynalith: true, eVP: true, eAtk: true, eDef: true, eInit: true, eHP: true, eLifesteal: false}

// abilityText writes an ability as a rules line in l. self says how the
// card calls the creature its "self" ability acts on.
func abilityText(l i18n.Lang, a ability, self string) string {
	key := "effect." + effectNames[a.Effect]
	v := strconv.Itoa(int(a.N))
	if signed[a.Effect] {
		v = fmt.Sprintf("%+d", a.N)
	}
	var effect string
	switch a.Effect {
	case eDraw:
		effect = words.T(l, key, "n", int(a.N))
	case eCancel:
		effect = words.T(l, key)
	default:
		tcase := "acc"
		if a.Effect == eDamage || a.Effect == eHeal {
			tcase = "dat"
		}
		name := targetNames[a.Target]
		if a.Target == tSelf {
			name = self
		}
		effect = words.T(l, key, "v", v, "target", words.T(l, "target."+tcase+"."+name))
	}
	return words.T(l, "text.ability", "trigger", words.T(l, "trigger."+triggerNames[a.When]), "effect", effect)
}

// info is the card list entry in l, with kind and stack as name says
// them (by their catalogue key and id).
func (d *cardDef) info(l i18n.Lang, name func(l i18n.Lang, key, id string) string) engine.CardInfo {
	kind, stack := kindNames[d.Kind], stackNames[d.Stack]
	ci := engine.CardInfo{Name: d.Name, Kind: name(l, "kind."+kind, kind), Group: name(l, "group."+stack, stack)}
	if d.Kind != kEvent {
		ci.Cost = words.T(l, "cost.silver", "v", int(d.Silver))
		if d.Zyn > 0 {
			ci.Cost = words.T(l, "cost.both", "v", int(d.Silver), "z", int(d.Zyn))
		}
	}
	if d.Kind == kCreature || d.Kind == kProperty || d.Kind == kEquipment {
		ci.Stats = []engine.Stat{{Name: "init", Value: int(d.Init)}, {Name: "atk", Value: int(d.Atk)}, {Name: "def", Value: int(d.Def)}, {Name: "hp", Value: int(d.HP)}, {Name: "vp", Value: int(d.VP)}}
	} else if d.VP != 0 {
		ci.Stats = []engine.Stat{{Name: "vp", Value: int(d.VP)}}
	}
	for i, k := range keywordNames {
		if d.Keywords&(1<<i) != 0 {
			ci.Keywords = append(ci.Keywords, words.T(l, "keyword."+k))
		}
	}
	ci.Text = strings.Join(d.lines(l, ci.Keywords), " ")
	return ci
}

// lines are the sentences of the card's text in l.
func (d *cardDef) lines(l i18n.Lang, keywords []string) []string {
	var lines []string
	if len(keywords) > 0 {
		lines = append(lines, words.T(l, "text.keywords", "list", wording.Series(l, keywords)))
	}
	if d.CopyLeft {
		lines = append(lines, words.T(l, "text.copyleft"))
	}
	self := "self_creature"
	switch d.Kind {
	case kProperty, kEquipment, kSpell:
		self = "self_extra"
		if d.Enemy {
			lines = append(lines, words.T(l, "text.attach_enemy"))
		} else {
			lines = append(lines, words.T(l, "text.attach_own"))
		}
	case kCounter:
		lines = append(lines, words.T(l, "text.counter"))
	case kEvent:
		lines = append(lines, words.T(l, "text.event"))
	}
	for _, a := range d.Abilities {
		lines = append(lines, abilityText(l, a, self))
	}
	if d.greedy() {
		lines = append(lines, words.T(l, "text.greedy"))
	}
	return lines
}

// cardInfos lists the pool for Cards(): English text, and kinds and
// stacks by the ids that the catalogue's kind. and group. keys name, as
// the other games list them.
func (p *pool) cardInfos() []engine.CardInfo {
	return p.infos(i18n.EN, func(_ i18n.Lang, _, id string) string { return id })
}

// cardInfosIn lists the pool with every word in language l.
func (p *pool) cardInfosIn(l i18n.Lang) []engine.CardInfo {
	return p.infos(l, func(l i18n.Lang, key, _ string) string { return words.T(l, key) })
}

func (p *pool) infos(l i18n.Lang, name func(l i18n.Lang, key, id string) string) []engine.CardInfo {
	out := make([]engine.CardInfo, len(p.defs))
	for i := range p.defs {
		out[i] = p.defs[i].info(l, name)
	}
	return out
}
