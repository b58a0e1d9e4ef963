package sim

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// WriteText writes the report for people in English: see WriteTextIn.
func (r *Report) WriteText(w io.Writer) { r.WriteTextIn(w, i18n.EN, nil) }

// WriteTextIn writes the report for people, one fact a line, in language
// l; game, the game's catalogue if given, names the ways games end.
func (r *Report) WriteTextIn(w io.Writer, l i18n.Lang, game *i18n.Catalog) {
	tw := textWriter{w: w, l: l}
	played := r.Games - r.Errors
	tw.line("", "report.text.head", "game", engine.NameOf(r.Game), "games", r.Games, "seats", r.Seats, "seed", r.Seed,
		"agents", strings.Join(agentsIn(l, r.Agents), " vs "), "cap", r.TurnCap)
	if len(r.Variant) > 0 {
		tw.line("", "report.text.variant", "variant", variantsText(l, game, r.Variant))
	}
	tw.method(r)
	// One column for the counts, however long the seats' and the draws'
	// words are in the reader's language.
	labels := make([]string, len(r.WinRate)+2)
	for s := range r.WinRate {
		labels[s] = tw.seatLabel(r, s) + " " + tw.t("report.text.wins")
	}
	draws, shared := len(r.WinRate), len(r.WinRate)+1
	labels[draws] = tw.t("report.text.draws")
	if r.Shared > 0 {
		labels[shared] = tw.t("report.text.shared_wins")
	}
	width := widest(labels, 0)
	for s, iv := range r.WinRate {
		fmt.Fprintf(w, "  %-*s %7s  %s\n", width, labels[s], tw.int(r.Wins[s]), tw.pct(iv))
	}
	fmt.Fprintf(w, "  %-*s %7s  %s  (%s)\n", width, labels[draws], tw.int(r.Draws), tw.pct(r.DrawRate), tw.t("report.text.capped", "n", r.Capped))
	if r.Shared > 0 {
		fmt.Fprintf(w, "  %-*s %7s  %s  (%s)\n", width, labels[shared], tw.int(r.Shared), tw.pct(r.SharedRate), tw.t("report.text.shared_note"))
	}
	if r.Mirror || len(r.Decks) > 0 || !allSame(r.Agents) {
		for i, e := range r.EntrantRates {
			fmt.Fprintf(w, "  %-30s %s  %s\n", tw.entrantLabel(r, i),
				tw.t("report.text.entrant_wins", "wins", fmt.Sprintf("%7s", tw.int(e.Wins)), "games", fmt.Sprintf("%7s", tw.int(e.Games))), tw.pct(e.WinRate))
		}
	}
	if r.FirstKnown > 0 {
		tw.line("  ", "report.text.first", "rate", tw.pct(r.FirstPlayer), "games", r.FirstKnown)
	}
	if p := r.Precision; p != nil {
		key := "report.text.precision_reached"
		if !p.Reached {
			key = "report.text.precision_missed"
		}
		tw.line("  ", key, "target", points(l, p.Target), "rounds", p.Rounds, "rate", tw.pct(p.FirstPlayer),
			"deals", tw.int(int(math.Round(p.FirstPlayer.N))))
	}
	if r.FirstDisagreed > 0 {
		tw.line("  ", "report.text.first_disagreed", "n", r.FirstDisagreed, "checked", r.FirstChecked)
	}
	tw.line("  ", "report.text.length", "mean", meanWithBounds(l, MeanTurnsOf(r), 1), "min", r.TurnStats.Min, "median", r.TurnStats.P50,
		"p90", r.TurnStats.P90, "max", r.TurnStats.Max, "actions", i18n.Decimal(l, r.MeanActions, 1))
	if len(r.EndReasons) > 0 {
		// A line each, the commonest first: a game's reasons are sentences
		// with a rule ("A card's effect decided the game (AT-7.5).").
		tw.line("  ", "report.text.ended_by")
		names := reasonsIn(l, game)
		reasons := slices.Clone(r.EndReasons)
		slices.SortStableFunc(reasons, func(a, b Share) int { return cmp.Compare(b.Rate, a.Rate) })
		for _, s := range reasons {
			fmt.Fprintf(w, "    %6s  %s\n", i18n.Percent(l, s.Rate, 1), reasonIn(names, s.Name))
		}
	}
	tw.measures(r, game)
	tw.cards(r.CardStats)
	ranking, opening := "report.text.ranking", "report.text.opening_ranking"
	if r.setAside() {
		ranking, opening = "report.text.ranking_aside", "report.text.opening_ranking_aside"
	}
	tw.cardRanking(r.CardRanking, ranking, "report.text.drawn_in")
	if r.HandsChosen {
		tw.line("  ", "report.ranking.chosen")
	}
	tw.asideRates(r.AsideRates)
	tw.cardRanking(r.OpeningRanking, opening, "report.text.opening_in")
	if r.Errors > 0 {
		tw.line("  ", "report.text.errors", "n", r.Errors, "games", r.Games, "played", played, "first", r.ErrorSamples[0].Msg)
	}
	if r.ElapsedSeconds > 0 {
		tw.line("  ", "report.text.speed", "rate", tw.int(int(math.Round(r.GamesPerSecond))), "workers", r.Workers,
			"seconds", i18n.Decimal(l, r.ElapsedSeconds, 2))
	}
}

