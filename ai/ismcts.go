package ai

import (
	"errors"
	"fmt"
	"math"
	"time"

	"kartenwerk/engine"
)

// ISMCTS is information-set Monte Carlo tree search (single observer): each
// iteration samples the hidden information the deciding seat cannot see
// with State.Determinize, walks the shared tree by UCB among the actions
// legal in that sample, adds one node, plays out at random, and backs the
// result up (or, with Worlds, draws its worlds from a pool sampled once
// a decision). It never looks at the real hidden cards: two states its
// seat cannot tell apart give the same decision for the same seed.
type ISMCTS struct {
	name string
	ISMCTSOptions

	rng   engine.RNG
	rater rater
	me    engine.Seat // the seat deciding
	nodes []node
	spare []node // the other buffer when the tree is re-rooted
	legal []engine.Action
	// next is the state the last decision led to, and kept the subtree
	// under that decision's action, when the seat decides again at once
	// and the action told it nothing new (see keep).
	next     engine.State
	nextRoot int32
	// worlds is the decision's pool of sampled worlds (Worlds > 0), and
	// world the scratch state each iteration plays in, a copy of one.
	worlds []engine.State
	world  engine.State
	// votes are the visits of each legal action summed over the trees
	// of ensemble determinization (TreePerWorld).
	votes []int
	// Searched counts the iterations of the last decision.
	Searched int
	// Reused counts the visits carried over from the previous decision.
	Reused int
	rearrangements
}

type node struct {
	action      engine.Action
	seat        engine.Seat // who took action to reach this node
	parent      int32
	firstChild  int32
	nextSibling int32
	visits      int32
	avail       int32
	reward      float64 // sum of seat's rewards
	key         uint64  // what seat privately knew when it took action (see InfoKeying)
}

func init() {
	Register(Kind{Name: "ismcts", Doc: "information-set Monte Carlo tree search",
		Params: map[string]string{
			"iters":    "iterations per decision (default 1000)",
			"ms":       "time per decision in milliseconds, instead of iterations",
			"c":        "exploration constant (default 0.7)",
			"horizon":  "playout length in turns before judging the position (default 0: play to the end)",
			decksParam: decksDoc,
			"greedy":   "chance that a playout step takes the action the game's evaluation rates best instead of a random one (default 0)",
			evalParam:  evalDoc + "; it rates the positions where playouts stop (horizon), new leaves (mix) and greedy playout steps",
			"mix":      "weight between 0 and 1 of the evaluation of each new leaf in the value backed up, the playout's result taking the rest (default 0: the playout alone)",
			infoParam:  infoDoc,
			treesParam: "one (default): the pool of worlds shares one tree; each: one tree per world, each with its share of the iterations or time, the decision going to the most visits summed over the trees (ensemble determinization); needs worlds",
			"worlds":   "sample this many worlds of what the seat cannot see per decision and search that fixed pool (see trees; with one tree the iterations cycle through the worlds) instead of a fresh world each iteration (default 0: a fresh one each); at most iters",
		},
		New: func(p Params, seed uint64) (Agent, error) {
			o := DefaultISMCTS
			var ms int
			var errs [8]error
			o.Iterations, errs[0] = p.Int("iters", o.Iterations)
			ms, errs[1] = p.Int("ms", 0)
			o.Exploration, errs[2] = p.Float("c", o.Exploration)
			o.Horizon, errs[3] = p.Int("horizon", o.Horizon)
			o.Greedy, errs[4] = p.Float("greedy", o.Greedy)
			o.Mix, errs[5] = p.Float("mix", o.Mix)
			o.Worlds, errs[6] = p.Int("worlds", o.Worlds)
			o.TreePerWorld, errs[7] = treePerWorld(p)
			var errDecks, errEval, errInfo error
			o.KnowDecks, errDecks = knowsDecks(p)
			o.Learned, errEval = learnedEval(p)
			o.Info, errInfo = infoKeying(p)
			if err := errors.Join(append(errs[:], errDecks, errEval, errInfo)...); err != nil {
				return nil, err
			}
			o.Budget = time.Duration(ms) * time.Millisecond
			if o.Iterations < 1 || ms < 0 || o.Exploration < 0 || o.Horizon < 0 || !unitInterval(o.Greedy) || !unitInterval(o.Mix) {
				return nil, fmt.Errorf("ismcts: iters must be at least 1; ms, c and horizon not negative; greedy and mix between 0 and 1")
			}
			if o.Worlds < 0 || (o.Budget == 0 && o.Worlds > o.Iterations) {
				return nil, fmt.Errorf("ismcts: worlds=%d: give 0 (a fresh world each iteration) or a pool of 1 to iters (%d) worlds", o.Worlds, o.Iterations)
			}
			if o.TreePerWorld && o.Worlds == 0 {
				return nil, fmt.Errorf("ismcts: trees=each needs a pool of worlds: give worlds=K as well")
			}
			return NewISMCTS(o, seed), nil
		}})
}

