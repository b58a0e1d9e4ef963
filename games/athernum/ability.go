package athernum

import (
	"fmt"
	"strconv"
	"strings"
)

// Ability kinds (AT-6).
type abilityKind uint8

const (
	akStatic abilityKind = iota
	akTriggered
	akActivated
	akObjective
	akCommand
	akSupport
	akEquip
)

var kindNames = [...]string{"static", "triggered", "activated", "objective", "command", "support", "equip"}

// Triggers (AT-6.2, AT-6.8).
type trigger uint8

const (
	trNone trigger = iota
	trEnter
	trLeave
	trMorning
	trDay
	trEvening
	trNight
	trAttack
	trReveal
)

var triggerNames = [...]string{"", "enter", "leave", "morning", "day", "evening", "night", "attack", "reveal"}

// Effect operations: the game's effect vocabulary (effects.go).
type opKind uint8

const (
	opDamage opKind = iota
	opHeal
	opExhaust
	opReady
	opDiscard
	opBanish
	opVP
	opSteal
	opDraw
	opOppDraw
	opPool
	opRestore
	opResource
	opCommand
	opWin
	opLose
	opOFV
	opDFV
	opSummon
)

var opNames = [...]string{"damage", "heal", "exhaust", "ready", "discard", "banish", "vp", "steal", "draw",
	"opponents-draw", "pool", "restore", "resource", "command", "win", "lose", "ofv", "dfv", "summon"}

// Targets.
type targetKind uint8

const (
	tgNone targetKind = iota
	tgSelf
	tgHost
	tgMain
	tgEnemy
	tgAlly
	tgChar
	tgEnemyVP
	tgEachEnemy
	tgEachAlly
	tgAllies
)

var targetNames = [...]string{"", "self", "host", "main", "enemy", "ally", "character", "enemy-vp", "each-enemy", "each-ally", "allies"}

// chosen reports whether the target is picked by the player.
func (t targetKind) chosen() bool {
	return t == tgEnemy || t == tgAlly || t == tgChar || t == tgEnemyVP
}

type effect struct {
	op  opKind
	n   int8
	tgt targetKind
	ref int16 // summon: the token's definition
}

// ability is one parsed ability line.
type ability struct {
	kind    abilityKind
	trig    trigger
	res     int8 // resources (any faction), or the Support Activation Fee
	exhaust bool // exhaust this card
	discard bool // discard a card from hand
	vpCost  int8 // remove VP from this card
	cmd     int8 // command tokens (1 for Command abilities)
	eff     []effect
	tgt     targetKind // the chosen target kind, if any
	source  string
	refs    []string // summon: token names, resolved after loading
}

// hasCost reports whether activating it costs anything at all.
func (a *ability) hasCost() bool {
	return a.res > 0 || a.exhaust || a.discard || a.vpCost > 0 || a.cmd > 0
}

// activatable: abilities a player activates (AT-6.3-6.5).
func (a *ability) activatable() bool {
	return a.kind == akActivated || a.kind == akCommand || (a.kind == akObjective && a.trig == trNone)
}

// parseAbility reads "KIND [(TRIGGER)] [{COST}...]: EFFECT[, EFFECT]".
func parseAbility(line string) (ability, error) {
	a := ability{source: line}
	head, body, ok := strings.Cut(line, ":")
	if !ok {
		return a, fmt.Errorf("no ':' between the kind and the effects")
	}
	head = strings.TrimSpace(head)
	word := head
	if i := strings.IndexAny(head, " ({"); i >= 0 {
		word, head = head[:i], strings.TrimSpace(head[i:])
	} else {
		head = ""
	}
	k := index(kindNames[:], word)
	if k < 0 {
		return a, fmt.Errorf("unknown kind %q (kinds: %s)", word, strings.Join(kindNames[:], ", "))
	}
	a.kind = abilityKind(k)
	if strings.HasPrefix(head, "(") {
		end := strings.IndexByte(head, ')')
		if end < 0 {
			return a, fmt.Errorf("'(' without ')'")
		}
		t := index(triggerNames[1:], strings.TrimSpace(head[1:end]))
		if t < 0 {
			return a, fmt.Errorf("unknown trigger %q (triggers: %s)", head[1:end], strings.Join(triggerNames[1:], ", "))
		}
		a.trig = trigger(t + 1)
		head = strings.TrimSpace(head[end+1:])
	}
	for head != "" {
		if head[0] != '{' {
			return a, fmt.Errorf("unexpected %q before ':' (costs are written in braces, e.g. {1}{exhaust})", head)
		}
		end := strings.IndexByte(head, '}')
		if end < 0 {
			return a, fmt.Errorf("'{' without '}'")
		}
		if err := a.addCost(strings.TrimSpace(head[1:end])); err != nil {
			return a, err
		}
		head = strings.TrimSpace(head[end+1:])
	}
	if a.kind == akCommand {
		a.cmd++
	}
	for _, part := range strings.Split(body, ",") {
		e, err := parseEffect(strings.Fields(part))
		if err != nil {
			return a, err
		}
		if e.op == opSummon {
			a.refs = append(a.refs, strings.Join(strings.Fields(part)[1:], " "))
		}
		a.eff = append(a.eff, e)
		if e.tgt.chosen() {
			if a.tgt != tgNone && a.tgt != e.tgt {
				return a, fmt.Errorf("an ability chooses one target: %s and %s differ", targetNames[a.tgt], targetNames[e.tgt])
			}
			a.tgt = e.tgt
		}
	}
	return a, nil
}

