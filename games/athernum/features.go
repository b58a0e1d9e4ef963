package athernum

import (
	"math"

	"kartenwerk/engine"
)

// featureNames are the figures Features compares between the seats.
var featureNames = [...]string{"vp", "superiority", "board", "characters", "items", "hand", "tokens", "command", "deck_out", "in", "to_move"}

// FeatureNames names the features of a position (engine.Featurer).
func (s *State) FeatureNames() []string { return featureNames[:] }

// Features appends seat's figures minus the mean of its opponents'
// (engine.Featurer): VP held and on their way, how near point
// superiority is (AT-7.2), the board as the evaluation scores it (with
// Objectives, AT-7.3), characters and items in play, hand cards, ready
// resource and command tokens, the risk of decking out (AT-7.4), whether
// the seat is still in, and who decides now.
func (s *State) Features(seat engine.Seat, dst []float64) []float64 {
	const n = len(featureNames)
	var vp [4]int
	pool := s.vpTally(&vp)
	for q := int8(0); q < s.n; q++ {
		k := s.pendingVPOf(q)
		vp[q] += k
		pool -= k
	}
	pool = max(pool, 0)
	var raw [4 * n]float64
	for q := range s.n {
		s.rawFeatures(q, &vp, pool, raw[int(q)*n:int(q)*n+n])
	}
	return engine.AppendRelative(dst, raw[:int(s.n)*n], n, seat)
}

func (s *State) rawFeatures(q int8, vp *[4]int, pool int, f []float64) {
	pl := &s.pl[q]
	if pl.out {
		f[10] = engine.ToMoveFeature(s, engine.Seat(q))
		return
	}
	f[0] = float64(vp[q])
	f[1] = s.superiorityThreat(q, vp, pool)
	f[2] = s.boardValue(q)
	f[3] = float64(pl.chars.n)
	if pl.main != 0 {
		f[3]++
	}
	f[4] = float64(pl.items.n)
	f[5] = float64(pl.hand.n)
	f[6] = float64(s.tokens(q))
	f[7] = float64(pl.cmd)
	f[8] = math.Ldexp(1, -int(pl.deck.n))
	f[9] = 1
	f[10] = engine.ToMoveFeature(s, engine.Seat(q))
}
