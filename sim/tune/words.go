package tune

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	"kartenwerk/sim"
)

// say is a tuning word of the report catalogue in language l.
func say(l i18n.Lang, key string, kv ...any) string {
	return sim.Words().T(l, "report.tune."+key, i18n.Counts(kv)...)
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
// step of budget, the figure it measured and at which setting of params
// (names as given), in the words of game (its id).
func ProgressIn(l i18n.Lang, game string, params []string, step, budget int, set Setting, figure float64) string {
	sp := speech{l: l, game: game, params: params}
	return say(l, "progress", "step", step, "budget", budget, "rate", i18n.Percent(l, figure, 1), "setting", sp.setting(set))
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
	sp := speech{l: l, game: b.Game, params: b.Params}
	params := make([]string, len(b.Params))
	width := 0
	for i, p := range b.Params {
		params[i] = sp.param(p)
		width = max(width, utf8.RuneCountInString(params[i]))
	}
	fmt.Fprintln(w, say(l, "head", "params", strings.Join(params, ", "), "target", b.targetIn(l),
		"evaluations", b.Evaluations, "games", b.GamesEach))
	fmt.Fprintln(w, say(l, "best"))
	for i, p := range b.Params {
		fmt.Fprintf(w, "  %-*s  %s\n", width, params[i], sp.value(p, b.Best[p]))
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
			fmt.Fprintf(w, "  %7s  %s (%s)\n", i18n.Percent(l, t.Rate, 1), sp.setting(t.Setting), say(l, "over_games", "n", t.Evaluations*b.GamesEach))
		}
	}
}

// speech says a tuning run's parameters and their values in language l
// with the words of game (its id): a card's field as the game or the
// reports name it ("Fireball: Kosten"), a variant and its options as the
// game does; as given where the game has no words for them.
type speech struct {
	l      i18n.Lang
	game   string
	params []string // as given, in their order
}

// param names a parameter ("Fireball.cost", "variant:turn-limit").
func (sp speech) param(name string) string {
	if key, ok := strings.CutPrefix(name, "variant:"); ok {
		if said, ok := sp.variant(key, ""); ok {
			variant, _, _ := strings.Cut(said, ":")
			return variant
		}
		return name
	}
	dot := strings.LastIndex(name, ".")
	if dot <= 0 {
		return name
	}
	return name[:dot] + ": " + sim.FieldIn(sp.l, sp.game, name[dot+1:])
}

// value says the value v of a parameter: a variant's option in the
// game's words, a number as it is.
func (sp speech) value(name string, v any) string {
	if key, ok := strings.CutPrefix(name, "variant:"); ok {
		if said, ok := sp.variant(key, fmt.Sprint(v)); ok {
			_, option, _ := strings.Cut(said, ": ")
			return option
		}
	}
	return fmt.Sprint(v)
}

// setting says a setting, its parameters in the order given: "Fireball:
// Kosten 3, Zuggrenze 30".
func (sp speech) setting(set Setting) string {
	parts := make([]string, 0, len(set))
	for _, p := range sp.params {
		if v, ok := set[p]; ok {
			parts = append(parts, sp.param(p)+" "+sp.value(p, v))
		}
	}
	if len(parts) < len(set) { // parameters not named in params
		return set.String()
	}
	return strings.Join(parts, ", ")
}

// variant is option v of variant key in the game's words ("Name:
// option"), if the game has words for the variant.
func (sp speech) variant(key, v string) (string, bool) {
	g, err := engine.Lookup(sp.game)
	if err != nil {
		return "", false
	}
	s, ok := g.(engine.Speaker)
	if !ok {
		return "", false
	}
	said := sim.VariantsIn(sp.l, s.Catalog(), map[string]string{key: v})
	return said[0].Said, said[0].Said != said[0].Flag
}

// ReportIn puts the outcome into the words of language l for an HTML
// report (sim.Document's Tuning).
func (b *Balance) ReportIn(l i18n.Lang) *sim.Tuning {
	sp := speech{l: l, game: b.Game, params: b.Params}
	params := make([]string, len(b.Params))
	t := &sim.Tuning{Figure: sim.FigureIn(l, b.Figure), Target: b.TargetValue, Tolerance: b.Tolerance,
		Confirmed: b.Confirmed, ConfirmGames: b.ConfirmGames, Met: b.Within, GamesEach: b.GamesEach}
	for i, p := range b.Params {
		params[i] = sp.param(p)
		t.Best = append(t.Best, [2]string{params[i], sp.value(p, b.Best[p])})
	}
	t.Heading = say(l, "head", "params", strings.Join(params, ", "), "target", b.targetIn(l),
		"evaluations", b.Evaluations, "games", b.GamesEach)
	for _, tr := range b.Tried {
		t.Rates = append(t.Rates, tr.Rate)
	}
	for _, n := range b.Nearest {
		t.Nearest = append(t.Nearest, sim.TunedSetting{Setting: sp.setting(n.Setting), Rate: n.Rate, Games: n.Evaluations * b.GamesEach})
	}
	return t
}
