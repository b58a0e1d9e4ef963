package lab

import (
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
	// Figure is first (the first player's win rate, the default) or
	// length (the mean game length).
	Figure string `json:"figure,omitempty"`
}

// maxSweepValues bounds a sweep's settings.
const maxSweepValues = 11

// sweepPlan is a checked sweep: the game of every value.
type sweepPlan struct {
	card     string
	fields   []string
	settings []sim.Setting
	figure   sim.Figure
}

// planSweep checks a sweep against the limits and makes the game of each
// value from g, whose cards may be edited already.
func (l *Lab) planSweep(g engine.Game, s Spec) (*sweepPlan, error) {
	sw := s.Sweep
	n := sw.To - sw.From + 1
	switch {
	case s.UntilCI != 0:
		return nil, badInput("lab.err_sweep_precision")
	case n < 2 || n > maxSweepValues:
		return nil, badInput("lab.err_sweep_values", "max", maxSweepValues)
	case s.Games*n > l.limits.MaxGames:
		return nil, badInput("lab.err_sweep_games", "max", l.limits.MaxGames)
	}
	if sw.Figure == "" {
		sw.Figure = "first"
	}
	fig, err := sim.ParseFigure(sw.Figure)
	if err != nil || (sw.Figure != "first" && sw.Figure != "length") {
		return nil, badInput("lab.err_sweep_figure")
	}
	p := &sweepPlan{card: sw.Card, fields: []string{sw.Field}, figure: fig}
	param := tune.Param{Card: sw.Card, Field: sw.Field}
	for v := sw.From; v <= sw.To; v++ {
		param.Values = append(param.Values, v)
	}
	for i, v := range param.Values {
		c, _, err := tune.Apply(g, sim.Config{}, []tune.Param{param}, []int{i})
		if err != nil {
			return nil, asError(err)
		}
		p.settings = append(p.settings, sim.Setting{Values: []string{itoa(v.(int))}, Game: c.Game})
	}
	return p, nil
}
