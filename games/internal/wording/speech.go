// Package wording holds the small pieces of wording that several games'
// catalogues share: seat names and lists of phrases.
package wording

import (
	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// SeatName is seat p as w's reader calls it: the display name, or the
// seat numbered by c's "seat.numbered" message (argument v). It stands in
// for engine.Words.SeatName, which passes the seat number as the plural
// count "n" to the shared "seat.player", a message without plural forms
// that go-i18n then refuses.
func SeatName(c *i18n.Catalog, w engine.Words, p engine.Seat) string {
	if p >= 0 && int(p) < len(w.Names) && w.Names[p] != "" {
		return w.Names[p]
	}
	if p < 0 {
		return i18n.Shared.T(w.Lang, "seat.nobody")
	}
	return c.T(w.Lang, "seat.numbered", "v", int(p)+1)
}

// Series joins phrases with the shared list words ("a, b, c").
func Series(l i18n.Lang, parts []string) string {
	out := ""
	for i, p := range parts {
		if i == 0 {
			out = p
		} else {
			out = i18n.Shared.T(l, "list.series", "a", out, "b", p)
		}
	}
	return out
}

// Result is the first line of a finished game's explanation: who won,
// or a draw when several or none did.
func Result(c *i18n.Catalog, w engine.Words, winners []engine.Seat) string {
	if len(winners) == 1 {
		return i18n.Shared.T(w.Lang, "result.wins", "name", SeatName(c, w, winners[0]))
	}
	return i18n.Shared.T(w.Lang, "result.draw")
}
