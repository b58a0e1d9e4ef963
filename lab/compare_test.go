package lab

import (
	"math"
	"net/http"
	"testing"

	"kartenwerk/sim"
)

// For two Wilson intervals the difference's interval is Newcombe's hybrid
// score interval: his example (1998, method 10), 56/70 against 48/80,
// gives 0.2000 [0.0524, 0.3339].
func TestMoverIsNewcombesIntervalForWilsonRates(t *testing.T) {
	d := mover("first", "", sim.Wilson(48, 80), sim.Wilson(56, 70))
	for _, c := range []struct{ got, want float64 }{{d.Diff, 0.2}, {d.Low, 0.0524}, {d.High, 0.3339}} {
		if math.Abs(c.got-c.want) > 0.00051 {
			t.Fatalf("difference %.4f [%.4f, %.4f], want 0.2000 [0.0524, 0.3339]", d.Diff, d.Low, d.High)
		}
	}
	if !d.Significant {
		t.Fatal("an interval above zero is not marked significant")
	}
	if same := mover("first", "", sim.Wilson(48, 80), sim.Wilson(48, 80)); same.Significant || same.Low >= 0 || same.High <= 0 {
		t.Fatalf("equal rates: %+v, want an interval around zero, not significant", same)
	}
}

// Two runs compared list every figure the game reports, each difference
// inside its own interval.
func TestCompareRunsGivesEveryFigureAndItsInterval(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	a, _, _ := c.submit(quick(200))
	s := quick(200)
	s.Seed = 8
	b, _, _ := c.submit(s)
	c.wait(a.ID)
	c.wait(b.ID)
	var cmp Comparison
	if status, eb := c.do("GET", "/api/lab/compare?a="+a.ID+"&b="+b.ID, nil, &cmp); status != http.StatusOK {
		t.Fatalf("compare: %d %s", status, eb.Error)
	}
	seen := map[string]bool{}
	for _, d := range cmp.Differences {
		seen[d.Figure] = true
		if d.Interval && !(d.Low <= d.Diff && d.Diff <= d.High) {
			t.Errorf("%s %s: %.3f outside its interval [%.3f, %.3f]", d.Figure, d.Name, d.Diff, d.Low, d.High)
		}
	}
	for _, fig := range []string{"first", "seat", "draw", "cap", "turns"} {
		if !seen[fig] {
			t.Errorf("no %s figure among %d differences", fig, len(cmp.Differences))
		}
	}
	if seen["entrant"] {
		t.Error("unmirrored runs list their entrants, which are their seats, twice")
	}
	if cmp.A.Report != nil || cmp.B.Report != nil {
		t.Error("the comparison carries both reports whole")
	}
}

func TestCompareRefusesUnfinishedRuns(t *testing.T) {
	_, srv := testLab(t, Limits{RunsAtOnce: 1})
	c := newClient(t, srv, "")
	a, _, _ := c.submit(long())
	b, _, _ := c.submit(long())
	status, eb := c.do("GET", "/api/lab/compare?a="+a.ID+"&b="+b.ID, nil, nil)
	if status != http.StatusConflict || eb.Key != "lab.err_compare_unfinished" {
		t.Fatalf("comparing unfinished runs: %d %s", status, eb.Key)
	}
	for _, id := range []string{a.ID, b.ID} {
		c.do("POST", "/api/lab/runs/"+id+"/cancel", struct{}{}, nil)
	}
}
