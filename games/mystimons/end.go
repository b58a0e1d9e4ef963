package mystimons

import "kartenwerk/engine"

// The end of the game (MM-7): knockout, deck-out (in drawN), surrender.

// checkField: a player with no MystiMon on the field loses; both at once
// is a draw (MM-7.1, MM-7.4).
func (s *state) checkField() {
	if s.over {
		return
	}
	out0, out1 := s.p[0].fieldCount() == 0, s.p[1].fieldCount() == 0
	switch {
	case out0 && out1:
		s.over, s.winner, s.reason, s.phase = true, -1, rKnockout, phOver
	case out0:
		s.lose(0, rKnockout)
	case out1:
		s.lose(1, rKnockout)
	}
}

func (s *state) lose(seat int, why uint8) {
	if s.over {
		return
	}
	s.over, s.winner, s.reason = true, int8(1-seat), why
	s.phase = phOver
}

// Concedes reports whether a is a surrender, so that random agents and
// search playouts do not give up while the default rules offer surrender
// at every decision of one's own turn (MM-4.6).
func (s *state) Concedes(a engine.Action) bool { return a.Verb == vSurrender }
