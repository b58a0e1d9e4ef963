package ai

import (
	"testing"

	"kartenwerk/engine"
	"kartenwerk/games/mysticelements"
)

// checkTree verifies the tree's links: every child points back to its
// parent and every node is reachable exactly once from the root.
func checkTree(t *testing.T, m *ISMCTS) {
	t.Helper()
	seen := make([]bool, len(m.nodes))
	queue := []int32{0}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		if seen[n] {
			t.Fatalf("node %d reached twice", n)
		}
		seen[n] = true
		for c := m.nodes[n].firstChild; c >= 0; c = m.nodes[c].nextSibling {
			if m.nodes[c].parent != n {
				t.Fatalf("node %d under %d says its parent is %d", c, n, m.nodes[c].parent)
			}
			queue = append(queue, c)
		}
	}
	for i, ok := range seen {
		if !ok {
			t.Fatalf("node %d of %d is not in the tree", i, len(m.nodes))
		}
	}
}

// The subtree of the last decision is kept only when the same seat
// decides again right away, and then the tree stays well formed; with a
// tree per world it is never kept, the last tree having seen one world.
func TestISMCTSReusesTheTreeOnlyForTheNextOwnDecision(t *testing.T) {
	for _, tc := range []struct {
		o     ISMCTSOptions
		reuse bool
	}{
		{ISMCTSOptions{Iterations: 60, Exploration: 0.7, Horizon: 4}, true},
		{ISMCTSOptions{Iterations: 60, Exploration: 0.7, Horizon: 4, Worlds: 6}, true},
		{ISMCTSOptions{Iterations: 60, Exploration: 0.7, Horizon: 4, Worlds: 6, TreePerWorld: true}, false},
	} {
		if reused := reusedTrees(t, tc.o); (reused > 0) != tc.reuse {
			t.Errorf("%s reused the tree at %d decisions in three games", tc.o.spec(), reused)
		}
	}
}

// reusedTrees plays three games of the search o against random and
// counts the decisions that began from a kept subtree.
func reusedTrees(t *testing.T, o ISMCTSOptions) int {
	t.Helper()
	reused := 0
	for seed := uint64(1); seed <= 3; seed++ {
		s, err := mysticelements.Game{}.New(engine.Setup{Game: "mysticelements", Seats: 2, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		m, other := NewISMCTS(o, seed), NewRandom(seed)
		lastMine := false // whether the previous action was the search agent's
		for done := false; !done; done, _ = s.Terminal() {
			if s.ToMove() != 0 {
				a, _ := other.Act(s)
				if err := s.Apply(a); err != nil {
					t.Fatal(err)
				}
				lastMine = false
				continue
			}
			a, err := m.Act(s)
			if err != nil || !engine.Contains(s.Legal(nil), a) {
				t.Fatalf("Act = %v, %v", a, err)
			}
			if m.Reused > 0 {
				reused++
				if !lastMine {
					t.Fatal("a tree was reused although the opponent moved since")
				}
				checkTree(t, m)
			}
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
			lastMine = true
		}
	}
	return reused
}

// A state the last decision did not lead to starts a fresh tree.
func TestISMCTSStartsAfreshOnAnotherState(t *testing.T) {
	fresh := 0
	for seed := uint64(1); seed <= 10 && fresh == 0; seed++ {
		s, _ := mysticelements.Game{}.New(engine.Setup{Game: "mysticelements", Seats: 2, Seed: seed})
		m := NewISMCTS(ISMCTSOptions{Iterations: 60, Exploration: 0.7, Horizon: 4}, seed)
		for done := false; !done; done, _ = s.Terminal() {
			a, err := m.Act(s)
			if err != nil {
				t.Fatal(err)
			}
			me, b := s.ToMove(), other(s.Legal(nil), a)
			kept := m.next != nil && b != a
			if err := s.Apply(b); err != nil {
				t.Fatal(err)
			}
			if done, _ := s.Terminal(); kept && !done && s.ToMove() == me {
				if _, err := m.Act(s); err != nil {
					t.Fatal(err)
				}
				if m.Reused != 0 {
					t.Fatal("reused a tree for a state the last decision did not lead to")
				}
				fresh++
			}
		}
	}
	if fresh == 0 {
		t.Fatal("no decision followed a kept tree with another action")
	}
}

// other returns a legal action other than a, if there is one.
func other(legal []engine.Action, a engine.Action) engine.Action {
	for _, b := range legal {
		if b != a {
			return b
		}
	}
	return a
}

// TestReseedForgetsTheRearrangementBudget: a reseeded greedy agent must
// not carry the last game's count of rearranging actions into the next
// (which play shows only when both end and begin in the same turn).
func TestReseedForgetsTheRearrangementBudget(t *testing.T) {
	g := NewGreedy(1)
	g.rearrangements = rearrangements{turn: 1, seat: 1, used: MaxRearrangements}
	g.Reseed(4)
	if fresh := NewGreedy(4); g.rearrangements != fresh.rearrangements || g.rng != fresh.rng {
		t.Fatalf("reseeded: budget %+v, rng %v; new: %+v, %v", g.rearrangements, g.rng, fresh.rearrangements, fresh.rng)
	}
}
