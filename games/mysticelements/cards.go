package mysticelements

import (
	"embed"
	"fmt"
	"path"
	"sort"
	"strconv"
	"strings"

	"kartenwerk/engine"
)

// The card pool is data: one YAML file per colour under cards/, checked
// against cards/schema.json and then decoded strictly. Abilities are one
// line each in a small language (see parseAbility); the rules text players
// read is generated from the parsed form.

//go:embed cards/*.yaml cards/schema.json
var cardFS embed.FS

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

var keywordNames = []string{"quick", "guard", "flying", "ranged"}

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
	Text     string
	File     string
	Line     int
}

func (d *cardDef) ability(t trigger) int {
	for i := range d.Abil {
		if d.Abil[i].Trig == t {
			return i
		}
	}
	return -1
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
}

// loadPool reads every file of fs matching cards/*.yaml.
func loadPool(files map[string][]byte) (*pool, error) {
	schema, err := engine.CompileSchema("schema.json", mustRead("cards/schema.json"))
	if err != nil {
		return nil, err
	}
	p := &pool{byName: map[string]int16{}, exact: map[string]int16{}}
	var probs engine.Problems
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	seenColour := map[int]string{}
	for _, name := range names {
		data := files[name]
		if ps := schema.Validate(name, data); len(ps) > 0 {
			probs = append(probs, ps...)
			continue
		}
		var yf yamlFile
		f, err := engine.DecodeYAML(name, data, &yf)
		if err != nil {
			probs = append(probs, err.(engine.Problem))
			continue
		}
		col := colourIndex(yf.Colour)
		if col < 0 {
			probs = append(probs, f.Problem("$.colour", yf.Colour, "unknown colour", "use one of "+strings.Join(colourNames, ", ")))
			continue
		}
		if prev, dup := seenColour[col]; dup {
			probs = append(probs, f.Problem("$.colour", yf.Colour, "colour already defined in "+prev, "give each colour one file"))
			continue
		}
		seenColour[col] = name
		p.identity[col] = yf.Identity
		for i, yc := range yf.Cards {
			at := fmt.Sprintf("$.cards[%d]", i)
			d, ps := buildCard(f, at, col, yc)
			if len(ps) > 0 {
				probs = append(probs, ps...)
				continue
			}
			if prev, dup := p.byName[strings.ToLower(d.Name)]; dup {
				pd := p.defs[prev]
				probs = append(probs, f.Problem(at+".name", d.Name, fmt.Sprintf("duplicate card name (also %s:%d)", pd.File, pd.Line), "give every card its own name"))
				continue
			}
			p.byName[strings.ToLower(d.Name)] = int16(len(p.defs))
			p.exact[d.Name] = int16(len(p.defs))
			p.byColour[col] = append(p.byColour[col], int16(len(p.defs)))
			p.defs = append(p.defs, d)
		}
	}
	for c := 0; c < nColours && len(probs) == 0; c++ {
		if n := len(p.byColour[c]); n != 15 {
			probs = append(probs, engine.Problem{File: seenColour[c], Subject: colourNames[c],
				Msg: fmt.Sprintf("colour has %d cards, the game needs 15 (ME-1.1)", n), Fix: "add or remove cards"})
		}
	}
	if len(probs) > 0 {
		return nil, probs
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

func mustRead(name string) []byte {
	b, err := cardFS.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return b
}

func embeddedFiles() map[string][]byte {
	ents, _ := cardFS.ReadDir("cards")
	out := map[string][]byte{}
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".yaml") {
			out[path.Join("cards", e.Name())] = mustRead(path.Join("cards", e.Name()))
		}
	}
	return out
}

