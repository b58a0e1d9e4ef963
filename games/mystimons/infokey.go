package mystimons

import "kartenwerk/engine"

// PrivateKey summarizes what only seat sees (engine.InfoKeyer): the
// definitions of the cards in its hand and of its face-down field cards
// (MM-3.5). It sums a mixed value per card, so that the key is the same
// whatever the order the cards came in, and names definitions, not card
// ids: two hands of the same cards are the same knowledge for planning,
// while the actions that play them still name their ids.
func (s *state) PrivateKey(seat engine.Seat) uint64 {
	if seat < 0 || int(seat) >= len(s.p) {
		return 0
	}
	p := &s.p[seat]
	var key uint64
	for _, c := range p.hand.s() {
		key += cardKey(uint64(s.cards[c].def))
	}
	for _, c := range p.field {
		if c != 0 && s.cards[c].flags&fHidden != 0 {
			key += cardKey(uint64(s.cards[c].def) | 1<<8)
		}
	}
	return key
}

// cardKey spreads a card's value over 64 bits, so that sums of different
// multisets rarely meet.
func cardKey(v uint64) uint64 { return engine.Mix64(v + 0x9e3779b97f4a7c15) }
