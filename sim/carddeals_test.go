package sim_test

import (
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest/trick"
	"kartenwerk/sim"
)

// handModel plays deals of two hands, A and B, of one deck: each hand
// draws the card One with even chance and is strong or weak (s = ±½) with
// even chance, and keeps both in every game of the deal. A beats B with
// chance ½ + 0.05·(drew One, A minus B) + 0.45·(s_A - s_B), so a
// seat-game won 52.5% when it drew One and 47.5% when it did not: One's
// true impact when drawn is +5 points.
type handModel struct {
	rng    engine.RNG
	mirror bool      // both games of a deal, the hands swapping seats
	decks  [2]string // the decks of hands A and B
}

const (
	handImpact    = 0.05
	handWhenDrawn = 0.525
)

// deal is one deal's games.
func (m *handModel) deal(index int) []sim.GameResult {
	drew := [2]bool{m.rng.Chance(0.5), m.rng.Chance(0.5)}
	strength := func() float64 {
		if m.rng.Chance(0.5) {
			return 0.5
		}
		return -0.5
	}
	aWins := 0.5 + 0.45*(strength()-strength())
	switch {
	case drew[0] && !drew[1]:
		aWins += handImpact
	case drew[1] && !drew[0]:
		aWins -= handImpact
	}
	games := 1
	if m.mirror {
		games = 2
	}
	var out []sim.GameResult
	for g := range games {
		drawn, decks := [][]int{nil, nil}, []string{"", ""}
		for seat := range 2 {
			hand := (seat + g) % 2 // the hand seat holds in game g
			if drew[hand] {
				drawn[seat] = []int{0} // and played: Played is the same list
			}
			decks[seat] = m.decks[hand]
		}
		winner := (0 + g) % 2 // where A sits
		if !m.rng.Chance(aWins) {
			winner = 1 - winner
		}
		out = append(out, sim.GameResult{Index: index*games + g, Rotation: g, Winners: engine.SeatSet(0).With(engine.Seat(winner)),
			Reason: "tricks", Turns: 9, Drawn: drawn, Played: drawn, Decks: decks})
	}
	return out
}

// A card's interval counts deals, not seat-games: in a mirrored batch a
// hand and its luck meet both games of the deal, so its seat-games agree
// more than chance would have them, and intervals over seat-games held
// One's true impact 89-91% of the time (pooled over two decks, 90%);
// where both seats of a game hold the deck, they share its result, and
// the rate when drawn over seat-games held the truth 98-99% of the time,
// too wide. The impact's interval and the rate when drawn must keep 93-97%
// coverage in each case.
func TestCardIntervalsCountDealsNotSeatGames(t *testing.T) {
	for _, tc := range []struct {
		name       string
		mirror     bool
		decks      [2]string
		pooled     bool    // read One's row pooled over the decks
		naiveBelow float64 // the coverage an interval over seat-games stays under (0: not read)
	}{
		{"mirrored deals", true, [2]string{"standard", "standard"}, false, 0.91},
		{"both seats one deck", false, [2]string{"standard", "standard"}, false, 0},
		{"two decks, mirrored", true, [2]string{"Fire", "Water"}, false, 0.91},
		{"two decks pooled, mirrored", true, [2]string{"Fire", "Water"}, true, 0},
		{"two decks pooled", false, [2]string{"Fire", "Water"}, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			model := handModel{rng: engine.NewRNG(42), mirror: tc.mirror, decks: tc.decks}
			var impactHits, rateHits, shareHits, naiveHits int
			for range coverageReps {
				tally := sim.NewTally(sim.Config{Game: trick.Game{}, Games: 1, Seats: 2, Mirror: tc.mirror, Agents: []string{"random"}})
				for d := range 200 {
					tally.AddDeal(model.deal(d))
				}
				one := cardRow(t, tally.Report(), "One", tc.decks[0], tc.pooled)
				if one.DrawLow <= handImpact && handImpact <= one.DrawHigh {
					impactHits++
				}
				if one.WhenDrawn.Low <= handWhenDrawn && handWhenDrawn <= one.WhenDrawn.High {
					rateHits++
				}
				if one.PlayShare.Low <= 0.5 && 0.5 <= one.PlayShare.High {
					shareHits++ // played whenever drawn, by half the hands
				}
				if !tc.pooled {
					k1, k0 := one.WhenDrawn.Rate*float64(one.Drawn), one.WhenNotDrawn.Rate*float64(one.NotDrawn)
					if low, high := sim.NewcombeDiff(k1, float64(one.Drawn), k0, float64(one.NotDrawn)); low <= handImpact && handImpact <= high {
						naiveHits++
					}
				}
				if !tc.pooled && (one.DrawMethod != sim.MethodNewcombeByDeal || one.WhenDrawn.Method != sim.MethodCluster) {
					t.Fatalf("One is measured by %s and %s, want by deal", one.DrawMethod, one.WhenDrawn.Method)
				}
			}
			impact, rate, naive := float64(impactHits)/coverageReps, float64(rateHits)/coverageReps, float64(naiveHits)/coverageReps
			share := float64(shareHits) / coverageReps
			t.Logf("coverage: impact %.3f, rate when drawn %.3f, play rate %.3f; impact over seat-games %.3f", impact, rate, share, naive)
			for what, c := range map[string]float64{"impact when drawn": impact, "win rate when drawn": rate, "play rate": share} {
				if tc.pooled && what != "impact when drawn" {
					continue // a pooled row has no interval of its rates
				}
				if c < coverageLow || c > coverageHigh {
					t.Errorf("%s: coverage %.3f, want %.2f-%.2f", what, c, coverageLow, coverageHigh)
				}
			}
			if tc.naiveBelow > 0 && naive >= tc.naiveBelow {
				t.Errorf("over seat-games the coverage is %.3f: the model no longer tells deals from seat-games", naive)
			}
		})
	}
}

// cardRow is the ranking's row of the named card in deck, or pooled over
// its decks.
func cardRow(t *testing.T, rep *sim.Report, name, deck string, pooled bool) sim.CardStat {
	t.Helper()
	for _, c := range rep.CardRanking {
		if c.Name == name && c.Pooled == pooled && (pooled || c.Deck == deck) {
			return c
		}
	}
	t.Fatalf("no row of %s (%s) in the ranking: %+v", name, deck, rep.CardRanking)
	return sim.CardStat{}
}
