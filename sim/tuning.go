package sim

import (
	"image/color"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"kartenwerk/engine/i18n"
)

// Tuning is a tuning run's outcome as a report shows it, put into words
// by the tuner (sim/tune), which this package cannot import.
type Tuning struct {
	// Heading says what was tuned toward what; Figure names the figure.
	Heading, Figure string
	// Target is the figure's aim and Tolerance how near counts as met,
	// both proportions.
	Target, Tolerance float64
	// Best is the best setting, a parameter and its value a row.
	Best [][2]string
	// Confirmed is the figure measured again at Best on ConfirmGames
	// fresh games; Met says whether it lies within Tolerance.
	Confirmed    Interval
	ConfirmGames int
	Met          bool
	// Rates are the figure each evaluation measured, in order, on
	// GamesEach games; Nearest the settings that came nearest the target.
	Rates     []float64
	GamesEach int
	Nearest   []TunedSetting
}

// TunedSetting is a setting tried, in words, and the figure its
// evaluations measured, on Games games in all.
type TunedSetting struct {
	Setting string
	Rate    float64
	Games   int
}

// ChartIn draws each evaluation's figure in order, with the target and
// its tolerance as lines, in language l: how the search closed in.
func (t *Tuning) ChartIn(l i18n.Lang) (Chart, error) {
	p := newPlot(l, words.T(l, "report.tune.chart", "figure", t.Figure))
	p.X.Label.Text = words.T(l, "report.tune.evaluation")
	p.Y.Label.Text = words.T(l, "report.chart.rate") // the title names the figure: a long name would be cut on the axis
	p.Y.Min, p.Y.Max = 0, 1
	p.Y.Tick.Marker = percentTicks{l} // as the report writes rates
	pts := make(plotter.XYs, len(t.Rates))
	for i, r := range t.Rates {
		pts[i] = plotter.XY{X: float64(i + 1), Y: r}
	}
	points, err := plotter.NewScatter(pts)
	if err != nil {
		return Chart{}, err
	}
	points.Color = barColour
	p.Add(plotter.NewGrid(), points)
	// Room at each end (half an evaluation, or a fiftieth of the axis when
	// there are many), so that the first and last points are drawn whole
	// rather than cut by the axis and the edge.
	n := float64(max(len(t.Rates), 1))
	room := max(0.5, n/50)
	p.X.Min, p.X.Max = 1-room, n+room
	p.X.Tick.Marker = countTicks{lang: l, least: 1}
	for _, y := range []float64{t.Target - t.Tolerance, t.Target, t.Target + t.Tolerance} {
		line, err := plotter.NewLine(plotter.XYs{{X: p.X.Min, Y: y}, {X: p.X.Max, Y: y}})
		if err != nil {
			return Chart{}, err
		}
		line.Color = goodColour
		if y != t.Target {
			line.Dashes = []vg.Length{vg.Points(3), vg.Points(3)}
			line.Color = color.Gray{Y: 0x99}
		}
		p.Add(line)
	}
	title := p.Title.Text
	fitTitle(p, 5.5*vg.Inch) // a long title in German or Czech wraps
	return Chart{Name: "tuning", Title: title, plot: p, w: 5.5 * vg.Inch, h: 3.4 * vg.Inch}, nil
}
