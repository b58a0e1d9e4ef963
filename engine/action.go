package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Verb names what an Action does. Each game numbers its verbs through its
// ActionCodec; the zero Verb is no action at all.
type Verb uint8

// MaxArgs is how many arguments an Action carries.
const MaxArgs = 4

// Action is one decision of one seat: a verb and up to MaxArgs small
// arguments (card ids, seats, choices, amounts). It is a comparable value,
// so agents and tests can use it as a map key and compare it with ==.
//
// Its text form ("attack c12 c40") comes from the game's ActionCodec and is
// what logs, records, the terminal and the browser exchange.
type Action struct {
	Verb Verb
	Args [MaxArgs]int16
}

// Act builds an action from a verb and its arguments.
func Act(v Verb, args ...int) Action {
	a := Action{Verb: v}
	for i, x := range args {
		a.Args[i] = int16(x)
	}
	return a
}

// Contains reports whether list holds a. It compares each action in
// place, verb and arguments apart, which spares copying it to the stack.
func Contains(list []Action, a Action) bool {
	for i := range list {
		if l := &list[i]; l.Verb == a.Verb && l.Args == a.Args {
			return true
		}
	}
	return false
}

// ArgKind says how one argument of a verb is written as text.
type ArgKind struct {
	// Name describes the argument in help and error messages ("card").
	Name string
	// Prefix is written before the number: "c" for cards makes "c12".
	Prefix string
	// Names, when set, writes the argument as a word: Names[v] for value v.
	Names []string
	// OneBased writes value v as v+1, for seats ("p1" is seat 0).
	OneBased bool
}

// Common argument kinds.
var (
	ArgCard = ArgKind{Name: "card", Prefix: "c"}
	ArgSeat = ArgKind{Name: "player", Prefix: "p", OneBased: true}
	ArgNum  = ArgKind{Name: "number"}
)

// ArgEnum is an argument written as one of the given words.
func ArgEnum(name string, words ...string) ArgKind {
	return ArgKind{Name: name, Names: words}
}

// VerbSpec declares one verb: its word and its arguments.
type VerbSpec struct {
	Name string
	Args []ArgKind
	// Help says what the verb does, for the terminal's help and the docs.
	Help string
}

// ActionCodec turns a game's actions into text and back. Verb i of the
// list given to NewCodec is Verb(i+1).
type ActionCodec struct {
	verbs  []VerbSpec
	byName map[string]Verb
}

// NewCodec makes the codec for a game's verbs.
func NewCodec(verbs ...VerbSpec) *ActionCodec {
	c := &ActionCodec{verbs: verbs, byName: make(map[string]Verb, len(verbs))}
	for i, v := range verbs {
		if _, dup := c.byName[v.Name]; dup {
			panic("engine: verb " + v.Name + " declared twice")
		}
		if len(v.Args) > MaxArgs {
			panic("engine: verb " + v.Name + " has too many arguments")
		}
		c.byName[v.Name] = Verb(i + 1)
	}
	return c
}

// Verb returns the verb declared with the given name; it panics on an
// unknown name, since verb names are fixed in code.
func (c *ActionCodec) Verb(name string) Verb {
	v, ok := c.byName[name]
	if !ok {
		panic("engine: no verb " + name)
	}
	return v
}

// Verbs lists the declared verbs in order.
func (c *ActionCodec) Verbs() []VerbSpec { return c.verbs }

// Spec returns the declaration of v, or false if v is not declared.
func (c *ActionCodec) Spec(v Verb) (VerbSpec, bool) {
	if v == 0 || int(v) > len(c.verbs) {
		return VerbSpec{}, false
	}
	return c.verbs[v-1], true
}

// Format writes a as text, e.g. "attack c12 p2".
func (c *ActionCodec) Format(a Action) string {
	return string(c.AppendFormat(nil, a))
}

