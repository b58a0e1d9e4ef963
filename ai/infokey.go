package ai

import (
	"fmt"

	"kartenwerk/engine"
)

// Keying the tree by private information. Draws happen inside Apply, so a
// tree keyed by actions alone holds one node for a decision below a draw,
// whatever was drawn: the search's plan for its next turn is one plan for
// every card it might draw ("strategy fusion"). Where the game can
// summarize what a seat privately knows (engine.InfoKeyer), a decision's
// options are also keyed by the deciding seat's key, so that the plan may
// differ by what the seat will have seen. The key is read in the sampled
// world, of the seat deciding there: the searcher's own key depends only
// on its own cards, and an opponent's on the cards the sample gave it.

// InfoKeying says whose decisions the tree tells apart by private key.
type InfoKeying uint8

const (
	// InfoNone keys the tree by actions alone (single-observer ISMCTS).
	InfoNone InfoKeying = iota
	// InfoOwn keys the searcher's own decisions by its private key; the
	// other seats' decisions stay fused over their sampled hands.
	InfoOwn
	// InfoAll keys every seat's decisions by that seat's private key in
	// the sampled world, which splits the opponents' nodes by hands the
	// searcher only guessed, and so spreads the same iterations thinner.
	InfoAll
)

var infoNames = [...]string{InfoNone: "none", InfoOwn: "own", InfoAll: "all"}

func (k InfoKeying) String() string { return infoNames[k] }

// infoParam is the parameter that chooses the InfoKeying.
const infoParam = "info"

// infoDoc documents infoParam for Kind.Params.
const infoDoc = "none (default): the tree is keyed by actions alone; own: the searcher's decisions are also keyed by its private cards (its hand), where the game can say; all: every seat's decisions, by that seat's cards in the sampled world"

// infoKeying reads infoParam.
func infoKeying(p Params) (InfoKeying, error) {
	v := p[infoParam]
	if v == "" {
		return InfoNone, nil
	}
	for k, name := range infoNames {
		if v == name {
			return InfoKeying(k), nil
		}
	}
	return InfoNone, fmt.Errorf("parameter info=%q: write info=none, info=own or info=all", v)
}

// infoKey is the key of the options of the decision in d: the private key
// of the seat to move, when the keying covers that seat and the game
// gives keys, else 0 (all options keyed by action alone).
func (m *ISMCTS) infoKey(d engine.State) uint64 {
	if m.Info == InfoNone {
		return 0
	}
	seat := d.ToMove()
	if m.Info == InfoOwn && seat != m.me {
		return 0
	}
	if k, ok := d.(engine.InfoKeyer); ok {
		return k.PrivateKey(seat)
	}
	return 0
}
