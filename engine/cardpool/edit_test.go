package cardpool_test

import (
	"fmt"
	"path"
	"strings"
	"testing"
	"testing/fstest"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
	_ "kartenwerk/games/athernum"
	_ "kartenwerk/games/microlife"
	_ "kartenwerk/games/mysticelements"
	_ "kartenwerk/games/mystimons"
	_ "kartenwerk/games/zynalith"
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

// changedLines lists the lines of b that a does not have at the same
// place, assuming b adds added lines after line at (0: none).
func changedLines(a, b string) (changed []string, linesA, linesB int) {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i, j := 0, 0; i < len(la) || j < len(lb); i, j = i+1, j+1 {
		switch {
		case i >= len(la):
			changed = append(changed, lb[j])
		case j >= len(lb):
			changed = append(changed, "-"+la[i])
		case la[i] != lb[j]:
			if len(lb) > len(la) && j+1 < len(lb) && lb[j+1] == la[i] {
				changed = append(changed, lb[j]) // an added line
				i--
				continue
			}
			changed = append(changed, lb[j])
		}
	}
	return changed, len(la), len(lb)
}

// An edited card file is its designer's file with the one value changed:
// every comment, blank line and field order kept, in every game's
// shipped files, for each card's first number field.
func TestEditCardsChangesOnlyTheEditedLine(t *testing.T) {
	for _, id := range []string{"athernum", "microlife", "mysticelements", "mystimons", "zynalith"} {
		g, err := engine.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		files := g.(engine.CardSource).CardFiles()
		edited := 0
		for _, c := range g.Cards() {
			fields, err := cardpool.NumberFields(files, c.Name)
			if err != nil || len(fields) == 0 {
				continue
			}
			f := fields[0]
			out, err := cardpool.EditCard(files, c.Name, map[string]any{f.Name: f.Value + 7})
			if err != nil {
				t.Fatalf("%s %s: %v", id, c.Name, err)
			}
			orig := fileNamed(files, out.Name)
			changed, _, _ := changedLines(string(orig), string(out.Data))
			want := fmt.Sprintf("%s: %d", f.Name, f.Value+7)
			if len(changed) != 1 || !strings.Contains(changed[0], want) {
				t.Errorf("%s: %s's %s edited changed %d lines (%q), want the one line with %q", id, c.Name, f.Name, len(changed), changed[:min(3, len(changed))], want)
			}
			edited++
		}
		if edited == 0 {
			t.Errorf("%s: no card had a number field", id)
		}
	}
}

// fileNamed is the newest file of that base name.
func fileNamed(files []engine.CardFile, name string) []byte {
	for i := len(files) - 1; i >= 0; i-- {
		if path.Base(files[i].Name) == name {
			return files[i].Data
		}
	}
	return nil
}

func TestEditCardsAddsAMissingFieldAfterTheName(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{
			"# Embers\ncards:\n  - name: Imp   # small\n    cost: 1\n    abilities:\n      - \"quick\"\n\n  # the big one\n  - name: Drake\n    cost: 5\n",
			"# Embers\ncards:\n  - name: Imp   # small\n    vp: 2\n    cost: 3\n    abilities:\n      - \"quick\"\n\n  # the big one\n  - name: Drake\n    cost: 4\n",
		},
		{
			"cards:\n  - {name: Imp, cost: 1}  # small\n  - {name: Drake, cost: 5, tags: [big]}\n",
			"cards:\n  - {name: Imp, vp: 2, cost: 3}  # small\n  - {name: Drake, cost: 4, tags: [big]}\n",
		},
	} {
		files := []engine.CardFile{{Name: "cards/ember.yaml", Data: []byte(tc.src)}}
		out, err := cardpool.EditCards(files, map[string]map[string]any{"imp": {"vp": 2, "cost": 3}, "Drake": {"cost": 4}})
		if err != nil {
			t.Fatal(err)
		}
		if got := string(out[0].Data); got != tc.want {
			t.Errorf("edited file:\n%s\nwant:\n%s", got, tc.want)
		}
	}
}

// Where the text cannot be edited in place (a quoted value, a name that
// two entries share), the file is written anew: the edit still holds,
// and every other value stays.
func TestEditCardsWritesAnewWhereTheTextCannotBeEdited(t *testing.T) {
	for _, src := range []string{
		"cards:\n  - {name: Imp, cost: \"1\", power: 2}\n  - name: Drake\n    cost: 5\n",
		"cards:\n  - name: Imp\n    cost: \"1\"\n    power: 2\n",
		"cards:\n  - name: Imp\n    cost: 1\n    power: 2\n  - name: imp\n    cost: 9\n",
	} {
		files := []engine.CardFile{{Name: "x.yaml", Data: []byte(src)}}
		out, err := cardpool.EditCards(files, map[string]map[string]any{"Imp": {"cost": 3}})
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		got, err := cardpool.NumberFields([]engine.CardFile{{Name: "x.yaml", Data: out[0].Data}}, "Imp")
		if err != nil {
			t.Fatalf("%q edited: %v\n%s", src, err, out[0].Data)
		}
		if s := fmt.Sprint(got); s != "[{cost 3} {power 2}]" {
			t.Errorf("%q edited reads %s:\n%s", src, s, out[0].Data)
		}
	}
}

// A card name that no file holds is refused with the nearest names, for a
// misspelling, and the game's card list: "did you mean Terrix?".
func TestEditOfAnUnknownCardSuggestsTheNearest(t *testing.T) {
	for _, c := range []struct {
		game, card, want string
	}{
		{"mystimons", "Terrixx", "no card named \"Terrixx\"; did you mean \"Terrix\"? (`kartenwerk cards mystimons` lists every card)"},
		{"athernum", "ember warlrod", `did you mean "Ember Warlord"?`},
		{"athernum", "Terrixx", "no card named \"Terrixx\": give a card's name as `kartenwerk cards athernum` lists it"},
	} {
		t.Run(c.game+"/"+c.card, func(t *testing.T) {
			g, err := engine.Lookup(c.game)
			if err != nil {
				t.Fatal(err)
			}
			_, err = cardpool.EditCard(g.(engine.CardSource).CardFiles(), c.card, map[string]any{"cost": 1})
			err = cardpool.InGame(err, c.game)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want %q", err, c.want)
			}
		})
	}
}
