package zynalith

import "kartenwerk/engine"

func seat(p int8) engine.Seat { return engine.Seat(p) }

// over ends the game with the winners already set.
func (s *State) over(reason string) {
	s.phase, s.reason = phOver, reason
	s.win.open = false
	s.changed()
}

// score is a living player's VP (ZY-7.3): printed VP of the creatures in
// their front and the extras on them, VP gained by effects, 1 per
// Zynalith, and a tenth of their Silver rounded down.
func (s *State) score(p int8) int {
	return s.printedVP(p) + int(s.vp[p]) + int(s.zyn[p]) + int(s.silver[p])/10
}

// printedVP is the VP printed on p's creatures and their extras, the
// first term of the score (ZY-7.3).
func (s *State) printedVP(p int8) int {
	v := 0
	for i := int8(0); i < s.rowN[p]; i++ {
		id := s.row[p][i]
		v += int(s.d(id).VP)
		for e := s.cards[id].ext; e >= 0; e = s.cards[e].ext {
			v += int(s.d(e).VP)
		}
	}
	return v
}

// gameEnd fires Spielende after round 5 (ZY-6.3) and scores (ZY-7.3):
// most VP wins; ties go to more HP, then more Silver, then share the win
// (ZY-7.4).
func (s *State) gameEnd() {
	s.active = s.first
	s.fireAll(trSpielende)
	s.checkDeaths()
	if s.phase == phOver {
		return
	}
	best := [3]int{-1 << 30}
	var winners engine.SeatSet
	for p := int8(0); p < s.seats; p++ {
		if !s.alive[p] {
			continue
		}
		key := [3]int{s.score(p), int(s.hp[p]), int(s.silver[p])}
		switch cmp3(key, best) {
		case 1:
			best, winners = key, engine.SeatSet(0).With(seat(p))
		case 0:
			winners = winners.With(seat(p))
		}
	}
	s.winners = winners
	s.over("points")
}

func cmp3(a, b [3]int) int {
	for i := range a {
		if a[i] != b[i] {
			if a[i] > b[i] {
				return 1
			}
			return -1
		}
	}
	return 0
}

// Evaluate estimates seat's chance of winning without playing on: the
// result when the game is over, else its share of a strength measure built
// from score (ZY-7.3) and HP (elimination, ZY-7.1).
func (s *State) Evaluate(seat engine.Seat) float64 {
	if s.phase == phOver {
		return engine.Outcome{Winners: s.winners}.Reward(seat)
	}
	p := int8(seat)
	if p < 0 || p >= s.seats || !s.alive[p] {
		return 0
	}
	strength := func(q int8) float64 {
		return 1 + float64(s.score(q)) + float64(s.hp[q])/3
	}
	total := 0.0
	for q := int8(0); q < s.seats; q++ {
		if s.alive[q] {
			total += strength(q)
		}
	}
	return strength(p) / total
}
