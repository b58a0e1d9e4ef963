package mystimons

import (
	"fmt"
	"slices"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
	"kartenwerk/engine/i18n"
)

// Card kinds (MM-2.10 to MM-2.14).
const (
	kMon uint8 = iota
	kEnergy
	kAction
	kRelic
	kTerrain
)

var kindNames = []string{"mystimon", "energy", "action", "relic", "terrain"}

// elemAny is the element of a wildcard energy unit (MM-6.13).
const elemAny int8 = -1

// Effect kinds: the vocabulary card data combines (MM-10.U5).
const (
	eNone     uint8 = iota
	ePower          // power +N: the attack uses ATK+N
	ePierce         // pierce: the attack ignores DEF
	eReach          // reach: may target an opposing Bench MystiMon
	eBurn           // burn: the target burns
	ePoison         // poison N: adds N poison to the target
	eFreeze         // freeze: the target is Frozen
	eParalyze       // paralyze: the target is Paralyzed
	eHeal           // heal N: heals the attacker, or the chosen own MystiMon
	eSplash         // splash N: N damage to each opposing Bench MystiMon
	eDraw           // draw N
	eOnce           // once: usable once per game by this MystiMon
	eHealAll        // heal-all N: heals each own MystiMon
	eBlast          // blast N: N damage to a chosen opposing MystiMon
	eSurge          // surge N: attach up to N energy cards from hand
	eDouble         // double: the next energy card counts one more
	eCure           // cure: removes every status of the chosen MystiMon
	eSwap           // swap: swap the Active with a chosen Bench MystiMon
	eWipe           // wipe: the Terrain and every relic in play are discarded
	eRevive         // revive: a Stufe-1 MystiMon from the discard pile to the Bench
	eEvo            // evo -N: evolution thresholds N lower
	eAtk            // atk +N [element]
	eDef            // def +N [element]
)

type effect struct {
	kind uint8
	n    int8
	elem int8 // for atk/def of a Terrain: the element it boosts; elemAny = all
}

type ability struct {
	name                string
	cost                int8
	costElem            int8 // elemAny unless the card prints an element (MM-10.15)
	effects             []effect
	power               int16 // sum of power +N
	pierce, reach, once bool
}

// cardDef is one card of the pool, shared read-only by every state.
type cardDef struct {
	name     string
	kind     uint8
	elem     int8
	stage    int8 // 1..4, 5 = Champion
	from     int  // def index of the evolves-from card, -1 none
	path     string
	grade    int8 // fusion grade in stars
	hp       int16
	atk, def int16
	spd      int16
	basic    string
	abils    []ability
	cost     int8
	effects  []effect
	attach   bool // relic: attached to a MystiMon (else on the field)
	poolOnly bool // energy: may only go to the pool
	limit    int8 // copies per deck
	file     string
	line     int
	target   uint8 // the targeted effect of an action/relic card, eNone if none
}

func (d *cardDef) has(k uint8) (effect, bool) {
	for _, e := range d.effects {
		if e.kind == k {
			return e, true
		}
	}
	return effect{}, false
}

// drain is the HP an End Phase takes from this MystiMon (MM-4.5A).
func (d *cardDef) drain() int16 {
	switch d.grade {
	case 4:
		return 5
	case 5:
		return 10
	}
	return 0
}

// warningKey is the catalogue key of the warning the rulebook wants shown
// before evolving into d (MM-5.2): "HP-Drain aktiv!" for ★★★★ and
// "Warnung: -10 HP/Zug!" for ★★★★★; "" for none.
func (d *cardDef) warningKey() string {
	switch d.grade {
	case 4:
		return "warning.drain4"
	case 5:
		return "warning.drain5"
	}
	return ""
}

// warning is d's warning in English, or "".
func (d *cardDef) warning() string {
	if k := d.warningKey(); k != "" {
		return words.T(i18n.EN, k)
	}
	return ""
}

