package tune

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing/fstest"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
	"kartenwerk/sim"
)

// Param is one tunable setting: a field of a card's data ("Ember
// Warlord.cost") or a rule variant ("variant:turn-limit"), with the
// values it may take.
type Param struct {
	Card, Field string // a card's field, or
	Variant     string // a variant's key
	Values      []any
}

// Name is the parameter as it was given.
func (p Param) Name() string {
	if p.Variant != "" {
		return "variant:" + p.Variant
	}
	return p.Card + "." + p.Field
}

// ParseParam reads "CARD.FIELD=VALUES" or "variant:KEY=VALUES", values
// as a range 2..6 or a list 2,4,6.
func ParseParam(s string) (Param, error) {
	name, values, ok := strings.Cut(s, "=")
	if !ok {
		return Param{}, fmt.Errorf("parameter %q: write CARD.FIELD=VALUES or variant:KEY=VALUES, e.g. \"Ember Warlord.cost=2..6\"", s)
	}
	vals, err := ParseValues(values)
	if err != nil {
		return Param{}, fmt.Errorf("parameter %q: %w", s, err)
	}
	if key, isVariant := strings.CutPrefix(name, "variant:"); isVariant {
		return Param{Variant: strings.TrimSpace(key), Values: vals}, nil
	}
	dot := strings.LastIndex(name, ".")
	if dot <= 0 || dot == len(name)-1 {
		return Param{}, fmt.Errorf("parameter %q: name the card and its field, CARD.FIELD, e.g. \"Ember Warlord.cost\"", s)
	}
	return Param{Card: strings.TrimSpace(name[:dot]), Field: strings.TrimSpace(name[dot+1:]), Values: vals}, nil
}

// ParseValues reads "2..6" or "2,4,6" (numbers, or words for fields and
// variants that take words).
func ParseValues(s string) ([]any, error) {
	if lo, hi, ok := strings.Cut(s, ".."); ok {
		a, err1 := strconv.Atoi(strings.TrimSpace(lo))
		b, err2 := strconv.Atoi(strings.TrimSpace(hi))
		if err1 != nil || err2 != nil || b < a || b-a > 100 {
			return nil, fmt.Errorf("a range is two whole numbers, the first no larger, at most 100 apart: 2..6, not %q", s)
		}
		var out []any
		for v := a; v <= b; v++ {
			out = append(out, v)
		}
		return out, nil
	}
	var out []any
	for _, v := range strings.Split(s, ",") {
		v = strings.TrimSpace(v)
		if v == "" {
			return nil, fmt.Errorf("an empty value in %q; list values as 2,4,6", s)
		}
		if n, err := strconv.Atoi(v); err == nil {
			out = append(out, n)
		} else {
			out = append(out, v)
		}
	}
	return out, nil
}

// Target is the figure to bring to a value: "first=50" (the first
// player's win rate, in percent) or "deck:NAME=50".
type Target struct {
	Figure sim.Figure
	Value  float64 // a proportion
	Text   string
}

// ParseTarget reads a target.
func ParseTarget(s string) (Target, error) {
	fig, val, ok := strings.Cut(s, "=")
	pct, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
	if !ok || err != nil || math.IsNaN(pct) {
		return Target{}, fmt.Errorf("target %q: write FIGURE=PERCENT, e.g. first=50 or deck:Ember=50", s)
	}
	if pct < 0 || pct > 100 {
		return Target{}, fmt.Errorf("target %q: a win rate is a percentage from 0 to 100, e.g. first=50", s)
	}
	f, err := sim.ParseFigure(strings.TrimSpace(fig))
	if err != nil {
		return Target{}, err
	}
	if !f.Rate {
		return Target{}, fmt.Errorf("target %q: only win rates can be targeted", s)
	}
	return Target{Figure: f, Value: pct / 100, Text: s}, nil
}

// Setting is a value for each parameter.
type Setting map[string]any

// CardEdits are a setting's changes to the cards, for cardpool.EditCards:
// each card parameter's value by card and field (variants left out).
func CardEdits(params []Param, set Setting) map[string]map[string]any {
	cards := map[string]map[string]any{}
	for _, p := range params {
		if p.Variant != "" {
			continue
		}
		if cards[p.Card] == nil {
			cards[p.Card] = map[string]any{}
		}
		cards[p.Card][p.Field] = set[p.Name()]
	}
	return cards
}

