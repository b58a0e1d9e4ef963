package mystimons

import (
	"slices"
	"testing"

	"kartenwerk/engine"
)

// A seat's private key reads only what that seat sees (its hand, MM-2.2,
// and its face-down placements, MM-3.5): resampling everything else
// (Determinize) leaves it unchanged, while the opponent's key, which reads
// the opponent's hidden hand, changes with the sample.
func TestPrivateKeyReadsOnlyWhatItsSeatSees(t *testing.T) {
	otherChanged := 0
	for i := 0; i < 40; i++ {
		s := randomState(t, randomSetup(i), 3*i).(*state)
		for seat := engine.Seat(0); seat < 2; seat++ {
			r := engine.NewRNG(uint64(i))
			d := s.Determinize(seat, &r).(*state)
			if d.PrivateKey(seat) != s.PrivateKey(seat) {
				t.Fatalf("state %d: %v's key changed when only what it cannot see was resampled", i, seat)
			}
			if d.PrivateKey(1-seat) != s.PrivateKey(1-seat) {
				otherChanged++
			}
		}
	}
	if otherChanged == 0 {
		t.Fatal("no opponent's key changed under Determinize: the check above could not fail")
	}
}

// The key names the cards a seat holds, not their order or ids: a hand in
// another order keys the same, a hand with another card differently.
func TestPrivateKeyIsTheHandsCards(t *testing.T) {
	for i := 0; i < 40; i++ {
		s := randomState(t, randomSetup(i), 3*i).(*state)
		for seat := range s.p {
			p := &s.p[seat]
			key := s.PrivateKey(engine.Seat(seat))
			slices.Reverse(p.hand.s())
			if s.PrivateKey(engine.Seat(seat)) != key {
				t.Fatalf("state %d, seat %d: the hand reversed keys differently", i, seat)
			}
			hand, deck := p.hand.s(), p.deck.s()
			for _, h := range hand {
				k := slices.IndexFunc(deck, func(c int16) bool { return s.cards[c].def != s.cards[h].def })
				if k < 0 {
					continue
				}
				s.cards[h].def, s.cards[deck[k]].def = s.cards[deck[k]].def, s.cards[h].def
				if s.PrivateKey(engine.Seat(seat)) == key {
					t.Fatalf("state %d, seat %d: a hand with %s instead of %s keys the same", i, seat,
						s.def(h).name, s.def(deck[k]).name)
				}
				s.cards[h].def, s.cards[deck[k]].def = s.cards[deck[k]].def, s.cards[h].def
				break
			}
		}
	}
}

// A search reads the key at every step down its tree.
func TestPrivateKeyAllocatesNothing(t *testing.T) {
	s := randomState(t, randomSetup(1), 20).(*state)
	if n := testing.AllocsPerRun(100, func() { s.PrivateKey(0) }); n != 0 {
		t.Fatalf("PrivateKey allocates %v times", n)
	}
}
