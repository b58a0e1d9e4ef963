package zynalith

import "kartenwerk/engine"

// featureNames are the figures Features compares between the seats.
var featureNames = [...]string{"hp", "printed_vp", "vp", "zyn", "silver", "creatures", "hand", "alive", "to_move"}

// FeatureNames names the features of a position (engine.Featurer).
func (s *State) FeatureNames() []string { return featureNames[:] }

// Features appends seat's figures minus the mean of its opponents'
// (engine.Featurer): HP (elimination, ZY-7.1), the parts of the score
// (ZY-7.3: printed VP, VP tokens, Zyn, silver), creatures in the row,
// hand cards, whether the seat is still in, and who decides now.
func (s *State) Features(seat engine.Seat, dst []float64) []float64 {
	const n = len(featureNames)
	var raw [maxSeats * n]float64
	for q := range s.seats {
		s.rawFeatures(q, raw[int(q)*n:int(q)*n+n])
	}
	return engine.AppendRelative(dst, raw[:int(s.seats)*n], n, seat)
}

func (s *State) rawFeatures(q int8, f []float64) {
	f[0] = float64(s.hp[q])
	f[1] = float64(s.printedVP(q))
	f[2] = float64(s.vp[q])
	f[3] = float64(s.zyn[q])
	f[4] = float64(s.silver[q])
	f[5] = float64(s.rowN[q])
	f[6] = float64(s.handN[q])
	if s.alive[q] {
		f[7] = 1
	}
	f[8] = engine.ToMoveFeature(s, engine.Seat(q))
}
