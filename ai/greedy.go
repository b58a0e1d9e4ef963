package ai

import (
	"errors"
	"fmt"
	"strings"

	"kartenwerk/engine"
)

// Greedy looks one action ahead: it tries each legal action on a
// determinization of the state (so it cannot see hidden cards) and takes
// the one after which the game's Evaluator rates its seat best; a winning
// action always comes first. Ties are broken at random.
type Greedy struct {
	// KnowDecks makes it assume every seat's deck list is known (see
	// engine.DeckKnower).
	KnowDecks bool
	rng       engine.RNG
	legal     []engine.Action
	rater     rater
	rearrangements
}

func init() {
	Register(Kind{Name: "greedy", Doc: "one action of lookahead judged by the game's evaluation",
		Params: map[string]string{decksParam: decksDoc, evalParam: evalDoc},
		New: func(p Params, seed uint64) (Agent, error) {
			known, err := knowsDecks(p)
			learned, errEval := learnedEval(p)
			g := NewGreedy(seed)
			g.KnowDecks = known
			g.SetLearned(learned)
			return g, errors.Join(err, errEval)
		}})
}

// NewGreedy returns a greedy agent seeded with seed.
func NewGreedy(seed uint64) *Greedy { return &Greedy{rng: engine.NewRNG(seed)} }

// Reseed starts the agent afresh with seed (see Reseeder): only its
// scratch state stays, which CopyTo overwrites whole before each use.
func (g *Greedy) Reseed(seed uint64) {
	g.rng = engine.NewRNG(seed)
	g.rearrangements = rearrangements{}
}

// SetLearned makes the agent rate positions with the game's learned
// evaluation (see Model) instead of its hand-written one, or not.
func (g *Greedy) SetLearned(on bool) {
	g.rater.judge = nil
	if on {
		g.rater.judge = &judge{}
	}
}

// Name is "greedy" with its settings: "greedy:decks=known,eval=learned".
func (g *Greedy) Name() string {
	var params []string
	if g.KnowDecks {
		params = append(params, "decks=known")
	}
	if g.rater.judge != nil {
		params = append(params, "eval=learned")
	}
	if len(params) == 0 {
		return "greedy"
	}
	return "greedy:" + strings.Join(params, ",")
}

// Act returns the best-rated legal action.
func (g *Greedy) Act(s engine.State) (engine.Action, error) {
	me := s.ToMove()
	g.legal = s.Legal(g.legal[:0])
	if len(g.legal) == 0 {
		return engine.Action{}, fmt.Errorf("no legal action for %v", me)
	}
	if err := g.rater.prepare(s); err != nil {
		return engine.Action{}, err
	}
	g.legal = g.rearrangements.filter(s, g.legal)
	r := g.rng.Split()
	a, err := g.rater.best(determinize(s, me, &r, g.KnowDecks), g.legal, &g.rng)
	if err != nil {
		return engine.Action{}, fmt.Errorf("greedy, on a determinization: %w", err)
	}
	g.rearrangements.note(s, a)
	return a, nil
}
