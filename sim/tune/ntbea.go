// Package tune searches a game's design space for settings that meet a
// balance target, with the N-Tuple Bandit Evolutionary Algorithm (NTBEA;
// Lucas, Liu and Perez-Liebana, "The N-Tuple Bandit Evolutionary
// Algorithm for Game Agent Optimisation", 2018), made for expensive,
// noisy evaluations such as a batch of simulated games.
//
// A point is one value index per dimension. NTBEA keeps, for every
// single dimension, every pair of dimensions and the whole point, the
// mean fitness seen for each combination of values (the n-tuple model),
// so that one evaluation informs every point that shares a value with
// it. Each step evaluates the current point once, then moves to the
// mutated neighbour with the best upper confidence bound under the
// model. At the end the point the model rates best, without exploration,
// is the answer; its fitness should be measured again on fresh seeds.
package tune

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"kartenwerk/engine"
)

// Options tune the search. Zero values take the defaults noted.
type Options struct {
	// Budget is the number of evaluations (default 100).
	Budget int
	// Neighbours is how many mutated points each step compares (50).
	Neighbours int
	// Explore weighs the bandit's exploration term against the fitness
	// scale (default 0.1): raise it for noisier or larger fitness.
	Explore float64
	// Mutation is each dimension's chance to change in a neighbour
	// (default: 1/dimensions; at least one dimension always changes).
	Mutation float64
	Seed     uint64
}

// Evaluation is one fitness measured at a point.
type Evaluation struct {
	Point   []int
	Fitness float64
}

// Result is the search's answer.
type Result struct {
	// Best is the point the model rates highest, with that rating (a
	// mean over the tuples that hold it).
	Best     []int
	Estimate float64
	// History lists every evaluation in order.
	History []Evaluation
}

// Search maximises fitness over the space whose dimension i takes sizes[i]
// values. fitness may be noisy; it is called Budget times.
func Search(sizes []int, fitness func(point []int) (float64, error), o Options) (*Result, error) {
	if len(sizes) == 0 {
		return nil, fmt.Errorf("nothing to tune: give at least one parameter")
	}
	for i, n := range sizes {
		if n < 1 {
			return nil, fmt.Errorf("parameter %d has no values", i+1)
		}
	}
	o.defaults(len(sizes))
	m := newModel(sizes)
	rng := engine.NewRNG(o.Seed)
	x := make([]int, len(sizes))
	for i, n := range sizes {
		x[i] = rng.IntN(n)
	}
	res := &Result{}
	for step := 0; step < o.Budget; step++ {
		f, err := fitness(x)
		if err != nil {
			return nil, err
		}
		m.add(x, f)
		res.History = append(res.History, Evaluation{Point: clone(x), Fitness: f})
		x = m.bestNeighbour(x, &rng, o)
	}
	res.Best, res.Estimate = m.bestSeen(res.History)
	return res, nil
}

func (o *Options) defaults(dims int) {
	if o.Budget <= 0 {
		o.Budget = 100
	}
	if o.Neighbours <= 0 {
		o.Neighbours = 50
	}
	if o.Explore <= 0 {
		o.Explore = 0.1
	}
	if o.Mutation <= 0 {
		o.Mutation = 1 / float64(dims)
	}
}

// stats are the evaluations of one value combination of one tuple.
type stats struct {
	n   int
	sum float64
}

// tuple is a set of dimensions with the stats of each value combination
// seen, keyed by the values.
type tuple struct {
	dims []int
	seen map[string]*stats
}

func (t *tuple) key(x []int) string {
	var b strings.Builder
	for _, d := range t.dims {
		b.WriteString(strconv.Itoa(x[d]))
		b.WriteByte(',')
	}
	return b.String()
}

type model struct {
	sizes  []int
	tuples []*tuple
	total  int
}

// newModel makes the 1-tuples, the 2-tuples and the full tuple.
func newModel(sizes []int) *model {
	m := &model{sizes: sizes}
	d := len(sizes)
	for i := 0; i < d; i++ {
		m.tuples = append(m.tuples, &tuple{dims: []int{i}, seen: map[string]*stats{}})
	}
	for i := 0; i < d; i++ {
		for j := i + 1; j < d; j++ {
			m.tuples = append(m.tuples, &tuple{dims: []int{i, j}, seen: map[string]*stats{}})
		}
	}
	if d > 2 {
		all := make([]int, d)
		for i := range all {
			all[i] = i
		}
		m.tuples = append(m.tuples, &tuple{dims: all, seen: map[string]*stats{}})
	}
	return m
}

func (m *model) add(x []int, f float64) {
	m.total++
	for _, t := range m.tuples {
		k := t.key(x)
		s := t.seen[k]
		if s == nil {
			s = &stats{}
			t.seen[k] = s
		}
		s.n++
		s.sum += f
	}
}

// value is the model's rating of x: the mean over the tuples that have
// seen x's values of their mean fitness, plus explore times the mean
// exploration bonus over all tuples, sqrt(ln(N+1)/(n+1)). The +1 keeps
// the bonus of an unseen combination finite: the whole point is nearly
// always unseen, and an infinite bonus would leave no room to exploit.
func (m *model) value(x []int, explore float64) float64 {
	var mean, bonus float64
	seen := 0
	logN := math.Log(float64(m.total) + 1)
	for _, t := range m.tuples {
		s := t.seen[t.key(x)]
		n := 0
		if s != nil {
			mean += s.sum / float64(s.n)
			seen++
			n = s.n
		}
		bonus += math.Sqrt(logN / (float64(n) + 1))
	}
	if seen > 0 {
		mean /= float64(seen)
	}
	return mean + explore*bonus/float64(len(m.tuples))
}

// bestNeighbour mutates x Neighbours times and returns the mutant with
// the highest upper confidence bound.
func (m *model) bestNeighbour(x []int, rng *engine.RNG, o Options) []int {
	var best []int
	bestValue := math.Inf(-1)
	for range o.Neighbours {
		y := m.mutate(x, rng, o.Mutation)
		if v := m.value(y, o.Explore); v > bestValue {
			best, bestValue = y, v
		}
	}
	return best
}

// mutate changes each dimension with probability p, and at least one.
func (m *model) mutate(x []int, rng *engine.RNG, p float64) []int {
	y := clone(x)
	changed := false
	for d, n := range m.sizes {
		if n > 1 && rng.Float64() < p {
			y[d] = otherValue(y[d], n, rng)
			changed = true
		}
	}
	if !changed {
		var movable []int
		for d, n := range m.sizes {
			if n > 1 {
				movable = append(movable, d)
			}
		}
		if len(movable) > 0 {
			d := movable[rng.IntN(len(movable))]
			y[d] = otherValue(y[d], m.sizes[d], rng)
		}
	}
	return y
}

func otherValue(v, n int, rng *engine.RNG) int {
	w := rng.IntN(n - 1)
	if w >= v {
		w++
	}
	return w
}

// bestSeen is the evaluated point the model rates best, without
// exploration.
func (m *model) bestSeen(history []Evaluation) ([]int, float64) {
	var best []int
	bestValue := math.Inf(-1)
	for _, e := range history {
		if v := m.value(e.Point, 0); v > bestValue {
			best, bestValue = e.Point, v
		}
	}
	return best, bestValue
}

func clone(x []int) []int { return append([]int(nil), x...) }
