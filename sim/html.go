package sim

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"maps"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// Document is what an HTML report shows: one batch, a variant comparison,
// or a deck matrix.
type Document struct {
	Title      string
	Report     *Report
	Comparison *Comparison
	Matrix     *Matrix
	Sweep      *Sweep
	Tuning     *Tuning
	// Lang is the language the report speaks (English if not set).
	Lang i18n.Lang
	// GameWords is the game's catalogue, which names the ways its games
	// end in Lang; without it they keep their ids ("knockout").
	GameWords *i18n.Catalog
}

//go:embed report.html.tmpl
var reportHTML string

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
		Sections    []htmlSection
		Generated   string
		SweepChart  template.HTML
		TuningChart template.HTML
	}{Document: d, Generated: time.Now().UTC().Format("2006-01-02 15:04 UTC")}
	var err error
	if d.Tuning != nil {
		if data.TuningChart, err = inlineChart(d.Tuning, d.Lang); err != nil {
			return err
		}
	}
	if d.Sweep != nil {
		if data.SweepChart, err = inlineChart(d.Sweep, d.Lang); err != nil {
			return err
		}
	}
	add := func(heading string, r *Report) error {
		charts, err := svgCharts(r, d.Lang, d.GameWords)
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
			if err := add(VariantSaid(d.Lang, d.GameWords, d.Comparison.Key, d.Comparison.Options[i]), r); err != nil {
				return err
			}
		}
	case d.Matrix != nil:
		for _, r := range d.Matrix.Reports {
			if err := add(pairingIn(d.Lang, r), r); err != nil {
				return err
			}
		}
	}
	tmpl, err := reportTemplate.Clone()
	if err != nil {
		return err
	}
	return tmpl.Funcs(reportFuncs(d.Lang, d.GameWords)).Execute(w, data)
}

