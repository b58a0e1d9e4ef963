package zynalith

import (
	"errors"
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
	"kartenwerk/engine/enginetest"
	"kartenwerk/engine/i18n"
)

// shipped is the shipped card set as the tests look at it, builtin its
// pool.
var (
	shipped = struct {
		pool    *pool
		presets []engine.DeckList
	}{Game{}.pool(), Game{}.Presets()}
	builtin = shipped.pool
)

// builtinFiles are the shipped card files by path.
func builtinFiles() map[string][]byte {
	files := map[string][]byte{}
	names, _ := fs.Glob(gameFiles, "cards/*.yaml")
	for _, n := range names {
		files[n], _ = gameFiles.ReadFile(n)
	}
	return files
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

func TestShippedCardFilesMatchSchema(t *testing.T) {
	sch, err := engine.CompileSchema("schema.json", Game{}.CardSchema())
	if err != nil {
		t.Fatal(err)
	}
	files := builtinFiles()
	if len(files) < 3 {
		t.Fatalf("only %d card files", len(files))
	}
	for name, data := range files {
		if ps := sch.Validate(name, data); len(ps) > 0 {
			t.Errorf("%s: %v", name, ps)
		}
	}
	bad := []byte("cards:\n  - name: X\n    kind: creature\n    power: 3\n")
	if ps := sch.Validate("bad.yaml", bad); len(ps) == 0 {
		t.Error("the schema accepts an unknown field")
	}
}

// TestCardPool checks the pool the issue asks for: at least 30 creatures,
// 20 extras of every kind, 6 events, every keyword, the Faceless Warrior.
func TestZY_2_8_ZY_2_9_ZY_2_11_ZY_10_U3_CardPool(t *testing.T) {
	var kinds [6]int
	var trig uint16
	var kw uint8
	for _, d := range builtin.defs {
		kinds[d.Kind]++
		trig |= d.Triggers
		kw |= d.Keywords
	}
	if kinds[kCreature] < 30 || kinds[kProperty]+kinds[kSpell]+kinds[kEquipment]+kinds[kCounter] < 20 || kinds[kEvent] < 6 {
		t.Errorf("pool: %v", kinds)
	}
	for k := kProperty; k <= kCounter; k++ {
		if kinds[k] == 0 {
			t.Errorf("no %s", kindNames[k])
		}
	}
	for tr := trigger(0); tr < numTriggers; tr++ {
		if trig&(1<<tr) == 0 {
			t.Errorf("no card uses %s", triggerNames[tr])
		}
	}
	if kw != kwSturmangriff|kwBlutsaugen|kwDurchschlag {
		t.Errorf("keywords used: %b", kw)
	}
	if id, ok := builtin.lookup("Gesichtsloser Krieger"); !ok || !builtin.defs[id].CopyLeft {
		t.Error("no Gesichtsloser Krieger")
	}
	for _, c := range (Game{}).Cards() {
		if c.Text == "" && c.Kind != kindNames[kCreature] {
			t.Errorf("%s has no text", c.Name)
		}
	}
}

func TestCardTextIsGenerated(t *testing.T) {
	for _, c := range (Game{}).Cards() {
		switch c.Name {
		case "Märtyrer":
			if !strings.Contains(c.Text, "Death: deal 2 damage to each opponent") {
				t.Errorf("Märtyrer: %q", c.Text)
			}
		case "Sturmreiter":
			if !strings.Contains(c.Text, "Charge, Pierce") {
				t.Errorf("Sturmreiter: %q", c.Text)
			}
		case "Schatzdrache":
			if !strings.Contains(c.Text, "fires Greed") || c.Cost != "14 Silver" {
				t.Errorf("Schatzdrache: %q %q", c.Text, c.Cost)
			}
		}
	}
}

func TestBrokenCardFiles(t *testing.T) {
	cases := []struct{ name, yaml, want string }{
		{"unknown field", "cards:\n  - name: A\n    kind: creature\n    hp: 2\n    power: 3\n", "bad.yaml:5"},
		{"unknown kind", "cards:\n  - name: A\n    kind: wizard\n", `bad.yaml:3: A: unknown kind "wizard" (fix: use one of creature`},
		{"stat out of range", "cards:\n  - name: A\n    kind: creature\n    hp: 99\n", "bad.yaml:4: A: hp 99 is out of range (fix: use -5 to 30)"},
		{"creature without HP", "cards:\n  - name: A\n    kind: creature\n", "A: a creature needs at least 1 HP"},
		{"duplicate name", "cards:\n  - {name: A, kind: creature, hp: 1}\n  - {name: a, kind: creature, hp: 1}\n", "bad.yaml:3: a: the name is used by another card"},
		{"bad trigger", "cards:\n  - name: A\n    kind: creature\n    hp: 1\n    abilities: [\"Morgen: heal 1 owner\"]\n", `bad.yaml:5: A: unknown trigger "Morgen"`},
		{"bad effect", "cards:\n  - name: A\n    kind: creature\n    hp: 1\n    abilities:\n      - \"Sofort: fly 1 owner\"\n", `bad.yaml:6: A: unknown effect "fly"`},
		{"bad target", "cards:\n  - {name: A, kind: creature, hp: 1, abilities: [\"Sofort: heal 1 moon\"]}\n", `unknown target "moon"`},
		{"no amount", "cards:\n  - {name: A, kind: creature, hp: 1, abilities: [\"Sofort: damage opponents\"]}\n", "damage needs an amount"},
		{"player effect on creature", "cards:\n  - {name: A, kind: creature, hp: 1, abilities: [\"Sofort: silver 1 self\"]}\n", "silver works on players, not creatures"},
		{"cancel outside a counter", "cards:\n  - {name: A, kind: spell, abilities: [\"Sofort: cancel played\"]}\n", "only counters cancel"},
		{"event without stack", "cards:\n  - {name: A, kind: event, abilities: [\"Sofort: heal 1 players\"]}\n", "an event needs its stack"},
		{"event with owner target", "cards:\n  - {name: A, kind: event, stack: extras, abilities: [\"Sofort: heal 1 owner\"]}\n", "an event belongs to nobody"},
		{"spell with a lasting trigger", "cards:\n  - {name: A, kind: spell, abilities: [\"Tod: heal 1 owner\"]}\n", "a spell acts once"},
		{"unknown keyword", "cards:\n  - {name: A, kind: creature, hp: 1, keywords: [Flying]}\n", `unknown keyword "Flying"`},
		{"no name", "cards:\n  - {name: \" \", kind: creature, hp: 1}\n", "(no name): the card has no name"},
		{"stack of a creature", "cards:\n  - {name: A, kind: creature, hp: 1, stack: extras}\n", "A: only events name their stack"},
		{"event with a cost", "cards:\n  - {name: A, kind: event, stack: extras, cost: 2, abilities: [\"Sofort: heal 1 players\"]}\n", "A: an event is never bought"},
		{"keyword on a spell", "cards:\n  - {name: A, kind: spell, keywords: [Blutsaugen], abilities: [\"Sofort: heal 1 owner\"]}\n", "A: only creatures and the extras that stay on them carry effect keywords"},
		{"copy by a spell", "cards:\n  - {name: A, kind: spell, copy: left, abilities: [\"Sofort: heal 1 owner\"]}\n", "A: only a creature can copy another"},
		{"unknown copy rule", "cards:\n  - {name: A, kind: creature, hp: 1, copy: right}\n", `A: unknown copy rule "right"`},
		{"unknown attach rule", "cards:\n  - {name: A, kind: spell, attach: both, abilities: [\"Sofort: heal 1 owner\"]}\n", `A: unknown attach rule "both"`},
		{"attach of a creature", "cards:\n  - {name: A, kind: creature, hp: 1, attach: own}\n", "A: only properties, spells and equipment attach"},
		{"stats of a spell", "cards:\n  - {name: A, kind: spell, atk: 1, abilities: [\"Sofort: heal 1 owner\"]}\n", "A: only creatures and the extras that stay on them have stats"},
		{"an event that does nothing", "cards:\n  - {name: A, kind: event, stack: extras}\n", "A: an event does nothing"},
		{"bad yaml", "cards:\n  - name: [\n", "bad.yaml"},
		{"every field of the wrong type", "cards:\n  - {name: A, kind: creature, hp: x}\n  - {name: B, kind: creature, hp: y}\n",
			"bad.yaml:2: A ($.cards[0].hp): got string, want integer (fix: see the card schema (kartenwerk schema zynalith))\nbad.yaml:3: B ($.cards[1].hp): got string"},
	}
	for _, c := range cases {
		_, err := loadPool(map[string][]byte{"bad.yaml": []byte(c.yaml)})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
}

func TestPresetsValidate(t *testing.T) {
	if len(shipped.presets) < 2 {
		t.Fatalf("%d presets", len(shipped.presets))
	}
	for _, p := range (Game{}).Presets() {
		if ps := (Game{}).ValidateDeck(p); len(ps) > 0 {
			t.Errorf("%s: %v", p.Name, ps)
		}
	}
}

func TestZY_8_1_StackListErrors(t *testing.T) {
	src := "creatures:\n10 Sumpfratte\n1 Wut\n1 Drache\nextras:\n3 Kurzschwert\n2 Seuche\nhand:\n1 Heiler\n"
	d, err := engine.ParseDeckList("bad.txt", "bad", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	ps := (Game{}).ValidateDeck(d)
	want := []string{
		"bad.txt:3: Wut: a property belongs in the extras stack, not the creatures stack (ZY-8.1)",
		"bad.txt:4: Drache: no such card",
		"bad.txt:7: Seuche: an event belongs in the creatures stack",
		`bad.txt:9: Heiler: the card is in section "hand"`,
		"bad.txt: extras: the extras stack has 3 cards besides events, fewer than 10",
	}
	all := engine.Problems(ps).Error()
	for _, w := range want {
		if !strings.Contains(all, w) {
			t.Errorf("missing %q in\n%s", w, all)
		}
	}
	// ZY-8.1: every kind speaks German and Czech too.
	enginetest.CheckProblemLanguages(t, words, ps)
	_, err = Game{}.New(engine.Setup{Game: "zynalith", Seats: 2, Decks: []engine.DeckList{d}})
	var problems engine.Problems
	if !errors.As(err, &problems) || len(problems) != len(ps) {
		t.Errorf("New with a bad list: %v", err)
	}
	_, err = Game{}.New(engine.Setup{Game: "zynalith", Seats: 2, Decks: []engine.DeckList{shipped.presets[0], shipped.presets[1]}})
	if err == nil || !strings.Contains(err.Error(), "give one list") {
		t.Errorf("two different lists: %v", err)
	}
}

func TestVariantErrors(t *testing.T) {
	_, err := Game{}.New(engine.Setup{Game: "zynalith", Seats: 2, Variant: map[string]string{"combat": "never"}})
	if err == nil || !strings.Contains(err.Error(), "round, turn, end") {
		t.Errorf("bad variant: %v", err)
	}
	_, err = Game{}.New(engine.Setup{Game: "zynalith", Seats: 2, Variant: map[string]string{"weather": "rain"}})
	if err == nil || !strings.Contains(err.Error(), "unknown variant") {
		t.Errorf("unknown variant: %v", err)
	}
}

func TestPositionErrors(t *testing.T) {
	pos := engine.Position{Round: 1, Seats: []engine.SeatPosition{
		{Zones: map[string][]engine.CardSpec{zoneFront: cards("Wut"), "grave": cards("Heiler")}, Counters: map[string]int{"mana": 3}},
		{Zones: map[string][]engine.CardSpec{zoneHand: cards("Nobody")}}},
		Shared: map[string][]engine.CardSpec{zoneMarketC: cards("Kurzschwert")}}
	_, err := Game{}.FromPosition(engine.Setup{Game: "zynalith", Seed: 1}, pos)
	if err == nil {
		t.Fatal("bad position accepted")
	}
	for _, w := range []string{"Wut is a property", "p1.grave: unknown zone", "p1.counters.mana: unknown counter", `p2.hand: no card "Nobody"`, "does not belong in this row"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("missing %q in %v", w, err)
		}
	}
}

func TestStackListTooLarge(t *testing.T) {
	d, _ := engine.ParseDeckList("big.txt", "big", strings.NewReader("creatures:\n60 Sumpfratte\nextras:\n30 Wut\n25 Zoll\n"))
	all := engine.Problems((Game{}).ValidateDeck(d)).Error()
	for _, w := range []string{"the stacks hold 115 cards, more than 96", "the stacks hold 25 counters, more than 24"} {
		if !strings.Contains(all, w) {
			t.Errorf("missing %q in %s", w, all)
		}
	}
	enginetest.CheckProblemLanguages(t, words, (Game{}).ValidateDeck(d))
}

// ZY-9.3 gives no further cards, only the ranges the pool keeps to: costs
// of about 0-15 Silver, some cards priced in Zynalith.
func TestZY_9_3_ThePoolKeepsToTheKnownRanges(t *testing.T) {
	inZyn := 0
	for _, d := range builtin.defs {
		if d.Silver < 0 || d.Silver > 15 {
			t.Errorf("%s costs %d Silver, outside 0-15", d.Name, d.Silver)
		}
		if d.Zyn > 0 {
			inZyn++
		}
	}
	if inZyn == 0 {
		t.Error("no card is priced in Zynalith")
	}
}

// TestEnglishArticlesFitTheirNouns: no English message of Zynalith says
// "a" before a vowel ("a event", "a equipment"), as in the ZY-8.1
// problem of a card in the wrong stack for every kind.
func TestEnglishArticlesFitTheirNouns(t *testing.T) {
	wrongArticle := regexp.MustCompile(`(?i)\ba [aeio]\w*`)
	for _, key := range words.Keys() {
		if m := wrongArticle.FindString(words.T(i18n.EN, key)); m != "" {
			t.Errorf("%s: %q says %q", key, words.T(i18n.EN, key), m)
		}
	}
	for kind := range kindNames {
		key := "deck.wrong_stack." + kindNames[kind] + ".msg"
		if !words.Has(key) {
			t.Errorf("kind %s has no message %s (ZY-8.1)", kindNames[kind], key)
		}
	}
}
