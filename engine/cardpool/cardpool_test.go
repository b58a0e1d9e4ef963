package cardpool

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"kartenwerk/engine"
)

type toyCard struct {
	Name string `yaml:"name"`
	Cost int    `yaml:"cost"`
}

type toyFile struct {
	Cards []toyCard `yaml:"cards"`
}

const toySchema = `{"type": "object", "additionalProperties": false, "properties": {"cards": {"type": "array",
  "items": {"type": "object", "additionalProperties": false, "required": ["name"],
    "properties": {"name": {"type": "string"}, "cost": {"type": "integer", "minimum": 0}}}}}}`

var toyFiles = fstest.MapFS{
	"cards/schema.json": {Data: []byte(toySchema)},
	"cards/a.yaml":      {Data: []byte("cards:\n  - {name: Ant, cost: 1}\n  - {name: Bee, cost: 2}\n")},
	"cards/b.yaml":      {Data: []byte("cards:\n  - {name: Cat, cost: 3}\n")},
	"decks/pair.txt":    {Data: []byte("name: Pair\nAnt\nBee\n")},
}

// toyRules is a game whose pool is its cards in order and whose decks may
// name only cards of the pool.
var toyRules = &Rules[toyFile, toyCard, []toyCard]{
	Game:    "toy",
	Files:   toyFiles,
	Entries: func(_ *engine.YAMLFile, f *toyFile) ([]toyCard, engine.Problems) { return f.Cards, nil },
	Name:    func(c toyCard) string { return c.Name },
	Build: func(cards []Card[toyCard], _ []File) ([]toyCard, engine.Problems) {
		out := make([]toyCard, len(cards))
		for i, c := range cards {
			out[i] = c.Entry
		}
		return out, nil
	},
	Validate: func(pool []toyCard, d engine.DeckList) []engine.Problem {
		var ps []engine.Problem
		for _, e := range d.Entries {
			if !strings.Contains(names(pool), "/"+strings.ToLower(e.Card)+"/") {
				ps = append(ps, d.Problem(e, "no such card", "check the name"))
			}
		}
		return ps
	},
	Info: func(pool []toyCard) []engine.CardInfo {
		out := make([]engine.CardInfo, len(pool))
		for i, c := range pool {
			out[i] = engine.CardInfo{Name: c.Name}
		}
		return out
	},
}

func names(pool []toyCard) string {
	var b strings.Builder
	b.WriteString("/")
	for _, c := range pool {
		b.WriteString(strings.ToLower(c.Name) + "/")
	}
	return b.String()
}

