package tune

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"kartenwerk/engine/i18n"
	"kartenwerk/sim"
)

// say is a tuning word of the report catalogue in language l.
func say(l i18n.Lang, key string, kv ...any) string {
	return sim.Words().T(l, "report.tune."+key, kv...)
}

// String writes the setting as the parameters were given, in their
// names' order: "Ember Tyrant.cost=5, variant:turn-limit=20".
func (s Setting) String() string {
	names := slices.Sorted(maps.Keys(s))
	parts := make([]string, len(names))
	for i, name := range names {
		parts[i] = fmt.Sprintf("%s=%v", name, s[name])
	}
	return strings.Join(parts, ", ")
}

// ProgressIn is the line that reports an evaluation in language l: its
// step of budget, the figure it measured and at which setting.
func ProgressIn(l i18n.Lang, step, budget int, set Setting, figure float64) string {
	return say(l, "progress", "step", step, "budget", budget, "rate", i18n.Percent(l, figure, 1), "setting", set)
}

// targetIn names the target in language l: "first player's win rate = 50.0%".
func (b *Balance) targetIn(l i18n.Lang) string {
	if b.Figure == "" { // an outcome stored before the figure was kept
		return b.Target
	}
	return say(l, "target", "figure", sim.FigureIn(l, b.Figure), "value", i18n.Percent(l, b.TargetValue, 1))
}

// WriteText writes the outcome for people in English: see WriteTextIn.
func (b *Balance) WriteText(w io.Writer) { b.WriteTextIn(w, i18n.EN) }

// WriteTextIn writes the outcome for people in language l: what was
// tuned, the best setting, the target figure measured again with its 95%
// interval, and whether it met the target.
func (b *Balance) WriteTextIn(w io.Writer, l i18n.Lang) {
	fmt.Fprintln(w, say(l, "head", "params", strings.Join(b.Params, ", "), "target", b.targetIn(l),
		"evaluations", b.Evaluations, "games", b.GamesEach))
	fmt.Fprintln(w, say(l, "best"))
	for _, p := range b.Params {
		fmt.Fprintf(w, "  %-28s %v\n", p, b.Best[p])
	}
	verdict := "met"
	if !b.Within {
		verdict = "missed"
	}
	fmt.Fprintln(w, say(l, "confirmed", "games", b.ConfirmGames, "rate", sim.RatePercent(l, b.Confirmed))+
		"; "+say(l, verdict, "tolerance", i18n.Decimal(l, 100*b.Tolerance, 1)))
	if len(b.Nearest) > 0 {
		fmt.Fprintln(w, say(l, "closest", "games", b.GamesEach))
		for _, t := range b.Nearest {
			fmt.Fprintf(w, "  %7s  %s\n", i18n.Percent(l, t.Rate, 1), t.Setting)
		}
	}
}
