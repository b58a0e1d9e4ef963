package zynalith

import (
	"fmt"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
)

// kind is a card type (ZY-2.8 to ZY-2.11).
type kind uint8

const (
	kCreature kind = iota
	kProperty
	kSpell
	kEquipment
	kCounter
	kEvent
)

var kindNames = []string{"creature", "property", "spell", "equipment", "counter", "event"}

// stack is one of the two shared stacks (ZY-2.5).
type stackID uint8

const (
	stCreatures stackID = iota
	stExtras
)

var stackNames = []string{"creatures", "extras"}

// trigger is a trigger-timing keyword (ZY-6.1 to ZY-6.11).
type trigger uint8

const (
	trSofort trigger = iota
	trKampf
	trSpielende
	trTod
	trTrauer
	trEvent
	trZauber
	trAusruestung
	trEigenschaft
	trGier
	trVerteidigung
	numTriggers
)

var triggerNames = []string{"Sofort", "Kampf", "Spielende", "Tod", "Trauer", "Event", "Zauber", "Ausrüstung", "Eigenschaft", "Gier", "Verteidigung"}

// Effect keywords (ZY-6.12 to ZY-6.14), kept as bits.
const (
	kwSturmangriff uint8 = 1 << iota
	kwBlutsaugen
	kwDurchschlag
)

var keywordNames = []string{"Sturmangriff", "Blutsaugen", "Durchschlag"}

// effect is one kind of thing an ability does (ZY-10.U3).
type effect uint8

const (
	eDamage effect = iota
	eHeal
	eSilver
	eZynalith
	eVP
	eAtk
	eDef
	eInit
	eHP
	eDestroy
	eDraw
	eCancel
	eLifesteal
)

var effectNames = []string{"damage", "heal", "silver", "zynalith", "vp", "atk", "def", "init", "hp", "destroy", "draw", "cancel", "lifesteal"}

// target says whom an ability affects.
type target uint8

const (
	tSelf target = iota
	tOwner
	tOpponents
	tPlayers
	tOwnCreatures
	tEnemyCreatures
	tCreatures
	tLine
	tPlayed
	tPlayedOwner
)

var targetNames = []string{"self", "owner", "opponents", "players", "own-creatures", "enemy-creatures", "creatures", "line", "played", "played-owner"}

func (t target) players() bool {
	return t == tOwner || t == tOpponents || t == tPlayers || t == tPlayedOwner
}

// ability is one line of card text: "Trigger: effect [N] target".
type ability struct {
	When   trigger
	Effect effect
	N      int8
	Target target
}

// cardDef is a card as the engine uses it; instances index a shared table.
type cardDef struct {
	Name     string
	Kind     kind
	Stack    stackID
	Silver   int8
	Zyn      int8
	Init     int8
	Atk      int8
	Def      int8
	HP       int8
	VP       int8
	Keywords uint8
	// CopyLeft: the creature's ATK/DEF/HP are those printed on the
	// creature to its left in the row (ZY-9.1, Gesichtsloser Krieger).
	CopyLeft bool
	// Enemy: the extra attaches to an opposing creature (ZY-5.10).
	Enemy     bool
	Abilities []ability
	// Triggers has bit t set when some ability fires on trigger t.
	Triggers uint16
	// NeedsPlayed: a counter that refers to a played card, so it can
	// only be played against one (ZY-5.9).
	NeedsPlayed bool
}

func (d *cardDef) has(t trigger) bool { return d.Triggers&(1<<t) != 0 }

// greedy reports whether acquiring the card fires Gier (ZY-6.10).
func (d *cardDef) greedy() bool { return d.Silver >= 12 || d.Zyn >= 4 }

// yamlCard is one entry of a card file.
type yamlCard struct {
	Name      string   `yaml:"name"`
	Kind      string   `yaml:"kind"`
	Stack     string   `yaml:"stack"`
	Cost      int      `yaml:"cost"`
	Zynalith  int      `yaml:"zynalith"`
	Init      int      `yaml:"init"`
	Atk       int      `yaml:"atk"`
	Def       int      `yaml:"def"`
	HP        int      `yaml:"hp"`
	VP        int      `yaml:"vp"`
	Keywords  []string `yaml:"keywords"`
	Copy      string   `yaml:"copy"`
	Attach    string   `yaml:"attach"`
	Abilities []string `yaml:"abilities"`
}

