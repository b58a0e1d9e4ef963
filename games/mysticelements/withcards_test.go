package mysticelements

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
)

// A designer's cards replace the shipped cards of their names; the game
// plays with the new cards and the shipped game is unchanged.
func TestWithCardsReplacesAColour(t *testing.T) {
	black := string(mustRead("cards/black.yaml"))
	changed := strings.Replace(black, "{name: Grave Rat, type: unit, cost: 1, power: 1, health: 1", "{name: Grave Rat, type: unit, cost: 1, power: 4, health: 1", 1)
	if changed == black {
		t.Fatal("test data: Grave Rat's line not found in black.yaml")
	}
	g, err := Game{}.WithCards(fstest.MapFS{"black.yaml": {Data: []byte(changed)}})
	if err != nil {
		t.Fatal(err)
	}
	if got := power(g.Cards(), "Grave Rat"); got != 4 {
		t.Fatalf("Grave Rat's power after WithCards is %d, want 4", got)
	}
	if got := power(Game{}.Cards(), "Grave Rat"); got != 1 {
		t.Fatalf("the shipped game changed: Grave Rat's power is %d", got)
	}
	enginetest.RandomGames(t, g, enginetest.Options{Games: 20, Setup: func(i int) engine.Setup {
		return engine.Setup{Game: "mysticelements", Seats: 2, Seed: uint64(i)}
	}})
}

func TestWithCardsReportsBadFiles(t *testing.T) {
	cases := map[string]string{
		"black.yaml": "colour: black\ncards:\n  - {name: Grave Rat, type: unit, cost: 1, power: x, health: 1}\n",
		"teal.yaml":  "colour: teal\ncards: []\n",
		"none.yaml":  "cards:\n  - {name: Dustmote, type: unit, cost: 1, power: 1, health: 1}\n",
	}
	for name, data := range cases {
		_, err := Game{}.WithCards(fstest.MapFS{name: {Data: []byte(data)}})
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: got %v, want an error naming the file", name, err)
		}
	}
	if _, err := (Game{}).WithCards(fstest.MapFS{}); err == nil || !strings.Contains(err.Error(), "no card files (*.yaml)") {
		t.Errorf("empty directory: %v", err)
	}
}

func power(cards []engine.CardInfo, name string) int {
	for _, c := range cards {
		if c.Name == name {
			for _, s := range c.Stats {
				if s.Name == "power" {
					return s.Value
				}
			}
		}
	}
	return -1
}

// A copy of a colour's file replaces that file whole (engine/cardpool),
// so a card renamed in it is renamed, not added beside the old one: the
// colour keeps its 15 cards (ME-1.1), and the presets play it under its
// new name.
func TestWithCardsRenamedCardIsRenamed(t *testing.T) {
	black := string(mustRead("cards/black.yaml"))
	g, err := Game{}.WithCards(fstest.MapFS{"black.yaml": {Data: []byte(strings.Replace(black, "{name: Grave Rat,", "{name: Crypt Rat,", 1))}})
	if err != nil {
		t.Fatal(err)
	}
	cards := g.Cards()
	if power(cards, "Crypt Rat") < 0 || power(cards, "Grave Rat") >= 0 {
		t.Errorf("after the rename: Crypt Rat's power %d, Grave Rat's %d, want only Crypt Rat", power(cards, "Crypt Rat"), power(cards, "Grave Rat"))
	}
	if len(cards) != len(Game{}.Cards()) {
		t.Errorf("%d cards after a rename, %d before", len(cards), len(Game{}.Cards()))
	}
	for _, d := range g.Presets() {
		if d.Name != "Nightshade" {
			continue
		}
		if list := fmt.Sprint(d.Entries); !strings.Contains(list, "Crypt Rat") || strings.Contains(list, "Grave Rat") {
			t.Errorf("Nightshade after the rename: %s", list)
		}
	}
}

// A file of a few changed cards named like the game's file takes that
// file's place: the colour then falls short of 15 cards (ME-1.1), and the
// error says why and how to add to the game's cards instead.
func TestWithCardsExplainsAFileThatReplacesTheGames(t *testing.T) {
	one := "colour: red\ncards:\n  - {name: Fireball, type: wonder, cost: 2, abilities: [\"play: damage 3 to any\"]}\n"
	_, err := Game{}.WithCards(fstest.MapFS{"red.yaml": {Data: []byte(one)}})
	for _, want := range []string{"red: colour has 1 cards, the game needs 15 (ME-1.1)", "red.yaml: this file takes the place of the game's red.yaml, leaving out 14 of its cards (Ember Imp, ", "give this file another name"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error\n%v\ndoes not say %q", err, want)
		}
	}
	if _, err := (Game{}).WithCards(fstest.MapFS{"red-changes.yaml": {Data: []byte(one)}}); err != nil {
		t.Errorf("the same card in a file of another name: %v", err)
	}
}

// A preset is three whole colours (ME-8.1). Cards that change colour make
// the presets that used them illegal: the error names each such preset and
// how to mend it, and a deck list of its name beside the cards replaces it.
func TestWithCardsExplainsPresetsMadeIllegal(t *testing.T) {
	swap := fstest.MapFS{
		"moved-red.yaml":   {Data: []byte("colour: red\ncards:\n  - {name: Grave Rat, type: unit, cost: 1, power: 1, health: 1}\n")},
		"moved-black.yaml": {Data: []byte("colour: black\ncards:\n  - {name: Ember Imp, type: unit, cost: 1, power: 1, health: 1}\n")},
	}
	_, err := Game{}.WithCards(swap)
	if err == nil {
		t.Fatal("presets with a card of a fourth colour accepted")
	}
	for _, want := range []string{"the preset Earthfire becomes illegal", "the preset Nightshade becomes illegal", "`name: Earthfire`"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error\n%v\ndoes not say %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "Deepwood") {
		t.Errorf("error names Deepwood, which plays neither colour:\n%v", err)
	}
	for _, name := range []string{"Earthfire", "Nightshade", "Stormglass", "Sunfire"} {
		swap[name+".txt"] = &fstest.MapFile{Data: []byte("name: " + name + "\ngreen\nblue\nbrown\n")}
	}
	g, err := Game{}.WithCards(swap)
	if err != nil {
		t.Fatalf("with the presets replaced: %v", err)
	}
	if n := len(g.Presets()); n != 5 {
		t.Errorf("%d presets, want the 5 shipped ones, 4 replaced", n)
	}
}
