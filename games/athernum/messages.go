package athernum

import (
	"embed"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

//go:embed messages/*.yaml
var messageFiles embed.FS

// words are Athernum's messages in every language, over the shared ones.
var words = i18n.MustLoad("Athernum words", messageFiles, "messages", i18n.Shared)

// Catalog is Athernum's words (engine.Speaker).
func (g *Game) Catalog() *i18n.Catalog { return words }

// CardsIn lists the cards with their rules text, kind, faction and
// keywords in language l; names stay as printed (engine.Speaker).
func (g *Game) CardsIn(l i18n.Lang) []engine.CardInfo { return g.pool.cardInfosIn(l) }
