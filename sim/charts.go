package sim

import (
	"bytes"
	"image/color"
	"maps"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

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
	// legend, when set, is drawn in a column of its own right of the
	// plot, legendW wide, where gonum's would cover the data.
	legend  *plot.Legend
	legendW vg.Length
}

// Render draws the chart in a format gonum/plot knows: "svg" or "png".
func (c Chart) Render(format string) ([]byte, error) {
	canvas, err := draw.NewFormattedCanvas(c.w, c.h, format)
	if err != nil {
		return nil, err
	}
	dc := draw.New(canvas)
	if c.legend == nil {
		c.plot.Draw(dc)
	} else {
		c.plot.Draw(draw.Crop(dc, 0, -c.legendW, 0, 0))
		c.legend.Draw(draw.Crop(dc, c.w-c.legendW, 0, 0, 0))
	}
	var buf bytes.Buffer
	if _, err := canvas.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// besideLegend moves c's plot's legend into a column of its own right of
// the plot, widening the chart by it, so that it covers no data.
func (c *Chart) besideLegend() {
	leg := c.plot.Legend
	c.plot.Legend = plot.NewLegend()
	leg.Top, leg.Left = true, true
	leg.XOffs, leg.YOffs = legendGap, -legendGap
	size := leg.Rectangle(draw.New(vgimg.New(c.w, c.h))).Size()
	c.legend, c.legendW = &leg, size.X+2*legendGap
	c.w += c.legendW
}

// legendGap is the space around a legend beside its plot.
const legendGap = vg.Length(6) // points

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

// barWidth is the width of a rate chart's bars, in points.
const barWidth = 28

// rateBarsWide draws proportions as bars with 95% interval whiskers, for
// a chart w wide, with the names on the x axis wrapped to fit between the
// bars; it answers the width the chart needs, wider than w where a word
// of a name is wider than a bar's slot.
func rateBarsWide(l i18n.Lang, title string, names []string, rates []Interval, w vg.Length) (*plot.Plot, vg.Length, error) {
	p, err := rateBarsPlot(l, title, rates)
	if err != nil {
		return nil, 0, err
	}
	w = fitNominalX(p, names, w, vg.Points(barWidth))
	fitTitle(p, w)
	return p, w, nil
}

// rateBarsPlot is the bars and whiskers of rateBarsWide.
func rateBarsPlot(l i18n.Lang, title string, rates []Interval) (*plot.Plot, error) {
	p := newPlot(l, title)
	p.Y.Label.Text = words.T(l, "report.chart.rate")
	p.Y.Min, p.Y.Max = 0, 1
	p.Y.Tick.Marker = percentTicks{l} // as the tables write rates
	vals := make(plotter.Values, len(rates))
	eb := errorBars{XYs: make(plotter.XYs, len(rates)), YErrors: make(plotter.YErrors, len(rates))}
	for i, iv := range rates {
		vals[i] = iv.Rate
		eb.XYs[i] = plotter.XY{X: float64(i), Y: iv.Rate}
		eb.YErrors[i].Low, eb.YErrors[i].High = iv.Rate-iv.Low, iv.High-iv.Rate
	}
	bars, err := plotter.NewBarChart(vals, vg.Points(barWidth))
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
	p, w, err := rateBarsWide(l, words.T(l, "report.chart.win_rates_title"), names, rates, 5*vg.Inch)
	return Chart{Name: "win-rates", Title: words.T(l, "report.chart.win_rates"), plot: p, w: w, h: 3.2 * vg.Inch}, err
}

func (r *Report) lengthChart(l i18n.Lang, _ *i18n.Catalog) (Chart, error) {
	if len(r.Turns) == 0 {
		return Chart{}, nil
	}
	h := &plotter.Histogram{Bins: turnBins(r.Turns, 40), FillColor: barColour, LineStyle: plotter.DefaultLineStyle}
	h.Width = h.Bins[0].Max - h.Bins[0].Min
	p := newPlot(l, words.T(l, "report.chart.length_title", "mean", i18n.Decimal(l, r.MeanTurns, 1)))
	p.X.Label.Text = words.T(l, "report.chart.turns")
	p.X.Tick.Marker = countTicks{lang: l, least: 0}
	p.Y.Label.Text = words.T(l, "report.chart.games")
	p.Y.Tick.Marker = countTicks{lang: l, least: 0}
	p.Add(h, plotter.NewGrid())
	fitTitle(p, 5*vg.Inch)
	return Chart{Name: "game-length", Title: words.T(l, "report.chart.length"), plot: p, w: 5 * vg.Inch, h: 3 * vg.Inch}, nil
}

// turnBins are the bars of a histogram of games by length, at most most
// of them: one a turn, centred on it, or as many whole turns a bar as
// keep them to most (gonum's own bins split the range evenly, so that a
// bar stood across two turns' counts).
func turnBins(games map[int]int, most int) []plotter.HistogramBin {
	turns := slices.Sorted(maps.Keys(games))
	first, last := turns[0], turns[len(turns)-1]
	width := (last - first + most) / most // turns a bar, rounded up
	bins := make([]plotter.HistogramBin, (last-first)/width+1)
	for i := range bins {
		lo := first + i*width
		bins[i] = plotter.HistogramBin{Min: float64(lo) - 0.5, Max: float64(lo+width) - 0.5}
	}
	for t, n := range games {
		bins[(t-first)/width].Weight += float64(n)
	}
	return bins
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
	p, w, err := rateBarsWide(l, title, names, rates, 5*vg.Inch)
	return Chart{Name: "end-reasons", Title: title, plot: p, w: w, h: 3 * vg.Inch}, err
}

// cardChart shows the cards with the largest positive and negative
// impact among those played often enough to say.
func (r *Report) cardChart(l i18n.Lang, _ *i18n.Catalog) (Chart, error) {
	// The opening hand's figure is the card's own effect (see
	// Report.OpeningRanking); played against not played is the most
	// biased, charted only where a game deals no opening hand.
	if len(r.OpeningRanking) > 0 {
		return openingChart(l, r.OpeningRanking)
	}
	var common []CardStat
	for _, c := range r.CardStats {
		if c.comparable() && !c.Pooled {
			common = append(common, c)
		}
	}
	if len(common) == 0 {
		return Chart{}, nil
	}
	common = bothEnds(common)
	p := newPlot(l, words.T(l, "report.chart.card_impact_title"))
	p.X.Label.Text = words.T(l, "report.chart.impact_axis")
	p.X.Tick.Marker = percentTicks{l} // a difference of rates, as the table writes it
	names := make([]string, len(common))
	for i, c := range common {
		names[i] = c.Label()
		if err := addImpactBar(p, len(common), i, c.Impact); err != nil {
			return Chart{}, err
		}
	}
	p.Add(plotter.NewGrid())
	return impactChart(l, p, names, "report.chart.card_impact"), nil
}

// openingChart charts the cards ranked by their impact in the opening
// hand, the ten largest and the ten smallest, each with its 95% interval.
func openingChart(l i18n.Lang, ranking []CardStat) (Chart, error) {
	rows := bothEnds(ranking)
	p := newPlot(l, words.T(l, "report.chart.opening_impact_title"))
	p.X.Label.Text = words.T(l, "report.chart.impact_axis")
	p.X.Tick.Marker = percentTicks{l}
	names := make([]string, len(rows))
	var points errorPoints
	for i, c := range rows {
		names[i] = cardLabelIn(l, c)
		if err := addImpactBar(p, len(rows), i, c.DrawImpact); err != nil {
			return Chart{}, err
		}
		points.XYs = append(points.XYs, plotter.XY{X: c.DrawImpact, Y: float64(i)})
		points.XErrors = append(points.XErrors, struct{ Low, High float64 }{c.DrawImpact - c.DrawLow, c.DrawHigh - c.DrawImpact})
	}
	whiskers, err := plotter.NewXErrorBars(points)
	if err != nil {
		return Chart{}, err
	}
	p.Add(plotter.NewGrid(), whiskers)
	// A point of room at each end, so that the widest whisker's cap
	// stands clear of the frame.
	p.X.Min, p.X.Max = p.X.Min-0.01, p.X.Max+0.01
	return impactChart(l, p, names, "report.chart.opening_impact"), nil
}

// bothEnds is the ten first and the ten last of rows, which are sorted by
// impact, largest first, in a new slice with the largest impact last, the
// top row of a chart.
func bothEnds(rows []CardStat) []CardStat {
	out := slices.Clone(rows)
	if len(out) > 20 {
		out = append(out[:10:10], out[len(out)-10:]...)
	}
	slices.Reverse(out)
	return out
}

// addImpactBar adds row i of n, a card's impact: green above 0, red
// below.
func addImpactBar(p *plot.Plot, n, i int, impact float64) error {
	vals := make(plotter.Values, n)
	vals[i] = impact
	bar, err := plotter.NewBarChart(vals, vg.Points(9))
	if err != nil {
		return err
	}
	bar.Horizontal = true
	bar.LineStyle.Width = 0
	bar.Color = goodColour
	if impact < 0 {
		bar.Color = badColour
	}
	p.Add(bar)
	return nil
}

// impactChart is the card chart p, its rows named by names, titled by
// the word titleKey.
func impactChart(l i18n.Lang, p *plot.Plot, names []string, titleKey string) Chart {
	p.NominalY(names...)
	h := vg.Length(len(names))*14 + 70
	fitTitle(p, 6*vg.Inch)
	h += p.Title.TextStyle.Height(p.Title.Text) - p.Title.TextStyle.Height("M")
	return Chart{Name: "card-impact", Title: words.T(l, titleKey), plot: p, w: 6 * vg.Inch, h: h}
}

// errorPoints are points with horizontal error bars, for
// plotter.NewXErrorBars.
type errorPoints struct {
	plotter.XYs
	plotter.XErrors
}

// newPlot is a plot titled title whose axes write their numbers as
// language l does.
func newPlot(l i18n.Lang, title string) *plot.Plot {
	p := plot.New()
	// In the page's sans-serif rather than gonum's serif default.
	for _, f := range []*font.Font{&p.Title.TextStyle.Font, &p.X.Label.TextStyle.Font, &p.Y.Label.TextStyle.Font,
		&p.X.Tick.Label.Font, &p.Y.Tick.Label.Font, &p.Legend.TextStyle.Font} {
		f.Variant = "Sans"
	}
	p.Title.Text = title
	p.X.Tick.Marker = localTicks{l}
	p.Y.Tick.Marker = localTicks{l}
	return p
}

// localTicks are gonum's default ticks with the decimal comma and the
// minus sign of German and Czech, and no zeros that every label ends in:
// gonum wrote a histogram's counts "0.00, 25.00, 50.00".
type localTicks struct{ lang i18n.Lang }

// Ticks implements plot.Ticker.
func (t localTicks) Ticks(min, max float64) []plot.Tick {
	ticks := plot.DefaultTicks{}.Ticks(min, max)
	trimSharedZeros(ticks)
	if t.lang != i18n.EN {
		for i := range ticks {
			ticks[i].Label = i18n.Minus(t.lang, strings.Replace(ticks[i].Label, ".", ",", 1))
		}
	}
	return ticks
}

// countTicks label the whole numbers of an axis of whole values (the
// evaluations of a tuning run, a card's cost in a sweep), none below
// least, each while there are few and every 2nd, 5th, 10th ... when there
// are many: gonum's default put the labels at 5, 20 and 35 of 40, or at
// halves.
type countTicks struct {
	lang  i18n.Lang
	least float64
}

// Ticks implements plot.Ticker: at most ten labels, grouped as language
// writes whole numbers (2.000 in German), with a minor tick at each whole
// number between them while those are few.
func (t countTicks) Ticks(lo, hi float64) []plot.Tick {
	step := evenStep(hi-lo, 10, 1, countSteps)
	var ticks []plot.Tick
	for _, v := range multiples(max(lo, t.least), hi, step) {
		ticks = append(ticks, plot.Tick{Value: v, Label: i18n.Int(t.lang, int(v))})
	}
	if step > 1 && step <= 5 {
		for _, v := range multiples(max(lo, t.least), hi, 1) {
			if math.Mod(v, step) != 0 {
				ticks = append(ticks, plot.Tick{Value: v})
			}
		}
	}
	return ticks
}

// Even steps are these times a power of ten: a count's axis takes
// whole numbers, a rate's quarters (so that 0-100 % shows 50 %).
var (
	countSteps = []float64{1, 2, 5}
	rateSteps  = []float64{1, 2.5, 5}
)

// evenStep is the smallest step of one of mantissas times a power of
// ten, and at least least, that puts at most most steps into span.
func evenStep(span float64, most int, least float64, mantissas []float64) float64 {
	if !(span > 0) {
		return least
	}
	for power := math.Pow(10, math.Floor(math.Log10(span/float64(most)))); ; power *= 10 {
		for _, m := range mantissas {
			if step := m * power; step >= least && span/step <= float64(most) {
				return step
			}
		}
	}
}

// multiples are the multiples of step from lo to hi, both included.
func multiples(lo, hi, step float64) []float64 {
	var vs []float64
	for k := math.Ceil(lo/step - 1e-9); k*step <= hi+step*1e-9; k++ {
		vs = append(vs, k*step+0) // +0: no "-0"
	}
	return vs
}

// trimSharedZeros drops the decimal places that are zero in every
// labelled tick ("25.00" and "50.00" become "25" and "50"; "0.25" and
// "0.50" keep theirs).
func trimSharedZeros(ticks []plot.Tick) {
	trim := -1
	for _, tk := range ticks {
		if tk.Label == "" {
			continue
		}
		dot := strings.IndexByte(tk.Label, '.')
		if dot < 0 {
			return
		}
		zeros := len(tk.Label) - len(strings.TrimRight(tk.Label, "0"))
		if trim < 0 || zeros < trim {
			trim = zeros
		}
	}
	for i := range ticks {
		if l := ticks[i].Label; l != "" && trim > 0 {
			ticks[i].Label = strings.TrimSuffix(l[:len(l)-trim], ".")
		}
	}
}

// percentTicks mark a rate's axis (0.25) at even steps (1, 2.5 or 5
// times a power of ten, at most seven labels), written as the report's tables
// write rates, in percent ("25 %", "−10 %"), with a minor tick halfway:
// gonum's default marked 40-60% at 42, 51 and 60 %.
type percentTicks struct{ lang i18n.Lang }

// Ticks implements plot.Ticker.
func (t percentTicks) Ticks(lo, hi float64) []plot.Tick {
	step := 0.1 // for an axis of one value
	if hi > lo {
		step = evenStep(hi-lo, 6, 1e-4, rateSteps)
	}
	digits := 0 // the places a step needs: 2.5 % and 0.5 % one
	for pct := 100 * step; math.Abs(pct-math.Round(pct)) > 1e-6; pct *= 10 {
		digits++
	}
	var ticks []plot.Tick
	for _, v := range multiples(lo, hi, step) {
		ticks = append(ticks, plot.Tick{Value: v, Label: i18n.Minus(t.lang, i18n.Percent(t.lang, v, digits))})
	}
	for _, v := range multiples(lo, hi, step/2) {
		if !slices.ContainsFunc(ticks, func(tk plot.Tick) bool { return math.Abs(tk.Value-v) < step/4 }) {
			ticks = append(ticks, plot.Tick{Value: v})
		}
	}
	return ticks
}

// yAxisRoom is what a chart's y axis, its label, ticks and numbers, and
// the space around the plot take from its width: a bound, so that what is
// left for the bars is never overestimated.
const yAxisRoom = 72 // points

// labelGap is the least space between two neighbouring labels.
const labelGap = 6 // points

// fitNominalX names the x axis's slots of p by names, each wrapped at its
// spaces and after its hyphens into lines that fit between its
// neighbours' ("Objective-" over "Fähigkeit"), so that no two labels
// overlap in any language. A word wider than a slot (one that cannot be
// wrapped) widens the chart: fitNominalX answers the width it needs, w or
// more.
func fitNominalX(p *plot.Plot, names []string, w, bar vg.Length) vg.Length {
	sty := p.X.Tick.Label
	var widest vg.Length
	for _, n := range names {
		for _, piece := range wrapPieces(n) {
			widest = max(widest, sty.Width(strings.TrimSpace(piece)))
		}
	}
	gaps := vg.Length(max(len(names)-1, 1))
	// The first and the last label reach half their width beyond their
	// slot's middle; the slots between them are one spacing apart.
	if need := vg.Points(yAxisRoom) + bar + gaps*(widest+vg.Points(labelGap)) + widest; need > w {
		w = need
	}
	line := (w - vg.Points(yAxisRoom) - bar - widest) / gaps
	if len(names) < 2 {
		line = w - vg.Points(yAxisRoom)
	}
	line -= vg.Points(labelGap)
	wrapped := make([]string, len(names))
	for i, n := range names {
		wrapped[i] = wrapLabel(sty, n, line)
	}
	p.X.Tick.Label.Handler = spacedLines{p.X.Tick.Label.Handler}
	p.NominalX(wrapped...)
	if len(names) == 1 {
		// NominalX keeps the y axis half the first label away, as the
		// first slot sits at the plot's left edge; a lone slot sits in
		// its middle, and the padding pushed Zynalith's one way of
		// ending far from its axis.
		p.Y.Padding = 0
	}
	return w
}

// fitTitle wraps p's title at its spaces into lines as wide as a chart of
// width w holds, where a long title in German or Czech would run over
// the chart's edge.
func fitTitle(p *plot.Plot, w vg.Length) {
	p.Title.TextStyle.Handler = spacedLines{p.Title.TextStyle.Handler}
	p.Title.Text = wrapLabel(p.Title.TextStyle, p.Title.Text, w-vg.Points(2*labelGap))
}

// wrapPieces splits a label into the pieces a line may break after:
// after each space and each hyphen.
func wrapPieces(s string) []string {
	var out []string
	start := 0
	for i, r := range s {
		if r == ' ' || r == '-' {
			out = append(out, s[start:i+1])
			start = i + 1
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// wrapLabel wraps s into lines of at most width in sty, breaking after
// spaces and hyphens; a piece wider than width stands on a line alone.
func wrapLabel(sty text.Style, s string, width vg.Length) string {
	var lines []string
	cur := ""
	for _, piece := range wrapPieces(s) {
		if cur != "" && sty.Width(strings.TrimSpace(cur+piece)) > width {
			lines = append(lines, strings.TrimSpace(cur))
			cur = ""
		}
		cur += piece
	}
	if cur = strings.TrimSpace(cur); cur != "" || len(lines) == 0 {
		lines = append(lines, cur)
	}
	return strings.Join(lines, "\n")
}

// spacedLines draws a text of several lines a whole line apart, the
// height text.Style measures them by, where gonum's plain handler sets
// them a font size apart, so close that a descender touches the accent
// of the line below ("Objective-" over "Fähigkeit").
type spacedLines struct{ text.Handler }

// Draw implements text.Handler.
func (h spacedLines) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	lines := h.Lines(strings.TrimRight(txt, "\n"))
	if len(lines) < 2 || sty.Rotation != 0 {
		h.Handler.Draw(c, txt, sty, pt)
		return
	}
	e := h.Extents(sty.Font)
	step := e.Height // ascent, descent and the gap between lines
	top := pt.Y + sty.Height(txt)*vg.Length(sty.YAlign+1)
	one := sty
	one.YAlign = text.YBottom
	for i, line := range lines {
		bottom := top - vg.Length(i)*step - e.Ascent - e.Descent
		h.Handler.Draw(c, line, one, vg.Point{X: pt.X, Y: bottom})
	}
}
