package microlife

import (
	"math"

	"kartenwerk/engine"
)

// PlayedCard names the card an action plays from hand or buys from the
// market, as its index in Cards(), for the simulator's card statistics.
func (s *state) PlayedCard(a engine.Action) int {
	c := a.Args[0]
	if (a.Verb != vPlay && a.Verb != vBuy) || c <= 0 || int(c) >= len(s.cards) {
		return -1
	}
	return int(s.cards[c].def)
}

// HandCards appends the Cards() index of each card in seat's hand (see
// engine.CardHolder).
func (s *state) HandCards(seat engine.Seat, dst []int) []int {
	for _, c := range s.seats[seat].zones[zHand-1] {
		dst = append(dst, int(s.cards[c].def))
	}
	return dst
}

// Evaluate estimates seat's chance to win from life and the board: each
// life point is worth most, entities in play by their values.
func (s *state) Evaluate(seat engine.Seat) float64 {
	if s.over {
		if s.winners.Has(seat) {
			return 1
		}
		if s.winners == 0 {
			return 0.5
		}
		return 0
	}
	score := 0.0
	for p := int8(0); p < 2; p++ {
		v := float64(s.seats[p].life)*1.0 + float64(s.seats[p].sugar)*0.15
		for _, c := range s.seats[p].zones[zPlay-1] {
			if s.isLead(c) {
				a, r := s.stats(c)
				v += 0.25*float64(a) + 0.15*float64(r)
				if s.cards[c].typ == tImmun {
					v += 0.3 // a shield against direct attacks (ML-5.6b)
				}
			}
		}
		if engine.Seat(p) == seat {
			score += v
		} else {
			score -= v
		}
	}
	return 1 / (1 + math.Exp(-score/4))
}
