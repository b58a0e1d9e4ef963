package sim_test

import (
	"context"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/chromedp/chromedp"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	_ "kartenwerk/games/athernum"
	_ "kartenwerk/games/mystimons"
	"kartenwerk/internal/browsertest"
	"kartenwerk/sim"
)

// gameWords is a game's catalogue, as reports name its endings and
// variants by it.
func gameWords(t *testing.T, id string) (engine.Game, *i18n.Catalog) {
	t.Helper()
	g, err := engine.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	return g, g.(engine.Speaker).Catalog()
}

// athernumReport is a small Athernum batch under a variant, every way
// of ending given a share, so that the chart of how games end has all
// five of its longest labels side by side.
func athernumReport(t *testing.T) (*sim.Report, *i18n.Catalog) {
	t.Helper()
	g, words := gameWords(t, "athernum")
	rep, err := sim.Run(context.Background(), sim.Config{Game: g, Games: 40, Seed: 1, Workers: 1,
		Variant: map[string]string{"turn-limit": "none", "resources": "refresh"}})
	if err != nil {
		t.Fatal(err)
	}
	rep.EndReasons = nil
	for i, id := range []string{"objective", "superiority", "deck-out", "effect", "turn-limit"} {
		rate := 0.3 - 0.05*float64(i)
		rep.EndReasons = append(rep.EndReasons, sim.Share{Name: id, Interval: sim.Interval{Rate: rate, Low: rate - 0.05, High: rate + 0.05}})
	}
	return rep, words
}

// No two words of a chart overlap, and none runs over its edge, in any
// language: the German labels of how Athernum games end,
// "Objective-Fähigkeit" and "Siegpunkt-Vorsprung", ran into each other.
// Each text's box is measured as Chromium draws it.
func TestChartLabelsNeverOverlap(t *testing.T) {
	rep, words := athernumReport(t)
	ctx := browsertest.New(t)
	for _, l := range i18n.Langs {
		path := filepath.Join(t.TempDir(), "report-"+l.String()+".html")
		f, _ := os.Create(path)
		if err := sim.WriteHTML(f, sim.Document{Title: "Athernum", Report: rep, Lang: l, GameWords: words}); err != nil {
			t.Fatal(err)
		}
		f.Close()
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate("file://"+path)); err != nil {
			t.Fatal(err)
		}
		faults, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
			const out = [];
			for (const fig of document.querySelectorAll("figure.chart")) {
				const svg = fig.querySelector("svg").getBoundingClientRect();
				const boxes = [...fig.querySelectorAll("svg text")].filter(t => t.textContent.trim() !== "")
					.map(t => ({text: t.textContent, r: t.getBoundingClientRect()}));
				for (const b of boxes) {
					// 2 px of slack: a browser's line box is a little taller and
					// wider than the glyphs gonum measures.
					if (b.r.left < svg.left - 2 || b.r.right > svg.right + 2 || b.r.top < svg.top - 2 || b.r.bottom > svg.bottom + 2) {
						out.push(fig.dataset.chart + ": " + JSON.stringify(b.text) + " runs over the chart's edge by " + [svg.left - b.r.left, b.r.right - svg.right, svg.top - b.r.top, b.r.bottom - svg.bottom].map(x => x.toFixed(1)).join("/"));
					}
				}
				for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
					const a = boxes[i].r, b = boxes[j].r;
					const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
					const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
					if (w > 0.5 && h > 0.5) {
						out.push(fig.dataset.chart + ": " + JSON.stringify(boxes[i].text) + " overlaps " + JSON.stringify(boxes[j].text));
					}
				}
			}
			return out;
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range faults {
			t.Errorf("%s: %s", l, f)
		}
		if os.Getenv(browsertest.ScreensEnv) != "" {
			if shot, err := browsertest.FullPage(ctx, 90); err == nil {
				browsertest.Keep(t, "report-athernum-"+l.String()+".jpg", shot)
			}
		}
	}
}

