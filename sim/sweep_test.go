package sim

import (
	"fmt"
	"testing"

	"gonum.org/v1/plot/plotter"
)

func TestDodgeMovesTheLinesApartByAFractionOfTheStep(t *testing.T) {
	bars := func(xs ...float64) *errorBars {
		g := &errorBars{}
		for _, x := range xs {
			g.XYs = append(g.XYs, plotter.XY{X: x})
		}
		return g
	}
	xs := func(g *errorBars) string {
		var out []string
		for _, p := range g.XYs {
			out = append(out, fmt.Sprintf("%.2f", p.X))
		}
		return fmt.Sprint(out)
	}
	for _, tc := range []struct {
		name   string
		groups map[string]*errorBars
		order  []string
		want   map[string]string
	}{
		{"one line stays", map[string]*errorBars{"": bars(2, 3, 4)}, []string{""}, map[string]string{"": "[2.00 3.00 4.00]"}},
		{"two lines, step 1", map[string]*errorBars{"a": bars(2, 3), "b": bars(2, 3)}, []string{"a", "b"},
			map[string]string{"a": "[1.90 2.90]", "b": "[2.10 3.10]"}},
		{"three lines, step 2", map[string]*errorBars{"a": bars(2, 4), "b": bars(2, 4), "c": bars(2, 4)}, []string{"a", "b", "c"},
			map[string]string{"a": "[1.80 3.80]", "b": "[2.00 4.00]", "c": "[2.20 4.20]"}},
		{"one value each", map[string]*errorBars{"a": bars(5), "b": bars(5)}, []string{"a", "b"},
			map[string]string{"a": "[4.90]", "b": "[5.10]"}},
	} {
		dodge(tc.groups, tc.order)
		for key, want := range tc.want {
			if got := xs(tc.groups[key]); got != want {
				t.Errorf("%s: line %q at %s, want %s", tc.name, key, got, want)
			}
		}
	}
}
