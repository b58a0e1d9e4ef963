package zynalith

import (
	"embed"
	"io/fs"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
)

//go:embed cards/*.yaml cards/schema.json decks/*.txt
var gameFiles embed.FS

// cardSet is the card pool with its presets.
type cardSet = cardpool.Pool[cardpool.CardList[yamlCard], yamlCard, *pool]

// cardRules is what engine/cardpool needs to load Zynalith's cards and
// stack lists.
var cardRules = &cardpool.Rules[cardpool.CardList[yamlCard], yamlCard, *pool]{
	Game:     "zynalith",
	Files:    gameFiles,
	Entries:  cardpool.ListEntries[yamlCard],
	Name:     func(c yamlCard) string { return c.Name },
	Build:    buildPool,
	Validate: validateDeck,
	Info:     (*pool).cardInfos,
	Ready:    usePresets,
}

// shippedCards is the card set of the shipped files, loaded when first
// used.
var shippedCards = cardpool.Shipped(cardRules)

func (g Game) set() *cardSet { return g.cards.Or(shippedCards) }

// pool is the game's card pool.
func (g Game) pool() *pool { return g.set().Pool() }

// Cards lists the pool with rules text generated from the data.
func (g Game) Cards() []engine.CardInfo { return g.set().Cards() }

// Presets lists the stack lists of the game's presets; "Standard" is the
// default.
func (g Game) Presets() []engine.DeckList { return g.set().Presets() }

// CardSchema returns the JSON Schema of the card files.
func (Game) CardSchema() []byte { return cardpool.Schema(cardRules) }

// WithCards returns the game with the files at the root of fsys added to
// its own (engine.CardOverrider, see engine/cardpool): card files (*.yaml)
// add cards, a card named like an existing one replacing it; stack lists
// (*.txt) add presets, one named like an existing preset replacing it, so
// that "name: Standard" changes the stacks a game uses by default. Every
// problem of the files is returned, with file and line; g is not changed.
func (g Game) WithCards(fsys fs.FS) (engine.Game, error) {
	return cardpool.With(g.set(), fsys, func(c *cardSet) engine.Game { return Game{cards: c} })
}

var _ engine.CardOverrider = Game{}
