package ai

import (
	"fmt"
	"math"
	"time"

	"kartenwerk/engine"
)

// ISMCTS is information-set Monte Carlo tree search (single observer): each
// iteration samples the hidden information the deciding seat cannot see
// with State.Determinize, walks the shared tree by UCB among the actions
// legal in that sample, adds one node, plays out at random, and backs the
// result up. It never looks at the real hidden cards: two states its seat
// cannot tell apart give the same decision for the same seed.
type ISMCTS struct {
	name    string
	iters   int
	budget  time.Duration
	c       float64
	horizon int // playout turns before a cut-off; 0 plays to the end

	rng   engine.RNG
	nodes []node
	spare []node // the other buffer when the tree is re-rooted
	legal []engine.Action
	// next is the state the last decision led to, and kept the subtree
	// under that decision's action, when the seat decides again at once
	// and the action told it nothing new (see keep).
	next     engine.State
	nextRoot int32
	// Iterations counts the iterations of the last decision.
	Iterations int
	// Reused counts the visits carried over from the previous decision.
	Reused int
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
}

func init() {
	Register(Kind{Name: "ismcts", Doc: "information-set Monte Carlo tree search",
		Params: map[string]string{
			"iters":   "iterations per decision (default 1000)",
			"ms":      "time per decision in milliseconds, instead of iterations",
			"c":       "exploration constant (default 0.7)",
			"horizon": "playout length in turns before judging the position (default 0: play to the end)",
		},
		New: func(p Params, seed uint64) (Agent, error) {
			iters, err := p.Int("iters", 1000)
			if err != nil {
				return nil, err
			}
			ms, err := p.Int("ms", 0)
			if err != nil {
				return nil, err
			}
			c, err := p.Float("c", 0.7)
			if err != nil {
				return nil, err
			}
			horizon, err := p.Int("horizon", 0)
			if err != nil {
				return nil, err
			}
			if iters < 1 || ms < 0 || c < 0 || horizon < 0 {
				return nil, fmt.Errorf("ismcts: iters must be at least 1, ms, c and horizon not negative")
			}
			return NewISMCTS(iters, time.Duration(ms)*time.Millisecond, c, horizon, seed), nil
		}})
}

// NewISMCTS returns a search agent. With budget > 0 it searches for that
// long per decision instead of a number of iterations.
func NewISMCTS(iters int, budget time.Duration, c float64, horizon int, seed uint64) *ISMCTS {
	name := fmt.Sprintf("ismcts:iters=%d", iters)
	if budget > 0 {
		name = fmt.Sprintf("ismcts:ms=%d", budget.Milliseconds())
	}
	return &ISMCTS{name: name, iters: iters, budget: budget, c: c, horizon: horizon,
		rng: engine.NewRNG(seed), nodes: make([]node, 0, 4096), legal: make([]engine.Action, 0, 64)}
}

// Name is the agent's spec.
func (m *ISMCTS) Name() string { return m.name }

// Act searches and returns the most visited legal action.
func (m *ISMCTS) Act(s engine.State) (engine.Action, error) {
	me := s.ToMove()
	legal := s.Legal(nil)
	switch len(legal) {
	case 0:
		return engine.Action{}, fmt.Errorf("no legal action for %v", me)
	case 1:
		return legal[0], nil
	}
	m.startTree(s)
	start := time.Now()
	m.Iterations = 0
	for {
		if m.budget > 0 {
			if m.Iterations%16 == 0 && time.Since(start) >= m.budget {
				break
			}
		} else if m.Iterations >= m.iters {
			break
		}
		r := m.rng.Split()
		m.iterate(s.Determinize(me, &r))
		m.Iterations++
	}
	a := m.best(legal)
	m.keep(s, a)
	return a, nil
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
		next, expanded := m.selectChild(cur, d.ToMove())
		cur = next
		if err := d.Apply(m.nodes[cur].action); err != nil {
			panic(fmt.Sprintf("ismcts: legal action refused: %v", err))
		}
		if expanded {
			break
		}
	}
	m.backup(cur, m.playout(d))
}

// selectChild marks the children legal in this determinization as
// available and either expands an untried legal action (returning true)
// or picks the available child with the best UCB score.
func (m *ISMCTS) selectChild(parent int32, seat engine.Seat) (int32, bool) {
	untried := 0
	for i, a := range m.legal {
		if m.child(parent, a) < 0 {
			m.legal[untried], m.legal[i] = m.legal[i], m.legal[untried]
			untried++
		}
	}
	if untried > 0 {
		a := m.legal[m.rng.IntN(untried)]
		return m.addChild(parent, a, seat), true
	}
	best, bestScore := int32(-1), math.Inf(-1)
	for _, a := range m.legal {
		c := m.child(parent, a)
		n := &m.nodes[c]
		n.avail++
		score := n.reward/float64(n.visits) + m.c*math.Sqrt(math.Log(float64(n.avail))/float64(n.visits))
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	return best, false
}

func (m *ISMCTS) child(parent int32, a engine.Action) int32 {
	for c := m.nodes[parent].firstChild; c >= 0; c = m.nodes[c].nextSibling {
		if m.nodes[c].action == a {
			return c
		}
	}
	return -1
}

func (m *ISMCTS) addChild(parent int32, a engine.Action, seat engine.Seat) int32 {
	id := int32(len(m.nodes))
	m.nodes = append(m.nodes, node{action: a, seat: seat, parent: parent, firstChild: -1,
		nextSibling: m.nodes[parent].firstChild, avail: 1})
	m.nodes[parent].firstChild = id
	return id
}

// playout plays random actions to the end, or to the horizon, and returns
// each seat's reward.
func (m *ISMCTS) playout(d engine.State) [engine.MaxSeats]float64 {
	limit := math.MaxInt
	if m.horizon > 0 {
		limit = d.Turn() + m.horizon
	}
	for d.Turn() <= limit {
		if done, _ := d.Terminal(); done {
			break
		}
		m.legal = d.Legal(m.legal[:0])
		if err := d.Apply(m.legal[m.rng.IntN(len(m.legal))]); err != nil {
			panic(fmt.Sprintf("ismcts: legal action refused: %v", err))
		}
	}
	return Rewards(d)
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
