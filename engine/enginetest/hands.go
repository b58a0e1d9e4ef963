package enginetest

import (
	"fmt"
	"slices"

	"kartenwerk/engine"
)

// checkHand: a game that lists hands for the simulator (engine.CardHolder)
// must list what the seat's own view shows in its "hand" zone, card for
// card, by the names of Game.Cards().
func (p *player) checkHand(s engine.State, seat engine.Seat) error {
	h, ok := s.(engine.CardHolder)
	if !ok {
		return nil
	}
	if p.cardNames == nil {
		for _, c := range p.g.Cards() {
			p.cardNames = append(p.cardNames, c.Name)
		}
	}
	var listed []string
	for _, i := range h.HandCards(seat, nil) {
		if i < 0 || i >= len(p.cardNames) {
			return fmt.Errorf("HandCards(%v) lists card index %d, outside Cards()'s %d cards", seat, i, len(p.cardNames))
		}
		listed = append(listed, p.cardNames[i])
	}
	var shown []string
	for _, pv := range s.View(seat).Players {
		if pv.Seat != seat {
			continue
		}
		if z := pv.Zone("hand"); z != nil {
			for _, c := range z.Cards {
				shown = append(shown, c.Name)
			}
		}
	}
	slices.Sort(listed)
	slices.Sort(shown)
	if !slices.Equal(listed, shown) {
		return fmt.Errorf("HandCards(%v) lists %v, but the seat's view shows %v in its hand", seat, listed, shown)
	}
	return nil
}