// Pool is the loaded card pool: the definitions and the element chart.
type Pool struct {
	defs   []cardDef
	byName map[string]int
	elems  []string
	chart  [][]int8 // multiplier in halves: 1 = x0.5, 2 = x1, 4 = x2
}

type yamlCard struct {
	Name      string   `yaml:"name" json:"name"`
	Kind      string   `yaml:"kind" json:"kind"`
	Element   string   `yaml:"element" json:"element"`
	Stage     int      `yaml:"stage" json:"stage"`
	From      string   `yaml:"from" json:"from"`
	Path      string   `yaml:"path" json:"path"`
	Grade     int      `yaml:"grade" json:"grade"`
	HP        int      `yaml:"hp" json:"hp"`
	ATK       int      `yaml:"atk" json:"atk"`
	DEF       int      `yaml:"def" json:"def"`
	SPD       int      `yaml:"spd" json:"spd"`
	Basic     string   `yaml:"basic" json:"basic"`
	Abilities []string `yaml:"abilities" json:"abilities"`
	Cost      int      `yaml:"cost" json:"cost"`
	Effect    string   `yaml:"effect" json:"effect"`
	Attach    bool     `yaml:"attach" json:"attach"`
	PoolOnly  bool     `yaml:"pool-only" json:"pool-only"`
	Limit     int      `yaml:"limit" json:"limit"`
}

// buildPool merges the element charts (MM-10.U1), then decodes the cards
// that engine/cardpool merged and links them into evolution lines.
func buildPool(cards []cardpool.Card[yamlCard], charts []cardpool.File) (*Pool, engine.Problems) {
	p := &Pool{byName: map[string]int{}}
	var probs engine.Problems
	for _, c := range charts {
		var yc yamlChart
		f, err := engine.DecodeYAML(c.Name, c.Data, &yc)
		if err != nil {
			probs = append(probs, cardpool.AsProblems(err)...)
			continue
		}
		probs = append(probs, p.addChart(f, yc)...)
	}
	if len(charts) == 0 {
		probs = append(probs, engine.Problem{File: "elements.yaml", Msg: "no element chart", Fix: "add elements.yaml with `elements:` and `chart:`"})
	}
	for _, c := range cards {
		d, ps := p.decode(c.File, c.Index, c.Entry)
		probs = append(probs, ps...)
		p.byName[strings.ToLower(d.name)] = len(p.defs)
		p.defs = append(p.defs, d)
	}
	if len(p.defs) > 250 {
		probs = append(probs, engine.Problem{Msg: fmt.Sprintf("%d cards: the pool holds at most 250", len(p.defs)), Fix: "remove cards"})
	}
	// References: evolves-from, and the evolution rules on them.
	for i, c := range cards {
		probs = append(probs, p.link(i, c.File, c.Index, c.Entry.From)...)
	}
	probs = append(probs, p.checkBasicEnergy()...)
	return p, probs
}

// checkBasicEnergy asks for a basic energy card of every element that has
// MystiMons: only matching energy may be attached (MM-4.2A), so without
// one they could never evolve (MM-5.2). This catches a new element whose
// energy card was forgotten.
func (p *Pool) checkBasicEnergy() engine.Problems {
	var probs engine.Problems
	for e, name := range p.elems {
		first := -1
		hasEnergy := false
		for i := range p.defs {
			d := &p.defs[i]
			hasEnergy = hasEnergy || d.kind == kEnergy && d.elem == int8(e)
			if first < 0 && d.kind == kMon && d.elem == int8(e) {
				first = i
			}
		}
		if first >= 0 && !hasEnergy {
			d := &p.defs[first]
			probs = append(probs, engine.Problem{File: d.file, Line: d.line, Subject: d.name,
				Msg: fmt.Sprintf("no basic energy card of element %s: its MystiMons could never evolve (MM-4.2A, MM-5.2)", name),
				Fix: fmt.Sprintf("add `- {name: %s Energy, kind: energy, element: %s}`", i18n.Capital(name), name)})
		}
	}
	return probs
}

