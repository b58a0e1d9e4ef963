package mystimons

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine"
)

// fireVsWater deals Feuer-Aggro to p1 and Gezeiten-Kontrolle to p2.
func fireVsWater(seed uint64) engine.Setup {
	ps := New().Presets()
	pick := func(name string) engine.DeckList {
		i := slices.IndexFunc(ps, func(d engine.DeckList) bool { return d.Name == name })
		return ps[i]
	}
	return engine.Setup{Game: "mystimons", Seats: 2, Seed: seed, First: 1,
		Decks: []engine.DeckList{pick("Feuer-Aggro"), pick("Gezeiten-Kontrolle")}}
}

// ownedNames lists the card names seat owns, sorted: its whole deck list.
func ownedNames(s *state, seat uint8) []string {
	var out []string
	for i := int16(1); i <= s.nCards; i++ {
		if s.cards[i].owner == seat {
			out = append(out, s.def(i).name)
		}
	}
	slices.Sort(out)
	return out
}

// hiddenNames lists the names of seat's hand and deck, in place order.
func hiddenNames(s *state, seat int) string {
	var out []string
	for _, c := range append(s.p[seat].hand.s(), s.p[seat].deck.s()...) {
		out = append(out, s.def(c).name)
	}
	return strings.Join(out, ",")
}

func presetNames(t *testing.T) map[string][]string {
	lists := map[string][]string{}
	for _, d := range New().Presets() {
		names := d.Cards("")
		slices.Sort(names)
		lists[d.Name] = names
	}
	return lists
}

// Determinize must not know the opponent's deck list: at the start p1 has
// seen nothing of p2's cards, so p2's hidden cards come from any preset,
// including cards Gezeiten-Kontrolle does not hold; and every redealt
// opponent is one whole preset.
func TestDeterminizeDoesNotKnowTheOpponentsDeck(t *testing.T) {
	st, err := New().New(fireVsWater(1))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*state)
	real := ownedNames(s, 1)
	lists := presetNames(t)
	r := engine.NewRNG(4)
	hands, foreign := map[string]bool{}, 0
	for i := 0; i < 200; i++ {
		d := s.Determinize(0, &r).(*state)
		hands[hiddenNames(d, 1)] = true
		owned := ownedNames(d, 1)
		if !slices.Equal(owned, real) {
			foreign++
		}
		if !slices.ContainsFunc(slices.Collect(maps.Values(lists)), func(l []string) bool { return slices.Equal(l, owned) }) {
			t.Fatalf("determinized p2 owns a list that is no preset: %v", owned)
		}
		if !slices.Equal(ownedNames(d, 0), ownedNames(s, 0)) {
			t.Fatal("p1's own cards changed")
		}
	}
	if len(hands) < 150 {
		t.Errorf("p2's hidden cards took only %d different orders in 200 determinizations", len(hands))
	}
	if foreign < 50 || foreign > 180 {
		t.Errorf("%d of 200 determinizations gave p2 another preset than the real one; about 133 expected from three presets", foreign)
	}
}

// DeterminizeKnowingDecks keeps each seat's real deck list.
func TestDeterminizeKnowingDecksKeepsTheRealLists(t *testing.T) {
	for i := 0; i < 30; i++ {
		st := randomState(t, fireVsWater(uint64(i)+1), 5*i)
		s := st.(*state)
		real := [2][]string{ownedNames(s, 0), ownedNames(s, 1)}
		r := engine.NewRNG(uint64(i))
		orders := map[string]bool{}
		v := engine.Seat(i % 2)
		for k := 0; k < 20; k++ {
			d := s.DeterminizeKnowingDecks(v, &r).(*state)
			for seat := uint8(0); seat < 2; seat++ {
				if got := ownedNames(d, seat); !slices.Equal(got, real[seat]) {
					t.Fatalf("state %d: p%d's list changed under DeterminizeKnowingDecks", i, seat+1)
				}
			}
			orders[hiddenNames(d, 1-int(v))] = true
		}
		if len(orders) < 10 {
			t.Errorf("state %d: the opponent's hidden cards took %d orders in 20 determinizations", i, len(orders))
		}
	}
}

