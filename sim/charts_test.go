package sim

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
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

// A sweep of whole values (a card's cost) marks its x axis at whole
// numbers only; one of other values keeps every mark. Either draws its
// first and last values whole, apart from the axis and the edge.
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
		first, _ := parseNumber(tc.values[0])
		last, _ := parseNumber(tc.values[len(tc.values)-1])
		if msg := endsCut(c, first, last); msg != "" {
			t.Errorf("values %v: %s", tc.values, msg)
		}
		ticks := c.plot.X.Tick.Marker.Ticks(c.plot.X.Min, c.plot.X.Max)
		fractional := slices.ContainsFunc(ticks, func(tk plot.Tick) bool { return tk.Value != math.Trunc(tk.Value) })
		if fractional == tc.whole {
			t.Errorf("values %v: marks at fractions %v, want %v (%v)", tc.values, fractional, !tc.whole, ticks)
		}
	}
}

// The tuner's chart draws its first and last evaluations whole, inside
// the axes, and labels its evaluations with whole numbers at a readable
// spacing: gonum put the last point on the chart's edge, cut in half, and
// labelled 40 evaluations at 5, 20 and 35.
func TestTheTunersChartShowsEveryEvaluationWhole(t *testing.T) {
	for _, tc := range []struct {
		evaluations int
		labels      string
	}{
		{1, "1"},
		{3, "1 2 3"},
		{12, "2 4 6 8 10 12"},
		{40, "5 10 15 20 25 30 35 40"},
		{400, "50 100 150 200 250 300 350 400"},
	} {
		tu := &Tuning{Figure: "first player's win rate", Target: 0.5, Tolerance: 0.02, GamesEach: 20}
		for i := range tc.evaluations {
			tu.Rates = append(tu.Rates, float64(i%5)/4) // 0% and 100% too: the corners
		}
		c, err := tu.ChartIn(i18n.EN)
		if err != nil {
			t.Fatal(err)
		}
		if msg := endsCut(c, 1, float64(tc.evaluations)); msg != "" {
			t.Errorf("%d evaluations: %s", tc.evaluations, msg)
		}
		var labels []string
		for _, tk := range c.plot.X.Tick.Marker.Ticks(c.plot.X.Min, c.plot.X.Max) {
			if tk.Value != math.Trunc(tk.Value) {
				t.Errorf("%d evaluations: a mark at %g, between two evaluations", tc.evaluations, tk.Value)
			}
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if got := strings.Join(labels, " "); got != tc.labels {
			t.Errorf("%d evaluations: the axis reads %q, want %q", tc.evaluations, got, tc.labels)
		}
	}
}

// endsCut says which of the x values xs a chart draws within a point's
// glyph of its data area's ends (cut by the axis or the chart's edge),
// or "".
func endsCut(c Chart, xs ...float64) string {
	data := c.plot.DataCanvas(draw.New(vgimg.New(c.w, c.h)))
	room := vg.Points(3) // a point's glyph's radius and its line
	for _, x := range xs {
		at := data.X(c.plot.X.Norm(x))
		if at-room < data.Min.X || at+room > data.Max.X {
			return fmt.Sprintf("%g is drawn at %.1f pt, within %.0f pt of the axes' ends %.1f and %.1f",
				x, at.Points(), room.Points(), data.Min.X.Points(), data.Max.X.Points())
		}
	}
	return ""
}

// Axes are marked as a reader expects, in each language's way: numbers
// without the decimal places that are zero on every tick (a histogram of
// game counts read "0.00, 25.00, 50.00"); rates at even steps in percent,
// a whole axis at 50 % (gonum's default marked 40-60% at 42, 51 and 60 %);
// counts and whole values at each whole number, negative ones with the
// language's minus sign, and many at even steps.
func TestAxisTicks(t *testing.T) {
	counts := func(l i18n.Lang) plot.Ticker { return countTicks{lang: l, least: math.Inf(-1)} }
	for _, tc := range []struct {
		ticker plot.Ticker
		lo, hi float64
		want   string
	}{
		{localTicks{i18n.EN}, 0, 54, "0 25 50"},
		{localTicks{i18n.DE}, 0, 54, "0 25 50"},
		{localTicks{i18n.EN}, 0, 0.5, "0.00 0.25 0.50"},
		{localTicks{i18n.CS}, 0, 0.5, "0,00 0,25 0,50"},
		{localTicks{i18n.EN}, 10, 38, "12 24 36"},
		{localTicks{i18n.DE}, -3, 3, "−3 0 3"},
		{percentTicks{i18n.EN}, 0.4, 0.6, "40% 45% 50% 55% 60%"},
		{percentTicks{i18n.EN}, 0, 1, "0% 25% 50% 75% 100%"},
		{percentTicks{i18n.DE}, -0.08, 0.12, "−5 % 0 % 5 % 10 %"},
		{percentTicks{i18n.CS}, 0.49, 0.515, "49,0 % 49,5 % 50,0 % 50,5 % 51,0 % 51,5 %"},
		{percentTicks{i18n.EN}, 0.5, 0.5, "50%"},
		{percentTicks{i18n.CS}, 0.58, 0.71, "60,0 % 62,5 % 65,0 % 67,5 % 70,0 %"},
		{counts(i18n.DE), -2.2, 3.2, "−2 −1 0 1 2 3"},
		{counts(i18n.EN), 1.8, 6.2, "2 3 4 5 6"},
		{counts(i18n.EN), 0, 30, "0 5 10 15 20 25 30"},
		{counts(i18n.CS), 4, 4, "4"},
		{counts(i18n.DE), 0, 2500, "0 500 1.000 1.500 2.000 2.500"},
	} {
		got := strings.ReplaceAll(tickLabels(tc.ticker, tc.lo, tc.hi), "\u00a0", " ")
		if got != tc.want {
			t.Errorf("%T%v from %g to %g reads %q, want %q", tc.ticker, tc.ticker, tc.lo, tc.hi, got, tc.want)
		}
	}
}

// tickLabels are the labels ticker writes from lo to hi, spaced.
func tickLabels(ticker plot.Ticker, lo, hi float64) string {
	var labels []string
	for _, tick := range ticker.Ticks(lo, hi) {
		if tick.Label != "" {
			labels = append(labels, tick.Label)
		}
	}
	return strings.Join(labels, " ")
}

// A sweep of two fields names its lines in a legend beside the plot,
// where inside it covered the lines' ends and their whiskers.
func TestASweepsLegendStandsBesideItsData(t *testing.T) {
	sw := &Sweep{Card: "Imp", Fields: []string{"cost", "vp"}, Figure: figureFirst}
	for _, cost := range []string{"2", "3", "4"} {
		for _, vp := range []string{"4", "5"} {
			sw.Points = append(sw.Points, SweepPoint{Values: []string{cost, vp}, Figure: Interval{Rate: 0.5, Low: 0.1, High: 0.9}})
		}
	}
	c, err := sw.ChartIn(i18n.EN)
	if err != nil {
		t.Fatal(err)
	}
	if c.legend == nil {
		t.Fatal("no legend beside the plot")
	}
	whole := draw.New(vgimg.New(c.w, c.h))
	data := c.plot.DataCanvas(draw.Crop(whole, 0, -c.legendW, 0, 0))
	legend := c.legend.Rectangle(draw.Crop(whole, c.w-c.legendW, 0, 0, 0))
	if legend.Min.X < data.Max.X || legend.Max.X > c.w {
		t.Errorf("the legend spans %.0f-%.0f pt, the data %.0f-%.0f pt of a chart %.0f pt wide",
			legend.Min.X.Points(), legend.Max.X.Points(), data.Min.X.Points(), data.Max.X.Points(), c.w.Points())
	}
	svg, err := c.Render("svg")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"vp 4", "vp 5"} {
		if !strings.Contains(string(svg), name) {
			t.Errorf("the chart does not name the line %q", name)
		}
	}
}

