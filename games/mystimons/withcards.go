package mystimons

import (
	"fmt"
	"io/fs"
	"slices"

	"kartenwerk/engine"
)

// WithCards returns the game with the card files (*.yaml) at the root of
// fsys added to its own (engine.CardOverrider). A card named like one the
// game has replaces it; a new name adds a card. A file named elements.yaml
// adds elements and multipliers to the element chart, so that cards of a
// new element can be written. Every problem of the files is returned, with
// file and line; g itself is not changed.
func (g *Game) WithCards(fsys fs.FS) (engine.Game, error) {
	extra, err := readSources(fsys, ".", "*.yaml", g.files[len(g.files)-1].layer+1)
	if err != nil {
		return nil, err
	}
	if len(extra) == 0 {
		return nil, fmt.Errorf("no card files (*.yaml) to add: write cards as in `kartenwerk schema mystimons`, in files such as mine.yaml")
	}
	files := append(slices.Clone(g.files), extra...)
	p, err := loadPool(files)
	if err != nil {
		return nil, err
	}
	return newGame(p, files, g.decks)
}

var _ engine.CardOverrider = (*Game)(nil)
