package athernum

import (
	"cmp"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
)

// withCards applies card files (name -> YAML) to the shipped game.
func withCards(t *testing.T, files map[string]string) (*Game, error) {
	t.Helper()
	fsys := fstest.MapFS{}
	for n, data := range files {
		fsys[n] = &fstest.MapFile{Data: []byte(data)}
	}
	g, err := theGame.WithCards(fsys)
	if err != nil {
		return nil, err
	}
	return g.(*Game), nil
}

func cardInfo(g *Game, name string) (int, engine.CardInfo) {
	for i, ci := range g.Cards() {
		if ci.Name == name {
			return i, ci
		}
	}
	return -1, engine.CardInfo{}
}

func stat(ci engine.CardInfo, name string) int {
	for _, st := range ci.Stats {
		if st.Name == name {
			return st.Value
		}
	}
	return -1
}

const colossus = `cards:
  - name: Ember Colossus
    type: character
    faction: ember
    cost: 4
    vp: 3
    ofv: 4
    dfv: 5
    abilities:
      - "objective (morning): vp 1 self"
`

// A designer's new card is in the pool, a deck can hold it (AT-8) and
// games are played with it; the shipped game does not know it.
func TestWithCardsAddsACard(t *testing.T) {
	shipped := theGame.Cards()
	g, err := withCards(t, map[string]string{"mine.yaml": colossus})
	if err != nil {
		t.Fatal(err)
	}
	if i, ci := cardInfo(g, "Ember Colossus"); i < 0 || ci.Cost != "4" || stat(ci, "vp") != 3 || !strings.Contains(ci.Text, "Objective") {
		t.Fatalf("the added card in Cards(): %d %+v", i, ci)
	}
	if len(g.Cards()) != len(shipped)+1 {
		t.Errorf("%d cards after adding one to %d", len(g.Cards()), len(shipped))
	}
	deck := presetWith(t, "Inferno Oracle", "Ember Colossus")
	if ps := g.ValidateDeck(deck); len(ps) > 0 {
		t.Fatalf("a deck with the added card: %v", ps)
	}
	if ps := theGame.ValidateDeck(deck); len(ps) == 0 {
		t.Errorf("the shipped game accepts a deck with a card it does not have")
	}
	setup := func(i int) engine.Setup {
		return engine.Setup{Game: "athernum", Seats: 2, Seed: uint64(i) + 1, Decks: []engine.DeckList{deck, deck},
			// Random players can play on for ever without the optional limit (AT-10.U6).
			Variant: map[string]string{varTurnLimit: "120"}}
	}
	st, err := g.New(setup(0))
	if err != nil {
		t.Fatal(err)
	}
	if n := countCards(st.(*State), "Ember Colossus"); n != 4 {
		t.Errorf("the game holds %d Ember Colossus, the decks 2 each", n)
	}
	enginetest.RandomGames(t, g, enginetest.Options{Games: 30, Setup: setup, Invariants: invariants})
}

// presetWith is the first preset deck with card old swapped for card new.
func presetWith(t *testing.T, old, new string) engine.DeckList {
	t.Helper()
	d := theGame.Presets()[0]
	d.Entries = append([]engine.DeckEntry(nil), d.Entries...)
	for i, e := range d.Entries {
		if e.Card == old {
			d.Entries[i].Card = new
			return d
		}
	}
	t.Fatalf("preset %s has no %s", d.Name, old)
	return d
}

func countCards(s *State, name string) int {
	n := 0
	for id := 1; id < len(s.cards); id++ {
		if s.cards[id].flags&fToken == 0 && s.def(int16(id)).name == name {
			n++
		}
	}
	return n
}

// A card named like a shipped one replaces it in its place; the shipped
// game keeps the printed card.
func TestWithCardsReplacesACard(t *testing.T) {
	before := theGame.Cards()
	at, _ := cardInfo(theGame, "Blaze Herald")
	changed := strings.Replace(extractCard(t, "cards/ember.yaml", "Blaze Herald"), "vp: 6", "vp: 4", 1)
	g, err := withCards(t, map[string]string{"herald.yaml": "cards:\n" + changed})
	if err != nil {
		t.Fatal(err)
	}
	i, ci := cardInfo(g, "Blaze Herald")
	if i != at || stat(ci, "vp") != 4 {
		t.Errorf("the replaced Blaze Herald: index %d (shipped %d), vp %d (want 4)", i, at, stat(ci, "vp"))
	}
	if len(g.Cards()) != len(before) {
		t.Errorf("%d cards after replacing one of %d", len(g.Cards()), len(before))
	}
	if !reflect.DeepEqual(theGame.Cards(), before) {
		t.Errorf("WithCards changed the shipped game's cards")
	}
	if len(g.Presets()) != len(theGame.Presets()) {
		t.Errorf("a harmless change dropped presets: %d of %d", len(g.Presets()), len(theGame.Presets()))
	}
	enginetest.RandomGames(t, g, enginetest.Options{Games: 30, Setup: mixedSetup, Invariants: invariants})
}

