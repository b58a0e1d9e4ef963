package athernum

import (
	"sort"
	"strconv"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
)

// Deck construction (AT-8) and the preset decks.

// usePresets keeps the checked presets resolved to definitions, for
// setups that name no decks.
func usePresets(p *pool, presets []engine.DeckList) engine.Problems {
	p.presets = presets
	for _, d := range presets {
		m, x := p.deckDefs(d)
		p.presetMain, p.presetExtra = append(p.presetMain, m), append(p.presetExtra, x)
	}
	return nil
}

// validateDeck lists every problem of a deck: its sections, copies (AT-8.2),
// size (AT-8.1) and a card to start with (AT-8.3).
func (p *pool) validateDeck(d engine.DeckList) []engine.Problem {
	var probs []engine.Problem
	counts := map[string]int{}
	first := map[string]engine.DeckEntry{}
	start := false
	for _, e := range d.Entries {
		id, ok := p.def(e.Card)
		if e.Section != "" && e.Section != "extra" {
			probs = append(probs, d.Spoken(words, e, "deck.section", "section", strconv.Quote(e.Section)))
			continue
		}
		if !ok {
			probs = append(probs, cardpool.NoSuchCard(d, e, "athernum", cardpool.Names(p.defs, func(c *cardDef) string { return c.name })))
			continue
		}
		def := &p.defs[id]
		key := e.Section + "\x00" + strings.ToLower(def.name)
		counts[key] += e.Count
		if _, seen := first[key]; !seen {
			first[key] = e
		}
		switch {
		case def.token:
			probs = append(probs, d.Spoken(words, e, "deck.token"))
		case e.Section == "extra" && !def.extra:
			probs = append(probs, d.Spoken(words, e, "deck.not_extra"))
		case e.Section == "" && def.extra:
			probs = append(probs, d.Spoken(words, e, "deck.extra"))
		case e.Section == "" && def.vp > 0 && def.typ != tItem:
			start = true
		}
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if counts[k] > maxCopies {
			e := first[k]
			probs = append(probs, d.Spoken(words, e, "deck.copies", "n", counts[k]))
		}
	}
	if n := d.Size(""); n != 60 {
		probs = append(probs, d.Whole(words, map[bool]string{true: "deck.size_short", false: "deck.size_long"}[n < 60], "n", n, "missing", abs(60-n)))
	}
	if !start {
		probs = append(probs, d.Whole(words, "deck.start"))
	}
	return probs
}

// abs is |x|.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// deckDefs resolves a validated deck list to definitions: main and extra.
func (p *pool) deckDefs(d engine.DeckList) (main, extra []int16) {
	for _, e := range d.Entries {
		id, _ := p.def(e.Card)
		for i := 0; i < e.Count; i++ {
			if e.Section == "extra" {
				extra = append(extra, id)
			} else {
				main = append(main, id)
			}
		}
	}
	return main, extra
}

// presetIndex picks seat s's preset from the seed: consecutive seeds meet
// every ordered pairing of presets, mirror matches included, equally often.
func (p *pool) presetIndex(seed uint64, s int) int {
	return engine.DefaultPreset(seed, s, len(p.presets))
}

// ValidateDeck lists every problem of a deck (AT-8).
func (g *Game) ValidateDeck(d engine.DeckList) []engine.Problem { return g.pool.validateDeck(d) }

// maxCopies is the most copies of a name a deck may hold, in the main deck
// and in the Extra deck alike (AT-8.2).
const maxCopies = 4

// CopyLimit is the most copies of a card a deck may hold, with its rule
// (engine.CopyLimiter): 4 of every name (AT-8.2); 0 for a name of no card.
func (g *Game) CopyLimit(card string) (int, string) {
	if _, ok := g.pool.def(card); !ok {
		return 0, ""
	}
	return maxCopies, "AT-8.2"
}

var _ engine.CopyLimiter = (*Game)(nil)
