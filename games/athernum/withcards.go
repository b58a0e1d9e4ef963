package athernum

import (
	"fmt"
	"io/fs"
	"sync"

	"kartenwerk/engine"
)

// cardSchema is cards/schema.json compiled, for checking designers' files.
var cardSchema = sync.OnceValues(func() (*engine.Schema, error) {
	return engine.CompileSchema("schema.json", schemaJSON)
})

// WithCards returns the game with the card files (*.yaml) at the root of
// fsys added to the shipped cards (engine.CardOverrider): a card named
// like a shipped card replaces it and keeps its place in Cards(); any
// other card is added. The files are checked like the shipped ones and
// against cards/schema.json, and every problem is returned with file,
// line and card. Preset decks that the changes make illegal are left out.
// The files always add to the shipped cards, whatever g holds; g itself
// is not changed.
func (g *Game) WithCards(fsys fs.FS) (engine.Game, error) {
	names, err := fs.Glob(fsys, "*.yaml")
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no card files (*.yaml) found: write the cards in YAML files as described by `kartenwerk schema athernum`")
	}
	extra := make(map[string][]byte, len(names))
	for _, n := range names {
		if extra[n], err = fs.ReadFile(fsys, n); err != nil {
			return nil, err
		}
	}
	sch, err := cardSchema()
	if err != nil {
		return nil, err
	}
	p, err := mergePool(shippedFiles(), extra, sch)
	if err != nil {
		return nil, err
	}
	if err := p.loadPresets(false); err != nil {
		return nil, err
	}
	return &Game{pool: p}, nil
}
