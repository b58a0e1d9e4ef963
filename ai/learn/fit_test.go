package learn

import (
	"math"
	"testing"

	"kartenwerk/engine"
)

// synthetic draws n positions whose features are normal with the given
// spreads, won with chance 1/(1+exp(-truth·x)).
func synthetic(n int, truth, spread []float64, seed uint64) []Sample {
	r := engine.NewRNG(seed)
	out := make([]Sample, n)
	for i := range out {
		f := make([]float64, len(truth))
		z := 0.0
		for j := range f {
			f[j] = spread[j] * normal(&r)
			z += truth[j] * f[j]
		}
		if r.Chance(sigmoid(z)) {
			out[i].Result = 1
		}
		out[i].Features, out[i].Game = f, i
	}
	return out
}

// normal is a standard normal draw (Box-Muller).
func normal(r *engine.RNG) float64 {
	return math.Sqrt(-2*math.Log(1-r.Float64())) * math.Cos(2*math.Pi*r.Float64())
}

func TestFitRecoversKnownWeights(t *testing.T) {
	cases := []struct {
		name          string
		truth, spread []float64
	}{
		{"units of different sizes", []float64{1.5, -0.02, 0.7}, []float64{1, 40, 2}},
		{"a feature that does not matter", []float64{0, 0.8, -1.2}, []float64{3, 1, 0.5}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fit, err := FitLogistic(synthetic(20000, c.truth, c.spread, 7), 0.01)
			if err != nil {
				t.Fatal(err)
			}
			for i, want := range c.truth {
				got, se := fit.Weights[i], fit.StdErr[i]
				if se <= 0 || math.Abs(got-want) > 4*se {
					t.Errorf("weight %d = %.4f ± %.4f, want %.4f within 4 standard errors", i, got, se, want)
				}
				if se*c.spread[i] > 0.05 {
					t.Errorf("weight %d: standard error %.4f is too wide to have recovered anything", i, se)
				}
			}
		})
	}
}

// The penalty pulls weights toward 0, and a feature that never varies
// gets weight 0 instead of a singular system.
func TestFitPenaltyShrinksAndCopesWithAConstantFeature(t *testing.T) {
	samples := synthetic(2000, []float64{1, 0}, []float64{1, 0}, 3)
	light, err := FitLogistic(samples, 0.01)
	if err != nil {
		t.Fatal(err)
	}
	heavy, err := FitLogistic(samples, 5000)
	if err != nil {
		t.Fatal(err)
	}
	if !(math.Abs(heavy.Weights[0]) < math.Abs(light.Weights[0])/2) {
		t.Errorf("lambda=5000 gives %.3f, lambda=0.01 %.3f: the penalty should shrink the weight", heavy.Weights[0], light.Weights[0])
	}
	if light.Weights[1] != 0 || light.StdErr[1] != 0 || light.Scale[1] != 0 {
		t.Errorf("a constant feature got weight %g ± %g and spread %g, want 0", light.Weights[1], light.StdErr[1], light.Scale[1])
	}
}

func TestFitRefusesNoPositions(t *testing.T) {
	if _, err := FitLogistic(nil, 1); err == nil {
		t.Fatal("fitting no positions gave no error")
	}
}
