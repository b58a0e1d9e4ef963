package mystimons

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
)

// A designer's directory: a new fire line, and a new element (air) with
// its chart entries and basic energy (MM-10.U1, MM-10.U5).
const (
	fireLine = `cards:
  - {name: Flickit, kind: mystimon, element: fire, stage: 1, hp: 40, atk: 13, def: 3, spd: 8, basic: Flicker,
     abilities: ["Singe (1): power +2, burn"]}
  - {name: Flarehound, kind: mystimon, element: fire, stage: 2, from: Flickit, hp: 60, atk: 18, def: 5, spd: 10, basic: Fire Fang}
`
	airLine = `cards:
  - {name: Gustling, kind: mystimon, element: air, stage: 1, hp: 40, atk: 11, def: 4, spd: 12, basic: Gust,
     abilities: ["Tailwind (2 air): power +3, reach"]}
  - {name: Galeon, kind: mystimon, element: air, stage: 2, from: Gustling, hp: 60, atk: 16, def: 6, spd: 14, basic: Gale Slash}
  - {name: Air Energy, kind: energy, element: air}
  - {name: Open Skies, kind: terrain, cost: 3, effect: "atk +3 air"}
`
	airChart = `elements: [air]
chart:
  - {attacker: air, defender: earth, multiplier: 2}
  - {attacker: earth, defender: air, multiplier: 0.5}
  - {attacker: fire, defender: air, multiplier: 2}
`
)

func designerDir() fstest.MapFS {
	return fstest.MapFS{
		"fire-extra.yaml": {Data: []byte(fireLine)},
		"air.yaml":        {Data: []byte(airLine)},
		"elements.yaml":   {Data: []byte(airChart)},
	}
}

func withCards(t *testing.T, g *Game, dir fstest.MapFS) *Game {
	t.Helper()
	ng, err := g.WithCards(dir)
	if err != nil {
		t.Fatalf("WithCards: %v", err)
	}
	return ng.(*Game)
}

func cardInfo(cards []engine.CardInfo, name string) (engine.CardInfo, bool) {
	i := slices.IndexFunc(cards, func(c engine.CardInfo) bool { return c.Name == name })
	if i < 0 {
		return engine.CardInfo{}, false
	}
	return cards[i], true
}

func stat(ci engine.CardInfo, name string) int {
	for _, s := range ci.Stats {
		if s.Name == name {
			return s.Value
		}
	}
	return -1
}

// playsCard is an invariant that notes when a card of the given name is in
// play, so that a test can tell the card was not only dealt but played.
func playsCard(name string, seen *bool) func(engine.State) error {
	return func(st engine.State) error {
		s := st.(*state)
		for c := int16(1); c <= s.nCards; c++ {
			if s.cards[c].zone == zField && s.def(c).name == name {
				*seen = true
			}
		}
		return invariants(st)
	}
}

// MM-10.U5, MM-8: added cards join the pool, decks with them validate, and
// random games play them with every invariant kept.
func TestWithCardsAddsCardsThatPlay_MM_10_U5(t *testing.T) {
	g := withCards(t, New(), designerDir())
	cases := []struct {
		card, group, deck string
	}{
		{"Flickit", "fire", "3 Flickit\n3 Flarehound\n3 Embrix\n3 Flaru\n3 Potion\n25 Fire Energy\n"},
		{"Gustling", "air", "3 Gustling\n3 Galeon\n3 Aquor\n2 Open Skies\n15 Air Energy\n15 Water Energy\n"},
	}
	for _, c := range cases {
		t.Run(c.card, func(t *testing.T) {
			ci, ok := cardInfo(g.Cards(), c.card)
			if !ok || ci.Group != c.group {
				t.Fatalf("%s in Cards(): %v %+v, want group %s", c.card, ok, ci, c.group)
			}
			deck := parseDeck(t, c.deck)
			if ps := g.ValidateDeck(deck); len(ps) > 0 {
				t.Fatalf("the deck is illegal: %v", engine.Problems(ps))
			}
			var played bool
			enginetest.RandomGames(t, g, enginetest.Options{Games: 40, Invariants: playsCard(c.card, &played),
				Setup: func(i int) engine.Setup {
					return engine.Setup{Game: "mystimons", Seats: 2, Seed: uint64(i), Decks: []engine.DeckList{deck, g.Presets()[i%3]}}
				}})
			if !played {
				t.Errorf("no random game put %s into play", c.card)
			}
		})
	}
}

