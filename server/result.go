package server

import (
	"slices"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// explainBelowHeadline is a finished game's explanation as the result
// screen shows it under its headline, which says already who won ("You
// win!", "Anna wins"): without the lines that say only that again.
func explainBelowHeadline(g engine.Game, st engine.State, sp engine.StateSpeaker, w engine.Words) []string {
	lines := sp.Explain(w)
	_, out := st.Terminal()
	said := resultLines(g, out.Winners.Seats(), w)
	return slices.DeleteFunc(lines, func(line string) bool { return slices.Contains(said, line) })
}

// resultLines are the ways a game's catalogue, or the shared one, says
// who won: "Anna wins.", or that the game is a draw.
func resultLines(g engine.Game, winners []engine.Seat, w engine.Words) []string {
	cats := []*i18n.Catalog{i18n.Shared}
	if sp, ok := g.(engine.Speaker); ok {
		cats = append(cats, sp.Catalog())
	}
	var out []string
	for _, c := range cats {
		out = append(out, c.T(w.Lang, "result.draw"))
		for _, p := range winners {
			out = append(out, c.T(w.Lang, "result.wins", "name", w.SeatName(p)))
		}
	}
	return out
}
