package mystimons

import "kartenwerk/engine"

// Evaluate estimates seat's chance of winning from the material on both
// sides (engine.Evaluator): MystiMons in play by HP, attack, defence,
// stage and attached energy, plus pool energy, cards in hand and the
// danger of a short deck (MM-7.2).
func (s *state) Evaluate(seat engine.Seat) float64 {
	if s.over {
		switch {
		case s.winner < 0:
			return 0.5
		case engine.Seat(s.winner) == seat:
			return 1
		}
		return 0
	}
	a, b := s.strength(int(seat)), s.strength(1-int(seat))
	return a / (a + b)
}

func (s *state) strength(seat int) float64 {
	p := &s.p[seat]
	v := 1.0
	for _, m := range p.field {
		if m == 0 {
			continue
		}
		c, d := &s.cards[m], s.def(m)
		hp := float64(c.hp) - 3*float64(c.poison)
		if c.flags&fBurn != 0 {
			hp -= 3
		}
		hp -= 4 * float64(d.drain())
		v += 20 + max(0, hp) + 2*float64(s.atk(m)) + 1.5*float64(s.dfn(m)) + 6*float64(c.energy) + 10*float64(d.stage)
	}
	v += 3*float64(s.poolUnits(seat, elemAny)) + 2*float64(min(p.hand.n, 10))
	if p.deck.n < 5 {
		v *= 0.6 + 0.08*float64(p.deck.n)
	}
	return v
}

// PlayedCard is the index in Cards() of the card an action plays, or -1
// (engine.CardPlayer, for the simulator's per-card statistics).
func (s *state) PlayedCard(a engine.Action) int {
	switch a.Verb {
	case vPlace, vAttach, vPool, vSummon, vEvolve, vRitual, vPlay, vPlayOn:
		if c := a.Args[0]; c > 0 && c <= s.nCards {
			return int(s.cards[c].def)
		}
	}
	return -1
}

// HandCards appends the Cards() index of each card in seat's hand (see
// engine.CardHolder).
func (s *state) HandCards(seat engine.Seat, dst []int) []int {
	for _, c := range s.p[seat].hand.s() {
		dst = append(dst, int(s.cards[c].def))
	}
	return dst
}
