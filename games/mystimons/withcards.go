package mystimons

import (
	"embed"
	"io/fs"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
)

//go:embed cards/*.yaml cards/schema.json decks/*.txt
var gameFiles embed.FS

// cardSet is the card pool with its presets.
type cardSet = cardpool.Pool[cardpool.CardList[yamlCard], yamlCard, *Pool]

// cardRules is what engine/cardpool needs to load MystiMons' cards; the
// element chart, elements.yaml, is handed to buildPool as it is.
var cardRules = &cardpool.Rules[cardpool.CardList[yamlCard], yamlCard, *Pool]{
	Game:     "mystimons",
	Files:    gameFiles,
	Entries:  cardpool.ListEntries[yamlCard],
	Name:     func(c yamlCard) string { return c.Name },
	Aside:    isChart,
	Build:    buildPool,
	Validate: (*Pool).validate,
	Info:     (*Pool).Infos,
}

// shippedCards is the card set of the shipped files, loaded when first
// used.
var shippedCards = cardpool.Shipped(cardRules)

// newGame is the game of a card set.
func newGame(c *cardSet) *Game {
	g := &Game{pool: c.Pool(), cards: c}
	g.usePresets(c.Presets())
	return g
}

// Cards lists the pool with generated rules text.
func (g *Game) Cards() []engine.CardInfo { return g.cards.Cards() }

// CardSchema is the JSON Schema of the card files.
func (g *Game) CardSchema() []byte { return cardpool.Schema(cardRules) }

// WithCards returns the game with the files at the root of fsys added to
// its own (engine.CardOverrider, see engine/cardpool). Card files (*.yaml)
// add cards, a card named like one the game has replacing it; a file named
// elements.yaml adds elements and multipliers to the element chart, so
// that cards of a new element can be written. Deck lists (*.txt) add
// presets, one named like a preset the game has replacing it, so that a
// shipped preset that changed cards make illegal can be mended in the
// same directory. Every problem of the files is returned, with file and
// line; g itself is not changed.
func (g *Game) WithCards(fsys fs.FS) (engine.Game, error) {
	return cardpool.With(g.cards, fsys, func(c *cardSet) engine.Game { return newGame(c) })
}

var _ engine.CardOverrider = (*Game)(nil)
