package server

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	"kartenwerk/sim"
)

// "Test this deck": a bounded batch of simulated games of a deck against
// the presets the rules let it meet, played on the server one at a time,
// at most one batch per account and a few for the whole server.
const (
	trialDefaultGames = 100
	trialMaxGames     = 300
	trialMinGames     = 10
	// trialsAtOnce caps the batches the server plays at once.
	trialsAtOnce = 2
	// trialKept is how long a finished batch's result can be read.
	trialKept = 30 * time.Minute
	// trialAgent plays every seat: a step ahead, so that a deck's cards
	// are used with some sense, and quick enough for hundreds of games.
	trialAgent = "greedy"
)

// TrialRequest is the body of POST /api/deck-tests.
type TrialRequest struct {
	Game  string `json:"game"`
	List  string `json:"list"`
	Games int    `json:"games,omitempty"`
}

// Trial is a batch's progress and, when done, its result.
type Trial struct {
	ID     string `json:"id"`
	Game   string `json:"game"`
	Deck   string `json:"deck"`
	Agent  string `json:"agent"`
	Seed   uint64 `json:"seed"`
	Games  int    `json:"games"`
	Played int    `json:"played"`
	Done   bool   `json:"done"`
	Error  string `json:"error,omitempty"`
	// Wins, Draws and WinRate (with its 95% interval over deals) count the
	// deck's games against every opponent; Opponents splits them.
	Wins      int           `json:"wins"`
	Draws     int           `json:"draws"`
	WinRate   sim.Interval  `json:"win_rate"`
	Opponents []TrialResult `json:"opponents"`
	// Skipped are the presets the rules do not let meet this deck (such
	// as Mystic Elements' exclusive colours, ME-8.2), with why.
	Skipped []string `json:"skipped,omitempty"`
	// Itself are the presets that list the same cards as the deck (the
	// preset it was built from), which the test does not play: a deck
	// against itself wins exactly half of the mirrored deals, a rate with
	// an interval of no width that says nothing about the deck.
	Itself []string `json:"itself,omitempty"`
	// Readings are the rule readings the test plays in the reader's
	// words ("Colours: shared"): those of ranked games and tournaments,
	// where each player brings a deck of their own (ownDecksSetup).
	Readings []string `json:"readings,omitempty"`

	opponents []engine.DeckList // the presets it meets
	plan      []int             // the games against each
	variant   map[string]string // the readings, as a setup's variant
}

// TrialResult is the deck's record against one preset.
type TrialResult struct {
	Preset  string       `json:"preset"`
	Games   int          `json:"games"`
	Wins    int          `json:"wins"`
	Draws   int          `json:"draws"`
	WinRate sim.Interval `json:"win_rate"`
}

// trials are the batches running and recently finished.
type trials struct {
	mu      sync.Mutex
	byID    map[string]*trialRun
	running map[string]string // account -> its running batch
}

type trialRun struct {
	owner    string
	played   atomic.Int64
	finished time.Time
	mu       sync.Mutex // guards view
	view     Trial
}

func (srv *Server) trialRoutes(m *http.ServeMux) {
	m.HandleFunc("POST /api/deck-tests", srv.withAccounts(srv.handleStartTrial))
	m.HandleFunc("GET /api/deck-tests/{id}", srv.withAccounts(srv.handleTrial))
	m.HandleFunc("POST /api/decks/opponents", srv.handleOpponents)
}

// Opponents is the answer of POST /api/decks/opponents: the presets the
// rules let meet a deck, and why the others may not.
type Opponents struct {
	Presets []string `json:"presets"`
	Skipped []string `json:"skipped"`
}

// handleOpponents names the presets a legal deck may meet, for the deck
// builder's game against the AI.
func (srv *Server) handleOpponents(w http.ResponseWriter, r *http.Request) {
	g, req, ok := srv.gameDeckBody(w, r)
	if !ok {
		return
	}
	deck, err := resolveDeck(g, DeckRequest{List: req.List}, "deck")
	if err != nil {
		srv.httpError(w, err)
		return
	}
	meet, skipped := opponents(g, deck, langOf(r), nil)
	out := Opponents{Presets: []string{}, Skipped: skipped}
	for _, p := range meet {
		out.Presets = append(out.Presets, p.Name)
	}
	writeJSON(w, http.StatusOK, out)
}

func (srv *Server) handleStartTrial(w http.ResponseWriter, r *http.Request) {
	ss, _, ok := srv.mustLogIn(w, r)
	if !ok {
		return
	}
	req, ok := bodyOf[TrialRequest](srv, w, r)
	if !ok {
		return
	}
	g, deck, games, err := srv.trialInput(req)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	view, err := planTrial(g, deck, games, langOf(r))
	if err != nil {
		srv.httpError(w, err)
		return
	}
	run, wait, why := srv.trials.start(ss.Owner, view)
	if run == nil {
		tooMany(w, wait, why)
		return
	}
	go srv.playTrial(run, g, deck)
	writeJSON(w, http.StatusAccepted, run.snapshot())
}