// A rate chart's axis writes rates in percent, as the tables do, and a
// German or Czech axis writes a negative number with a minus sign, as
// the report's signed numbers do: never "0,5" beside "50,0 %", nor
// "-0,1" beside "−10,0 %".
func TestChartAxesWriteRatesAsTheTablesDo(t *testing.T) {
	rep, words := athernumReport(t)
	for _, l := range []i18n.Lang{i18n.DE, i18n.CS} {
		var page strings.Builder
		if err := sim.WriteHTML(&page, sim.Document{Title: "Athernum", Report: rep, Lang: l, GameWords: words}); err != nil {
			t.Fatal(err)
		}
		text := svgTexts(page.String(), "end-reasons")
		if !strings.Contains(text, "|50\u00a0%|") && !strings.Contains(text, "|40\u00a0%|") {
			t.Errorf("%s: the endings' axis reads %q, without rates in percent", l, text)
		}
		if regexp.MustCompile(`\|[01],\d\|`).MatchString(text) {
			t.Errorf("%s: the endings' axis reads %q: rates as fractions", l, text)
		}
		if impact := svgTexts(page.String(), "card-impact"); strings.Contains(impact, "|-") {
			t.Errorf("%s: the card impact axis reads %q: a hyphen for a minus", l, impact)
		}
	}
}

// svgTexts are the texts of a report's chart, each between bars.
func svgTexts(page, chart string) string {
	i := strings.Index(page, `data-chart="`+chart+`"`)
	if i < 0 {
		return ""
	}
	svg := page[i:]
	if j := strings.Index(svg, "</svg>"); j >= 0 {
		svg = svg[:j]
	}
	var out []string
	for _, m := range regexp.MustCompile(`<text[^>]*>([^<]*)</text>`).FindAllStringSubmatch(svg, -1) {
		out = append(out, html.UnescapeString(m[1]))
	}
	return "|" + strings.Join(out, "|") + "|"
}

// A German or Czech report speaks its own words: the seed is its
// "Startwert" ("semínko"), as the lab's page calls it, and each variant
// is said once, by its name and option in the reader's words, never
// ending in its internal key ("turn-limit=none"); the key stays only in
// the command-line form, under a label that says so.
func TestReportSaysSeedAndVariantsInTheReadersWords(t *testing.T) {
	rep, words := athernumReport(t)
	for _, tc := range []struct {
		lang            i18n.Lang
		seed, cmdline   string
		noEnglish       []string
		variantReadings []string
	}{
		{i18n.DE, "Startwert", "Kommandozeile", []string{"Seed"}, nil},
		{i18n.CS, "semínko", "příkazová řádka", []string{"seed"}, nil},
	} {
		var page strings.Builder
		if err := sim.WriteHTML(&page, sim.Document{Title: "Athernum", Report: rep, Lang: tc.lang, GameWords: words}); err != nil {
			t.Fatal(err)
		}
		body := html.UnescapeString(page.String())
		if !strings.Contains(body, "<tr><td>"+tc.seed+"</td>") {
			t.Errorf("%s: the seed's row is not called %q", tc.lang, tc.seed)
		}
		for _, w := range tc.noEnglish {
			if regexp.MustCompile(`\b` + w + `\b`).MatchString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(body, " ")) {
				t.Errorf("%s: the page says %q", tc.lang, w)
			}
		}
		cell := regexp.MustCompile(`<td class="variants">(.*?)</td>`).FindStringSubmatch(body)
		if cell == nil {
			t.Fatalf("%s: no variants cell", tc.lang)
		}
		lines := regexp.MustCompile(`<div[^>]*>(.*?)</div>`).FindAllStringSubmatch(cell[1], -1)
		said := 0
		for _, line := range lines {
			l := line[1]
			if strings.Contains(line[0], `class="note"`) {
				if !strings.HasPrefix(l, tc.cmdline+": <code") || !strings.Contains(l, "--variant turn-limit=none") {
					t.Errorf("%s: the command-line form reads %q", tc.lang, l)
				}
				continue
			}
			said++
			if strings.Contains(l, "=") || strings.Contains(l, "<code") {
				t.Errorf("%s: a variant reads %q, with its internal key", tc.lang, l)
			}
			if name, option, ok := strings.Cut(l, ": "); !ok || strings.Contains(option, "("+strings.TrimSpace(option)+")") || name == option {
				t.Errorf("%s: a variant reads %q, not once as its name and option", tc.lang, l)
			}
		}
		if said != len(rep.Variant) {
			t.Errorf("%s: %d variants said, want %d: %q", tc.lang, said, len(rep.Variant), cell[1])
		}
		var text strings.Builder
		rep.WriteTextIn(&text, tc.lang, words)
		line := strings.SplitN(strings.SplitN(text.String(), "\n", 3)[1], "(", 2)
		if strings.Contains(line[0], "=") || len(line) < 2 || !strings.HasPrefix(line[1], tc.cmdline+": --variant") {
			t.Errorf("%s: the text's variant line reads %q", tc.lang, strings.Join(line, "("))
		}
	}
}

