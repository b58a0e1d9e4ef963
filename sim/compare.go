package sim

import (
	"context"
	"fmt"
	"maps"
	"math"

	"kartenwerk/engine"
)

// Comparison is the same batch of games played under two or more readings
// of one rule (same seeds, same agents, same decks), side by side.
type Comparison struct {
	Key     string    `json:"key"`
	Options []string  `json:"options"`
	Reports []*Report `json:"reports"`
	// Diffs compare each option with the first, measure by measure.
	Diffs []Diff `json:"diffs"`
}

// Diff is a measure under one option minus the same under the first, with
// the 95% interval of the difference.
type Diff struct {
	Measure string  `json:"measure"`
	Option  string  `json:"option"`
	Base    float64 `json:"base"`
	Value   float64 `json:"value"`
	Diff    float64 `json:"diff"`
	Low     float64 `json:"low"`
	High    float64 `json:"high"`
}

// Compare plays cfg once per option of the variant key.
func Compare(ctx context.Context, cfg Config, key string, options []string) (*Comparison, error) {
	if len(options) < 2 {
		return nil, fmt.Errorf("--compare-variant %s: give at least two options, e.g. %s=a,b", key, key)
	}
	c := &Comparison{Key: key, Options: options}
	for _, opt := range options {
		run := cfg
		run.Variant = maps.Clone(cfg.Variant)
		if run.Variant == nil {
			run.Variant = map[string]string{}
		}
		run.Variant[key] = opt
		rep, err := Run(ctx, run)
		if err != nil {
			return nil, fmt.Errorf("%s=%s: %w", key, opt, err)
		}
		c.Reports = append(c.Reports, rep)
	}
	base := c.Reports[0]
	for i, rep := range c.Reports[1:] {
		c.Diffs = append(c.Diffs, diffs(options[i+1], base, rep)...)
	}
	return c, nil
}

func diffs(option string, a, b *Report) []Diff {
	na, nb := float64(a.Games-a.Errors), float64(b.Games-b.Errors)
	var out []Diff
	prop := func(measure string, pa, pb float64, ka, kb float64) {
		se := math.Sqrt(pa*(1-pa)/math.Max(ka, 1) + pb*(1-pb)/math.Max(kb, 1))
		out = append(out, Diff{Measure: measure, Option: option, Base: pa, Value: pb, Diff: pb - pa,
			Low: pb - pa - 1.96*se, High: pb - pa + 1.96*se})
	}
	for s := range a.WinRate {
		prop(fmt.Sprintf("p%d win rate", s+1), a.WinRate[s].Rate, b.WinRate[s].Rate, na, nb)
	}
	prop("first player win rate", a.FirstPlayer.Rate, b.FirstPlayer.Rate, float64(a.FirstKnown), float64(b.FirstKnown))
	prop("draw rate", a.DrawRate.Rate, b.DrawRate.Rate, na, nb)
	va, vb := variance(a.Turns), variance(b.Turns)
	se := math.Sqrt(va/math.Max(na, 1) + vb/math.Max(nb, 1))
	d := b.MeanTurns - a.MeanTurns
	out = append(out, Diff{Measure: "mean turns", Option: option, Base: a.MeanTurns, Value: b.MeanTurns, Diff: d, Low: d - 1.96*se, High: d + 1.96*se})
	return out
}

func variance(counts map[int]int) float64 {
	n, sum, sq := 0.0, 0.0, 0.0
	for v, c := range counts {
		n += float64(c)
		sum += float64(v * c)
		sq += float64(v * v * c)
	}
	if n < 2 {
		return 0
	}
	mean := sum / n
	return (sq - n*mean*mean) / (n - 1)
}

// Matrix is a round robin: every pair of entrants plays a mirrored batch.
type Matrix struct {
	Names []string `json:"entrants"`
	// Rate[i][j] is entrant i's win rate against entrant j (i != j).
	Rate    [][]Interval `json:"rate"`
	Games   [][]int      `json:"games"`
	Reports []*Report    `json:"reports"`
}

// Entrant is one side of a matrix: an agent, a deck, or both.
type Entrant struct {
	Name  string
	Agent string
	Deck  *engine.DeckList
}

// DeckEntrants makes one entrant per deck, all played by agent.
func DeckEntrants(decks []engine.DeckList, agent string) []Entrant {
	out := make([]Entrant, len(decks))
	for i := range decks {
		out[i] = Entrant{Name: decks[i].Name, Agent: agent, Deck: &decks[i]}
	}
	return out
}

// AgentEntrants makes one entrant per agent spec, decks left to the game.
func AgentEntrants(agents []string) []Entrant {
	out := make([]Entrant, len(agents))
	for i, a := range agents {
		out[i] = Entrant{Name: a, Agent: a}
	}
	return out
}

// RunMatrix plays every pair of entrants against each other for two
// seats, mirrored, with cfg's other settings.
func RunMatrix(ctx context.Context, cfg Config, entrants []Entrant) (*Matrix, error) {
	if len(entrants) < 2 {
		return nil, fmt.Errorf("a matrix needs at least two entrants")
	}
	if cfg.Seats != 0 && cfg.Seats != 2 {
		return nil, fmt.Errorf("a matrix compares entrants two at a time: use 2 seats")
	}
	n := len(entrants)
	m := &Matrix{Rate: make([][]Interval, n), Games: make([][]int, n)}
	for i, e := range entrants {
		m.Names = append(m.Names, e.Name)
		m.Rate[i] = make([]Interval, n)
		m.Games[i] = make([]int, n)
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			rep, err := Run(ctx, pairConfig(cfg, entrants[i], entrants[j]))
			if err != nil {
				return nil, fmt.Errorf("%s vs %s: %w", entrants[i].Name, entrants[j].Name, err)
			}
			m.Reports = append(m.Reports, rep)
			a, b := rep.EntrantRates[0], rep.EntrantRates[1]
			m.Rate[i][j], m.Rate[j][i] = a.WinRate, b.WinRate
			m.Games[i][j], m.Games[j][i] = a.Games, b.Games
		}
	}
	return m, nil
}

func pairConfig(cfg Config, a, b Entrant) Config {
	cfg.Seats, cfg.Mirror = 2, true
	cfg.Agents = []string{a.Agent, b.Agent}
	cfg.Decks = nil
	if a.Deck != nil && b.Deck != nil {
		cfg.Decks = []engine.DeckList{*a.Deck, *b.Deck}
	}
	return cfg
}
