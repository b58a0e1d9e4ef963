package lab

import (
	"slices"
	"strconv"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
	"kartenwerk/sim"
	"kartenwerk/sim/tune"
)

// TuneSpec searches card fields for the setting that brings a win rate to
// a target, as `kartenwerk tune` does: each evaluation is a batch of the
// run's Games games on fresh seeds, and the best setting is measured
// again on Confirm games that no evaluation saw.
type TuneSpec struct {
	Params []TuneParam `json:"params"`
	// Variants are rule variants to tune beside the cards' numbers, each
	// with the options to try.
	Variants []TuneVariant `json:"variants,omitempty"`
	// Figure is first (the first player's win rate, the default) or
	// deck:NAME (the win rate of the seats playing deck NAME); Target is
	// the rate to reach, in percent, and Tolerance how many points from it
	// count as met (default 2).
	Figure    string  `json:"figure,omitempty"`
	Target    float64 `json:"target"`
	Tolerance float64 `json:"tolerance,omitempty"`
	// Budget is the number of evaluations the search may play.
	Budget  int `json:"budget"`
	Confirm int `json:"confirm"`
}

// TuneParam is a card's number field and the values it may take.
type TuneParam struct {
	Card  string `json:"card"`
	Field string `json:"field"`
	From  int    `json:"from"`
	To    int    `json:"to"`
}

// TuneVariant is a rule variant and the options it may take.
type TuneVariant struct {
	Key     string   `json:"key"`
	Options []string `json:"options"`
}

// The bounds of a tuning run: parameters, evaluations, and the games the
// best setting is measured again on.
const (
	maxTuneParams  = 4
	maxTuneBudget  = 200
	minTuneConfirm = 100
	tuneExplore    = 0.05 // NTBEA's exploration weight, as `kartenwerk tune` uses by default
)

// tunePlan is a checked tuning run.
type tunePlan struct {
	params    []tune.Param
	target    tune.Target
	tolerance float64 // a proportion
	budget    int
	confirm   int
}

// planTune checks a tuning run against the limits and tries each
// parameter's least and greatest value on g, so that a field the card
// file refuses is told before the run is queued.
func (l *Lab) planTune(g engine.Game, s Spec, decks []engine.DeckList) (*tunePlan, error) {
	tn := s.Tune
	if tn.Tolerance == 0 {
		tn.Tolerance = 2
	}
	if tn.Figure == "" {
		tn.Figure = "first"
	}
	switch {
	case s.Sweep != nil || s.UntilCI != 0:
		return nil, badInput("lab.err_tune_alone")
	case len(tn.Params)+len(tn.Variants) < 1 || len(tn.Params)+len(tn.Variants) > maxTuneParams:
		return nil, badInput("lab.err_tune_params", "max", maxTuneParams)
	case tn.Budget < 1 || tn.Budget > maxTuneBudget:
		return nil, badInput("lab.err_tune_budget", "max", maxTuneBudget)
	case tn.Confirm < minTuneConfirm || tn.Confirm > l.limits.MaxGames:
		return nil, badInput("lab.err_tune_confirm", "min", minTuneConfirm, "max", l.limits.MaxGames)
	case s.Games*tn.Budget+tn.Confirm > l.limits.MaxGames:
		return nil, badInput("lab.err_tune_games", "max", l.limits.MaxGames)
	case !(tn.Target >= 0 && tn.Target <= 100) || !(tn.Tolerance > 0 && tn.Tolerance <= 25):
		return nil, badInput("lab.err_tune_target")
	}
	target, err := tune.ParseTarget(tn.Figure + "=" + strconv.FormatFloat(tn.Target, 'f', -1, 64))
	if err != nil {
		return nil, badInput("lab.err_sweep_figure")
	}
	if target.Figure, err = figureFits(g, s, target.Figure, decks); err != nil {
		return nil, err
	}
	p := &tunePlan{target: target, tolerance: tn.Tolerance / 100, budget: tn.Budget, confirm: tn.Confirm}
	for i, tp := range tn.Params {
		param := tune.Param{Card: tp.Card, Field: tp.Field, Values: valuesFrom(tp.From, tp.To)}
		if n := len(param.Values); n < 2 || n > maxSweepValues {
			return nil, badInput("lab.err_tune_values", "row", i+1, "card", tp.Card, "max", maxSweepValues)
		}
		if j := slices.IndexFunc(p.params, func(q tune.Param) bool { return strings.EqualFold(q.Name(), param.Name()) }); j >= 0 {
			return nil, badInput("lab.err_tune_twice", "first", j+1, "row", i+1, "card", tp.Card)
		}
		if err := checkBounds(g, tp.Card, []tune.Param{param}); err != nil {
			return nil, err
		}
		for _, at := range []int{0, len(param.Values) - 1} {
			if _, _, err := tune.Apply(g, sim.Config{}, []tune.Param{param}, []int{at}); err != nil {
				return nil, settingError(g, tp.Card, []tune.Param{{Card: tp.Card, Field: tp.Field, Values: []any{param.Values[at]}}}, err)
			}
		}
		p.params = append(p.params, param)
	}
	for _, tv := range tn.Variants {
		param, err := variantParam(g.Info().Variants, tv, p.params)
		if err != nil {
			return nil, err
		}
		p.params = append(p.params, param)
	}
	return p, nil
}

// variantParam checks a variant to tune against the game's variants and
// those already taken.
func variantParam(specs []engine.VariantSpec, tv TuneVariant, taken []tune.Param) (tune.Param, error) {
	i := slices.IndexFunc(specs, func(v engine.VariantSpec) bool { return v.Key == tv.Key })
	switch {
	case i < 0:
		return tune.Param{}, badInput("lab.err_tune_variant", "key", tv.Key)
	case slices.ContainsFunc(taken, func(q tune.Param) bool { return q.Variant == tv.Key }):
		return tune.Param{}, badInput("lab.err_tune_variant_twice", "key", tv.Key)
	}
	param := tune.Param{Variant: tv.Key}
	for _, o := range tv.Options {
		if !slices.Contains(specs[i].Options, o) || slices.Contains(param.Values, any(o)) {
			return tune.Param{}, badInput("lab.err_tune_variant_options", "key", tv.Key)
		}
		param.Values = append(param.Values, o)
	}
	if len(param.Values) < 2 {
		return tune.Param{}, badInput("lab.err_tune_variant_options", "key", tv.Key)
	}
	return param, nil
}

// games is how many games the tuning run plays in all.
func (p *tunePlan) games(each int) int { return p.budget*each + p.confirm }

// tunedFile is the card file that plays the best setting, for the card
// editor: the file in force for the tuned cards (the run's edited file,
// where it names them) with their numbers set. The editor holds one file
// laid over the shipped ones, so there is none where the tuned cards lie
// in two files, or outside a file the run edited.
func tunedFile(g engine.Game, s Spec, params []tune.Param, best tune.Setting) *CardFile {
	src, ok := g.(engine.CardSource)
	if !ok {
		return nil
	}
	edits := tune.CardEdits(params, best)
	if len(edits) == 0 {
		return nil
	}
	files, err := cardpool.EditCards(src.CardFiles(), edits)
	if err != nil || len(files) != 1 || (s.Cards != "" && files[0].Name != editedName(s.CardFile)) {
		return nil
	}
	return &CardFile{Name: files[0].Name, YAML: string(files[0].Data)}
}
