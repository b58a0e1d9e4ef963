package sim

import (
	"embed"
	"strconv"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

//go:embed messages/*.yaml
var messageFiles embed.FS

// words are the report's own words in every language; a game's words
// (how its games end) come from the game's catalogue.
var words = i18n.MustLoad("report words", messageFiles, "messages", i18n.Shared)

// Words is the report's catalogue, for checking that every language has
// every word.
func Words() *i18n.Catalog { return words }

// RatePercent writes a rate with its interval as the reader writes
// numbers: "56.7% [55.7–57.7]", "56,7 % [55,7–57,7]".
func RatePercent(l i18n.Lang, iv Interval) string {
	return i18n.Percent(l, iv.Rate, 1) + " [" + i18n.PercentRange(l, iv.Low, iv.High, 1) + "]"
}

// measureKeys are the report catalogue's keys of DiffResults' measures
// other than a seat's win rate.
var measureKeys = map[string]string{measureFirstWin: "first_win", measureDraw: "draw",
	measureTurnCap: "turn_cap", measureTurns: "turns"}

// measureIn names a paired comparison's measure (paired.go names them in
// English, which the JSON keeps) in language l.
func measureIn(l i18n.Lang, name string) string {
	if seat, ok := seatOfMeasure(name); ok {
		return words.T(l, "report.measure.seat_win", "seat", seat)
	}
	key, ok := measureKeys[name]
	if !ok {
		return name
	}
	return words.T(l, "report.measure."+key)
}

// gameFigureIn names a figure a game measures (engine.Measure, named in
// English, which reports store) in language l through the game's words
// (its catalogue's figure.<name>), or as it is where the game has none.
func gameFigureIn(l i18n.Lang, game *i18n.Catalog, name string) string {
	return gameWord(l, game, "figure."+name, name)
}

// gameWord is the game's word under key in language l, or fallback where
// the game (or its catalogue) has none.
func gameWord(l i18n.Lang, game *i18n.Catalog, key, fallback string) string {
	if game != nil && game.Has(key) {
		return game.T(l, key)
	}
	return fallback
}

// AgentIn names an agent spec ("ismcts:iters=1000") in language l by
// its kind's word, its parameters as typed: "ISMCTS-Suche (iters=1000)".
// English keeps the spec itself, which is what one types; an agent kind
// without a word stays as it is.
func AgentIn(l i18n.Lang, spec string) string {
	kind, params, _ := strings.Cut(spec, ":")
	key := "report.agent." + kind
	if l == i18n.EN || !words.Has(key) {
		return spec
	}
	if params == "" {
		return words.T(l, key)
	}
	return words.T(l, key) + " (" + params + ")"
}

// agentsIn names every agent spec of specs in language l.
func agentsIn(l i18n.Lang, specs []string) []string {
	out := make([]string, len(specs))
	for i, s := range specs {
		out[i] = AgentIn(l, s)
	}
	return out
}

// FigureIn names a sweep's or tuning target's figure (ParseFigure names it in English, which
// stored sweeps keep) in language l.
func FigureIn(l i18n.Lang, name string) string {
	switch {
	case name == figureFirst:
		return words.T(l, "report.sweep.first")
	case name == figureLength:
		return words.T(l, "report.sweep.length")
	case strings.HasSuffix(name, figureDeckSuffix):
		return words.T(l, "report.sweep.deck", "deck", strings.TrimSuffix(name, figureDeckSuffix))
	case strings.HasSuffix(name, figureStartSuffix):
		return words.T(l, "report.sweep.start", "card", strings.TrimSuffix(name, figureStartSuffix))
	}
	return name
}

// reasonsIn maps each way a game ends to the game's word for it in l
// (its catalogue's reason.<id>), with the turn cap, which the simulation
// itself ends games by.
func reasonsIn(l i18n.Lang, game *i18n.Catalog) map[string]string {
	out := map[string]string{"turn-cap": words.T(l, "report.chart.turn_cap")}
	if game != nil {
		for id, word := range game.Words(l, "reason.") {
			out[id] = word
		}
	}
	return out
}

// reasonIn is reason's word in names, or the id itself when the game has
// none.
func reasonIn(names map[string]string, reason string) string {
	if w, ok := names[reason]; ok {
		return w
	}
	return reason
}

// points writes a precision target in percentage points with at most two
// significant digits ("8", "2.5"), as the reader writes decimals.
func points(l i18n.Lang, share float64) string {
	s := strconv.FormatFloat(100*share, 'g', 2, 64)
	if l == i18n.EN {
		return s
	}
	return strings.Replace(s, ".", ",", 1)
}

// FieldIn names a card field a sweep varies, of game (its id), in
// language l: the game's word for the card file's field where it has one
// ("Zynalith-Kosten"), or for the stat its cards show ("ATK",
// "Siegpunkte-Feld"), the reports' word for a card's cost, else the field
// as typed.
func FieldIn(l i18n.Lang, game, field string) string {
	if g, err := engine.Lookup(game); err == nil {
		if s, ok := g.(engine.Speaker); ok {
			for _, key := range []string{"field." + field, "stat." + field} {
				if s.Catalog().Has(key) {
					return s.Catalog().T(l, key)
				}
			}
		}
	}
	if words.Has("report.field." + field) {
		return words.T(l, "report.field."+field)
	}
	return field
}

// FieldsIn joins a sweep's fields as language l does in a sentence: "cost
// and power"; German and Czech quote each („Kosten“), whose case the
// sentence around it cannot take.
func FieldsIn(l i18n.Lang, game string, fields []string) string {
	said := make([]string, len(fields))
	for i, f := range fields {
		said[i] = FieldIn(l, game, f)
		if l != i18n.EN {
			said[i] = "„" + said[i] + "“"
		}
	}
	return strings.Join(said, " "+words.T(l, "report.sweep.and")+" ")
}
