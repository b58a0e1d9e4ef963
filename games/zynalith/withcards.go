package zynalith

import (
	"fmt"
	"io/fs"
	"slices"

	"kartenwerk/engine"
)

// WithCards returns the game with the files at the root of fsys added to
// its own (engine.CardOverrider): card files (*.yaml) add cards, a card
// named like an existing one replacing it; stack lists (*.txt) add
// presets, one named like an existing preset replacing it, so that
// "name: Standard" changes the stacks a game uses by default. Every
// problem of the files is returned, with file and line; g is not changed.
func (g Game) WithCards(fsys fs.FS) (engine.Game, error) {
	old := g.set()
	layer := old.cards[len(old.cards)-1].layer + 1
	cards, err := readSources(fsys, ".", "*.yaml", layer)
	if err != nil {
		return nil, err
	}
	decks, err := readSources(fsys, ".", "*.txt", layer)
	if err != nil {
		return nil, err
	}
	if len(cards)+len(decks) == 0 {
		return nil, fmt.Errorf("no card files (*.yaml) or stack lists (*.txt) to add: write cards as in `kartenwerk schema zynalith`, in files such as mine.yaml")
	}
	cards = append(slices.Clone(old.cards), cards...)
	decks = append(slices.Clone(old.decks), decks...)
	p, err := loadSources(cards)
	if err != nil {
		return nil, err
	}
	c, err := newCardSet(p, cards, decks)
	if err != nil {
		return nil, err
	}
	return Game{cards: c}, nil
}

var _ engine.CardOverrider = Game{}
