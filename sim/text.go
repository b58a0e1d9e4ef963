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
	for s, iv := range r.WinRate {
		fmt.Fprintf(w, "  p%d (%s) wins %6d  %s\n", s+1, r.Agents[s], r.Wins[s], pct(iv))
	}
	fmt.Fprintf(w, "  draws       %6d  %s  (turn cap reached in %d)\n", r.Draws, pct(r.DrawRate), r.Capped)
	if r.FirstKnown > 0 {
		fmt.Fprintf(w, "  first player wins %s of %d games\n", pct(r.FirstPlayer), r.FirstKnown)
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
	if r.Errors > 0 {
		fmt.Fprintf(w, "  ERRORS: %d of %d games failed (%d played); first: %s\n", r.Errors, r.Games, played, r.ErrorSamples[0])
	}
	if r.ElapsedSeconds > 0 {
		fmt.Fprintf(w, "  %.0f games/s (%d workers, %.2fs)\n", r.GamesPerSecond, r.Workers, r.ElapsedSeconds)
	}
}

func pct(iv Interval) string {
	return fmt.Sprintf("%5.1f%% [%4.1f%%, %4.1f%%]", 100*iv.Rate, 100*iv.Low, 100*iv.High)
}
