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
}

// Wilson returns the proportion k/n with its 95% Wilson score interval,
// which stays sensible for small n and for rates near 0 or 1.
func Wilson(k, n float64) Interval {
	if n <= 0 {
		return Interval{}
	}
	const z = 1.959963984540054
	p := k / n
	den := 1 + z*z/n
	centre := (p + z*z/(2*n)) / den
	half := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / den
	return Interval{Rate: p, Low: math.Max(0, centre-half), High: math.Min(1, centre+half)}
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