// pool is the card-definition table, shared read-only by every state.
type pool struct {
	defs []cardDef
	// trig has bit t set when some card of the pool fires on trigger t.
	trig uint16
	// minCounter is the lowest Silver cost of a counter.
	minCounter int8
	byName     map[string]int16
	// standard is the preset "Standard": the stacks of a setup that names
	// none.
	standard stackList
}

func (p *pool) lookup(name string) (int16, bool) {
	i, ok := p.byName[strings.ToLower(strings.TrimSpace(name))]
	return i, ok
}

// buildPool checks each card that engine/cardpool merged and makes the
// pool of them, in their order.
func buildPool(cards []cardpool.Card[yamlCard], _ []cardpool.File) (*pool, engine.Problems) {
	p := &pool{byName: map[string]int16{}}
	var problems engine.Problems
	for _, c := range cards {
		d, ps := convertCard(c.File, c.At, c.Entry)
		problems = append(problems, ps...)
		if len(ps) == 0 {
			p.byName[strings.ToLower(strings.TrimSpace(d.Name))] = int16(len(p.defs))
			p.defs = append(p.defs, d)
		}
	}
	p.summarize()
	return p, problems
}

// summarize notes what the rules look up often: the triggers some card
// fires on, and the cheapest counter.
func (p *pool) summarize() {
	p.trig, p.minCounter = 0, 0
	first := true
	for i := range p.defs {
		d := &p.defs[i]
		p.trig |= d.Triggers
		if d.Kind == kCounter && (first || d.Silver < p.minCounter) {
			p.minCounter, first = d.Silver, false
		}
	}
}

// convertCard reads the card c at path of file yf, with every problem it has.
func convertCard(yf *engine.YAMLFile, path string, c yamlCard) (cardDef, []engine.Problem) {
	cc := &cardChecker{EntryProblems: engine.EntryProblems{File: yf, At: path, Subject: c.Name}, d: cardDef{Name: c.Name}}
	if strings.TrimSpace(c.Name) == "" {
		cc.Subject = "(no name)"
		cc.Add("", "the card has no name", "add `name: ...`")
	}
	if !cc.kind(c.Kind) {
		return cc.d, cc.List
	}
	cc.stack(c.Stack)
	cc.numbers(c)
	cc.keywords(c.Keywords)
	cc.rules(c)
	for i, line := range c.Abilities {
		cc.ability(fmt.Sprintf("abilities[%d]", i), line)
	}
	if cc.d.Kind == kEvent && len(cc.d.Abilities) == 0 {
		cc.Add("", "an event does nothing", `add an ability such as "Sofort: silver 3 players"`)
	}
	return cc.d, cc.List
}

// cardChecker reads one card of a card file into d, collecting its problems.
type cardChecker struct {
	engine.EntryProblems
	d cardDef
}

// kind reads the card's kind, and reports whether it is one.
func (cc *cardChecker) kind(written string) bool {
	k := engine.IndexFold(kindNames, written)
	if k < 0 {
		cc.Add("kind", fmt.Sprintf("unknown kind %q", written), "use one of "+strings.Join(kindNames, ", "))
		return false
	}
	cc.d.Kind = kind(k)
	return true
}

// stack sets the stack the card is drawn from: the kind's, or an event's own.
func (cc *cardChecker) stack(written string) {
	d := &cc.d
	switch {
	case d.Kind == kCreature:
		d.Stack = stCreatures
	case d.Kind == kEvent:
		st := engine.IndexFold(stackNames, written)
		if st < 0 {
			cc.Add("stack", fmt.Sprintf("an event needs its stack, got %q", written), "write `stack: creatures` or `stack: extras`")
		}
		d.Stack = stackID(max(st, 0))
	default:
		d.Stack = stExtras
	}
	if written != "" && d.Kind != kEvent {
		cc.Add("stack", "only events name their stack", "remove `stack:`; the kind decides it")
	}
}

