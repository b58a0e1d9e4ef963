package mystimons

import (
	"fmt"
	"io/fs"
	"slices"

	"kartenwerk/engine"
)

// WithCards returns the game with the files at the root of fsys added to
// its own (engine.CardOverrider). Card files (*.yaml) add cards, a card
// named like one the game has replacing it; a file named elements.yaml adds
// elements and multipliers to the element chart, so that cards of a new
// element can be written. Deck lists (*.txt) add presets, one named like a
// preset the game has replacing it, so that a shipped preset that changed
// cards make illegal can be mended in the same directory. Every problem of
// the files is returned, with file and line; g itself is not changed.
func (g *Game) WithCards(fsys fs.FS) (engine.Game, error) {
	layer := g.nextLayer()
	cards, err := readSources(fsys, ".", "*.yaml", layer)
	if err != nil {
		return nil, err
	}
	decks, err := readSources(fsys, ".", "*.txt", layer)
	if err != nil {
		return nil, err
	}
	if len(cards)+len(decks) == 0 {
		return nil, fmt.Errorf("no card files (*.yaml) or deck lists (*.txt) to add: write cards as in `kartenwerk schema mystimons`, in files such as mine.yaml, and deck lists in files such as mine.txt")
	}
	files := append(slices.Clone(g.files), cards...)
	p, err := loadPool(files)
	if err != nil {
		return nil, err
	}
	return newGame(p, files, append(slices.Clone(g.decks), decks...))
}

// nextLayer is the layer of the files a WithCards adds: above every card
// file and deck list the game has, since either may come alone.
func (g *Game) nextLayer() int {
	return max(g.files[len(g.files)-1].layer, g.decks[len(g.decks)-1].layer) + 1
}

var _ engine.CardOverrider = (*Game)(nil)