// planTrial picks the presets deck may meet and shares the games among
// them in whole deals.
func planTrial(g engine.Game, deck engine.DeckList, games int, l i18n.Lang) (Trial, error) {
	info := g.Info()
	view := Trial{ID: newToken(), Game: info.ID, Deck: deck.Name, Agent: trialAgent, Seed: newSeed(), Opponents: []TrialResult{}}
	view.variant = maps.Clone(info.OwnDecksVariant)
	for _, k := range slices.Sorted(maps.Keys(view.variant)) {
		view.Readings = append(view.Readings, sim.VariantSaid(l, catalogOf(g), k, view.variant[k]))
	}
	meet, skipped := opponents(g, deck, l, view.variant)
	view.Skipped = skipped
	if len(meet) == 0 {
		return view, refuse(http.StatusBadRequest, "trial_no_opponent", "why", strings.Join(view.Skipped, "; "))
	}
	for _, p := range meet {
		if sameCards(deck, p) {
			view.Itself = append(view.Itself, p.Name)
		} else {
			view.opponents = append(view.opponents, p)
		}
	}
	if len(view.opponents) == 0 { // Zynalith's shared stacks, Micro-Life's fixed starter
		return view, refuse(http.StatusBadRequest, "trial_only_itself", "presets", strings.Join(view.Itself, ", "))
	}
	view.plan = splitDeals(games, len(view.opponents), info.MinSeats)
	for _, n := range view.plan {
		view.Games += n
	}
	return view, nil
}

// trialInput checks a batch's request: a game with presets to meet, a
// legal deck, and a number of games within the bounds.
func (srv *Server) trialInput(req TrialRequest) (engine.Game, engine.DeckList, int, error) {
	g, err := srv.games.lookup(req.Game)
	if err != nil {
		return nil, engine.DeckList{}, 0, badInput("%v", err)
	}
	if len(g.Presets()) == 0 {
		return nil, engine.DeckList{}, 0, refuse(http.StatusBadRequest, "no_presets", "game", g.Info().Name)
	}
	deck, err := resolveDeck(g, DeckRequest{List: req.List}, "deck")
	if err != nil {
		return nil, deck, 0, err
	}
	if deck.Name == "" {
		deck.Name = "your deck"
	}
	games := req.Games
	if games == 0 {
		games = trialDefaultGames
	}
	if games < trialMinGames || games > trialMaxGames {
		return nil, deck, 0, refuse(http.StatusBadRequest, "trial_games", "n", games, "min", trialMinGames, "max", trialMaxGames)
	}
	return g, deck, games, nil
}

// opponents are the presets the rules let meet deck under the readings
// variant (beside the game's simulation readings), and why the others may
// not, in language l.
func opponents(g engine.Game, deck engine.DeckList, l i18n.Lang, variant map[string]string) (meet []engine.DeckList, skipped []string) {
	info := g.Info()
	for _, p := range g.Presets() {
		decks := []engine.DeckList{deck}
		for len(decks) < info.MinSeats {
			decks = append(decks, p)
		}
		_, err := g.New(engine.Setup{Game: info.ID, Seats: info.MinSeats, Seed: 1, Decks: decks, Variant: sim.WithSimVariant(info, variant)})
		if err != nil {
			skipped = append(skipped, p.Name+": "+engine.ErrorIn(err, l))
			continue
		}
		meet = append(meet, p)
	}
	return meet, skipped
}

// start registers a batch unless its account has one running or the
// server plays its most; then it returns nil, how long to wait, and why.
func (t *trials) start(owner string, view Trial) (*trialRun, time.Duration, *refusal) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.byID == nil {
		t.byID, t.running = map[string]*trialRun{}, map[string]string{}
	}
	t.forgetOld(time.Now())
	if id, busy := t.running[owner]; busy {
		v := t.byID[id].snapshot()
		return nil, 10 * time.Second, refuse(http.StatusTooManyRequests, "trial_running", "played", v.Played, "games", v.Games)
	}
	if len(t.running) >= trialsAtOnce {
		return nil, 30 * time.Second, refuse(http.StatusTooManyRequests, "trials_full", "n", len(t.running))
	}
	run := &trialRun{owner: owner, view: view}
	t.byID[view.ID], t.running[owner] = run, view.ID
	return run, 0, nil
}

// forgetOld drops batches finished longer than trialKept ago.
func (t *trials) forgetOld(now time.Time) {
	for id, run := range t.byID {
		if !run.finished.IsZero() && now.Sub(run.finished) > trialKept {
			delete(t.byID, id)
		}
	}
}

