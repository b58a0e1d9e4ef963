package sim

import (
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	_ "kartenwerk/games/zynalith"
)

// The charts of a sweep and of a tuning run name their figure in the
// title and put a short word on the y axis, where a figure's name as long
// as "podíl výher začínajícího hráče" was cut.
func TestChartsKeepTheYAxisWordShort(t *testing.T) {
	cs := i18n.CS
	for _, tc := range []struct {
		name    string
		chart   func() (Chart, error)
		axis    string
		inTitle string
	}{
		{"a rate's sweep", (&Sweep{Card: "Imp", Fields: []string{"cost"}, Figure: figureFirst, Points: []SweepPoint{{Values: []string{"1"}}}}).chartCs,
			words.T(cs, "report.chart.rate"), FigureIn(cs, figureFirst)},
		{"the length's sweep", (&Sweep{Card: "Imp", Fields: []string{"cost"}, Figure: figureLength, Points: []SweepPoint{{Values: []string{"1"}}}}).chartCs,
			words.T(cs, "report.sweep.mean_turns"), FigureIn(cs, figureLength)},
		{"a tuning run", func() (Chart, error) {
			return (&Tuning{Figure: FigureIn(cs, figureFirst), Rates: []float64{0.5}}).ChartIn(cs)
		},
			words.T(cs, "report.chart.rate"), FigureIn(cs, figureFirst)},
	} {
		c, err := tc.chart()
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := c.plot.Y.Label.Text; got != tc.axis || !strings.Contains(c.Title, tc.inTitle) {
			t.Errorf("%s: axis %q and title %q, want %q and a title naming %q", tc.name, got, c.Title, tc.axis, tc.inTitle)
		}
	}
}

func (sw *Sweep) chartCs() (Chart, error) { return sw.ChartIn(i18n.CS) }

// The chart of how games end labels each way by the game's short word
// for it where the game has one: Zynalith's sentence for a game decided
// on points left the bars no room.
func TestEndingsChartTakesTheGamesShortWords(t *testing.T) {
	g, err := engine.Lookup("zynalith")
	if err != nil {
		t.Fatal(err)
	}
	game := g.(engine.Speaker).Catalog()
	r := &Report{EndReasons: []Share{{Name: "points", Interval: Interval{Rate: 0.9, Low: 0.85, High: 0.95}}, {Name: "elimination"}}}
	c, err := r.reasonChart(i18n.CS, game)
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, tick := range c.plot.X.Tick.Marker.Ticks(c.plot.X.Min, c.plot.X.Max) {
		if tick.Label != "" {
			labels = append(labels, tick.Label)
		}
	}
	if got := strings.Join(labels, " / "); got != "Nejvíc vítězných bodů po 5. kole / Poslední naživu" {
		t.Errorf("the endings are labelled %q", got)
	}
}

// A chart with one way of ending (Zynalith's games nearly all end on
// points) starts its bars right after the y axis: padded by half the
// long label, the lone bar stood far from its axis.
func TestALoneBarStandsBesideItsAxis(t *testing.T) {
	g, err := engine.Lookup("zynalith")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range i18n.Langs {
		r := &Report{EndReasons: []Share{{Name: "points", Interval: Interval{Rate: 1, Low: 0.98, High: 1}}}}
		c, err := r.reasonChart(l, g.(engine.Speaker).Catalog())
		if err != nil {
			t.Fatal(err)
		}
		data := c.plot.DataCanvas(draw.New(vgimg.New(c.w, c.h)))
		if left := data.Min.X.Points(); left > yAxisRoom {
			t.Errorf("%s: the bars begin %.0f pt from the chart's edge, beyond the y axis's %d", l, left, yAxisRoom)
		}
	}
}

// Axis numbers carry no decimal places that are zero on every tick: a
// histogram of game counts read "0.00, 25.00, 50.00".
func TestLocalTicksDropZerosEveryLabelHas(t *testing.T) {
	for _, tc := range []struct {
		lang   i18n.Lang
		lo, hi float64
		want   string
	}{
		{i18n.EN, 0, 54, "0 25 50"},
		{i18n.DE, 0, 54, "0 25 50"},
		{i18n.EN, 0, 0.5, "0.00 0.25 0.50"},
		{i18n.CS, 0, 0.5, "0,00 0,25 0,50"},
		{i18n.EN, 10, 38, "12 24 36"},
		{i18n.DE, -3, 3, "−3 0 3"},
	} {
		var labels []string
		for _, tick := range (localTicks{tc.lang}).Ticks(tc.lo, tc.hi) {
			if tick.Label != "" {
				labels = append(labels, tick.Label)
			}
		}
		if got := strings.Join(labels, " "); got != tc.want {
			t.Errorf("%s ticks from %g to %g read %q, want %q", tc.lang, tc.lo, tc.hi, got, tc.want)
		}
	}
}

// A sweep of whole values (a card's cost) marks its x axis at whole
// numbers only; one of other values keeps every mark.
func TestASweepOfWholeValuesMarksWholeNumbers(t *testing.T) {
	for _, tc := range []struct {
		values []string
		whole  bool
	}{
		{[]string{"2", "3", "4", "5"}, true},
		{[]string{"0.5", "1", "1.5"}, false},
	} {
		sw := &Sweep{Card: "Imp", Fields: []string{"cost"}, Figure: figureFirst}
		for _, v := range tc.values {
			sw.Points = append(sw.Points, SweepPoint{Values: []string{v}, Figure: Interval{Rate: 0.5, Low: 0.4, High: 0.6}})
		}
		c, err := sw.ChartIn(i18n.EN)
		if err != nil {
			t.Fatal(err)
		}
		ticks := c.plot.X.Tick.Marker.Ticks(c.plot.X.Min, c.plot.X.Max)
		fractional := slices.ContainsFunc(ticks, func(tk plot.Tick) bool { return tk.Value != math.Trunc(tk.Value) })
		if fractional == tc.whole {
			t.Errorf("values %v: marks at fractions %v, want %v (%v)", tc.values, fractional, !tc.whole, ticks)
		}
	}
}
