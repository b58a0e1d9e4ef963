package tune

import (
	"testing"

	"kartenwerk/engine"
)

// TestSearchFindsTheOptimumOfANoisyFunction: a separable bowl over four
// dimensions of nine values, seen through noise larger than the
// differences near its optimum. NTBEA with 300 evaluations of 6,561
// points must end at the optimum or next to it in every dimension.
func TestSearchFindsTheOptimumOfANoisyFunction(t *testing.T) {
	optimum := []int{6, 2, 4, 7}
	for seed := uint64(1); seed <= 5; seed++ {
		noise := engine.NewRNG(seed * 77)
		calls := 0
		fitness := func(x []int) (float64, error) {
			calls++
			f := 0.0
			for d, v := range x {
				f -= float64((v - optimum[d]) * (v - optimum[d]))
			}
			return f/10 + 0.5*(noise.Float64()-0.5), nil
		}
		res, err := Search([]int{9, 9, 9, 9}, fitness, Options{Budget: 300, Seed: seed, Explore: 0.3})
		if err != nil {
			t.Fatal(err)
		}
		if calls != 300 || len(res.History) != 300 {
			t.Errorf("seed %d: %d evaluations, want the budget of 300", seed, calls)
		}
		for d, v := range res.Best {
			if v < optimum[d]-1 || v > optimum[d]+1 {
				t.Errorf("seed %d: best %v, optimum %v: dimension %d is off by more than one", seed, res.Best, optimum, d)
				break
			}
		}
	}
}

func TestSearchRefusesAnEmptySpace(t *testing.T) {
	f := func([]int) (float64, error) { return 0, nil }
	if _, err := Search(nil, f, Options{}); err == nil {
		t.Error("an empty space was searched")
	}
	if _, err := Search([]int{3, 0}, f, Options{}); err == nil {
		t.Error("a dimension without values was searched")
	}
}

func TestSearchRepeatsForASeed(t *testing.T) {
	f := func(x []int) (float64, error) { return -float64(x[0]-3) * float64(x[0]-3), nil }
	a, _ := Search([]int{8, 5}, f, Options{Budget: 40, Seed: 9})
	b, _ := Search([]int{8, 5}, f, Options{Budget: 40, Seed: 9})
	for i := range a.History {
		for d := range a.History[i].Point {
			if a.History[i].Point[d] != b.History[i].Point[d] {
				t.Fatalf("step %d differs between two runs with one seed", i)
			}
		}
	}
}
