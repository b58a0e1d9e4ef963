package tune

import (
	"regexp"
	"strings"
	"testing"

	"kartenwerk/engine/i18n"
	"kartenwerk/sim"
)

var (
	wordPattern  = regexp.MustCompile(`\p{L}{4,}`)
	pointDecimal = regexp.MustCompile(`\d\.\d`)
	// germanGrouped is a whole number grouped by points (4.000), which is
	// no decimal point.
	germanGrouped = regexp.MustCompile(`\b[1-9]\d{0,2}(?:\.\d{3})+\b`)
	placeholder   = regexp.MustCompile(`\{\{[^}]*\}\}`)
)

// catalogueWords are the words (four letters or more, lower case) of the
// report catalogue's texts in l.
func catalogueWords(l i18n.Lang) map[string]bool {
	out := map[string]bool{}
	for _, key := range sim.Words().Keys() {
		text := placeholder.ReplaceAllString(sim.Words().T(l, key), "")
		for _, w := range wordPattern.FindAllString(text, -1) {
			out[strings.ToLower(w)] = true
		}
	}
	return out
}

// tunedOutcome is a tuning outcome as Run makes it, one that met its
// target and one that did not.
func tunedOutcome(within bool) *Balance {
	return &Balance{Game: "athernum", Target: "first=50", Figure: "first player's win rate", TargetValue: 0.5,
		Params: []string{"Ember Tyrant.cost", "variant:turn-limit"}, Evaluations: 60, GamesEach: 200,
		Best:      Setting{"Ember Tyrant.cost": 5, "variant:turn-limit": 30},
		Confirmed: sim.Interval{Rate: 0.512, Low: 0.497, High: 0.527}, ConfirmGames: 4000, Within: within, Tolerance: 0.025}
}

// What tune prints, progress and outcome, speaks German and Czech: no
// English word of the report's vocabulary that the language does not
// share, and decimal commas; English keeps its decimal points.
func TestTuneSpeaksTheReadersLanguage(t *testing.T) {
	english := catalogueWords(i18n.EN)
	for _, c := range []struct {
		l     i18n.Lang
		wants []string
	}{
		{i18n.EN, []string{"51.2% [49.7–52.7]", "target met: within ±2.5 points", "first player's win rate = 50.0%", "evaluation 3 of 60: 48.5% at Ember Tyrant: cost 5, Turn limit 30", "  Ember Tyrant: cost  5\n  Turn limit          30\n"}},
		{i18n.DE, []string{"51,2\u00a0% [49,7–52,7]", "Ziel erreicht", "Siegrate des Startspielers = 50,0\u00a0%", "Auswertung 3 von 60: 48,5\u00a0% bei Ember Tyrant: Kosten 5, Zuglimit 30"}},
		{i18n.CS, []string{"51,2\u00a0% [49,7–52,7]", "cíl splněn", "vyhodnocení 3/60: 48,5\u00a0%"}},
	} {
		t.Run(c.l.String(), func(t *testing.T) {
			var out strings.Builder
			b := tunedOutcome(true)
			out.WriteString(ProgressIn(c.l, b.Game, b.Params, 3, 60, b.Best, 0.485) + "\n")
			tunedOutcome(true).WriteTextIn(&out, c.l)
			tunedOutcome(false).WriteTextIn(&out, c.l)
			text := out.String()
			for _, want := range c.wants {
				if !strings.Contains(text, want) {
					t.Errorf("the output lacks %q:\n%s", want, text)
				}
			}
			if c.l == i18n.EN {
				return
			}
			own := catalogueWords(c.l)
			data := strings.ToLower(strings.Join(tunedOutcome(true).Params, " "))
			for _, w := range wordPattern.FindAllString(text, -1) {
				lw := strings.ToLower(w)
				if english[lw] && !own[lw] && !strings.Contains(data, lw) {
					t.Errorf("English word %q in the %s output:\n%s", w, c.l, text)
				}
			}
			if m := pointDecimal.FindString(germanGrouped.ReplaceAllString(text, "")); m != "" {
				t.Errorf("a decimal point %q in the %s output:\n%s", m, c.l, text)
			}
		})
	}
}

// The HTML report of a tuning run gives the best setting and the nearest
// ones in the game's words, the figure measured again with its verdict,
// and a chart of every evaluation, in the reader's language.
func TestTuningReportSpeaksTheGamesWords(t *testing.T) {
	b := tunedOutcome(false)
	b.Tried = []Tried{{Setting{"Ember Tyrant.cost": 4, "variant:turn-limit": 30}, 0.61}, {b.Best, 0.52}}
	b.Nearest = b.Closest(5)
	for _, c := range []struct {
		l    i18n.Lang
		want []string
	}{
		{i18n.EN, []string{"<td>Ember Tyrant: cost</td><td>5</td>", "<td>Turn limit</td><td>30</td>", "target NOT met", "51.2% [49.7–52.7]",
			"<td>Ember Tyrant: cost 5, Turn limit 30</td><td>52.0%</td>", "<h2>Tuned Ember Tyrant: cost, Turn limit toward"}},
		{i18n.DE, []string{"<td>Ember Tyrant: Kosten</td><td>5</td>", "<td>Zuglimit</td><td>30</td>", "Ziel NICHT erreicht", "51,2\u00a0% [49,7–52,7]"}},
	} {
		var out strings.Builder
		if err := sim.WriteHTML(&out, sim.Document{Title: "t", Tuning: b.ReportIn(c.l), Lang: c.l}); err != nil {
			t.Fatal(err)
		}
		page := out.String()
		for _, w := range c.want {
			if !strings.Contains(page, w) {
				t.Errorf("%s: the report lacks %q", c.l, w)
			}
		}
		if n := strings.Count(page, "<circle") + strings.Count(page, "<path"); !strings.Contains(page, `id="chart-tuning"`) || n == 0 {
			t.Errorf("%s: no chart of the evaluations", c.l)
		}
	}
}