func buildCard(f *engine.YAMLFile, at string, col int, yc yamlCard) (cardDef, engine.Problems) {
	var probs engine.Problems
	bad := func(field, msg, fix string) {
		p := at
		if field != "" {
			p += "." + field
		}
		pr := f.Problem(p, yc.Name, msg, fix)
		if pr.Line == 0 {
			pr.Line = f.Line(at) // the field is missing: point at the card
		}
		probs = append(probs, pr)
	}
	d := cardDef{Name: yc.Name, Colour: int8(col), Cost: int8(yc.Cost), Any: int8(yc.Any),
		Power: int8(yc.Power), Health: int8(yc.Health), Limit: int8(yc.Limit), File: f.Name, Line: f.Line(at + ".name"),
		Attach: filter{Colour: -1}}
	if strings.TrimSpace(yc.Name) == "" {
		bad("name", "card has no name", "add `name: ...`")
	}
	k := -1
	for i, n := range kindNames {
		if n == yc.Type {
			k = i
		}
	}
	if k < 0 {
		bad("type", fmt.Sprintf("unknown type %q", yc.Type), "use unit, charm, wonder or relic")
		return d, probs
	}
	d.Kind = kind(k)
	if yc.Cost+yc.Any > 9 || yc.Cost < 0 || yc.Any < 0 {
		bad("cost", "cost out of range", "costs are 0..9 symbols")
	}
	if yc.Cost+yc.Any == 0 && d.Kind != kRelic {
		bad("cost", "only relics may cost nothing", "give the card a cost")
	}
	for _, kw := range yc.Keywords {
		i := indexOf(keywordNames, kw)
		if i < 0 {
			bad("keywords", fmt.Sprintf("unknown keyword %q", kw), "use quick, guard, flying or ranged")
			continue
		}
		d.Keywords |= 1 << i
	}
	switch d.Kind {
	case kUnit:
		if yc.Health < 1 || yc.Power < 0 {
			bad("health", fmt.Sprintf("a unit needs health >= 1 and power >= 0 (has %d/%d)", yc.Power, yc.Health), "set power and health")
		}
	case kCharm:
		fl, err := parseFilter(strings.Fields(yc.Attach), onUnit)
		switch {
		case yc.Attach == "":
			bad("attach", "charm needs `attach:` naming what it is played on", "e.g. `attach: enemy unit`")
		case err != nil:
			bad("attach", fmt.Sprintf("attach %q: %v", yc.Attach, err), "e.g. `attach: enemy unit`")
		}
		d.Attach = fl
	default:
		if yc.Power != 0 || yc.Health != 0 || len(yc.Keywords) > 0 {
			bad("power", "only units and charms have power, health or keywords", "remove them")
		}
	}
	if d.Kind != kCharm && yc.Attach != "" {
		bad("attach", "only charms attach", "remove `attach`")
	}
	for i, line := range yc.Abilities {
		a, err := parseAbility(line, d.Kind)
		if err != nil {
			bad(fmt.Sprintf("abilities[%d]", i), fmt.Sprintf("ability %q: %v", line, err), abilityHelp)
			continue
		}
		if (a.Trig == trUse || a.Trig == trStart) && (d.Kind == kWonder || d.Kind == kCharm) {
			bad(fmt.Sprintf("abilities[%d]", i), "only units and relics in the battle have use/start abilities", "use `play:`")
			continue
		}
		if d.Kind == kCharm && a.Chooses {
			bad(fmt.Sprintf("abilities[%d]", i), "a charm chooses only the unit it is played on", "name `host`, `you`, `opponent` or `each ...` instead")
			continue
		}
		if a.Trig == trPay && d.Kind == kWonder {
			bad(fmt.Sprintf("abilities[%d]", i), "a wonder has no activated abilities", "use `play:`")
			continue
		}
		if d.ability(a.Trig) >= 0 {
			bad(fmt.Sprintf("abilities[%d]", i), "a card has at most one ability per trigger", "join the effects with `;`")
			continue
		}
		d.Abil = append(d.Abil, a)
	}
	if d.Kind == kWonder && len(d.Abil) == 0 {
		bad("abilities", "a wonder needs a `play:` ability", "add one")
	}
	d.Text = cardText(&d)
	return d, probs
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

const abilityHelp = "write `TRIGGER: EFFECT; EFFECT`, TRIGGER one of play, use, start, pay N [+ M any]; EFFECT like `damage 2 to enemy unit`, `draw 1`, `promote 1 to each own unit`"

// parseAbility reads one ability line:
//
//	play: damage 2 to any
//	use: exhaust enemy unit; draw 1
//	pay 2 + 1 any: promote 1 to self
//	start: heal 1 to you
func parseAbility(line string, k kind) (ability, error) {
	a := ability{Target: filter{Colour: -1}}
	head, body, ok := strings.Cut(line, ":")
	if !ok {
		return a, fmt.Errorf("missing ':' after the trigger")
	}
	hw := strings.Fields(head)
	switch {
	case len(hw) == 1 && hw[0] == "play":
		a.Trig = trPlay
	case len(hw) == 1 && hw[0] == "use":
		a.Trig = trUse
	case len(hw) == 1 && hw[0] == "start":
		a.Trig = trStart
	case len(hw) >= 2 && hw[0] == "pay":
		a.Trig = trPay
		n, err := strconv.Atoi(hw[1])
		if err != nil || n < 0 || n > 9 {
			return a, fmt.Errorf("pay needs an amount 0..9")
		}
		a.PayCol = int8(n)
		if len(hw) == 5 && hw[2] == "+" && hw[4] == "any" {
			m, err := strconv.Atoi(hw[3])
			if err != nil || m < 0 || m > 9 {
				return a, fmt.Errorf("bad `+ N any`")
			}
			a.PayAny = int8(m)
		} else if len(hw) != 2 {
			return a, fmt.Errorf("write `pay N` or `pay N + M any`")
		}
		if a.PayCol+a.PayAny == 0 {
			return a, fmt.Errorf("an activation cost must not be 0")
		}
	default:
		return a, fmt.Errorf("unknown trigger %q", strings.TrimSpace(head))
	}
	for _, part := range strings.Split(body, ";") {
		w := strings.Fields(part)
		if len(w) == 0 {
			return a, fmt.Errorf("empty effect")
		}
		ek := indexOf(effNames, w[0])
		if ek < 0 {
			return a, fmt.Errorf("unknown effect %q", w[0])
		}
		e := effect{Kind: effKind(ek)}
		w = w[1:]
		if len(w) > 0 {
			if n, err := strconv.Atoi(w[0]); err == nil {
				if n < -9 || n > 9 || (n < 0 && e.Kind != eLimit) {
					return a, fmt.Errorf("amount %d out of range", n)
				}
				e.N = int8(n)
				w = w[1:]
			}
		}
		switch e.Kind {
		case eDamage, ePromote, eDemote, eDiscard, eDraw, ePlunder:
			if e.N <= 0 {
				return a, fmt.Errorf("%s needs a positive amount", effNames[ek])
			}
		case eLimit:
			if e.N == 0 {
				return a, fmt.Errorf("limit needs a non-zero amount")
			}
		case eExhaust, ePrepare, eDestroy, eSteal:
			if e.N != 0 {
				return a, fmt.Errorf("%s takes no amount", effNames[ek])
			}
		}
		if len(w) > 0 && w[0] == "to" {
			w = w[1:]
		}
		if len(w) == 0 {
			switch e.Kind {
			case eDraw, eLimit, eDiscard:
				w = []string{"you"}
			default:
				return a, fmt.Errorf("%s needs a target", effNames[ek])
			}
		}
		acc := effAccepts[e.Kind]
		switch {
		case len(w) == 1 && w[0] == "self":
			e.Who = wSelf
			if k == kWonder || k == kCharm || acc&(onUnit|onRelic) == 0 {
				return a, fmt.Errorf("%s cannot apply to self here", effNames[ek])
			}
		case len(w) == 1 && w[0] == "host":
			e.Who = wHost
			if k != kCharm || acc&onUnit == 0 {
				return a, fmt.Errorf("only a charm's effects on units name its host")
			}
		case len(w) == 1 && w[0] == "you":
			e.Who = wYou
		case len(w) == 1 && w[0] == "opponent":
			e.Who = wOpponent
		case w[0] == "each":
			e.Who = wEach
			fl, err := parseFilter(w[1:], acc)
			if err != nil {
				return a, err
			}
			e.Each = fl
		default:
			fl, err := parseFilter(w, acc)
			if err != nil {
				return a, err
			}
			if a.Chooses && a.Target != fl {
				return a, fmt.Errorf("an ability chooses one target; write `target` for it again")
			}
			a.Chooses, a.Target = true, fl
			e.Who = wTarget
		}
		if (e.Who == wYou || e.Who == wOpponent) && acc&onPlayer == 0 {
			return a, fmt.Errorf("%s does not apply to players", effNames[ek])
		}
		if e.Who == wTarget && a.Target.What&^acc != 0 {
			return a, fmt.Errorf("%s cannot apply to %s", effNames[ek], describeFilter(a.Target, true))
		}
		if e.Kind == eSteal && (e.Who == wTarget && a.Target.Side != sideEnemy || e.Who == wEach && e.Each.Side != sideEnemy) {
			return a, fmt.Errorf("steal takes an enemy card: write `steal enemy unit`")
		}
		a.Effects = append(a.Effects, e)
	}
	a.Text = abilityText(&a)
	return a, nil
}

// parseFilter reads words like "non-blue enemy unit", "other own unit",
// "player", "any" (a unit or a player), "card" (a unit or a relic).
func parseFilter(words []string, acc uint8) (filter, error) {
	f := filter{Colour: -1}
	if words == nil {
		return f, fmt.Errorf("nothing named")
	}
	noun := false
	for _, w := range words {
		switch {
		case w == "target":
			continue
		case w == "enemy":
			f.Side = sideEnemy
		case w == "own" || w == "your":
			f.Side = sideOwn
		case w == "other":
			f.Other = true
		case w == "unit" || w == "units":
			f.What, noun = onUnit, true
		case w == "relic" || w == "relics":
			f.What, noun = onRelic, true
		case w == "card" || w == "cards":
			f.What, noun = onUnit|onRelic, true
		case w == "player" || w == "players":
			f.What, noun = onPlayer, true
		case w == "any":
			f.What, noun = onUnit|onPlayer, true
		case colourIndex(strings.TrimPrefix(w, "non-")) >= 0:
			f.Colour = int8(colourIndex(strings.TrimPrefix(w, "non-")))
			f.Non = strings.HasPrefix(w, "non-")
		default:
			return f, fmt.Errorf("unknown word %q in a target (use enemy, own, other, a colour or non-colour, unit, relic, card, player, any)", w)
		}
	}
	if !noun {
		return f, fmt.Errorf("a target needs a noun: unit, relic, card, player or any")
	}
	if f.What&onPlayer != 0 && (f.Other || f.Colour >= 0) && f.What == onPlayer {
		return f, fmt.Errorf("players have no colour and are never `other`")
	}
	acc &= f.What
	if acc == 0 {
		return f, fmt.Errorf("the effect cannot apply to that")
	}
	f.What = acc
	return f, nil
}

// --- generated text ---------------------------------------------------------

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

func cardText(d *cardDef) string {
	var parts []string
	if d.Kind == kCharm {
		parts = append(parts, "Play on "+describeFilter(d.Attach, true)+".")
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
