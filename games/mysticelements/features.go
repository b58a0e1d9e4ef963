package mysticelements

import "kartenwerk/engine"

// featureNames are the figures Features compares between the seats.
var featureNames = [...]string{"deck", "hand", "energy", "units", "power", "health", "relics", "to_move"}

// FeatureNames names the features of a position (engine.Featurer).
func (s *state) FeatureNames() []string { return featureNames[:] }

// Features appends seat's figures minus its opponent's (engine.Featurer):
// the deck, which is the life total (ME-1.2), hand cards, energy, units
// in the battle with their power and remaining health, relics, and who
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
	p := &s.p[q]
	f[0] = float64(p.deck.n)
	f[1] = float64(p.hand.n)
	f[2] = float64(p.energyTotal())
	for _, id := range p.battle.slice() {
		switch s.cards[id].kind {
		case kUnit:
			f[3]++
			f[4] += float64(s.power(id))
			f[5] += float64(s.health(id) - int(s.cards[id].dmg))
		case kRelic:
			f[6]++
		}
	}
	f[7] = engine.ToMoveFeature(s, engine.Seat(q))
}
