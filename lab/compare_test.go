package lab

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	"kartenwerk/sim"
)

// For two Wilson intervals the difference's interval is Newcombe's hybrid
// score interval: his example (1998, method 10), 56/70 against 48/80,
// gives 0.2000 [0.0524, 0.3339].
func TestMoverIsNewcombesIntervalForWilsonRates(t *testing.T) {
	d := mover("first", "", sim.Wilson(48, 80), sim.Wilson(56, 70))
	for _, c := range []struct{ got, want float64 }{{d.Diff, 0.2}, {d.Low, 0.0524}, {d.High, 0.3339}} {
		if math.Abs(c.got-c.want) > 0.00051 {
			t.Fatalf("difference %.4f [%.4f, %.4f], want 0.2000 [0.0524, 0.3339]", d.Diff, d.Low, d.High)
		}
	}
	if !d.Significant {
		t.Fatal("an interval above zero is not marked significant")
	}
	if same := mover("first", "", sim.Wilson(48, 80), sim.Wilson(48, 80)); same.Significant || same.Low >= 0 || same.High <= 0 {
		t.Fatalf("equal rates: %+v, want an interval around zero, not significant", same)
	}
}

// Two runs compared list every figure the game reports, each difference
// inside its own interval.
func TestCompareRunsGivesEveryFigureAndItsInterval(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	a, _, _ := c.submit(quick(200))
	s := quick(200)
	s.Seed = 8
	b, _, _ := c.submit(s)
	c.wait(a.ID)
	c.wait(b.ID)
	var cmp Comparison
	c.lang = "de"
	if status, eb := c.do("GET", "/api/lab/compare?a="+a.ID+"&b="+b.ID, nil, &cmp); status != http.StatusOK {
		t.Fatalf("compare: %d %s", status, eb.Error)
	}
	seen := map[string]bool{}
	for _, d := range cmp.Differences {
		seen[d.Figure] = true
		// The ways of ending in the reader's words (ME-7.1, ME-7.2).
		if want := map[string]string{"plunder": "Geplündert", "deck-out": "Leeres Deck"}[d.Name]; d.Figure == "reason" && want != "" && d.Label != want {
			t.Errorf("ending %s is labelled %q in German, want %q", d.Name, d.Label, want)
		}
		if d.Interval && !(d.Low <= d.Diff && d.Diff <= d.High) {
			t.Errorf("%s %s: %.3f outside its interval [%.3f, %.3f]", d.Figure, d.Name, d.Diff, d.Low, d.High)
		}
	}
	for _, fig := range []string{"first", "seat", "draw", "cap", "turns", "reason"} {
		if !seen[fig] {
			t.Errorf("no %s figure among %d differences", fig, len(cmp.Differences))
		}
	}
	if seen["entrant"] {
		t.Error("unmirrored runs list their entrants, which are their seats, twice")
	}
	if cmp.A.Report != nil || cmp.B.Report != nil {
		t.Error("the comparison carries both reports whole")
	}
}

func TestCompareRefusesUnfinishedRuns(t *testing.T) {
	_, srv := testLab(t, Limits{RunsAtOnce: 1})
	c := newClient(t, srv, "")
	a, _, _ := c.submit(long())
	b, _, _ := c.submit(long())
	status, eb := c.do("GET", "/api/lab/compare?a="+a.ID+"&b="+b.ID, nil, nil)
	if status != http.StatusConflict || eb.Key != "lab.err_compare_unfinished" {
		t.Fatalf("comparing unfinished runs: %d %s", status, eb.Key)
	}
	for _, id := range []string{a.ID, b.ID} {
		c.do("POST", "/api/lab/runs/"+id+"/cancel", struct{}{}, nil)
	}
}

// Every way a game ends that a batch of its games meets has words in
// every language, so that the compare view never shows a bare id; so
// has every figure the game measures, which German and Czech do not
// leave in English.
func TestEveryEndReasonAndFigureHasWordsInEveryLanguage(t *testing.T) {
	for _, g := range engine.Games() {
		if _, ok := g.(engine.Speaker); !ok {
			continue
		}
		rep, err := sim.Run(context.Background(), sim.Config{Game: g, Games: 60, Seed: 3, Agents: []string{"random"}})
		if err != nil {
			t.Fatalf("%s: %v", g.Info().ID, err)
		}
		if len(rep.EndReasons) == 0 {
			t.Errorf("%s: 60 games ended for no reason", g.Info().ID)
		}
		for _, lang := range i18n.Langs {
			diffs := make([]Difference, len(rep.EndReasons))
			for i, s := range rep.EndReasons {
				diffs[i] = Difference{Figure: "reason", Name: s.Name}
			}
			for _, m := range rep.MeasureStats {
				diffs = append(diffs, Difference{Figure: "measure", Name: m.Name})
			}
			nameGameWords(g, diffs, lang)
			for _, d := range diffs {
				if d.Label == "" || (d.Figure == "reason" || lang != i18n.EN) && d.Label == d.Name {
					t.Errorf("%s, %s: the %s %q has no words", g.Info().ID, lang, d.Figure, d.Name)
				}
			}
		}
	}
}

