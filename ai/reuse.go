package ai

import (
	"reflect"

	"kartenwerk/engine"
)

// Tree reuse. A seat often decides several times in a row (play a card,
// choose its target, attack, ...). The subtree under the action just
// taken already holds the search for the next decision, so it becomes the
// new root instead of being thrown away. This is sound only when the
// action showed the seat nothing new: the subtree's statistics were
// gathered over every world the seat thought possible, and an action that
// reveals a card (a draw, a search) would leave them counting worlds now
// ruled out. keep checks that by applying the action in a few sampled
// worlds and comparing what the seat would see in each with what it sees.

// keepSamples is how many sampled worlds must agree with the real one.
const keepSamples = 3

// keep remembers the subtree under action a, taken from s, for the next
// decision if that follows at once.
func (m *ISMCTS) keep(s engine.State, a engine.Action) {
	m.next = nil
	if m.TreePerWorld { // the last tree searched one world only
		return
	}
	child := m.rootChild(a)
	if child < 0 {
		return
	}
	me := s.ToMove()
	next := s.Clone()
	if next.Apply(a) != nil || next.ToMove() != me {
		return
	}
	if done, _ := next.Terminal(); done {
		return
	}
	seen := next.View(me)
	for i := 0; i < keepSamples; i++ {
		r := m.rng.Split()
		d := determinize(s, me, &r, m.KnowDecks)
		if d.Apply(a) != nil || !reflect.DeepEqual(d.View(me), seen) {
			return
		}
	}
	m.next, m.nextRoot = next, child
}

// startTree begins the search for s: from the kept subtree when s is the
// state the last decision led to, else from an empty root.
func (m *ISMCTS) startTree(s engine.State) {
	m.Reused = 0
	if m.next != nil && m.next.Hash() == s.Hash() && m.next.ToMove() == s.ToMove() {
		m.reroot(m.nextRoot)
		m.Reused = int(m.nodes[0].visits)
	} else {
		m.newTree()
	}
	m.next = nil
}

// newTree makes the tree an empty root.
func (m *ISMCTS) newTree() {
	m.nodes = append(m.nodes[:0], node{parent: -1, firstChild: -1, nextSibling: -1, seat: engine.NoSeat})
}

// reroot copies the subtree under n into the spare buffer, breadth
// first, and makes it the tree.
func (m *ISMCTS) reroot(n int32) {
	out := append(m.spare[:0], m.nodes[n])
	out[0].parent, out[0].nextSibling, out[0].seat = -1, -1, engine.NoSeat
	for i := 0; i < len(out); i++ {
		first, prev := out[i].firstChild, int32(-1)
		out[i].firstChild = -1
		for c := first; c >= 0; c = m.nodes[c].nextSibling {
			id := int32(len(out))
			cp := m.nodes[c]
			cp.parent, cp.nextSibling = int32(i), -1
			out = append(out, cp)
			if prev < 0 {
				out[i].firstChild = id
			} else {
				out[prev].nextSibling = id
			}
			prev = id
		}
	}
	m.nodes, m.spare = out, m.nodes
}

// rootChild is the root's child for action a. The root's children share
// one private key, the deciding seat's, the same in every world it
// samples, so the action alone finds it (and s need not give keys: a
// wrapped state may hide engine.InfoKeyer).
func (m *ISMCTS) rootChild(a engine.Action) int32 {
	for c := m.nodes[0].firstChild; c >= 0; c = m.nodes[c].nextSibling {
		if m.nodes[c].action == a {
			return c
		}
	}
	return -1
}
