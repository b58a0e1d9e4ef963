package lab

import (
	"crypto/rand"
	"encoding/binary"
	"math"
	"slices"
	"strconv"
	"strings"

	"kartenwerk/ai"
	"kartenwerk/engine"
	"kartenwerk/sim"
)

// Spec is everything a run is played from: stored with the run, so that
// it can be reopened, repeated (the same seed plays the same games) or
// changed and played again.
type Spec struct {
	Game string `json:"game"`
	// Edited says, in a list of runs, that the run played edited cards:
	// a list leaves out the card file and deck lists, which a page polls
	// every few seconds and which open with the run itself.
	Edited bool `json:"edited,omitempty"`
	// CardFile and Cards are the edited card file, laid over the game's
	// shipped cards (it replaces the shipped file of its name whole);
	// empty Cards plays the shipped cards.
	CardFile string            `json:"card_file,omitempty"`
	Cards    string            `json:"cards,omitempty"`
	Variant  map[string]string `json:"variant,omitempty"`
	// Seats at the table; 0 is the game's least.
	Seats int `json:"seats,omitempty"`
	// Agents are agent specs, one for all seats or one per seat.
	Agents []string `json:"agents,omitempty"`
	// Decks are preset names, one for all seats or one per seat; none
	// lets the game choose.
	Decks []string `json:"decks,omitempty"`
	// Lists are deck lists in the format of `kartenwerk validate` and the
	// deck builder, one for all seats or one per seat; a seat with ""
	// plays its preset of Decks. Each is checked against the run's cards.
	Lists []string `json:"lists,omitempty"`
	// Saved are ids of decks the logged-in designer saved in the deck
	// builder, one for all seats or one per seat ("" for none). When a
	// run is asked for they are read into Lists and cleared, so that the
	// run keeps the lists it played.
	Saved  []string `json:"saved,omitempty"`
	Mirror bool     `json:"mirror,omitempty"`
	// Games is the number of games, or with UntilCI the most to play.
	Games int `json:"games"`
	// UntilCI, in points, plays until the first player's win rate is
	// known within ±UntilCI (sim.UntilPrecise); 0 plays Games games.
	UntilCI float64 `json:"until_ci,omitempty"`
	// Seed fixes the deals; 0 asks for a fresh one, which the run keeps.
	Seed uint64 `json:"seed,omitempty"`
	// Label is the designer's name for the run.
	Label string `json:"label,omitempty"`
	// Sweep, if set, plays the run once per value of a card's field.
	Sweep *SweepSpec `json:"sweep,omitempty"`
	// Tune, if set, searches card fields for a balance target.
	Tune *TuneSpec `json:"tune,omitempty"`
}

// agentKinds are the agents a run may use, and maxSearch bounds a
// searching agent's iterations, so that one run cannot hold a worker for
// days.
var agentKinds = map[string]bool{"random": true, "greedy": true, "ismcts": true}

const (
	maxSearch  = 2000
	maxLabel   = 80
	minUntilCI = 0.5
	maxUntilCI = 25
)

// plan is a checked Spec: the game with its cards and the batch to play,
// its games in all, and for a sweep the game of every value.
type plan struct {
	spec    Spec
	cfg     sim.Config
	planned int
	sweep   *sweepPlan
	tune    *tunePlan
}

// check validates s against the game and the limits and makes the batch;
// a fresh seed is drawn when s has none.
func (l *Lab) check(s Spec) (plan, error) {
	base, err := l.game(s.Game)
	if err != nil {
		return plan{}, err
	}
	if s.Seed == 0 {
		s.Seed = freshSeed()
	}
	if len(s.Label) > maxLabel {
		return plan{}, badInput("lab.err_label", "max", maxLabel)
	}
	if err := l.checkSize(s); err != nil {
		return plan{}, err
	}
	g, err := l.withCards(base, s.CardFile, s.Cards)
	if err != nil {
		return plan{}, err
	}
	if err := checkAgents(s.Agents); err != nil {
		return plan{}, err
	}
	if err := checkTable(g.Info(), &s); err != nil {
		return plan{}, err
	}
	if _, err := engine.ResolveVariants(g.Info().Variants, s.Variant); err != nil {
		return plan{}, asError(err)
	}
	decks, err := seatDecks(g, s)
	if err != nil {
		return plan{}, err
	}
	if err := firstDeal(g, s, decks); err != nil {
		return plan{}, err
	}
	cfg := sim.Config{Game: g, Games: s.Games, Seed: s.Seed, Seats: s.Seats, Agents: s.Agents,
		Variant: s.Variant, Decks: decks, Mirror: s.Mirror, Workers: l.limits.WorkersPerRun}
	if s.UntilCI > 0 {
		cfg.Games = l.limits.MaxGames
	}
	p := plan{spec: s, cfg: cfg, planned: cfg.Games}
	if s.Mirror {
		p.planned = roundUp(cfg.Games, s.Seats)
	}
	if s.Sweep != nil {
		if p.sweep, err = l.planSweep(g, s, decks); err != nil {
			return plan{}, err
		}
		p.planned *= len(p.sweep.settings)
	}
	if s.Tune != nil {
		if p.tune, err = l.planTune(g, s, decks); err != nil {
			return plan{}, err
		}
		p.planned = p.tune.games(s.Games)
	}
	return p, nil
}