// textWriter writes a text report's lines in one language.
type textWriter struct {
	w io.Writer
	l i18n.Lang
}

// t is a report word in the writer's language.
func (tw textWriter) t(key string, kv ...any) string { return words.T(tw.l, key, i18n.Counts(kv)...) }

// int writes a count as the reader groups digits.
func (tw textWriter) int(n int) string { return i18n.Int(tw.l, n) }

// line writes a report word as a line of its own after indent.
func (tw textWriter) line(indent, key string, kv ...any) {
	fmt.Fprintln(tw.w, indent+tw.t(key, kv...))
}

// pct writes a rate with its interval: in English in aligned columns, as
// the text report always had them, else as the reader writes numbers.
func (tw textWriter) pct(iv Interval) string {
	if tw.l == i18n.EN {
		return pct(iv)
	}
	return RatePercent(tw.l, iv)
}

// signedPct writes a difference of rates in percent with its sign, as
// wide as −10.0 % is, so that a column of them stays aligned.
func (tw textWriter) signedPct(x float64) string {
	if tw.l == i18n.EN {
		return fmt.Sprintf("%+5.1f%%", 100*x)
	}
	return fmt.Sprintf("%7s", i18n.SignedPercent(tw.l, x, 1))
}

// seatLabel names a seat with the agent that played it, unless the batch
// is mirrored: then every entrant took the seat in turn.
func (tw textWriter) seatLabel(r *Report, s int) string {
	if r.Mirror {
		return tw.t("report.text.seat_mirror", "seat", s+1)
	}
	return tw.t("report.text.seat", "seat", s+1, "agent", AgentIn(tw.l, r.Agents[s]))
}

// method says how the intervals were computed and on what sample.
func (tw textWriter) method(r *Report) {
	if !r.Mirror {
		tw.line("  ", "report.text.intervals_plain")
		return
	}
	tw.line("  ", "report.text.intervals_mirror", "deals", r.DealCount, "seats", r.Seats,
		"p1", tw.effective(r.WinRate[0], r.Games), "entrant", tw.entrantLabel(r, 0),
		"entrant_n", tw.effective(r.EntrantRates[0].WinRate, r.EntrantRates[0].Games))
}

// effective writes an interval's effective sample; one of games² or more
// means that every deal gave the same rate (see Clustered.Interval).
func (tw textWriter) effective(iv Interval, games int) string {
	if g := float64(games); g > 0 && iv.N >= g*g {
		return tw.t("report.text.unbounded")
	}
	return tw.int(int(math.Round(iv.N)))
}