// A comparison of two readings says how many games each figure is over,
// writes a mean's minus as the report's signed numbers do, and draws
// rates in percent.
func TestComparisonSaysItsGamesAndSignsAsTheReport(t *testing.T) {
	g, words := gameWords(t, "mystimons")
	c, err := sim.Compare(context.Background(), sim.Config{Game: g, Games: 30, Seed: 1, Workers: 1}, "drain", []string{"owner", "every"})
	if err != nil {
		t.Fatal(err)
	}
	c.Diffs = append(c.Diffs, sim.Diff{Measure: "turns", Option: "every", Base: -13.5, Value: 2, Diff: 15.5, Low: 10, High: 20, Method: sim.MethodPairedMean, N: 30})
	for _, tc := range []struct {
		lang          i18n.Lang
		games, negVal string
	}{
		{i18n.EN, "games per option", "-13.50"},
		{i18n.DE, "Partien je Option", "−13,50"},
		{i18n.CS, "partií na možnost", "−13,50"},
	} {
		var page strings.Builder
		if err := sim.WriteHTML(&page, sim.Document{Title: "MystiMons", Comparison: c, Lang: tc.lang, GameWords: words}); err != nil {
			t.Fatal(err)
		}
		body := html.UnescapeString(page.String())
		if !strings.Contains(body, "<th>"+tc.games+"</th>") {
			t.Errorf("%s: the comparison has no column of games %q", tc.lang, tc.games)
		}
		if !strings.Contains(body, "<td>"+tc.negVal+"</td>") {
			t.Errorf("%s: a negative mean is not written %q", tc.lang, tc.negVal)
		}
		if tc.lang != i18n.EN && strings.Contains(body, "<td>-") {
			t.Errorf("%s: a value in the comparison starts with a hyphen for a minus", tc.lang)
		}
		if axis := svgTexts(page.String(), "win-rates"); !strings.Contains(axis, fmt.Sprint("|", i18n.Percent(tc.lang, 0.5, 0), "|")) {
			t.Errorf("%s: the win-rate chart's axis reads %q, not in percent", tc.lang, axis)
		}
	}
}

// The cards' impacts stand in a column in every language: in German and
// Czech "+0,0 %" was a character narrower than "−15,5 %", and the
// figures after it went out of line.
func TestCardImpactsStandInAColumn(t *testing.T) {
	g, words := gameWords(t, "athernum")
	rep, err := sim.Run(context.Background(), sim.Config{Game: g, Games: 400, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range i18n.Langs {
		var text strings.Builder
		rep.WriteTextIn(&text, l, words)
		at := -1
		for _, line := range strings.Split(text.String(), "\n") {
			// A card's row: its name, then its impact with a sign.
			i := strings.IndexAny(line, "+−-")
			if !strings.HasPrefix(line, "    ") || i < 0 || !strings.Contains(line, "%") || strings.HasPrefix(strings.TrimSpace(line), "[") {
				continue
			}
			if strings.Count(line[:i], "(") != 1 || strings.Count(line[:i], ")") != 1 || strings.IndexAny(strings.TrimSpace(line)[:1], "0123456789") == 0 {
				continue // not "Card (Deck)  +1,0 %", or a row of the ranking, with its own columns
			}
			end := utf8.RuneCountInString(line[:strings.Index(line[i:], "%")+i])
			if at < 0 {
				at = end
			} else if end != at {
				t.Errorf("%s: a card's impact ends at column %d, the first one's at %d:\n%s", l, end, at, line)
			}
		}
		if at < 0 {
			t.Fatalf("%s: no card rows in\n%s", l, text.String())
		}
	}
}
