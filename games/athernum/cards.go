package athernum

import (
	"fmt"
	"slices"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
)

// Factions (AT-10.U1). Index 3 is the factionless resource.
const (
	fEmber int8 = iota
	fTide
	fGrove
	fNone
	nFactions = 4
)

var factionNames = [nFactions]string{"ember", "tide", "grove", "none"}

type cardType uint8

const (
	tCharacter cardType = iota
	tItem
	tLocation
)

var typeNames = [...]string{"character", "item", "location"}

// cardDef is one card's printed data, shared read-only by every state.
type cardDef struct {
	name    string
	typ     cardType
	subs    []string
	faction int8 // -1: factionless
	hasCost bool
	cost    int8
	vp      int8 // VP field (capacity); 0: none
	ofv     int8
	dfv     int8
	slots   int8
	extra   bool
	token   bool // created by effects, never in a deck (AT-10.U7)
	abil    []ability
	// trig is a bitmask of the triggers its triggered and objective
	// abilities wait for; statics says it has static abilities.
	trig      uint16
	statics   bool
	objective bool
	// activ and support say it has abilities a player activates from the
	// field, and Support abilities, to skip cards quickly.
	activ, support bool
	file           string
	line           int
}

// pool is the loaded card pool: definitions, names, presets.
type pool struct {
	defs    []cardDef
	byName  map[string]int16
	presets []engine.DeckList
	// presetMain and presetExtra are the presets resolved to definitions.
	presetMain, presetExtra [][]int16
}

// yamlCard is one card as written in a card file.
type yamlCard struct {
	Name      string   `yaml:"name"`
	Type      string   `yaml:"type"`
	Subtypes  []string `yaml:"subtypes"`
	Faction   string   `yaml:"faction"`
	Cost      *int     `yaml:"cost"`
	VP        int      `yaml:"vp"`
	OFV       int      `yaml:"ofv"`
	DFV       int      `yaml:"dfv"`
	Slots     int      `yaml:"slots"`
	Extra     bool     `yaml:"extra"`
	Token     bool     `yaml:"token"`
	Abilities []string `yaml:"abilities"`
}

// buildPool makes the pool of the cards that engine/cardpool merged, in
// their order, and points summon effects at their tokens. Definition 0 is
// never used, so that 0 can mean "no card".
func buildPool(cards []cardpool.Card[yamlCard], _ []cardpool.File) (*pool, engine.Problems) {
	b := poolBuilder{p: &pool{byName: map[string]int16{}}}
	b.p.defs = append(b.p.defs, cardDef{name: "(none)"})
	b.origins = []cardpool.Card[yamlCard]{{}}
	for _, c := range cards {
		d, ps := buildDef(c.File, c.At, c.Entry)
		if len(ps) > 0 {
			b.probs = append(b.probs, ps...)
			continue
		}
		d.file, d.line = c.File.Name, c.Line()
		b.p.byName[strings.ToLower(d.name)] = int16(len(b.p.defs))
		b.p.defs = append(b.p.defs, d)
		b.origins = append(b.origins, c)
	}
	b.resolveSummons()
	if len(b.p.defs) > 511 {
		b.probs = append(b.probs, engine.Problem{Msg: fmt.Sprintf("%d cards; the pool holds at most 510", len(b.p.defs)-1), Fix: "remove cards"})
	}
	return b.p, b.probs
}

// poolBuilder collects definitions with where they were written.
type poolBuilder struct {
	p       *pool
	origins []cardpool.Card[yamlCard] // per definition
	probs   engine.Problems
}

// resolveSummons points summon effects at their token cards, which must
// exist and be tokens (AT-10.U7).
func (b *poolBuilder) resolveSummons() {
	for i := range b.p.defs {
		d := &b.p.defs[i]
		for j := range d.abil {
			a := &d.abil[j]
			k := 0
			for e := range a.eff {
				if a.eff[e].op != opSummon {
					continue
				}
				name := a.refs[k]
				k++
				if id, ok := b.summonable(i, j, name); ok {
					a.eff[e].ref = id
				}
			}
		}
	}
}

// summonable looks up the token that ability j of definition i summons.
func (b *poolBuilder) summonable(i, j int, name string) (int16, bool) {
	o, d := b.origins[i], &b.p.defs[i]
	at := fmt.Sprintf("abilities[%d]", j)
	id, ok := b.p.def(name)
	switch {
	case !ok:
		b.probs = append(b.probs, o.Problem(at, d.name, fmt.Sprintf("summons %q, which is no card", name), "define the token card or fix the name"))
	case !b.p.defs[id].token:
		b.probs = append(b.probs, o.Problem(at, d.name, fmt.Sprintf("summons %q, which is not a token", name), "add `token: true` to that card"))
	default:
		return id, true
	}
	return 0, false
}

