package mystimons

import (
	"strconv"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// The rules text players read, generated from the parsed cards through
// the catalogue's templates, so that every language builds whole
// sentences; card, attack and ability names stay as printed.

var stars = []string{"", "★", "★★", "★★★", "★★★★", "★★★★★"}

// effectKeys names the catalogue message of each effect kind; heal, draw,
// evo, atk and def choose theirs in effectText.
var effectKeys = map[uint8]string{
	ePower: "effect.power", ePierce: "effect.pierce", eReach: "effect.reach", eBurn: "effect.burn",
	ePoison: "effect.poison", eFreeze: "effect.freeze", eParalyze: "effect.paralyze", eSplash: "effect.splash",
	eOnce: "effect.once", eHealAll: "effect.heal_all", eBlast: "effect.blast", eSurge: "effect.surge",
	eDouble: "effect.double", eCure: "effect.cure", eSwap: "effect.swap", eWipe: "effect.wipe",
	eRevive: "effect.revive", eEvo: "effect.evo",
}

// voice is whose effect a text speaks of: the same effect reads
// differently on an action card, in an ability and on an attached relic.
type voice uint8

const (
	cardVoice    voice = iota // a card's effect: its heal heals a chosen MystiMon
	abilityVoice              // an ability's: its heal heals the attacker
	bearerVoice               // an attached relic's: what its bearer gets (MM-2.8)
)

// effectText is the rules text of one effect in language l, spoken in
// voice v: "+5 ATK for your MystiMons" on the field, "it gets +5 ATK"
// on an attached relic.
func (p *Pool) effectText(l i18n.Lang, e effect, v voice) string {
	n, group := int(e.n), "effect."
	if v == bearerVoice {
		group = "bearer."
	}
	switch e.kind {
	case eHeal:
		if v == abilityVoice {
			return words.T(l, "effect.heal_self", "x", n)
		}
		return words.T(l, "effect.heal_one", "x", n)
	case eDraw:
		return words.T(l, "effect.draw", "n", n)
	case eEvo:
		return words.T(l, group+"evo", "x", -n)
	case eAtk, eDef:
		key := group + "atk"
		if e.kind == eDef {
			key = group + "def"
		}
		if e.elem == elemAny {
			return words.T(l, key, "x", n)
		}
		return words.T(l, key+"_elem", "x", n, "elem", p.elemWord(l, e.elem))
	}
	if key, ok := effectKeys[e.kind]; ok {
		return words.T(l, key, "x", n)
	}
	return "?"
}

// elemWord is element e's name in language l: "Feuer".
func (p *Pool) elemWord(l i18n.Lang, e int8) string {
	name := p.elemName(e)
	return nameOr(l, "group."+name, name)
}

// costText is an ability's cost in language l: "2 pool energy", "8 Water pool energy".
func (p *Pool) costText(l i18n.Lang, a *ability) string {
	if a.costElem == elemAny {
		return words.T(l, "cost.any", "x", int(a.cost))
	}
	return words.T(l, "cost.elem", "x", int(a.cost), "elem", p.elemWord(l, a.costElem))
}

// effectsText lists effects in language l, spoken in voice v.
func (p *Pool) effectsText(l i18n.Lang, es []effect, v voice) string {
	texts := make([]string, len(es))
	for i, e := range es {
		texts[i] = p.effectText(l, e, v)
	}
	return joinList(l, texts)
}

// Text is a card's rules text in English, generated from its data.
func (p *Pool) Text(d *cardDef) string { return p.TextIn(i18n.EN, d) }

// TextIn is a card's rules text in language l, generated from its data.
func (p *Pool) TextIn(l i18n.Lang, d *cardDef) string {
	var parts []string
	switch d.kind {
	case kMon:
		parts = p.monText(l, d)
	case kEnergy:
		parts = append(parts, p.energyText(l, d))
	default:
		key, v := "text.action", cardVoice
		switch {
		case d.kind == kRelic && d.attach:
			key, v = "text.relic_attached", bearerVoice
		case d.kind == kRelic:
			key = "text.relic_field"
		case d.kind == kTerrain:
			key = "text.terrain"
		}
		effects := p.effectsText(l, d.effects, v)
		parts = append(parts, i18n.Capital(words.T(l, key, "effects", effects))) // an action's text begins with its first effect
	}
	if d.limit != 3 {
		parts = append(parts, words.T(l, "text.limit", "x", int(d.limit)))
	}
	return joinSentences(parts)
}

// monText is a MystiMon's sentences: stage and evolution, fusion grade,
// Basic Attack and abilities.
func (p *Pool) monText(l i18n.Lang, d *cardDef) []string {
	var parts []string
	switch {
	case d.stage == 1:
		parts = append(parts, words.T(l, "text.stage1"))
	case d.stage == 5:
		parts = append(parts, words.T(l, "text.champion", "stars", stars[5], "from", p.defs[d.from].name, "elem", p.elemWord(l, d.elem)))
	case d.path != "":
		parts = append(parts, words.T(l, "text.evolves_path", "stage", int(d.stage), "path", pathWord(l, d.path), "from", p.defs[d.from].name, "need", int(threshold[d.stage])))
	default:
		parts = append(parts, words.T(l, "text.evolves", "stage", int(d.stage), "from", p.defs[d.from].name, "need", int(threshold[d.stage])))
	}
	if w := d.warningKey(); w != "" {
		parts = append(parts, words.T(l, "text.grade_warning", "stars", stars[d.grade], "warning", words.T(l, w)))
	} else if d.grade > 0 {
		parts = append(parts, words.T(l, "text.grade", "stars", stars[d.grade]))
	}
	parts = append(parts, words.T(l, "text.basic", "move", d.basic))
	for i := range d.abils {
		a := &d.abils[i]
		parts = append(parts, words.T(l, "text.ability", "move", a.name, "cost", p.costText(l, a), "effects", p.effectsText(l, a.effects, abilityVoice)))
	}
	return parts
}

func (p *Pool) energyText(l i18n.Lang, d *cardDef) string {
	switch {
	case d.poolOnly:
		return words.T(l, "text.energy_pool_only")
	case d.elem == elemAny:
		return words.T(l, "text.energy_any")
	}
	return words.T(l, "text.energy_basic", "elem", p.elemWord(l, d.elem))
}

// pathWord is an evolution path's name in language l: "Speed-Pfad".
func pathWord(l i18n.Lang, path string) string { return nameOr(l, "keyword."+path, path) }

func joinSentences(parts []string) string {
	n := 0
	for _, s := range parts {
		n += len(s) + 1
	}
	buf := make([]byte, 0, n)
	for i, s := range parts {
		if i > 0 {
			buf = append(buf, ' ')
		}
		buf = append(buf, s...)
	}
	return string(buf)
}

// Infos lists the pool for Cards(): English text, and the kinds,
// elements and paths by the ids that views carry and that the catalogue's
// kind., group. and keyword. keys name, so that pages and tools that sort
// or colour cards by them keep working.
func (p *Pool) Infos() []engine.CardInfo {
	return p.infos(i18n.EN, func(_ i18n.Lang, _, id string) string { return id })
}

// InfosIn lists the pool with text, kind, element and path in language l.
func (p *Pool) InfosIn(l i18n.Lang) []engine.CardInfo { return p.infos(l, nameOr) }

// infos lists the pool with text in language l and names put by word.
func (p *Pool) infos(l i18n.Lang, word func(l i18n.Lang, key, id string) string) []engine.CardInfo {
	out := make([]engine.CardInfo, len(p.defs))
	for i := range p.defs {
		d := &p.defs[i]
		ci := engine.CardInfo{Name: d.name, Kind: word(l, "kind."+kindNames[d.kind], kindNames[d.kind]), Text: p.TextIn(l, d)}
		elem := p.elemName(d.elem)
		switch d.kind {
		case kMon:
			ci.Group = word(l, "group."+elem, elem)
			ci.Stats = []engine.Stat{{Name: "stage", Value: int(d.stage)}, {Name: "hp", Value: int(d.hp)}, {Name: "atk", Value: int(d.atk)}, {Name: "def", Value: int(d.def)}, {Name: "spd", Value: int(d.spd)}}
			if d.grade > 0 {
				ci.Stats = append(ci.Stats, engine.Stat{Name: "grade", Value: int(d.grade)})
			}
			if d.path != "" {
				ci.Keywords = []string{word(l, "keyword."+d.path, d.path)}
			}
		case kEnergy:
			ci.Group = word(l, "group."+elem, elem)
		default:
			ci.Cost = strconv.Itoa(int(d.cost))
		}
		out[i] = ci
	}
	return out
}
