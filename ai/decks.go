package ai

import (
	"kartenwerk/engine"
)

// decksParam is the parameter that chooses what a searching agent assumes
// about the other seats' deck lists.
const decksParam = "decks"

// decksDoc documents decksParam for Kind.Params.
const decksDoc = "hidden (default): the opponents' deck lists are unknown, as at a real table; " +
	"known: every seat's list is known to all (symmetric knowledge, for simulations), where the game supports it"

// knowsDecks reads decksParam: "hidden" or "known".
func knowsDecks(p Params) (bool, error) {
	return p.Switch(decksParam, "hidden", "known")
}

// determinize samples what seat me cannot see: knowing every deck list when
// knowDecks and the state can (engine.DeckKnower), else by plain
// Determinize.
func determinize(s engine.State, me engine.Seat, r *engine.RNG, knowDecks bool) engine.State {
	if knowDecks {
		if dk, ok := s.(engine.DeckKnower); ok {
			return dk.DeterminizeKnowingDecks(me, r)
		}
	}
	return s.Determinize(me, r)
}