// numbers reads the card's costs and stats, each within its range.
func (cc *cardChecker) numbers(c yamlCard) {
	d := &cc.d
	for _, n := range []struct {
		field     string
		v, lo, hi int
	}{{"cost", c.Cost, 0, 30}, {"zynalith", c.Zynalith, 0, 10}, {"init", c.Init, -5, 10}, {"atk", c.Atk, -5, 20},
		{"def", c.Def, -5, 20}, {"hp", c.HP, -5, 30}, {"vp", c.VP, -5, 10}} {
		if n.v < n.lo || n.v > n.hi {
			cc.Add(n.field, fmt.Sprintf("%s %d is out of range", n.field, n.v), fmt.Sprintf("use %d to %d", n.lo, n.hi))
		}
	}
	d.Silver, d.Zyn, d.Init, d.Atk, d.Def, d.HP, d.VP = int8(c.Cost), int8(c.Zynalith), int8(c.Init), int8(c.Atk), int8(c.Def), int8(c.HP), int8(c.VP)
	if d.Kind == kCreature && c.HP < 1 && c.Copy == "" {
		cc.Add("hp", "a creature needs at least 1 HP", "set `hp:` to 1 or more")
	}
	if d.Kind == kEvent && (c.Cost != 0 || c.Zynalith != 0) {
		cc.Add("cost", "an event is never bought, so it has no cost", "remove `cost:` and `zynalith:`")
	}
}

// keywords reads the card's effect keywords, which only cards that stay
// on the table carry.
func (cc *cardChecker) keywords(written []string) {
	d := &cc.d
	for i, kw := range written {
		j := engine.IndexFold(keywordNames, kw)
		if j < 0 {
			cc.Add(fmt.Sprintf("keywords[%d]", i), fmt.Sprintf("unknown keyword %q", kw), "use one of "+strings.Join(keywordNames, ", "))
			continue
		}
		d.Keywords |= 1 << j
	}
	if d.Keywords != 0 && (d.Kind == kEvent || d.Kind == kCounter || d.Kind == kSpell) {
		cc.Add("keywords", "only creatures and the extras that stay on them carry effect keywords", "move the keyword to a creature, property or equipment")
	}
}

// rules reads the copy and attach rules, and refuses stats on a card that
// does not stay on a creature.
func (cc *cardChecker) rules(c yamlCard) {
	d := &cc.d
	switch c.Copy {
	case "":
	case "left":
		d.CopyLeft = true
		if d.Kind != kCreature {
			cc.Add("copy", "only a creature can copy another", "remove `copy:`")
		}
	default:
		cc.Add("copy", fmt.Sprintf("unknown copy rule %q", c.Copy), "write `copy: left` or leave it out")
	}
	switch c.Attach {
	case "", "own":
	case "enemy":
		d.Enemy = true
	default:
		cc.Add("attach", fmt.Sprintf("unknown attach rule %q", c.Attach), "write `attach: own` or `attach: enemy`")
	}
	if c.Attach != "" && d.Kind != kProperty && d.Kind != kSpell && d.Kind != kEquipment {
		cc.Add("attach", "only properties, spells and equipment attach to creatures", "remove `attach:`")
	}
	if d.Kind != kCreature && d.Kind != kProperty && d.Kind != kEquipment && (c.Atk != 0 || c.Def != 0 || c.Init != 0 || c.HP != 0) {
		cc.Add("", "only creatures and the extras that stay on them have stats", "use an ability such as `Sofort: atk 1 self` instead")
	}
}

// ability reads one ability line at field and adds it to the card.
func (cc *cardChecker) ability(field, line string) {
	d := &cc.d
	a, err := parseAbility(line)
	if err != nil {
		cc.Add(field, err.Error(), `write "Trigger: effect N target", e.g. "Sofort: damage 2 opponents"`)
		return
	}
	if msg, fix := checkAbility(d, a); msg != "" {
		cc.Add(field, msg, fix)
		return
	}
	d.Abilities = append(d.Abilities, a)
	d.Triggers |= 1 << a.When
	d.NeedsPlayed = d.NeedsPlayed || a.Target == tPlayed || a.Target == tPlayedOwner
}