// MM-10.U1, MM-5.8: a designer's elements.yaml adds an element and its
// multipliers to the shipped chart; the shipped pairs stay.
func TestWithCardsExtendsTheElementChart_MM_10_U1(t *testing.T) {
	p := withCards(t, New(), designerDir()).pool
	air, _ := p.elem("air")
	fire, _ := p.elem("fire")
	water, _ := p.elem("water")
	earth, _ := p.elem("earth")
	cases := []struct {
		name     string
		atk, def int8
		want     int8 // in halves: 4 = x2, 2 = x1, 1 = x0.5
	}{
		{"air beats earth (added)", air, earth, 4},
		{"earth resists air (added)", earth, air, 1},
		{"fire beats air (added)", fire, air, 4},
		{"air on water is neutral (not listed)", air, water, 2},
		{"water beats fire (shipped)", water, fire, 4},
		{"fire resists water (shipped)", fire, water, 1},
	}
	for _, c := range cases {
		if got := p.chart[c.atk][c.def]; got != c.want {
			t.Errorf("%s: multiplier %d halves, want %d", c.name, got, c.want)
		}
	}
	if len(p.elems) != 4 {
		t.Errorf("elements %v, want the three shipped and air", p.elems)
	}
}

// A replaced card takes the shipped card's place with its new stats, the
// presets that use it still validate and play, and the registered game is
// unchanged.
func TestWithCardsReplacesACard_MM_10_U5(t *testing.T) {
	registered, err := engine.Lookup("mystimons")
	if err != nil {
		t.Fatal(err)
	}
	before := registered.Cards()
	dir := fstest.MapFS{"embrix.yaml": {Data: []byte("cards:\n  - {name: Embrix, kind: mystimon, element: fire, stage: 1, hp: 50, atk: 14, def: 4, spd: 7, basic: Ember Bite}\n")}}
	g := withCards(t, New(), dir)
	ci, _ := cardInfo(g.Cards(), "Embrix")
	if stat(ci, "hp") != 50 || stat(ci, "atk") != 14 || strings.Contains(ci.Text, "Spark") {
		t.Fatalf("replaced Embrix: %+v", ci)
	}
	if i := slices.IndexFunc(g.Cards(), func(c engine.CardInfo) bool { return c.Name == "Embrix" }); before[i].Name != "Embrix" || len(g.Cards()) != len(before) {
		t.Errorf("Embrix moved to %d, or the pool grew to %d cards from %d", i, len(g.Cards()), len(before))
	}
	if ps := g.ValidateDeck(g.Presets()[1]); len(ps) > 0 || g.Presets()[1].Name != "Feuer-Aggro" {
		t.Fatalf("preset %s: %v", g.Presets()[1].Name, engine.Problems(ps))
	}
	var played bool
	enginetest.RandomGames(t, g, enginetest.Options{Games: 30, Invariants: playsCard("Embrix", &played),
		Setup: func(i int) engine.Setup { return engine.Setup{Game: "mystimons", Seats: 2, Seed: uint64(i)} }})
	if !played {
		t.Error("no random game played the replaced Embrix")
	}
	registeredUnchanged(t, registered, before)
}

