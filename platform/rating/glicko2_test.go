package rating

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// paperPlayer and paperResults are the worked example of Glickman's
// "Example of the Glicko-2 system": a 1500/200/0.06 player beats a 1400/30
// player and loses to 1550/100 and 1700/300, with tau 0.5.
var (
	paperPlayer  = Rating{Rating: 1500, Deviation: 200, Volatility: 0.06}
	paperResults = []Result{
		{Opponent: Rating{1400, 30, 0.06}, Score: 1},
		{Opponent: Rating{1550, 100, 0.06}, Score: 0},
		{Opponent: Rating{1700, 300, 0.06}, Score: 0},
	}
)

func TestUpdateMatchesGlickmansWorkedExample(t *testing.T) {
	got, err := DefaultSystem().Update(paperPlayer, paperResults)
	if err != nil {
		t.Fatal(err)
	}
	// The paper gives r' = 1464.06, RD' = 151.52, sigma' = 0.05999. It
	// rounds its intermediate values (g, E, v, delta) to four decimals along
	// the way; carried at full precision the same steps give 1464.0507,
	// 151.5165 and 0.059996, so the rating is held to 0.015 of the paper's.
	checks := []struct {
		name      string
		got, want float64
		tolerance float64
	}{
		{"rating", got.Rating, 1464.06, 0.015},
		{"deviation", got.Deviation, 151.52, 0.005},
		{"volatility", got.Volatility, 0.05999, 0.00001},
	}
	for _, c := range checks {
		if math.Abs(c.got-c.want) > c.tolerance {
			t.Errorf("%s = %.6f, the paper gives %v", c.name, c.got, c.want)
		}
	}
	t.Logf("paper example: rating %.4f, deviation %.4f, volatility %.6f", got.Rating, got.Deviation, got.Volatility)
}

func TestUpdateIntermediateQuantitiesOfThePaper(t *testing.T) {
	// Steps 3 and 4 of the example: v = 1.7785, delta = -0.4834, computed
	// there from g and E rounded to four decimals; full precision gives
	// 1.77898 and -0.48393, hence the tolerance of 0.001.
	mu, _ := toGlicko2(paperPlayer)
	v, improvement := estimate(mu, paperResults)
	if math.Abs(v-1.7785) > 0.001 {
		t.Errorf("v = %.5f, the paper gives 1.7785", v)
	}
	if delta := v * improvement; math.Abs(delta-(-0.4834)) > 0.001 {
		t.Errorf("delta = %.5f, the paper gives -0.4834", delta)
	}
}

func TestZeroSystemUsesTheDefaults(t *testing.T) {
	a, _ := System{}.Update(paperPlayer, paperResults)
	b, _ := DefaultSystem().Update(paperPlayer, paperResults)
	if a != b {
		t.Errorf("zero System gives %+v, DefaultSystem %+v", a, b)
	}
}

func TestTauChangesHowFarVolatilityMoves(t *testing.T) {
	// An upset: a newcomer-like player beats a far stronger opponent many
	// times. A larger tau lets the volatility climb further.
	upset := make([]Result, 6)
	for i := range upset {
		upset[i] = Result{Opponent: Rating{2200, 50, 0.06}, Score: 1}
	}
	player := Rating{1500, 80, 0.06}
	low, _ := System{Tau: 0.3}.Update(player, upset)
	high, _ := System{Tau: 1.2}.Update(player, upset)
	if !(high.Volatility > low.Volatility && low.Volatility > player.Volatility) {
		t.Errorf("volatility with tau 0.3 = %.6f, with tau 1.2 = %.6f; want 0.06 < low < high", low.Volatility, high.Volatility)
	}
}

func TestUpdateRejectsBadInput(t *testing.T) {
	cases := []struct {
		name    string
		system  System
		player  Rating
		results []Result
		want    string
	}{
		{"score", DefaultSystem(), New(), []Result{{Opponent: New(), Score: 0.7}}, "result 1 has score 0.7"},
		{"opponent deviation", DefaultSystem(), New(), []Result{{Opponent: Rating{1500, 0, 0.06}, Score: 1}}, "result 1's opponent"},
		{"player volatility", DefaultSystem(), Rating{1500, 200, 0}, nil, "player has rating"},
		{"player rating", DefaultSystem(), Rating{math.NaN(), 200, 0.06}, nil, "player has rating"},
		{"tau", System{Tau: -1}, New(), nil, "tau -1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.system.Update(c.player, c.results)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one containing %q", err, c.want)
			}
			if got != c.player && !math.IsNaN(c.player.Rating) {
				t.Errorf("rating changed on bad input: %+v", got)
			}
		})
	}
}

