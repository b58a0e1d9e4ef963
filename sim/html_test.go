package sim_test

import (
	"context"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/chromedp/chromedp"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest/trick"
	"kartenwerk/engine/i18n"
	_ "kartenwerk/games/mystimons"
	"kartenwerk/internal/browsertest"
	"kartenwerk/sim"
)

// The HTML report, opened from disk in a real browser, shows its tables
// and draws every chart with visible marks.
func TestHTMLReportRendersInChromium(t *testing.T) {
	rep, err := sim.Run(context.Background(), sim.Config{Game: trick.Game{}, Games: 200, Seed: 1, Seats: 2,
		Agents: []string{"greedy", "random"}, Mirror: true})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "report.html")
	f, _ := os.Create(path)
	if err := sim.WriteHTML(f, sim.Document{Title: "Trick report", Report: rep}); err != nil {
		t.Fatal(err)
	}
	f.Close()

	ctx := browsertest.New(t)
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+path)); err != nil {
		t.Fatal(err)
	}
	type chart struct {
		Name   string  `json:"name"`
		Width  float64 `json:"width"`
		Height float64 `json:"height"`
		Marks  int     `json:"marks"`
	}
	charts, err := chromedp.Run(ctx, chromedp.Evaluate[[]chart](`[...document.querySelectorAll("figure.chart")].map(f => {
		const r = f.querySelector("svg").getBoundingClientRect();
		return {name: f.dataset.chart, width: r.width, height: r.height,
		        marks: f.querySelectorAll("svg path, svg rect, svg polygon, svg line").length};
	})`))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"win-rates": false, "game-length": false, "end-reasons": false}
	for _, c := range charts {
		if c.Width < 200 || c.Height < 100 || c.Marks < 5 {
			t.Errorf("chart %s drawn %vx%v with %d marks", c.Name, c.Width, c.Height, c.Marks)
		}
		want[c.Name] = true
	}
	for name, seen := range want {
		if !seen {
			t.Errorf("chart %s missing", name)
		}
	}
	title, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("h1").textContent + "|" + document.querySelectorAll("table.wins tr").length + "|" + document.querySelectorAll("table.measures tr").length`))
	if err != nil || title != "Trick report|3|3" {
		t.Errorf("page title, win and game-figure tables: %q %v", title, err)
	}
	shot, err := browsertest.FullPage(ctx, 80)
	if err == nil {
		browsertest.Keep(t, "report.jpg", shot)
	}
}

// The report in every language fits a desktop's and a phone's screen
// without a page wider than it; with $KARTENWERK_SCREENS set, each
// is shot there.
func TestHTMLReportFitsEveryScreenInEveryLanguage(t *testing.T) {
	rep, err := sim.Run(context.Background(), sim.Config{Game: trick.Game{}, Games: 200, Seed: 1, Seats: 2,
		Agents: []string{"greedy", "random"}, Mirror: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx := browsertest.New(t)
	for _, l := range i18n.Langs {
		path := filepath.Join(t.TempDir(), "report-"+l.String()+".html")
		f, _ := os.Create(path)
		if err := sim.WriteHTML(f, sim.Document{Title: "Trick", Report: rep, Lang: l}); err != nil {
			t.Fatal(err)
		}
		f.Close()
		for _, size := range []struct{ w, h int64 }{{1280, 800}, {390, 844}} {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate("file://"+path)); err != nil {
				t.Fatal(err)
			}
			got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.documentElement.lang + "|" + (document.documentElement.scrollWidth > innerWidth)`))
			if want := l.String() + "|false"; err != nil || got != want {
				t.Errorf("%s at %dx%d: lang and overflow %q, want %q (%v)", l, size.w, size.h, got, want, err)
			}
			if os.Getenv(browsertest.ScreensEnv) == "" {
				continue
			}
			shot, err := browsertest.FullPage(ctx, 100)
			if err != nil {
				t.Fatal(err)
			}
			browsertest.Keep(t, fmt.Sprintf("report-%s-%dx%d.png", l, size.w, size.h), shot)
		}
	}
}