// decode reads the card at index i of file f, with every problem it has.
func (p *Pool) decode(f *engine.YAMLFile, i int, yc yamlCard) (cardDef, engine.Problems) {
	at := fmt.Sprintf("$.cards[%d]", i)
	c := &cardChecker{p: p, d: cardDef{name: strings.TrimSpace(yc.Name), from: -1, path: yc.Path, grade: int8(yc.Grade),
		hp: int16(yc.HP), atk: int16(yc.ATK), def: int16(yc.DEF), spd: int16(yc.SPD), basic: yc.Basic,
		cost: int8(yc.Cost), attach: yc.Attach, poolOnly: yc.PoolOnly, limit: int8(yc.Limit),
		file: f.Name, line: f.Line(at)}}
	c.EntryProblems = engine.EntryProblems{File: f, At: at, Subject: c.d.name}
	if c.d.name == "" {
		c.Add("", "the card has no name", "add `name: ...`")
	}
	if !c.kind(yc.Kind) {
		return c.d, c.List
	}
	c.limit(yc.Limit)
	c.element(yc.Element)
	switch c.d.kind {
	case kMon:
		c.mon(yc)
	case kEnergy:
		if c.d.poolOnly && c.d.elem != elemAny {
			c.Add("pool-only", "only a special energy of element `any` may be pool-only", "remove `pool-only`")
		}
	default:
		c.item(yc.Effect)
	}
	if c.d.kind != kMon && (yc.Stage != 0 || yc.HP != 0 || yc.Basic != "" || len(yc.Abilities) > 0) {
		c.Add("", "only MystiMons have stage, HP, attacks", "remove those fields")
	}
	return c.d, c.List
}

// cardChecker decodes one card of a card file into d, collecting its
// problems.
type cardChecker struct {
	engine.EntryProblems
	p *Pool
	d cardDef
}

// kind reads the card's kind, and reports whether it is one.
func (c *cardChecker) kind(name string) bool {
	k := slices.Index(kindNames, name)
	if k < 0 {
		c.Add("kind", fmt.Sprintf("unknown kind %q", name), "use one of "+strings.Join(kindNames, ", "))
		return false
	}
	c.d.kind = uint8(k)
	return true
}

// limit checks the copies a deck may hold, 3 unless the card says.
func (c *cardChecker) limit(written int) {
	if c.d.limit == 0 {
		c.d.limit = 3
	}
	if written < 0 || written > 60 {
		c.Add("limit", "limit must be 1 to 60", "remove it for the usual 3")
	}
}

// element reads the element of a MystiMon or an energy; other cards have none.
func (c *cardChecker) element(name string) {
	if c.d.kind != kMon && c.d.kind != kEnergy {
		if name != "" {
			c.Add("element", "only MystiMons and energy have an element", "remove `element`")
		}
		return
	}
	e, ok := c.p.elem(name)
	if !ok || (c.d.kind == kMon && e == elemAny) {
		c.Add("element", fmt.Sprintf("unknown element %q", name), c.p.elemHint(c.d.kind == kEnergy))
	}
	c.d.elem = e
}

// mon checks a MystiMon's stage, stats, evolution and fusion grade, and
// reads its abilities.
func (c *cardChecker) mon(yc yamlCard) {
	d := &c.d
	d.stage = int8(yc.Stage)
	if d.stage < 1 || d.stage > 5 {
		c.Add("stage", fmt.Sprintf("stage %d is not 1 to 5 (5 = Champion)", yc.Stage), "write stage: 1, 2, 3, 4 or 5")
	}
	if d.hp <= 0 || d.hp > 999 || d.atk < 0 || d.atk > 99 || d.def < 0 || d.def > 99 {
		c.Add("hp", "HP must be 1 to 999, ATK and DEF 0 to 99", "fix the stats")
	}
	if d.basic == "" {
		c.Add("", "a MystiMon needs a Basic Attack (MM-2.10)", "add `basic: Attack Name`")
	}
	c.evolution(yc.From)
	for j, text := range yc.Abilities {
		a, err := c.p.parseAbility(text)
		if err != "" {
			c.Add(fmt.Sprintf("abilities[%d]", j), err, `write "Name (cost): effect, effect", e.g. "Flame Burst (2): power +4, burn"`)
			continue
		}
		d.abils = append(d.abils, a)
	}
	if len(d.abils) > 8 {
		c.Add("abilities", "at most 8 abilities", "remove some")
	}
}