// A card the runs edit that has no row, as they played it too seldom to
// compare, is named with its games and why, in the reader's language.
func TestCompareSaysWhyAnEditedCardHasNoRow(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	edited := strings.Replace(c.shippedFile("zynalith", "creatures.yaml"), "{name: Sumpfratte, kind: creature, cost: 2", "{name: Sumpfratte, kind: creature, cost: 4", 1)
	a := c.play(Spec{Game: "zynalith", Games: 6, Agents: []string{"random"}, Seed: 3}, 6)
	b := c.play(Spec{Game: "zynalith", Games: 6, Agents: []string{"random"}, Seed: 3, CardFile: "creatures.yaml", Cards: edited}, 6)
	var cmp Comparison
	c.lang = "de"
	if status, eb := c.do("GET", "/api/lab/compare?a="+a.ID+"&b="+b.ID, nil, &cmp); status != http.StatusOK {
		t.Fatalf("compare: %d %s", status, eb.Error)
	}
	if len(cmp.Unshown) != 1 || cmp.Unshown[0].Name != "Sumpfratte" || cmp.Unshown[0].Needs != minCardSeatGames || cmp.Unshown[0].PlayedB >= minCardSeatGames {
		t.Fatalf("unshown %+v, want Sumpfratte, played too seldom", cmp.Unshown)
	}
	if len(cmp.Notes) != 2 || !strings.Contains(cmp.Notes[1], "Sumpfratte") || !strings.Contains(cmp.Notes[1], "keine Zeile") {
		t.Errorf("notes %q, want the pairing's and one saying in German why Sumpfratte has no row", cmp.Notes)
	}
}

// Two runs of one seed played the same deals: their first player, seats,
// draws, turn cap, ways of ending and length are compared game by game,
// many of which a change of one card leaves alike, so the interval is
// narrower than one built from the two runs' own (MOVER; 0.089 wide
// against 0.159 here), and the page is told why.
// Runs of two seeds are compared as independent, and no run's packed
// games reach a page.
func TestCompareGameByGameForRunsOfOneSeed(t *testing.T) {
	c, edited := sumpfratteClient(t)
	spec := Spec{Game: "zynalith", Games: 300, Agents: []string{"greedy"}, Seed: 7, Mirror: true}
	a := c.play(spec, 300)
	spec.CardFile, spec.Cards = "creatures.yaml", edited
	b := c.play(spec, 300)
	spec.Seed = 8
	other := c.play(spec, 300)
	compare := func(idA, idB string) (Comparison, Difference) {
		var cmp Comparison
		if status, eb := c.do("GET", "/api/lab/compare?a="+idA+"&b="+idB, nil, &cmp); status != http.StatusOK {
			t.Fatalf("compare: %d %s", status, eb.Error)
		}
		for _, d := range cmp.Differences {
			if d.Figure == "first" {
				return cmp, d
			}
		}
		t.Fatal("no row of the first player")
		return cmp, Difference{}
	}
	paired, first := compare(a.ID, b.ID)
	if !paired.Paired || first.Method != sim.MethodTango+"-by-deal" || len(paired.Notes) == 0 || !strings.Contains(paired.Notes[0], "same deals (seed 7)") {
		t.Fatalf("runs of one seed: paired %v, method %q, notes %q", paired.Paired, first.Method, paired.Notes)
	}
	entrants := 0
	for _, d := range paired.Differences {
		if (d.Figure == "reason" || d.Figure == "entrant") && !strings.HasPrefix(d.Method, sim.MethodTango) {
			t.Errorf("the %s %s is compared by %s, not game by game", d.Figure, d.Name, d.Method)
		}
		if d.Figure == "entrant" {
			entrants++
		}
	}
	if entrants != 2 {
		t.Errorf("mirrored runs of two seats compare %d entrants, want 2", entrants)
	}
	apart, firstApart := compare(a.ID, other.ID)
	if apart.Paired || firstApart.Method != MethodMOVER {
		t.Errorf("runs of two seeds: paired %v, method %q", apart.Paired, firstApart.Method)
	}
	if first.High-first.Low >= 0.75*(firstApart.High-firstApart.Low) {
		t.Errorf("game by game the first player's difference is %+.3f [%+.3f, %+.3f], not a quarter narrower than two seeds' [%+.3f, %+.3f]",
			first.Diff, first.Low, first.High, firstApart.Low, firstApart.High)
	}
	for _, path := range []string{"/api/lab/runs/" + a.ID, "/api/lab/compare?a=" + a.ID + "&b=" + b.ID} {
		var raw map[string]any
		c.do("GET", path, nil, &raw)
		if body, _ := json.Marshal(raw); strings.Contains(string(body), `"outcomes"`) {
			t.Errorf("%s sends the packed games", path)
		}
	}
}

