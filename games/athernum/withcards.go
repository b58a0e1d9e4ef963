package athernum

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

// cardRules is what engine/cardpool needs to load Athernum's cards.
var cardRules = &cardpool.Rules[cardpool.CardList[yamlCard], yamlCard, *pool]{
	Game:     "athernum",
	Files:    gameFiles,
	Entries:  cardpool.ListEntries[yamlCard],
	Name:     func(c yamlCard) string { return c.Name },
	Build:    buildPool,
	Validate: (*pool).validateDeck,
	Info:     (*pool).cardInfos,
	Ready:    usePresets,
}

// newGame is the game of a card set.
func newGame(c *cardSet) *Game { return &Game{pool: c.Pool(), cards: c} }

// Cards lists the card pool with rules text generated from the data.
func (g *Game) Cards() []engine.CardInfo { return g.cards.Cards() }

// Presets lists the ready-made decks.
func (g *Game) Presets() []engine.DeckList { return g.cards.Presets() }

// CardSchema is the JSON Schema of the card files.
func (g *Game) CardSchema() []byte { return cardpool.Schema(cardRules) }

// WithCards returns the game with the card files (*.yaml) and deck lists
// (*.txt) at the root of fsys added (engine.CardOverrider, see
// engine/cardpool): a file named like a shipped file replaces it whole,
// a card named like one of the pool replaces it in its place in Cards(),
// another is added, and a deck list adds or replaces a
// preset. A preset the changes make illegal is an error that says how to
// mend it. g itself is not changed.
func (g *Game) WithCards(fsys fs.FS) (engine.Game, error) {
	return cardpool.With(g.cards, fsys, func(c *cardSet) engine.Game { return newGame(c) })
}