// ISMCTSOptions are the settings of a search agent.
type ISMCTSOptions struct {
	// Iterations per decision, unless Budget is set.
	Iterations int
	// Budget, when positive, is the time per decision instead.
	Budget time.Duration
	// Exploration is the UCB constant.
	Exploration float64
	// Horizon is the playout length in turns before the game's Evaluator
	// judges the position; 0 plays to the end.
	Horizon int
	// Greedy is the chance that a playout step takes the action the
	// game's Evaluator rates best rather than a random one. Random
	// playouts are fast but, in long games, judge a position almost by
	// coin flip; a little greed makes them play like players.
	Greedy float64
	// Mix is the weight of the evaluation of the leaf an iteration adds
	// in the value it backs up, the playout's result weighing 1-Mix. Where
	// the deal decides much of a game, one playout's result is mostly
	// noise; the evaluation of the leaf is a steadier, if biased, second
	// opinion (as value and rollout are mixed in AlphaGo).
	Mix float64
	// KnowDecks assumes every seat's deck list is known to all (see
	// engine.DeckKnower), for simulations of symmetric knowledge.
	KnowDecks bool
	// Learned rates positions with the game's learned evaluation (see
	// Model) instead of its hand-written one.
	Learned bool
	// Info keys the options of a decision also by what the deciding seat
	// privately knows, where the game can say (engine.InfoKeyer).
	Info InfoKeying
	// Worlds, when positive, is how many worlds a decision samples: the
	// iterations cycle through that fixed pool instead of sampling a fresh
	// world each. Fresh worlds give the opponent a different hand, and so
	// different options, nearly every iteration, and what lies below its
	// reply is then visited about once; over K worlds each reply of each
	// sampled hand gathers about 1/K of the iterations. The tree stays one
	// information-set tree, keyed as without the pool.
	Worlds int
	// TreePerWorld grows one tree for each world of the pool instead of
	// one shared tree (ensemble determinization): each a perfect-
	// information search of its world with its share of the iterations,
	// the decision going to the root action with the most visits summed
	// over the trees. It needs Worlds.
	TreePerWorld bool
}

// DefaultISMCTS are the settings of a plain "ismcts" agent.
var DefaultISMCTS = ISMCTSOptions{Iterations: 1000, Exploration: 0.7}

// spec names the options as an agent spec, leaving out defaults.
func (o ISMCTSOptions) spec() string {
	name := fmt.Sprintf("ismcts:iters=%d", o.Iterations)
	if o.Budget > 0 {
		name = fmt.Sprintf("ismcts:ms=%d", o.Budget.Milliseconds())
	}
	if o.Exploration != DefaultISMCTS.Exploration {
		name += fmt.Sprintf(",c=%g", o.Exploration)
	}
	if o.Horizon > 0 {
		name += fmt.Sprintf(",horizon=%d", o.Horizon)
	}
	if o.Greedy > 0 {
		name += fmt.Sprintf(",greedy=%g", o.Greedy)
	}
	if o.Mix > 0 {
		name += fmt.Sprintf(",mix=%g", o.Mix)
	}
	if o.KnowDecks {
		name += ",decks=known"
	}
	if o.Learned {
		name += ",eval=learned"
	}
	if o.Info != InfoNone {
		name += ",info=" + o.Info.String()
	}
	if o.Worlds > 0 {
		name += fmt.Sprintf(",worlds=%d", o.Worlds)
	}
	if o.TreePerWorld {
		name += ",trees=each"
	}
	return name
}

// NewISMCTS returns a search agent with the options o.
func NewISMCTS(o ISMCTSOptions, seed uint64) *ISMCTS {
	m := &ISMCTS{name: o.spec(), ISMCTSOptions: o,
		rng: engine.NewRNG(seed), nodes: make([]node, 0, 4096), legal: make([]engine.Action, 0, 64)}
	if o.Learned {
		m.rater.judge = &judge{}
	}
	return m
}

// Name is the agent's spec.
func (m *ISMCTS) Name() string { return m.name }

