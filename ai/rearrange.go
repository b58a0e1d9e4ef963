package ai

import "kartenwerk/engine"

// MaxRearrangements is how many actions that only rearrange its own table
// (engine.Rearranger) an agent takes in one turn. The rules may allow any
// number, but a search that rates one arrangement as good as the next
// would otherwise wander among them for hundreds of moves.
const MaxRearrangements = 8

// rearrangements counts an agent's rearranging actions in the current turn.
type rearrangements struct {
	turn int
	seat engine.Seat
	used int
}

// filter drops the rearranging actions from legal, in place, once this
// turn's budget is spent and another action is legal.
func (r *rearrangements) filter(s engine.State, legal []engine.Action) []engine.Action {
	re, ok := s.(engine.Rearranger)
	if !ok {
		return legal
	}
	if s.Turn() != r.turn || s.ToMove() != r.seat {
		r.turn, r.seat, r.used = s.Turn(), s.ToMove(), 0
	}
	if r.used < MaxRearrangements {
		return legal
	}
	kept := legal[:0] // nothing is overwritten that is still to be read
	for _, a := range legal {
		if !re.Rearranges(a) {
			kept = append(kept, a)
		}
	}
	if len(kept) == 0 {
		return legal
	}
	return kept
}

// note counts a chosen action against the budget.
func (r *rearrangements) note(s engine.State, a engine.Action) {
	if re, ok := s.(engine.Rearranger); ok && re.Rearranges(a) {
		r.used++
	}
}
