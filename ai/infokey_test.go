package ai

import (
	"slices"
	"testing"

	"kartenwerk/engine"
	_ "kartenwerk/games/mystimons"
)

// passPath passes (see pass) from d until its seat decides again in a
// later turn, and once more there, and returns the actions taken; ok is
// false when the game ends first.
func passPath(d engine.State, surrender engine.Verb) (path []engine.Action, ok bool) {
	me, turn := d.ToMove(), d.Turn()
	for len(path) < 40 {
		if done, _ := d.Terminal(); done {
			return path, false
		}
		if len(path) > 0 && d.ToMove() == me && d.Turn() > turn+1 {
			return append(path, pass(d, surrender)), true
		}
		a := pass(d, surrender)
		if d.Apply(a) != nil {
			return path, false
		}
		path = append(path, a)
	}
	return path, false
}

// pass is the last legal action short of surrender: skip, done or end.
func pass(d engine.State, surrender engine.Verb) engine.Action {
	legal := d.Legal(nil)
	if len(legal) > 1 && legal[len(legal)-1].Verb == surrender {
		legal = legal[:len(legal)-1]
	}
	return legal[len(legal)-1]
}

// handNames is the sorted card names of seat's hand as seat sees it.
func handNames(d engine.State, seat engine.Seat) []string {
	var names []string
	for _, z := range d.View(seat).Players[seat].Zones {
		if z.Name == "hand" {
			for _, c := range z.Cards {
				names = append(names, c.Name)
			}
		}
	}
	slices.Sort(names)
	return names
}

// walk follows path down m's tree in world d, each step choosing among one
// legal action by the search's own selectChild and infoKey; it returns the
// node the last action reaches and the world's hand, before that action,
// of the seat that took it.
func walk(m *ISMCTS, d engine.State, path []engine.Action) (cur int32, hand []string) {
	for i, a := range path {
		if i == len(path)-1 {
			hand = handNames(d, d.ToMove())
		}
		m.legal = append(m.legal[:0], a)
		cur, _ = m.selectChild(cur, d.ToMove(), m.infoKey(d))
		if err := d.Apply(a); err != nil {
			panic(err)
		}
	}
	m.backup(cur, [engine.MaxSeats]float64{}) // visited, so that UCB can pick it again
	return cur, hand
}

// Keying by private information: worlds in which the searcher drew
// different cards reach different nodes at its next turn's decision, and
// with info=own worlds in which it drew the same cards the same node
// (info=all also splits them by the opponent's sampled hand); without the
// keying (info=none) they all share one node (strategy fusion).
func TestInfoKeyingSplitsOwnDecisionsByDraw(t *testing.T) {
	g, err := engine.Lookup("mystimons")
	if err != nil {
		t.Fatal(err)
	}
	surrender := g.Info().Actions.Verb("surrender")
	for _, keying := range []InfoKeying{InfoOwn, InfoAll, InfoNone} {
		split, merged := 0, 0
		for seed := uint64(1); seed <= 20; seed++ {
			s, ok := midgameToMove(t, g, seed)
			if !ok {
				continue
			}
			me := s.ToMove()
			m := NewISMCTS(ISMCTSOptions{Iterations: 1, Exploration: 0.7, Info: keying}, 1)
			m.me = me
			m.startTree(s)
			worlds := make([]engine.State, 8)
			for i := range worlds {
				r := engine.NewRNG(seed*100 + uint64(i))
				worlds[i] = s.Determinize(me, &r)
			}
			path, ok := passPath(worlds[0].Clone(), surrender)
			if !ok {
				continue
			}
			node0, hand0 := walk(m, worlds[0].Clone(), path)
			for _, w := range worlds[1:] {
				if p, ok := passPath(w.Clone(), surrender); !ok || !slices.Equal(p, path) {
					continue // the opponent's sampled cards changed the path
				}
				node, hand := walk(m, w.Clone(), path)
				sameDraw := slices.Equal(hand, hand0)
				switch {
				case keying == InfoNone && node != node0:
					t.Fatalf("seed %d, info=none: the same actions reached nodes %d and %d", seed, node0, node)
				case keying == InfoOwn && sameDraw != (node == node0), keying == InfoAll && !sameDraw && node == node0:
					t.Fatalf("seed %d, info=%v: hands %v and %v reached nodes %d and %d", seed, keying, hand0, hand, node0, node)
				case !sameDraw:
					split++
				default:
					merged++
				}
			}
		}
		if split == 0 || merged == 0 {
			t.Fatalf("info=%v: %d pairs of worlds drew differently and %d alike; the check needs both", keying, split, merged)
		}
	}
}

