package main

import (
	"regexp"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// A player's counters read as the browser's table shows them: dotted names
// under their group with zeros left out, and a group named like a plain
// counter after that counter.
func TestCountersAreGroupedAsOnTheTable(t *testing.T) {
	stats := func(kv ...any) []engine.Stat {
		var out []engine.Stat
		for i := 0; i < len(kv); i += 2 {
			out = append(out, engine.Stat{Name: kv[i].(string), Value: kv[i+1].(int)})
		}
		return out
	}
	for _, tc := range []struct {
		game     string
		lang     i18n.Lang
		counters []engine.Stat
		want     string
	}{
		{"mysticelements", i18n.EN, stats("energy.red", 1, "energy.yellow", 0, "energy.blue", 2, "round", 3),
			"Energy Red 1, Blue 2 · Round 3"},
		{"mysticelements", i18n.CS, stats("energy.red", 0, "energy.blue", 0, "limit", 5),
			"Energie 0 · Limit karet 5"},
		{"mystimons", i18n.EN, stats("pool", 3, "pool.fire", 2, "pool.any", 1),
			"Pool energy 3 (Fire 2, Rainbow 1)"},
	} {
		g, err := engine.Lookup(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		sp := speech{l: tc.lang, game: g.(engine.Speaker).Catalog()}
		if got := sp.countersText(tc.counters); got != tc.want {
			t.Errorf("%s in %s: %q, want %q", tc.game, tc.lang, got, tc.want)
		}
	}
}

// The table's header names the game as its players do, not by its id.
func TestTableHeaderNamesTheGame(t *testing.T) {
	g, err := engine.Lookup("microlife")
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.New(engine.Setup{Game: "microlife", Seats: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	speech{l: i18n.DE, game: g.(engine.Speaker).Catalog()}.writeTable(&out, s.View(0))
	if !strings.HasPrefix(out.String(), "Micro-Life · Zug 1") {
		t.Errorf("the table begins %q, want the game's name", strings.SplitN(out.String(), "\n", 2)[0])
	}
}

// A seat a game names by more than its number shows that name: Mystic
// Elements' seats with the colours they picked (ME-3.1).
func TestTableNamesSeatsAsTheGameDoes(t *testing.T) {
	g, err := engine.Lookup("mysticelements")
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.New(engine.Setup{Game: "mysticelements", Seats: 2, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 { // each seat picks its first colour
		legal := s.Legal(nil)
		if err := s.Apply(legal[0]); err != nil {
			t.Fatal(err)
		}
	}
	sp := speech{l: i18n.EN, game: g.(engine.Speaker).Catalog()}
	var out strings.Builder
	sp.writeTable(&out, engine.Localized(s, 0, sp.words()))
	for _, p := range []string{"p1", "p2"} {
		if !regexp.MustCompile(`(?m)^` + p + ` \((Red|Yellow|Blue|Green|Black|White|Purple|Brown)\)`).MatchString(out.String()) {
			t.Errorf("%s is not shown with its colour:\n%s", p, out.String())
		}
	}
}