// Midgame the prior is a preset consistent with what was seen: the
// opponent's determinized list is a preset and holds every card of theirs
// the seat has seen where it was seen.
func TestDeterminizeKeepsToSeenCards(t *testing.T) {
	lists := presetNames(t)
	for i := 0; i < 40; i++ {
		st := randomState(t, randomSetup(i), 3*i)
		s := st.(*state)
		r := engine.NewRNG(uint64(i))
		for seat := engine.Seat(0); seat < 2; seat++ {
			d := s.Determinize(seat, &r).(*state)
			owned := ownedNames(d, uint8(1-seat))
			if !slices.ContainsFunc(slices.Collect(maps.Values(lists)), func(l []string) bool { return slices.Equal(l, owned) }) {
				t.Fatalf("state %d: determinized for %v, the opponent owns a list that is no preset", i, seat)
			}
			for c := int16(1); c <= s.nCards; c++ {
				if s.sees(seat, c) && d.cards[c].def != s.cards[c].def {
					t.Fatalf("state %d: card c%d, seen by %v, changed under Determinize", i, c, seat)
				}
			}
		}
	}
}

// A deck of the player's own is no preset: the hidden cards come from the
// card pool under the construction limits (MM-8.2 to MM-8.4, MM-8.7).
func TestDeterminizeOwnDeckUsesThePool_MM_8_2(t *testing.T) {
	setup := fireVsWater(3)
	own := setup.Decks[1]
	own.Entries = append(slices.Clone(own.Entries[:len(own.Entries)-1]), engine.DeckEntry{Count: own.Entries[len(own.Entries)-1].Count - 1, Card: own.Entries[len(own.Entries)-1].Card})
	setup.Decks[1] = own
	st, err := New().New(setup)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*state)
	r := engine.NewRNG(5)
	outside := false
	real := ownedNames(s, 1)
	for i := 0; i < 100; i++ {
		d := s.Determinize(0, &r).(*state)
		counts, champions := map[uint8]int{}, 0
		for c := int16(1); c <= d.nCards; c++ {
			if d.cards[c].owner != 1 {
				continue
			}
			df := d.def(c)
			counts[d.cards[c].def]++
			if d.isChampion(d.cards[c].def) {
				champions++
			}
			if !slices.Contains(real, df.name) {
				outside = true
			}
			if basic := df.kind == kEnergy && df.elem != elemAny && df.limit == 3; !basic && counts[d.cards[c].def] > int(df.limit) {
				t.Fatalf("%d copies of %s, over its limit %d", counts[d.cards[c].def], df.name, df.limit)
			}
		}
		if champions > 1 {
			t.Fatalf("%d Champions (MM-8.3)", champions)
		}
		if !d.hasStage1(1) {
			t.Fatal("p2 still to place holds no Stufe-1 MystiMon (MM-3.4)")
		}
	}
	if !outside {
		t.Error("no card outside p2's real list appeared in 100 determinizations")
	}
}

// ResampleLuck keeps every card where it is except within the decks: each
// seat's view, every hand and every card's definition stay; each deck
// holds the same cards, in an order that varies from one resample to the
// next.
func TestResampleLuckRedrawsOnlyDeckOrders(t *testing.T) {
	for i := 0; i < 30; i++ {
		st := randomState(t, randomSetup(i), 4*i)
		s := st.(*state)
		r := engine.NewRNG(uint64(i))
		orders := map[string]bool{}
		for k := 0; k < 20; k++ {
			d := s.ResampleLuck(&r).(*state)
			for seat := range 2 {
				v := engine.Seat(seat)
				if got, want := string(d.View(v).AppendJSON(nil)), string(s.View(v).AppendJSON(nil)); got != want {
					t.Fatalf("state %d: p%d's view changed under ResampleLuck:\n%s\nwant\n%s", i, seat+1, got, want)
				}
				if !slices.Equal(d.p[seat].hand.s(), s.p[seat].hand.s()) {
					t.Fatalf("state %d: p%d's hand changed", i, seat+1)
				}
				if !slices.Equal(slices.Sorted(slices.Values(d.p[seat].deck.s())), slices.Sorted(slices.Values(s.p[seat].deck.s()))) {
					t.Fatalf("state %d: p%d's deck holds other cards", i, seat+1)
				}
			}
			for c := int16(1); c <= s.nCards; c++ {
				if d.cards[c].def != s.cards[c].def {
					t.Fatalf("state %d: card c%d has another definition", i, c)
				}
			}
			orders[hiddenNames(d, 0)+"|"+hiddenNames(d, 1)] = true
		}
		if len(s.p[0].deck.s()) > 3 && len(orders) < 10 {
			t.Errorf("state %d: the decks took %d orders in 20 resamples", i, len(orders))
		}
	}
}
