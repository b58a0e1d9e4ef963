package sim

import (
	"bytes"
	"context"
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest/trick"
	"kartenwerk/engine/i18n"
	_ "kartenwerk/games/athernum"
	_ "kartenwerk/games/mysticelements"
	_ "kartenwerk/games/mystimons"
)

// Every word of the report has a text in every language, and no text is
// left empty.
func TestEveryReportWordHasEveryLanguage(t *testing.T) {
	keys := Words().Keys()
	if len(keys) < 50 {
		t.Fatalf("the report catalogue has %d keys: it did not load its words", len(keys))
	}
	for _, key := range keys {
		for _, l := range i18n.Langs {
			if got := Words().T(l, key, "n", 2); got == "" || strings.HasPrefix(got, "⟦") {
				t.Errorf("%s in %s: %q", key, l, got)
			}
		}
	}
}

var (
	tagPattern   = regexp.MustCompile(`(?s)<style.*?</style>|<[^>]*>`)
	valuePattern = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)
	wordPattern  = regexp.MustCompile(`\p{L}{4,}`)
	pointDecimal = regexp.MustCompile(`\d\.\d`)
	// germanGrouped is a whole number grouped by points (20.000), which
	// is no decimal point.
	germanGrouped = regexp.MustCompile(`\b[1-9]\d{0,2}(?:\.\d{3})+\b`)
	commaDecimal  = regexp.MustCompile(`\d,\d\x{a0}% \[\d+,\d–\d+,\d\]`)
	placeholderRe = regexp.MustCompile(`\{\{[^}]*\}\}`)
)

// vocabulary is the set of words (four letters or more) of a language's
// report catalogue.
func vocabulary(t *testing.T, l i18n.Lang) map[string]bool {
	t.Helper()
	src, err := messageFiles.ReadFile("messages/" + l.String() + ".yaml")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, v := range valuePattern.FindAllStringSubmatch(string(src), -1) {
		for _, w := range wordPattern.FindAllString(placeholderRe.ReplaceAllString(v[1], ""), -1) {
			out[strings.ToLower(w)] = true
		}
	}
	return out
}

// dataWords are the words of what the report is about, which stay as
// they are: the game's figures, cards, decks and ways of ending (agents
// have the report's words).
func dataWords(r *Report) map[string]bool {
	names := append([]string{r.Game}, r.Decks...)
	for _, m := range r.MeasureStats {
		names = append(names, m.Name)
	}
	for _, c := range r.CardStats {
		names = append(names, c.Name, c.Deck)
	}
	for _, s := range r.EndReasons {
		names = append(names, s.Name)
	}
	out := map[string]bool{}
	for _, w := range wordPattern.FindAllString(strings.Join(names, " "), -1) {
		out[strings.ToLower(w)] = true
	}
	return out
}

// visibleText is what a reader of the page sees: its text and the
// charts' labels, without tags and styles.
func visibleText(page string) string {
	return html.UnescapeString(tagPattern.ReplaceAllString(page, " "))
}

