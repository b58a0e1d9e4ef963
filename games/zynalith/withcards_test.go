package zynalith

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
)

// A designer's directory: one new card of every kind (ZY-2.8 to ZY-2.11,
// ZY-10.U3), and a preset that adds them to the standard stacks (ZY-8.1).
const frostCards = `cards:
  - {name: Frostwolf, kind: creature, cost: 5, init: 6, atk: 3, def: 1, hp: 3, keywords: [Sturmangriff]}
  - {name: Eishaut, kind: property, cost: 2, def: 2}
  - {name: Frostklinge, kind: equipment, cost: 3, atk: 2, abilities: ["Kampf: damage 1 line"]}
  - {name: Eissturm, kind: spell, cost: 3, abilities: ["Sofort: damage 2 line"]}
  - {name: Eisschild, kind: counter, cost: 2, abilities: ["Sofort: cancel played"]}
  - {name: Frostnacht, kind: event, stack: creatures, abilities: ["Sofort: damage 1 creatures"]}
`

// frostList is the standard stacks with the new cards, named name.
func frostList(t *testing.T, name string) string {
	t.Helper()
	std, err := gameFiles.ReadFile("decks/standard.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(std), "name: Standard\n") {
		t.Fatal("test data: no `name: Standard` in decks/standard.txt")
	}
	list := strings.Replace(string(std), "name: Standard\n", "name: "+name+"\n", 1)
	return list + "creatures:\n2 Frostwolf\n2 Frostnacht\nextras:\n2 Eishaut\n2 Frostklinge\n2 Eissturm\n2 Eisschild\n"
}

func frostDir(t *testing.T) fstest.MapFS {
	return fstest.MapFS{"frost.yaml": {Data: []byte(frostCards)}, "frost.txt": {Data: []byte(frostList(t, "Frost"))}}
}

func withCards(t *testing.T, g Game, dir fstest.MapFS) Game {
	t.Helper()
	ng, err := g.WithCards(dir)
	if err != nil {
		t.Fatalf("WithCards: %v", err)
	}
	return ng.(Game)
}

func cardInfo(g engine.Game, name string) (engine.CardInfo, bool) {
	cards := g.Cards()
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
	return -99
}