// evolution checks what a MystiMon's stage asks of it: whom it evolves
// from (MM-2.10), its fusion grade (MM-5.2, MM-6.3) and its path (MM-6.5).
func (c *cardChecker) evolution(from string) {
	d := &c.d
	if d.stage == 1 && from != "" {
		c.Add("from", "a Stage 1 MystiMon evolves from nothing", "remove `from`")
	}
	if d.stage >= 2 && d.stage <= 4 && from == "" {
		c.Add("", fmt.Sprintf("a stage %d MystiMon needs `from:` (MM-2.10)", d.stage), "name the card it evolves from")
	}
	if d.stage == 4 && d.grade != 3 && d.grade != 4 {
		c.Add("grade", fmt.Sprintf("a stage 4 needs fusion grade 3 or 4, not %d (MM-5.2)", d.grade), "write grade: 3 or grade: 4")
	}
	if d.stage == 5 && d.grade != 5 {
		c.Add("grade", "a Champion has fusion grade 5 (MM-6.3)", "write grade: 5")
	}
	if d.stage < 4 && d.grade != 0 {
		c.Add("grade", "only stage 4 and Champions have a fusion grade", "remove `grade`")
	}
	if d.stage >= 3 && d.stage <= 4 && d.path == "" {
		c.Add("", "stages 3 and 4 name their path (MM-6.5)", "add `path: speed` or `path: tank`")
	}
}

// item checks an action's or a relic's cost and reads its effects, of
// which one at most takes a target.
func (c *cardChecker) item(effect string) {
	d := &c.d
	if d.cost < 0 || d.cost > 20 {
		c.Add("cost", "cost must be 0 to 20", "fix the cost")
	}
	effs, err := c.p.parseEffects(effect, kindNames[d.kind])
	if err != "" {
		c.Add("effect", err, "see the effect words in the schema")
	}
	d.effects = effs
	for _, e := range effs {
		switch e.kind {
		case eHeal, eBlast, eSwap, eRevive:
			if d.target != eNone {
				c.Add("effect", "a card has at most one targeted effect (heal, blast, swap, revive)", "split it into two cards")
			}
			d.target = e.kind
		}
	}
	if d.kind == kRelic && d.attach {
		d.target = eAtk // attached relics target an own MystiMon
	}
}

func (p *Pool) link(i int, f *engine.YAMLFile, ci int, from string) engine.Problems {
	d := &p.defs[i]
	if from == "" {
		return nil
	}
	j, ok := p.byName[strings.ToLower(from)]
	at := fmt.Sprintf("$.cards[%d].from", ci)
	if !ok {
		return engine.Problems{f.Problem(at, d.name, fmt.Sprintf("evolves from %q, which is not a card", from), "name an existing MystiMon")}
	}
	src := &p.defs[j]
	switch {
	case src.kind != kMon:
		return engine.Problems{f.Problem(at, d.name, fmt.Sprintf("evolves from %s, which is not a MystiMon", src.name), "name a MystiMon")}
	case src.stage != d.stage-1:
		return engine.Problems{f.Problem(at, d.name, fmt.Sprintf("stage %d evolves from %s, which is stage %d, not %d (MM-5.2)", d.stage, src.name, src.stage, d.stage-1), "name a card one stage lower")}
	case src.elem != d.elem:
		return engine.Problems{f.Problem(at, d.name, fmt.Sprintf("element %s evolves from %s of element %s", p.elems[d.elem], src.name, p.elems[src.elem]), "keep a line in one element")}
	}
	d.from = j
	return nil
}

// threshold is the attached energy total an evolution into stage n needs (MM-5.2).
var threshold = [6]int8{0, 0, 3, 5, 7, 10}
