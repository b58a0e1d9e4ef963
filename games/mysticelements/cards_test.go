package mysticelements

import (
	"fmt"
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
	"kartenwerk/engine/enginetest"
	"kartenwerk/engine/i18n"
)

// ME-9.1, ME-10.U1: the pool is data: 8 colours of 15 cards, every file
// valid against the schema, text generated from the data.
func TestME9_1ShippedCardsValidate(t *testing.T) {
	sch, err := engine.CompileSchema("schema.json", Game{}.CardSchema())
	if err != nil {
		t.Fatal(err)
	}
	files := embeddedFiles()
	if len(files) != 8 {
		t.Fatalf("%d card files, want one per colour (8)", len(files))
	}
	for name, data := range files {
		if ps := sch.Validate(name, data); len(ps) > 0 {
			t.Errorf("%s: %v", name, ps)
		}
	}
	p, err := loadPool(files)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.defs) != 120 {
		t.Fatalf("%d cards, want 120", len(p.defs))
	}
	for _, ci := range (Game{}).Cards() {
		if ci.Text == "" && ci.Kind != "unit" {
			t.Errorf("%s has no rules text", ci.Name)
		}
	}
	if p.identity[colourIndex("yellow")] == "" || p.identity[colourIndex("blue")] == "" {
		t.Error("yellow and blue must exist, each with an identity")
	}
}

// Every keyword, trigger and effect kind is used by several cards, and
// some cards name colours (for ME-9b.1).
func TestCardPoolCoverage(t *testing.T) {
	p := defaultPool()
	count := map[string]int{}
	for i := range p.defs {
		d := &p.defs[i]
		for k, n := range keywordNames {
			if d.Keywords&(1<<k) != 0 {
				count["keyword "+n]++
			}
		}
		count["type "+kindNames[d.Kind]]++
		if d.Limit != 0 {
			count["effect limit"]++
		}
		if d.Attach.Colour >= 0 {
			count["names a colour"]++
		}
		for _, a := range d.Abil {
			count[fmt.Sprintf("trigger %d", a.Trig)]++
			if a.namesColour() {
				count["names a colour"]++
			}
			for _, e := range a.Effects {
				count["effect "+effNames[e.Kind]]++
			}
		}
	}
	var want []string
	for _, n := range keywordNames {
		want = append(want, "keyword "+n)
	}
	for _, n := range effNames {
		want = append(want, "effect "+n)
	}
	for _, n := range kindNames {
		want = append(want, "type "+n)
	}
	want = append(want, "trigger 0", "trigger 1", "trigger 2", "trigger 3", "names a colour")
	for _, w := range want {
		if count[w] < 3 {
			t.Errorf("%s: used by %d cards, want several (3 or more)", w, count[w])
		}
	}
}

// ME-8.1: every 3-colour combination is a legal deck, in both forms.
func TestME8_1EveryColourTripleIsLegal(t *testing.T) {
	p := defaultPool()
	n := 0
	for a := 0; a < nColours; a++ {
		for b := a + 1; b < nColours; b++ {
			for c := b + 1; c < nColours; c++ {
				short := fmt.Sprintf("%s\n%s\n%s\n", colourNames[a], colourNames[b], colourNames[c])
				var long strings.Builder
				for _, col := range []int{a, b, c} {
					for _, id := range p.byColour[col] {
						fmt.Fprintf(&long, "1 %s\n", p.defs[id].Name)
					}
				}
				for _, text := range []string{short, long.String()} {
					d, err := engine.ParseDeckList("t.txt", "t", strings.NewReader(text))
					if err != nil {
						t.Fatal(err)
					}
					if ps := (Game{}).ValidateDeck(d); len(ps) > 0 {
						t.Fatalf("%s: %v", short, ps)
					}
				}
				n++
			}
		}
	}
	if n != 56 {
		t.Fatalf("%d triples", n)
	}
	for _, d := range (Game{}).Presets() {
		if ps := (Game{}).ValidateDeck(d); len(ps) > 0 || d.Size("") != 45 {
			t.Errorf("preset %s: %v", d.Name, ps)
		}
	}
}