// extractCard is the YAML of one shipped card, "  - name: ..." up to the
// next card.
func extractCard(t *testing.T, file, name string) string {
	t.Helper()
	data, err := gameFiles.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "  - name: "+name+"\n")
	if !ok {
		t.Fatalf("%s has no card %s", file, name)
	}
	if end := strings.Index(rest, "  - name: "); end >= 0 {
		rest = rest[:end]
	}
	return "  - name: " + name + "\n" + rest
}

// Bad files give problems naming file and line, and a fix.
func TestWithCardsReportsBadFiles(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"a value of the wrong type", map[string]string{"bad.yaml": "cards:\n  - name: A\n    type: character\n    dfv: x\n"}, "bad.yaml:4: A ($.cards[0].dfv): got string, want integer"},
		{"an unknown field", map[string]string{"bad.yaml": "cards:\n  - name: A\n    type: item\n    colour: red\n"}, "bad.yaml:4"},
		{"an unknown faction", map[string]string{"bad.yaml": "cards:\n  - name: A\n    type: item\n    faction: fire\n"}, `bad.yaml:4: A: unknown faction "fire"`},
		{"every problem of a file that does not decode", map[string]string{"bad.yaml": "cards:\n  - {name: A, type: character, dfv: x}\n  - {name: B, type: character, ofv: y}\n"},
			"bad.yaml:2: A ($.cards[0].dfv): got string, want integer (fix: see the card schema (kartenwerk schema athernum))\nbad.yaml:3: B ($.cards[1].ofv): got string"},
		{"no list of cards (schema)", map[string]string{"bad.yaml": "cards:\n"}, "bad.yaml:1"},
		{"one name in two files", map[string]string{"a.yaml": "cards:\n  - {name: Relic, type: item}\n", "b.yaml": "cards:\n  - {name: Relic, type: item}\n"},
			"b.yaml:2: Relic: the name is used by another card (a.yaml:2)"},
		{"a summoned token that is no card", map[string]string{"bad.yaml": "cards:\n  - {name: A, type: item, abilities: [\"activated {1}: summon Ghost\"]}\n"},
			`bad.yaml:2: A: summons "Ghost", which is no card`},
		{"a shipped token replaced by a character", map[string]string{"bad.yaml": "cards:\n  - {name: Sprout, type: character, dfv: 1}\n"},
			`Seed Mother: summons "Sprout", which is not a token`},
		{"no card files", map[string]string{"notes.md": "cards"}, "no card files (*.yaml)"},
	} {
		_, err := withCards(t, tc.files)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
		if err != nil && tc.name != "no card files" && !strings.Contains(err.Error(), "fix:") {
			t.Errorf("%s: no fix in %v", tc.name, err)
		}
	}
}

// Changed cards can make the preset decks illegal (AT-8): the error
// names each one and how to mend it (engine/cardpool), and a deck list of
// its name beside the cards replaces it.
func TestWithCardsExplainsIllegalPresets(t *testing.T) {
	signet := "cards:\n  - {name: Signet of Claim, type: item, extra: true}\n"
	_, err := withCards(t, map[string]string{"signet.yaml": signet})
	if err == nil {
		t.Fatal("presets with Signet of Claim in the main deck, now an Extra-deck card, accepted")
	}
	for _, p := range theGame.Presets() {
		if !strings.Contains(err.Error(), "the preset "+p.Name+" becomes illegal with these cards: is an Extra-deck card") ||
			!strings.Contains(err.Error(), "`name: "+p.Name+"`") {
			t.Errorf("the error does not explain preset %s:\n%v", p.Name, err)
		}
	}
	files := map[string]string{"signet.yaml": signet, "colossus.yaml": colossus}
	for _, p := range theGame.Presets() {
		list := "name: " + p.Name + "\n"
		for _, e := range p.Entries {
			card := e.Card
			if card == "Signet of Claim" {
				card = "Ember Colossus"
			}
			list += fmt.Sprintf("%s:\n%d %s\n", cmp.Or(e.Section, "main"), e.Count, card)
		}
		files[p.Name+".txt"] = list
	}
	g, err := withCards(t, files)
	if err != nil {
		t.Fatalf("with the presets replaced: %v", err)
	}
	if len(g.Presets()) != len(theGame.Presets()) {
		t.Errorf("%d presets, want the %d shipped ones replaced", len(g.Presets()), len(theGame.Presets()))
	}
}
