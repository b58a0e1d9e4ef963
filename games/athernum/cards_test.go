package athernum

import (
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
	"kartenwerk/engine/enginetest"
)

func TestShippedCardsMatchSchema(t *testing.T) {
	sch, err := engine.CompileSchema("schema.json", theGame.CardSchema())
	if err != nil {
		t.Fatal(err)
	}
	entries, _ := gameFiles.ReadDir("cards")
	n := 0
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".yaml") {
			continue
		}
		data, _ := gameFiles.ReadFile("cards/" + e.Name())
		if ps := sch.Validate(e.Name(), data); len(ps) > 0 {
			t.Errorf("%s: %v", e.Name(), ps)
		}
		n++
	}
	if n < 4 {
		t.Fatalf("only %d card files", n)
	}
	bad := []byte("cards:\n  - name: X\n    type: hero\n")
	if ps := sch.Validate("bad.yaml", bad); len(ps) == 0 || ps[0].Line != 3 {
		t.Errorf("the schema accepts a bad type or misses its line: %v", ps)
	}
}

func TestCardPoolCoverage(t *testing.T) {
	// AT-2.19, AT-9.1, AT-10.U1: the card data covers every field and ability
	// kind the rules name; factions are data.
	// Issue 5: three factions of 15+, 10+ factionless items and locations,
	// every ability kind, both win paths (objective and a win effect).
	per := map[int8]int{}
	neutral := 0
	kinds := map[abilityKind]bool{}
	win := false
	for i := 1; i < len(theGame.pool.defs); i++ {
		d := &theGame.pool.defs[i]
		if d.faction >= 0 {
			per[d.faction]++
		} else if d.typ != tCharacter {
			neutral++
		}
		for _, a := range d.abil {
			kinds[a.kind] = true
			for _, e := range a.eff {
				if e.op == opWin {
					win = true
				}
			}
		}
	}
	for f := int8(0); f < 3; f++ {
		if per[f] < 15 {
			t.Errorf("faction %s has %d cards", factionNames[f], per[f])
		}
	}
	if neutral < 10 {
		t.Errorf("%d factionless items and locations", neutral)
	}
	if len(kinds) != len(kindNames) {
		t.Errorf("ability kinds used: %v", kinds)
	}
	if !kinds[akObjective] || !win {
		t.Error("both win paths need cards")
	}
	if len(theGame.Presets()) < 3 {
		t.Error("fewer than 3 presets")
	}
	for _, ci := range theGame.Cards() {
		if ci.Name == "Flame Adept" && !strings.Contains(ci.Text, "Activated — pay 1 resource, exhaust this: put 2 damage on target opposing character.") {
			t.Errorf("generated text: %q", ci.Text)
		}
	}
}

func TestBrokenCardFiles(t *testing.T) {
	// AT-2.20: a card is a character, an item or a location; AT-10.U1:
	// factions are named in the data.
	for _, tc := range []struct{ name, yaml, want string }{
		{"unknown field", "cards:\n  - name: A\n    type: item\n    power: 3\n", "bad.yaml:4"},
		{"bad type", "cards:\n  - name: A\n    type: hero\n", `bad.yaml:3: A: unknown card type "hero"`},
		{"bad faction", "cards:\n  - name: A\n    type: item\n    faction: fire\n", `bad.yaml:4: A: unknown faction "fire"`},
		{"bad ability kind", "cards:\n  - name: A\n    type: item\n    abilities:\n      - \"magic: draw 1\"\n", `bad.yaml:5: A: ability "magic: draw 1": unknown kind "magic"`},
		{"bad effect", "cards:\n  - name: A\n    type: item\n    abilities: [\"activated {1}: fly 2\"]\n", `unknown effect "fly"`},
		{"no cost", "cards:\n  - name: A\n    type: item\n    abilities: [\"activated: draw 1\"]\n", "needs a cost"},
		{"bad target", "cards:\n  - name: A\n    type: item\n    abilities: [\"activated {1}: damage 2 everyone\"]\n", `damage cannot target "everyone"`},
		{"objective without VP", "cards:\n  - {name: A, type: character, dfv: 1, abilities: [\"objective (morning): vp 1 self\"]}\n", "needs a character with a VP field"},
		{"duplicate", "cards:\n  - {name: A, type: item}\n  - {name: A, type: item}\n", "bad.yaml:3: A: the name is used by another card"},
		{"no dfv (the card's line: the field is not written)", "cards:\n  - {name: A, type: character, ofv: 1}\n", "bad.yaml:2: A: a character needs a DFV"},
		{"token item", "cards:\n  - {name: A, type: item, token: true}\n", "A: only characters can be tokens (AT-10.U7)"},
		{"cost 10", "cards:\n  - {name: A, type: item, cost: 10}\n", "A: cost 10 is out of range 0..9"},
		{"slots 6", "cards:\n  - {name: A, type: character, dfv: 1, slots: 6}\n", "A: slots 6 is out of range 0..5"},
		{"stats of an item", "cards:\n  - {name: A, type: item, ofv: 2}\n", "A: only characters have OFV and DFV"},
		{"VP of an item", "cards:\n  - {name: A, type: item, vp: 2}\n", "A: an item cannot hold VP here"},
		{"slots of an item", "cards:\n  - {name: A, type: item, slots: 1}\n", "A: an item has no item slots"},
		{"no name", "cards:\n  - {name: \" \", type: item}\n", "the card has no name"},
		{"dangling summon", "cards:\n  - {name: A, type: item, abilities: [\"activated {1}: summon Ghost\"]}\n", `bad.yaml:2: A: summons "Ghost", which is no card`},
		{"summon a non-token", "cards:\n  - {name: A, type: item, abilities: [\"activated {1}: summon B\"]}\n  - {name: B, type: character, dfv: 1}\n", `summons "B", which is not a token`},
		{"equip on a character", "cards:\n  - {name: A, type: character, dfv: 1, abilities: [\"equip: ofv +1 host\"]}\n", "only items have a host"},
	} {
		_, err := loadPool(map[string][]byte{"bad.yaml": []byte(tc.yaml)})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
		if err != nil && !strings.Contains(err.Error(), "fix:") && tc.name != "unknown field" {
			t.Errorf("%s: no fix in %v", tc.name, err)
		}
	}
}

