package zynalith

import (
	"slices"
	"strconv"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
)

// Stack limits: every stack must fill its market row (ZY-2.6) with room to
// spare, and all cards of a game fit the state's fixed card table.
const (
	minStack    = 10
	maxCards    = 96
	maxCounters = 24
)

// usePresets finds the preset "Standard", the stacks a setup that names
// none plays with, among the presets engine/cardpool checked.
func usePresets(p *pool, presets []engine.DeckList) engine.Problems {
	i := slices.IndexFunc(presets, func(d engine.DeckList) bool { return strings.EqualFold(d.Name, "standard") })
	if i < 0 {
		return engine.Problems{{Subject: "Standard", Msg: "no preset named Standard, the default stacks", Fix: "keep the shipped one, or add a stack list with `name: Standard`"}}
	}
	p.standard = resolve(p, presets[i])
	return nil
}

// ValidateDeck checks a list of the two shared stacks (ZY-8.1): a
// "creatures:" section with creatures and creature events, an "extras:"
// section with extras, extra events and counters.
func (g Game) ValidateDeck(d engine.DeckList) []engine.Problem { return validateDeck(g.pool(), d) }

func validateDeck(p *pool, d engine.DeckList) []engine.Problem {
	var ps []engine.Problem
	var total, sizes, buyable [2]int
	counters := 0
	for _, e := range d.Entries {
		st := engine.IndexFold(stackNames, e.Section)
		if st < 0 {
			ps = append(ps, d.Spoken(words, e, "deck.section", "section", strconv.Quote(sectionName(e.Section))))
			continue
		}
		id, ok := p.lookup(e.Card)
		if !ok {
			ps = append(ps, cardpool.NoSuchCard(d, e, "zynalith", cardpool.Names(p.defs, func(c *cardDef) string { return c.Name })))
			continue
		}
		def := &p.defs[id]
		if def.Stack != stackID(st) {
			ps = append(ps, d.Spoken(words, e, "deck.wrong_stack."+kindNames[def.Kind],
				"want", stackNames[def.Stack], "got", stackNames[st]))
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
			ps = append(ps, engine.Spoken(engine.Problem{File: d.Source, Subject: stackNames[st]}, words,
				"deck.small_stack", "stack", stackNames[st], "n", buyable[st], "min", minStack, "missing", minStack-buyable[st]))
		}
	}
	if counters > maxCounters {
		ps = append(ps, engine.Spoken(engine.Problem{File: d.Source}, words, "deck.counters", "n", counters, "max", maxCounters, "missing", counters-maxCounters))
	}
	if total[0] > maxCards {
		ps = append(ps, engine.Spoken(engine.Problem{File: d.Source}, words, "deck.cards", "n", total[0], "max", maxCards, "missing", total[0]-maxCards))
	}
	return ps
}

func sectionName(s string) string {
	if s == "" {
		return "main"
	}
	return s
}
