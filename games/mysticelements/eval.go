package mysticelements

import (
	"math"

	"kartenwerk/engine"
)

// Evaluate estimates seat's chance of winning, for agents that judge
// positions (engine.Evaluator): the deck is the life total (ME-1.2), units
// in the battle count by power and health, cards in hand and energy a
// little.
func (s *state) Evaluate(seat engine.Seat) float64 {
	if done, o := s.Terminal(); done {
		if o.Draw() {
			return 0.5
		}
		return o.Reward(seat)
	}
	if seat < 0 || seat > 1 {
		return 0.5
	}
	score := s.material(int8(seat)) - s.material(int8(1-seat))
	return 1 / (1 + math.Exp(-score/8))
}

func (s *state) material(seat int8) float64 {
	p := &s.p[seat]
	v := float64(p.deck.n) + 0.4*float64(p.hand.n) + 0.2*float64(p.energyTotal())
	for _, id := range p.battle.slice() {
		switch s.cards[id].kind {
		case kUnit:
			v += 1 + float64(s.power(id)) + 0.5*float64(s.health(id)-int(s.cards[id].dmg))
		case kRelic:
			v += 2
		}
	}
	return v
}

// PlayedCard names the card an action plays from hand, as its index in
// Cards(), for the simulator's card statistics (engine.CardPlayer).
func (s *state) PlayedCard(a engine.Action) int {
	x := a.Args[0]
	if a.Verb != vPlay || x < 0 || int(x) >= len(s.cards) {
		return -1
	}
	return int(s.pool.listed[s.cards[x].def])
}

// HandCards appends the Cards() index of each card in seat's hand (see
// engine.CardHolder).
func (s *state) HandCards(seat engine.Seat, dst []int) []int {
	for _, x := range s.p[seat].hand.slice() {
		dst = append(dst, int(s.pool.listed[s.cards[x].def]))
	}
	return dst
}
