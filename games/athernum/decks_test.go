package athernum

import (
	"testing"

	"kartenwerk/engine"
)

// deckOf names the preset whose main deck seat p holds.
func deckOf(t *testing.T, s *State, p int8) string {
	t.Helper()
	names := presetsListing(defsOfPlayer(s, p, zDeck))
	if len(names) != 1 {
		t.Fatalf("p%d holds no one preset: %v", p+1, names)
	}
	return names[0]
}

func TestDefaultDecksMeetEveryPairing(t *testing.T) {
	// Seeds 1..k^n give every ordered assignment of the k presets to n
	// seats once, mirror matches included, at every table size.
	k := len(theGame.pool.presets)
	for seats := 2; seats <= 4; seats++ {
		n := 1
		for i := 0; i < seats; i++ {
			n *= k
		}
		seen := map[string]bool{}
		for seed := 1; seed <= n; seed++ {
			st, err := theGame.New(engine.Setup{Game: "athernum", Seats: seats, Seed: uint64(seed)})
			if err != nil {
				t.Fatal(err)
			}
			key := ""
			for p := int8(0); p < int8(seats); p++ {
				key += deckOf(t, st.(*State), p) + "/"
			}
			seen[key] = true
		}
		if len(seen) != n {
			t.Errorf("%d seats: seeds 1..%d give %d of the %d assignments of presets", seats, n, len(seen), n)
		}
	}
}