// The HTML report's card tables give each impact in percentage points
// with its sign, in the reader's notation, as the text report does
// ("+13,9 %"), not as a fraction ("+0,139") beside rates in percent.
func TestHTMLReportGivesCardImpactsInPercent(t *testing.T) {
	g, err := engine.Lookup("mystimons")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := sim.Run(context.Background(), sim.Config{Game: g, Games: 300, Seed: 1, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.CardStats) == 0 || len(rep.CardRanking) == 0 {
		t.Fatal("the batch gave no card figures to check")
	}
	for _, l := range []i18n.Lang{i18n.EN, i18n.DE} {
		var page strings.Builder
		if err := sim.WriteHTML(&page, sim.Document{Title: "MystiMons", Report: rep, Lang: l}); err != nil {
			t.Fatal(err)
		}
		// The table lists cards played and not played in 30 seat-games
		// each at least.
		i := slices.IndexFunc(rep.CardStats, func(c sim.CardStat) bool { return c.Played >= 30 && c.NotPlayed >= 30 && !c.Pooled })
		if i < 0 {
			t.Fatal("no card in the table of cards played")
		}
		played, drawn := rep.CardStats[i], rep.CardRanking[0]
		for _, want := range []string{
			i18n.SignedPercent(l, played.Impact, 1),
			i18n.SignedPercent(l, drawn.DrawImpact, 1) + " " + i18n.Bounds(l, i18n.SignedPercent(l, drawn.DrawLow, 1), i18n.SignedPercent(l, drawn.DrawHigh, 1)),
		} {
			if !strings.Contains(html.UnescapeString(page.String()), want) {
				t.Errorf("the %s report lacks %q", l, want)
			}
		}
		if fraction := i18n.Signed(l, drawn.DrawImpact, 3); strings.Contains(page.String(), fraction) {
			t.Errorf("the %s report writes an impact as the fraction %s", l, fraction)
		}
	}
}

// Every heading of a report starts with a capital, in every language: a
// sweep's read "podíl výher začínajícího hráče podle …" and "first
// player's win rate by …", as its figure's name begins a sentence.
func TestHTMLReportHeadingsStartWithACapital(t *testing.T) {
	g := trick.Game{}
	rep, err := sim.Run(context.Background(), sim.Config{Game: g, Games: 20, Seed: 1, Agents: []string{"random"}})
	if err != nil {
		t.Fatal(err)
	}
	points := []sim.SweepPoint{{Values: []string{"1"}}, {Values: []string{"2"}}}
	mystimons, err := engine.Lookup("mystimons")
	if err != nil {
		t.Fatal(err)
	}
	cmp, err := sim.Compare(context.Background(), sim.Config{Game: mystimons, Games: 20, Seed: 1, Agents: []string{"random"}}, "drain", []string{"owner", "every"})
	if err != nil {
		t.Fatal(err)
	}
	iv := sim.Interval{Rate: 0.5, Low: 0.4, High: 0.6, N: 100}
	matrix := &sim.Matrix{Names: []string{"a", "b"}, Rate: [][]sim.Interval{{{}, iv}, {iv, {}}}, Games: [][]int{{0, 100}, {100, 0}}}
	if matrix.Strengths, err = matrix.FitStrengths(); err != nil {
		t.Fatal(err)
	}
	docs := map[string]sim.Document{
		"comparison":   {Title: "MystiMons", Comparison: cmp, GameWords: mystimons.(engine.Speaker).Catalog()},
		"matrix":       {Title: "Trick", Matrix: matrix},
		"report":       {Title: "Trick", Report: rep},
		"sweep":        {Title: "Trick", Sweep: &sim.Sweep{Game: g.Info().ID, Card: "Imp", Fields: []string{"cost"}, Figure: "first player's win rate", Games: 20, Points: points}},
		"length sweep": {Title: "Trick", Sweep: &sim.Sweep{Game: g.Info().ID, Card: "Imp", Fields: []string{"cost"}, Figure: "mean game length (turns)", Games: 20, Points: points}},
		"tuning": {Title: "Trick", Tuning: &sim.Tuning{Heading: "tuned toward a fair start", Figure: "rate", Rates: []float64{0.5}, GamesEach: 20,
			Nearest: []sim.TunedSetting{{Setting: "Imp cost 2", Rate: 0.5}}}},
	}
	for name, d := range docs {
		for _, l := range i18n.Langs {
			d.Lang = l
			var b strings.Builder
			if err := sim.WriteHTML(&b, d); err != nil {
				t.Fatalf("%s, %s: %v", name, l, err)
			}
			for _, h := range headings(b.String()) {
				if r := []rune(h)[0]; unicode.IsLower(r) {
					t.Errorf("%s, %s: the heading %q starts in lower case", name, l, h)
				}
			}
		}
	}
}

// headings are the texts of page's h1, h2 and h3 elements.
func headings(page string) []string {
	var out []string
	for _, tag := range []string{"h1", "h2", "h3"} {
		for rest := page; ; {
			i := strings.Index(rest, "<"+tag+">")
			if i < 0 {
				break
			}
			rest = rest[i+len(tag)+2:]
			end := strings.Index(rest, "</"+tag+">")
			if text := strings.TrimSpace(html.UnescapeString(rest[:end])); text != "" {
				out = append(out, text)
			}
		}
	}
	return out
}
