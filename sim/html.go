package sim

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"strings"
	"time"
)

// Document is what an HTML report shows: one batch, a variant comparison,
// or a deck matrix.
type Document struct {
	Title      string
	Report     *Report
	Comparison *Comparison
	Matrix     *Matrix
	Sweep      *Sweep
}

type htmlSection struct {
	Heading string
	Report  *Report
	Charts  []htmlChart
}

type htmlChart struct {
	Name, Title string
	SVG         template.HTML
}

// WriteHTML writes a self-contained HTML report: styles and charts (as
// inline SVG) are in the file, so it opens anywhere without a network.
func WriteHTML(w io.Writer, d Document) error {
	data := struct {
		Document
		Sections   []htmlSection
		Generated  string
		SweepChart template.HTML
	}{Document: d, Generated: time.Now().UTC().Format("2006-01-02 15:04 UTC")}
	if d.Sweep != nil {
		c, err := d.Sweep.Chart()
		if err != nil {
			return err
		}
		if data.SweepChart, err = inlineSVG(c); err != nil {
			return err
		}
	}
	add := func(heading string, r *Report) error {
		charts, err := svgCharts(r)
		if err != nil {
			return err
		}
		data.Sections = append(data.Sections, htmlSection{Heading: heading, Report: r, Charts: charts})
		return nil
	}
	switch {
	case d.Report != nil:
		if err := add("", d.Report); err != nil {
			return err
		}
	case d.Comparison != nil:
		for i, r := range d.Comparison.Reports {
			if err := add(fmt.Sprintf("%s = %s", d.Comparison.Key, d.Comparison.Options[i]), r); err != nil {
				return err
			}
		}
	case d.Matrix != nil:
		for _, r := range d.Matrix.Reports {
			if err := add(strings.Join(r.Agents, " vs ")+" "+strings.Join(r.Decks, " vs "), r); err != nil {
				return err
			}
		}
	}
	return reportTemplate.Execute(w, data)
}

func svgCharts(r *Report) ([]htmlChart, error) {
	charts, err := r.Charts()
	if err != nil {
		return nil, err
	}
	out := make([]htmlChart, 0, len(charts))
	for _, c := range charts {
		svg, err := inlineSVG(c)
		if err != nil {
			return nil, err
		}
		out = append(out, htmlChart{Name: c.Name, Title: c.Title, SVG: svg})
	}
	return out, nil
}

// inlineSVG renders a chart as SVG to sit inside the HTML.
func inlineSVG(c Chart) (template.HTML, error) {
	svg, err := c.Render("svg")
	if err != nil {
		return "", err
	}
	if i := bytes.Index(svg, []byte("<svg")); i > 0 {
		svg = svg[i:] // drop the XML prolog
	}
	return template.HTML(svg), nil
}