// entrantLabel names an entrant by agent and deck.
func (tw textWriter) entrantLabel(r *Report, e int) string {
	name := AgentIn(tw.l, r.EntrantRates[e].Agent)
	if d := r.EntrantRates[e].Deck; d != "" {
		return tw.t("report.text.with_deck", "agent", name, "deck", d)
	}
	return name
}

// measures lists the game's own figures, named in game's words.
func (tw textWriter) measures(r *Report, game *i18n.Catalog) {
	if len(r.MeasureStats) == 0 {
		return
	}
	tw.line("  ", "report.text.measures")
	names := make([]string, len(r.MeasureStats))
	for i, m := range r.MeasureStats {
		names[i] = gameFigureIn(tw.l, game, m.Name)
	}
	means := make([]string, len(r.MeasureStats))
	for i, m := range r.MeasureStats {
		means[i] = i18n.Decimal(tw.l, m.Mean, 2)
		if m.MeanInterval.Method != "" {
			means[i] = meanWithBounds(tw.l, m.MeanInterval, 2)
		}
	}
	// A figure without an interval (one that never varied) stands in the
	// column of those with one.
	width, meanWidth := widest(names, 34), widest(means, 7)
	for i, m := range r.MeasureStats {
		fmt.Fprintf(tw.w, "    %-*s %-*s  (%s)\n", width, names[i], meanWidth, means[i],
			tw.t("report.text.measure_range", "min", m.Min, "max", m.Max, "games", m.Games))
	}
}

func pct(iv Interval) string {
	return fmt.Sprintf("%5.1f%% [%4.1f%%, %4.1f%%]", 100*iv.Rate, 100*iv.Low, 100*iv.High)
}

// variantsText says a batch's rule variants in the game's words, each
// once ("Barvy: výhradní"), then, to play them again, their command-line
// form under its label ("příkazová řádka: --variant colours=exclusive");
// where the game has no words for them, as flags alone.
func variantsText(l i18n.Lang, game *i18n.Catalog, v map[string]string) string {
	var parts []string
	for _, w := range VariantsIn(l, game, v) {
		parts = append(parts, w.Said)
	}
	said := strings.Join(parts, "; ")
	if flags := variantFlags(l, game, v); flags != "" {
		said += " (" + words.T(l, "report.summary.command_line") + ": " + flags + ")"
	}
	return said
}

// widest is the length in runes, which fmt pads by, of the longest of
// names, at least least.
func widest(names []string, least int) int {
	for _, n := range names {
		least = max(least, utf8.RuneCountInString(n))
	}
	return least
}

func allSame(xs []string) bool {
	for _, x := range xs {
		if x != xs[0] {
			return false
		}
	}
	return true
}

// cards lists the cards that lift and sink their player's results most
// within their deck, among those played in at least 30 seat-games, then
// the same pooled over the decks that share a card.
func (tw textWriter) cards(stats []CardStat) {
	var within, shared []CardStat
	for _, c := range stats {
		switch {
		case !c.comparable():
		case c.Pooled:
			shared = append(shared, c)
		default:
			within = append(within, c)
		}
	}
	tw.cardRows("report.text.cards_within", within, func(c CardStat) string {
		return tw.t("report.text.card_within", "played", tw.pct(c.WhenPlayed), "not", tw.pct(c.WhenNot), "n", c.Played)
	})
	tw.cardRows("report.text.cards_shared", shared, func(c CardStat) string {
		return tw.t("report.text.card_shared", "low", tw.signedPct(c.ImpactLow), "high", tw.signedPct(c.ImpactHigh),
			"decks", c.Decks, "n", c.Played)
	})
}

