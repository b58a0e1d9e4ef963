package sim

import (
	"math"
	"sort"
)

// FalseDiscoveryRate is the share of the figures marked as discoveries
// among many (a ranking's cards, a comparison's figures) that may have
// no effect at all.
const FalseDiscoveryRate = 0.05

// Discoveries tells which of the p-values Benjamini and Hochberg's
// step-up procedure keeps at false discovery rate q: with the m p-values
// in increasing order, the first k, for the largest k whose p-value is at
// most k/m times q. Among many figures of which some 5% exclude 0 by
// chance alone, at most about q of those it keeps are expected to be
// such chance.
func Discoveries(ps []float64, q float64) []bool {
	order := make([]int, len(ps))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return ps[order[a]] < ps[order[b]] })
	m := float64(len(ps))
	keep := 0
	for k, i := range order {
		if ps[i] <= float64(k+1)/m*q {
			keep = k + 1
		}
	}
	kept := make([]bool, len(ps))
	for _, i := range order[:keep] {
		kept[i] = true
	}
	return kept
}

// IntervalPValue is the two-sided p-value of an estimate read from its
// 95% interval [low, high]: the standard error is the interval's half on
// the side of 0 over z95 (Newcombe's and MOVER's intervals are not
// symmetric), so that p < 0.05 exactly when the interval excludes 0.
func IntervalPValue(est, low, high float64) float64 {
	half := est - low
	if est < 0 {
		half = high - est
	}
	if est == 0 || half <= 0 {
		return 1
	}
	z := math.Abs(est) / (half / z95)
	return math.Erfc(z / math.Sqrt2)
}