// playCounts plays random games and counts, by card name, the cards
// played (engine.CardPlayer) and the events revealed (they go to the
// discard pile at once, ZY-2.10).
func playCounts(t *testing.T, g Game, games int, setup func(i int) engine.Setup) map[string]int {
	t.Helper()
	names := g.Cards()
	counts := map[string]int{}
	var legal []engine.Action
	for i := 0; i < games; i++ {
		st, err := g.New(setup(i))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		r := engine.NewRNG(uint64(i))
		for done, _ := s.Terminal(); !done; done, _ = s.Terminal() {
			legal = s.Legal(legal[:0])
			a := legal[r.IntN(len(legal))]
			if k := s.PlayedCard(a); k >= 0 {
				counts[names[k].Name]++
			}
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		for id := int16(0); id < s.n; id++ {
			if s.cards[id].kind == kEvent && s.cards[id].zone == zDiscard {
				counts[s.d(id).Name]++
			}
		}
	}
	return counts
}

// ZY-8.1, ZY-10.U3: a card of every kind added from files appears in
// Cards(), a preset from the same directory holds them and validates, and
// random games with it play each of them, keeping every invariant.
func TestWithCardsAddsCardsOfEveryKind_ZY_10_U3(t *testing.T) {
	g := withCards(t, Game{}, frostDir(t))
	i := slices.IndexFunc(g.Presets(), func(d engine.DeckList) bool { return d.Name == "Frost" })
	if i < 0 {
		t.Fatalf("no preset Frost among %d", len(g.Presets()))
	}
	frost := g.Presets()[i]
	if ps := g.ValidateDeck(frost); len(ps) > 0 {
		t.Fatalf("Frost is illegal: %v", engine.Problems(ps))
	}
	setup := func(i int) engine.Setup {
		return engine.Setup{Game: "zynalith", Seats: 2 + i%3, Seed: uint64(i) + 1, Decks: []engine.DeckList{frost}}
	}
	enginetest.RandomGames(t, g, enginetest.Options{Games: 40, Setup: setup, Invariants: invariants})
	played := playCounts(t, g, 40, setup)
	cases := []struct{ name, kind, group string }{
		{"Frostwolf", "creature", "creatures"},
		{"Eishaut", "property", "extras"},
		{"Frostklinge", "equipment", "extras"},
		{"Eissturm", "spell", "extras"},
		{"Eisschild", "counter", "extras"},
		{"Frostnacht", "event", "creatures"},
	}
	for _, c := range cases {
		t.Run(c.kind, func(t *testing.T) {
			ci, ok := cardInfo(g, c.name)
			if !ok || ci.Kind != c.kind || ci.Group != c.group {
				t.Fatalf("%s in Cards(): %v %+v, want kind %s in stack %s", c.name, ok, ci, c.kind, c.group)
			}
			if played[c.name] == 0 {
				t.Errorf("no random game played %s", c.name)
			}
		})
	}
}

// ZY-8.1: a stack list named Standard replaces the default stacks, so
// that a game set up without a list uses the designer's cards.
func TestWithCardsReplacesTheDefaultStacks_ZY_8_1(t *testing.T) {
	g := withCards(t, Game{}, fstest.MapFS{"frost.yaml": {Data: []byte(frostCards)}, "standard.txt": {Data: []byte(frostList(t, "Standard"))}})
	if n := len(g.Presets()); n != len(shipped.presets) {
		t.Errorf("%d presets, want the %d shipped ones with Standard replaced", n, len(shipped.presets))
	}
	st, err := g.New(engine.Setup{Game: "zynalith", Seats: 3, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	var frost int
	for id := int16(0); id < s.n; id++ {
		if strings.HasPrefix(s.d(id).Name, "Frost") {
			frost++
		}
	}
	if frost != 6 {
		t.Fatalf("the default stacks hold %d Frostwolf, Frostklinge and Frostnacht cards, want 6", frost)
	}
}

// A replaced card keeps its place with the new stats, the shipped presets
// using it play on, and the registered game is unchanged.
func TestWithCardsReplacesACard(t *testing.T) {
	registered, err := engine.Lookup("zynalith")
	if err != nil {
		t.Fatal(err)
	}
	before := registered.Cards()
	g := withCards(t, Game{}, fstest.MapFS{"rat.yaml": {Data: []byte("cards:\n  - {name: Sumpfratte, kind: creature, cost: 2, init: 5, atk: 2, def: 0, hp: 3}\n")}})
	ci, _ := cardInfo(g, "Sumpfratte")
	if stat(ci, "atk") != 2 || stat(ci, "hp") != 3 {
		t.Fatalf("replaced Sumpfratte: %+v", ci)
	}
	if len(g.Cards()) != len(before) || g.Cards()[0].Name != before[0].Name {
		t.Errorf("the pool has %d cards, had %d; the first is %s, was %s", len(g.Cards()), len(before), g.Cards()[0].Name, before[0].Name)
	}
	enginetest.RandomGames(t, g, enginetest.Options{Games: 20, Invariants: invariants,
		Setup: func(i int) engine.Setup { return engine.Setup{Game: "zynalith", Seats: 2 + i%3, Seed: uint64(i) + 1} }})
	if played := playCounts(t, g, 20, func(i int) engine.Setup { return engine.Setup{Game: "zynalith", Seats: 2, Seed: uint64(i) + 1} }); played["Sumpfratte"] == 0 {
		t.Error("no random game played the replaced Sumpfratte")
	}
	registeredUnchanged(t, registered, before)
}

// registeredUnchanged checks that the registered game still has the
// shipped cards and presets after WithCards.
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
	if ci, _ := cardInfo(g, "Sumpfratte"); stat(ci, "atk") != 1 {
		t.Errorf("registered Sumpfratte has ATK %d, want 1", stat(ci, "atk"))
	}
	if _, ok := cardInfo(g, "Frostwolf"); ok {
		t.Error("the registered game gained Frostwolf")
	}
	if len(g.Presets()) != len(shipped.presets) {
		t.Errorf("the registered game has %d presets", len(g.Presets()))
	}
}

// A second WithCards builds on the first, and its files replace the
// first one's.
func TestWithCardsLayers(t *testing.T) {
	g := withCards(t, Game{}, frostDir(t))
	g = withCards(t, g, fstest.MapFS{"tweak.yaml": {Data: []byte("cards:\n  - {name: Frostwolf, kind: creature, cost: 5, init: 6, atk: 4, def: 1, hp: 3}\n")}})
	if ci, _ := cardInfo(g, "Frostwolf"); stat(ci, "atk") != 4 {
		t.Fatalf("Frostwolf after the second layer: %+v", ci)
	}
	if _, ok := cardInfo(g, "Eisschild"); !ok {
		t.Fatal("the first layer's Eisschild is gone")
	}
}

// Bad files give problems naming file, line and card with a fix, and the
// registered game stays as it was (ZY-8.1, ZY-10.U3).
func TestWithCardsReportsBadFiles(t *testing.T) {
	registered, _ := engine.Lookup("zynalith")
	before := registered.Cards()
	yaml := func(s string) fstest.MapFS { return fstest.MapFS{"mine.yaml": {Data: []byte(s)}} }
	cases := []struct {
		name  string
		files fstest.MapFS
		want  []string
	}{
		{"bad YAML", yaml("cards:\n  - {name: Frostwolf, kind: creature\n"), []string{"mine.yaml:"}},
		{"unknown field", yaml("cards:\n  - name: Frostwolf\n    kind: creature\n    hp: 3\n    speed: 4\n"), []string{"mine.yaml:5", "speed"}},
		{"stat out of range", yaml("cards:\n  - {name: Frostwolf, kind: creature, hp: 31}\n"), []string{"mine.yaml:2: Frostwolf: hp 31 is out of range (fix: use -5 to 30)"}},
		{"unknown effect", yaml("cards:\n  - {name: Frostwolf, kind: creature, hp: 3, abilities: [\"Sofort: freeze 2 line\"]}\n"), []string{`mine.yaml:2: Frostwolf: unknown effect "freeze"`}},
		{"schema: an amount with a plus sign", yaml("cards:\n  - {name: Frostwolf, kind: creature, hp: 3, abilities: [\"Sofort: heal +2 owner\"]}\n"),
			[]string{"mine.yaml:2: Frostwolf ($.cards[0].abilities[0])", "kartenwerk schema zynalith"}},
		{"a name twice in the designer's files", fstest.MapFS{
			"a.yaml": {Data: []byte("cards:\n  - {name: Frostwolf, kind: creature, hp: 3}\n")},
			"b.yaml": {Data: []byte("cards:\n  - {name: frostwolf, kind: creature, hp: 3}\n")}},
			[]string{"b.yaml:2: frostwolf: the name is used by another card"}},
		{"dangling reference in a stack list (ZY-8.1)", fstest.MapFS{"frost.txt": {Data: []byte(frostList(t, "Frost") + "1 Schneemann\n")}},
			[]string{"frost.txt:", "Schneemann: no such card"}},
		{"card in the wrong stack (ZY-8.1)", fstest.MapFS{"frost.yaml": {Data: []byte(frostCards)}, "frost.txt": {Data: []byte(frostList(t, "Frost") + "1 Frostwolf\n")}},
			[]string{"frost.txt:", "Frostwolf: a creature belongs in the creatures stack, not the extras stack (ZY-8.1)"}},
		{"bad stack-list line", fstest.MapFS{"frost.txt": {Data: []byte("name: Frost\ncreatures:\n0 Sumpfratte\n")}},
			[]string{"frost.txt:3: count 0 is out of range"}},
		{"two presets of one name", fstest.MapFS{"a.txt": {Data: []byte(frostList(t, "Frost"))}, "b.txt": {Data: []byte(frostList(t, "Frost"))}},
			[]string{"b.txt: Frost: a preset of this name is already given in a.txt"}},
		{"a replacement that breaks the shipped presets (ZY-8.1)", yaml("cards:\n  - {name: Wut, kind: creature, cost: 3, atk: 2, hp: 2}\n"),
			[]string{"decks/standard.txt:", "Wut: the preset Standard becomes illegal with these cards: a creature belongs in the creatures stack", "`name: Standard` beside your cards"}},
		{"nothing to add", fstest.MapFS{"notes.md": {Data: []byte("hello")}}, []string{"no card files (*.yaml) or deck lists (*.txt)"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := Game{}.WithCards(c.files)
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

// ZY-5.9: the cheapest counter decides when counters are offered, so it is
// found among the final cards: here a replaced counter, in the middle of
// the pool, that costs nothing.
func TestWithCardsCheapestCounter_ZY_5_9(t *testing.T) {
	g := withCards(t, Game{}, fstest.MapFS{"free.yaml": {Data: []byte("cards:\n  - {name: Gegenzauber, kind: counter, cost: 0, abilities: [\"Sofort: cancel played\"]}\n")}})
	if m := g.pool().minCounter; m != 0 {
		t.Fatalf("the cheapest counter costs %d Silver, want 0 (Gegenzauber)", m)
	}
	if m := shipped.pool.minCounter; m == 0 {
		t.Fatal("the shipped pool has a free counter; pick another test card")
	}
}
