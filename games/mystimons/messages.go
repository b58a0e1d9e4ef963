package mystimons

import (
	"embed"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

//go:embed messages/*.yaml
var messageFiles embed.FS

// words is MystiMons' catalogue in German, English and Czech; the shared
// words (seats, hidden cards, lists) come from its parent.
var words = i18n.MustLoad("MystiMons words", messageFiles, "messages", i18n.Shared)

// Catalog is the game's message catalogue (engine.Speaker).
func (g *Game) Catalog() *i18n.Catalog { return words }

// CardsIn lists the pool with its rules text, kinds, elements and paths in
// language l; card names stay as printed (engine.Speaker).
func (g *Game) CardsIn(l i18n.Lang) []engine.CardInfo { return g.pool.InfosIn(l) }

var (
	_ engine.Speaker      = (*Game)(nil)
	_ engine.StateSpeaker = (*state)(nil)
)

// nameOr is the catalogue's word for key, or fallback when the catalogue
// has none: elements and paths that card files add have no translation.
func nameOr(l i18n.Lang, key, fallback string) string {
	if words.Has(key) {
		return words.T(l, key)
	}
	return fallback
}

// joinList joins items with the language's list separator.
func joinList(l i18n.Lang, items []string) string {
	if len(items) == 0 {
		return ""
	}
	out := items[0]
	for _, it := range items[1:] {
		out = words.T(l, "list.series", "a", out, "b", it)
	}
	return out
}
