package sim

import (
	"fmt"
	"io"
	"strings"
)

// WriteText writes the report for people, one fact a line.
func (r *Report) WriteText(w io.Writer) {
	played := r.Games - r.Errors
	fmt.Fprintf(w, "%s: %d games, %d players, seed %d, agents %s, turn cap %d\n",
		r.Game, r.Games, r.Seats, r.Seed, strings.Join(r.Agents, " vs "), r.TurnCap)
	if len(r.Variant) > 0 {
		fmt.Fprintf(w, "variant: %v\n", r.Variant)
	}
	writeMethod(w, r)
	for s, iv := range r.WinRate {
		fmt.Fprintf(w, "  %s wins %6d  %s\n", r.seatLabel(s), r.Wins[s], pct(iv))
	}
	fmt.Fprintf(w, "  draws       %6d  %s  (turn cap reached in %d)\n", r.Draws, pct(r.DrawRate), r.Capped)
	if r.Mirror || len(r.Decks) > 0 || !allSame(r.Agents) {
		for i, e := range r.EntrantRates {
			fmt.Fprintf(w, "  %-30s wins %6d of %6d  %s\n", r.entrantLabel(i), e.Wins, e.Games, pct(e.WinRate))
		}
	}
	if r.FirstKnown > 0 {
		fmt.Fprintf(w, "  first player wins %s of %d games\n", pct(r.FirstPlayer), r.FirstKnown)
	}
	if p := r.Precision; p != nil {
		reached := "reached"
		if !p.Reached {
			reached = "NOT reached before the game limit"
		}
		fmt.Fprintf(w, "  precision ±%.2g points %s after %d rounds: first player wins %s (time-uniform 95%% confidence sequence over %.0f deals, valid however the stop was chosen)\n",
			100*p.Target, reached, p.Rounds, pct(p.FirstPlayer), p.FirstPlayer.N)
	}
	if r.FirstDisagreed > 0 {
		fmt.Fprintf(w, "  WARNING: in %d of %d checked games the seat to move as the first turn began was not the active seat: the first player's figures are unreliable for this game\n",
			r.FirstDisagreed, r.FirstChecked)
	}
	fmt.Fprintf(w, "  length: %.1f turns on average (min %d, median %d, 90%% ≤ %d, max %d), %.1f actions\n",
		r.MeanTurns, r.TurnStats.Min, r.TurnStats.P50, r.TurnStats.P90, r.TurnStats.Max, r.MeanActions)
	if len(r.EndReasons) > 0 {
		parts := make([]string, len(r.EndReasons))
		for i, s := range r.EndReasons {
			parts[i] = fmt.Sprintf("%s %.1f%%", s.Name, 100*s.Rate)
		}
		fmt.Fprintf(w, "  ended by: %s\n", strings.Join(parts, ", "))
	}
	writeMeasures(w, r)
	writeCards(w, r.CardStats)
	writeCardRanking(w, r.CardRanking)
	if r.Errors > 0 {
		fmt.Fprintf(w, "  ERRORS: %d of %d games failed (%d played); first: %s\n", r.Errors, r.Games, played, r.ErrorSamples[0].Msg)
	}
	if r.ElapsedSeconds > 0 {
		fmt.Fprintf(w, "  %.0f games/s (%d workers, %.2fs)\n", r.GamesPerSecond, r.Workers, r.ElapsedSeconds)
	}
}

// seatLabel names a seat with the agent that played it, unless the batch
// is mirrored: then every entrant took the seat in turn.
func (r *Report) seatLabel(s int) string {
	if r.Mirror {
		return fmt.Sprintf("p%d (every entrant in turn)", s+1)
	}
	return fmt.Sprintf("p%d (%s)", s+1, r.Agents[s])
}

// writeMethod says how the intervals were computed and on what sample.
func writeMethod(w io.Writer, r *Report) {
	if !r.Mirror {
		fmt.Fprintln(w, "  intervals: 95% Wilson score, each game independent")
		return
	}
	fmt.Fprintf(w, "  intervals: 95%% Wilson score by deal: %d deals of %d games share their shuffles; effective samples: p1 win rate %s, %s %s\n",
		r.DealCount, r.Seats, effective(r.WinRate[0], r.Games), r.entrantLabel(0), effective(r.EntrantRates[0].WinRate, r.EntrantRates[0].Games))
}

// effective writes an interval's effective sample; one of games² or more
// means that every deal gave the same rate (see Clustered.Interval).
func effective(iv Interval, games int) string {
	if g := float64(games); g > 0 && iv.N >= g*g {
		return "unbounded (every deal gave the same rate)"
	}
	return fmt.Sprintf("%.0f", iv.N)
}

// entrantLabel names an entrant by agent and deck.
func (r *Report) entrantLabel(e int) string {
	name := r.EntrantRates[e].Agent
	if d := r.EntrantRates[e].Deck; d != "" {
		name += " with " + d
	}
	return name
}

// writeMeasures lists the game's own figures.
func writeMeasures(w io.Writer, r *Report) {
	if len(r.MeasureStats) == 0 {
		return
	}
	fmt.Fprintln(w, "  game figures (mean over the games where they occurred):")
	for _, m := range r.MeasureStats {
		fmt.Fprintf(w, "    %-34s %7.2f  (min %d, max %d, in %d games)\n", m.Name, m.Mean, m.Min, m.Max, m.Games)
	}
}

func pct(iv Interval) string {
	return fmt.Sprintf("%5.1f%% [%4.1f%%, %4.1f%%]", 100*iv.Rate, 100*iv.Low, 100*iv.High)
}

func allSame(xs []string) bool {
	for _, x := range xs {
		if x != xs[0] {
			return false
		}
	}
	return true
}

