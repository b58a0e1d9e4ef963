package lab

import (
	"slices"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/sim"
	"kartenwerk/sim/tune"
)

// SweepSpec plays a run once per value of one card's number field, every
// value with the same deals (sim.RunSweep), and charts a figure against
// the values, as `kartenwerk sweep` does.
type SweepSpec struct {
	Card  string `json:"card"`
	Field string `json:"field"`
	From  int    `json:"from"`
	To    int    `json:"to"`
	// Field2, if set, is a second number field of the card, played at
	// From2..To2 against every value of the first: the chart draws a line
	// for each of its values.
	Field2 string `json:"field2,omitempty"`
	From2  int    `json:"from2,omitempty"`
	To2    int    `json:"to2,omitempty"`
	// Figure is first (the first player's win rate, the default), length
	// (the mean game length), deck:NAME (the win rate of the seats
	// playing deck NAME) or start:CARD (the win rate of the seats that
	// picked CARD as their start card, in Athernum).
	Figure string `json:"figure,omitempty"`
}

// maxSweepValues bounds the values of a sweep's first field, and
// maxSweepLines those of its second: the chart tells that many lines
// apart by colour.
const (
	maxSweepValues = 11
	maxSweepLines  = 5
)

// sweepPlan is a checked sweep: the game of every value.
type sweepPlan struct {
	card     string
	fields   []string
	settings []sim.Setting
	figure   sim.Figure
}

// planSweep checks a sweep against the limits and makes the game of each
// value from g, whose cards may be edited already; decks are the seats'.
func (l *Lab) planSweep(g engine.Game, s Spec, decks []engine.DeckList) (*sweepPlan, error) {
	sw := s.Sweep
	params := []tune.Param{{Card: sw.Card, Field: sw.Field, Values: valuesFrom(sw.From, sw.To)}}
	if sw.Field2 != "" {
		params = append(params, tune.Param{Card: sw.Card, Field: sw.Field2, Values: valuesFrom(sw.From2, sw.To2)})
	}
	settings := 1
	for _, p := range params {
		settings *= len(p.Values)
	}
	switch n := len(params[0].Values); {
	case s.UntilCI != 0:
		return nil, badInput("lab.err_sweep_precision")
	case n < 2 || n > maxSweepValues:
		return nil, badInput("lab.err_sweep_values", "max", maxSweepValues)
	case len(params) > 1 && (len(params[1].Values) < 2 || len(params[1].Values) > maxSweepLines):
		return nil, badInput("lab.err_sweep_lines", "max", maxSweepLines)
	case len(params) > 1 && sw.Field2 == sw.Field:
		return nil, badInput("lab.err_sweep_same_field")
	case s.Games*settings > l.limits.MaxGames:
		return nil, badInput("lab.err_sweep_games", "max", l.limits.MaxGames)
	}
	if sw.Figure == "" {
		sw.Figure = "first"
	}
	fig, err := sim.ParseFigure(sw.Figure)
	if err != nil {
		return nil, badInput("lab.err_sweep_figure")
	}
	if fig, err = figureFits(g, s, fig, decks); err != nil {
		return nil, err
	}
	p := &sweepPlan{card: sw.Card, figure: fig}
	for _, param := range params {
		p.fields = append(p.fields, param.Field)
	}
	if p.settings, err = grid(g, sw.Card, params); err != nil {
		return nil, err
	}
	return p, nil
}

// valuesFrom lists the whole numbers from..to.
func valuesFrom(from, to int) []any {
	var out []any
	for v := from; v <= to && len(out) <= maxSweepValues; v++ {
		out = append(out, v)
	}
	return out
}

// figureFits refuses a figure of a deck that no seat plays, and one of a
// start card where the game has none or no such card (sim.StartsIn),
// and answers the figure with the card named as the game names it.
func figureFits(g engine.Game, s Spec, fig sim.Figure, decks []engine.DeckList) (sim.Figure, error) {
	if fig.Deck != "" && !slices.ContainsFunc(decks, func(d engine.DeckList) bool { return strings.EqualFold(d.Name, fig.Deck) }) {
		return fig, badInput("lab.err_sweep_deck", "deck", fig.Deck)
	}
	named, err := sim.StartsIn(g, engine.Setup{Game: g.Info().ID, Seats: s.Seats, Seed: s.Seed, Variant: s.Variant, Decks: decks}, fig)
	if err != nil {
		return fig, badInput("lab.err_sweep_start", "card", fig.Start)
	}
	return named, nil
}
