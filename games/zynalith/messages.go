package zynalith

import (
	"embed"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

//go:embed messages/*.yaml
var messageFiles embed.FS

// words are Zynalith's messages in every language, over the shared ones.
var words = i18n.MustLoad("Zynalith words", messageFiles, "messages", i18n.Shared)

// Catalog is Zynalith's words (engine.Speaker).
func (Game) Catalog() *i18n.Catalog { return words }

// CardsIn lists the cards with their rules text, kind, stack and
// keywords in language l; names stay as printed (engine.Speaker).
func (g Game) CardsIn(l i18n.Lang) []engine.CardInfo { return g.pool().cardInfosIn(l) }
