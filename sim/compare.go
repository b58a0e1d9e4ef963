package sim

import (
	"context"
	"fmt"
	"maps"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
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
// the 95% interval of the difference over the paired games.
type Diff struct {
	Measure string  `json:"measure"`
	Option  string  `json:"option"`
	Base    float64 `json:"base"`
	Value   float64 `json:"value"`
	Diff    float64 `json:"diff"`
	Low     float64 `json:"low"`
	High    float64 `json:"high"`
	// Method names the interval (MethodTango, MethodPairedMean, with
	// "-by-deal" when mirrored deals cluster the pairs); N counts the
	// pairs of games.
	Method string `json:"method"`
	N      int    `json:"pairs"`
}

// Compare plays cfg once per option of the variant key, on the same
// seeds, and compares each option with the first game by game. Every
// option is checked before any game is played. A comparison is not split
// into shards: its pairs would fall apart.
func Compare(ctx context.Context, cfg Config, key string, options []string) (*Comparison, error) {
	if len(options) < 2 {
		return nil, fmt.Errorf("--compare-variant %s: give at least two options, e.g. %s=a,b", key, key)
	}
	if cfg.Shards > 1 {
		return nil, fmt.Errorf("--shard cannot split a variant comparison: its games are compared in pairs; run it whole")
	}
	runs := make([]Config, len(options))
	for i, opt := range options {
		run := cfg
		run.Variant = maps.Clone(cfg.Variant)
		if run.Variant == nil {
			run.Variant = map[string]string{}
		}
		run.Variant[key] = opt
		if cfg.Game != nil {
			if _, err := engine.ResolveVariants(cfg.Game.Info().Variants, run.Variant); err != nil {
				return nil, fmt.Errorf("--compare-variant: %w", err)
			}
		}
		if err := run.normalize(); err != nil {
			return nil, fmt.Errorf("%s=%s: %w", key, opt, err)
		}
		runs[i] = run
	}
	c := &Comparison{Key: key, Options: options}
	var base []GameResult
	for i, run := range runs {
		rep, results, err := runGames(ctx, run, true)
		if err != nil {
			return nil, fmt.Errorf("%s=%s: %w", key, options[i], err)
		}
		c.Reports = append(c.Reports, rep)
		if i == 0 {
			base = results
			continue
		}
		c.Diffs = append(c.Diffs, DiffResults(options[i], run.Seats, run.Mirror, base, results)...)
	}
	return c, nil
}

// Matrix is a round robin: every pair of entrants plays a mirrored batch.
type Matrix struct {
	Names []string `json:"entrants"`
	// Rate[i][j] is entrant i's win rate against entrant j (i != j).
	Rate    [][]Interval `json:"rate"`
	Games   [][]int      `json:"games"`
	Reports []*Report    `json:"reports"`
	// Strengths rank the entrants by a Bradley-Terry model of the whole
	// matrix, strongest first.
	Strengths []Strength `json:"strengths"`
	// Cycles are three entrants each of whom beats the next and loses to
	// the one before, every interval clear of 50%, first beating second
	// (see FindCycles): a ranking cannot show them.
	Cycles [][3]string `json:"cycles,omitempty"`
}

// FindCycles lists the triples of entrants that beat one another in a
// circle, each win's interval above 50%: MystiMons' three sample decks
// beat one another 93-100% of the time round the circle, and the
// Bradley-Terry ranking gave each of them 50% against the average
// entrant, as a ranking must. Each cycle is listed once, from its
// entrant that comes first in the matrix.
func (m *Matrix) FindCycles() [][3]string {
	beats := func(i, j int) bool { return m.Rate[i][j].N > 0 && m.Rate[i][j].Low > 0.5 }
	var out [][3]string
	n := len(m.Names)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			for k := i + 1; k < n; k++ {
				if k != j && beats(i, j) && beats(j, k) && beats(k, i) {
					out = append(out, [3]string{m.Names[i], m.Names[j], m.Names[k]})
				}
			}
		}
	}
	return out
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

