package mystimons

import (
	"slices"
	"strings"

	"kartenwerk/engine"
)

// usePresets keeps the presets, which engine/cardpool checked against the
// pool, sorted by name and resolved to card definitions for setups that
// name no decks.
func (g *Game) usePresets(presets []engine.DeckList) {
	g.presets = slices.SortedFunc(slices.Values(presets), func(a, b engine.DeckList) int { return strings.Compare(a.Name, b.Name) })
	for _, d := range g.presets {
		var defs []uint8
		for _, name := range d.Cards("") {
			defs = append(defs, uint8(g.pool.byName[strings.ToLower(name)]))
		}
		g.presetDefs = append(g.presetDefs, defs)
	}
	g.priors = priorsOf(g.presetDefs, len(g.pool.defs))
}

// Presets lists the preset decks: the shipped ones and those added by
// WithCards, by name.
func (g *Game) Presets() []engine.DeckList { return g.presets }
