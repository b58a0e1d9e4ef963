package cardpool_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
	_ "kartenwerk/games/athernum"
	_ "kartenwerk/games/mysticelements"
)

// edited plays an edited card file through WithCards and returns the
// cards of the result.
func edited(t *testing.T, g engine.Game, card string, set map[string]any) []engine.CardInfo {
	t.Helper()
	f, err := cardpool.EditCard(g.(engine.CardSource).CardFiles(), card, set)
	if err != nil {
		t.Fatal(err)
	}
	changed, err := g.(engine.CardOverrider).WithCards(fstest.MapFS{f.Name: {Data: f.Data}})
	if err != nil {
		t.Fatalf("the edited file %s does not load: %v\n%s", f.Name, err, f.Data)
	}
	return changed.Cards()
}

func cardNamed(cards []engine.CardInfo, name string) engine.CardInfo {
	for _, c := range cards {
		if c.Name == name {
			return c
		}
	}
	return engine.CardInfo{}
}

func TestEditCardChangesOneFieldOfOneCard(t *testing.T) {
	g, _ := engine.Lookup("athernum")
	before := g.Cards()
	after := edited(t, g, "ember warlord", map[string]any{"cost": 6})
	if len(after) != len(before) {
		t.Fatalf("%d cards after the edit, %d before", len(after), len(before))
	}
	for i := range before {
		want := before[i]
		if want.Name == "Ember Warlord" {
			want.Cost = "6"
		}
		if after[i].Name != want.Name || after[i].Cost != want.Cost || after[i].Text != want.Text {
			t.Errorf("card %d: %+v, want %+v", i, after[i], want)
		}
	}
}

func TestEditCardKeepsFileLevelFieldsAndAddsFields(t *testing.T) {
	g, _ := engine.Lookup("mysticelements")
	before := cardNamed(g.Cards(), "Shade")
	after := cardNamed(edited(t, g, "Shade", map[string]any{"power": 4}), "Shade")
	if after.Group != before.Group || !strings.Contains(statText(after), "power 4") {
		t.Errorf("Shade after the edit: %+v (before %+v)", after, before)
	}
}

func statText(c engine.CardInfo) string {
	var b strings.Builder
	for _, s := range c.Stats {
		fmt.Fprintf(&b, "%s %d;", s.Name, s.Value)
	}
	return b.String()
}

func TestEditCardRefusesAnUnknownCard(t *testing.T) {
	g, _ := engine.Lookup("athernum")
	_, err := cardpool.EditCard(g.(engine.CardSource).CardFiles(), "Nonesuch", map[string]any{"cost": 1})
	if err == nil || !strings.Contains(err.Error(), `no card named "Nonesuch"`) {
		t.Errorf("an unknown card: %v", err)
	}
}

func TestEditCardsEditsCardsOfOneFileInOneCopy(t *testing.T) {
	g, _ := engine.Lookup("athernum")
	files, err := cardpool.EditCards(g.(engine.CardSource).CardFiles(), map[string]map[string]any{
		"Ember Warlord": {"cost": 7}, "Cinder Scout": {"cost": 4}, "Root Keeper": {"vp": 3},
	})
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for _, f := range files {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	if len(files) != 2 {
		t.Errorf("%d files for cards of two files", len(files))
	}
	changed, err := g.(engine.CardOverrider).WithCards(fsys)
	if err != nil {
		t.Fatal(err)
	}
	cards := changed.Cards()
	if cardNamed(cards, "Ember Warlord").Cost != "7" || cardNamed(cards, "Cinder Scout").Cost != "4" || !strings.Contains(statText(cardNamed(cards, "Root Keeper")), "vp 3;") {
		t.Errorf("edits not in force: %+v %+v %+v", cardNamed(cards, "Ember Warlord"), cardNamed(cards, "Cinder Scout"), cardNamed(cards, "Root Keeper"))
	}
	if _, err := cardpool.EditCard(g.(engine.CardSource).CardFiles(), "Ember Warlord", map[string]any{"cost": 3}); err != nil {
		t.Errorf("an edit to the shipped value: %v", err)
	}
}

func TestNumberFieldsListsTheEntrysWholeNumbers(t *testing.T) {
	files := []engine.CardFile{
		{Name: "a.yaml", Data: []byte("colour: red\ncards:\n  - {name: Imp, type: unit, cost: 1, power: 2, health: 1, stats: 2/1, keywords: [quick]}\n")},
		{Name: "b.yaml", Data: []byte("cards:\n  - {name: Imp, type: unit, cost: 3, health: -1}\n")},
	}
	for _, tc := range []struct {
		files []engine.CardFile
		card  string
		want  string
	}{
		{files[:1], "Imp", "[{cost 1} {power 2} {health 1}]"},
		{files[:1], " imp ", "[{cost 1} {power 2} {health 1}]"},
		{files, "Imp", "[{cost 3} {health -1}]"}, // the newest file's entry is in force
	} {
		got, err := cardpool.NumberFields(tc.files, tc.card)
		if err != nil {
			t.Fatalf("%q: %v", tc.card, err)
		}
		if s := fmt.Sprint(got); s != tc.want {
			t.Errorf("%q in %d files: %s, want %s", tc.card, len(tc.files), s, tc.want)
		}
	}
	if _, err := cardpool.NumberFields(files, "Impp"); err == nil || !strings.Contains(err.Error(), "Impp") {
		t.Errorf("an unknown card: %v, want an error naming it", err)
	}
}
