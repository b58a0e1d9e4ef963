package mysticelements

import (
	"embed"
	"io/fs"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
)

//go:embed cards/*.yaml cards/schema.json decks/*.txt
var gameFiles embed.FS

// cardSet is the card pool with its presets.
type cardSet = cardpool.Pool[yamlFile, colourCard, *pool]

// cardRules is what engine/cardpool needs to load Mystic Elements' cards.
var cardRules = &cardpool.Rules[yamlFile, colourCard, *pool]{
	Game:     "mysticelements",
	Files:    gameFiles,
	Entries:  fileCards,
	Name:     func(c colourCard) string { return c.Name },
	Build:    buildPool,
	Validate: func(p *pool, d engine.DeckList) []engine.Problem { _, ps := deckColours(p, d); return ps },
	Info:     (*pool).cardInfos,
}

// shippedCards is the pool of the shipped files, loaded when first used.
var shippedCards = cardpool.Shipped(cardRules)

func (g Game) set() *cardSet { return g.cards.Or(shippedCards) }

// pool is the game's card pool.
func (g Game) pool() *pool { return g.set().Pool() }

// defaultPool is the shipped card pool.
func defaultPool() *pool { return shippedCards().Pool() }

// Cards lists the 120 cards with generated rules text.
func (g Game) Cards() []engine.CardInfo { return g.set().Cards() }

// Presets are the preset decks: named colour triples listing all 45 cards.
func (g Game) Presets() []engine.DeckList { return g.set().Presets() }

// CardSchema is the JSON Schema of cards/*.yaml.
func (Game) CardSchema() []byte { return cardpool.Schema(cardRules) }

// WithCards returns the game with the card files (*.yaml) and deck lists
// (*.txt) of fsys added (engine.CardOverrider, see engine/cardpool): a
// file named like a shipped file replaces it whole, a card named like one
// of the pool replaces it, a deck list adds or
// replaces a preset. Each file names its colour, and every colour must
// still have 15 cards (ME-1.1). g itself is not changed.
func (g Game) WithCards(fsys fs.FS) (engine.Game, error) {
	return cardpool.With(g.set(), fsys, func(c *cardSet) engine.Game { return Game{cards: c} })
}