// cardRanking lists the cards ranked by their drawn figures (when drawn,
// or in the opening hand), the five at each end, with the count of those
// whose interval excludes 0, under the heading key; the key inKey says
// in how many seat-games each was drawn.
func (tw textWriter) cardRanking(ranking []CardStat, heading, inKey string) {
	if len(ranking) == 0 {
		return
	}
	significant, discoveries := 0, 0
	for _, c := range ranking {
		if c.DrawSignificant {
			significant++
		}
		if c.DrawDiscovery {
			discoveries++
		}
	}
	tw.line("  ", heading, "n", significant, "of", len(ranking))
	tw.line("  ", "report.text.discoveries", "fdr", discoveries, "of", len(ranking))
	line := func(rank int, c CardStat) {
		mark := ""
		switch {
		case c.DrawDiscovery:
			mark = " **"
		case c.DrawSignificant:
			mark = " *"
		}
		fmt.Fprintf(tw.w, "    %3d. %-36s %s %s  %s%s\n", rank, tw.cardLabel(c),
			tw.signedPct(c.DrawImpact), i18n.Bounds(tw.l, tw.signedPct(c.DrawLow), tw.signedPct(c.DrawHigh)),
			tw.t(inKey, "drawn", c.Drawn, "seat_games", c.Drawn+c.NotDrawn), mark)
	}
	n := min(5, len(ranking))
	for i, c := range ranking[:n] {
		line(i+1, c)
	}
	if len(ranking) > 2*n {
		fmt.Fprintln(tw.w, "    ...")
	}
	for i := max(n, len(ranking)-n); i < len(ranking); i++ {
		line(i+1, ranking[i])
	}
}

// asideRates lists each deck's win rate by the cards its seats set aside
// before the deal.
func (tw textWriter) asideRates(rates []AsideRate) {
	if len(rates) == 0 {
		return
	}
	tw.line("  ", "report.text.aside_rates")
	for _, a := range rates {
		fmt.Fprintf(tw.w, "    %-44s %s  %s\n", a.Label(), tw.pct(a.Win),
			tw.t("report.text.seat_games", "n", a.SeatGames))
	}
}

// cardLabel names a card with its deck, or as pooled over all decks, in
// the writer's language.
func (tw textWriter) cardLabel(c CardStat) string { return cardLabelIn(tw.l, c) }

// cardLabelIn names a card with its deck, or as pooled over all decks,
// in language l.
func cardLabelIn(l i18n.Lang, c CardStat) string {
	if c.Pooled {
		return words.T(l, "report.text.card_all_decks", "card", c.Name)
	}
	return c.Label()
}

// cardRows writes the five rows of largest and of smallest impact under
// the heading key.
func (tw textWriter) cardRows(heading string, rows []CardStat, detail func(CardStat) string) {
	if len(rows) == 0 {
		return
	}
	n := min(5, len(rows))
	tw.line("  ", heading)
	line := func(c CardStat) {
		fmt.Fprintf(tw.w, "    %-36s %s  %s\n", tw.cardLabel(c), tw.signedPct(c.Impact), detail(c))
	}
	for _, c := range rows[:n] {
		line(c)
	}
	if len(rows) > n {
		tw.line("  ", "report.text.least_often")
		for _, c := range rows[max(n, len(rows)-n):] {
			line(c)
		}
	}
}

// WriteText writes each option's report and the differences in English:
// see WriteTextIn.
func (c *Comparison) WriteText(w io.Writer) { c.WriteTextIn(w, i18n.EN, nil) }

// WriteTextIn writes each option's report and the differences in
// language l, with game's words for how games end.
func (c *Comparison) WriteTextIn(w io.Writer, l i18n.Lang, game *i18n.Catalog) {
	tw := textWriter{w: w, l: l}
	for i, rep := range c.Reports {
		fmt.Fprintf(w, "=== %s\n", variantFlagged(l, game, c.Key, c.Options[i]))
		rep.WriteTextIn(w, l, game)
		fmt.Fprintln(w)
	}
	tw.line("=== ", "report.text.diff_heading", "base", variantFlagged(l, game, c.Key, c.Options[0]))
	measures := make([]string, len(c.Diffs))
	for i, d := range c.Diffs {
		measures[i] = measureIn(l, d.Measure)
	}
	width := widest(measures, 22) // measures' words differ in length by language
	options := make([]string, len(c.Diffs))
	for i, d := range c.Diffs {
		options[i] = optionIn(l, game, c.Key, d.Option)
	}
	optionWidth := widest(options, 12)
	for i, d := range c.Diffs {
		mark := ""
		if d.Low > 0 || d.High < 0 {
			mark = "  *"
		}
		fmt.Fprintf(w, "  %-*s %-*s %8s -> %8s  %-30s %s, %s%s\n",
			optionWidth, options[i], width, measures[i], d.valueIn(l, d.Base), d.valueIn(l, d.Value),
			d.changeIn(l), d.Method, tw.t("report.text.pairs", "n", d.N), mark)
	}
	tw.line("  ", "report.text.diff_note")
	tw.line("   ", "report.text.diff_note_methods")
}

