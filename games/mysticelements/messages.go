package mysticelements

import (
	"embed"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

//go:embed messages/*.yaml
var messageFiles embed.FS

// words is Mystic Elements' catalogue in German, English and Czech (the
// Czech in the rulebook's own terms); the shared words come from its
// parent.
var words = i18n.MustLoad("Mystic Elements words", messageFiles, "messages", i18n.Shared)

// Catalog is the game's message catalogue (engine.Speaker).
func (Game) Catalog() *i18n.Catalog { return words }

// CardsIn lists the cards with rules text, kinds, colours and keywords in
// language l; card names stay as printed (engine.Speaker).
func (g Game) CardsIn(l i18n.Lang) []engine.CardInfo { return g.pool().cardInfosIn(l) }

var (
	_ engine.Speaker      = Game{}
	_ engine.StateSpeaker = (*state)(nil)
)

// word is the catalogue's word for key, or fallback when it has none.
func word(l i18n.Lang, key, fallback string) string {
	if words.Has(key) {
		return words.T(l, key)
	}
	return fallback
}

// colourWord is colour c's name in language l: "Rot".
func colourWord(l i18n.Lang, c int8) string {
	if c < 0 || int(c) >= len(colourNames) {
		return "?"
	}
	return words.T(l, "group."+colourNames[c])
}

// join joins items with the catalogue's message key, a pair at a time
// ("{{.a}}; {{.b}}").
func join(l i18n.Lang, key string, items []string) string {
	if len(items) == 0 {
		return ""
	}
	out := items[0]
	for _, it := range items[1:] {
		out = words.T(l, key, "a", out, "b", it)
	}
	return out
}

// seatName is seat s as w's reader calls it: its display name, or
// "Player 1" in the reader's language.
func seatName(w engine.Words, s engine.Seat) string { return w.SeatName(s) }
