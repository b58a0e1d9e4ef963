package zynalith

import (
	"fmt"
	"strconv"
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

// effectDoc says what each effect does, for generated card text.
var effectDoc = []string{
	"deal N damage to", "heal N HP of", "N Silver for", "N Zynalith for", "N VP for",
	"ATK N for", "DEF N for", "INIT N for", "HP N for", "destroy", "draw N card(s) blind for",
	"cancel", "lifesteal for",
}

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

type yamlFile struct {
	Cards []yamlCard `yaml:"cards"`
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

func indexOf(list []string, word string) int {
	for i, w := range list {
		if strings.EqualFold(w, word) {
			return i
		}
	}
	return -1
}

func inRange(yf *engine.YAMLFile, path, card, field string, v, lo, hi int) []engine.Problem {
	if v < lo || v > hi {
		return []engine.Problem{yf.Problem(path+"."+field, card, fmt.Sprintf("%s %d is out of range", field, v), fmt.Sprintf("use %d to %d", lo, hi))}
	}
	return nil
}

func convertCard(yf *engine.YAMLFile, path string, c yamlCard) (cardDef, []engine.Problem) {
	var ps []engine.Problem
	subj := c.Name
	if strings.TrimSpace(c.Name) == "" {
		ps = append(ps, yf.Problem(path, "(no name)", "the card has no name", "add `name: ...`"))
		subj = "(no name)"
	}
	d := cardDef{Name: c.Name}
	k := indexOf(kindNames, c.Kind)
	if k < 0 {
		ps = append(ps, yf.Problem(path+".kind", subj, fmt.Sprintf("unknown kind %q", c.Kind), "use one of "+strings.Join(kindNames, ", ")))
		return d, ps
	}
	d.Kind = kind(k)
	switch {
	case d.Kind == kCreature:
		d.Stack = stCreatures
	case d.Kind == kEvent:
		st := indexOf(stackNames, c.Stack)
		if st < 0 {
			ps = append(ps, yf.Problem(path+".stack", subj, fmt.Sprintf("an event needs its stack, got %q", c.Stack), "write `stack: creatures` or `stack: extras`"))
		}
		d.Stack = stackID(max(st, 0))
	default:
		d.Stack = stExtras
	}
	if c.Stack != "" && d.Kind != kEvent {
		ps = append(ps, yf.Problem(path+".stack", subj, "only events name their stack", "remove `stack:`; the kind decides it"))
	}
	ps = append(ps, inRange(yf, path, subj, "cost", c.Cost, 0, 30)...)
	ps = append(ps, inRange(yf, path, subj, "zynalith", c.Zynalith, 0, 10)...)
	ps = append(ps, inRange(yf, path, subj, "init", c.Init, -5, 10)...)
	ps = append(ps, inRange(yf, path, subj, "atk", c.Atk, -5, 20)...)
	ps = append(ps, inRange(yf, path, subj, "def", c.Def, -5, 20)...)
	ps = append(ps, inRange(yf, path, subj, "hp", c.HP, -5, 30)...)
	ps = append(ps, inRange(yf, path, subj, "vp", c.VP, -5, 10)...)
	d.Silver, d.Zyn, d.Init, d.Atk, d.Def, d.HP, d.VP = int8(c.Cost), int8(c.Zynalith), int8(c.Init), int8(c.Atk), int8(c.Def), int8(c.HP), int8(c.VP)
	if d.Kind == kCreature && c.HP < 1 && c.Copy == "" {
		ps = append(ps, yf.Problem(path+".hp", subj, "a creature needs at least 1 HP", "set `hp:` to 1 or more"))
	}
	if d.Kind == kEvent && (c.Cost != 0 || c.Zynalith != 0) {
		ps = append(ps, yf.Problem(path+".cost", subj, "an event is never bought, so it has no cost", "remove `cost:` and `zynalith:`"))
	}
	for i, kw := range c.Keywords {
		j := indexOf(keywordNames, kw)
		if j < 0 {
			ps = append(ps, yf.Problem(fmt.Sprintf("%s.keywords[%d]", path, i), subj, fmt.Sprintf("unknown keyword %q", kw), "use one of "+strings.Join(keywordNames, ", ")))
			continue
		}
		d.Keywords |= 1 << j
	}
	if d.Keywords != 0 && (d.Kind == kEvent || d.Kind == kCounter || d.Kind == kSpell) {
		ps = append(ps, yf.Problem(path+".keywords", subj, "only creatures and the extras that stay on them carry effect keywords", "move the keyword to a creature, property or equipment"))
	}
	switch c.Copy {
	case "":
	case "left":
		d.CopyLeft = true
		if d.Kind != kCreature {
			ps = append(ps, yf.Problem(path+".copy", subj, "only a creature can copy another", "remove `copy:`"))
		}
	default:
		ps = append(ps, yf.Problem(path+".copy", subj, fmt.Sprintf("unknown copy rule %q", c.Copy), "write `copy: left` or leave it out"))
	}
	switch c.Attach {
	case "", "own":
	case "enemy":
		d.Enemy = true
	default:
		ps = append(ps, yf.Problem(path+".attach", subj, fmt.Sprintf("unknown attach rule %q", c.Attach), "write `attach: own` or `attach: enemy`"))
	}
	if c.Attach != "" && d.Kind != kProperty && d.Kind != kSpell && d.Kind != kEquipment {
		ps = append(ps, yf.Problem(path+".attach", subj, "only properties, spells and equipment attach to creatures", "remove `attach:`"))
	}
	if d.Kind != kCreature && d.Kind != kProperty && d.Kind != kEquipment && (c.Atk != 0 || c.Def != 0 || c.Init != 0 || c.HP != 0) {
		ps = append(ps, yf.Problem(path, subj, "only creatures and the extras that stay on them have stats", "use an ability such as `Sofort: atk 1 self` instead"))
	}
	for i, line := range c.Abilities {
		ap := fmt.Sprintf("%s.abilities[%d]", path, i)
		a, err := parseAbility(line)
		if err != nil {
			ps = append(ps, yf.Problem(ap, subj, err.Error(), `write "Trigger: effect N target", e.g. "Sofort: damage 2 opponents"`))
			continue
		}
		if msg, fix := checkAbility(&d, a); msg != "" {
			ps = append(ps, yf.Problem(ap, subj, msg, fix))
			continue
		}
		d.Abilities = append(d.Abilities, a)
		d.Triggers |= 1 << a.When
		d.NeedsPlayed = d.NeedsPlayed || a.Target == tPlayed || a.Target == tPlayedOwner
	}
	if d.Kind == kEvent && len(d.Abilities) == 0 {
		ps = append(ps, yf.Problem(path, subj, "an event does nothing", `add an ability such as "Sofort: silver 3 players"`))
	}
	return d, ps
}

// parseAbility reads "Trigger: effect [N] [target]".
func parseAbility(line string) (ability, error) {
	var a ability
	trig, rest, ok := strings.Cut(line, ":")
	if !ok {
		return a, fmt.Errorf("ability %q has no trigger", line)
	}
	t := indexOf(triggerNames, strings.TrimSpace(trig))
	if t < 0 {
		return a, fmt.Errorf("unknown trigger %q (the triggers are %s)", strings.TrimSpace(trig), strings.Join(triggerNames, ", "))
	}
	a.When = trigger(t)
	f := strings.Fields(rest)
	if len(f) == 0 {
		return a, fmt.Errorf("ability %q names no effect", line)
	}
	e := indexOf(effectNames, f[0])
	if e < 0 {
		return a, fmt.Errorf("unknown effect %q (the effects are %s)", f[0], strings.Join(effectNames, ", "))
	}
	a.Effect = effect(e)
	f = f[1:]
	if len(f) > 0 {
		if n, err := strconv.Atoi(f[0]); err == nil {
			if n < -20 || n > 20 {
				return a, fmt.Errorf("amount %d is out of range -20..20", n)
			}
			a.N = int8(n)
			f = f[1:]
		}
	}
	switch a.Effect {
	case eDestroy, eCancel, eLifesteal:
		if a.N != 0 {
			return a, fmt.Errorf("%s takes no amount", effectNames[a.Effect])
		}
	default:
		if a.N == 0 {
			return a, fmt.Errorf("%s needs an amount", effectNames[a.Effect])
		}
	}
	if len(f) != 1 {
		return a, fmt.Errorf("ability %q needs exactly one target (the targets are %s)", line, strings.Join(targetNames, ", "))
	}
	tg := indexOf(targetNames, f[0])
	if tg < 0 {
		return a, fmt.Errorf("unknown target %q (the targets are %s)", f[0], strings.Join(targetNames, ", "))
	}
	a.Target = target(tg)
	return a, nil
}

// checkAbility checks that an ability makes sense on its card.
func checkAbility(d *cardDef, a ability) (msg, fix string) {
	creatureEffect := a.Effect == eAtk || a.Effect == eDef || a.Effect == eInit || a.Effect == eHP || a.Effect == eDestroy
	playerEffect := a.Effect == eSilver || a.Effect == eZynalith || a.Effect == eVP || a.Effect == eDraw || a.Effect == eLifesteal
	switch {
	case creatureEffect && a.Target.players():
		return effectNames[a.Effect] + " works on creatures, not players", "target self, line, played or a creatures group"
	case playerEffect && !a.Target.players():
		return effectNames[a.Effect] + " works on players, not creatures", "target owner, opponents, players or played-owner"
	case a.Effect == eCancel && a.Target != tPlayed:
		return "cancel works only on the played card", "write `cancel played`"
	case a.Effect == eCancel && d.Kind != kCounter:
		return "only counters cancel", "make the card `kind: counter`"
	case (a.Target == tPlayed || a.Target == tPlayedOwner) && d.Kind != kCounter:
		return "only counters know a played card", "use another target"
	case d.Kind == kEvent && a.Target != tPlayers && a.Target != tCreatures:
		return "an event belongs to nobody, so it can only affect everyone", "target players or creatures"
	case d.Kind == kEvent && a.When != trSofort:
		return "an event's own effects happen when it is revealed", "use the trigger Sofort"
	case (d.Kind == kSpell || d.Kind == kCounter) && a.When != trSofort:
		return "a " + kindNames[d.Kind] + " acts once, when played", "use the trigger Sofort"
	case a.Target == tSelf && (d.Kind == kCounter || d.Kind == kEvent):
		return "a " + kindNames[d.Kind] + " has no creature of its own", "use another target"
	case (a.Effect == eDamage || a.Effect == eHeal || a.Effect == eDraw) && a.N < 0:
		return effectNames[a.Effect] + " needs a positive amount", "use a number above 0"
	case d.Enemy:
		return "an extra on an opposing creature cannot have abilities of its own", "remove the ability or `attach: enemy`"
	case a.Effect == eDraw && a.Target != tOwner:
		return "only the owner draws", "write `draw N owner`"
	}
	return "", ""
}

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
