package sim

import (
	"testing"

	"kartenwerk/ai"
)

// Agents that decide in microseconds are not timed, noisy greedy as
// greedy: a strength table timed noisy greedy (0.010 ms a decision) and
// called greedy "not timed (a fast agent)". A search is timed.
func TestOnlySearchesAreTimed(t *testing.T) {
	for _, tc := range []struct {
		spec  string
		timed bool
	}{
		{"random", false},
		{"greedy", false},
		{"noisy:random=0.5", false},
		{"ismcts:iters=10", true},
	} {
		a, err := ai.New(tc.spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		if got := thinks(a); got != tc.timed {
			t.Errorf("%s: timed %v, want %v", tc.spec, got, tc.timed)
		}
	}
}