// Act searches and returns the most visited legal action.
func (m *ISMCTS) Act(s engine.State) (engine.Action, error) {
	me := s.ToMove()
	legal := m.rearrangements.filter(s, s.Legal(nil))
	switch len(legal) {
	case 0:
		return engine.Action{}, fmt.Errorf("no legal action for %v", me)
	case 1:
		m.rearrangements.note(s, legal[0])
		return legal[0], nil
	}
	if err := m.rater.prepare(s); err != nil {
		return engine.Action{}, err
	}
	m.me = me
	m.Searched = 0
	var a engine.Action
	if m.TreePerWorld {
		a = m.ensemble(s, legal)
	} else {
		m.search(s)
		a = m.best(legal)
	}
	m.keep(s, a)
	m.rearrangements.note(s, a)
	return a, nil
}

// search grows the one tree for s.
func (m *ISMCTS) search(s engine.State) {
	m.startTree(s)
	clear(m.worlds)
	m.worlds = m.worlds[:0]
	for start := time.Now(); more(start, m.Searched, m.Budget, m.Iterations); m.Searched++ {
		m.iterate(m.sample(s))
	}
}

// more says whether a search begun at start that has run n iterations
// goes on, given its time budget or else its iterations.
func more(start time.Time, n int, budget time.Duration, iters int) bool {
	if budget > 0 {
		return n%16 != 0 || time.Since(start) < budget
	}
	return n < iters
}

// sample is the world of this iteration: a fresh determinization of s,
// or with a pool of worlds a copy of the next one, the pool being filled
// by the first iterations as the fresh samples would be. Every iteration
// splits the agent's generator alike either way (one draw, without the
// split's generator where it is not needed), so a pool of iters worlds
// searches exactly as fresh worlds do.
func (m *ISMCTS) sample(s engine.State) engine.State {
	if m.Worlds == 0 {
		r := m.rng.Split()
		return determinize(s, m.me, &r, m.KnowDecks)
	}
	i := m.Searched % m.Worlds
	if i == len(m.worlds) {
		r := m.rng.Split()
		m.worlds = append(m.worlds, determinize(s, m.me, &r, m.KnowDecks))
	} else {
		m.rng.Uint64() // the draw Split would take
	}
	return m.copyOf(m.worlds[i])
}

// copyOf copies w over the scratch world, without allocating where the
// game can (engine.Copier), and returns it.
func (m *ISMCTS) copyOf(w engine.State) engine.State {
	if cp, ok := w.(engine.Copier); !ok || m.world == nil || !cp.CopyTo(m.world) {
		m.world = w.Clone()
	}
	return m.world
}

// best returns the root child with the most visits among legal actions.
func (m *ISMCTS) best(legal []engine.Action) engine.Action {
	bestVisits, best := int32(-1), legal[0]
	for c := m.nodes[0].firstChild; c >= 0; c = m.nodes[c].nextSibling {
		n := &m.nodes[c]
		if n.visits > bestVisits && engine.Contains(legal, n.action) {
			bestVisits, best = n.visits, n.action
		}
	}
	return best
}

func (m *ISMCTS) iterate(d engine.State) {
	cur := int32(0)
	for {
		if done, _ := d.Terminal(); done {
			break
		}
		m.legal = d.Legal(m.legal[:0])
		next, expanded := m.selectChild(cur, d.ToMove(), m.infoKey(d))
		cur = next
		if err := d.Apply(m.nodes[cur].action); err != nil {
			panic(fmt.Sprintf("ismcts: legal action refused: %v", err))
		}
		if expanded {
			break
		}
	}
	if m.Mix == 0 {
		m.backup(cur, m.playout(d))
		return
	}
	leaf := m.rater.rewards(d)
	if m.Mix == 1 { // the evaluation alone: no playout to weigh
		m.backup(cur, leaf)
		return
	}
	out := m.playout(d)
	for seat := range out {
		out[seat] = m.Mix*leaf[seat] + (1-m.Mix)*out[seat]
	}
	m.backup(cur, out)
}

func unitInterval(x float64) bool { return x >= 0 && x <= 1 }

