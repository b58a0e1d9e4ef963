package ai_test

import (
	"flag"
	"fmt"
	"testing"

	"kartenwerk/ai"
	"kartenwerk/engine"
)

// peeking lets a search see every hidden card and every future roll: the
// worlds it samples are the true one. It exists only here, to measure how
// much of a game's outcome play can change at all.
type peeking struct{ engine.State }

func (p peeking) Determinize(engine.Seat, *engine.RNG) engine.State { return p.State.Clone() }

// BenchmarkSkillCeiling plays ISMCTS (1000 iterations) against greedy and
// against random in every game, one mirrored deal per iteration (each
// agent once in each seat), twice on the same deal: seeing only its own
// view ("fair-%") and seeing everything ("peek-%"), the win rates reported
// as metrics with the share of the peeking search's margin over 50% that
// the fair one reaches ("margin-%"). When even the peeking search barely
// beats its opponent, the deal, not the play, decides most games. Run it
// with e.g. -benchtime 100x for 200 games per figure; TestSkillCeiling
// gives the same figures with their intervals.
func BenchmarkSkillCeiling(b *testing.B) {
	for _, g := range engine.Games() {
		for _, opponent := range []string{"greedy", "random"} {
			b.Run(g.Info().ID+"/vs-"+opponent, func(b *testing.B) {
				var deals []pairedDeal
				for b.Loop() {
					deals = append(deals, playPairedDeal(b, g, "ismcts", opponent, uint64(len(deals)+1)))
				}
				fair, peek := pairedRates(deals)
				b.ReportMetric(100*fair, "fair-%")
				b.ReportMetric(100*peek, "peek-%")
				b.ReportMetric(100*marginRatio(fair, peek), "margin-%")
			})
		}
	}
}

// The settings of TestSkillCeiling, which runs only when -ceiling.game is
// given, e.g.
//
//	GOMAXPROCS=1 go test -run TestSkillCeiling -timeout 0 ./ai/ -args \
//	  -ceiling.game mystimons -ceiling.search ismcts:iters=1000 -ceiling.deals 200
var (
	ceilingGame     = flag.String("ceiling.game", "", "game id: measure the skill ceiling of this game")
	ceilingSearch   = flag.String("ceiling.search", "ismcts", "agent spec of the search, played fair and peeking")
	ceilingOpponent = flag.String("ceiling.opponent", "greedy", "agent spec of the opponent")
	ceilingDeals    = flag.Int("ceiling.deals", 100, "mirrored deals (each is four games: fair and peeking, from each seat)")
	ceilingFirst    = flag.Uint64("ceiling.first", 1, "seed of the first deal")
)

// TestSkillCeiling measures how much of the skill ceiling a search
// reaches: the search seeing only its seat's view and the same search
// seeing every hidden card and future roll play the same deals against
// the same opponent, each deal from both seats, and the report gives both
// win rates with their 95% Wilson intervals by deal and the share of the
// ceiling's margin over 50% that the fair search reaches, with its 95%
// bootstrap interval over deals. It logs the running figures every ten
// deals, so a long run read half-way still says something.
func TestSkillCeiling(t *testing.T) {
	if *ceilingGame == "" {
		t.Skip("a measurement, not a check: give -ceiling.game to run it")
	}
	g, err := engine.Lookup(*ceilingGame)
	if err != nil {
		t.Fatalf("-ceiling.game: %v", err)
	}
	var deals []pairedDeal
	for d := range *ceilingDeals {
		deals = append(deals, playPairedDeal(t, g, *ceilingSearch, *ceilingOpponent, *ceilingFirst+uint64(d)))
		if len(deals)%10 == 0 || len(deals) == *ceilingDeals {
			t.Log(describeCeiling(deals))
		}
	}
}

// pairedDeal holds a search's rewards on one mirrored deal, summed over
// both seats: fair and peeking.
type pairedDeal struct{ fair, peek float64 }

// playPairedDeal plays the deal from both seats, the fair and the
// peeking search each, all four games with the same seeds.
func playPairedDeal(tb testing.TB, g engine.Game, search, opponent string, deal uint64) pairedDeal {
	var d pairedDeal
	for seat := engine.Seat(0); seat < 2; seat++ {
		d.fair += searchVs(tb, g, search, opponent, deal, seat, false)
		d.peek += searchVs(tb, g, search, opponent, deal, seat, true)
	}
	return d
}

// describeCeiling states the figures of the deals played so far.
func describeCeiling(deals []pairedDeal) string {
	fair, peek := pairedRates(deals)
	fl, fh := dealWilson(deals, func(d pairedDeal) float64 { return d.fair })
	pl, ph := dealWilson(deals, func(d pairedDeal) float64 { return d.peek })
	rl, rh := bootstrapMarginRatio(deals, 10000, 1)
	return fmt.Sprintf("%d deals (%d games each side): fair %.1f%% [%.1f, %.1f], peek %.1f%% [%.1f, %.1f], margin ratio %.0f%% [%.0f, %.0f]",
		len(deals), 2*len(deals), 100*fair, 100*fl, 100*fh, 100*peek, 100*pl, 100*ph,
		100*marginRatio(fair, peek), 100*rl, 100*rh)
}

// searchVs plays one game of deal with the search in seat against the
// opponent and returns the search's reward.
func searchVs(tb testing.TB, g engine.Game, search, opponent string, deal uint64, seat engine.Seat, peek bool) float64 {
	s, err := g.New(engine.Setup{Game: g.Info().ID, Seats: 2, Seed: deal})
	if err != nil {
		tb.Fatal(err)
	}
	searcher, err := ai.New(search, deal)
	if err != nil {
		tb.Fatal(err)
	}
	other, err := ai.New(opponent, deal)
	if err != nil {
		tb.Fatal(err)
	}
	for {
		done, out := s.Terminal()
		if done {
			return out.Reward(seat)
		}
		var a engine.Action
		switch {
		case s.ToMove() != seat:
			a, err = other.Act(s)
		case peek:
			a, err = searcher.Act(peeking{s})
		default:
			a, err = searcher.Act(s)
		}
		if err == nil {
			err = s.Apply(a)
		}
		if err != nil {
			tb.Fatal(err)
		}
	}
}