func (a *ability) addCost(c string) error {
	f := strings.Fields(c)
	switch {
	case len(f) == 1 && f[0] == "exhaust":
		a.exhaust = true
	case len(f) == 1 && f[0] == "discard":
		a.discard = true
	case len(f) == 1 && f[0] == "cmd":
		a.cmd++
	case len(f) == 2 && f[0] == "vp":
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 1 || n > 9 {
			return fmt.Errorf("cost {vp N} needs N from 1 to 9")
		}
		a.vpCost = int8(n)
	case len(f) == 1:
		n, err := strconv.Atoi(f[0])
		if err != nil || n < 0 || n > 9 {
			return fmt.Errorf("unknown cost {%s} (costs: {N} resources, {exhaust}, {discard}, {cmd}, {vp N})", c)
		}
		a.res += int8(n)
	default:
		return fmt.Errorf("unknown cost {%s} (costs: {N} resources, {exhaust}, {discard}, {cmd}, {vp N})", c)
	}
	return nil
}

// opArgs says what each operation takes: a number, and which targets.
var opArgs = [...]struct {
	num  bool
	sign bool // written "+N"
	tgts []targetKind
}{
	opDamage:   {true, false, []targetKind{tgSelf, tgHost, tgMain, tgEnemy, tgAlly, tgChar, tgEachEnemy, tgEachAlly}},
	opHeal:     {true, false, []targetKind{tgSelf, tgHost, tgMain, tgEnemy, tgAlly, tgChar, tgEachEnemy, tgEachAlly}},
	opExhaust:  {false, false, []targetKind{tgSelf, tgHost, tgMain, tgEnemy, tgAlly, tgChar, tgEachEnemy, tgEachAlly}},
	opReady:    {false, false, []targetKind{tgSelf, tgHost, tgMain, tgAlly, tgChar, tgEachAlly}},
	opDiscard:  {false, false, []targetKind{tgSelf, tgEnemy, tgAlly, tgChar}},
	opBanish:   {false, false, []targetKind{tgSelf, tgEnemy, tgAlly, tgChar}},
	opVP:       {true, false, []targetKind{tgSelf, tgHost, tgMain, tgAlly}},
	opSteal:    {true, false, []targetKind{tgEnemyVP, tgEachEnemy}},
	opDraw:     {true, false, nil},
	opOppDraw:  {true, false, nil},
	opPool:     {true, false, nil},
	opRestore:  {true, false, nil},
	opResource: {true, false, nil},
	opCommand:  {true, false, nil},
	opWin:      {false, false, nil},
	opLose:     {false, false, nil},
	opOFV:      {true, true, []targetKind{tgSelf, tgHost, tgAllies}},
	opDFV:      {true, true, []targetKind{tgSelf, tgHost, tgAllies}},
	opSummon:   {false, false, nil},
}