var reportTemplate = template.Must(template.New("report").Funcs(template.FuncMap{
	"pct": func(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) },
	"iv": func(iv Interval) string {
		return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*iv.Rate, 100*iv.Low, 100*iv.High)
	},
	"signed": func(x float64) string { return fmt.Sprintf("%+.3f", x) },
	"add1":   func(i int) int { return i + 1 },
	"pct100": func(x float64) float64 { return 100 * x },
	"heat": func(iv Interval) template.CSS {
		// green above 50%, red below, stronger the further from even.
		d := iv.Rate - 0.5
		if d >= 0 {
			return template.CSS(fmt.Sprintf("background: rgba(46,139,87,%.2f)", 2*d))
		}
		return template.CSS(fmt.Sprintf("background: rgba(192,57,43,%.2f)", -2*d))
	},
	"significant": func(d Diff) bool { return d.Low > 0 || d.High < 0 },
}).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1100px; padding: 1em 1.5em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.25em; border-bottom: 1px solid #ccc; margin-top: 2em; } h3 { font-size: 1.05em; }
table { border-collapse: collapse; margin: .5em 0 1em; } td, th { padding: .25em .7em; border-bottom: 1px solid #e4e4e4; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.charts { display: flex; flex-wrap: wrap; gap: 1em; } figure.chart { margin: 0; } figure.chart svg { max-width: 100%; height: auto; }
.note { color: #666; font-size: .9em; } .sig { font-weight: bold; }
</style></head><body>
<h1>{{.Title}}</h1>
<p class="note">Generated {{.Generated}}. Rates carry 95% Wilson score intervals, over the effective sample of deals when mirrored; differences are paired, game against game. Games that reach the turn cap are draws.</p>
{{with .Comparison}}
<h2>Differences against {{.Key}} = {{index .Options 0}}</h2>
<table id="comparison"><tr><th>measure</th><th>option</th><th>base</th><th>value</th><th>difference [95%]</th><th>method</th><th>pairs</th></tr>
{{range .Diffs}}<tr{{if significant .}} class="sig"{{end}}><td>{{.Measure}}</td><td>{{.Option}}</td><td>{{printf "%.3f" .Base}}</td><td>{{printf "%.3f" .Value}}</td><td>{{signed .Diff}} [{{signed .Low}}, {{signed .High}}]</td><td>{{.Method}}</td><td>{{.N}}</td></tr>
{{end}}</table><p class="note">Bold rows: the interval excludes zero. Both options play the same seeds, so each game is compared with its twin: newcombe-paired is Newcombe's hybrid score interval for paired rates, paired-mean the normal interval of the mean difference; -by-deal widens them for mirrored deals.</p>
{{end}}
{{with .Sweep}}
<h2>{{.Figure}} of {{.Card}} by {{range $i, $f := .Fields}}{{if $i}} and {{end}}{{$f}}{{end}}</h2>
<p class="note">{{.Games}} games a setting, seed {{.Seed}}: every setting plays the same deals, so differences between settings are the card's doing.</p>
<div class="charts"><figure class="chart" id="chart-sweep" data-chart="sweep">{{$.SweepChart}}</figure></div>
<table id="sweep"><tr>{{range .Fields}}<th>{{.}}</th>{{end}}<th>{{.Figure}} [95%]</th><th>first player wins</th><th>mean turns</th></tr>
{{range .Points}}<tr>{{range .Values}}<td>{{.}}</td>{{end}}<td>{{printf "%.3f" .Figure.Rate}} [{{printf "%.3f" .Figure.Low}}, {{printf "%.3f" .Figure.High}}]</td><td>{{iv .FirstPlayer}}</td><td>{{printf "%.1f" .MeanTurns}}</td></tr>
{{end}}</table>
{{end}}
{{with .Matrix}}
<h2>Matrix: the row's win rate against the column</h2>
<table id="matrix"><tr><th></th>{{range .Names}}<th>{{.}}</th>{{end}}</tr>
{{range $i, $row := .Rate}}<tr><th>{{index $.Matrix.Names $i}}</th>{{range $j, $iv := $row}}{{if eq $i $j}}<td>—</td>{{else}}<td style="{{heat $iv}}">{{iv $iv}}</td>{{end}}{{end}}</tr>
{{end}}</table>
{{if .Strengths}}<h3>Strength: one ranking of the whole metagame</h3>
<table id="strengths"><tr><th>entrant</th><th>rating [95%]</th><th>wins against an average entrant</th></tr>
{{range .Strengths}}<tr><td>{{.Name}}</td><td>{{printf "%+.0f" .Rating}} [{{printf "%+.0f" .Low}}, {{printf "%+.0f" .High}}]</td><td style="{{heat .VsAverage}}">{{iv .VsAverage}}</td></tr>
{{end}}</table>
<p class="note">A Bradley-Terry model fitted to every pair's results (each pair counted by its effective sample), on the Elo scale with the mean entrant at 0; intervals from the Fisher information.</p>{{end}}
{{end}}
{{range .Sections}}
{{if .Heading}}<h2>{{.Heading}}</h2>{{end}}
{{with .Report}}{{$r := .}}
<h3>Summary</h3>
<table class="summary">
<tr><td>game</td><td>{{.Game}}</td></tr>
<tr><td>games played</td><td>{{.Games}}{{if .Errors}} ({{.Errors}} failed){{end}}</td></tr>
<tr><td>players</td><td>{{.Seats}}</td></tr>
<tr><td>agents</td><td>{{range $i, $a := .Agents}}{{if $i}}, {{end}}{{$a}}{{end}}</td></tr>
{{if .Decks}}<tr><td>decks</td><td>{{range $i, $d := .Decks}}{{if $i}}, {{end}}{{$d}}{{end}}</td></tr>{{end}}
{{if .Variant}}<tr><td>variant</td><td>{{range $k, $v := .Variant}}{{$k}}={{$v}} {{end}}</td></tr>{{end}}
<tr><td>seed</td><td>{{.Seed}}{{if .Mirror}} (mirrored deals){{end}}</td></tr>
<tr><td>intervals</td><td>{{if .Mirror}}95% Wilson score by deal: {{.DealCount}} deals of {{.Seats}} games; effective sample of the p1 win rate {{printf "%.0f" (index .WinRate 0).N}}{{else}}95% Wilson score, each game independent{{end}}</td></tr>
<tr><td>first player wins</td><td>{{iv .FirstPlayer}}</td></tr>
{{with .Precision}}<tr><td>played until</td><td>±{{printf "%.2g" (pct100 .Target)}} points {{if .Reached}}reached{{else}}<b>not reached</b> before the game limit{{end}} after {{.Rounds}} rounds: first player wins {{iv .FirstPlayer}} (time-uniform 95% confidence sequence, valid however the stop was chosen)</td></tr>{{end}}
<tr><td>draws</td><td>{{iv .DrawRate}} ({{.Capped}} at the turn cap of {{.TurnCap}})</td></tr>
<tr><td>length</td><td>mean {{printf "%.1f" .MeanTurns}} turns, median {{.TurnStats.P50}}, 90% within {{.TurnStats.P90}}; {{printf "%.1f" .MeanActions}} actions</td></tr>
</table>
<h3>Win rates</h3>
<table class="wins"><tr><th>seat</th><th>agent</th><th>wins</th><th>rate [95%]</th></tr>
{{range $s, $iv := .WinRate}}<tr><td>p{{add1 $s}}</td><td>{{if $r.Mirror}}every entrant in turn{{else}}{{index $r.Agents $s}}{{end}}</td><td>{{index $r.Wins $s}}</td><td>{{iv $iv}}</td></tr>{{end}}
</table>
{{if or .Mirror .Decks}}<table class="entrants"><tr><th>entrant</th><th>deck</th><th>games</th><th>wins</th><th>rate [95%]</th></tr>
{{range .EntrantRates}}<tr><td>{{.Agent}}</td><td>{{.Deck}}</td><td>{{.Games}}</td><td>{{.Wins}}</td><td>{{iv .WinRate}}</td></tr>{{end}}</table>{{end}}
{{end}}
{{with .Report}}{{if .MeasureStats}}
<h3>Game figures</h3>
<p class="note">Figures of this game's own, averaged over the games where they occurred.</p>
<table class="measures"><tr><th>figure</th><th>mean</th><th>min</th><th>max</th><th>games</th></tr>
{{range .MeasureStats}}<tr><td>{{.Name}}</td><td>{{printf "%.2f" .Mean}}</td><td>{{.Min}}</td><td>{{.Max}}</td><td>{{.Games}}</td></tr>{{end}}
</table>{{end}}{{end}}
<div class="charts">{{range .Charts}}<figure class="chart" id="chart-{{.Name}}" data-chart="{{.Name}}">{{.SVG}}</figure>{{end}}</div>
{{with .Report}}{{if .CardStats}}
<h3>Cards</h3>
<p class="note">Per seat and game, within the deck the seat played: the win rate of a player who played the card at least once, against one with the same deck who did not. Rows marked "all decks" pool those differences over the decks that hold the card, weighted by size, with a 95% normal interval. Strong positions play more cards, so read this as a lead, not a proof.</p>
<table class="cards"><tr><th>card</th><th>deck</th><th>played in</th><th>play rate</th><th>win when played</th><th>win when not</th><th>impact</th></tr>
{{range .CardStats}}<tr><td>{{.Name}}</td><td>{{if .Pooled}}all {{.Decks}} decks{{else}}{{.Deck}}{{end}}</td><td>{{.Played}}</td><td>{{pct .PlayRate}}</td>{{if .Pooled}}<td>—</td><td>—</td><td>{{signed .Impact}} [{{signed .ImpactLow}}, {{signed .ImpactHigh}}]</td>{{else}}<td>{{iv .WhenPlayed}}</td><td>{{if .NotPlayed}}{{iv .WhenNot}}{{else}}—{{end}}</td><td>{{signed .Impact}}</td>{{end}}</tr>{{end}}
</table>{{end}}
{{if .CardRanking}}
<h3>Card impact when drawn</h3>
<p class="note">Per seat and game, within the deck the seat played: the win rate of a player who drew the card (it was in their hand at one of their decisions, or at the end) against one with the same deck who did not, ranked by the difference. Whether a card is drawn depends on the shuffle more than on how the game goes, so this is less biased by who is already winning than the figures above. Intervals are 95%: Newcombe's hybrid score interval within a deck, the stratified normal interval over "all decks"; a ★ marks an interval that excludes 0. Cards drawn and not drawn in at least 30 seat-games each are ranked.</p>
<table class="ranking"><tr><th>rank</th><th>card</th><th>deck</th><th>drawn in</th><th>win when drawn</th><th>win when not</th><th>impact [95%]</th><th></th></tr>
{{range $i, $c := .CardRanking}}<tr><td>{{add1 $i}}</td><td>{{.Name}}</td><td>{{if .Pooled}}all {{.Decks}} decks{{else}}{{.Deck}}{{end}}</td><td>{{.Drawn}} ({{pct .DrawRate}})</td>{{if .Pooled}}<td>—</td><td>—</td>{{else}}<td>{{iv .WhenDrawn}}</td><td>{{iv .WhenNotDrawn}}</td>{{end}}<td>{{signed .DrawImpact}} [{{signed .DrawLow}}, {{signed .DrawHigh}}]</td><td>{{if .DrawSignificant}}★{{end}}</td></tr>{{end}}
</table>{{end}}{{end}}
{{end}}
</body></html>
`))

// Reports lists the batches the document shows.
func (d Document) Reports() []*Report {
	switch {
	case d.Report != nil:
		return []*Report{d.Report}
	case d.Comparison != nil:
		return d.Comparison.Reports
	case d.Matrix != nil:
		return d.Matrix.Reports
	}
	return nil
}