// AppendFormat appends the text of a to dst.
func (c *ActionCodec) AppendFormat(dst []byte, a Action) []byte {
	spec, ok := c.Spec(a.Verb)
	if !ok {
		return append(dst, "verb"+strconv.Itoa(int(a.Verb))...)
	}
	dst = append(dst, spec.Name...)
	for i, k := range spec.Args {
		dst = append(dst, ' ')
		v := int(a.Args[i])
		switch {
		case k.Names != nil && v >= 0 && v < len(k.Names):
			dst = append(dst, k.Names[v]...)
		default:
			if k.OneBased {
				v++
			}
			dst = append(dst, k.Prefix...)
			dst = strconv.AppendInt(dst, int64(v), 10)
		}
	}
	return dst
}

// Parse reads an action's text. It checks the form only (the verb exists,
// the arguments are well written); whether the action is legal is for the
// state's Apply to say.
func (c *ActionCodec) Parse(text string) (Action, error) {
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return Action{}, fmt.Errorf("empty action: write a verb such as %q", c.example())
	}
	v, ok := c.byName[strings.ToLower(fields[0])]
	if !ok {
		return Action{}, fmt.Errorf("unknown verb %q: the verbs are %s", fields[0], c.verbList())
	}
	spec := c.verbs[v-1]
	if len(fields)-1 != len(spec.Args) {
		return Action{}, fmt.Errorf("%q takes %d argument(s) (%s), got %d", spec.Name, len(spec.Args), argUsage(spec), len(fields)-1)
	}
	a := Action{Verb: v}
	for i, k := range spec.Args {
		n, err := parseArg(k, fields[i+1])
		if err != nil {
			return Action{}, fmt.Errorf("%q argument %d: %v", spec.Name, i+1, err)
		}
		a.Args[i] = n
	}
	return a, nil
}

func parseArg(k ArgKind, word string) (int16, error) {
	if k.Names != nil {
		if i := IndexFold(k.Names, word); i >= 0 {
			return int16(i), nil
		}
		return 0, fmt.Errorf("%q is not a %s: write one of %s", word, k.Name, strings.Join(k.Names, ", "))
	}
	digits, ok := strings.CutPrefix(strings.ToLower(word), k.Prefix)
	n, err := strconv.Atoi(digits)
	if !ok || err != nil || n < -30000 || n > 30000 {
		return 0, fmt.Errorf("%q is not a %s: write it like %s%d", word, k.Name, k.Prefix, 1)
	}
	if k.OneBased {
		if k.Prefix == ArgSeat.Prefix && (n < 1 || n > MaxSeats) {
			return 0, fmt.Errorf("%q is not a %s: write p1 to p%d", word, k.Name, MaxSeats)
		}
		n--
	}
	return int16(n), nil
}

func argUsage(spec VerbSpec) string {
	if len(spec.Args) == 0 {
		return "none"
	}
	parts := make([]string, len(spec.Args))
	for i, k := range spec.Args {
		parts[i] = k.Name
	}
	return strings.Join(parts, " ")
}

// Usage is one line per verb: its form and its help.
func (c *ActionCodec) Usage() string {
	var b strings.Builder
	for _, v := range c.verbs {
		fmt.Fprintf(&b, "  %-28s %s\n", strings.TrimSpace(v.Name+" "+argPlaceholders(v)), v.Help)
	}
	return b.String()
}

func argPlaceholders(spec VerbSpec) string {
	parts := make([]string, len(spec.Args))
	for i, k := range spec.Args {
		parts[i] = "<" + k.Name + ">"
	}
	return strings.Join(parts, " ")
}

func (c *ActionCodec) verbList() string {
	names := make([]string, len(c.verbs))
	for i, v := range c.verbs {
		names[i] = v.Name
	}
	return strings.Join(names, ", ")
}

func (c *ActionCodec) example() string {
	if len(c.verbs) == 0 {
		return "pass"
	}
	return strings.TrimSpace(c.verbs[0].Name + " " + argPlaceholders(c.verbs[0]))
}
