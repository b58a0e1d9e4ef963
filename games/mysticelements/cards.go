package mysticelements

import (
	"fmt"
	"slices"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
	"kartenwerk/engine/i18n"
)

// The card pool is data: YAML files under cards/, each of one colour,
// loaded by engine/cardpool (withcards.go). Abilities are one line each in
// a small language (see parseAbility); the rules text players read is
// generated from the parsed form.

// Colours of the pool, in the order used by energy counters and actions.
var colourNames = []string{"red", "yellow", "blue", "green", "black", "white", "purple", "brown"}

const nColours = 8

func colourIndex(name string) int {
	for i, c := range colourNames {
		if c == name {
			return i
		}
	}
	return -1
}

type kind uint8

const (
	kUnit kind = iota
	kCharm
	kWonder
	kRelic
)

var kindNames = []string{"unit", "charm", "wonder", "relic"}

// Keywords as bits.
const (
	kwQuick uint8 = 1 << iota
	kwGuard
	kwFlying
	kwRanged
)

var keywordNames = [...]string{"quick", "guard", "flying", "ranged"}

// Ability triggers.
type trigger uint8

const (
	trPlay  trigger = iota // when the card is played (deployed, attached, cast)
	trUse                  // UŽIJ: exhaust this ready card (ME-5.2, ME-6.5)
	trPay                  // pay energy, usable repeatedly, even while exhausted (ME-5.2)
	trStart                // at the start of its controller's turn (ME-4.1)
)

// Effect kinds (ME-10.U1).
type effKind uint8

const (
	eDamage effKind = iota
	eHeal
	eExhaust
	ePrepare
	ePromote
	eDemote
	eDestroy
	eDiscard
	eSteal
	eDraw
	eLimit
	ePlunder
)

var effNames = []string{"damage", "heal", "exhaust", "prepare", "promote", "demote", "destroy", "discard", "steal", "draw", "limit", "plunder"}

// What an effect may apply to.
const (
	onUnit   uint8 = 1 << iota // units in the battle
	onRelic                    // relics in the battle
	onPlayer                   // players
)

// effAccepts says which things each effect kind can act on.
var effAccepts = [...]uint8{
	eDamage:  onUnit | onPlayer,
	eHeal:    onUnit | onPlayer,
	eExhaust: onUnit | onRelic,
	ePrepare: onUnit | onRelic,
	ePromote: onUnit,
	eDemote:  onUnit,
	eDestroy: onUnit | onRelic,
	eDiscard: onPlayer,
	eSteal:   onUnit | onRelic,
	eDraw:    onPlayer,
	eLimit:   onPlayer,
	ePlunder: onPlayer,
}

// Sides of a target filter.
const (
	sideAny uint8 = iota
	sideEnemy
	sideOwn
)

// filter selects things: which kinds (onUnit...), whose, which colour.
type filter struct {
	What   uint8
	Side   uint8
	Colour int8 // -1: any colour
	Non    bool // "non-blue": every colour but Colour
	Other  bool // not the source card itself
}

// Who an effect applies to.
type who uint8

const (
	wTarget who = iota // the ability's chosen target
	wSelf              // the card itself
	wHost              // the unit a charm is attached to
	wYou               // the ability's controller
	wOpponent
	wEach // every thing matching the effect's filter
)

type effect struct {
	Kind effKind
	N    int8 // amount; 0 for heal means "all damage"
	Who  who
	Each filter // for wEach
}

type ability struct {
	Trig    trigger
	PayCol  int8 // trPay: energy of the card's colour
	PayAny  int8 // trPay: energy of any colour
	Target  filter
	Chooses bool // the ability has a chosen target
	Effects []effect
	Text    string
}

// namesColour reports whether the ability names a colour (ME-9b.1).
func (a *ability) namesColour() bool {
	if a.Chooses && a.Target.Colour >= 0 {
		return true
	}
	for _, e := range a.Effects {
		if e.Who == wEach && e.Each.Colour >= 0 {
			return true
		}
	}
	return false
}

// cardDef is one card of the pool, shared read-only by all states.
type cardDef struct {
	Name     string
	Colour   int8
	Kind     kind
	Cost     int8 // symbols of the card's colour
	Any      int8 // symbols of any energy
	Power    int8 // unit: printed; charm: bonus to the host
	Health   int8
	Keywords uint8 // unit: printed; charm: granted to the host
	Limit    int8  // card limit change while in the battle
	Attach   filter
	Abil     []ability
	at       [4]int8 // index in Abil of the ability with each trigger, or -1
	Text     string
	File     string
	Line     int
}

func (d *cardDef) ability(t trigger) int { return int(d.at[t]) }

