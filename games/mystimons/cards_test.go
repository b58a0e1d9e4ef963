package mystimons

import (
	"io/fs"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
	"kartenwerk/engine/enginetest"
)

func shippedFiles(t *testing.T) map[string][]byte {
	files := map[string][]byte{}
	ents, _ := fs.ReadDir(gameFiles, "cards")
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".yaml") {
			data, err := gameFiles.ReadFile("cards/" + e.Name())
			if err != nil {
				t.Fatal(err)
			}
			files["cards/"+e.Name()] = data
		}
	}
	return files
}

// builtin is the shipped pool.
var builtin = New().pool

// loadPool loads the card files given (name -> YAML) instead of the
// shipped ones, with no presets.
func loadPool(files map[string][]byte) (*Pool, error) {
	c, err := cardpool.LoadFiles(cardRules, files)
	if err != nil {
		return nil, err
	}
	return c.Pool(), nil
}

func TestShippedCardsMatchSchema(t *testing.T) {
	schema, err := engine.CompileSchema("schema.json", New().CardSchema())
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range shippedFiles(t) {
		if name == "cards/elements.yaml" {
			continue
		}
		if ps := schema.Validate(name, data); len(ps) > 0 {
			t.Errorf("%s: %v", name, ps)
		}
	}
}

// The pool holds three elements with two full lines each (both paths) and a Champion,
// and every card the rulebook names (MM-9, MM-9.1, MM-9.5, MM-9.6; card types MM-2.10 to MM-2.16; data files MM-10.U5).
func TestCardPool_MM_9(t *testing.T) {
	p := builtin
	for _, n := range []string{"Embrix", "Flaru", "Pyralux", "Infernyx", "Magmorus", "Pyrathor", "Cindrik", "Magmor", "Flamrion",
		"Aquor", "Hydron", "Torrentia", "Fire Energy", "Aetherion's Gabe", "Rainbow Energy", "Energy Surge", "Evolution Stone",
		"Double Energy", "Healing Wave", "Fire Blast", "Card Draw", "Attack Boost", "Potion", "Switch", "Field Wipe", "Revive"} {
		if _, ok := p.byName[strings.ToLower(n)]; !ok {
			t.Errorf("%s is missing", n)
		}
	}
	for e := range p.elems {
		var s1, s4, champ int
		for i := range p.defs {
			d := &p.defs[i]
			if d.kind != kMon || d.elem != int8(e) {
				continue
			}
			switch d.stage {
			case 1:
				s1++
				if d.hp != 40 {
					t.Errorf("%s: stage 1 HP %d, the rulebook says 40", d.name, d.hp)
				}
			case 4:
				s4++
				if d.grade == 4 && (d.hp < 170 || d.hp > 190) {
					t.Errorf("%s: ★★★★ HP %d, about 180", d.name, d.hp)
				}
			case 5:
				champ++
				if d.hp < 210 || d.hp > 270 {
					t.Errorf("%s: Champion HP %d, 210-270", d.name, d.hp)
				}
			}
		}
		if s1 < 2 || s4 < 4 || champ < 1 {
			t.Errorf("%s: %d stage 1, %d stage 4, %d Champions", p.elems[e], s1, s4, champ)
		}
	}
	for _, ci := range New().Cards() {
		if ci.Text == "" {
			t.Errorf("%s has no text", ci.Name)
		}
	}
}