// buildDef reads the card yc at path at of file yf, with every problem it has.
func buildDef(yf *engine.YAMLFile, at string, yc yamlCard) (cardDef, engine.Problems) {
	cc := &cardChecker{EntryProblems: engine.EntryProblems{File: yf, At: at, Subject: yc.Name}}
	d := &cc.d
	*d = cardDef{name: strings.TrimSpace(yc.Name), faction: -1, subs: yc.Subtypes, extra: yc.Extra, token: yc.Token}
	if d.token && yc.Type != "character" {
		cc.Add("token", "only characters can be tokens (AT-10.U7)", "remove token or make it a character")
	}
	if d.name == "" {
		cc.Add("", "the card has no name", "add `name: ...`")
	}
	cc.kind(yc.Type)
	cc.faction(yc.Faction)
	cc.numbers(yc)
	for j, line := range yc.Abilities {
		cc.ability(fmt.Sprintf("abilities[%d]", j), line)
	}
	if d.objective && (d.typ != tCharacter || d.vp == 0) {
		cc.Add("abilities", "an Objective ability needs a character with a VP field (AT-6.5)", "add `vp: N` or use another ability kind")
	}
	if len(d.abil) > 8 {
		cc.Add("abilities", "a card has at most 8 abilities", "split the card")
	}
	return *d, cc.List
}

// cardChecker reads one card of a card file into d, collecting its problems.
type cardChecker struct {
	engine.EntryProblems
	d cardDef
}

// kind reads the card's type: character, item or location.
func (cc *cardChecker) kind(written string) {
	switch written {
	case "character":
		cc.d.typ = tCharacter
	case "item":
		cc.d.typ = tItem
	case "location":
		cc.d.typ = tLocation
	default:
		cc.Add("type", fmt.Sprintf("unknown card type %q", written), "write character, item or location")
	}
}

// faction reads the card's faction; a card without one is factionless.
func (cc *cardChecker) faction(written string) {
	if written == "" {
		return
	}
	f := slices.Index(factionNames[:3], written)
	if f < 0 {
		cc.Add("faction", fmt.Sprintf("unknown faction %q", written), "write ember, tide or grove, or leave it out for a factionless card")
	}
	cc.d.faction = int8(f)
}

// numbers reads the card's cost, VP, OFV, DFV and item slots, each within
// its range and on the kinds of card that have it.
func (cc *cardChecker) numbers(yc yamlCard) {
	d := &cc.d
	if yc.Cost != nil {
		if *yc.Cost < 0 || *yc.Cost > 9 {
			cc.Add("cost", fmt.Sprintf("cost %d is out of range 0..9", *yc.Cost), "write a cost from 0 to 9, or leave it out for a free card")
		}
		d.hasCost, d.cost = true, int8(*yc.Cost)
	}
	rng := func(field string, v, hi int) int8 {
		if v < 0 || v > hi {
			cc.Add(field, fmt.Sprintf("%s %d is out of range 0..%d", field, v, hi), fmt.Sprintf("write a %s from 0 to %d", field, hi))
		}
		return int8(v)
	}
	d.vp = rng("vp", yc.VP, 20)
	d.ofv = rng("ofv", yc.OFV, 20)
	d.dfv = rng("dfv", yc.DFV, 20)
	d.slots = rng("slots", yc.Slots, 5)
	if d.typ != tCharacter && (yc.OFV != 0 || yc.DFV != 0) {
		cc.Add("ofv", "only characters have OFV and DFV", "remove ofv and dfv from this "+typeNames[d.typ])
	}
	if d.typ == tItem && yc.VP != 0 {
		cc.Add("vp", "an item cannot hold VP here: it could not be a start card (AT-10.9)", "remove vp")
	}
	if d.typ == tItem && yc.Slots != 0 {
		cc.Add("slots", "an item has no item slots", "remove slots")
	}
	if d.typ == tCharacter && yc.DFV == 0 {
		cc.Add("dfv", "a character needs a DFV of at least 1", "add `dfv: N`")
	}
}

// ability reads one ability line at field, and notes what the card then
// does: activate, support, hold statics, trigger, score an objective.
func (cc *cardChecker) ability(field, line string) {
	d := &cc.d
	a, err := parseAbility(line)
	if err == nil {
		err = checkAbility(d.typ, a)
	}
	if err != nil {
		cc.Add(field, fmt.Sprintf("ability %q: %v", line, err), "write KIND [(TRIGGER)] [{COST}...]: EFFECT[, EFFECT]; see cards/schema.json")
		return
	}
	d.abil = append(d.abil, a)
	d.activ = d.activ || a.activatable()
	d.support = d.support || a.kind == akSupport
	switch a.kind {
	case akStatic:
		d.statics = true
	case akTriggered:
		d.trig |= 1 << a.trig
	case akObjective:
		d.objective = true
		if a.trig != trNone {
			d.trig |= 1 << a.trig
		}
	}
}

// def looks a card up by name, case-insensitively.
func (p *pool) def(name string) (int16, bool) {
	i, ok := p.byName[strings.ToLower(strings.TrimSpace(name))]
	return i, ok
}

// Validating decks (AT-8).
