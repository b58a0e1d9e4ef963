package sim

import (
	"sort"

	"kartenwerk/engine"
)

// maxErrorSamples is how many error messages a report keeps.
const maxErrorSamples = 5

// Tally accumulates game results. It keeps exact counts only, so tallies
// of disjoint parts of a batch add up to the tally of the whole.
type Tally struct {
	Game    string            `json:"game"`
	Seats   int               `json:"seats"`
	Seed    uint64            `json:"seed"`
	Agents  []string          `json:"agents"`
	Variant map[string]string `json:"variant,omitempty"`
	TurnCap int               `json:"turn_cap"`

	Games   int   `json:"games"`
	Wins    []int `json:"wins"`
	Draws   int   `json:"draws"`
	Capped  int   `json:"capped"`
	Errors  int   `json:"errors"`
	Actions int   `json:"actions"`
	// FirstWins counts games won by the seat that took the first turn,
	// of FirstKnown games where that seat is known.
	FirstWins    int            `json:"first_wins"`
	FirstKnown   int            `json:"first_known"`
	Turns        map[int]int    `json:"turns"`
	Reasons      map[string]int `json:"reasons"`
	ErrorSamples []string       `json:"error_samples,omitempty"`
}

// NewTally starts an empty tally for a batch.
func NewTally(cfg Config) *Tally {
	agents := make([]string, cfg.Seats)
	for i := range agents {
		agents[i] = cfg.agentSpec(i)
	}
	return &Tally{Game: cfg.Game.Info().ID, Seats: cfg.Seats, Seed: cfg.Seed, Agents: agents,
		Variant: cfg.Variant, TurnCap: cfg.TurnCap, Wins: make([]int, cfg.Seats),
		Turns: map[int]int{}, Reasons: map[string]int{}}
}

// Add counts one game.
func (t *Tally) Add(r GameResult) {
	t.Games++
	if r.Err != "" {
		t.Errors++
		if len(t.ErrorSamples) < maxErrorSamples {
			t.ErrorSamples = append(t.ErrorSamples, r.Err)
		}
		return
	}
	t.Actions += r.Actions
	t.Turns[r.Turns]++
	t.Reasons[r.Reason]++
	if r.Capped {
		t.Capped++
	}
	if r.Winners == 0 {
		t.Draws++
	}
	for _, s := range r.Winners.Seats() {
		t.Wins[s]++
	}
	if r.First != engine.NoSeat {
		t.FirstKnown++
		if r.Winners.Has(r.First) {
			t.FirstWins++
		}
	}
}

// Report derives the statistics.
func (t *Tally) Report() *Report {
	played := t.Games - t.Errors
	rep := &Report{Tally: *t, WinRate: make([]Interval, t.Seats)}
	for s := range rep.WinRate {
		rep.WinRate[s] = Wilson(float64(t.Wins[s]), float64(played))
	}
	rep.DrawRate = Wilson(float64(t.Draws), float64(played))
	rep.CapRate = Wilson(float64(t.Capped), float64(played))
	rep.FirstPlayer = Wilson(float64(t.FirstWins), float64(t.FirstKnown))
	rep.TurnStats = distribution(t.Turns)
	rep.MeanTurns = rep.TurnStats.Mean
	if played > 0 {
		rep.MeanActions = float64(t.Actions) / float64(played)
	}
	reasons := make([]string, 0, len(t.Reasons))
	for r := range t.Reasons {
		reasons = append(reasons, r)
	}
	sort.Strings(reasons)
	for _, r := range reasons {
		rep.EndReasons = append(rep.EndReasons, Share{Name: r, Count: t.Reasons[r], Interval: Wilson(float64(t.Reasons[r]), float64(played))})
	}
	return rep
}

// Report is a batch's statistics. Its Tally holds the raw counts.
type Report struct {
	Tally
	WinRate     []Interval   `json:"win_rate"`
	DrawRate    Interval     `json:"draw_rate"`
	CapRate     Interval     `json:"cap_rate"`
	FirstPlayer Interval     `json:"first_player_win_rate"`
	MeanTurns   float64      `json:"mean_turns"`
	MeanActions float64      `json:"mean_actions"`
	TurnStats   Distribution `json:"turn_stats"`
	EndReasons  []Share      `json:"end_reasons"`

	Workers        int     `json:"workers,omitempty"`
	ElapsedSeconds float64 `json:"elapsed_seconds"`
	GamesPerSecond float64 `json:"games_per_second"`
}

// Share is how often something happened, with its interval.
type Share struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
	Interval
}
