package sim

import (
	"bytes"
	"image/color"
	"maps"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"kartenwerk/engine/i18n"
)

// Chart is one figure of a report. It renders to SVG for the HTML report
// and to PNG for pasting into documents.
type Chart struct {
	// Name is a file-name-safe id ("win-rates").
	Name  string
	Title string
	plot  *plot.Plot
	w, h  vg.Length
}

// Render draws the chart in a format gonum/plot knows: "svg" or "png".
func (c Chart) Render(format string) ([]byte, error) {
	wt, err := c.plot.WriterTo(c.w, c.h, format)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if _, err := wt.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

var (
	barColour  = color.RGBA{R: 0x3b, G: 0x6e, B: 0xa5, A: 0xff}
	goodColour = color.RGBA{R: 0x2e, G: 0x8b, B: 0x57, A: 0xff}
	badColour  = color.RGBA{R: 0xc0, G: 0x39, B: 0x2b, A: 0xff}
)

// Charts draws the report's figures in English: see ChartsIn.
func (r *Report) Charts() ([]Chart, error) { return r.ChartsIn(i18n.EN, nil) }

// ChartsIn draws the report's figures with titles, axes and numbers in
// language l: win rates with intervals, the game length distribution,
// how games end (named by game, the game's catalogue, if given), and the
// cards with most impact.
func (r *Report) ChartsIn(l i18n.Lang, game *i18n.Catalog) ([]Chart, error) {
	var out []Chart
	for _, build := range []func(i18n.Lang, *i18n.Catalog) (Chart, error){r.winChart, r.lengthChart, r.reasonChart, r.cardChart} {
		c, err := build(l, game)
		if err != nil {
			return nil, err
		}
		if c.plot != nil {
			out = append(out, c)
		}
	}
	return out, nil
}

type errorBars struct {
	plotter.XYs
	plotter.YErrors
}

// rateBars draws proportions as bars with 95% interval whiskers.
func rateBars(l i18n.Lang, title string, names []string, rates []Interval) (*plot.Plot, error) {
	p := newPlot(l, title)
	p.Y.Label.Text = words.T(l, "report.chart.rate")
	p.Y.Min, p.Y.Max = 0, 1
	vals := make(plotter.Values, len(rates))
	eb := errorBars{XYs: make(plotter.XYs, len(rates)), YErrors: make(plotter.YErrors, len(rates))}
	for i, iv := range rates {
		vals[i] = iv.Rate
		eb.XYs[i] = plotter.XY{X: float64(i), Y: iv.Rate}
		eb.YErrors[i].Low, eb.YErrors[i].High = iv.Rate-iv.Low, iv.High-iv.Rate
	}
	bars, err := plotter.NewBarChart(vals, vg.Points(28))
	if err != nil {
		return nil, err
	}
	bars.Color = barColour
	bars.LineStyle.Width = 0
	whiskers, err := plotter.NewYErrorBars(eb)
	if err != nil {
		return nil, err
	}
	p.Add(bars, whiskers, plotter.NewGrid())
	p.NominalX(names...)
	return p, nil
}

func (r *Report) winChart(l i18n.Lang, _ *i18n.Catalog) (Chart, error) {
	names, rates := []string{}, []Interval{}
	if r.Mirror || len(r.Decks) > 0 || !allSame(r.Agents) {
		for _, e := range r.EntrantRates {
			name := AgentIn(l, e.Agent)
			if e.Deck != "" {
				name = e.Deck
			}
			names, rates = append(names, name), append(rates, e.WinRate)
		}
	} else {
		for s, iv := range r.WinRate {
			names, rates = append(names, words.T(l, "report.wins.player", "seat", s+1)), append(rates, iv)
		}
	}
	names, rates = append(names, words.T(l, "report.chart.draw")), append(rates, r.DrawRate)
	if r.FirstKnown > 0 {
		names, rates = append(names, words.T(l, "report.chart.first_player")), append(rates, r.FirstPlayer)
	}
	p, err := rateBars(l, words.T(l, "report.chart.win_rates_title"), names, rates)
	return Chart{Name: "win-rates", Title: words.T(l, "report.chart.win_rates"), plot: p, w: 5 * vg.Inch, h: 3.2 * vg.Inch}, err
}

func (r *Report) lengthChart(l i18n.Lang, _ *i18n.Catalog) (Chart, error) {
	if len(r.Turns) == 0 {
		return Chart{}, nil
	}
	turns := slices.Sorted(maps.Keys(r.Turns))
	xys := make(plotter.XYs, len(turns))
	for i, t := range turns {
		xys[i] = plotter.XY{X: float64(t), Y: float64(r.Turns[t])}
	}
	bins := min(40, max(1, turns[len(turns)-1]-turns[0]+1))
	h, err := plotter.NewHistogram(xys, bins)
	if err != nil {
		return Chart{}, err
	}
	h.FillColor = barColour
	p := newPlot(l, words.T(l, "report.chart.length_title", "mean", i18n.Decimal(l, r.MeanTurns, 1)))
	p.X.Label.Text = words.T(l, "report.chart.turns")
	p.Y.Label.Text = words.T(l, "report.chart.games")
	p.Add(h, plotter.NewGrid())
	return Chart{Name: "game-length", Title: words.T(l, "report.chart.length"), plot: p, w: 5 * vg.Inch, h: 3 * vg.Inch}, nil
}

func (r *Report) reasonChart(l i18n.Lang, game *i18n.Catalog) (Chart, error) {
	if len(r.EndReasons) == 0 {
		return Chart{}, nil
	}
	names, rates := []string{}, []Interval{}
	reasons := reasonsIn(l, game)
	if game != nil { // a chart's tick has no room for the game's sentence
		for id, word := range game.Words(l, "reason_short.") {
			reasons[id] = word
		}
	}
	for _, s := range r.EndReasons {
		names, rates = append(names, reasonIn(reasons, s.Name)), append(rates, s.Interval)
	}
	title := words.T(l, "report.chart.reasons")
	p, err := rateBars(l, title, names, rates)
	return Chart{Name: "end-reasons", Title: title, plot: p, w: 5 * vg.Inch, h: 3 * vg.Inch}, err
}

// cardChart shows the cards with the largest positive and negative
// impact among those played often enough to say.
func (r *Report) cardChart(l i18n.Lang, _ *i18n.Catalog) (Chart, error) {
	var common []CardStat
	for _, c := range r.CardStats {
		if c.comparable() && !c.Pooled {
			common = append(common, c)
		}
	}
	if len(common) == 0 {
		return Chart{}, nil
	}
	if len(common) > 20 {
		common = append(common[:10:10], common[len(common)-10:]...)
	}
	slices.Reverse(common) // largest impact at the top
	p := newPlot(l, words.T(l, "report.chart.card_impact_title"))
	p.X.Label.Text = words.T(l, "report.chart.impact_axis")
	names := make([]string, len(common))
	for i, c := range common {
		names[i] = c.Label()
		vals := make(plotter.Values, len(common))
		vals[i] = c.Impact
		bar, err := plotter.NewBarChart(vals, vg.Points(9))
		if err != nil {
			return Chart{}, err
		}
		bar.Horizontal = true
		bar.LineStyle.Width = 0
		bar.Color = goodColour
		if c.Impact < 0 {
			bar.Color = badColour
		}
		p.Add(bar)
	}
	p.Add(plotter.NewGrid())
	p.NominalY(names...)
	h := vg.Length(len(common))*14 + 70
	return Chart{Name: "card-impact", Title: words.T(l, "report.chart.card_impact"), plot: p, w: 6 * vg.Inch, h: h}, nil
}

// newPlot is a plot titled title whose axes write their numbers as
// language l does.
func newPlot(l i18n.Lang, title string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Tick.Marker = localTicks{l}
	p.Y.Tick.Marker = localTicks{l}
	return p
}

// localTicks are gonum's default ticks with the decimal comma of German
// and Czech.
type localTicks struct{ lang i18n.Lang }

// Ticks implements plot.Ticker.
func (t localTicks) Ticks(min, max float64) []plot.Tick {
	ticks := plot.DefaultTicks{}.Ticks(min, max)
	if t.lang != i18n.EN {
		for i := range ticks {
			ticks[i].Label = strings.Replace(ticks[i].Label, ".", ",", 1)
		}
	}
	return ticks
}