// The game-length histogram has a bar a turn, centred on it, or whole
// turns a bar when there are many, and keeps every game: gonum's own
// bins split 10 to 40 turns into 31 bars each a little under a turn
// wide, so that a bar straddled two turns.
func TestTurnBinsHoldWholeTurns(t *testing.T) {
	for _, tc := range []struct {
		name  string
		games map[int]int
		most  int
		want  string
	}{
		{"a turn a bar", map[int]int{10: 1, 12: 3}, 40, "9.5-10.5:1 10.5-11.5:0 11.5-12.5:3"},
		{"one length", map[int]int{7: 5}, 40, "6.5-7.5:5"},
		{"three turns a bar", map[int]int{1: 1, 2: 1, 4: 2, 9: 1}, 3, "0.5-3.5:2 3.5-6.5:2 6.5-9.5:1"},
	} {
		var got []string
		for _, b := range turnBins(tc.games, tc.most) {
			got = append(got, fmt.Sprintf("%g-%g:%g", b.Min, b.Max, b.Weight))
		}
		if s := strings.Join(got, " "); s != tc.want {
			t.Errorf("%s: bars %s, want %s", tc.name, s, tc.want)
		}
	}
	many := map[int]int{}
	for turn := 1; turn <= 100; turn++ {
		many[turn] = turn
	}
	bins, games := turnBins(many, 40), 0.0
	for _, b := range bins {
		games += b.Weight
		if b.Max-b.Min != 3 {
			t.Errorf("a bar from %g to %g, want 3 turns wide", b.Min, b.Max)
		}
	}
	if len(bins) > 40 || games != 5050 {
		t.Errorf("100 lengths: %d bars holding %g games, want at most 40 holding 5050", len(bins), games)
	}
}
