package mystimons

import "kartenwerk/engine"

// featureNames are the figures Features compares between the seats.
var featureNames = [...]string{"field", "lone", "hp", "atk", "def", "stage", "energy", "pool", "hand", "deck_short", "attack_open", "knockout_open", "to_move"}

// FeatureNames names the features of a position (engine.Featurer).
func (s *state) FeatureNames() []string { return featureNames[:] }

// Features appends seat's figures minus its opponent's (engine.Featurer):
// MystiMons in play and whether one stands alone (MM-7.1), their HP,
// attack, defence, stage and attached energy, pool energy, hand cards,
// how many cards short of five the deck is (MM-7.2), the damage of the
// attack still open this turn and whether it would knock out (MM-5.8; see
// pendingHit), and who decides now.
func (s *state) Features(seat engine.Seat, dst []float64) []float64 {
	const n = len(featureNames)
	var raw [2 * n]float64
	for q := range 2 {
		s.rawFeatures(q, raw[q*n:q*n+n])
	}
	if target, dmg := s.pendingHit(); target != 0 {
		f := raw[int(s.active)*n:]
		f[10] = float64(min(dmg, s.cards[target].hp))
		if dmg >= s.cards[target].hp {
			f[11] = 1
		}
	}
	return engine.AppendRelative(dst, raw[:], n, seat)
}

func (s *state) rawFeatures(q int, f []float64) {
	p := &s.p[q]
	for _, m := range p.field {
		if m == 0 {
			continue
		}
		c := &s.cards[m]
		f[0]++
		f[2] += float64(max(c.hp, 0))
		f[3] += float64(s.atk(m))
		f[4] += float64(s.dfn(m))
		f[5] += float64(s.def(m).stage)
		f[6] += float64(c.energy)
	}
	if f[0] == 1 {
		f[1] = 1
	}
	f[7] = float64(s.poolUnits(q, elemAny))
	f[8] = float64(p.hand.n)
	f[9] = float64(max(0, 5-int(p.deck.n)))
	f[12] = engine.ToMoveFeature(s, engine.Seat(q))
}