func svgCharts(r *Report, l i18n.Lang, game *i18n.Catalog) ([]htmlChart, error) {
	charts, err := r.ChartsIn(l, game)
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

// charted is what draws a chart of its own: a sweep, a tuning run.
type charted interface {
	ChartIn(l i18n.Lang) (Chart, error)
}

// inlineChart draws c's chart in language l as SVG to sit inside the
// HTML.
func inlineChart(c charted, l i18n.Lang) (template.HTML, error) {
	ch, err := c.ChartIn(l)
	if err != nil {
		return "", err
	}
	return inlineSVG(ch)
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

// reportFuncs are the template's functions, speaking language l with
// game's words (nil for a game that has none). The
// template is parsed once with
// English ones; WriteHTML binds its document's language to a clone.
func reportFuncs(l i18n.Lang, game *i18n.Catalog) template.FuncMap {
	return template.FuncMap{
		"t":          func(key string, kv ...any) string { return words.T(l, key, i18n.Counts(kv)...) },
		"int":        func(n int) string { return i18n.Int(l, n) },
		"pct":        func(x float64) string { return i18n.Percent(l, x, 1) },
		"iv":         func(iv Interval) string { return RatePercent(l, iv) },
		"dec":        func(digits int, x float64) string { return i18n.Decimal(l, x, digits) },
		"signedPct":  func(x float64) string { return i18n.SignedPercent(l, x, 1) },
		"bounds":     func(low, high string) string { return i18n.Bounds(l, low, high) },
		"join":       func(names []string) string { return strings.Join(names, ", ") },
		"sweepKey":   func(sw *Sweep, key string) string { return sw.wordKey(key) },
		"meanBounds": func(r *Report) string { return meanWithBounds(l, MeanTurnsOf(r), 1) },
		"figureMean": func(m MeasureStat) string {
			if m.MeanInterval.Method == "" {
				return i18n.Decimal(l, m.Mean, 2)
			}
			return meanWithBounds(l, m.MeanInterval, 2)
		},
		"rating": func(x float64) string { return i18n.Signed(l, x, 0) },
		"fraction": func(iv Interval) string {
			return i18n.Decimal(l, iv.Rate, 3) + " [" + i18n.Decimal(l, iv.Low, 3) + "–" + i18n.Decimal(l, iv.High, 3) + "]"
		},
		"diffValue":  func(d Diff, x float64) string { return d.valueIn(l, x) },
		"diffChange": func(d Diff) string { return d.changeIn(l) },
		"points":     func(x float64) string { return points(l, x) },
		"measure":    func(name string) string { return measureIn(l, name) },
		"figure":     func(name string) string { return FigureIn(l, name) },
		"sweepValue": func(figure string, iv Interval) string {
			if strings.Contains(figure, "rate") {
				return RatePercent(l, iv)
			}
			return i18n.Decimal(l, iv.Rate, 2) + " [" + i18n.Decimal(l, iv.Low, 2) + "–" + i18n.Decimal(l, iv.High, 2) + "]"
		},
		// A sweep's table gives the first player's rate and the length
		// beside its figure, unless the figure is one of them.
		"besideFirst": func(figure string) bool { return figure != figureFirst },
		// sentence starts a text the terminal prints as a line as a
		// sentence, with a capital; trimmed of a closing colon, a heading.
		"sentence": func(s string) string {
			s = strings.TrimSuffix(s, ":")
			if s == "" {
				return s
			}
			r, n := utf8.DecodeRuneInString(s)
			return string(unicode.ToUpper(r)) + s[n:]
		},
		"besideTurns": func(figure string) bool { return figure != figureLength },
		"agent":       func(spec string) string { return AgentIn(l, spec) },
		"gameFigure":  func(name string) string { return gameFigureIn(l, game, name) },
		"gameName":    engine.NameOf,
		"add1":        func(i int) int { return i + 1 },
		"comparable":  CardStat.comparable,
		"anyComparable": func(cs []CardStat) bool {
			return slices.ContainsFunc(cs, CardStat.comparable)
		},
		"heat": func(iv Interval) template.CSS {
			// green above 50%, red below, stronger the further from even.
			d := iv.Rate - 0.5
			if d >= 0 {
				return template.CSS(fmt.Sprintf("background: rgba(46,139,87,%.2f)", 2*d))
			}
			return template.CSS(fmt.Sprintf("background: rgba(192,57,43,%.2f)", -2*d))
		},
		"significant": func(d Diff) bool { return d.Low > 0 || d.High < 0 },
		"joinFields":  func(game string, fields []string) string { return FieldsIn(l, game, fields) },
		"field":       func(game, field string) string { return FieldIn(l, game, field) },
		// setting names a sweep's setting: its fields' values ("Kosten 2").
		"setting": func(game string, fields, values []string) string {
			return settingLabel((&Sweep{Game: game, Fields: fields}).fieldsIn(l), values)
		},
		"variants": func(v map[string]string) []VariantWord { return VariantsIn(l, game, v) },
		"variant":  func(k, v string) string { return VariantSaid(l, game, k, v) },
		// variantFlags is the command-line form of variants the words
		// name, to play them again; "" where every one is said as its flag.
		"variantFlags": func(v map[string]string) string { return variantFlags(l, game, v) },
		"option":       func(k, v string) string { return optionIn(l, game, k, v) },
	}
}

// VariantWord is one rule variant of a batch: in the game's words
// ("Antiracistická úprava: vypnuto") and as --variant takes it
// ("antiracist=off"), to play the same rules again.
type VariantWord struct{ Said, Flag string }

// VariantsIn are a batch's rule variants, by key, in language l with the
// game's words for each variant and option; a variant the words do not
// name is said as its flag.
func VariantsIn(l i18n.Lang, game *i18n.Catalog, v map[string]string) []VariantWord {
	out := make([]VariantWord, 0, len(v))
	for _, k := range slices.Sorted(maps.Keys(v)) {
		out = append(out, VariantWord{Said: VariantSaid(l, game, k, v[k]), Flag: k + "=" + v[k]})
	}
	return out
}

// variantFlags writes a batch's variants as the command line takes them,
// "--variant chart=standard --variant turn-limit=none", or "" where the
// game's words name none of them (each is then said as its flag).
func variantFlags(l i18n.Lang, game *i18n.Catalog, v map[string]string) string {
	var flags []string
	named := false
	for _, w := range VariantsIn(l, game, v) {
		flags = append(flags, "--variant "+w.Flag)
		named = named || w.Said != w.Flag
	}
	if !named {
		return ""
	}
	return strings.Join(flags, " ")
}

// VariantSaid is option v of variant k in the game's words ("Barvy:
// výhradní"), or as its flag ("colours=exclusive") where they do not
// name the variant.
func VariantSaid(l i18n.Lang, game *i18n.Catalog, k, v string) string {
	if game != nil && game.Has("variant."+k+".name") {
		return VariantNameIn(l, game, k) + ": " + optionIn(l, game, k, v)
	}
	return k + "=" + v
}

// pairingIn names the two sides of a matrix's pairing in language l:
// each side's agent, and its deck where the batch gave decks.
func pairingIn(l i18n.Lang, r *Report) string {
	sides := agentsIn(l, r.Agents)
	for i := range sides {
		if i < len(r.Decks) && r.Decks[i] != "" {
			sides[i] = r.Decks[i] + " (" + sides[i] + ")"
		}
	}
	if len(sides) != 2 {
		return strings.Join(sides, ", ")
	}
	return words.T(l, "report.matrix.pairing", "a", sides[0], "b", sides[1])
}

// VariantNameIn is variant k's name in the game's words, or k where they
// do not name it.
func VariantNameIn(l i18n.Lang, game *i18n.Catalog, k string) string {
	return gameWord(l, game, "variant."+k+".name", k)
}

// variantFlagged is option v of variant k in the game's words with its
// flag, "Nachziehen: beliebige Karte (redraw=any-card)", or the flag
// alone where the words do not name the variant.
func variantFlagged(l i18n.Lang, game *i18n.Catalog, k, v string) string {
	said, flag := VariantSaid(l, game, k, v), k+"="+v
	if said == flag {
		return flag
	}
	return said + " (" + flag + ")"
}

// optionIn is option v of variant k in the game's words, or v itself.
func optionIn(l i18n.Lang, game *i18n.Catalog, k, v string) string {
	return gameWord(l, game, "variant."+k+".option."+v, v)
}

// VariantText writes a batch's rule variants as --variant takes them, by
// key: "side-actions=capped, turn-limit=120", so that a reader can play
// the same rules again.
func VariantText(v map[string]string) string {
	parts := make([]string, 0, len(v))
	for _, k := range slices.Sorted(maps.Keys(v)) {
		parts = append(parts, k+"="+v[k])
	}
	return strings.Join(parts, ", ")
}

var reportTemplate = template.Must(template.New("report").Funcs(reportFuncs(i18n.EN, nil)).Parse(reportHTML))

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
