package ai_test

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/sim"
)

// pairedRates are the fair and the peeking search's win rates over the
// deals, two games a deal each.
func pairedRates(deals []pairedDeal) (fair, peek float64) {
	for _, d := range deals {
		fair += d.fair
		peek += d.peek
	}
	n := 2 * float64(len(deals))
	return fair / n, peek / n
}

// marginRatio is the share of the ceiling's margin over 50% that the fair
// search reaches: (fair-0.5)/(peek-0.5). It is NaN when the peeking
// search has no margin, where the share means nothing.
func marginRatio(fair, peek float64) float64 {
	if peek <= 0.5 {
		return math.NaN()
	}
	return (fair - 0.5) / (peek - 0.5)
}

// dealWilson is the 95% Wilson interval of a win rate whose games come two
// to a deal, over the effective sample of the deals (sim.Clustered): a
// deal's two games share its shuffle. A draw counts half, as two half-games.
func dealWilson(deals []pairedDeal, reward func(pairedDeal) float64) (low, high float64) {
	var c sim.Clustered
	for _, d := range deals {
		c.Add(int(math.Round(2*reward(d))), 4)
	}
	iv := c.Interval()
	return iv.Low, iv.High
}

// bootstrapMarginRatio is the 95% percentile bootstrap interval of
// marginRatio, resampling whole deals (so that the pairing of the fair
// and the peeking games of a deal is kept) n times with a seeded RNG.
// Resamples where the peeking search has no margin count as the lowest
// ratios, which widens the interval rather than hiding them.
func bootstrapMarginRatio(deals []pairedDeal, n int, seed uint64) (low, high float64) {
	if len(deals) == 0 {
		return math.NaN(), math.NaN()
	}
	rng := engine.NewRNG(seed)
	ratios := make([]float64, n)
	sample := make([]pairedDeal, len(deals))
	for i := range ratios {
		for k := range sample {
			sample[k] = deals[rng.IntN(len(deals))]
		}
		ratios[i] = marginRatio(pairedRates(sample))
		if math.IsNaN(ratios[i]) {
			ratios[i] = math.Inf(-1)
		}
	}
	slices.Sort(ratios)
	return ratios[int(0.025*float64(n))], ratios[int(0.975*float64(n))-1]
}

func TestMarginRatioAndItsInterval(t *testing.T) {
	// 100 deals in which the fair search wins 60% and the peeking one
	// 70%: half the ceiling's margin, the interval around it.
	deals := make([]pairedDeal, 100)
	for i := range deals {
		deals[i].fair = 0
		if i%10 < 6 {
			deals[i].fair = 2
		}
		deals[i].peek = 0
		if i%10 < 7 {
			deals[i].peek = 2
		}
	}
	fair, peek := pairedRates(deals)
	if math.Abs(fair-0.6) > 1e-12 || math.Abs(peek-0.7) > 1e-12 {
		t.Fatalf("rates %v, %v; want 0.6, 0.7", fair, peek)
	}
	if r := marginRatio(fair, peek); math.Abs(r-0.5) > 1e-12 {
		t.Errorf("margin ratio %v, want 0.5", r)
	}
	if r := marginRatio(0.6, 0.5); !math.IsNaN(r) {
		t.Errorf("margin ratio without a ceiling margin = %v, want NaN", r)
	}
	low, high := bootstrapMarginRatio(deals, 2000, 1)
	if !(low < 0.5 && 0.5 < high) || low < -1 || high > 3 {
		t.Errorf("bootstrap interval [%v, %v] should hold 0.5 and be finite", low, high)
	}
	// The same results, fair and peeking, in every deal: the ratio is 1
	// in every resample.
	for i := range deals {
		deals[i].fair = deals[i].peek
	}
	if low, high := bootstrapMarginRatio(deals, 500, 2); low != 1 || high != 1 {
		t.Errorf("identical play gives ratio interval [%v, %v], want [1, 1]", low, high)
	}
	if l, h := dealWilson(deals, func(d pairedDeal) float64 { return d.peek }); !(l < 0.7 && 0.7 < h) {
		t.Errorf("Wilson interval [%v, %v] should hold 0.7", l, h)
	}
}

// -ceiling.peek-from takes the peeking figures of the deals asked for and
// refuses a record that lacks one, naming the file and the deal.
func TestReadPeeks(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.rec")
	if err := os.WriteFile(path, []byte("1 1 2\n2 0 1.5\n4 2 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	peeks, err := readPeeks(path, 1, 2)
	if err != nil || len(peeks) != 2 || peeks[1] != 2 || peeks[2] != 1.5 {
		t.Fatalf("readPeeks(deals 1-2) = %v, %v; want map[1:2 2:1.5]", peeks, err)
	}
	_, err = readPeeks(path, 1, 4)
	if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "deal 3") {
		t.Fatalf("readPeeks(deals 1-4) = %v, want an error naming %s and deal 3", err, path)
	}
	if peeks, err := readPeeks("", 1, 4); peeks != nil || err != nil {
		t.Fatalf("readPeeks without a file = %v, %v; want nothing", peeks, err)
	}
}
