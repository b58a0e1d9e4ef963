package zynalith

import (
	"bytes"
	"embed"
	"fmt"
	"path"
	"slices"
	"strings"

	"kartenwerk/engine"
)

// Stack limits: every stack must fill its market row (ZY-2.6) with room to
// spare, and all cards of a game fit the state's fixed card table.
const (
	minStack    = 10
	maxCards    = 96
	maxCounters = 24
)

//go:embed decks/*.txt
var deckFS embed.FS

// cardSet is a card pool and what derives from it: the presets, checked
// against the pool, and the default stacks.
type cardSet struct {
	pool     *pool
	cards    []source // the card files of pool, for WithCards to build on
	decks    []source // the stack-list files of the presets
	presets  []engine.DeckList
	standard stackList // the preset "Standard", used when a setup gives no list
}

// shipped is the card set of the shipped files.
var shipped = func() *cardSet {
	decks, err := readSources(deckFS, "decks", "*.txt", 0)
	if err == nil {
		var c *cardSet
		if c, err = newCardSet(builtin, sortedSources(builtinFiles()), decks); err == nil {
			return c
		}
	}
	panic("zynalith: shipped presets: " + err.Error())
}()

func (g Game) set() *cardSet {
	if g.cards == nil {
		return shipped
	}
	return g.cards
}

// newCardSet reads the presets and checks every one against the pool.
func newCardSet(p *pool, cards, decks []source) (*cardSet, error) {
	c := &cardSet{pool: p, cards: cards, decks: decks}
	problems := c.readPresets()
	for _, d := range c.presets {
		ps := validateDeck(p, d)
		if strings.HasPrefix(d.Source, "decks/") {
			ps = illegalPreset(d, ps)
		}
		problems = append(problems, ps...)
	}
	i := slices.IndexFunc(c.presets, func(d engine.DeckList) bool { return strings.EqualFold(d.Name, "standard") })
	if i < 0 {
		problems = append(problems, engine.Problem{Subject: "Standard", Msg: "no preset named Standard, the default stacks", Fix: "keep the shipped one, or add a stack list with `name: Standard`"})
	}
	if len(problems) > 0 {
		return nil, problems
	}
	c.standard = resolve(p, c.presets[i])
	return c, nil
}

// readPresets parses the stack lists. A list of a later layer replaces
// the preset of its name in place; one name twice in a layer is an error.
func (c *cardSet) readPresets() engine.Problems {
	var problems engine.Problems
	var layers []int // the layer of each preset
	for _, src := range c.decks {
		d, err := engine.ParseDeckList(src.name, strings.TrimSuffix(path.Base(src.name), ".txt"), bytes.NewReader(src.data))
		if err != nil {
			problems = append(problems, asProblems(err)...)
			continue
		}
		i := slices.IndexFunc(c.presets, func(p engine.DeckList) bool { return strings.EqualFold(p.Name, d.Name) })
		switch {
		case i < 0:
			c.presets = append(c.presets, d)
			layers = append(layers, src.layer)
		case layers[i] < src.layer:
			c.presets[i], layers[i] = d, src.layer
		default:
			problems = append(problems, engine.Problem{File: src.name, Subject: d.Name,
				Msg: "a preset of this name is already given in " + c.presets[i].Source, Fix: "give each stack list its own `name:`"})
		}
	}
	return problems
}

// illegalPreset explains the problems of a shipped preset under changed
// cards. The preset is not the designer's to edit, so the fix says how to
// replace it.
func illegalPreset(d engine.DeckList, ps []engine.Problem) []engine.Problem {
	for i := range ps {
		ps[i].Msg = "the shipped preset " + d.Name + " becomes illegal: " + ps[i].Msg
		ps[i].Fix = fmt.Sprintf("keep the cards this preset uses legal in it, or put a stack list with `name: %s` beside your cards to replace it", d.Name)
	}
	return ps
}

// Presets lists the stack lists of the game's presets; "Standard" is the
// default.
func (g Game) Presets() []engine.DeckList { return g.set().presets }

// ValidateDeck checks a list of the two shared stacks (ZY-8.1): a
// "creatures:" section with creatures and creature events, an "extras:"
// section with extras, extra events and counters.
func (g Game) ValidateDeck(d engine.DeckList) []engine.Problem { return validateDeck(g.set().pool, d) }

func validateDeck(p *pool, d engine.DeckList) []engine.Problem {
	var ps []engine.Problem
	var total, sizes, buyable [2]int
	counters := 0
	for _, e := range d.Entries {
		st := indexOf(stackNames, e.Section)
		if st < 0 {
			ps = append(ps, d.Problem(e, fmt.Sprintf("the card is in section %q; Zynalith has no personal decks", sectionName(e.Section)),
				"put every card under `creatures:` or `extras:`"))
			continue
		}
		id, ok := p.lookup(e.Card)
		if !ok {
			ps = append(ps, d.Problem(e, "no such card", "check the spelling against `kartenwerk cards zynalith`"))
			continue
		}
		def := &p.defs[id]
		if def.Stack != stackID(st) {
			ps = append(ps, d.Problem(e, fmt.Sprintf("a %s belongs in the %s stack, not the %s stack (ZY-8.1)", kindNames[def.Kind], stackNames[def.Stack], stackNames[st]),
				"move the line under `"+stackNames[def.Stack]+":`"))
			continue
		}
		sizes[st] += e.Count
		if def.Kind == kCounter {
			counters += e.Count
		}
		if def.Kind != kEvent {
			buyable[st] += e.Count
		}
		total[0] += e.Count
	}
	for st := range sizes {
		if buyable[st] < minStack {
			ps = append(ps, engine.Problem{File: d.Source, Subject: stackNames[st], Msg: fmt.Sprintf("the %s stack has %d cards besides events, fewer than %d", stackNames[st], buyable[st], minStack),
				Fix: fmt.Sprintf("add cards under `%s:`", stackNames[st])})
		}
	}
	if counters > maxCounters {
		ps = append(ps, engine.Problem{File: d.Source, Msg: fmt.Sprintf("the stacks hold %d counters, more than %d", counters, maxCounters), Fix: "remove counters"})
	}
	if total[0] > maxCards {
		ps = append(ps, engine.Problem{File: d.Source, Msg: fmt.Sprintf("the stacks hold %d cards, more than %d", total[0], maxCards), Fix: "remove cards"})
	}
	return ps
}

func sectionName(s string) string {
	if s == "" {
		return "main"
	}
	return s
}
