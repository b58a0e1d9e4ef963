package sim

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"gonum.org/v1/plot/plotter"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest/trick"
)

func TestDodgeMovesTheLinesApartByAFractionOfTheStep(t *testing.T) {
	bars := func(xs ...float64) *errorBars {
		g := &errorBars{}
		for _, x := range xs {
			g.XYs = append(g.XYs, plotter.XY{X: x})
		}
		return g
	}
	xs := func(g *errorBars) string {
		var out []string
		for _, p := range g.XYs {
			out = append(out, fmt.Sprintf("%.2f", p.X))
		}
		return fmt.Sprint(out)
	}
	for _, tc := range []struct {
		name   string
		groups map[string]*errorBars
		order  []string
		want   map[string]string
	}{
		{"one line stays", map[string]*errorBars{"": bars(2, 3, 4)}, []string{""}, map[string]string{"": "[2.00 3.00 4.00]"}},
		{"two lines, step 1", map[string]*errorBars{"a": bars(2, 3), "b": bars(2, 3)}, []string{"a", "b"},
			map[string]string{"a": "[1.90 2.90]", "b": "[2.10 3.10]"}},
		{"three lines, step 2", map[string]*errorBars{"a": bars(2, 4), "b": bars(2, 4), "c": bars(2, 4)}, []string{"a", "b", "c"},
			map[string]string{"a": "[1.80 3.80]", "b": "[2.00 4.00]", "c": "[2.20 4.20]"}},
		{"one value each", map[string]*errorBars{"a": bars(5), "b": bars(5)}, []string{"a", "b"},
			map[string]string{"a": "[4.90]", "b": "[5.10]"}},
	} {
		dodge(tc.groups, tc.order)
		for key, want := range tc.want {
			if got := xs(tc.groups[key]); got != want {
				t.Errorf("%s: line %q at %s, want %s", tc.name, key, got, want)
			}
		}
	}
}

