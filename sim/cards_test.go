package sim_test

import (
	"maps"
	"math"
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest/trick"
	"kartenwerk/sim"
)

// A controlled tally: in each game p1 draws each card with even chance,
// and wins 70% of the games in which it drew Nine against 40% of the
// others. Nine must head the ranking by impact when drawn, with an
// interval that excludes 0 and holds the true +30 points; the cards that
// change nothing must mostly not be marked.
func TestCardRankingFindsTheCardThatWinsWhenDrawn(t *testing.T) {
	tally := sim.NewTally(sim.Config{Game: trick.Game{}, Games: 1, Seats: 2, Agents: []string{"random"}})
	rng := engine.NewRNG(11)
	const nine = 8
	for i := range 2000 {
		var drawn []int
		for c := range 9 {
			if rng.Chance(0.5) {
				drawn = append(drawn, c, c) // seen at two decisions: counted once
			}
		}
		winChance := 0.4
		if containsCard(drawn, nine) {
			winChance = 0.7
		}
		winner := engine.SeatSet(0).With(1)
		if rng.Chance(winChance) {
			winner = engine.SeatSet(0).With(0)
		}
		tally.Add(sim.GameResult{Index: i, Winners: winner, Reason: "tricks", First: 0, Turns: 9,
			Drawn: [][]int{drawn, nil}, Decks: []string{"Fire", "Water"}})
	}
	rep := tally.Report()
	if len(rep.CardRanking) != 9 {
		t.Fatalf("ranking has %d cards, want the 9 of p1's deck (p2 drew none): %+v", len(rep.CardRanking), rep.CardRanking)
	}
	top := rep.CardRanking[0]
	if top.Name != "Nine" || top.Deck != "Fire" || !top.DrawSignificant || !top.DrawDiscovery || top.DrawMethod != sim.MethodNewcombeHybrid {
		t.Fatalf("ranking starts with %+v, want Nine of Fire marked", top)
	}
	if top.DrawLow > 0.3 || top.DrawHigh < 0.3 || top.Drawn+top.NotDrawn != 2000 {
		t.Fatalf("Nine: impact %.3f [%.3f, %.3f] over %d+%d seat-games, want an interval holding +0.30",
			top.DrawImpact, top.DrawLow, top.DrawHigh, top.Drawn, top.NotDrawn)
	}
	marked := 0
	for _, c := range rep.CardRanking[1:] {
		if c.DrawSignificant {
			marked++
		}
	}
	if marked > 2 { // each null card is marked with chance 5%
		t.Fatalf("%d of 8 cards without effect are marked: %+v", marked, rep.CardRanking)
	}
	var text strings.Builder
	rep.WriteText(&text)
	if !strings.Contains(text.String(), "1. Nine (Fire)") || !strings.Contains(text.String(), "impact when drawn") ||
		!strings.Contains(text.String(), "drawn in 1,020 of 2,000 **") || !strings.Contains(text.String(), "allowed for (Benjamini-Hochberg, at most 5% false finds expected): 1 of 9") {
		t.Fatalf("the text lacks the ranking:\n%s", text.String())
	}
	var page strings.Builder
	if err := sim.WriteHTML(&page, sim.Document{Title: "t", Report: rep}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(page.String(), "Card impact when drawn") || !strings.Contains(page.String(), "<td>1</td><td>Nine</td><td>Fire</td>") {
		t.Fatalf("the page lacks the ranking:\n%s", page.String())
	}
}

// A card set aside for its owner before the deal (Athernum's start card,
// engine.AsideHolder) is never drawn. Here One is set aside in 30% of
// seat-games and lifts its owner's chance by 15 points in those; in the
// others it is drawn half the time and does nothing. Counted among the
// seat-games without it, the games it started made it read -6.6 points
// [-8.5, -4.8] when drawn; compared within the seats that set aside the
// same card, it does nothing, on the 8,400 seat-games that did not set it
// aside.
func TestDrawnImpactIsComparedAmongSeatsThatSetAsideTheSame(t *testing.T) {
	tally := sim.NewTally(sim.Config{Game: trick.Game{}, Games: 1, Seats: 2, Agents: []string{"random"}})
	rng := engine.NewRNG(5)
	const one = 0
	for i := range 6000 {
		drawn, aside := [][]int{{1}, {1}}, [][]int{{2}, {2}}
		var chance [2]float64
		for seat := range 2 {
			chance[seat] = 0.5
			switch {
			case rng.Chance(0.3):
				aside[seat], chance[seat] = []int{one}, 0.8
			case rng.Chance(0.5):
				drawn[seat] = append(drawn[seat], one)
			}
		}
		winner := engine.Seat(0)
		if rng.Chance(0.5 + (chance[1]-chance[0])/2) {
			winner = 1
		}
		tally.Add(sim.GameResult{Index: i, First: 0, Winners: engine.SeatSet(0).With(winner), Reason: "tricks", Turns: 9,
			Drawn: drawn, Aside: aside, Decks: []string{"Fire", "Fire"}})
	}
	rep := tally.Report()
	i := slices.IndexFunc(rep.CardRanking, func(c sim.CardStat) bool { return c.Name == "One" })
	if i < 0 {
		t.Fatalf("One is not ranked: %+v", rep.CardRanking)
	}
	c := rep.CardRanking[i]
	if n := c.Drawn + c.NotDrawn; n < 7800 || n > 9000 {
		t.Errorf("One compared in %d seat-games, want those that did not set it aside (about 8400)", n)
	}
	if c.DrawLow > 0 || c.DrawHigh < 0 || c.DrawHigh-c.DrawLow > 0.06 {
		t.Errorf("One when drawn %+.3f [%+.3f, %+.3f], want about 0", c.DrawImpact, c.DrawLow, c.DrawHigh)
	}
	if d := rep.DrawnAside["Fire / aside: Three"]; d == nil || d.Deck != "Fire" || !slices.Equal(d.Aside, []string{"Three"}) {
		t.Errorf("the seats that set Three aside are counted as %+v (keys %v)", d, slices.Collect(maps.Keys(rep.DrawnAside)))
	}
	// The start card's own worth is the win rate by the card set aside:
	// 60.5% with One, 45.5% with Three.
	if len(rep.AsideRates) != 2 {
		t.Fatalf("win rates by the cards set aside: %+v, want One's and Three's", rep.AsideRates)
	}
	for k, want := range []struct {
		card string
		rate float64
	}{{"One", 0.605}, {"Three", 0.455}} {
		a := rep.AsideRates[k]
		if a.Deck != "Fire" || !slices.Equal(a.Aside, []string{want.card}) || a.Win.Low > want.rate || a.Win.High < want.rate {
			t.Errorf("win rate %d: %+v, want %s set aside at about %.3f", k, a, want.card, want.rate)
		}
	}
	var text, page strings.Builder
	rep.WriteText(&text)
	if !strings.Contains(text.String(), "within the deck and the cards set aside before the deal") ||
		!strings.Contains(text.String(), "win rate by the cards set aside before the deal") || !strings.Contains(text.String(), "Fire: One") {
		t.Errorf("the text report does not compare within the cards set aside, or lacks their win rates:\n%s", text.String())
	}
	if err := sim.WriteHTML(&page, sim.Document{Title: "t", Report: rep}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(page.String(), "Cards set aside before the deal") || !strings.Contains(page.String(), "<td>Fire</td><td>One</td>") {
		t.Errorf("the page lacks the win rates by the cards set aside:\n%s", page.String())
	}
}

func containsCard(cards []int, c int) bool {
	for _, x := range cards {
		if x == c {
			return true
		}
	}
	return false
}

// A card's drawn figures are pooled over decks as its played figures are.
func TestDrawImpactIsPooledOverDecks(t *testing.T) {
	tally := sim.NewTally(sim.Config{Game: trick.Game{}, Games: 1, Seats: 2, Agents: []string{"random"}})
	for i := range 400 {
		// Both decks draw One in every other game and win those 3 in 4,
		// the others 1 in 4.
		drawn := [][]int{{}, {}}
		w := engine.SeatSet(0).With(engine.Seat(i % 2))
		if i%4 < 2 {
			drawn = [][]int{{0}, {0}}
		}
		if i%8 == 0 {
			w = engine.SeatSet(0).With(engine.Seat(1 - i%2))
		}
		tally.Add(sim.GameResult{Index: i, Winners: w, Reason: "tricks", Turns: 9, Drawn: drawn, Decks: []string{"Fire", "Water"}})
	}
	var pooled *sim.CardStat
	for _, c := range tally.Report().CardRanking {
		if c.Pooled {
			pooled = &c
		}
	}
	if pooled == nil || pooled.Decks != 2 || pooled.DrawMethod != sim.MethodStratified || pooled.Drawn != 400 {
		t.Fatalf("One pooled over both decks: %+v", pooled)
	}
}

// Every trick game brings every card to its seat's hand, so a batch
// reports each card drawn in every seat-game, from the hands the game
// lists (engine.CardHolder) while it is played.
func TestABatchCountsTheCardsDrawn(t *testing.T) {
	rep := run(t, sim.Config{Game: trick.Game{}, Games: 200, Seed: 5, Seats: 2})
	for _, c := range rep.CardStats {
		if c.Drawn != 400 || c.NotDrawn != 0 || c.DrawRate != 1 {
			t.Fatalf("card %s drawn in %d of %d seat-games, want all 400", c.Name, c.Drawn, c.Drawn+c.NotDrawn)
		}
	}
	if len(rep.CardRanking) != 0 {
		t.Fatalf("cards drawn in every game have nothing to compare, yet are ranked: %+v", rep.CardRanking)
	}
}

// NewcombeDiff's 95% interval for the difference of two independent rates
// holds the true difference 93-97% of the time on Bernoulli sources with
// known rates, for groups large and small and rates near the edges.
func TestNewcombeDiffCoverage(t *testing.T) {
	for _, tc := range []struct {
		name   string
		p1, p0 float64
		n1, n0 int
	}{
		{"even rates, equal groups", 0.5, 0.5, 200, 200},
		{"a real effect, unequal groups", 0.7, 0.4, 60, 240},
		{"rates near 1", 0.92, 0.85, 150, 80},
		{"rare wins", 0.08, 0.04, 400, 300},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := engine.NewRNG(uint64(tc.n1*1000 + tc.n0))
			hits := 0
			for range coverageReps {
				k1, k0 := binomial(&rng, tc.n1, tc.p1), binomial(&rng, tc.n0, tc.p0)
				low, high := sim.NewcombeDiff(float64(k1), float64(tc.n1), float64(k0), float64(tc.n0))
				if d := tc.p1 - tc.p0; low <= d && d <= high {
					hits++
				}
			}
			if c := float64(hits) / coverageReps; c < coverageLow || c > coverageHigh {
				t.Fatalf("coverage %.3f, want %.2f-%.2f", c, coverageLow, coverageHigh)
			}
		})
	}
}

func binomial(rng *engine.RNG, n int, p float64) int {
	k := 0
	for range n {
		if rng.Chance(p) {
			k++
		}
	}
	return k
}

func TestNewcombeDiffOfAnEmptyGroupIsUnknown(t *testing.T) {
	if low, high := sim.NewcombeDiff(3, 10, 0, 0); low != -1 || high != 1 {
		t.Fatalf("an empty group gives [%v, %v], want [-1, 1]", low, high)
	}
	if low, high := sim.NewcombeDiff(5, 10, 5, 10); math.Abs(low+high) > 1e-12 || low >= 0 {
		t.Fatalf("equal rates give [%v, %v], want an interval symmetric about 0", low, high)
	}
}