func parseEffect(f []string) (effect, error) {
	if len(f) == 0 {
		return effect{}, fmt.Errorf("an empty effect")
	}
	o := index(opNames[:], f[0])
	if o < 0 {
		return effect{}, fmt.Errorf("unknown effect %q (effects: %s)", f[0], strings.Join(opNames[:], ", "))
	}
	e := effect{op: opKind(o)}
	if e.op == opSummon {
		if len(f) < 2 {
			return e, fmt.Errorf("summon needs a token's name, e.g. summon Sprout")
		}
		return e, nil
	}
	spec := opArgs[o]
	rest := f[1:]
	if spec.num {
		if len(rest) == 0 {
			return e, fmt.Errorf("%s needs a number", f[0])
		}
		w := rest[0]
		if spec.sign {
			w = strings.TrimPrefix(w, "+")
		}
		n, err := strconv.Atoi(w)
		if err != nil || n < 1 || n > 9 {
			return e, fmt.Errorf("%s needs a number from 1 to 9, not %q", f[0], rest[0])
		}
		e.n = int8(n)
		rest = rest[1:]
	}
	switch {
	case spec.tgts == nil && len(rest) > 0:
		return e, fmt.Errorf("%s takes no target, got %q", f[0], strings.Join(rest, " "))
	case spec.tgts == nil:
	case len(rest) != 1:
		return e, fmt.Errorf("%s needs one target: %s", f[0], tgtList(spec.tgts))
	default:
		t := index(targetNames[:], rest[0])
		if t <= 0 || !hasTarget(spec.tgts, targetKind(t)) {
			return e, fmt.Errorf("%s cannot target %q: use %s", f[0], rest[0], tgtList(spec.tgts))
		}
		e.tgt = targetKind(t)
	}
	return e, nil
}

// checkAbility checks what fits the card type and the ability kind.
func checkAbility(typ cardType, a ability) error {
	modifier := false
	for _, e := range a.eff {
		if e.op == opOFV || e.op == opDFV {
			modifier = true
		}
		if e.tgt == tgHost && typ != tItem {
			return fmt.Errorf("only items have a host")
		}
		if a.kind == akSupport && (e.tgt == tgSelf || e.tgt == tgHost) {
			return fmt.Errorf("a Support ability resolves from the discard pile and cannot target the card itself")
		}
	}
	switch a.kind {
	case akStatic, akEquip:
		if a.trig != trNone || a.hasCost() {
			return fmt.Errorf("%s abilities have no trigger and no cost", kindNames[a.kind])
		}
		for _, e := range a.eff {
			if e.op != opOFV && e.op != opDFV {
				return fmt.Errorf("%s abilities change stats only (ofv, dfv)", kindNames[a.kind])
			}
		}
		if a.kind == akEquip && typ != tItem {
			return fmt.Errorf("only items have Equip abilities (AT-6.7)")
		}
		for _, e := range a.eff {
			if a.kind == akEquip && e.tgt != tgHost {
				return fmt.Errorf("an Equip ability changes its host: write e.g. ofv +1 host")
			}
			if e.tgt == tgHost && typ != tItem {
				return fmt.Errorf("only items have a host")
			}
		}
		return nil
	case akTriggered:
		if a.trig == trNone {
			return fmt.Errorf("a triggered ability needs a trigger in parentheses, e.g. triggered (enter)")
		}
		if a.hasCost() {
			return fmt.Errorf("a triggered ability has no cost")
		}
	case akObjective:
		if a.trig == trNone && !a.hasCost() {
			return fmt.Errorf("an Objective ability needs a trigger or a cost")
		}
		if a.trig != trNone && a.hasCost() {
			return fmt.Errorf("a triggered Objective ability has no cost")
		}
	case akActivated, akCommand:
		if a.trig != trNone {
			return fmt.Errorf("%s abilities have no trigger", kindNames[a.kind])
		}
		if !a.hasCost() {
			return fmt.Errorf("an activated ability needs a cost, e.g. {1} or {exhaust}")
		}
	case akSupport:
		if typ != tCharacter {
			return fmt.Errorf("only characters have Support abilities (AT-6.6)")
		}
		if a.trig != trNone || a.exhaust || a.vpCost > 0 {
			return fmt.Errorf("a Support ability is paid from the hand: {N} fee, {discard} or {cmd} only")
		}
	}
	if modifier {
		return fmt.Errorf("ofv and dfv belong in static or equip abilities")
	}
	if a.kind == akObjective {
		for _, e := range a.eff {
			if e.op == opVP {
				return nil
			}
		}
		return fmt.Errorf("an Objective ability gains VP (AT-6.5): add a vp effect")
	}
	return nil
}

func index(list []string, w string) int {
	for i, s := range list {
		if s == w && s != "" {
			return i
		}
	}
	return -1
}

func hasTarget(list []targetKind, t targetKind) bool {
	for _, x := range list {
		if x == t {
			return true
		}
	}
	return false
}

func tgtList(list []targetKind) string {
	names := make([]string, len(list))
	for i, t := range list {
		names[i] = targetNames[t]
	}
	return strings.Join(names, ", ")
}