func TestIdleGrowsDeviationUpToTheNewcomersValue(t *testing.T) {
	player := Rating{1700, 50, 0.06}
	s := DefaultSystem()
	// Paper step 6 with no games: phi' = sqrt(phi^2 + sigma^2).
	want := math.Sqrt(math.Pow(50/glickoScale, 2)+0.06*0.06) * glickoScale
	if got := s.Idle(player); math.Abs(got.Deviation-want) > 1e-9 || got.Rating != 1700 || got.Volatility != 0.06 {
		t.Errorf("one idle period: %+v, want deviation %.6f and the rest unchanged", got, want)
	}
	previous := player.Deviation
	for period := 1; period <= 2000; period++ {
		player = s.Idle(player)
		if player.Deviation < previous || player.Deviation > InitialDeviation {
			t.Fatalf("period %d: deviation %.4f after %.4f; it must grow and stay at most %v", period, player.Deviation, previous, InitialDeviation)
		}
		previous = player.Deviation
	}
	if player.Deviation != InitialDeviation {
		t.Errorf("after 2000 idle periods the deviation is %.4f, want the cap %v", player.Deviation, InitialDeviation)
	}
	if got, _ := s.Update(Rating{1700, 50, 0.06}, nil); got != s.Idle(Rating{1700, 50, 0.06}) {
		t.Errorf("Update with no results gives %+v, Idle gives another", got)
	}
}

// randomRating draws a rating from the range a live pool holds.
func randomRating(rng *rand.Rand, minDeviation, maxDeviation float64) Rating {
	return Rating{
		Rating:     800 + rng.Float64()*1600,
		Deviation:  minDeviation + rng.Float64()*(maxDeviation-minDeviation),
		Volatility: 0.03 + rng.Float64()*0.06,
	}
}

func randomResults(rng *rand.Rand, around float64, n int) []Result {
	results := make([]Result, n)
	for i := range results {
		opp := randomRating(rng, 30, 350)
		opp.Rating = around - 400 + rng.Float64()*800
		results[i] = Result{Opponent: opp, Score: float64(rng.IntN(3)) / 2}
	}
	return results
}

const propertyTrials = 20000

func TestPropertyAWinNeverLowersTheRating(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	s := DefaultSystem()
	for trial := 0; trial < propertyTrials; trial++ {
		player := randomRating(rng, 30, 350)
		results := randomResults(rng, player.Rating, 1+rng.IntN(15))
		// A single win against anyone raises the rating.
		alone, err := s.Update(player, results[:1:1])
		if err != nil {
			t.Fatal(err)
		}
		if results[0].Score == 1 && alone.Rating <= player.Rating {
			t.Fatalf("trial %d: %+v beat %+v and fell to %.4f", trial, player, results[0].Opponent, alone.Rating)
		}
		// Turning any one result into a win never lowers the period's outcome.
		before, _ := s.Update(player, results)
		k := rng.IntN(len(results))
		better := append([]Result(nil), results...)
		better[k].Score = 1
		after, _ := s.Update(player, better)
		if after.Rating < before.Rating-1e-9 {
			t.Fatalf("trial %d: making result %d a win lowered the rating from %.6f to %.6f", trial, k, before.Rating, after.Rating)
		}
	}
}

func TestPropertyGamesShrinkTheDeviation(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	s := DefaultSystem()
	for trial := 0; trial < propertyTrials; trial++ {
		// Playing always leaves a player less uncertain than sitting out.
		player := randomRating(rng, 30, 350)
		results := randomResults(rng, player.Rating, 1+rng.IntN(15))
		after, _ := s.Update(player, results)
		if idle := s.Idle(player); after.Deviation >= idle.Deviation {
			t.Fatalf("trial %d: deviation %.4f after games, %.4f idle", trial, after.Deviation, idle.Deviation)
		}
		// Below the pre-period deviation too once the games carry more
		// information than one period of volatility adds: a player at
		// RD 100 or more with three games or more against opponents within
		// 400 points. (A 30-RD player with one game may grow a little.)
		if player.Deviation >= 100 && len(results) >= 3 && after.Deviation >= player.Deviation {
			t.Fatalf("trial %d: %+v played %d games and the deviation grew to %.4f", trial, player, len(results), after.Deviation)
		}
	}
}