// midgameToMove is a MystiMons game of seed after a few random actions,
// in the main phase of the seat to move; false when it ended first.
func midgameToMove(t testing.TB, g engine.Game, seed uint64) (engine.State, bool) {
	t.Helper()
	s, err := g.New(engine.Setup{Game: g.Info().ID, Seats: 2, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	r := NewRandom(seed)
	for i := 0; i < 30 || s.View(s.ToMove()).Phase != "main"; i++ {
		if done, _ := s.Terminal(); done {
			return nil, false
		}
		a, _ := r.Act(s)
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return s, true
}

// trueWorld lets a search sample the true state only (as the peeking
// search of TestSkillCeiling does).
type trueWorld struct{ engine.State }

func (w trueWorld) Determinize(engine.Seat, *engine.RNG) engine.State { return w.State.Clone() }

// BenchmarkTreeBelowNextTurn shows how much of a 30,000-iteration tree
// lies at the searcher's decisions after an opponent's move (its next
// turn, or a reply within the opponent's), and how often those nodes were
// visited, for the fair search, the fair search keyed by its private cards
// (info=own), the fair search over a pool of worlds (worlds=K) and the
// search that sees the true state: keying can only help where such nodes
// gather visits, and a pool is meant to gather them. Run it with -benchtime 1x.
func BenchmarkTreeBelowNextTurn(b *testing.B) {
	g, err := engine.Lookup("mystimons")
	if err != nil {
		b.Fatal(err)
	}
	var states []engine.State
	for seed := uint64(1); len(states) < 6; seed++ {
		if s, ok := midgameToMove(b, g, seed); ok {
			states = append(states, s)
		}
	}
	for _, c := range []struct {
		name   string
		info   InfoKeying
		peek   bool
		worlds int
	}{{"fair", InfoNone, false, 0}, {"fair-info=own", InfoOwn, false, 0}, {"peek", InfoNone, true, 0},
		{"fair-worlds=5", InfoNone, false, 5}, {"fair-worlds=15", InfoNone, false, 15}, {"fair-worlds=50", InfoNone, false, 50}} {
		b.Run(c.name, func(b *testing.B) {
			var nodes, visits, root int
			for b.Loop() {
				for _, s := range states {
					m := NewISMCTS(ISMCTSOptions{Iterations: 30000, Exploration: 0.7, Info: c.info, Worlds: c.worlds}, 1)
					var err error
					if c.peek {
						_, err = m.Act(trueWorld{s})
					} else {
						_, err = m.Act(s)
					}
					if err != nil {
						b.Fatal(err)
					}
					n, v := m.ownNodesBelowOpponent(s.ToMove())
					nodes, visits, root = nodes+n, visits+v, root+int(m.nodes[0].visits)
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N*len(states)), "nodes/tree")
			b.ReportMetric(float64(visits)/float64(nodes), "visits/node")
			b.ReportMetric(float64(visits)/float64(root), "visits/iteration")
		})
	}
}

// ownNodesBelowOpponent counts the nodes of seat me's actions that have
// an opponent's action above them, and their visits.
func (m *ISMCTS) ownNodesBelowOpponent(me engine.Seat) (nodes, visits int) {
	for i := 1; i < len(m.nodes); i++ {
		if m.nodes[i].seat != me {
			continue
		}
		for p := m.nodes[i].parent; p > 0; p = m.nodes[p].parent {
			if m.nodes[p].seat != me {
				nodes++
				visits += int(m.nodes[i].visits)
				break
			}
		}
	}
	return nodes, visits
}
