package sim_test

import (
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest/trick"
	_ "kartenwerk/games/all"
	"kartenwerk/sim"
)

// openingBatch tallies games in which the first player wins firstWins of
// the time and card One (index 0) is in the first player's opening hand
// with chance inFirst, in the other's with chance inLater; holding it
// adds lift to the holder's chance of winning.
func openingBatch(inFirst, inLater, firstWins, lift float64) *sim.Report {
	tally := sim.NewTally(sim.Config{Game: trick.Game{}, Games: 1, Seats: 2, Agents: []string{"random"}})
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 6000 {
		first := engine.Seat(rng.IntN(2))
		opening := [][]int{{1}, {1}}
		held := [2]bool{}
		for seat := range 2 {
			in := inLater
			if engine.Seat(seat) == first {
				in = inFirst
			}
			if held[seat] = rng.Float64() < in; held[seat] {
				opening[seat] = append(opening[seat], 0)
			}
		}
		// The first player wins firstWins of the time, moved by lift for
		// each side that holds One.
		p := firstWins
		if held[first] {
			p += lift
		}
		if held[1-first] {
			p -= lift
		}
		winner := 1 - first
		if rng.Float64() < p {
			winner = first
		}
		tally.Add(sim.GameResult{Index: i, First: first, Winners: engine.SeatSet(0).With(winner), Reason: "tricks", Turns: 9,
			Opening: opening, Decks: []string{"Fire", "Fire"}})
	}
	return tally.Report()
}

func openingRow(t *testing.T, rep *sim.Report, card string) sim.CardStat {
	t.Helper()
	i := slices.IndexFunc(rep.OpeningRanking, func(c sim.CardStat) bool { return c.Name == card && !c.Pooled })
	if i < 0 {
		t.Fatalf("%s is not ranked by its opening hand: %+v", card, rep.OpeningRanking)
	}
	return rep.OpeningRanking[i]
}

// The first player, who wins 70% here, holds One three times as often as
// the other seat (as a game dealing it more cards would), and One does
// nothing: its players win 60% against 43% without it. Compared within
// each turn order, its impact is nothing; and a card that does lift its
// holder's chance by ten points is found at ten points.
func TestOpeningHandImpactIsComparedWithinTheTurnOrder(t *testing.T) {
	for _, tc := range []struct {
		name string
		lift float64
	}{{"no effect", 0}, {"ten points", 0.10}} {
		c := openingRow(t, openingBatch(0.6, 0.2, 0.7, tc.lift), "One")
		if c.DrawMethod != sim.MethodStratified || c.Drawn+c.NotDrawn != 12000 {
			t.Errorf("%s: %d of %d seat-games by %s, want all 12000 stratified", tc.name, c.Drawn, c.Drawn+c.NotDrawn, c.DrawMethod)
		}
		if c.DrawLow > tc.lift || c.DrawHigh < tc.lift || c.DrawHigh-c.DrawLow > 0.08 {
			t.Errorf("%s: impact in the opening hand %+.3f [%+.3f, %+.3f], want about %+.2f", tc.name, c.DrawImpact, c.DrawLow, c.DrawHigh, tc.lift)
		}
	}
}