func TestWithAddsReplacesAndKeepsOrder(t *testing.T) {
	base, err := Load(toyRules)
	if err != nil {
		t.Fatal(err)
	}
	got, err := base.With(fstest.MapFS{
		"mine.yaml": {Data: []byte("cards:\n  - {name: bee, cost: 9}\n  - {name: Dog, cost: 4}\n")},
		"trio.txt":  {Data: []byte("name: Trio\nAnt\nbee\nDog\n")},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []toyCard{{"Ant", 1}, {"bee", 9}, {"Cat", 3}, {"Dog", 4}}
	if pool := got.Pool(); len(pool) != len(want) || names(pool) != names(want) || pool[1] != want[1] {
		t.Errorf("pool = %v, want %v", pool, want)
	}
	if ps := got.Presets(); len(ps) != 2 || ps[0].Name != "Pair" || ps[1].Name != "Trio" {
		t.Errorf("presets = %v, want Pair then Trio", ps)
	}
	if len(base.Pool()) != 3 {
		t.Errorf("With changed the pool it was called on: %v", base.Pool())
	}
}

// A card file named like one of the game's replaces it whole, in its
// place: a card left out of it leaves the pool, a card moved into it from
// another file moves, and one still named elsewhere in the new layer is a
// problem as before.
func TestAFileOfTheSameNameReplacesItWhole(t *testing.T) {
	base, err := Load(toyRules)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		files fstest.MapFS
		want  []toyCard
	}{
		{"a card left out", fstest.MapFS{"b.yaml": {Data: []byte("cards:\n  - {name: Dog, cost: 5}\n")}}, []toyCard{{"Ant", 1}, {"Bee", 2}, {"Dog", 5}}},
		{"a card moved in", fstest.MapFS{"a.yaml": {Data: []byte("cards:\n  - {name: Ant, cost: 1}\n  - {name: Cat, cost: 7}\n  - {name: Bee, cost: 2}\n")}},
			[]toyCard{{"Ant", 1}, {"Cat", 7}, {"Bee", 2}}},
		{"another name adds", fstest.MapFS{"c.yaml": {Data: []byte("cards:\n  - {name: Ant, cost: 8}\n")}}, []toyCard{{"Ant", 8}, {"Bee", 2}, {"Cat", 3}}},
	} {
		got, err := base.With(tc.files)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if pool := got.Pool(); fmt.Sprint(pool) != fmt.Sprint(tc.want) {
			t.Errorf("%s: pool %v, want %v", tc.name, pool, tc.want)
		}
	}
	_, err = base.With(fstest.MapFS{
		"a.yaml": {Data: []byte("cards:\n  - {name: Ant, cost: 1}\n  - {name: Cat, cost: 7}\n")},
		"d.yaml": {Data: []byte("cards:\n  - {name: Cat, cost: 9}\n")},
	})
	if err == nil || !strings.Contains(err.Error(), "the name is used by another card") {
		t.Errorf("one card named in two new files: %v", err)
	}
}

// A card renamed in its place in a copy of its file is renamed in the
// presets of earlier layers; a card removed and another added (the
// file's card count changes) are no rename, and a preset naming the
// removed card is illegal, as is a deck list of the new layer naming it.
func TestARenamedCardIsRenamedInEarlierPresets(t *testing.T) {
	base, err := Load(toyRules)
	if err != nil {
		t.Fatal(err)
	}
	got, err := base.With(fstest.MapFS{"a.yaml": {Data: []byte("cards:\n  - {name: Ant, cost: 1}\n  - {name: Wasp, cost: 4}\n")}})
	if err != nil {
		t.Fatal(err)
	}
	if ps := got.Presets(); len(ps) != 1 || fmt.Sprint(ps[0].Entries) != "[{1 Ant  2} {1 Wasp  3}]" {
		t.Errorf("presets after renaming Bee to Wasp: %v", ps)
	}
	for name, files := range map[string]fstest.MapFS{
		"removed and added": {"a.yaml": {Data: []byte("cards:\n  - {name: Ant, cost: 1}\n  - {name: Wasp, cost: 4}\n  - {name: Moth, cost: 1}\n")}},
		"named in the new layer": {"a.yaml": {Data: []byte("cards:\n  - {name: Ant, cost: 1}\n  - {name: Wasp, cost: 4}\n")},
			"mine.txt": {Data: []byte("name: Mine\nBee\n")}},
	} {
		if _, err := base.With(files); err == nil || !strings.Contains(err.Error(), "Bee") {
			t.Errorf("%s: %v, want the old name refused", name, err)
		}
	}
}

// LeavingOutIllegal leaves out the earlier presets that the new cards
// make illegal, where With otherwise refuses them; a deck list of the new
// layer that is illegal is still refused.
func TestLeavingOutIllegalPresets(t *testing.T) {
	base, err := Load(toyRules)
	if err != nil {
		t.Fatal(err)
	}
	noBee := fstest.MapFS{"a.yaml": {Data: []byte("cards:\n  - {name: Ant, cost: 1}\n")}}
	if _, err := base.With(noBee); err == nil {
		t.Fatal("a preset naming a removed card was accepted")
	}
	got, err := base.With(LeavingOutIllegal(noBee))
	if err != nil {
		t.Fatalf("leaving out the illegal preset: %v", err)
	}
	if ps := got.Presets(); len(ps) != 0 {
		t.Errorf("presets %v, want Pair left out", ps)
	}
	noBee["mine.txt"] = &fstest.MapFile{Data: []byte("name: Mine\nBee\n")}
	if _, err := base.With(LeavingOutIllegal(noBee)); err == nil || !strings.Contains(err.Error(), "mine.txt:2: Bee: no such card") {
		t.Errorf("an illegal deck list of the new layer: %v", err)
	}
}

func TestWithProblems(t *testing.T) {
	base, err := Load(toyRules)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		files fstest.MapFS
		want  []string // substrings of the error, in order
	}{
		{"one name twice in a layer", fstest.MapFS{"x.yaml": {Data: []byte("cards:\n  - {name: Dog}\n  - {name: dog}\n")}},
			[]string{"x.yaml:3: dog: the name is used by another card (x.yaml:2)"}},
		{"schema names the card and line", fstest.MapFS{"x.yaml": {Data: []byte("cards:\n  - name: Dog\n    cost: -1\n")}},
			[]string{"x.yaml:3: Dog ($.cards[0].cost)", "kartenwerk schema toy"}},
		{"unknown field", fstest.MapFS{"x.yaml": {Data: []byte("cards:\n  - name: Dog\n    speed: 3\n")}},
			[]string{"x.yaml:3:", `unknown field "speed"`}},
		{"a preset made illegal is explained", fstest.MapFS{"x.yaml": {Data: []byte("cards:\n  - {name: Dog}\n")},
			"pair.txt": {Data: []byte("name: pair\nAnt\nBat\n")}},
			[]string{"pair.txt:3: Bat: no such card"}},
		{"two presets of one name in a layer", fstest.MapFS{"p.txt": {Data: []byte("name: X\nAnt\n")}, "q.txt": {Data: []byte("name: x\nAnt\n")}},
			[]string{"q.txt: x: a preset of this name is already given in p.txt"}},
		{"no files", fstest.MapFS{"notes.md": {Data: []byte("hi")}},
			[]string{"no card files (*.yaml) or deck lists (*.txt) found", "kartenwerk schema toy"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := base.With(c.files)
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			for _, w := range c.want {
				i := strings.Index(msg, w)
				if i < 0 {
					t.Fatalf("error %q lacks %q", err, w)
				}
				msg = msg[i+len(w):]
			}
		})
	}
}