// ME-8.1: a deck list names a whole colour by its id or by its name in any
// language, as the problems tell the reader to, and the problems name
// colours in the reader's words, never by their ids.
func TestME8_1ColoursByTheirNames(t *testing.T) {
	for _, text := range []string{"Grün\nrot\nBlau\n", "Zelená\nČervená\nmodrá\n", "Green\nred\nBLUE\n"} {
		d, err := engine.ParseDeckList("t.txt", "t", strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		if ps := (Game{}).ValidateDeck(d); len(ps) > 0 {
			t.Errorf("%q: %v", text, ps)
		}
	}
	d, _ := engine.ParseDeckList("t.txt", "t", strings.NewReader("rot\nblue\n1 Sapling\n1 Wolf Pack\nblack\n"))
	ps := (Game{}).ValidateDeck(d)
	for _, tc := range []struct {
		lang       i18n.Lang
		want, none string
	}{
		{i18n.DE, "der Farbe Grün", "green"},
		{i18n.CS, "barvy Zelená", "green"},
	} {
		var said []string
		for _, p := range ps {
			said = append(said, p.In(tc.lang, words).Error()) // subject and all: a page shows them together
		}
		all := strings.Join(said, "\n")
		if !strings.Contains(all, tc.want) || strings.Contains(all, tc.none) {
			t.Errorf("%s: %s\nwant %q, not %q", tc.lang, all, tc.want, tc.none)
		}
	}
}

// ME-8.1, ME-8.3: a bad deck gets every problem, each with its line.
func TestME8_1BadDecks(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"typo", "red\nblue\n1 Fireblal\n", []string{"t.txt:3: Fireblal: no such card", "did you mean Fireball?", "needs exactly 3"}},
		{"two copies", "red\nblue\n2 Insight\n", []string{"t.txt:3: Insight: 2 copies", "listed twice"}},
		{"incomplete colour", "red\nblue\n1 Sapling\n1 Wolf Pack\n", []string{"t.txt:3: only 2 of the 15 Green cards", "missing: Oak Warden"}},
		{"four colours", "red\nblue\ngreen\nblack\n", []string{"the deck has 4 colours (Red, Blue, Green, Black), it needs exactly 3 (ME-8.1)"}},
		{"no colour", "1 Fireblal\n", []string{"the deck has no colour, it needs exactly 3 (ME-8.1)"}},
		{"colour twice", "red\nred\nblue\ngreen\n", []string{"t.txt:2: red: colour red is listed twice"}},
		{"section", "red\nblue\ngreen\nextra:\n1 Sapling\n", []string{"t.txt:5: Sapling: section \"extra\""}},
		{"colour with a count", "2 red\nblue\ngreen\n", []string{"t.txt:1: red: a colour line takes no count (has 2)"}},
	} {
		d, err := engine.ParseDeckList("t.txt", tc.name, strings.NewReader(tc.text))
		if err != nil {
			t.Fatal(err)
		}
		ps := engine.Problems((Game{}).ValidateDeck(d))
		if len(ps) == 0 {
			t.Errorf("%s: accepted", tc.name)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(ps.Error(), w) {
				t.Errorf("%s: problems\n%v\ndo not say %q", tc.name, ps, w)
			}
		}
		// Every kind speaks German and Czech too.
		enginetest.CheckProblemLanguages(t, words, ps)
	}
	bad, _ := engine.ParseDeckList("bad.txt", "bad", strings.NewReader("red\nblue\n"))
	_, err := Game{}.New(engine.Setup{Game: "mysticelements", Decks: []engine.DeckList{bad, preset(t, "Deepwood")}})
	if err == nil || !strings.Contains(err.Error(), "bad.txt: bad: the deck has 2 colours") {
		t.Errorf("New with a bad deck: %v", err)
	}
	if m := regexp.MustCompile(`\bp\d\b`).FindString(err.Error()); m != "" {
		t.Errorf("New with a bad deck names seat %s, which no reader knows: %v", m, err)
	}
}