// DeckAgentEntrants makes one entrant per deck: played by the one agent
// given, or by the agent of the same place when there is one per deck.
func DeckAgentEntrants(decks []engine.DeckList, agents []string) ([]Entrant, error) {
	switch len(agents) {
	case 0:
		return DeckEntrants(decks, "random"), nil
	case 1:
		return DeckEntrants(decks, agents[0]), nil
	case len(decks):
		out := DeckEntrants(decks, "")
		for i := range out {
			out[i].Agent = agents[i]
			out[i].Name = decks[i].Name + " (" + agents[i] + ")"
		}
		return out, nil
	}
	return nil, fmt.Errorf("%d agents for %d matrix decks: give one agent for every deck, or one per deck in the same order", len(agents), len(decks))
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
// seats, mirrored, with cfg's other settings. cfg.Progress counts the
// games of every pairing, MatrixGames in all.
func RunMatrix(ctx context.Context, cfg Config, entrants []Entrant) (*Matrix, error) {
	if len(entrants) < 2 {
		return nil, fmt.Errorf("a matrix needs at least two entrants")
	}
	if cfg.Seats != 0 && cfg.Seats != 2 {
		return nil, fmt.Errorf("a matrix compares entrants two at a time: use 2 seats")
	}
	if cfg.Shards > 1 {
		return nil, fmt.Errorf("--shard cannot split a matrix: its batches' parts cannot be merged; run it whole")
	}
	n := len(entrants)
	m := &Matrix{Rate: make([][]Interval, n), Games: make([][]int, n)}
	for i, e := range entrants {
		m.Names = append(m.Names, e.Name)
		m.Rate[i] = make([]Interval, n)
		m.Games[i] = make([]int, n)
	}
	played := 0 // by the pairings before, for cfg.Progress
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			pair := pairConfig(cfg, entrants[i], entrants[j])
			if cfg.Progress != nil {
				before := played
				pair.Progress = func(done int) { cfg.Progress(before + done) }
			}
			rep, err := Run(ctx, pair)
			if err != nil {
				return nil, fmt.Errorf("%s vs %s: %w", entrants[i].Name, entrants[j].Name, err)
			}
			played += rep.Games
			m.Reports = append(m.Reports, rep)
			a, b := rep.EntrantRates[0], rep.EntrantRates[1]
			m.Rate[i][j], m.Rate[j][i] = a.WinRate, b.WinRate
			m.Games[i][j], m.Games[j][i] = a.Games, b.Games
		}
	}
	var err error
	m.Strengths, err = m.FitStrengths()
	m.Cycles = m.FindCycles()
	return m, err
}

func pairConfig(cfg Config, a, b Entrant) Config {
	cfg.Seats, cfg.Mirror = 2, true
	cfg.Agents = []string{a.Agent, b.Agent}
	if a.Deck != nil && b.Deck != nil {
		cfg.Decks = []engine.DeckList{*a.Deck, *b.Deck}
	}
	return cfg
}

// isRate says whether d compares rates (a share of games), which are
// written in percent, rather than means.
func (d Diff) isRate() bool { return strings.HasPrefix(d.Method, MethodTango) }

// valueIn writes one of d's two values (its base or its value) as
// language l writes its kind: a rate in percent, a mean as a decimal.
func (d Diff) valueIn(l i18n.Lang, x float64) string {
	if d.isRate() {
		return i18n.Percent(l, x, 1)
	}
	return i18n.Minus(l, i18n.Decimal(l, x, 2))
}

// changeIn writes d's difference with its 95% interval: for rates in
// percentage points (+1,5 % [−4,5 %; +7,5 %]), for means in their unit.
func (d Diff) changeIn(l i18n.Lang) string {
	say := func(x float64) string { return i18n.Signed(l, x, 2) }
	if d.isRate() {
		say = func(x float64) string { return i18n.SignedPercent(l, x, 1) }
	}
	return say(d.Diff) + " " + i18n.Bounds(l, say(d.Low), say(d.High))
}

// MatrixGames is how many games RunMatrix plays for entrants entrants and
// games a pairing: each pairing's rounded up to a whole number of
// mirrored deals.
func MatrixGames(games, entrants int) int {
	return entrants * (entrants - 1) / 2 * (games + games%2)
}
