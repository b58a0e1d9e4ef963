package mysticelements

// End of the game (ME-7).

const (
	whyNone uint8 = iota
	whyPlunder
	whyDeckOut
	whyBoth
)

var lossReasons = []string{"", "plunder", "deck-out", "both-lost"}

func (s *state) lose(seat int8, why uint8) {
	p := &s.p[seat]
	if !p.lost {
		p.lost, p.lossWhy = true, why
	}
}

// checkEnd ends the game when a player has lost; both at once is a draw
// (ME-7.3).
func (s *state) checkEnd() bool {
	l0, l1 := s.p[0].lost, s.p[1].lost
	if !l0 && !l1 {
		return false
	}
	s.phase, s.st = phOver, sNone
	switch {
	case l0 && l1:
		s.winner, s.why = -1, whyBoth
	case l0:
		s.winner, s.why = 1, s.p[0].lossWhy
	default:
		s.winner, s.why = 0, s.p[1].lossWhy
	}
	return true
}
