package microlife

import (
	"embed"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

//go:embed messages/*.yaml
var messageFiles embed.FS

// words are Micro-Life's messages in English, German and Czech; the
// shared words (seats, hidden cards) are their parent.
var words = i18n.MustLoad("Micro-Life words", messageFiles, "messages", i18n.Shared)

// Catalog returns Micro-Life's messages (engine.Speaker).
func (Game) Catalog() *i18n.Catalog { return words }

// CardsIn lists the card pool as Cards does, with the rules text, kind,
// group and keywords in language l; names stay as printed. (Cards gives
// kinds and groups by id.)
func (g Game) CardsIn(l i18n.Lang) []engine.CardInfo {
	c := g.catalog()
	out := make([]engine.CardInfo, len(c.defs))
	for i := range c.defs {
		out[i] = c.info(int16(i), l)
	}
	return out
}