// index fills at from Abil.
func (d *cardDef) index() {
	d.at = [4]int8{-1, -1, -1, -1}
	for i := range d.Abil {
		d.at[d.Abil[i].Trig] = int8(i)
	}
}

// --- YAML form --------------------------------------------------------------

type yamlFile struct {
	Colour   string     `yaml:"colour"`
	Identity string     `yaml:"identity"`
	Cards    []yamlCard `yaml:"cards"`
}

type yamlCard struct {
	Name      string   `yaml:"name"`
	Type      string   `yaml:"type"`
	Cost      int      `yaml:"cost"`
	Any       int      `yaml:"any"`
	Power     int      `yaml:"power"`
	Health    int      `yaml:"health"`
	Keywords  []string `yaml:"keywords"`
	Limit     int      `yaml:"limit"`
	Attach    string   `yaml:"attach"`
	Abilities []string `yaml:"abilities"`
}

// pool is a loaded card pool.
type pool struct {
	defs     []cardDef
	byName   map[string]int16 // lower-case name
	exact    map[string]int16 // name as printed
	byColour [nColours][]int16
	identity [nColours]string
	// listed is each def's index in Cards(), which lists by colour.
	listed []int16
}

// colourCard is a card entry with what its file says for all its cards.
type colourCard struct {
	yamlCard
	colour   int8
	identity string
}

// fileCards lists a file's cards with the file's colour, which must be
// one of the eight.
func fileCards(f *engine.YAMLFile, yf *yamlFile) ([]colourCard, engine.Problems) {
	col := colourIndex(yf.Colour)
	if yf.Colour == "" {
		return nil, engine.Problems{{File: f.Name, Line: 1, Msg: "the file names no colour", Fix: "begin it with `colour: ` and one of " + strings.Join(colourNames, ", ")}}
	}
	if col < 0 {
		return nil, engine.Problems{f.Problem("$.colour", yf.Colour, "unknown colour", "use one of "+strings.Join(colourNames, ", "))}
	}
	out := make([]colourCard, len(yf.Cards))
	for i, yc := range yf.Cards {
		out[i] = colourCard{yc, int8(col), yf.Identity}
	}
	return out, nil
}

// buildPool builds the cards into a pool: every colour must have its 15
// cards (ME-1.1). A colour's identity is the one its newest file gives.
func buildPool(cards []cardpool.Card[colourCard], _ []cardpool.File) (*pool, engine.Problems) {
	p := &pool{byName: map[string]int16{}, exact: map[string]int16{}}
	var probs engine.Problems
	var colourFile [nColours]string
	identityLayer := [nColours]int{-1, -1, -1, -1, -1, -1, -1, -1}
	for _, c := range cards {
		col := int(c.Entry.colour)
		if colourFile[col] == "" {
			colourFile[col] = c.File.Name
		}
		if c.Entry.identity != "" && c.Layer > identityLayer[col] {
			p.identity[col], identityLayer[col] = c.Entry.identity, c.Layer
		}
		d, ps := buildCard(c.File, c.At, col, c.Entry.yamlCard)
		if len(ps) > 0 {
			probs = append(probs, ps...)
			continue
		}
		p.byName[strings.ToLower(d.Name)] = int16(len(p.defs))
		p.exact[d.Name] = int16(len(p.defs))
		p.byColour[col] = append(p.byColour[col], int16(len(p.defs)))
		p.defs = append(p.defs, d)
	}
	for c := 0; c < nColours && len(probs) == 0; c++ {
		if n := len(p.byColour[c]); n != 15 {
			probs = append(probs, engine.Problem{File: colourFile[c], Subject: colourNames[c],
				Msg: fmt.Sprintf("colour has %d cards, the game needs 15 (ME-1.1)", n), Fix: "add or remove cards"})
		}
	}
	if len(probs) > 0 {
		return nil, probs
	}
	p.listed = make([]int16, len(p.defs))
	n := int16(0)
	for c := range p.byColour {
		for _, id := range p.byColour[c] {
			p.listed[id] = n
			n++
		}
	}
	return p, nil
}

// lookup finds a card by name, ignoring case.
func (p *pool) lookup(name string) (int16, bool) {
	if id, ok := p.exact[name]; ok {
		return id, true
	}
	id, ok := p.byName[strings.ToLower(strings.TrimSpace(name))]
	return id, ok
}