func TestBrokenCardFiles(t *testing.T) {
	chart := shippedFiles(t)["cards/elements.yaml"]
	cases := []struct{ name, file, want string }{
		{"unknown field", "cards:\n  - {name: X, kind: action, cost: 1, effect: draw 1, colour: red}\n", "bad.yaml:2"},
		{"unknown kind", "cards:\n  - {name: X, kind: spell}\n", `bad.yaml:2: X: unknown kind "spell" (fix: use one of mystimon, energy`},
		{"dangling evolves-from", "cards:\n  - {name: A, kind: mystimon, element: fire, stage: 1, hp: 40, atk: 1, def: 1, basic: Hit}\n  - {name: B, kind: mystimon, element: fire, stage: 2, from: Nobody, hp: 60, atk: 1, def: 1, basic: Hit}\n",
			`bad.yaml:3: B: evolves from "Nobody", which is not a card (fix: name an existing MystiMon)`},
		{"stage gap", "cards:\n  - {name: A, kind: mystimon, element: fire, stage: 1, hp: 40, atk: 1, def: 1, basic: Hit}\n  - {name: B, kind: mystimon, element: fire, stage: 3, from: A, path: speed, hp: 60, atk: 1, def: 1, basic: Hit}\n",
			"bad.yaml:3: B: stage 3 evolves from A, which is stage 1, not 2 (MM-5.2)"},
		{"stage 4 fusion grade", "cards:\n  - {name: A, kind: mystimon, element: fire, stage: 4, from: A, path: x, grade: 2, hp: 40, atk: 1, def: 1, basic: Hit}\n",
			"a stage 4 needs fusion grade 3 or 4, not 2 (MM-5.2)"},
		{"bad ability", "cards:\n  - {name: A, kind: mystimon, element: fire, stage: 1, hp: 40, atk: 1, def: 1, basic: Hit, abilities: [\"Zap (2): explode 3\"]}\n",
			`bad.yaml:2: A: ability Zap: unknown effect "explode"`},
		{"duplicate name", "cards:\n  - {name: Potion, kind: action, cost: 1, effect: heal 10}\n", "cards/support.yaml:15: Potion: the name is used by another card (bad.yaml:2) (fix: give every card its own name)"},
		{"unknown element", "cards:\n  - {name: A, kind: energy, element: wind}\n", `bad.yaml:2: A: unknown element "wind"`},
		{"element of an action", "cards:\n  - {name: X, kind: action, element: fire, cost: 1, effect: heal 10}\n", "X: only MystiMons and energy have an element"},
		{"pool-only fire energy", "cards:\n  - {name: X, kind: energy, element: fire, pool-only: true}\n", "X: only a special energy of element `any` may be pool-only"},
		{"two targets", "cards:\n  - {name: X, kind: action, cost: 1, effect: \"heal 10, blast 10\"}\n", "X: a card has at most one targeted effect"},
		{"limit 61", "cards:\n  - {name: X, kind: action, cost: 1, effect: heal 10, limit: 61}\n", "X: limit must be 1 to 60"},
		{"cost 21", "cards:\n  - {name: X, kind: action, cost: 21, effect: heal 10}\n", "X: cost must be 0 to 20"},
		{"stage 1 from", "cards:\n  - {name: A, kind: mystimon, element: fire, stage: 1, from: B, hp: 40, atk: 1, def: 1, basic: Hit}\n", "A: a Stage 1 MystiMon evolves from nothing"},
		{"no basic attack", "cards:\n  - {name: A, kind: mystimon, element: fire, stage: 1, hp: 40, atk: 1, def: 1}\n", "A: a MystiMon needs a Basic Attack (MM-2.10)"},
		{"no path", "cards:\n  - {name: A, kind: mystimon, element: fire, stage: 3, from: A, hp: 40, atk: 1, def: 1, basic: Hit}\n", "A: stages 3 and 4 name their path (MM-6.5)"},
		{"champion grade", "cards:\n  - {name: A, kind: mystimon, element: fire, stage: 5, grade: 4, hp: 40, atk: 1, def: 1, basic: Hit}\n", "A: a Champion has fusion grade 5 (MM-6.3)"},
		{"stats of an energy", "cards:\n  - {name: X, kind: energy, element: fire, hp: 40}\n", "X: only MystiMons have stage, HP, attacks"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			files := shippedFiles(t)
			files["cards/elements.yaml"] = chart
			files["bad.yaml"] = []byte(c.file)
			_, err := loadPool(files)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v\nwant %q", err, c.want)
			}
		})
	}
	files := shippedFiles(t)
	files["cards/elements.yaml"] = []byte("elements: [fire, water]\nchart:\n  - {attacker: fire, defender: water, multiplier: 3}\n")
	if _, err := loadPool(files); err == nil || !strings.Contains(err.Error(), "cards/elements.yaml:3: fire/water: multiplier 3 is not 0.5, 1 or 2") {
		t.Fatalf("chart error: %v", err)
	}
}