// Card One is the start card a seat sets aside before the deal in 30% of
// its games (engine.AsideHolder), and it wins more of those; One is then
// never in that seat's hand. Otherwise a seat holds it half the time, and
// holding it does nothing. Counted among the hands without One, the games
// it started show it at -6.3 points [-8.2, -4.5]; compared within the
// seats that set aside the same card, it does nothing.
func TestOpeningHandImpactLeavesOutTheCardsSetAside(t *testing.T) {
	tally := sim.NewTally(sim.Config{Game: trick.Game{}, Games: 1, Seats: 2, Agents: []string{"random"}})
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 6000 {
		first := engine.Seat(rng.IntN(2))
		opening, aside := [][]int{{1}, {1}}, [][]int{{2}, {2}}
		var chance [2]float64
		for seat := range 2 {
			switch {
			case rng.Float64() < 0.3:
				aside[seat], chance[seat] = []int{0}, 0.8
			case rng.Float64() < 0.5:
				opening[seat], chance[seat] = append(opening[seat], 0), 0.5
			default:
				chance[seat] = 0.5
			}
		}
		winner := first
		if rng.Float64() < 0.5+(chance[1-first]-chance[first])/2 {
			winner = 1 - first
		}
		tally.Add(sim.GameResult{Index: i, First: first, Winners: engine.SeatSet(0).With(winner), Reason: "tricks", Turns: 9,
			Opening: opening, Aside: aside, Decks: []string{"Fire", "Fire"}})
	}
	rep := tally.Report()
	c := openingRow(t, rep, "One")
	if c.DrawLow > 0 || c.DrawHigh < 0 || c.DrawHigh-c.DrawLow > 0.08 {
		t.Errorf("impact in the opening hand %+.3f [%+.3f, %+.3f], want about 0", c.DrawImpact, c.DrawLow, c.DrawHigh)
	}
	if c.Drawn+c.NotDrawn >= 12000 || c.Drawn+c.NotDrawn < 7000 {
		t.Errorf("One compared in %d seat-games, want those that did not set it aside (about 8400)", c.Drawn+c.NotDrawn)
	}
	var text strings.Builder
	rep.WriteText(&text)
	if !strings.Contains(text.String(), "within the deck, the turn order and the cards set aside before the deal") {
		t.Errorf("the text report does not say that the opening hands are compared among seats that set aside the same cards:\n%s", text.String())
	}
	// The strata are named for the JSON's reader.
	if d := rep.OpeningFirst["Fire / aside: One"]; d == nil || d.Deck != "Fire" || !slices.Equal(d.Aside, []string{"One"}) {
		t.Errorf("the first players who set One aside are counted as %+v (keys %v)", d, slices.Collect(maps.Keys(rep.OpeningFirst)))
	}
}

