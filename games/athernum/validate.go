package athernum

import (
	"fmt"
	"sort"
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
			probs = append(probs, d.Problem(e, fmt.Sprintf("unknown section %q", e.Section), `use "extra:" for the Extra deck or "main:" for the deck`))
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
			probs = append(probs, d.Problem(e, "is a token: effects create it, decks cannot hold it (AT-10.U7)", "remove it"))
		case e.Section == "extra" && !def.extra:
			probs = append(probs, d.Problem(e, "is not an Extra-deck card (AT-8.4)", "move it to the main deck"))
		case e.Section == "" && def.extra:
			probs = append(probs, d.Problem(e, "is an Extra-deck card and is never drawn (AT-2.2)", `list it under "extra:"`))
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
		if counts[k] > 4 {
			e := first[k]
			probs = append(probs, d.Problem(e, fmt.Sprintf("%d copies; at most 4 of a name are allowed (AT-8.2)", counts[k]), "remove copies down to 4"))
		}
	}
	if n := d.Size(""); n != 60 {
		probs = append(probs, engine.Problem{File: d.Source, Subject: d.Name, Msg: fmt.Sprintf("the deck has %d cards; it must have exactly 60 (AT-8.1)", n),
			Fix: fmt.Sprintf("%s %d cards", map[bool]string{true: "add", false: "remove"}[n < 60], abs(60-n))})
	}
	if !start {
		probs = append(probs, engine.Problem{File: d.Source, Subject: d.Name, Msg: "the deck has no character or location with a VP field to start with (AT-8.3, AT-10.9)",
			Fix: "add a character or location with a VP field"})
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
