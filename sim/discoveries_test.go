package sim

import (
	"math"
	"math/rand/v2"
	"testing"
)

// cardWithZ is a ranked card whose impact when drawn lies z standard
// errors from 0, with a symmetric 95% interval.
func cardWithZ(name string, z float64) CardStat {
	const se = 0.01
	est := z * se
	return CardStat{Name: name, DrawImpact: est, DrawLow: est - z95*se, DrawHigh: est + z95*se,
		DrawSignificant: math.Abs(z) > z95}
}

// Benjamini and Hochberg's own example of ten p-values at q = 0.05 (the
// step-up keeps the two smallest: 0.001 <= 1/10 q and 0.008 <= 2/10 q,
// while no later one is at most its k/10 q), given in shuffled order.
func TestMarkDiscoveriesStepsUpAsBenjaminiAndHochberg(t *testing.T) {
	ps := []float64{0.042, 0.205, 0.001, 0.06, 0.039, 0.216, 0.008, 0.074, 0.041, 0.212}
	ranking := make([]CardStat, len(ps))
	for i, p := range ps {
		z := math.Sqrt2 * math.Erfcinv(p) // two-sided: p = erfc(z/√2)
		ranking[i] = cardWithZ(string(rune('a'+i)), z)
		if got := drawPValue(ranking[i]); math.Abs(got-p) > 1e-9 {
			t.Fatalf("drawPValue of a card %.3f standard errors from 0 = %g, want %g", z, got, p)
		}
	}
	markDiscoveries(ranking, 0.05)
	for i, c := range ranking {
		if want := ps[i] == 0.001 || ps[i] == 0.008; c.DrawDiscovery != want {
			t.Errorf("p = %g: discovery %v, want %v", ps[i], c.DrawDiscovery, want)
		}
	}
	// Every p-value at most its k/m q: all are kept.
	all := []CardStat{cardWithZ("x", 3), cardWithZ("y", -3.2), cardWithZ("z", 2.5)}
	markDiscoveries(all, 0.05)
	for _, c := range all {
		if !c.DrawDiscovery {
			t.Errorf("%s (p = %.4f) is not kept among three p-values under 0.02", c.Name, drawPValue(c))
		}
	}
}

// TestMarkDiscoveriesKeepsFalseFindsRare: in 1,000 rankings of 100 cards,
// 90 without effect and 10 with one (3 standard errors on average), the
// share of the marked cards that have no effect averages at most the 5%
// the ranking promises (Benjamini and Hochberg bound it by 5% of 90/100),
// where marking every interval that excludes 0 makes about a third of the
// marks false. It also keeps most of the real effects.
func TestMarkDiscoveriesKeepsFalseFindsRare(t *testing.T) {
	const rankings, nulls, real = 1000, 90, 10
	rng := rand.New(rand.NewPCG(18, 5))
	var falseShare, naiveFalseShare float64
	found := 0
	for range rankings {
		ranking := make([]CardStat, 0, nulls+real)
		for i := range nulls + real {
			z := rng.NormFloat64()
			if i < real {
				z += 3
			}
			ranking = append(ranking, cardWithZ(map[bool]string{true: "real", false: "null"}[i < real], z))
		}
		markDiscoveries(ranking, FalseDiscoveryRate)
		marked, falseMarks, naive, naiveFalse := 0, 0, 0, 0
		for _, c := range ranking {
			if c.DrawDiscovery {
				marked++
				if c.Name == "null" {
					falseMarks++
				} else {
					found++
				}
			}
			if c.DrawSignificant {
				naive++
				if c.Name == "null" {
					naiveFalse++
				}
			}
		}
		falseShare += float64(falseMarks) / float64(max(1, marked))
		naiveFalseShare += float64(naiveFalse) / float64(max(1, naive))
	}
	falseShare /= rankings
	naiveFalseShare /= rankings
	t.Logf("mean share of false marks: %.3f with the procedure, %.3f marking every interval that excludes 0; real effects found %.1f%%",
		falseShare, naiveFalseShare, 100*float64(found)/(rankings*real))
	if falseShare > 0.055 {
		t.Errorf("the marked cards are %.1f%% cards without effect on average, want at most 5%%", 100*falseShare)
	}
	if naiveFalseShare < 0.15 {
		t.Errorf("marking every interval that excludes 0 gives %.1f%% false marks: the test's cards do not tell the procedure from it", 100*naiveFalseShare)
	}
	if power := float64(found) / (rankings * real); power < 0.4 {
		t.Errorf("the procedure keeps %.1f%% of the real effects, want most of them", 100*power)
	}
}