// finish records a batch's outcome and frees its account's slot.
func (t *trials) finish(run *trialRun, outcome Trial) {
	t.mu.Lock()
	defer t.mu.Unlock()
	run.mu.Lock()
	run.view = outcome
	run.view.Done = true
	run.mu.Unlock()
	run.finished = time.Now()
	delete(t.running, run.owner)
}

// lookup returns owner's batch with this id.
func (t *trials) lookup(owner, id string) (*trialRun, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	run, ok := t.byID[id]
	return run, ok && run.owner == owner
}

func (run *trialRun) snapshot() Trial {
	run.mu.Lock()
	defer run.mu.Unlock()
	v := run.view
	if !v.Done {
		v.Played = int(run.played.Load())
	}
	return v
}

// playTrial plays a batch against each preset in turn, the deals split
// evenly, and records the result. Each deal is played once with the deck
// in every seat, so neither the shuffle nor the seat favours it: its
// intervals are computed over deals (sim's wilson-by-deal), and deals
// against different presets are independent clusters of one interval.
func (srv *Server) playTrial(run *trialRun, g engine.Game, deck engine.DeckList) {
	view := run.snapshot()
	var overall sim.Clustered
	for i, n := range view.plan {
		if n == 0 {
			continue
		}
		res, deals, err := srv.playAgainst(run, g, deck, view.opponents[i], n, view.Seed+uint64(i), view.variant)
		if err != nil {
			view.Error = "the test stopped: " + err.Error()
			break
		}
		view.Opponents = append(view.Opponents, res)
		view.Played += res.Games
		view.Wins += res.Wins
		view.Draws += res.Draws
		overall = sumClusters(overall, deals)
	}
	view.WinRate = overall.Interval()
	srv.trials.finish(run, view)
	srv.log.Info("deck tested", "game", view.Game, "games", view.Played, "win_rate", view.WinRate.Rate)
}

// trialDeals is the name sim gives the first entrant's win rate by deal.
const trialDeals = "entrant 1 win"

// playAgainst plays n mirrored games of deck (entrant 1) against a
// preset (every other entrant), one at a time.
func (srv *Server) playAgainst(run *trialRun, g engine.Game, deck, preset engine.DeckList, n int, seed uint64, variant map[string]string) (TrialResult, sim.Clustered, error) {
	seats := g.Info().MinSeats
	decks := []engine.DeckList{deck}
	for len(decks) < seats {
		decks = append(decks, preset)
	}
	base := run.played.Load()
	cfg := sim.Config{Game: g, Games: n, Seed: seed, Seats: seats, Agents: []string{trialAgent}, Decks: decks, Variant: variant, Workers: 1,
		Mirror: true, Progress: func(done int) { run.played.Store(base + int64(done)) }}
	ctx, cancel := context.WithCancel(srv.ctx)
	defer cancel()
	rep, err := sim.Run(ctx, cfg)
	if err != nil {
		return TrialResult{}, sim.Clustered{}, err
	}
	deals := rep.Deals[trialDeals]
	switch {
	case rep.Errors > 0:
		return TrialResult{}, sim.Clustered{}, fmt.Errorf("%d of %d games against %s failed", rep.Errors, rep.Games, preset.Name)
	case deals == nil || len(rep.EntrantRates) == 0:
		return TrialResult{}, sim.Clustered{}, fmt.Errorf("the simulation reported no win rate by deal for the deck")
	}
	mine := rep.EntrantRates[0]
	return TrialResult{Preset: preset.Name, Games: mine.Games, Wins: mine.Wins, Draws: mine.Draws, WinRate: mine.WinRate}, *deals, nil
}

// sumClusters adds b's deals to a's: deals of different batches are
// independent clusters.
func sumClusters(a, b sim.Clustered) sim.Clustered {
	return sim.Clustered{Clusters: a.Clusters + b.Clusters, Y: a.Y + b.Y, M: a.M + b.M, YY: a.YY + b.YY, YM: a.YM + b.YM, MM: a.MM + b.MM}
}

// splitDeals shares games among n opponents in whole deals of seats
// games each, at least one deal each.
func splitDeals(games, n, seats int) []int {
	deals := max(games/seats, n)
	out := make([]int, n)
	for i := range out {
		out[i] = deals / n * seats
		if i < deals%n {
			out[i] += seats
		}
	}
	return out
}

func (srv *Server) handleTrial(w http.ResponseWriter, r *http.Request) {
	ss, _, ok := srv.mustLogIn(w, r)
	if !ok {
		return
	}
	run, ok := srv.trials.lookup(ss.Owner, r.PathValue("id"))
	if !ok {
		writeRefusal(w, refuse(http.StatusNotFound, "no_trial"))
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, run.snapshot())
}
