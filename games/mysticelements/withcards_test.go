package mysticelements

import (
	"strings"
	"testing"
	"testing/fstest"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
)

// A designer's file named like a shipped colour replaces that colour; the
// game plays with the new cards and the shipped game is unchanged.
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
	enginetest.RandomGames(t, g, enginetest.Options{Games: 20, Skip: failingChecks, Setup: func(i int) engine.Setup {
		return engine.Setup{Game: "mysticelements", Seats: 2, Seed: uint64(i)}
	}})
}

func TestWithCardsReportsBadFiles(t *testing.T) {
	cases := map[string]string{
		"black.yaml": "colour: black\ncards:\n  - {name: Grave Rat, type: unit, cost: 1, power: x, health: 1}\n",
		"teal.yaml":  "colour: teal\ncards: []\n",
	}
	for name, data := range cases {
		_, err := Game{}.WithCards(fstest.MapFS{name: {Data: []byte(data)}})
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: got %v, want an error naming the file", name, err)
		}
	}
	if _, err := (Game{}).WithCards(fstest.MapFS{}); err == nil || !strings.Contains(err.Error(), "no *.yaml") {
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

// A preset is three colours (ME-8.1): after a colour's cards are renamed
// it lists the new cards and stays legal; the shipped presets are as
// written.
func TestWithCardsKeepsPresetsLegal(t *testing.T) {
	black := string(mustRead("cards/black.yaml"))
	renamed := strings.Replace(black, "{name: Grave Rat,", "{name: Crypt Rat,", 1)
	g, err := Game{}.WithCards(fstest.MapFS{"black.yaml": {Data: []byte(renamed)}})
	if err != nil {
		t.Fatal(err)
	}
	shipped := Game{}.Presets()
	presets := g.Presets()
	if len(presets) != len(shipped) {
		t.Fatalf("%d presets, %d shipped", len(presets), len(shipped))
	}
	hasBlack := false
	for i, d := range presets {
		if ps := g.ValidateDeck(d); len(ps) > 0 {
			t.Errorf("preset %s is illegal with the new cards: %v", d.Name, ps)
		}
		lists := func(d engine.DeckList, card string) bool {
			for _, e := range d.Entries {
				if e.Card == card {
					return true
				}
			}
			return false
		}
		if lists(shipped[i], "Grave Rat") {
			hasBlack = true
			if !lists(d, "Crypt Rat") || lists(d, "Grave Rat") {
				t.Errorf("preset %s does not list the renamed card", d.Name)
			}
		}
	}
	if !hasBlack {
		t.Fatal("test data: no shipped preset plays black")
	}
}