// WriteText writes the matrix in English: see WriteTextIn.
func (m *Matrix) WriteText(w io.Writer) { m.WriteTextIn(w, i18n.EN) }

// WriteTextIn writes the matrix in language l: each row entrant's win
// rate against each column entrant. Names are shown in full: each column
// is as wide as its name or its widest cell, three spaces apart, so that
// a long name does not run into its neighbour's ("greedy greedy with
// random moves").
func (m *Matrix) WriteTextIn(w io.Writer, l i18n.Lang) {
	tw := textWriter{w: w, l: l}
	corner := tw.t("report.text.row_vs_column")
	names := agentsIn(l, m.Names)
	rows := make([][]string, len(names))
	widths := make([]int, len(names))
	for j, name := range names {
		widths[j] = utf8.RuneCountInString(name)
	}
	for i := range names {
		for j := range names {
			cell := "—"
			if i != j {
				cell = tw.cell(m.Rate[i][j])
			}
			rows[i] = append(rows[i], cell)
			widths[j] = max(widths[j], utf8.RuneCountInString(cell))
		}
	}
	width := widest(append([]string{corner}, names...), 0)
	const gap = "   "
	fmt.Fprintf(w, "%-*s", width, corner)
	for j, name := range names {
		fmt.Fprintf(w, "%s%*s", gap, widths[j], name)
	}
	fmt.Fprintln(w)
	for i, name := range names {
		fmt.Fprintf(w, "%-*s", width, name)
		for j, cell := range rows[i] {
			fmt.Fprintf(w, "%s%*s", gap, widths[j], cell)
		}
		fmt.Fprintln(w)
	}
	if len(m.Reports) > 0 && m.Reports[0].Mirror {
		tw.line("", "report.text.matrix_mirror")
	}
	if len(m.Strengths) > 0 {
		tw.line("\n", "report.text.strength")
		for k, s := range m.Strengths {
			fmt.Fprintf(w, "  %d. %-*s %6s %s   %s\n", k+1, width, AgentIn(l, s.Name), i18n.Signed(l, s.Rating, 0),
				i18n.Bounds(l, i18n.Signed(l, s.Low, 0), i18n.Signed(l, s.High, 0)), tw.t("report.text.vs_average", "rate", tw.pct(s.VsAverage)))
		}
	}
	for _, c := range m.Cycles {
		tw.line("", "report.text.cycle", "a", AgentIn(l, c[0]), "b", AgentIn(l, c[1]), "c", AgentIn(l, c[2]))
	}
}

// cell writes a matrix cell: the rate and its interval in whole percent.
func (tw textWriter) cell(iv Interval) string {
	sep := "–"
	if tw.l == i18n.EN {
		sep = "-"
	}
	return i18n.Percent(tw.l, iv.Rate, 1) + " [" + i18n.Decimal(tw.l, 100*iv.Low, 0) + sep + i18n.Decimal(tw.l, 100*iv.High, 0) + "]"
}

// meanWithBounds writes a mean with its 95% interval, to digits
// decimals.
func meanWithBounds(l i18n.Lang, iv Interval, digits int) string {
	mean := i18n.Decimal(l, iv.Rate, digits)
	if iv.N < 2 {
		return mean
	}
	return mean + " " + i18n.Bounds(l, i18n.Decimal(l, iv.Low, digits), i18n.Decimal(l, iv.High, digits))
}