func TestIllegalShippedPresetIsExplainedNotDropped(t *testing.T) {
	base, err := Load(toyRules)
	if err != nil {
		t.Fatal(err)
	}
	// Renaming Bee leaves the preset Pair naming a card that is gone.
	rules := *toyRules
	rules.Build = func(cards []Card[toyCard], aside []File) ([]toyCard, engine.Problems) {
		pool, ps := toyRules.Build(cards, aside)
		for i := range pool {
			if pool[i].Name == "Bee" {
				pool[i].Name = "Wasp"
			}
		}
		return pool, ps
	}
	renamed := &Pool[toyFile, toyCard, []toyCard]{rules: &rules, sources: base.sources, pool: base.pool}
	_, err = renamed.With(fstest.MapFS{"x.yaml": {Data: []byte("cards:\n  - {name: Dog}\n")}})
	if err == nil || !strings.Contains(err.Error(), "decks/pair.txt:3: Bee: the preset Pair becomes illegal with these cards: no such card") ||
		!strings.Contains(err.Error(), "`name: Pair`") {
		t.Errorf("error = %v, want the preset Pair explained", err)
	}
}

// A file that does not decode is all that is said: neither that it
// leaves out the cards of the file it replaces nor what the pool then
// lacks, which only follow from it. A card that decodes but does not
// check is said first, and what the whole pool lacks is said too: it may
// be the cause (Micro-Life's keyword naming a missing Haut).
func TestAFilesOwnMistakeIsAllThatIsSaid(t *testing.T) {
	counted := *toyRules
	counted.Build = func(cards []Card[toyCard], _ []File) ([]toyCard, engine.Problems) {
		var ps engine.Problems
		out := make([]toyCard, len(cards))
		for i, c := range cards {
			out[i] = c.Entry
			if c.Entry.Cost > 50 {
				ps = append(ps, c.Problem("cost", c.Entry.Name, "too dear", "lower it"))
			}
		}
		if len(out) < 3 {
			ps = append(ps, engine.Problem{Msg: fmt.Sprintf("the pool has %d cards, the game needs 3", len(out))})
		}
		return out, ps
	}
	base, err := Load(&counted)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, text string
		want       string
		alone      bool
	}{
		{"a wrong type", "cards:\n  - {name: Ant, cost: one}\n  - {name: Bee, cost: 2}\n", "a.yaml:2:", true},
		{"a syntax error", "cards:\n  - {name: Ant, cost: 1\n  - {name: Bee, cost: 2}\n", "a.yaml:", true},
		{"a card that does not check", "cards:\n  - {name: Ant, cost: 99}\n", "a.yaml:2: Ant: too dear", false},
	} {
		_, err := base.With(fstest.MapFS{"a.yaml": {Data: []byte(tc.text)}})
		ps := AsProblems(err)
		if err == nil || (tc.alone && len(ps) != 1) || !strings.HasPrefix(ps[0].Error(), tc.want) {
			t.Errorf("%s: %v, want the file's own problem (%s…) first%s", tc.name, err, tc.want, map[bool]string{true: ", and alone"}[tc.alone])
		}
	}
	// Without a mistake of its own, the file that leaves out cards is
	// explained.
	_, err = base.With(fstest.MapFS{"a.yaml": {Data: []byte("cards:\n  - {name: Ant, cost: 1}\n")}})
	if err == nil || !strings.Contains(err.Error(), "takes the place of the game's a.yaml") {
		t.Errorf("a file leaving out a card: %v", err)
	}
}