// Apply makes the game and batch config of a setting: the card edits
// through WithCards, the variants into the config.
func Apply(g engine.Game, cfg sim.Config, params []Param, point []int) (sim.Config, Setting, error) {
	set := Setting{}
	variant := maps.Clone(cfg.Variant)
	if variant == nil {
		variant = map[string]string{}
	}
	for i, p := range params {
		v := p.Values[point[i]]
		set[p.Name()] = v
		if p.Variant != "" {
			variant[p.Variant] = fmt.Sprint(v)
		}
	}
	cards := CardEdits(params, set)
	cfg.Game, cfg.Variant = g, variant
	if len(cards) == 0 {
		return cfg, set, nil
	}
	src, ok1 := g.(engine.CardSource)
	over, ok2 := g.(engine.CardOverrider)
	if !ok1 || !ok2 {
		return cfg, nil, fmt.Errorf("%s cannot change its cards' data", g.Info().ID)
	}
	files, err := cardpool.EditCards(src.CardFiles(), cards)
	if err != nil {
		return cfg, nil, cardpool.InGame(err, g.Info().ID)
	}
	fsys := fstest.MapFS{}
	for _, f := range files {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	if cfg.Game, err = over.WithCards(fsys); err != nil {
		return cfg, nil, fmt.Errorf("setting %v: %w", set, err)
	}
	return cfg, set, nil
}

// Balance is a tuning run's outcome.
type Balance struct {
	// Game is the id of the game tuned.
	Game   string `json:"game"`
	Target string `json:"target"`
	// Figure is the targeted figure's name as reports keep it, in
	// English (sim.FigureIn words it), and TargetValue its aim.
	Figure      string   `json:"figure"`
	TargetValue float64  `json:"target_value"`
	Params      []string `json:"params"`
	Evaluations int      `json:"evaluations"`
	GamesEach   int      `json:"games_per_evaluation"`
	Best        Setting  `json:"best"`
	// Estimate is the model's rating of Best (minus the distance from the
	// target, averaged over the n-tuples).
	Estimate float64 `json:"estimate"`
	// Confirmed is the target figure measured again at Best on fresh
	// seeds, over ConfirmGames games.
	Confirmed    sim.Interval `json:"confirmed"`
	ConfirmGames int          `json:"confirm_games"`
	Within       bool         `json:"within_tolerance"`
	Tolerance    float64      `json:"tolerance"`
	// Tried lists every evaluation in the order played: the setting and
	// the figure it measured on GamesEach games; Nearest the five settings
	// whose figure came nearest the target (see Closest).
	Tried   []Tried  `json:"tried"`
	Nearest []Nearby `json:"nearest"`
}

// Tried is one evaluation of a tuning run.
type Tried struct {
	Setting Setting `json:"setting"`
	Rate    float64 `json:"rate"`
}

// Nearby is a setting tried, with the mean of the figure its
// evaluations measured, each on GamesEach games.
type Nearby struct {
	Setting     Setting `json:"setting"`
	Rate        float64 `json:"rate"`
	Evaluations int     `json:"evaluations"`
}

// Closest lists up to n of the settings tried, the nearest to the target
// first, each by the mean of all its evaluations. The search evaluates a
// promising setting again and again; listed at its first evaluation
// alone, the best setting, rated on all of them, could show as the
// furthest from the target of those listed.
func (b *Balance) Closest(n int) []Nearby {
	var out []Nearby
	at := map[string]int{}
	for _, t := range b.Tried {
		key := t.Setting.String()
		i, ok := at[key]
		if !ok {
			i = len(out)
			at[key] = i
			out = append(out, Nearby{Setting: t.Setting})
		}
		out[i].Rate += t.Rate
		out[i].Evaluations++
	}
	for i := range out {
		out[i].Rate /= float64(out[i].Evaluations)
	}
	slices.SortStableFunc(out, func(x, y Nearby) int {
		return cmp.Compare(math.Abs(x.Rate-b.TargetValue), math.Abs(y.Rate-b.TargetValue))
	})
	return out[:min(n, len(out))]
}

// Run tunes params of g so that target's figure comes closest to its
// value: each evaluation is a batch of cfg.Games games on fresh seeds,
// its fitness minus the distance from the target; then the best setting
// is measured again on confirm games with seeds no evaluation used.
func Run(ctx context.Context, g engine.Game, cfg sim.Config, params []Param, target Target, tolerance float64, confirm int, o Options, progress func(step int, set Setting, figure float64)) (*Balance, error) {
	sizes := make([]int, len(params))
	for i, p := range params {
		sizes[i] = len(p.Values)
	}
	step := 0
	var tried []Tried
	fitness := func(point []int) (float64, error) {
		c, set, err := Apply(g, cfg, params, point)
		if err != nil {
			return 0, err
		}
		c.Seed = cfg.Seed + uint64(step+1)*1_000_003
		rep, err := sim.Run(ctx, c)
		if err != nil {
			return 0, err
		}
		iv, err := target.Figure.Of(rep)
		if err != nil {
			return 0, err
		}
		step++
		tried = append(tried, Tried{Setting: set, Rate: iv.Rate})
		if progress != nil {
			progress(step, set, iv.Rate)
		}
		return -math.Abs(iv.Rate - target.Value), nil
	}
	res, err := Search(sizes, fitness, o)
	if err != nil {
		return nil, err
	}
	c, best, err := Apply(g, cfg, params, res.Best)
	if err != nil {
		return nil, err
	}
	c.Seed, c.Games = cfg.Seed+999_999_937, confirm
	rep, err := sim.Run(ctx, c)
	if err != nil {
		return nil, err
	}
	iv, err := target.Figure.Of(rep)
	if err != nil {
		return nil, err
	}
	b := &Balance{Game: g.Info().ID, Target: target.Text, Figure: target.Figure.Name, TargetValue: target.Value, Evaluations: len(res.History), GamesEach: cfg.Games, Best: best, Estimate: res.Estimate,
		Confirmed: iv, ConfirmGames: rep.Games, Tolerance: tolerance, Within: math.Abs(iv.Rate-target.Value) <= tolerance, Tried: tried}
	b.Nearest = b.Closest(5)
	for _, p := range params {
		b.Params = append(b.Params, p.Name())
	}
	return b, nil
}
