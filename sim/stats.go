package sim

import (
	"math"
	"sort"
)

// Interval is a proportion with its 95% confidence interval.
type Interval struct {
	Rate float64 `json:"rate"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
	// Method names how the interval was computed (MethodWilson,
	// MethodCluster); N is the sample it rests on: the number of games,
	// or for a clustered figure its effective sample.
	Method string  `json:"method,omitempty"`
	N      float64 `json:"n,omitempty"`
}

// The interval methods a report names.
const (
	// MethodWilson is the Wilson score interval over independent games.
	MethodWilson = "wilson"
	// MethodCluster is the Wilson score interval over the effective
	// sample of games played in deals (clusters): the games of a mirrored
	// deal share its shuffle, so they count as fewer independent games
	// (or, for entrants that swap seats, sometimes as more).
	MethodCluster = "wilson-by-deal"
	// MethodTango is Tango's score interval for the difference of two
	// proportions measured on the same games (paired; see TangoPaired).
	MethodTango = "tango-paired"
	// MethodPairedMean is the normal interval of a mean paired difference.
	MethodPairedMean = "paired-mean"
	// MethodStratified is the normal interval of differences within
	// strata (decks) pooled with Mantel-Haenszel weights.
	MethodStratified = "stratified-normal"
	// MethodNewcombeHybrid is Newcombe's hybrid score interval for the
	// difference of two independent rates (see NewcombeDiff).
	MethodNewcombeHybrid = "newcombe-hybrid"
	// MethodNewcombeByDeal is MethodNewcombeHybrid widened (or narrowed)
	// by the design effect of counting seat-games that share deals.
	MethodNewcombeByDeal = "newcombe-hybrid-by-deal"
	// MethodMean is the normal interval of a mean over independent games,
	// MethodMeanByDeal the same by deal, with a cluster-robust variance.
	MethodMean       = "normal"
	MethodMeanByDeal = "normal-by-deal"
)

// z95 is the normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// Wilson returns the proportion k/n with its 95% Wilson score interval,
// which stays sensible for small n and for rates near 0 or 1.
func Wilson(k, n float64) Interval {
	if n <= 0 {
		return Interval{}
	}
	const z = z95
	p := k / n
	den := 1 + z*z/n
	centre := (p + z*z/(2*n)) / den
	half := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / den
	return Interval{Rate: p, Low: math.Max(0, centre-half), High: math.Min(1, centre+half), Method: MethodWilson, N: n}
}

// Clustered counts a proportion whose games come in clusters (the games
// of one deal), as integer moments, so that shards merge exactly: over
// clusters d with y_d events of m_d games, the sums of y, m, y², y·m, m².
type Clustered struct {
	Clusters int64 `json:"clusters"`
	Y        int64 `json:"y"`
	M        int64 `json:"m"`
	YY       int64 `json:"yy"`
	YM       int64 `json:"ym"`
	MM       int64 `json:"mm"`
}

// Add counts one cluster with y events in m games.
func (c *Clustered) Add(y, m int) {
	if m == 0 {
		return
	}
	Y, M := int64(y), int64(m)
	c.Clusters++
	c.Y += Y
	c.M += M
	c.YY += Y * Y
	c.YM += Y * M
	c.MM += M * M
}

// merge adds another part's clusters.
func (c *Clustered) merge(o Clustered) {
	c.Clusters += o.Clusters
	c.Y += o.Y
	c.M += o.M
	c.YY += o.YY
	c.YM += o.YM
	c.MM += o.MM
}

// Interval is the rate Y/M with a Wilson interval over the effective
// sample: M games divided by the design effect, the ratio of the
// cluster-robust variance of the rate to the binomial one. When every
// cluster has the same rate p strictly between 0 and 1, the interval is
// the point p. When the rate is 0 (or 1) in every cluster, the variance
// says nothing, and the effective sample is taken as the number of
// clusters (as if each cluster were one game), which errs on the wide side.
func (c Clustered) Interval() Interval {
	if c.M == 0 {
		return Interval{Method: MethodCluster}
	}
	n, p := float64(c.M), float64(c.Y)/float64(c.M)
	eff := float64(c.Clusters)
	if c.Clusters >= 2 && p > 0 && p < 1 {
		d := float64(c.Clusters)
		sq := float64(c.YY) - 2*p*float64(c.YM) + p*p*float64(c.MM)
		v := d / (d - 1) * sq / (n * n)
		if v <= 0 {
			// Every cluster has the rate p: the design fixes it (identical
			// agents in a mirrored deal win one game each). The effective
			// sample is unbounded; N = M² stands for it in JSON.
			return Interval{Rate: p, Low: p, High: p, Method: MethodCluster, N: n * n}
		}
		eff = p * (1 - p) / v
	}
	iv := Wilson(p*eff, eff)
	iv.Rate, iv.Method = p, MethodCluster
	return iv
}

// MeanInterval is the mean Y/M of a figure summed over clusters (Y the
// cluster's sum of the figure, M its games) with a 95% normal interval
// from the cluster-robust variance of the ratio; N is the effective
// sample: the games over the design effect, from the variance of one
// game's figure.
func (c Clustered) MeanInterval(gameVariance float64) Interval {
	if c.M == 0 || c.Clusters < 2 {
		return Interval{Method: MethodMeanByDeal}
	}
	d, n := float64(c.Clusters), float64(c.M)
	mean := float64(c.Y) / n
	sq := float64(c.YY) - 2*mean*float64(c.YM) + mean*mean*float64(c.MM)
	v := d / (d - 1) * max(0, sq) / (n * n)
	half := z95 * math.Sqrt(v)
	eff := n
	if v > 0 {
		eff = gameVariance / v
	}
	return Interval{Rate: mean, Low: mean - half, High: mean + half, Method: MethodMeanByDeal, N: eff}
}

// meanTurns is the mean game length with its 95% normal interval: over
// the games' lengths, or by deal in a mirrored batch, whose games share
// their shuffles and so, in part, their lengths.
func (t *Tally) meanTurns() Interval {
	var n, sum, sumSq float64
	for turns, games := range t.Turns {
		x, g := float64(turns), float64(games)
		n, sum, sumSq = n+g, sum+g*x, sumSq+g*x*x
	}
	return t.mean(n, sum, sumSq, dealTurns)
}

// mean is the mean of a figure over n games, from its sum and sum of
// squares, with its 95% normal interval: by deal in a mirrored batch
// that counted the figure by deal under the name deal.
func (t *Tally) mean(n, sum, sumSq float64, deal string) Interval {
	if n < 2 {
		return Interval{}
	}
	mean := sum / n
	variance := max(0, sumSq/n-mean*mean) * n / (n - 1) // of one game's figure
	if c := t.Deals[deal]; t.Mirror && c != nil && c.M == int64(n) {
		return c.MeanInterval(variance)
	}
	half := z95 * math.Sqrt(variance/n)
	return Interval{Rate: mean, Low: mean - half, High: mean + half, Method: MethodMean, N: n}
}

// MeanTurnsOf is r's mean game length with its 95% interval, also for a
// report stored before it carried one.
func MeanTurnsOf(r *Report) Interval {
	if r.MeanTurnsInterval.Method != "" {
		return r.MeanTurnsInterval
	}
	return r.meanTurns()
}

// Distribution summarises a whole-number measure (such as turns) from
// exact counts, so that shards merge without loss.
type Distribution struct {
	Min  int     `json:"min"`
	P10  int     `json:"p10"`
	P50  int     `json:"p50"`
	P90  int     `json:"p90"`
	Max  int     `json:"max"`
	Mean float64 `json:"mean"`
	// Counts maps each value to how many games had it.
	Counts map[int]int `json:"-"`
}

func distribution(counts map[int]int) Distribution {
	d := Distribution{Counts: counts}
	values := make([]int, 0, len(counts))
	total, sum := 0, 0
	for v, c := range counts {
		values = append(values, v)
		total += c
		sum += v * c
	}
	if total == 0 {
		return d
	}
	sort.Ints(values)
	d.Min, d.Max = values[0], values[len(values)-1]
	d.Mean = float64(sum) / float64(total)
	d.P10, d.P50, d.P90 = quantile(values, counts, total, 0.1), quantile(values, counts, total, 0.5), quantile(values, counts, total, 0.9)
	return d
}

func quantile(sorted []int, counts map[int]int, total int, q float64) int {
	target := int(math.Ceil(q * float64(total)))
	seen := 0
	for _, v := range sorted {
		seen += counts[v]
		if seen >= target {
			return v
		}
	}
	return sorted[len(sorted)-1]
}

// NewcombeDiff returns the 95% interval of k1/n1 - k0/n0 for two
// independent groups: Newcombe's hybrid score method 10 (Statistics in
// Medicine 17, 1998), which joins each rate's Wilson interval and, unlike
// the Wald interval, keeps its coverage for small groups and rates near 0
// or 1. An empty group leaves the difference unknown: [-1, 1].
func NewcombeDiff(k1, n1, k0, n0 float64) (low, high float64) {
	if n1 <= 0 || n0 <= 0 {
		return -1, 1
	}
	a, b := Wilson(k1, n1), Wilson(k0, n0)
	d := a.Rate - b.Rate
	low = d - math.Sqrt(sq(a.Rate-a.Low)+sq(b.High-b.Rate))
	high = d + math.Sqrt(sq(a.High-a.Rate)+sq(b.Rate-b.Low))
	return low, high
}