func parseDeck(t *testing.T, text string) engine.DeckList {
	d, err := engine.ParseDeckList("test.txt", "test", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestPresetsAreLegal_MM_8(t *testing.T) {
	g := New()
	if len(g.Presets()) < 3 {
		t.Fatal("at least three presets")
	}
	for _, d := range g.Presets() {
		if ps := g.ValidateDeck(d); len(ps) > 0 {
			t.Errorf("%s: %v", d.Name, engine.Problems(ps))
		}
		if d.Size("") != 60 {
			t.Errorf("%s has %d cards", d.Name, d.Size(""))
		}
	}
}

// MM-9.8, MM-10.2: the sample deck as printed breaks MM-8.2 and MM-8.4, and nothing else.
func TestSampleDeckAsPrinted_MM_10_2(t *testing.T) {
	d := parseDeck(t, `4 Embrix
2 Flaru
2 Pyralux
2 Infernyx
2 Cindrik
2 Magmor
1 Magmorus
1 Flamrion
12 Fire Energy
3 Double Energy
2 Aetherion's Gabe
1 Rainbow Energy
3 Energy Surge
3 Healing Wave
3 Fire Blast
3 Card Draw
2 Evolution Stone
2 Attack Boost
3 Potion
3 Switch
2 Field Wipe
2 Revive
`)
	ps := New().ValidateDeck(d)
	got := engine.Problems(ps).Error()
	if len(ps) != 2 || !strings.Contains(got, "test.txt:1: Embrix: 4 copies; at most 3 are allowed (MM-8.2)") ||
		!strings.Contains(got, "test.txt:11: Aetherion's Gabe: 2 copies; at most 1 are allowed (MM-8.4)") {
		t.Fatalf("problems:\n%s", got)
	}
}

// MM-8.1 to MM-8.7 (checked by New too, MM-3.1; two seats, MM-1.1, MM-2.1): every problem is listed, with its line.
func TestDeckErrors_MM_8(t *testing.T) {
	cases := []struct{ name, deck, want string }{
		{"MM-8.1 size", "3 Embrix\n10 Fire Energy\n", "the deck has 13 cards; it must have 40 to 60 (MM-8.1)"},
		{"MM-8.1 one short", "3 Embrix\n36 Fire Energy\n", "the deck has 39 cards; it must have 40 to 60 (MM-8.1)"},
		{"MM-8.1 at least 40; MM-8.8 guidelines are not enforced", "3 Embrix\n37 Fire Energy\n", ""},
		{"MM-8.1 at most 60", "3 Embrix\n57 Fire Energy\n", ""},
		{"MM-8.1 one over", "3 Embrix\n58 Fire Energy\n", "the deck has 61 cards; it must have 40 to 60 (MM-8.1)"},
		{"MM-8.2 copies", "4 Potion\n3 Embrix\n40 Fire Energy\n", "test.txt:1: Potion: 4 copies; at most 3 are allowed (MM-8.2)"},
		{"MM-8.2 basic energy exempt", "3 Embrix\n40 Fire Energy\n", ""},
		{"MM-8.3 one Champion", "3 Embrix\n1 Flamrion\n1 Okeanos\n40 Fire Energy\n", "test.txt:3: Okeanos: 2 Champions; a deck holds at most 1 (MM-8.3)"},
		{"MM-8.4 one Gabe", "3 Embrix\n2 Aetherion's Gabe\n40 Fire Energy\n", "2 copies; at most 1 are allowed (MM-8.4)"},
		{"MM-8.5 ten energy", "3 Embrix\n3 Potion\n3 Switch\n3 Revive\n3 Card Draw\n3 Healing Wave\n3 Fire Blast\n3 Double Energy\n3 Energy Surge\n3 Field Wipe\n3 Cindrik\n3 Aquor\n3 Bubblit\n9 Fire Energy\n", "9 energy cards; at least 10 are needed (MM-8.5"},
		{"MM-8.6 chain", "3 Embrix\n2 Pyralux\n40 Fire Energy\n", "test.txt:2: Pyralux: evolves from Flaru, which is not in the deck (MM-8.6)"},
		{"MM-10.13 Champion needs no chain", "3 Embrix\n1 Flamrion\n40 Fire Energy\n", ""},
		{"MM-8.7 card limits", "3 Embrix\n4 Energy Surge\n40 Fire Energy\n", "4 copies; at most 3 are allowed (MM-8.2)"},
		{"unknown card", "3 Embrix\n1 Pikachu\n40 Fire Energy\n", "test.txt:2: Pikachu: no such card"},
		{"MM-3.4 needs a Stage 1", "45 Fire Energy\n", "no Stage 1 MystiMon"},
		{"one list, no sections", "extra:\n3 Embrix\n40 Fire Energy\n", `section "extra" is not part of a MystiMons deck`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ps := New().ValidateDeck(parseDeck(t, c.deck))
			got := engine.Problems(ps).Error()
			if c.want == "" && len(ps) > 0 || c.want != "" && !strings.Contains(got, c.want) {
				t.Fatalf("got:\n%s\nwant %q", got, c.want)
			}
			if len(ps) > 0 {
				// Every problem a player meets also speaks German and Czech.
				enginetest.CheckProblemLanguages(t, words, ps)
			}
		})
	}
	// New refuses an illegal deck with the same problems.
	bad := parseDeck(t, "4 Potion\n3 Embrix\n40 Fire Energy\n")
	_, err := New().New(engine.Setup{Game: "mystimons", Seats: 2, Decks: []engine.DeckList{bad, New().Presets()[0]}})
	if err == nil || !strings.Contains(err.Error(), "p1 Potion: 4 copies") {
		t.Fatalf("New: %v", err)
	}
}

func TestVariantsAndSetupErrors(t *testing.T) {
	g := New()
	if _, err := g.New(engine.Setup{Game: "mystimons", Seats: 2, Variant: map[string]string{"drain": "never"}}); err == nil || !strings.Contains(err.Error(), "owner, every") {
		t.Fatalf("bad variant: %v", err)
	}
	if _, err := g.New(engine.Setup{Game: "mystimons", Seats: 3}); err == nil {
		t.Fatal("3 seats accepted")
	}
	for _, v := range g.Info().Variants {
		if v.Rule == "" || v.Doc == "" {
			t.Errorf("variant %s lacks rule or doc", v.Key)
		}
	}
}