// buildCard reads the card yc of colour col at path at of file f, with
// every problem it has.
func buildCard(f *engine.YAMLFile, at string, col int, yc yamlCard) (cardDef, engine.Problems) {
	cc := &cardChecker{EntryProblems: engine.EntryProblems{File: f, At: at, Subject: yc.Name},
		d: cardDef{Name: yc.Name, Colour: int8(col), Cost: int8(yc.Cost), Any: int8(yc.Any),
			Power: int8(yc.Power), Health: int8(yc.Health), Limit: int8(yc.Limit), File: f.Name, Line: f.Line(at + ".name"),
			Attach: filter{Colour: -1}}}
	if strings.TrimSpace(yc.Name) == "" {
		cc.Add("name", "card has no name", "add `name: ...`")
	}
	if !cc.kind(yc.Type) {
		return cc.d, cc.List
	}
	cc.cost(yc)
	cc.keywords(yc.Keywords)
	cc.body(yc)
	for i, line := range yc.Abilities {
		cc.ability(fmt.Sprintf("abilities[%d]", i), line)
	}
	cc.d.index()
	if cc.d.Kind == kWonder && len(cc.d.Abil) == 0 {
		cc.Add("abilities", "a wonder needs a `play:` ability", "add one")
	}
	cc.d.Text = cardText(i18n.EN, &cc.d)
	return cc.d, cc.List
}

// cardChecker reads one card of a card file into d, collecting its problems.
type cardChecker struct {
	engine.EntryProblems
	d cardDef
}

// kind reads the card's type, and reports whether it is one.
func (cc *cardChecker) kind(written string) bool {
	k := slices.Index(kindNames, written)
	if k < 0 {
		cc.Add("type", fmt.Sprintf("unknown type %q", written), "use unit, charm, wonder or relic")
		return false
	}
	cc.d.Kind = kind(k)
	return true
}

// cost checks the card's cost: 0 to 9 symbols, nothing for relics only.
func (cc *cardChecker) cost(yc yamlCard) {
	if yc.Cost+yc.Any > 9 || yc.Cost < 0 || yc.Any < 0 {
		cc.Add("cost", "cost out of range", "costs are 0..9 symbols")
	}
	if yc.Cost+yc.Any == 0 && cc.d.Kind != kRelic {
		cc.Add("cost", "only relics may cost nothing", "give the card a cost")
	}
}

// keywords reads the card's keywords.
func (cc *cardChecker) keywords(written []string) {
	for _, kw := range written {
		i := slices.Index(keywordNames[:], kw)
		if i < 0 {
			cc.Add("keywords", fmt.Sprintf("unknown keyword %q", kw), "use quick, guard, flying or ranged")
			continue
		}
		cc.d.Keywords |= 1 << i
	}
}

// body checks what the card's kind asks: a unit's power and health, a
// charm's `attach:`; other kinds have neither, nor keywords.
func (cc *cardChecker) body(yc yamlCard) {
	switch cc.d.Kind {
	case kUnit:
		if yc.Health < 1 || yc.Power < 0 {
			cc.Add("health", fmt.Sprintf("a unit needs health >= 1 and power >= 0 (has %d/%d)", yc.Power, yc.Health), "set power and health")
		}
	case kCharm:
		fl, err := parseFilter(strings.Fields(yc.Attach), onUnit)
		switch {
		case yc.Attach == "":
			cc.Add("attach", "charm needs `attach:` naming what it is played on", "e.g. `attach: enemy unit`")
		case err != nil:
			cc.Add("attach", fmt.Sprintf("attach %q: %v", yc.Attach, err), "e.g. `attach: enemy unit`")
		}
		cc.d.Attach = fl
	default:
		if yc.Power != 0 || yc.Health != 0 || len(yc.Keywords) > 0 {
			cc.Add("power", "only units and charms have power, health or keywords", "remove them")
		}
	}
	if cc.d.Kind != kCharm && yc.Attach != "" {
		cc.Add("attach", "only charms attach", "remove `attach`")
	}
}

// ability reads one ability line at field and adds it to the card, if
// the card's kind may have it and it has none of its trigger yet.
func (cc *cardChecker) ability(field, line string) {
	d := &cc.d
	a, err := parseAbility(line, d.Kind)
	if err != nil {
		cc.Add(field, fmt.Sprintf("ability %q: %v", line, err), abilityHelp)
		return
	}
	d.index()
	switch {
	case (a.Trig == trUse || a.Trig == trStart) && (d.Kind == kWonder || d.Kind == kCharm):
		cc.Add(field, "only units and relics in the battle have use/start abilities", "use `play:`")
	case d.Kind == kCharm && a.Chooses:
		cc.Add(field, "a charm chooses only the unit it is played on", "name `host`, `you`, `opponent` or `each ...` instead")
	case a.Trig == trPay && d.Kind == kWonder:
		cc.Add(field, "a wonder has no activated abilities", "use `play:`")
	case d.ability(a.Trig) >= 0:
		cc.Add(field, "a card has at most one ability per trigger", "join the effects with `;`")
	default:
		d.Abil = append(d.Abil, a)
	}
}