// Every setting of a sweep plays the same deals, so each is compared with
// the first game by game: two settings that play alike differ by nothing,
// within the narrow interval no change in any game allows, and the
// figure's own method says how (Tango's for the first player's rate, the
// paired mean for the length).
func TestSweepComparesEverySettingWithTheFirstGameByGame(t *testing.T) {
	same := []Setting{{Values: []string{"1"}, Game: trick.Game{}}, {Values: []string{"2"}, Game: trick.Game{}}}
	for _, tc := range []struct {
		figure, method string
	}{{"first", MethodTango}, {"length", MethodPairedMean}} {
		fig, err := ParseFigure(tc.figure)
		if err != nil {
			t.Fatal(err)
		}
		sw, err := RunSweep(context.Background(), Config{Game: trick.Game{}, Games: 400, Seed: 2, Seats: 2}, "Imp", []string{"cost"}, same, fig, nil)
		if err != nil {
			t.Fatal(err)
		}
		first, second := sw.Points[0], sw.Points[1]
		if first.Change != nil || second.Change == nil || !sw.Paired() {
			t.Fatalf("%s: changes %+v and %+v, want none for the first setting and one for the second", tc.figure, first.Change, second.Change)
		}
		if c := second.Change; c.Diff != 0 || c.Method != tc.method || c.High-c.Low > 0.02 || c.N != 400 {
			t.Errorf("%s: two settings that play alike differ by %+v", tc.figure, *c)
		}
		var text strings.Builder
		sw.WriteText(&text)
		if !strings.Contains(text.String(), "against cost 1 (game by game)") {
			t.Errorf("%s: the table does not give the change:\n%s", tc.figure, text.String())
		}
		var page strings.Builder
		if err := WriteHTML(&page, Document{Title: "t", Sweep: sw}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(page.String(), "<th>against cost 1, game by game [95%]</th>") || !strings.Contains(page.String(), "<td>—</td>") {
			t.Errorf("%s: the report's table does not give the change", tc.figure)
		}
	}
}

// A sweep of two fields compares each setting with the first of its line:
// the first value of the first field at the same value of the second, so
// that each line's changes are the first field's doing alone.
func TestSweepOfTwoFieldsComparesAlongEachLine(t *testing.T) {
	var settings []Setting
	for _, v := range [][]string{{"1", "a"}, {"1", "b"}, {"2", "a"}, {"2", "b"}} {
		settings = append(settings, Setting{Values: v, Game: trick.Game{}})
	}
	fig, _ := ParseFigure("first")
	sw, err := RunSweep(context.Background(), Config{Game: trick.Game{}, Games: 100, Seed: 2, Seats: 2}, "Imp", []string{"cost", "atk"}, settings, fig, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []bool{false, false, true, true} {
		if got := sw.Points[i].Change != nil; got != want {
			t.Errorf("setting %v: a change %v, want %v", sw.Points[i].Values, got, want)
		}
	}
	if c := sw.Points[3].Change; c == nil || c.Option != "cost 2, atk b" || c.Diff != 0 {
		t.Errorf("setting cost 2, atk b: change %+v, want none from cost 1 at atk b", c)
	}
}

// A deck's win rate is compared game by game too. With three seats the
// deck's seat in a mirrored game is found from the game's rotation, so
// the paired rates must be the two settings' own rates of that deck,
// which they would not be if the seat were the entrant's.
func TestSweepComparesADecksWinRateGameByGame(t *testing.T) {
	var decks []engine.DeckList
	for _, name := range []string{"Alpha", "Beta", "Gamma"} {
		d := trick.Game{}.Presets()[0]
		d.Name = name
		decks = append(decks, d)
	}
	cfg := Config{Game: trick.Game{}, Games: 300, Seed: 4, Seats: 3, Mirror: true, Decks: decks,
		Agents: []string{"random", "random", "greedy"}}
	settings := []Setting{{Values: []string{"1"}, Game: trick.Game{}}, {Values: []string{"2"}, Game: trick.Game{Recycle: true}}}
	fig, err := ParseFigure("deck:Gamma")
	if err != nil {
		t.Fatal(err)
	}
	sw, err := RunSweep(context.Background(), cfg, "One", []string{"value"}, settings, fig, nil)
	if err != nil {
		t.Fatal(err)
	}
	first, second := sw.Points[0], sw.Points[1]
	c := second.Change
	if c == nil {
		t.Fatal("the deck's win rate has no change from the first setting")
	}
	if c.Base != first.Figure.Rate || c.Value != second.Figure.Rate || c.N != cfg.Games {
		t.Errorf("paired rates %.4f -> %.4f over %d games, want the settings' own %.4f -> %.4f over %d",
			c.Base, c.Value, c.N, first.Figure.Rate, second.Figure.Rate, cfg.Games)
	}
	if c.Method != MethodTango+"-by-deal" || c.Measure != "Gamma's win rate" {
		t.Errorf("change %+v: want Tango's interval by deal, of Gamma's win rate", *c)
	}
	if first.Figure.Rate == first.FirstPlayer.Rate {
		t.Errorf("the greedy deck wins as often as the first player (%.4f): the test cannot tell them apart", first.Figure.Rate)
	}
}

// A start card's win rate counts the seats that set it aside alone,
// over every deck that did, and no others.
func TestStartRateCountsTheSeatsThatStartedWithTheCard(t *testing.T) {
	tally := NewTally(Config{Game: trick.Game{}, Games: 1, Seats: 2, Agents: []string{"random"}})
	// Fire sets One aside in 30 games and wins 20; Water sets One aside in
	// 10 and wins 4; the other seats start with Two.
	for i := range 40 {
		decks := []string{"Fire", "Water"}
		aside := [][]int{{1}, {1}}
		seat, won := 0, i < 20
		if i >= 30 {
			seat, won = 1, i < 34
		}
		aside[seat] = []int{0}
		winner := engine.Seat(1 - seat)
		if won {
			winner = engine.Seat(seat)
		}
		tally.Add(GameResult{Index: i, First: 0, Winners: engine.SeatSet(0).With(winner), Reason: "tricks", Turns: 9,
			Drawn: [][]int{{2}, {2}}, Aside: aside, Decks: decks})
	}
	rep := tally.Report()
	fig, err := ParseFigure("start:One")
	if err != nil {
		t.Fatal(err)
	}
	iv, err := fig.Of(rep)
	if err != nil || iv.N != 40 || iv.Rate != 24.0/40 {
		t.Errorf("One as start card: %+v, %v; want 24 of 40", iv, err)
	}
	if _, err := startRate(rep, "Three"); err == nil || !strings.Contains(err.Error(), "no seat picked Three as its start card") {
		t.Errorf("a card no seat started with: %v", err)
	}
	if _, err := startRate(&Report{}, "One"); err == nil || !strings.Contains(err.Error(), "no seat set a card aside before the deal") {
		t.Errorf("a game without start cards: %v", err)
	}
}
