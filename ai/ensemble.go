package ai

import (
	"slices"
	"time"

	"kartenwerk/engine"
)

// treesParam is the parameter that chooses between one tree shared by
// the pool of worlds and one tree per world.
const treesParam = "trees"

// treePerWorld reads treesParam: "one" or "each".
func treePerWorld(p Params) (bool, error) {
	return p.Switch(treesParam, "one", "each")
}

// ensemble is ensemble determinization: it samples the pool's worlds
// one by one, searches each in a tree of its own with its share of the
// iterations (or of the time), and returns the legal action whose root
// children gathered the most visits over all the trees, the first in
// legal's order among equals. Each tree sees one world, so it plans
// deep in that world, at the price of plans that assume what the seat
// cannot know.
func (m *ISMCTS) ensemble(s engine.State, legal []engine.Action) engine.Action {
	m.votes = slices.Grow(m.votes[:0], len(legal))[:len(legal)]
	clear(m.votes)
	for tree := range m.Worlds {
		r := m.rng.Split()
		w := determinize(s, m.me, &r, m.KnowDecks)
		m.newTree()
		share := m.Iterations / m.Worlds
		if tree < m.Iterations%m.Worlds {
			share++
		}
		budget := m.Budget / time.Duration(m.Worlds)
		for n, start := 0, time.Now(); more(start, n, budget, share); n++ {
			m.iterate(m.copyOf(w))
			m.Searched++
		}
		m.vote(legal)
	}
	return legal[slices.Index(m.votes, slices.Max(m.votes))]
}

// vote adds the visits of the tree's root children to their actions'
// votes.
func (m *ISMCTS) vote(legal []engine.Action) {
	for c := m.nodes[0].firstChild; c >= 0; c = m.nodes[c].nextSibling {
		if i := slices.Index(legal, m.nodes[c].action); i >= 0 {
			m.votes[i] += int(m.nodes[c].visits)
		}
	}
}
