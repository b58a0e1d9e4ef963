package athernum

import "kartenwerk/engine"

var _ engine.Measurer = (*State)(nil)

// history counts what happened in the game so far, for the simulator's
// figures (Measures). It is how the position arose, not part of it: two
// states reached by different paths may be the same position and differ
// only here. So Hash and the views leave it out (a search that meets the
// same position twice, a replay, an agent comparing views must see them
// as one), and nothing in the rules or the evaluation reads it. Clone
// copies it with the state, so it costs no allocation.
type history struct {
	deepest     int8  // most items on the stack at once (AT-5.15)
	resolved    int32 // stack items resolved
	resolutions int32 // times the stack resolved, all players having passed (AT-5.15)
	responses   int32 // actions other than pass by a player holding priority on an open stack
	attacks     int32 // attacks fought (AT-5.13)
	claimed     int32 // VP claimed with command tokens (AT-5.3)
	effectVP    int32 // VP put on cards by card effects (Objective abilities among them)
	// objTurn is the turn each seat first held a face-up character with an
	// Objective ability, which can win it the game (AT-7.3, AT-10.11); 0:
	// never. A state set up from a position counts from that position.
	objTurn [4]int16
}

// Names of the figures. They sort into groups in the report: combat,
// stack, VP, winner; "stack: items resolved" next to "stack:
// resolutions" so that the ratio of their means, the mean depth of a
// resolving stack, reads off at a glance.
const (
	mAttacks     = "combat: attacks fought"
	mDeepest     = "stack: deepest"
	mResolved    = "stack: items resolved"
	mResolutions = "stack: resolutions"
	mResponses   = "stack: responses"
	mClaimed     = "vp: claimed"
	mEffectVP    = "vp: from card effects"
	mObjTurn     = "winner: turn Objective first held"
)

// Measures appends the game's figures (engine.Measurer). Counts that can
// be zero in any game are always there. The stack figures are left out
// when nothing ever went on the stack, so that their means are over the
// games where a stack opened; the winner's Objective turn is left out
// when there is no single winner or the winner never held an Objective.
func (s *State) Measures(dst []engine.Measure) []engine.Measure {
	h := &s.hist
	dst = append(dst, engine.Measure{Name: mAttacks, Value: int(h.attacks)})
	if h.deepest > 0 {
		dst = append(dst,
			engine.Measure{Name: mDeepest, Value: int(h.deepest)},
			engine.Measure{Name: mResolved, Value: int(h.resolved)},
			engine.Measure{Name: mResolutions, Value: int(h.resolutions)},
			engine.Measure{Name: mResponses, Value: int(h.responses)})
	}
	dst = append(dst,
		engine.Measure{Name: mClaimed, Value: int(h.claimed)},
		engine.Measure{Name: mEffectVP, Value: int(h.effectVP)})
	if t := s.winnerObjTurn(); t > 0 {
		dst = append(dst, engine.Measure{Name: mObjTurn, Value: t})
	}
	return dst
}

// winnerObjTurn is the turn the single winner first held an Objective
// character, or 0.
func (s *State) winnerObjTurn() int {
	if s.phase != phOver || s.winners.Len() != 1 {
		return 0
	}
	for p := 0; p < int(s.n); p++ {
		if s.winners.Has(engine.Seat(p)) {
			return int(s.hist.objTurn[p])
		}
	}
	return 0
}

// noteObjective records the turn the controller of card id first holds
// it as a face-up Objective character (AT-7.3): called wherever a
// character enters the field or turns face up.
func (s *State) noteObjective(id int16) {
	c := &s.cards[id]
	if c.faceDown() || (c.zone != zMain && c.zone != zChars) || !s.def(id).objective {
		return
	}
	if s.hist.objTurn[c.owner] == 0 {
		s.hist.objTurn[c.owner] = s.turn
	}
}

// noteField notes the Objective characters already on the field of a
// state set up from a position: its history starts there.
func (s *State) noteField() {
	for p := 0; p < int(s.n); p++ {
		pl := &s.pl[p]
		if pl.main != 0 {
			s.noteObjective(pl.main)
		}
		for _, x := range s.zs(pl.chars) {
			s.noteObjective(x)
		}
	}
}

// noteDepth records the stack's depth after an item went on it.
func (s *State) noteDepth() {
	if s.sn > s.hist.deepest {
		s.hist.deepest = s.sn
	}
}
