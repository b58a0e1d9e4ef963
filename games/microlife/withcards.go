package microlife

import (
	"embed"
	"io/fs"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
)

//go:embed cards/*.yaml cards/schema.json decks/*.txt
var gameFiles embed.FS

// cardSet is the card catalog with its presets.
type cardSet = cardpool.Pool[cardpool.CardList[cardYAML], cardYAML, *catalog]

// cardRules is what engine/cardpool needs to load Micro-Life's cards.
var cardRules = &cardpool.Rules[cardpool.CardList[cardYAML], cardYAML, *catalog]{
	Game:     "microlife",
	Files:    gameFiles,
	Entries:  cardpool.ListEntries[cardYAML],
	Name:     func(c cardYAML) string { return c.Name },
	Build:    newCatalog,
	Validate: validateDeck,
	Info:     func(c *catalog) []engine.CardInfo { return c.infos },
	Ready:    usePresets,
}

// shippedCards is the card set of the shipped files, loaded when first
// used.
var shippedCards = cardpool.Shipped(cardRules)

func (g Game) set() *cardSet { return g.cards.Or(shippedCards) }

// catalog is the game's card pool.
func (g Game) catalog() *catalog { return g.set().Pool() }

// Cards lists the card pool with rules text generated from the data.
func (g Game) Cards() []engine.CardInfo { return g.set().Cards() }

// Presets lists the starter decks.
func (g Game) Presets() []engine.DeckList { return g.set().Presets() }

// CardSchema returns the JSON Schema of the card files.
func (Game) CardSchema() []byte { return cardpool.Schema(cardRules) }

// WithCards returns the game with the card files (*.yaml) and deck lists
// (*.txt) at the root of fsys added (engine.CardOverrider, see
// engine/cardpool): a file named like a shipped file replaces it whole, a
// card named like one of the catalog replaces it, a
// new name adds a card (to the market or mutation deck by its copies), and
// a deck list adds or replaces a starter deck. Every problem of the files
// is returned, with file, line and card; g is not changed.
func (g Game) WithCards(fsys fs.FS) (engine.Game, error) {
	return cardpool.With(g.set(), fsys, func(c *cardSet) engine.Game { return Game{cards: c} })
}
