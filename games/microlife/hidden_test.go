package microlife

import (
	"fmt"
	"slices"
	"testing"

	"kartenwerk/engine"
)

// playRandom plays n random actions (fewer if the game ends).
func playRandom(t testing.TB, s *state, seed uint64, n int) {
	r := engine.NewRNG(seed)
	for i := 0; i < n; i++ {
		if done, _ := s.Terminal(); done {
			return
		}
		l := s.Legal(nil)
		if err := s.Apply(l[r.IntN(len(l))]); err != nil {
			t.Fatal(err)
		}
	}
}

func newMidgame(t testing.TB, seed uint64, n int) *state {
	g, err := Game{}.New(engine.Setup{Game: "microlife", Seats: 2, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	s := g.(*state)
	playRandom(t, s, seed, n)
	return s
}

// ML-2.1, ML-2.2, ML-2.5, ML-2.9, ML-2.12: over many determinizations every
// zone hidden from the seat varies: both decks' order, the opponent's
// secret hand, both genpools, the global draw pile and the mutation deck;
// the cards the seat sees stay.
func TestDeterminizeResamplesEveryHiddenZone_ML_2_12(t *testing.T) {
	want := map[string]bool{}
	varied := map[string]bool{}
	for seed := uint64(1); seed <= 40; seed++ {
		s := newMidgame(t, seed, 60+int(seed))
		if done, _ := s.Terminal(); done {
			continue
		}
		me := s.ToMove()
		zones := map[string][]int16{"global draw pile": s.shared[zMainDeck-zMarket], "mutation deck": s.shared[zMutDeck-zMarket]}
		for p := int8(0); p < 2; p++ {
			zones[fmt.Sprintf("deck of p%d", p+1)] = s.seats[p].zones[zDeck-1]
			zones[fmt.Sprintf("genpool of p%d", p+1)] = s.seats[p].zones[zGenpool-1]
		}
		zones["opponent's secret hand"] = secretHand(s, 1-int8(me), me)
		for z, ids := range zones {
			if len(ids) > 1 || z == "opponent's secret hand" && len(ids) > 0 {
				want[z] = true
			}
		}
		for i := 0; i < 30; i++ {
			r := engine.NewRNG(seed*100 + uint64(i))
			d := s.Determinize(me, &r).(*state)
			if err := invariants(d); err != nil {
				t.Fatalf("seed %d: a determinization breaks an invariant: %v", seed, err)
			}
			for c := range s.cards {
				if s.visible(int16(c), me) && d.cards[c] != s.cards[c] {
					t.Fatalf("seed %d: %s, seen by %v, changed", seed, s.cardName(int16(c)), me)
				}
			}
			dz := map[string][]int16{"global draw pile": d.shared[zMainDeck-zMarket], "mutation deck": d.shared[zMutDeck-zMarket],
				"opponent's secret hand": secretHand(d, 1-int8(me), me)}
			for p := int8(0); p < 2; p++ {
				dz[fmt.Sprintf("deck of p%d", p+1)] = d.seats[p].zones[zDeck-1]
				dz[fmt.Sprintf("genpool of p%d", p+1)] = d.seats[p].zones[zGenpool-1]
			}
			for z, ids := range zones {
				if !slices.Equal(ids, dz[z]) {
					varied[z] = true
				}
			}
		}
	}
	for z := range want {
		if !varied[z] {
			t.Errorf("the %s never varied", z)
		}
	}
	if len(want) < 7 {
		t.Errorf("the games reached only %d hidden zones worth checking: %v", len(want), want)
	}
}

func secretHand(s *state, p int8, me engine.Seat) []int16 {
	var out []int16
	for _, c := range s.seats[p].zones[zHand-1] {
		if !s.visible(c, me) {
			out = append(out, c)
		}
	}
	return out
}

// The opponent's starter list is private: Determinize deals their unseen
// starter cards from the shipped starter deck (the prior), whatever they
// brought; DeterminizeKnowingDecks from what they brought (ML-8.1).
func TestDeterminizeDoesNotKnowTheOpponentsList_ML_8_1(t *testing.T) {
	ecoli := engine.DeckList{Name: "E.Coli", Entries: []engine.DeckEntry{{Count: 8, Card: "E.Coli"},
		{Count: 1, Card: "Mutation/Selektion", Section: "play"}, {Count: 1, Card: "Gentransfer", Section: "play"}}}
	g, err := Game{}.New(engine.Setup{Game: "microlife", Seats: 2, Seed: 3, First: 1, Decks: []engine.DeckList{presets[0], ecoli}})
	if err != nil {
		t.Fatal(err)
	}
	s := g.(*state)
	names := func(d *state) map[string]int {
		out := map[string]int{}
		for _, z := range []uint8{zDeck, zHand} {
			for _, c := range d.seats[1].zones[z-1] {
				out[d.def(c).name]++
			}
		}
		return out
	}
	if got := names(s); got["E.Coli"] != 8 {
		t.Fatalf("p2 holds %v", got)
	}
	r := engine.NewRNG(1)
	guess := names(s.Determinize(0, &r).(*state))
	want := map[string]int{"Haut": 1, "Dendritische Zelle": 1, "Nahrung": 1, "kleine Nahrung": 1, "Adenovirus": 1, "E.Coli": 2, "UV-Strahlung": 1}
	if fmt.Sprint(guess) != fmt.Sprint(want) {
		t.Errorf("p1 guesses p2's cards as %v, want the starter deck %v", guess, want)
	}
	knows := names(s.DeterminizeKnowingDecks(0, &r).(*state))
	if knows["E.Coli"] != 8 {
		t.Errorf("knowing the lists, p1 deals p2 %v", knows)
	}
	// p2 plays an E.Coli: seen, it stays one; the prior loses one E.Coli.
	s2 := s.Clone().(*state)
	s2.active = 1
	s2.touch()
	c := s2.seats[1].zones[zHand-1][0]
	s2.enterPlay(c, 1)
	guess = names(s2.Determinize(0, &r).(*state))
	if guess["E.Coli"] != 1 || len(s2.seats[1].zones[zDeck-1])+len(s2.seats[1].zones[zHand-1]) != 7 {
		t.Errorf("after an E.Coli was seen p1 guesses p2's unseen cards as %v", guess)
	}
}

func BenchmarkDeterminize(b *testing.B) {
	s := newMidgame(b, 1, 120)
	r := engine.NewRNG(1)
	b.ReportAllocs()
	for b.Loop() {
		s.Determinize(s.ToMove(), &r)
	}
}