// Broken card files name the file, the line, the card, what is wrong and
// how to fix it.
func TestBadCardFiles(t *testing.T) {
	good := embeddedFiles()
	for _, tc := range []struct {
		name, yaml string
		want       []string
	}{
		{"unknown field", "colour: red\ncards:\n  - {name: A, type: unit, cost: 1, power: 1, health: 1, speed: 3}\n", []string{"bad.yaml:3", "speed"}},
		{"bad type", "colour: red\ncards:\n  - {name: A, type: unit, cost: 1, power: 1, health: 1}\n  - {name: B, type: spell, cost: 1}\n", []string{"bad.yaml:4", "type"}},
		{"bad keyword", "colour: red\ncards:\n  - {name: A, type: unit, cost: 1, power: 1, health: 1, keywords: [fast]}\n", []string{"bad.yaml:3", "keyword"}},
		{"bad ability", "colour: red\ncards:\n  - name: A\n    type: wonder\n    cost: 1\n    abilities: [\"play: burn 2 to any\"]\n", []string{"bad.yaml:6: A: ability \"play: burn 2 to any\": unknown effect \"burn\"", "fix: write `TRIGGER: EFFECT"}},
		{"bad target", "colour: red\ncards:\n  - name: A\n    type: wonder\n    cost: 1\n    abilities: [\"play: draw 1 to enemy unit\"]\n", []string{"bad.yaml:6: A:", "cannot apply"}},
		{"no health", "colour: red\ncards:\n  - {name: A, type: unit, cost: 1, power: 1}\n", []string{"bad.yaml:3: A: a unit needs health >= 1"}},
		{"charm without attach", "colour: red\ncards:\n  - {name: A, type: charm, cost: 1}\n", []string{"bad.yaml:3: A: charm needs `attach:`"}},
		{"steal own", "colour: red\ncards:\n  - {name: A, type: wonder, cost: 1, abilities: [\"play: steal own unit\"]}\n", []string{"steal takes an enemy card"}},
		{"not yaml", "colour: red\ncards: [\n", []string{"bad.yaml"}},
		{"cost out of range", "colour: red\ncards:\n  - {name: A, type: wonder, cost: 7, any: 3, abilities: [\"play: draw 1\"]}\n", []string{"A: cost out of range"}},
		{"free wonder", "colour: red\ncards:\n  - {name: A, type: wonder, cost: 0, abilities: [\"play: draw 1\"]}\n", []string{"A: only relics may cost nothing"}},
		{"keyword of a wonder", "colour: red\ncards:\n  - {name: A, type: wonder, cost: 1, keywords: [quick], abilities: [\"play: draw 1\"]}\n", []string{"A: only units and charms have power, health or keywords"}},
		{"attach of a unit", "colour: red\ncards:\n  - {name: A, type: unit, cost: 1, power: 1, health: 1, attach: own unit}\n", []string{"A: only charms attach"}},
		{"bad attach", "colour: red\ncards:\n  - {name: A, type: charm, cost: 1, attach: moon}\n", []string{`A: attach "moon"`}},
		{"use of a wonder", "colour: red\ncards:\n  - {name: A, type: wonder, cost: 1, abilities: [\"play: draw 1\", \"use: draw 1\"]}\n", []string{"A: only units and relics in the battle have use/start abilities"}},
		{"charm that chooses", "colour: red\ncards:\n  - {name: A, type: charm, cost: 1, attach: own unit, abilities: [\"play: damage 1 to enemy unit\"]}\n", []string{"A: a charm chooses only the unit it is played on"}},
		{"two play abilities", "colour: red\ncards:\n  - {name: A, type: wonder, cost: 1, abilities: [\"play: draw 1\", \"play: draw 2\"]}\n", []string{"A: a card has at most one ability per trigger"}},
		{"a wonder that does nothing", "colour: red\ncards:\n  - {name: A, type: wonder, cost: 1}\n", []string{"A: a wonder needs a `play:` ability"}},
	} {
		files := map[string][]byte{}
		for k, v := range good {
			if k != "cards/red.yaml" {
				files[k] = v
			}
		}
		files["bad.yaml"] = []byte(tc.yaml)
		_, err := loadPool(files)
		if err == nil {
			t.Errorf("%s: accepted", tc.name)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error\n%v\ndoes not say %q", tc.name, err, w)
			}
		}
	}
	// A duplicate name across files and a short colour.
	files := map[string][]byte{}
	for k, v := range good {
		files[k] = v
	}
	files["cards/red.yaml"] = []byte(strings.Replace(string(good["cards/red.yaml"]), "name: Ember Imp", "name: Sapling", 1))
	_, err := loadPool(files)
	if err == nil || !strings.Contains(err.Error(), "Sapling: the name is used by another card (cards/green.yaml:") {
		t.Errorf("duplicate name: %v", err)
	}
}

// A bad position names what is wrong and where.
func TestBadPositions(t *testing.T) {
	pos := engine.Position{Phase: "lunch", Seats: []engine.SeatPosition{
		{Zones: map[string][]engine.CardSpec{"hand": {{Card: "Firebal"}}, "pocket": {{Card: "Sapling"}}},
			Counters: map[string]int{"mana": 3}, Props: map[string]string{"colours": "red,pink"}},
		{Zones: map[string][]engine.CardSpec{"battle": {{Card: "Wings"}, {Card: "Sapling", Status: []string{"sleepy"}}}}}}}
	_, err := Game{}.FromPosition(engine.Setup{Game: "mysticelements"}, pos)
	if err == nil {
		t.Fatal("bad position accepted")
	}
	for _, w := range []string{
		`phase: unknown phase "lunch"`,
		`seats[0].zones.hand[0]: no card named "Firebal" (fix: did you mean Fireball?`,
		"seats[0].zones.pocket: unknown zone",
		"seats[0].counters.mana: unknown counter",
		`seats[0].props.colours: "pink" is not a new colour`,
		"seats[1].zones.battle[0]: a charm in the battle must be attached to a unit",
		`seats[1].zones.battle[1]: unknown status "sleepy"`,
	} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error\n%v\ndoes not say %q", err, w)
		}
	}
}

// embeddedFiles are the shipped card files by path.
func embeddedFiles() map[string][]byte {
	names, _ := fs.Glob(gameFiles, "cards/*.yaml")
	out := map[string][]byte{}
	for _, n := range names {
		out[n] = mustRead(n)
	}
	return out
}

func mustRead(name string) []byte {
	b, err := gameFiles.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return b
}

// loadPool loads the card files given (name -> YAML) instead of the
// shipped ones, with no presets.
func loadPool(files map[string][]byte) (*pool, error) {
	c, err := cardpool.LoadFiles(cardRules, files)
	if err != nil {
		return nil, err
	}
	return c.Pool(), nil
}
