// Package wording holds the small pieces of wording that several games'
// catalogues share: lists of phrases and the result line.
package wording

import (
	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

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
		return i18n.Shared.T(w.Lang, "result.wins", "name", w.SeatName(winners[0]))
	}
	return i18n.Shared.T(w.Lang, "result.draw")
}
