package microlife

import "kartenwerk/engine"

// featureNames are the figures Features compares between the seats.
var featureNames = [...]string{"life", "sugar", "entities", "attack", "resistance", "immune", "hand", "deck", "to_move"}

// FeatureNames names the features of a position (engine.Featurer).
func (s *state) FeatureNames() []string { return featureNames[:] }

// Features appends seat's figures minus its opponent's (engine.Featurer):
// life, sugar, the entities in play with their attack and resistance and
// the immune cells among them (ML-5.6b), hand and deck cards, and who
// decides now.
func (s *state) Features(seat engine.Seat, dst []float64) []float64 {
	const n = len(featureNames)
	var raw [2 * n]float64
	for q := range int8(2) {
		s.rawFeatures(q, raw[int(q)*n:int(q)*n+n])
	}
	return engine.AppendRelative(dst, raw[:], n, seat)
}

func (s *state) rawFeatures(q int8, f []float64) {
	p := &s.seats[q]
	f[0] = float64(p.life)
	f[1] = float64(p.sugar)
	for _, c := range p.zones[zPlay-1] {
		if !s.isLead(c) {
			continue
		}
		a, r := s.stats(c)
		f[2]++
		f[3] += float64(a)
		f[4] += float64(r)
		if s.cards[c].typ == tImmun {
			f[5]++
		}
	}
	f[6] = float64(len(p.zones[zHand-1]))
	f[7] = float64(len(p.zones[zDeck-1]))
	f[8] = engine.ToMoveFeature(s, engine.Seat(q))
}