// registeredUnchanged checks the registered game still has the shipped
// cards after WithCards, unchanged in number, order and stats.
func registeredUnchanged(t *testing.T, g engine.Game, before []engine.CardInfo) {
	t.Helper()
	after := g.Cards()
	if len(after) != len(before) {
		t.Fatalf("the registered game has %d cards, had %d", len(after), len(before))
	}
	for i := range after {
		if after[i].Name != before[i].Name || after[i].Text != before[i].Text || !slices.Equal(after[i].Stats, before[i].Stats) {
			t.Errorf("registered card %d changed: %+v, was %+v", i, after[i], before[i])
		}
	}
	if ci, _ := cardInfo(after, "Embrix"); stat(ci, "hp") != 40 {
		t.Errorf("registered Embrix has HP %d, want 40", stat(ci, "hp"))
	}
	if _, ok := cardInfo(after, "Gustling"); ok {
		t.Error("the registered game gained Gustling")
	}
	if ps := g.ValidateDeck(parseDeck(t, "3 Gustling\n40 Fire Energy\n")); len(ps) == 0 {
		t.Error("the registered game validates a deck of added cards")
	}
}

// Cards given twice: a second WithCards builds on the first, and its cards
// replace the first one's.
func TestWithCardsLayers(t *testing.T) {
	g := withCards(t, New(), designerDir())
	g = withCards(t, g, fstest.MapFS{"tweak.yaml": {Data: []byte("cards:\n  - {name: Gustling, kind: mystimon, element: air, stage: 1, hp: 45, atk: 11, def: 4, basic: Gust}\n")}})
	if ci, _ := cardInfo(g.Cards(), "Gustling"); stat(ci, "hp") != 45 {
		t.Fatalf("Gustling after the second layer: %+v", ci)
	}
	if _, ok := cardInfo(g.Cards(), "Flickit"); !ok {
		t.Fatal("the first layer's Flickit is gone")
	}
	// Deck lists alone make layers too: a later list replaces an earlier one.
	g = withCards(t, g, fstest.MapFS{"flicker-rush.txt": {Data: []byte(flickerRush)}})
	g = withCards(t, g, fstest.MapFS{"b.txt": {Data: []byte("name: flicker-rush\n" + strings.Replace(flickerRush, "3 Potion", "3 Card Draw", 1))}})
	if d := presetNamed(t, g, "flicker-rush"); d.Source != "b.txt" {
		t.Fatalf("flicker-rush from %s, want b.txt", d.Source)
	}
}