// A report written in German or Czech has none of the English words of
// the report's vocabulary (those the language's own catalogue does not
// share, as "Deck" or "Seed"), writes decimals with commas, and says its
// language; the English one is in English.
func TestReportSpeaksTheReadersLanguage(t *testing.T) {
	rep, err := Run(context.Background(), Config{Game: trick.Game{}, Games: 200, Seed: 1, Seats: 2,
		Agents: []string{"greedy", "random"}, Mirror: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range i18n.Langs {
		t.Run(l.String(), func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteHTML(&buf, Document{Title: "trick", Report: rep, Lang: l}); err != nil {
				t.Fatal(err)
			}
			page := buf.String()
			if !strings.Contains(page, `<html lang="`+l.String()+`">`) {
				t.Errorf("the page does not declare lang=%q", l)
			}
			text := visibleText(page)
			for _, want := range []string{Words().T(l, "report.summary.heading"), Words().T(l, "report.chart.reasons"), Words().T(l, "report.wins.heading")} {
				if !strings.Contains(text, want) {
					t.Errorf("the report lacks %q", want)
				}
			}
			if l == i18n.EN {
				return
			}
			speaksOnly(t, l, text, rep)
			if !commaDecimal.MatchString(text) {
				t.Errorf("the %s report has no rate written as 56,7 %% [55,7–57,7]", l)
			}
		})
	}
}

// The text report in German or Czech has no English word of the
// report's vocabulary and no decimal point either.
func TestTextReportSpeaksTheReadersLanguage(t *testing.T) {
	rep, err := Run(context.Background(), Config{Game: trick.Game{}, Games: 200, Seed: 1, Seats: 2,
		Agents: []string{"greedy", "random"}, Mirror: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []i18n.Lang{i18n.DE, i18n.CS} {
		var buf bytes.Buffer
		rep.WriteTextIn(&buf, l, nil)
		if !strings.Contains(buf.String(), Words().T(l, "report.text.intervals_mirror", "deals", rep.DealCount, "seats", 2)[:20]) {
			t.Errorf("the %s text lacks its intervals line:\n%s", l, buf.String())
		}
		speaksOnly(t, l, buf.String(), rep)
	}
}

// commaBounds is an interval in brackets whose numbers have decimal
// commas and are parted by one too: "[+0,125, −0,031]".
var commaBounds = regexp.MustCompile(`\[[^\]\n]*\d,\d[^\]\n]*, [^\]\n]*\]`)

// speaksOnly fails when text, a report in l, has a word of the English
// report vocabulary that l's does not share and the data does not hold,
// or a decimal point.
func speaksOnly(t *testing.T, l i18n.Lang, text string, rep *Report) {
	t.Helper()
	english, own, data := vocabulary(t, i18n.EN), vocabulary(t, l), dataWords(rep)
	for _, w := range wordPattern.FindAllString(text, -1) {
		if w := strings.ToLower(w); english[w] && !own[w] && !data[w] {
			t.Errorf("the %s report has the English word %q", l, w)
		}
	}
	if m := pointDecimal.FindString(germanGrouped.ReplaceAllString(text, "")); m != "" {
		t.Errorf("the %s report writes a decimal point: %q", l, m)
	}
	if m := commaBounds.FindString(text); m != "" {
		t.Errorf("the %s report parts an interval's decimal-comma bounds by a comma: %q", l, m)
	}
}

// The names a comparison and a sweep store in English are put into the
// reader's words; a name the report does not know stays as it is.
func TestStoredNamesAreSpokenInTheReadersLanguage(t *testing.T) {
	for _, c := range []struct {
		l          i18n.Lang
		name, want string
		of         func(i18n.Lang, string) string
	}{
		{i18n.DE, "p2 win rate", "Siegrate von Spieler 2", measureIn},
		{i18n.CS, "draw rate", "podíl remíz", measureIn},
		{i18n.DE, "mean turns", "Züge im Mittel", measureIn},
		{i18n.EN, "first player win rate", "first player win rate", measureIn},
		{i18n.DE, "cards drawn", "cards drawn", measureIn},
		{i18n.DE, figureFirst, "Siegrate des Startspielers", FigureIn},
		{i18n.CS, figureLength, "průměrná délka partie (tahy)", FigureIn},
		{i18n.DE, "Fire Aggro" + figureDeckSuffix, "Siegrate von Fire Aggro", FigureIn},
		{i18n.CS, "something else", "something else", FigureIn},
		{i18n.DE, "greedy", "gierig", AgentIn},
		{i18n.CS, "random", "náhodný", AgentIn},
		{i18n.DE, "ismcts:iters=1000", "ISMCTS-Suche (iters=1000)", AgentIn},
		{i18n.CS, "noisy:p=0.3", "hladový s náhodnými tahy (p=0.3)", AgentIn},
		{i18n.EN, "ismcts:iters=1000", "ismcts:iters=1000", AgentIn},
		{i18n.DE, "learned", "learned", AgentIn},
	} {
		if got := c.of(c.l, c.name); got != c.want {
			t.Errorf("%q in %s: got %q, want %q", c.name, c.l, got, c.want)
		}
	}
}

// A comparison of variants, as text and as HTML, speaks German and Czech
// too: its headings, measures and notes.
func TestComparisonSpeaksTheReadersLanguage(t *testing.T) {
	c, err := Compare(context.Background(), Config{Game: trick.Game{}, Games: 100, Seed: 1, Seats: 2}, "ties", []string{"nobody", "leader"})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []i18n.Lang{i18n.DE, i18n.CS} {
		var text, page bytes.Buffer
		c.WriteTextIn(&text, l, nil)
		if err := WriteHTML(&page, Document{Title: "trick", Comparison: c, Lang: l}); err != nil {
			t.Fatal(err)
		}
		arrows := map[int]bool{} // the column of each row's "->": one column
		for _, line := range strings.Split(text.String(), "\n") {
			if i := strings.Index(line, " -> "); i >= 0 {
				arrows[utf8.RuneCountInString(line[:i])] = true
			}
		}
		if len(arrows) != 1 {
			t.Errorf("the %s comparison's rows do not line up: their arrows stand at %v\n%s", l, arrows, text.String())
		}
		for _, out := range []string{text.String(), visibleText(page.String())} {
			if !strings.Contains(out, measureIn(l, "draw rate")) {
				t.Errorf("the %s comparison lacks the draw rate in its words:\n%s", l, out)
			}
			speaksOnly(t, l, out, c.Reports[0])
		}
	}
}

// A comparison writes rates in percent and their differences in
// percentage points, means as decimals, and names the options in the
// game's words with the flag that plays them, in text and in HTML.
func TestComparisonWritesRatesInPercentAndOptionsInTheGamesWords(t *testing.T) {
	g, err := engine.Lookup("mysticelements")
	if err != nil {
		t.Fatal(err)
	}
	game := g.(engine.Speaker).Catalog()
	c, err := Compare(context.Background(), Config{Game: g, Games: 100, Seed: 1, Workers: 1}, "redraw", []string{"any-card", "wonders"})
	if err != nil {
		t.Fatal(err)
	}
	first := c.Diffs[slices.IndexFunc(c.Diffs, func(d Diff) bool { return d.Measure == measureFirstWin })]
	turns := c.Diffs[slices.IndexFunc(c.Diffs, func(d Diff) bool { return d.Method == MethodPairedMean })]
	for _, l := range []i18n.Lang{i18n.EN, i18n.DE} {
		var text, page bytes.Buffer
		c.WriteTextIn(&text, l, game)
		if err := WriteHTML(&page, Document{Title: "Mystic Elements", Comparison: c, Lang: l, GameWords: game}); err != nil {
			t.Fatal(err)
		}
		pct := func(x float64) string { return i18n.SignedPercent(l, x, 1) }
		dec := func(x float64) string { return i18n.Signed(l, x, 2) }
		wants := []string{
			i18n.Percent(l, first.Base, 1), i18n.Percent(l, first.Value, 1),
			pct(first.Diff) + " " + i18n.Bounds(l, pct(first.Low), pct(first.High)),
			i18n.Decimal(l, turns.Base, 2), dec(turns.Diff) + " " + i18n.Bounds(l, dec(turns.Low), dec(turns.High)),
			game.T(l, "variant.redraw.option.wonders"),
		}
		for _, out := range []string{text.String(), visibleText(page.String())} {
			for _, want := range wants {
				if !strings.Contains(out, want) {
					t.Errorf("the %s comparison lacks %q:\n%s", l, want, out)
				}
			}
		}
		if flagged := VariantSaid(l, game, "redraw", "any-card") + " (redraw=any-card)"; !strings.Contains(text.String(), flagged) {
			t.Errorf("the %s comparison's text does not name the base as %q", l, flagged)
		}
		if strings.Contains(page.String(), "redraw = ") {
			t.Errorf("the %s comparison's page heads a section with the variant's flag, not its words", l)
		}
	}
}

// A matrix's pairing is headed in the reader's words: each side's deck
// with its agent, "Erd-Wall (zufällig) gegen Feuer-Aggro (zufällig)".
func TestPairingSpeaksTheReadersLanguage(t *testing.T) {
	r := &Report{Tally: Tally{Agents: []string{"random", "greedy"}, Decks: []string{"Erd-Wall", "Feuer-Aggro"}}}
	cases := []struct {
		l    i18n.Lang
		want string
	}{
		{i18n.EN, "Erd-Wall (" + AgentIn(i18n.EN, "random") + ") against Feuer-Aggro (" + AgentIn(i18n.EN, "greedy") + ")"},
		{i18n.DE, "Erd-Wall (" + AgentIn(i18n.DE, "random") + ") gegen Feuer-Aggro (" + AgentIn(i18n.DE, "greedy") + ")"},
		{i18n.CS, "Erd-Wall (" + AgentIn(i18n.CS, "random") + ") proti Feuer-Aggro (" + AgentIn(i18n.CS, "greedy") + ")"},
	}
	for _, c := range cases {
		if got := pairingIn(c.l, r); got != c.want {
			t.Errorf("in %s: %q, want %q", c.l, got, c.want)
		}
	}
}

// Every measure DiffResults names, a seat's win rate for any number of
// seats included, has words in German and Czech: a measure renamed where
// it is made keeps its words, or this fails.
func TestEveryComparedMeasureHasWords(t *testing.T) {
	results := []GameResult{{Index: 0, First: 0, Turns: 3}}
	for _, seats := range []int{2, 4} {
		for _, d := range DiffResults("option", seats, false, results, results) {
			for _, l := range []i18n.Lang{i18n.DE, i18n.CS} {
				if got := measureIn(l, d.Measure); got == d.Measure || strings.Contains(got, "⟦") {
					t.Errorf("%d seats: measure %q in %s reads %q", seats, d.Measure, l, got)
				}
			}
		}
	}
	for _, name := range []string{"p win rate", "p2 win rate!", "p02 win rate", "p2 win rates"} {
		if seat, ok := seatOfMeasure(name); ok {
			t.Errorf("%q read as seat %d's win rate", name, seat)
		}
	}
}

// A matrix of agents, as the strength command writes it, names the
// agents in German and Czech words, their parameters as typed.
func TestAgentMatrixSpeaksTheReadersLanguage(t *testing.T) {
	m := &Matrix{Names: []string{"random", "ismcts:iters=20"}, Rate: [][]Interval{{{}, {Rate: 0.2}}, {{Rate: 0.8}, {}}},
		Strengths: []Strength{{Name: "ismcts:iters=20", Rating: 120}, {Name: "random", Rating: -120}}}
	for _, c := range []struct {
		l     i18n.Lang
		wants []string
	}{
		{i18n.DE, []string{"zufällig", "ISMCTS-Suche (iters=20)"}},
		{i18n.CS, []string{"náhodný", "hledání ISMCTS (iters=20)"}},
	} {
		var text, page bytes.Buffer
		m.WriteTextIn(&text, c.l)
		if err := WriteHTML(&page, Document{Title: "strength", Matrix: m, Lang: c.l}); err != nil {
			t.Fatal(err)
		}
		for name, out := range map[string]string{"text": text.String(), "HTML": visibleText(page.String())} {
			for _, want := range c.wants {
				if !strings.Contains(out, want) {
					t.Errorf("the %s %s lacks %q:\n%s", c.l, name, want, out)
				}
			}
			if regexp.MustCompile(`\brandom\b|ismcts:`).MatchString(out) {
				t.Errorf("the %s %s names an agent in English:\n%s", c.l, name, out)
			}
		}
	}
}

// A game's own figures are named in the game's words in German and Czech,
// in the text report and the HTML one, and every figure the game
// measures has a word.
func TestGameFiguresSpeakTheReadersLanguage(t *testing.T) {
	for _, id := range []string{"athernum", "mystimons"} {
		g, err := engine.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		game := g.(engine.Speaker).Catalog()
		rep, err := Run(context.Background(), Config{Game: g, Games: 12, Seed: 3, Agents: []string{"greedy"}, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.MeasureStats) == 0 {
			t.Fatalf("%s measured no figures", id)
		}
		for _, l := range []i18n.Lang{i18n.DE, i18n.CS} {
			var text, page bytes.Buffer
			rep.WriteTextIn(&text, l, game)
			if err := WriteHTML(&page, Document{Title: id, Report: rep, Lang: l, GameWords: game}); err != nil {
				t.Fatal(err)
			}
			for _, m := range rep.MeasureStats {
				if !game.Has("figure." + m.Name) {
					t.Errorf("%s has no word for its figure %q", id, m.Name)
					continue
				}
				for name, out := range map[string]string{"text": text.String(), "HTML": visibleText(page.String())} {
					if want := game.T(l, "figure."+m.Name); !strings.Contains(out, want) || strings.Contains(out, m.Name) {
						t.Errorf("%s, %s %s: figure %q should read %q", id, l, name, m.Name, want)
					}
				}
			}
		}
	}
}

// The text report's columns stay aligned in every language, whose words
// for the agents and the draws differ in length: the counts of the seats'
// wins and of the draws end in one column.
func TestTextColumnsAlignInEveryLanguage(t *testing.T) {
	rep, err := Run(context.Background(), Config{Game: trick.Game{}, Games: 20, Seed: 1, Seats: 2, Agents: []string{"greedy", "random"}})
	if err != nil {
		t.Fatal(err)
	}
	count := regexp.MustCompile(`^(\s+\S.*?\s\d+)\s{2,}\S`)
	for _, l := range i18n.Langs {
		var out bytes.Buffer
		rep.WriteTextIn(&out, l, nil)
		wins, draws := " "+Words().T(l, "report.text.wins")+" ", "  "+Words().T(l, "report.text.draws")+" "
		var columns []int
		for _, line := range strings.Split(out.String(), "\n") {
			seat := strings.Contains(line, wins) && strings.Contains(line, "(")
			if m := count.FindStringSubmatch(line); m != nil && (seat || strings.HasPrefix(line, draws)) {
				columns = append(columns, utf8.RuneCountInString(m[1]))
			}
		}
		if len(columns) != 3 || columns[0] != columns[1] || columns[1] != columns[2] {
			t.Errorf("%s: the counts of wins and draws end at columns %v:\n%s", l, columns, out.String())
		}
	}
}

// TestRoundsAreCountedInTheReadersGrammar: sim --until-ci that stops
// after one round says "1 round", "1 Runde", "1 kole", not "1 rounds".
func TestRoundsAreCountedInTheReadersGrammar(t *testing.T) {
	cases := []struct {
		l      i18n.Lang
		rounds int
		want   string
	}{
		{i18n.EN, 1, "after 1 round:"},
		{i18n.EN, 3, "after 3 rounds:"},
		{i18n.DE, 1, "nach 1 Runde:"},
		{i18n.DE, 3, "nach 3 Runden:"},
		{i18n.CS, 1, "po 1 kole:"},
		{i18n.CS, 3, "po 3 kolech:"},
		{i18n.CS, 7, "po 7 kolech:"},
	}
	for _, c := range cases {
		for _, key := range []string{"report.summary.precision_reached", "report.summary.precision_missed", "report.text.precision_reached", "report.text.precision_missed"} {
			got := words.T(c.l, key, "target", points(c.l, 0.01), "rounds", c.rounds, "rate", "50%", "deals", "40")
			if !strings.Contains(got, c.want) {
				t.Errorf("%s %s with %d rounds: %q lacks %q", c.l, key, c.rounds, got, c.want)
			}
		}
	}
}

// TestMatrixColumnsAlign: with short names ("random", "greedy") a cell
// such as "100.0% [34-100]" is wider than the names, and every column
// must still start where its heading does (strength -n 3 --agents
// random,greedy).
func TestMatrixColumnsAlign(t *testing.T) {
	cases := []struct {
		names []string
		rate  [][]Interval
	}{
		{[]string{"random", "greedy"}, [][]Interval{{{}, {Rate: 0, Low: 0, High: 0.66}}, {{Rate: 1, Low: 0.34, High: 1}, {}}}},
		{[]string{"Erd-Wall", "Gezeiten-Kontrolle"}, [][]Interval{{{}, {Rate: 0.975, Low: 0.87, High: 1}}, {{Rate: 0.025, Low: 0, High: 0.13}, {}}}},
	}
	for _, c := range cases {
		for _, l := range i18n.Langs {
			var out bytes.Buffer
			(&Matrix{Names: c.names, Rate: c.rate}).WriteTextIn(&out, l)
			lines := strings.Split(out.String(), "\n")[:3]
			for _, line := range lines[1:] {
				if utf8.RuneCountInString(line) != utf8.RuneCountInString(lines[0]) {
					t.Errorf("%s %v: the rows are not as wide as the heading:\n%s", l, c.names, out.String())
					break
				}
			}
		}
	}
}