func TestDeckErrors(t *testing.T) {
	// AT-2.16, AT-8.2: copies are counted by name.
	preset := theGame.Presets()[0]
	for _, p := range theGame.Presets() {
		if ps := theGame.ValidateDeck(p); len(ps) > 0 {
			t.Errorf("preset %s: %v", p.Name, ps)
		}
		if p.Size("") != 60 {
			t.Errorf("preset %s has %d cards", p.Name, p.Size(""))
		}
	}
	text := `name: Broken
4 Ember Warlord
5 Cinder Scout
4 Nonexistent Card
1 Void Herald
extra:
1 Iron Blade
sideboard:
1 Iron Blade
`
	d, err := engine.ParseDeckList("broken.txt", "broken", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	all := engine.Problems(theGame.ValidateDeck(d)).Error()
	for _, want := range []string{
		"broken.txt:3: Cinder Scout: 5 copies; at most 4 of a name are allowed (AT-8.2)",
		"broken.txt:4: Nonexistent Card: no such card",
		"broken.txt:5: Void Herald: is an Extra-deck card and is never drawn (AT-2.2)",
		"broken.txt:7: Iron Blade: is not an Extra-deck card (AT-8.4)",
		`broken.txt:9: Iron Blade: unknown section "sideboard"`,
		"the deck has 14 cards; it must have exactly 60 (AT-8.1)",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("missing %q in\n%s", want, all)
		}
	}
	// AT-8.3: a deck without a VP-field character or location.
	d2, _ := engine.ParseDeckList("novp.txt", "novp", strings.NewReader("4 Cinder Scout\n4 Flame Adept\n4 Kindle Mage\n4 Scorch Sergeant\n4 Furnace Guard\n4 Cinder Witch\n4 Spark Courier\n4 Flamecaller\n4 Inferno Oracle\n4 Ash Reaver\n4 Iron Blade\n4 Tower Shield\n4 Runed Spear\n4 Healing Draught\n4 Scouting Lens\n"))
	if ps := theGame.ValidateDeck(d2); len(ps) != 1 || !strings.Contains(ps[0].Msg, "AT-8.3") {
		t.Errorf("AT-8.3: %v", ps)
	}
	// Every kind of problem a player meets speaks German and Czech too:
	// AT-8.1 both ways, AT-8.2, AT-8.3, AT-8.4, AT-2.2, AT-10.U7, sections.
	long := preset
	long.Entries = append(slices.Clone(preset.Entries), engine.DeckEntry{Card: "Sprout", Count: 1, Line: 99})
	for _, deck := range []engine.DeckList{d, d2, long} {
		enginetest.CheckProblemLanguages(t, words, theGame.ValidateDeck(deck))
	}
	// New refuses illegal decks with the problems.
	_, err = theGame.New(engine.Setup{Game: "athernum", Seats: 2, Decks: []engine.DeckList{d, preset}})
	if err == nil || !strings.Contains(err.Error(), "AT-8.1") {
		t.Errorf("New with an illegal deck: %v", err)
	}
	if _, err := theGame.New(engine.Setup{Game: "athernum", Seats: 5}); err == nil {
		t.Error("5 seats accepted")
	}
	if _, err := theGame.New(engine.Setup{Game: "athernum", Seats: 2, Variant: map[string]string{"resources": "never"}}); err == nil {
		t.Error("bad variant accepted")
	}
	if _, err := theGame.New(engine.Setup{Game: "athernum", Seats: 2, Decks: []engine.DeckList{preset, preset}}); err != nil {
		t.Errorf("two legal decks refused: %v", err)
	}
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