// Bad designer files give problems naming file, line and card, with a fix,
// and nothing changes (MM-10.U1, MM-10.U5, MM-5.2, MM-8).
func TestWithCardsReportsBadFiles(t *testing.T) {
	registered, _ := engine.Lookup("mystimons")
	before := registered.Cards()
	mon := func(rest string) string {
		return "cards:\n  - {name: Gustling, kind: mystimon, stage: 1, hp: 40, atk: 11, def: 4, basic: Gust" + rest + "}\n"
	}
	cases := []struct {
		name  string
		files fstest.MapFS
		want  []string
	}{
		{"bad YAML", fstest.MapFS{"mine.yaml": {Data: []byte("cards:\n  - {name: Gustling, kind: mystimon\n")}},
			[]string{"mine.yaml:"}},
		{"unknown field", fstest.MapFS{"mine.yaml": {Data: []byte(mon(", element: fire, colour: red"))}},
			[]string{"mine.yaml:2: Gustling ($.cards[0].colour): unknown field", "kartenwerk schema mystimons"}},
		{"HP 0: the game's check, before the schema's", fstest.MapFS{"mine.yaml": {Data: []byte("cards:\n  - {name: Gustling, kind: mystimon, element: fire, stage: 1, hp: 0, atk: 11, def: 4, basic: Gust}\n")}},
			[]string{"mine.yaml:2: Gustling: HP must be 1 to 999"}},
		{"ability text: the game's check, before the schema's", fstest.MapFS{"mine.yaml": {Data: []byte(mon(`, element: fire, abilities: ["Gust it all"]`))}},
			[]string{`mine.yaml:2: Gustling: ability "Gust it all" is not written "Name (cost): effects"`}},
		{"schema: a value of the wrong type", fstest.MapFS{"mine.yaml": {Data: []byte("cards:\n  - {name: Gustling, kind: mystimon, element: fire, stage: 1, hp: x, atk: 11, def: 4, basic: Gust}\n")}},
			[]string{"mine.yaml:2: Gustling ($.cards[0].hp): got string, want integer", "kartenwerk schema mystimons"}},
		{"dangling evolves-from (MM-5.2)", fstest.MapFS{"mine.yaml": {Data: []byte("cards:\n  - {name: Galeon, kind: mystimon, element: fire, stage: 2, from: Gustling, hp: 60, atk: 1, def: 1, basic: Hit}\n")}},
			[]string{`mine.yaml:2: Galeon: evolves from "Gustling", which is not a card`}},
		{"element not in the chart (MM-10.U1)", fstest.MapFS{"mine.yaml": {Data: []byte(mon(", element: air"))}},
			[]string{`mine.yaml:2: Gustling: unknown element "air"`, "elements.yaml beside your cards with `elements: [name]`"}},
		{"new element without basic energy (MM-4.2A)", fstest.MapFS{"mine.yaml": {Data: []byte(mon(", element: air"))}, "elements.yaml": {Data: []byte("elements: [air]\n")}},
			[]string{"mine.yaml:2: Gustling: no basic energy card of element air", "{name: Air Energy, kind: energy, element: air}"}},
		{"bad chart multiplier (MM-5.8)", fstest.MapFS{"elements.yaml": {Data: []byte("elements: [air]\nchart:\n  - {attacker: air, defender: fire, multiplier: 3}\n")}},
			[]string{"elements.yaml:3: air/fire: multiplier 3 is not 0.5, 1 or 2"}},
		{"bad element name", fstest.MapFS{"elements.yaml": {Data: []byte("elements: [Air]\n")}},
			[]string{"elements.yaml:1: Air: an element name is a lowercase word"}},
		{"chart row of an unknown element", fstest.MapFS{"elements.yaml": {Data: []byte("chart:\n  - {attacker: wind, defender: fire, multiplier: 2}\n")}},
			[]string{"elements.yaml:2: wind/fire: unknown element", "add it to `elements:`"}},
		{"a name twice in the designer's files", fstest.MapFS{"a.yaml": {Data: []byte(mon(", element: fire"))}, "b.yaml": {Data: []byte(mon(", element: fire"))}},
			[]string{"b.yaml:2: Gustling: the name is used by another card (a.yaml:2)"}},
		{"a replacement that breaks a preset (MM-8.2)", fstest.MapFS{"mine.yaml": {Data: []byte("cards:\n  - {name: Potion, kind: action, cost: 1, effect: heal 30, limit: 1}\n")}},
			[]string{"decks/feuer-aggro.txt:", "Potion: the preset Feuer-Aggro becomes illegal with these cards: 3 copies; at most 1", "give a changed card a new name",
				"put a deck list with `name: Feuer-Aggro` beside your cards"}},
		{"no card files", fstest.MapFS{"notes.md": {Data: []byte("hello")}},
			[]string{"no card files (*.yaml) or deck lists (*.txt)"}},
		{"a deck list naming no card (MM-8)", fstest.MapFS{"mine.txt": {Data: []byte("3 Embrix\n2 Flarux\n35 Fire Energy\n")}},
			[]string{"mine.txt:2: Flarux: no such card"}},
		{"a deck list breaking a rule (MM-8.2)", fstest.MapFS{"mine.txt": {Data: []byte("name: Embrix-Rush\n4 Embrix\n36 Fire Energy\n")}},
			[]string{"mine.txt:2: Embrix: 4 copies; at most 3 are allowed (MM-8.2)"}},
		{"a malformed deck list line", fstest.MapFS{"mine.txt": {Data: []byte("3 Embrix\n0 Flaru\n")}},
			[]string{"mine.txt:2: count 0 is out of range"}},
		{"a shipped preset replaced by an illegal list (MM-8.1)", fstest.MapFS{"mine.txt": {Data: []byte("name: Feuer-Aggro\n3 Embrix\n")}},
			[]string{"mine.txt: Feuer-Aggro: the deck has 3 cards; it must have 40 to 60 (MM-8.1)"}},
		{"two deck lists of one name", fstest.MapFS{"a.txt": {Data: []byte("name: Flicker\n" + flickerRush)}, "b.txt": {Data: []byte("name: flicker\n" + flickerRush)}, "fire-extra.yaml": {Data: []byte(fireLine)}},
			[]string{"b.txt: flicker: a preset of this name is already given in a.txt"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := New().WithCards(c.files)
			if err == nil {
				t.Fatalf("accepted; Cards() has %d cards", len(g.Cards()))
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("got:\n%v\nwant %q", err, w)
				}
			}
		})
	}
	registeredUnchanged(t, registered, before)
}

