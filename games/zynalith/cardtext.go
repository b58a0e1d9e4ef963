package zynalith

import (
	"fmt"
	"strconv"
	"strings"

	"kartenwerk/engine"
)

// The rules text players read, generated from the parsed cards.

// abilityText writes an ability back as a readable rules line.
func abilityText(a ability) string {
	doc := effectDoc[a.Effect]
	n := int(a.N)
	switch a.Effect {
	case eSilver, eZynalith, eVP, eAtk, eDef, eInit, eHP:
		doc = strings.Replace(doc, "N", fmt.Sprintf("%+d", n), 1)
	default:
		doc = strings.Replace(doc, "N", strconv.Itoa(n), 1)
	}
	return triggerNames[a.When] + ": " + doc + " " + targetNames[a.Target]
}

// info turns a definition into the card list entry shown to people.
func (d *cardDef) info() engine.CardInfo {
	ci := engine.CardInfo{Name: d.Name, Kind: kindNames[d.Kind], Group: stackNames[d.Stack]}
	if d.Kind != kEvent {
		ci.Cost = fmt.Sprintf("%d Silver", d.Silver)
		if d.Zyn > 0 {
			ci.Cost += fmt.Sprintf(" + %d Zynalith", d.Zyn)
		}
	}
	if d.Kind == kCreature || d.Kind == kProperty || d.Kind == kEquipment {
		ci.Stats = []engine.Stat{{Name: "init", Value: int(d.Init)}, {Name: "atk", Value: int(d.Atk)}, {Name: "def", Value: int(d.Def)}, {Name: "hp", Value: int(d.HP)}, {Name: "vp", Value: int(d.VP)}}
	} else if d.VP != 0 {
		ci.Stats = []engine.Stat{{Name: "vp", Value: int(d.VP)}}
	}
	var lines []string
	for i, k := range keywordNames {
		if d.Keywords&(1<<i) != 0 {
			ci.Keywords = append(ci.Keywords, k)
		}
	}
	if len(ci.Keywords) > 0 {
		lines = append(lines, strings.Join(ci.Keywords, ", ")+".")
	}
	if d.CopyLeft {
		lines = append(lines, "Its ATK, DEF and HP are those printed on the creature to its left (without extras).")
	}
	switch d.Kind {
	case kProperty, kEquipment, kSpell:
		if d.Enemy {
			lines = append(lines, "Attach to an opposing creature.")
		} else {
			lines = append(lines, "Attach to your creature.")
		}
	case kCounter:
		lines = append(lines, "Counter: play in any turn.")
	case kEvent:
		lines = append(lines, "Event: happens when revealed.")
	}
	for _, a := range d.Abilities {
		lines = append(lines, abilityText(a)+".")
	}
	if d.greedy() {
		lines = append(lines, "Acquiring it fires Gier.")
	}
	ci.Text = strings.Join(lines, " ")
	return ci
}

// infos lists the pool with rules text generated from the data.
func (p *pool) infos() []engine.CardInfo {
	out := make([]engine.CardInfo, len(p.defs))
	for i := range p.defs {
		out[i] = p.defs[i].info()
	}
	return out
}

// effectDoc says what each effect does, for generated card text.
var effectDoc = []string{
	"deal N damage to", "heal N HP of", "N Silver for", "N Zynalith for", "N VP for",
	"ATK N for", "DEF N for", "INIT N for", "HP N for", "destroy", "draw N card(s) blind for",
	"cancel", "lifesteal for",
}
