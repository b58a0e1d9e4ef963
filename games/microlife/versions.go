package microlife

import (
	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
)

// CardsDate is the day whose card texts the game plays (engine.Versioned).
func (g Game) CardsDate() string { return g.set().Date() }

// At returns the game with the card texts in force on date.
func (g Game) At(date string) (engine.Game, error) {
	return cardpool.At(g.set(), date, func(c *cardSet) engine.Game { return Game{cards: c} })
}

// Errata lists every dated version of the game's cards, oldest first.
func (g Game) Errata() []engine.Erratum { return g.set().Errata() }