// Two runs whose decks hold their cards often enough compare each card's
// impact in the opening hand, deck by deck, as their reports rank it.
func TestCompareGivesEachCardsImpactInTheOpeningHand(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	spec := Spec{Game: "mystimons", Games: 600, Agents: []string{"random"}, Seed: 7}
	a := c.play(spec, 600)
	spec.Seed = 8
	b := c.play(spec, 600)
	var cmp Comparison
	if status, eb := c.do("GET", "/api/lab/compare?a="+a.ID+"&b="+b.ID, nil, &cmp); status != http.StatusOK {
		t.Fatalf("compare: %d %s", status, eb.Error)
	}
	var reportA sim.Report
	c.do("GET", "/api/lab/runs/"+a.ID+"/report.json", nil, &reportA)
	rows := 0
	for _, d := range cmp.Differences {
		if d.Figure != "card_opening" {
			continue
		}
		rows++
		i := slices.IndexFunc(reportA.OpeningRanking, func(s sim.CardStat) bool { return s.Label() == d.Name })
		if i < 0 || reportA.OpeningRanking[i].DrawImpact != d.A.Rate || d.Diff != d.B.Rate-d.A.Rate || !(d.Low <= d.Diff && d.Diff <= d.High) {
			t.Errorf("%s in the opening hand: A %+v, B %+v, B − A %+.3f [%+.3f, %+.3f]; A's ranking has it at %d", d.Name, d.A, d.B, d.Diff, d.Low, d.High, i)
		}
	}
	if rows == 0 || rows > len(reportA.OpeningRanking) {
		t.Errorf("%d cards compared by their opening hand, of %d that run A ranks", rows, len(reportA.OpeningRanking))
	}
	// With so many figures, the page says how many would differ by chance.
	n, significant := 0, 0
	for _, d := range cmp.Differences {
		if d.Interval {
			n++
			if d.Significant {
				significant++
			}
		}
	}
	want := fmt.Sprintf("%d of %s figures differ significantly. Were nothing changed, about %d would by chance alone", significant, i18n.Int(i18n.EN, n), int(math.Round(0.05*float64(n))))
	if !slices.ContainsFunc(cmp.Notes, func(note string) bool { return strings.HasPrefix(note, want) }) {
		t.Errorf("the notes %q do not say %q", cmp.Notes, want)
	}
	kept := 0
	for _, d := range cmp.Differences {
		if d.Discovery {
			kept++
		}
	}
	if want := fmt.Sprintf("are marked ★★: %d.", kept); !slices.ContainsFunc(cmp.Notes, func(note string) bool { return strings.HasSuffix(note, want) }) {
		t.Errorf("the notes %q do not end %q", cmp.Notes, want)
	}
}

// Among many figures, one far from 0 stays significant when all are
// allowed for and one just past its 95% interval's end does not; among a
// few, nothing is marked (the page explains the mark only where it
// notes the chance of many figures).
func TestCompareMarksWhatStaysSignificantAmongManyFigures(t *testing.T) {
	figure := func(z float64) Difference {
		const se = 0.01
		return Difference{Figure: "card_win", Diff: z * se, Low: (z - 1.96) * se, High: (z + 1.96) * se, Interval: true,
			Significant: math.Abs(z) > 1.96}
	}
	many := []Difference{figure(6), figure(2.1)}
	for i := range 28 {
		many = append(many, figure(float64(i%7-3)/2)) // within ±1.5 standard errors
	}
	many = append(many, Difference{Figure: "measure", Diff: 3}) // no interval: no mark
	markDiscoveries(many)
	for i, d := range many {
		if want := i == 0; d.Discovery != want {
			t.Errorf("figure %d (%+.3f [%+.3f, %+.3f]): discovery %v, want %v", i, d.Diff, d.Low, d.High, d.Discovery, want)
		}
	}
	few := many[:19]
	for i := range few {
		few[i].Discovery = false
	}
	markDiscoveries(few)
	if slices.ContainsFunc(few, func(d Difference) bool { return d.Discovery }) {
		t.Errorf("among %d figures some are marked", len(few))
	}
}