// selectChild marks the children legal in this determinization as
// available and either expands an untried legal action (returning true)
// or picks the available child with the best UCB score.
func (m *ISMCTS) selectChild(parent int32, seat engine.Seat, key uint64) (int32, bool) {
	untried := 0
	for i, a := range m.legal {
		if m.child(parent, a, key) < 0 {
			m.legal[untried], m.legal[i] = m.legal[i], m.legal[untried]
			untried++
		}
	}
	if untried > 0 {
		a := m.legal[m.rng.IntN(untried)]
		return m.addChild(parent, a, seat, key), true
	}
	best, bestScore := int32(-1), math.Inf(-1)
	for _, a := range m.legal {
		c := m.child(parent, a, key)
		n := &m.nodes[c]
		n.avail++
		score := n.reward/float64(n.visits) + m.Exploration*math.Sqrt(math.Log(float64(n.avail))/float64(n.visits))
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	return best, false
}

// child finds the parent's child for action a taken with private key.
func (m *ISMCTS) child(parent int32, a engine.Action, key uint64) int32 {
	for c := m.nodes[parent].firstChild; c >= 0; c = m.nodes[c].nextSibling {
		if n := &m.nodes[c]; n.action == a && n.key == key {
			return c
		}
	}
	return -1
}

func (m *ISMCTS) addChild(parent int32, a engine.Action, seat engine.Seat, key uint64) int32 {
	id := int32(len(m.nodes))
	m.nodes = append(m.nodes, node{action: a, key: key, seat: seat, parent: parent, firstChild: -1,
		nextSibling: m.nodes[parent].firstChild, avail: 1})
	m.nodes[parent].firstChild = id
	return id
}

// playout plays to the end, or to the horizon, and returns each seat's
// reward. Each step is random, or with chance Greedy the step the game's
// evaluation rates best for the seat taking it.
func (m *ISMCTS) playout(d engine.State) [engine.MaxSeats]float64 {
	limit := math.MaxInt
	if m.Horizon > 0 {
		limit = d.Turn() + m.Horizon
	}
	for d.Turn() <= limit {
		if done, _ := d.Terminal(); done {
			break
		}
		m.legal = d.Legal(m.legal[:0])
		a := engine.RandomAction(d, m.legal, &m.rng)
		if len(m.legal) > 1 && m.Greedy > 0 && m.rng.Chance(m.Greedy) {
			var err error
			if a, err = m.rater.best(d, m.legal, &m.rng); err != nil {
				panic(fmt.Sprintf("ismcts: %v", err))
			}
		}
		if err := d.Apply(a); err != nil {
			panic(fmt.Sprintf("ismcts: legal action refused: %v", err))
		}
	}
	return m.rater.rewards(d)
}

// rater picks the legal action after which the seat to move is rated
// best. It tries each action on a copy of the state, made over the same
// scratch state when the game can (engine.Copier), so a greedy step
// allocates nothing.
type rater struct {
	scratch engine.State
	// judge, when set, rates positions with the learned evaluation
	// instead of the game's own.
	judge *judge
}

// rewards is Rewards, by the learned evaluation when the rater has one.
func (r *rater) rewards(s engine.State) [engine.MaxSeats]float64 {
	if r.judge != nil {
		return r.judge.rewards(s)
	}
	return Rewards(s)
}

// prepare readies the learned evaluation, if any, for states like s.
func (r *rater) prepare(s engine.State) error {
	if r.judge == nil {
		return nil
	}
	return r.judge.prepare(s)
}

// best returns that action, ties broken at random; a winning action rates 1.
func (r *rater) best(d engine.State, legal []engine.Action, rng *engine.RNG) (engine.Action, error) {
	me := d.ToMove()
	cp, canCopy := d.(engine.Copier)
	best, bestScore, ties := legal[0], -1.0, 0
	for _, a := range legal {
		if !canCopy || r.scratch == nil || !cp.CopyTo(r.scratch) {
			r.scratch = d.Clone()
		}
		c := r.scratch
		if err := c.Apply(a); err != nil {
			return engine.Action{}, fmt.Errorf("legal action %v refused: %v", a, err)
		}
		score := r.rewards(c)[me]
		switch {
		case score > bestScore+1e-9:
			best, bestScore, ties = a, score, 1
		case score > bestScore-1e-9:
			ties++
			if rng.IntN(ties) == 0 {
				best = a
			}
		}
	}
	return best, nil
}

func (m *ISMCTS) backup(n int32, r [engine.MaxSeats]float64) {
	for ; n > 0; n = m.nodes[n].parent {
		nd := &m.nodes[n]
		nd.visits++
		nd.reward += r[nd.seat]
	}
	m.nodes[0].visits++
}

// Rewards scores a state for every seat in [0, 1]: a finished game gives
// winners their share and a draw 1/seats each; an unfinished one is
// judged by the game's Evaluator, or counted as a draw without one.
func Rewards(s engine.State) [engine.MaxSeats]float64 {
	var r [engine.MaxSeats]float64
	n := s.Seats()
	done, out := s.Terminal()
	ev, canJudge := s.(engine.Evaluator)
	for seat := 0; seat < n; seat++ {
		switch {
		case done && out.Draw():
			r[seat] = 1 / float64(n)
		case done:
			r[seat] = out.Reward(engine.Seat(seat))
		case canJudge:
			r[seat] = ev.Evaluate(engine.Seat(seat))
		default:
			r[seat] = 1 / float64(n)
		}
	}
	return r
}