// A batch notes each seat's opening hand as the game dealt it, before any
// action: the trick game deals three cards each, which its first
// trick then plays, so the hands ranked by the drawn figures differ.
func TestABatchNotesTheOpeningHandsAsDealt(t *testing.T) {
	cfg := sim.Config{Game: trick.Game{}, Games: 5, Seed: 9, Seats: 2}
	for i := range cfg.Games {
		r := sim.PlayGame(cfg, i)
		s, err := trick.Game{}.New(engine.Setup{Game: "trick", Seats: 2, Seed: r.Seed})
		if err != nil {
			t.Fatal(err)
		}
		for seat := range 2 {
			dealt := s.(engine.CardHolder).HandCards(engine.Seat(seat), nil)
			got := slices.Sorted(slices.Values(r.Opening[seat]))
			if slices.Sort(dealt); len(dealt) != 3 || !slices.Equal(got, dealt) {
				t.Errorf("game %d, p%d: opening hand %v, dealt %v", i, seat+1, got, dealt)
			}
		}
	}
	rep := run(t, sim.Config{Game: trick.Game{}, Games: 400, Seed: 9, Seats: 2})
	if len(rep.OpeningFirst) == 0 || len(rep.OpeningLater) == 0 || len(rep.OpeningRanking) == 0 {
		t.Fatalf("no opening hands counted: %d ranked", len(rep.OpeningRanking))
	}
	var text strings.Builder
	rep.WriteText(&text)
	if !strings.Contains(text.String(), "cards ranked by impact in the opening hand") || !strings.Contains(text.String(), "in the opening hand in ") {
		t.Errorf("the text report has no ranking by the opening hand:\n%s", text.String())
	}
	var page strings.Builder
	if err := sim.WriteHTML(&page, sim.Document{Title: "t", Report: rep}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(page.String(), `id="opening-ranking"`) || !strings.Contains(page.String(), "Card impact in the opening hand") {
		t.Error("the HTML report has no ranking by the opening hand")
	}
	// The card chart charts that ranking, the least biased figure.
	charts, err := rep.Charts()
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(charts, func(c sim.Chart) bool { return c.Name == "card-impact" })
	if i < 0 || charts[i].Title != "Card impact in the opening hand" {
		t.Errorf("the card chart is %+v, want the opening hand's", charts)
	}
}

// Each game's opening hands are the rulebook's: six cards in Athernum
// (AT-3.5), five in Mystic Elements (ME-3.4), three for Micro-Life's
// first player and five for the second (ML-3.7), seven in MystiMons
// (MM-3.4, one more for each of the other's mulligans), and none in
// Zynalith, whose hands fill from the market by the players' own choices
// (ZY-5.1).
func TestOpeningHandsAreTheRulebooksDeal(t *testing.T) {
	for _, tc := range []struct {
		game          string
		first, second int // the hand sizes; -1: at least seven
		aside         int // the cards each seat set aside before the deal
	}{
		{"athernum", 6, 6, 1}, {"mysticelements", 5, 5, 0}, {"microlife", 3, 5, 0}, {"mystimons", -1, -1, 0}, {"zynalith", 0, 0, 0},
	} {
		g, err := engine.Lookup(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 6 {
			r := sim.PlayGame(sim.Config{Game: g, Games: 6, Seed: 21, Seats: 2}, i)
			if r.Err != "" || len(r.Opening) != 2 || r.First == engine.NoSeat {
				t.Fatalf("%s game %d: %q, opening hands %v, first %v", tc.game, i, r.Err, r.Opening, r.First)
			}
			for seat, hand := range r.Opening {
				want := tc.second
				if engine.Seat(seat) == r.First {
					want = tc.first
				}
				if want >= 0 && len(hand) != want || want < 0 && len(hand) < 7 {
					t.Errorf("%s game %d: p%d (first: %v) opened with %d cards, want %d (-1: seven or more)", tc.game, i, seat+1, r.First, len(hand), want)
				}
				if aside := asideOf(r, seat); len(aside) != tc.aside {
					t.Errorf("%s game %d: p%d set aside %v before the deal, want %d cards", tc.game, i, seat+1, aside, tc.aside)
				}
			}
		}
	}
}

// asideOf is what seat set aside before the deal in r.
func asideOf(r sim.GameResult, seat int) []int {
	if seat < len(r.Aside) {
		return r.Aside[seat]
	}
	return nil
}

// A game whose players take cards into their hands by their own choices
// (Micro-Life buys market cards into the hand, ML-5.3; Zynalith's hands
// fill only from the market and the stacks' tops, ZY-3.4 and ZY-5.1;
// engine.HandChooser) gets no ranking by the cards held, and its reports
// say why: a card held there is chosen, as a card played is. Ranked,
// Zynalith's 300 games of greedy play marked 42 of 63 cards, nearly all
// below 0, and Micro-Life's 2,000 marked 15 of 16, all bought, all above
// 0. The cards' figures when played stay, Micro-Life's opening hands are
// still ranked, and a game whose hands only the shuffle fills keeps its
// ranking.
func TestNoRankingByCardsHeldWhereTheHandsAreChosen(t *testing.T) {
	for _, tc := range []struct {
		game            string
		ranked, opening bool
	}{
		{"zynalith", false, false},
		{"microlife", false, true},
		{"mystimons", true, true},
	} {
		g, err := engine.Lookup(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		rep := run(t, sim.Config{Game: g, Games: 200, Seed: 3, Agents: []string{"greedy"}})
		if got := len(rep.CardRanking) > 0; got != tc.ranked {
			t.Errorf("%s: %d cards ranked by the win rate when held, want a ranking: %v", tc.game, len(rep.CardRanking), tc.ranked)
		}
		if got := len(rep.OpeningRanking) > 0; got != tc.opening {
			t.Errorf("%s: %d cards ranked by the opening hand, want a ranking: %v", tc.game, len(rep.OpeningRanking), tc.opening)
		}
		if !slices.ContainsFunc(rep.CardStats, func(c sim.CardStat) bool { return c.Played > 0 && c.NotPlayed > 0 }) {
			t.Errorf("%s: no card's figures when played", tc.game)
		}
		const why = "players also take cards into their hand by their own choice"
		var text strings.Builder
		rep.WriteText(&text)
		if ranked, said := strings.Contains(text.String(), "ranked by impact when drawn"), strings.Contains(text.String(), why); ranked != tc.ranked || said == tc.ranked {
			t.Errorf("%s: the text report ranks cards when drawn: %v, says why not: %v; want a ranking: %v:\n%s", tc.game, ranked, said, tc.ranked, text.String())
		}
		var page strings.Builder
		if err := sim.WriteHTML(&page, sim.Document{Title: tc.game, Report: rep}); err != nil {
			t.Fatal(err)
		}
		if said := strings.Contains(page.String(), `id="hands-chosen"`); said == tc.ranked {
			t.Errorf("%s: the HTML report says why no cards are ranked when drawn: %v, want %v", tc.game, said, !tc.ranked)
		}
	}
}