// A designer who re-costs a start card (Athernum) sees what starting with
// it is now worth: each deck's win rate by the cards set aside, where both
// runs saw them in enough seat-games.
func TestCompareGivesEachStartCardsWinRate(t *testing.T) {
	rate := func(deck, card string, won, games int) sim.AsideRate {
		return sim.AsideRate{Deck: deck, Aside: []string{card}, SeatGames: games, Win: sim.Wilson(float64(won), float64(games))}
	}
	a := &sim.Report{AsideRates: []sim.AsideRate{rate("Grove Growth", "Grove Matriarch", 500, 521), rate("Grove Growth", "Ancient Dryad", 300, 791),
		rate("Tide Control", "Harbor Captain", 5, 20)}}
	b := &sim.Report{AsideRates: []sim.AsideRate{rate("Grove Growth", "Ancient Dryad", 400, 800), rate("Tide Control", "Harbor Captain", 50, 100)}}
	var got []Difference
	for _, d := range compareReports(a, b) {
		if d.Figure == "aside" {
			got = append(got, d)
		}
	}
	if len(got) != 1 || got[0].Name != "Grove Growth: Ancient Dryad" {
		t.Fatalf("start cards compared: %+v, want only Ancient Dryad's (Matriarch is not in B, Harbor Captain too seldom in A)", got)
	}
	if d := got[0]; math.Abs(d.Diff-(0.5-300.0/791)) > 1e-9 || !d.Significant || d.Low <= 0 {
		t.Errorf("Ancient Dryad: B − A %+.3f [%+.3f, %+.3f], want +0.121 and significant", d.Diff, d.Low, d.High)
	}
}

// Runs played until precise stop after as many deals whatever their games
// show (sim.UntilPrecisePacked), so two of one seed and target, one with a
// card changed, played the same deals and compare game by game, as runs
// of a fixed size do.
func TestCompareGameByGameForRunsPlayedUntilPrecise(t *testing.T) {
	c, edited := sumpfratteClient(t)
	spec := Spec{Game: "zynalith", UntilCI: 10, Agents: []string{"greedy"}, Seed: 7, Mirror: true}
	precise := func(s Spec) Run {
		run, status, eb := c.submit(s)
		if status != http.StatusAccepted {
			t.Fatalf("submit: %d %s", status, eb.Error)
		}
		done := c.wait(run.ID)
		if done.Status != Done || done.Report.Precision == nil || !done.Report.Precision.Reached {
			t.Fatalf("the run ended %s (%s), precision %+v", done.Status, done.Error, done.Report.Precision)
		}
		return done
	}
	a := precise(spec)
	spec.CardFile, spec.Cards = "creatures.yaml", edited
	b := precise(spec)
	if a.Played != b.Played {
		t.Fatalf("the runs stopped after %d and %d games", a.Played, b.Played)
	}
	var cmp Comparison
	if status, eb := c.do("GET", "/api/lab/compare?a="+a.ID+"&b="+b.ID, nil, &cmp); status != http.StatusOK {
		t.Fatalf("compare: %d %s", status, eb.Error)
	}
	if !cmp.Paired || len(cmp.Notes) == 0 || !strings.Contains(cmp.Notes[0], "same deals (seed 7)") {
		t.Fatalf("runs played until precise on one seed: paired %v, notes %q", cmp.Paired, cmp.Notes)
	}
	for _, d := range cmp.Differences {
		if d.Figure == "first" && d.Method != sim.MethodTango+"-by-deal" {
			t.Errorf("the first player's difference is compared by %s, not deal by deal", d.Method)
		}
	}
}

// sumpfratteClient is an English reader of a new lab, and Zynalith's
// shipped creatures with Sumpfratte costing 4 instead of 2.
func sumpfratteClient(t *testing.T) (*client, string) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	c.lang = "en"
	return c, strings.Replace(c.shippedFile("zynalith", "creatures.yaml"), "{name: Sumpfratte, kind: creature, cost: 2", "{name: Sumpfratte, kind: creature, cost: 4", 1)
}