// writeCards lists the cards that lift and sink their player's results
// most within their deck, among those played in at least 30 seat-games,
// then the same pooled over the decks that share a card.
func writeCards(w io.Writer, stats []CardStat) {
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
	writeCardRows(w, "cards whose players win most more often, within their deck (win rate when played vs not):", within,
		func(c CardStat) string {
			return fmt.Sprintf("%s vs %s, played in %d", pct(c.WhenPlayed), pct(c.WhenNot), c.Played)
		})
	writeCardRows(w, "cards in several decks, the difference within each deck pooled (95% interval):", shared,
		func(c CardStat) string {
			return fmt.Sprintf("[%+5.1f%%, %+5.1f%%] over %d decks, played in %d", 100*c.ImpactLow, 100*c.ImpactHigh, c.Decks, c.Played)
		})
}

// writeCardRanking lists the cards ranked by their impact when drawn, the
// five at each end, with the count of those whose interval excludes 0.
func writeCardRanking(w io.Writer, ranking []CardStat) {
	if len(ranking) == 0 {
		return
	}
	significant := 0
	for _, c := range ranking {
		if c.DrawSignificant {
			significant++
		}
	}
	fmt.Fprintf(w, "  cards ranked by impact when drawn, win rate when drawn minus not, within the deck (95%% interval; * excludes 0, %d of %d):\n",
		significant, len(ranking))
	line := func(rank int, c CardStat) {
		mark := ""
		if c.DrawSignificant {
			mark = " *"
		}
		fmt.Fprintf(w, "    %3d. %-36s %+5.1f%% [%+5.1f%%, %+5.1f%%]  drawn in %d of %d%s\n", rank, c.Label(),
			100*c.DrawImpact, 100*c.DrawLow, 100*c.DrawHigh, c.Drawn, c.Drawn+c.NotDrawn, mark)
	}
	n := min(5, len(ranking))
	for i, c := range ranking[:n] {
		line(i+1, c)
	}
	if len(ranking) > 2*n {
		fmt.Fprintln(w, "    ...")
	}
	for i := max(n, len(ranking)-n); i < len(ranking); i++ {
		line(i+1, ranking[i])
	}
}

// writeCardRows writes the five rows of largest and of smallest impact.
func writeCardRows(w io.Writer, heading string, rows []CardStat, detail func(CardStat) string) {
	if len(rows) == 0 {
		return
	}
	n := min(5, len(rows))
	fmt.Fprintln(w, "  "+heading)
	line := func(c CardStat) {
		fmt.Fprintf(w, "    %-36s %+5.1f%%  %s\n", c.Label(), 100*c.Impact, detail(c))
	}
	for _, c := range rows[:n] {
		line(c)
	}
	if len(rows) > n {
		fmt.Fprintln(w, "  ... and least often:")
		for _, c := range rows[max(n, len(rows)-n):] {
			line(c)
		}
	}
}

// WriteText writes each option's report and the differences.
func (c *Comparison) WriteText(w io.Writer) {
	for i, rep := range c.Reports {
		fmt.Fprintf(w, "=== %s=%s\n", c.Key, c.Options[i])
		rep.WriteText(w)
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "=== differences against %s=%s, game by game on the same seeds (95%% interval, method)\n", c.Key, c.Options[0])
	for _, d := range c.Diffs {
		mark := ""
		if d.Low > 0 || d.High < 0 {
			mark = "  *"
		}
		fmt.Fprintf(w, "  %s=%-12s %-22s %8.3f -> %8.3f  %+8.3f [%+.3f, %+.3f]  %s, %d pairs%s\n",
			c.Key, d.Option, d.Measure, d.Base, d.Value, d.Diff, d.Low, d.High, d.Method, d.N, mark)
	}
	fmt.Fprintln(w, "  (* the interval excludes 0; newcombe-paired: Newcombe's score interval for paired rates;")
	fmt.Fprintln(w, "   paired-mean: normal interval of the mean difference; -by-deal: widened for mirrored deals)")
}

// WriteText writes the matrix: each row entrant's win rate against each
// column entrant.
// Names are shown in full: columns are as wide as the longest.
func (m *Matrix) WriteText(w io.Writer) {
	width := len("row vs column")
	for _, d := range m.Names {
		width = max(width, len(d))
	}
	fmt.Fprintf(w, "%-*s", width, "row vs column")
	for _, d := range m.Names {
		fmt.Fprintf(w, " %*s", width, d)
	}
	fmt.Fprintln(w)
	for i, d := range m.Names {
		fmt.Fprintf(w, "%-*s", width, d)
		for j := range m.Names {
			if i == j {
				fmt.Fprintf(w, " %*s", width, "—")
				continue
			}
			iv := m.Rate[i][j]
			fmt.Fprintf(w, " %*s", width, fmt.Sprintf("%.1f%% [%.0f-%.0f]", 100*iv.Rate, 100*iv.Low, 100*iv.High))
		}
		fmt.Fprintln(w)
	}
	if len(m.Reports) > 0 && m.Reports[0].Mirror {
		fmt.Fprintln(w, "(95% Wilson score intervals by deal: each pair plays every deal once per seat)")
	}
	if len(m.Strengths) > 0 {
		fmt.Fprintln(w, "\nstrength (Bradley-Terry over the whole matrix, Elo scale, the mean entrant at 0; 95% intervals):")
		for k, s := range m.Strengths {
			fmt.Fprintf(w, "  %d. %-*s %+6.0f [%+.0f, %+.0f]   wins %s against an average entrant\n",
				k+1, width, s.Name, s.Rating, s.Low, s.High, pct(s.VsAverage))
		}
	}
}