// flickerRush is a designer's deck list of the fireLine cards, named by
// its file as it has no `name:` line.
const flickerRush = "3 Flickit\n3 Flarehound\n3 Embrix\n3 Flaru\n3 Potion\n25 Fire Energy\n"

// presetNamed is g's preset of that name.
func presetNamed(t *testing.T, g *Game, name string) engine.DeckList {
	t.Helper()
	i := slices.IndexFunc(g.Presets(), func(d engine.DeckList) bool { return d.Name == name })
	if i < 0 {
		t.Fatalf("no preset %s among %d", name, len(g.Presets()))
	}
	return g.Presets()[i]
}

// MM-8: a deck list beside the cards is a preset: offered, legal, and dealt
// in the games that take presets.
func TestWithCardsAddsAPreset_MM_8(t *testing.T) {
	dir := designerDir()
	dir["flicker-rush.txt"] = &fstest.MapFile{Data: []byte(flickerRush)}
	g := withCards(t, New(), dir)
	d := presetNamed(t, g, "flicker-rush")
	if ps := g.ValidateDeck(d); len(ps) > 0 || d.Source != "flicker-rush.txt" {
		t.Fatalf("preset from %s: %v", d.Source, engine.Problems(ps))
	}
	if n := len(g.Presets()); n != len(New().Presets())+1 {
		t.Fatalf("%d presets, want the shipped ones and flicker-rush", n)
	}
	var played bool
	enginetest.RandomGames(t, g, enginetest.Options{Games: 40, Invariants: playsCard("Flickit", &played),
		Setup: func(i int) engine.Setup { return engine.Setup{Game: "mystimons", Seats: 2, Seed: uint64(i)} }})
	if !played {
		t.Error("no random game dealt presets put the preset's Flickit into play")
	}
}

// MM-8.2: a changed card that breaks a shipped preset, mended by a deck list
// of the preset's name beside it: the list replaces the preset in its place,
// and the registered game keeps the shipped one.
func TestWithCardsReplacesAPreset_MM_8_2(t *testing.T) {
	shipped := presetNamed(t, New(), "Feuer-Aggro")
	mended := strings.Replace(strings.Replace(readPreset(t, shipped.Source), "3 Embrix", "2 Embrix", 1), "13 Fire Energy", "14 Fire Energy", 1)
	dir := fstest.MapFS{
		"embrix.yaml": {Data: []byte("cards:\n  - {name: Embrix, kind: mystimon, element: fire, stage: 1, hp: 40, atk: 12, def: 4, spd: 7, basic: Ember Bite, limit: 2}\n")},
		"feuer.txt":   {Data: []byte(mended)},
	}
	g := withCards(t, New(), dir)
	d := presetNamed(t, g, "Feuer-Aggro")
	if ps := g.ValidateDeck(d); len(ps) > 0 || d.Source != "feuer.txt" || !slices.Equal(d.Cards(""), parseDeck(t, mended).Cards("")) {
		t.Fatalf("Feuer-Aggro from %s, %d cards: %v", d.Source, len(d.Cards("")), engine.Problems(ps))
	}
	if len(g.Presets()) != len(New().Presets()) || g.Presets()[1].Name != "Feuer-Aggro" {
		t.Fatalf("presets %v: the mended list should take the shipped one's place", g.Presets())
	}
	registered, _ := engine.Lookup("mystimons")
	if src := presetNamed(t, registered.(*Game), "Feuer-Aggro").Source; src != shipped.Source {
		t.Errorf("the registered game's Feuer-Aggro comes from %s", src)
	}
}

// readPreset is the text of a shipped deck list.
func readPreset(t *testing.T, name string) string {
	t.Helper()
	data, err := gameFiles.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