// checkSize checks the number of games or the precision asked.
func (l *Lab) checkSize(s Spec) error {
	switch {
	case s.UntilCI != 0 && (s.UntilCI < minUntilCI || s.UntilCI > maxUntilCI || math.IsNaN(s.UntilCI)):
		return badInput("lab.err_until_ci", "min", minUntilCI, "max", maxUntilCI)
	case s.UntilCI == 0 && (s.Games < 1 || s.Games > l.limits.MaxGames):
		return badInput("lab.err_games", "max", l.limits.MaxGames)
	}
	return nil
}

// checkAgents allows the agents the workbench offers, searches bounded
// by iterations (a time limit would make the run depend on the machine).
func checkAgents(specs []string) error {
	for i, spec := range specs {
		kind, params, err := ai.ParseSpec(spec)
		if err != nil || !agentKinds[kind] {
			return badInput("lab.err_agent", "seat", i+1, "agent", spec)
		}
		if kind == "ismcts" && (!withinSearch(params["iters"]) || params["ms"] != "") {
			return badInput("lab.err_search", "max", maxSearch)
		}
	}
	return nil
}

func itoa(n int) string { return strconv.Itoa(n) }

func withinSearch(iters string) bool {
	n, err := strconv.Atoi(iters)
	return err == nil && n >= 1 && n <= maxSearch
}

// checkTable checks the seats and that agents and decks are given one
// for all seats or one per seat.
func checkTable(info engine.Info, s *Spec) error {
	if s.Seats == 0 {
		s.Seats = info.MinSeats
	}
	if s.Seats < info.MinSeats || s.Seats > info.MaxSeats {
		return badInput("lab.err_seats", "min", info.MinSeats, "max", info.MaxSeats)
	}
	for _, n := range []int{len(s.Agents), len(s.Decks), len(s.Lists), len(s.Saved)} {
		if n > 1 && n != s.Seats {
			return badInput("lab.err_per_seat", "seats", s.Seats)
		}
	}
	return nil
}

// firstDeal sets up the run's first game, so that decks the rules do not
// let meet (Mystic Elements' exclusive colours, ME-8.2) or a variant
// they refuse are reported now, not as a run of failed games.
func firstDeal(g engine.Game, s Spec, decks []engine.DeckList) error {
	if len(decks) == 1 {
		decks = slices.Repeat(decks, s.Seats)
	}
	_, err := g.New(engine.Setup{Game: g.Info().ID, Seats: s.Seats, Seed: s.Seed, Variant: s.Variant, Decks: decks})
	if err != nil {
		return asError(err)
	}
	return nil
}

// presets finds the named preset decks of g (the edited cards' presets).
func presets(g engine.Game, names []string) ([]engine.DeckList, error) {
	var out []engine.DeckList
	all := g.Presets()
	for _, name := range names {
		i := indexOf(all, name)
		if i < 0 {
			return nil, badInput("lab.err_deck", "deck", name, "decks", presetNames(all))
		}
		out = append(out, all[i])
	}
	return out, nil
}

func indexOf(decks []engine.DeckList, name string) int {
	for i, d := range decks {
		if strings.EqualFold(d.Name, name) {
			return i
		}
	}
	return -1
}

func presetNames(decks []engine.DeckList) string {
	names := make([]string, len(decks))
	for i, d := range decks {
		names[i] = d.Name
	}
	return strings.Join(names, ", ")
}

// freshSeed is a seed no one can guess, from 1 to 2^53: a page's script
// reads numbers as doubles, and a larger seed would come back rounded,
// so that repeating the run would play other deals.
func freshSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])>>11 + 1
}

// Listed is s as a list of runs shows it: without its card file and deck
// lists, which may be tens of kilobytes a run.
func (s Spec) Listed() Spec {
	s.Edited = s.Edited || s.Cards != ""
	s.Cards, s.Lists = "", nil
	return s
}
