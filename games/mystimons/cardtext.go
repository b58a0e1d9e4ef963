package mystimons

import (
	"fmt"
	"strconv"
	"strings"

	"kartenwerk/engine"
)

// The rules text players read, generated from the parsed cards.

var stars = []string{"", "★", "★★", "★★★", "★★★★", "★★★★★"}

// effectText is the rules text of one effect, for people.
func (p *Pool) effectText(e effect, attached bool) string {
	n := int(e.n)
	el := ""
	if e.elem != elemAny {
		el = " " + capital(p.elems[e.elem])
	}
	switch e.kind {
	case ePower:
		return fmt.Sprintf("+%d ATK for this attack", n)
	case ePierce:
		return "ignores DEF"
	case eReach:
		return "may target a Bench MystiMon"
	case eBurn:
		return "the target Burns"
	case ePoison:
		return fmt.Sprintf("Poison %d on the target", n)
	case eFreeze:
		return "the target is Frozen"
	case eParalyze:
		return "the target is Paralyzed"
	case eHeal:
		if attached {
			return fmt.Sprintf("heal this MystiMon %d HP", n)
		}
		return fmt.Sprintf("heal one of your MystiMons %d HP", n)
	case eSplash:
		return fmt.Sprintf("%d damage to each opposing Bench MystiMon", n)
	case eDraw:
		return fmt.Sprintf("draw %d cards", n)
	case eOnce:
		return "once per game"
	case eHealAll:
		return fmt.Sprintf("heal each of your MystiMons %d HP", n)
	case eBlast:
		return fmt.Sprintf("%d damage to an opposing MystiMon", n)
	case eSurge:
		return fmt.Sprintf("attach up to %d energy cards from your hand (elements must match; not limited to 1 per turn)", n)
	case eDouble:
		return "your next energy card counts as 1 more"
	case eCure:
		return "remove its statuses"
	case eSwap:
		return "swap your Active with a Bench MystiMon (not your free Switch)"
	case eWipe:
		return "discard the Terrain and every relic in play"
	case eRevive:
		return "put a Stufe-1 MystiMon from your discard pile onto your Bench"
	case eEvo:
		return fmt.Sprintf("evolution needs %d less attached energy", -n)
	case eAtk:
		return fmt.Sprintf("%s MystiMons +%d ATK", strings.TrimSpace(el+" "), n)
	case eDef:
		return fmt.Sprintf("%s MystiMons +%d DEF", strings.TrimSpace(el+" "), n)
	}
	return "?"
}

// costText is an ability's cost for people: "2 pool energy", "8 water pool energy".
func (p *Pool) costText(a *ability) string {
	if a.costElem == elemAny {
		return fmt.Sprintf("%d pool energy", a.cost)
	}
	return fmt.Sprintf("%d %s pool energy", a.cost, p.elems[a.costElem])
}

// Text is a card's rules text, generated from its data.
func (p *Pool) Text(d *cardDef) string {
	var parts []string
	switch d.kind {
	case kMon:
		switch {
		case d.stage == 1:
			parts = append(parts, "Stufe 1.")
		case d.stage == 5:
			parts = append(parts, fmt.Sprintf("Champion %s: evolves from %s with 10 attached energy, or Ritual Summon (3 %s MystiMons, 8 %s pool energy).", stars[5], p.defs[d.from].name, p.elemName(d.elem), p.elemName(d.elem)))
		default:
			pathText := ""
			if d.path != "" {
				pathText = " (" + d.path + " path)"
			}
			parts = append(parts, fmt.Sprintf("Stufe %d%s: evolves from %s with %d attached energy.", d.stage, pathText, p.defs[d.from].name, threshold[d.stage]))
		}
		if w := d.warning(); w != "" {
			parts = append(parts, "Fusion grade "+stars[d.grade]+", "+w+".")
		} else if d.grade > 0 {
			parts = append(parts, "Fusion grade "+stars[d.grade]+", no HP drain.")
		}
		parts = append(parts, fmt.Sprintf("Basic Attack %s (free).", d.basic))
		for _, a := range d.abils {
			var es []string
			for _, e := range a.effects {
				es = append(es, p.effectText(e, true))
			}
			parts = append(parts, fmt.Sprintf("%s (%s): %s.", a.name, p.costText(&a), strings.Join(es, ", ")))
		}
	case kEnergy:
		switch {
		case d.poolOnly:
			parts = append(parts, "Special energy: only into the pool, as 1 unit of any element.")
		case d.elem == elemAny:
			parts = append(parts, "Special energy: counts as every element; attach it to any MystiMon or put it in the pool.")
		default:
			parts = append(parts, fmt.Sprintf("Basic %s energy.", p.elems[d.elem]))
		}
	default:
		var es []string
		for _, e := range d.effects {
			es = append(es, p.effectText(e, false))
		}
		where := ""
		switch {
		case d.kind == kRelic && d.attach:
			where = "Attach to one of your MystiMons without a relic: it gets "
		case d.kind == kRelic:
			where = "On the field: your "
		case d.kind == kTerrain:
			where = "Terrain, for both players: "
		}
		parts = append(parts, where+strings.Join(es, ", ")+".")
	}
	if d.limit != 3 {
		parts = append(parts, fmt.Sprintf("Limit %d per deck.", d.limit))
	}
	return strings.Join(parts, " ")
}

// Infos lists the pool for Cards().
func (p *Pool) Infos() []engine.CardInfo {
	out := make([]engine.CardInfo, len(p.defs))
	for i := range p.defs {
		d := &p.defs[i]
		ci := engine.CardInfo{Name: d.name, Kind: kindNames[d.kind], Text: p.Text(d)}
		switch d.kind {
		case kMon:
			ci.Group = p.elemName(d.elem)
			ci.Stats = []engine.Stat{{Name: "stage", Value: int(d.stage)}, {Name: "hp", Value: int(d.hp)}, {Name: "atk", Value: int(d.atk)}, {Name: "def", Value: int(d.def)}, {Name: "spd", Value: int(d.spd)}}
			if d.grade > 0 {
				ci.Stats = append(ci.Stats, engine.Stat{Name: "grade", Value: int(d.grade)})
			}
			if d.path != "" {
				ci.Keywords = []string{d.path}
			}
		case kEnergy:
			ci.Group = p.elemName(d.elem)
		default:
			ci.Cost = strconv.Itoa(int(d.cost))
		}
		out[i] = ci
	}
	return out
}
