package sim_test

import (
	"strings"
	"testing"

	"kartenwerk/engine"
	_ "kartenwerk/games/mysticelements"
	_ "kartenwerk/games/zynalith"
	"kartenwerk/sim"
)

// Cards are counted under the deck their seat played. A Mystic Elements
// seat given no deck list builds one of three colours (ME-3.1, ME-8.1),
// and a Zynalith seat has none (ZY-8.1): neither plays the preset
// engine.DefaultPreset would assign, which names no deck they played.
func TestCardsCountUnderTheDeckPlayed(t *testing.T) {
	t.Run("mysticelements", func(t *testing.T) {
		g, err := engine.Lookup("mysticelements")
		if err != nil {
			t.Fatal(err)
		}
		colour := map[string]string{}
		for _, c := range g.Cards() {
			colour[c.Name] = c.Group
		}
		rep := run(t, sim.Config{Game: g, Games: 60, Seed: 3, Seats: 2, Agents: []string{"random"}})
		rows := 0
		for _, c := range rep.CardStats {
			if c.Pooled || c.Played+c.Drawn == 0 {
				continue
			}
			rows++
			if colours := strings.Split(strings.ReplaceAll(c.Deck, " and ", ", "), ", "); len(colours) != 3 ||
				!strings.Contains(strings.ToLower(c.Deck), colour[c.Name]) {
				t.Errorf("%s (%s) is counted under %q, a deck without its colour", c.Name, colour[c.Name], c.Deck)
			}
		}
		if rows == 0 {
			t.Fatal("no card was counted")
		}
	})
	t.Run("zynalith", func(t *testing.T) {
		g, err := engine.Lookup("zynalith")
		if err != nil {
			t.Fatal(err)
		}
		rep := run(t, sim.Config{Game: g, Games: 10, Seed: 3, Seats: 2, Agents: []string{"random"}})
		for _, c := range rep.CardStats {
			if c.Deck != "" {
				t.Fatalf("%s is counted under the deck %q, where seats share the stacks", c.Name, c.Deck)
			}
		}
	})
}

// The report's card table lists the rows played and not played in at
// least 30 seat-games each, as the text report does: with a Mystic
// Elements deck per colour triple, most rows hold a few games, whose
// differences of ±100% would head a table sorted by impact. A batch with
// no such row has no card table.
func TestHTMLCardTableListsComparableRows(t *testing.T) {
	g, err := engine.Lookup("mysticelements")
	if err != nil {
		t.Fatal(err)
	}
	for _, games := range []int{4, 300} {
		rep := run(t, sim.Config{Game: g, Games: games, Seed: 5, Seats: 2, Agents: []string{"random"}})
		want := 0
		for _, c := range rep.CardStats {
			if c.Played >= 30 && c.NotPlayed >= 30 {
				want++
			}
		}
		var page strings.Builder
		if err := sim.WriteHTML(&page, sim.Document{Title: "cards", Report: rep}); err != nil {
			t.Fatal(err)
		}
		_, table, found := strings.Cut(page.String(), `<table class="cards">`)
		table, _, _ = strings.Cut(table, "</table>")
		if rows := strings.Count(table, "<tr>") - 1; found && rows != want || !found && want > 0 {
			t.Errorf("%d games: the card table has %d rows (found %v), want the %d of 30 seat-games each way", games, rows, found, want)
		}
		if games == 300 && (want == 0 || want == len(rep.CardStats)) {
			t.Errorf("%d games: %d of %d card rows comparable, so the table's choice is not tested", games, want, len(rep.CardStats))
		}
	}
}
