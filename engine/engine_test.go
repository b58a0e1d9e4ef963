package engine_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest/trick"
)

var codec = engine.NewCodec(
	engine.VerbSpec{Name: "attack", Args: []engine.ArgKind{engine.ArgCard, engine.ArgSeat}},
	engine.VerbSpec{Name: "gain", Args: []engine.ArgKind{engine.ArgEnum("colour", "red", "blue")}},
	engine.VerbSpec{Name: "pass"},
	engine.VerbSpec{Name: "pick", Args: []engine.ArgKind{engine.ArgNum}},
)

func TestCodecRoundTrip(t *testing.T) {
	for _, text := range []string{"attack c12 p2", "gain blue", "pass", "pick 3", "pick -1"} {
		a, err := codec.Parse(text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if got := codec.Format(a); got != text {
			t.Errorf("%q formats back as %q", text, got)
		}
	}
	a, _ := codec.Parse("attack c12 p2")
	if a != engine.Act(codec.Verb("attack"), 12, 1) {
		t.Errorf("attack c12 p2 parsed to %+v", a)
	}
}

func TestCodecErrorsSayWhatAndHow(t *testing.T) {
	cases := map[string]string{
		"":                 "empty action",
		"fly c1":           `unknown verb "fly": the verbs are attack, gain, pass, pick`,
		"attack c1":        `"attack" takes 2 argument(s) (card player), got 1`,
		"attack x1 p2":     `"x1" is not a card: write it like c1`,
		"gain green":       `"green" is not a colour: write one of red, blue`,
		"attack c1 p9":     `"p9" is not a player`,
		"pick 99999999999": "is not a number",
	}
	for text, want := range cases {
		_, err := codec.Parse(text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%q) = %v, want an error containing %q", text, err, want)
		}
	}
}

func TestRNGIsDeterministicAndClonedByCopy(t *testing.T) {
	a := engine.NewRNG(42)
	for i := 0; i < 10; i++ {
		a.Uint64()
	}
	b := a
	for i := 0; i < 100; i++ {
		if x, y := a.IntN(1000), b.IntN(1000); x != y {
			t.Fatalf("copy diverged at draw %d: %d vs %d", i, x, y)
		}
	}
	c, d := engine.NewRNG(43), engine.NewRNG(42)
	if d.Uint64() == c.Uint64() {
		t.Fatal("different seeds gave the same first number")
	}
}

func TestRNGIntNIsUniform(t *testing.T) {
	r := engine.NewRNG(1)
	counts := make([]int, 6)
	const n = 60000
	for i := 0; i < n; i++ {
		counts[r.IntN(6)]++
	}
	for v, c := range counts {
		if c < n/6-600 || c > n/6+600 {
			t.Errorf("value %d drawn %d times of %d", v, c, n)
		}
	}
}

func TestSeedForSpreadsSeeds(t *testing.T) {
	seen := map[uint64]bool{}
	for i := 0; i < 10000; i++ {
		s := engine.SeedFor(1, i)
		if seen[s] {
			t.Fatalf("SeedFor(1, %d) repeats", i)
		}
		seen[s] = true
	}
	if engine.SeedFor(1, 5) == engine.SeedFor(2, 5) {
		t.Fatal("batch seed ignored")
	}
}

func TestParseDeckList(t *testing.T) {
	src := "name: Fire Aggro\n# comment\n3 Fire Drake\n2x Ember Imp  # inline\nPhoenix\n\nextra:\n1 Dragon Lord\n"
	d, err := engine.ParseDeckList("fire.txt", "fire", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	if d.Name != "Fire Aggro" || d.Size("") != 6 || d.Size("extra") != 1 || d.Total() != 7 {
		t.Fatalf("parsed %+v", d)
	}
	if e := d.Entries[1]; e.Card != "Ember Imp" || e.Count != 2 || e.Line != 4 {
		t.Fatalf("entry 2 = %+v", e)
	}
	if got := d.Cards("extra"); len(got) != 1 || got[0] != "Dragon Lord" {
		t.Fatalf("extra = %v", got)
	}
}

// A count may also follow the name, as many deck lists write it; a name
// that ends in a number keeps it.
func TestParseDeckListReadsTrailingCounts(t *testing.T) {
	for _, c := range []struct {
		line  string
		card  string
		count int
	}{
		{"Fire Drake x3", "Fire Drake", 3},
		{"Fire Drake X2", "Fire Drake", 2},
		{"Fire Drake ×4", "Fire Drake", 4},
		{"Phage T4", "Phage T4", 1},
		{"Fire Drake x0", "Fire Drake x0", 1},
		{"Fire Drake x", "Fire Drake x", 1},
		{"x3", "x3", 1},
		{"2 Fire Drake x3", "Fire Drake x3", 2},
	} {
		d, err := engine.ParseDeckList("d.txt", "d", strings.NewReader(c.line+"\n"))
		if err != nil || len(d.Entries) != 1 {
			t.Fatalf("%q: %v %+v", c.line, err, d)
		}
		if e := d.Entries[0]; e.Card != c.card || e.Count != c.count {
			t.Errorf("%q reads as %d %q, want %d %q", c.line, e.Count, e.Card, c.count, c.card)
		}
	}
}

func TestParseDeckListReportsEveryBadLine(t *testing.T) {
	_, err := engine.ParseDeckList("bad.txt", "bad", strings.NewReader("0 Fire Drake\n3 Ember Imp\n500 Phoenix\n"))
	var ps engine.Problems
	if !errors.As(err, &ps) || len(ps) != 2 {
		t.Fatalf("want 2 problems, got %v", err)
	}
	if !strings.HasPrefix(ps[0].Error(), "bad.txt:1: count 0 is out of range") || ps[1].Line != 3 {
		t.Fatalf("problems = %v", ps)
	}
	if _, err := engine.ParseDeckList("empty.txt", "e", strings.NewReader("# nothing\n")); err == nil ||
		!strings.Contains(err.Error(), "no cards") {
		t.Fatalf("empty deck: %v", err)
	}
}

func TestResolveVariants(t *testing.T) {
	specs := trick.Game{}.Info().Variants
	v, err := engine.ResolveVariants(specs, nil)
	if err != nil || v["ties"] != "nobody" {
		t.Fatalf("defaults: %v %v", v, err)
	}
	if _, err := engine.ResolveVariants(specs, map[string]string{"tie": "x"}); err == nil ||
		!strings.Contains(err.Error(), `unknown variant "tie": this game has the variants ties`) {
		t.Fatalf("unknown key: %v", err)
	}
	if _, err := engine.ResolveVariants(specs, map[string]string{"ties": "x"}); err == nil ||
		!strings.Contains(err.Error(), "choose one of nobody, leader") {
		t.Fatalf("unknown value: %v", err)
	}
	flags, err := engine.ParseVariantFlags([]string{"a=b,c=d", "e=f"})
	if err != nil || len(flags) != 3 || flags["c"] != "d" {
		t.Fatalf("flags %v %v", flags, err)
	}
	if _, err := engine.ParseVariantFlags([]string{"oops"}); err == nil {
		t.Fatal("flag without = accepted")
	}
}

type card struct {
	Name  string `yaml:"name"`
	Power int    `yaml:"power"`
}

func TestDecodeYAMLNamesFileAndLine(t *testing.T) {
	var out struct {
		Cards []card `yaml:"cards"`
	}
	_, err := engine.DecodeYAML("red.yaml", []byte("cards:\n  - name: A\n    power: 2\n  - name: B\n    powr: 3\n"), &out)
	var p engine.Problem
	if !errors.As(err, &p) || p.File != "red.yaml" || p.Line != 5 || !strings.Contains(p.Msg, "powr") {
		t.Fatalf("unknown field: %#v", err)
	}
	f, err := engine.DecodeYAML("red.yaml", []byte("cards:\n  - name: A\n    power: 2\n  - name: B\n    power: -3\n"), &out)
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Problem("$.cards[1].power", "B", "power must be 0 or more", "").Error(); got != "red.yaml:5: B: power must be 0 or more" {
		t.Fatalf("problem text %q", got)
	}
}

// A text the YAML library itself fails on (goccy/go-yaml panics on a tag
// before a list) is a problem of the file, not a panic of the program.
func TestDecodeYAMLOfATextTheLibraryFailsOnIsAProblem(t *testing.T) {
	var out struct {
		Cards []card `yaml:"cards"`
	}
	_, err := engine.DecodeYAML("red.yaml", []byte("cards: !000000000000\n0000000 0000000000000000000000000000000000000"), &out)
	var p engine.Problem
	if !errors.As(err, &p) || p.File != "red.yaml" || !strings.Contains(p.Msg, "cannot be read as YAML") {
		t.Fatalf("got %#v, want a problem of red.yaml that says it cannot be read", err)
	}
}

func TestSchemaValidateGivesLines(t *testing.T) {
	sch, err := engine.CompileSchema("s.json", []byte(`{"type":"object","properties":{"cards":{"type":"array","items":{"type":"object","properties":{"power":{"type":"integer","minimum":0}}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if ps := sch.Validate("ok.yaml", []byte("cards:\n  - power: 1\n")); len(ps) != 0 {
		t.Fatalf("valid file rejected: %v", ps)
	}
	ps := sch.Validate("bad.yaml", []byte("cards:\n  - power: 1\n  - power: -1\n"))
	if len(ps) != 1 || ps[0].Line != 3 || ps[0].Subject != "$.cards[1].power" {
		t.Fatalf("problems %v", ps)
	}
}

// Every violation is listed, in line order, each on its own line; an
// unknown field on the line of the field, not of its card; no "validation
// failed" for the cards that hold the violations.
func TestSchemaValidateListsEveryProblemOnItsLine(t *testing.T) {
	sch, err := engine.CompileSchema("s.json", []byte(`{"type":"object","properties":{"cards":{"type":"array","items":{
		"type":"object","additionalProperties":false,"properties":{"name":{"type":"string"},"power":{"type":"integer"}}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	ps := sch.Validate("bad.yaml", []byte("cards:\n  - name: A\n    power: x\n  - name: B\n    speed: 2\n    power: 1\n"))
	var got []string
	for _, p := range ps {
		got = append(got, fmt.Sprintf("%d %s %s", p.Line, p.Subject, p.Msg))
	}
	want := []string{"3 $.cards[0].power got string, want integer", `5 $.cards[1].speed unknown field "speed"`}
	if !slices.Equal(got, want) {
		t.Fatalf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestReplayReproducesAndDetectsChanges(t *testing.T) {
	g := trick.Game{}
	setup := engine.Setup{Game: "trick", Seats: 3, Seed: 9}
	s, _ := g.New(setup)
	rec := engine.Record{Setup: setup}
	for i := 0; i < 10; i++ {
		if err := rec.Append(g, s, s.Legal(nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
	r, err := engine.Replay(g, rec)
	if err != nil || r.Hash() != s.Hash() {
		t.Fatalf("replay: %v", err)
	}
	rec.Hash ^= 1
	if _, err := engine.Replay(g, rec); err == nil || !strings.Contains(err.Error(), "the rules or cards have changed") {
		t.Fatalf("changed hash not detected: %v", err)
	}
	rec.Actions = append(rec.Actions, "play c99")
	if _, err := engine.Replay(g, rec); err == nil || !strings.Contains(err.Error(), "record action 11") {
		t.Fatalf("bad action not located: %v", err)
	}
}

func TestOutcome(t *testing.T) {
	o := engine.Outcome{Winners: engine.SeatSet(0).With(0).With(2), Reason: "points"}
	if o.String() != "p1 and p3 win (points)" || o.Reward(0) != 0.5 || o.Reward(1) != 0 || o.Draw() {
		t.Fatalf("outcome %v", o)
	}
	if (engine.Outcome{Reason: "turn-cap"}).String() != "draw (turn-cap)" {
		t.Fatal("draw text")
	}
}

func TestParseSeat(t *testing.T) {
	for text, want := range map[string]engine.Seat{"p1": 0, "P3": 2, "spectator": engine.NoSeat} {
		if got, err := engine.ParseSeat(text); err != nil || got != want {
			t.Errorf("ParseSeat(%q) = %v, %v", text, got, err)
		}
	}
	if _, err := engine.ParseSeat("p0"); err == nil {
		t.Error("p0 accepted")
	}
}

func TestDefaultPresetCoversEveryPairing(t *testing.T) {
	for _, presets := range []int{1, 2, 3, 4} {
		for _, seats := range []int{2, 3} {
			count := map[[3]int]int{}
			total := 1
			for s := 0; s < seats; s++ {
				total *= presets
			}
			for seed := uint64(1); seed <= uint64(10*total); seed++ {
				var k [3]int
				for s := 0; s < seats; s++ {
					p := engine.DefaultPreset(seed, s, presets)
					if p < 0 || p >= presets {
						t.Fatalf("DefaultPreset(%d, %d, %d) = %d, out of range", seed, s, presets, p)
					}
					k[s] = p
				}
				count[k]++
			}
			if len(count) != total {
				t.Fatalf("%d presets, %d seats: %d pairings met, want %d", presets, seats, len(count), total)
			}
			for k, c := range count {
				if c != 10 {
					t.Errorf("%d presets, %d seats: pairing %v met %d times in %d seeds, want 10", presets, seats, k, c, 10*total)
				}
			}
		}
	}
}

// concedingState is a State whose verb 9 only gives up; RandomAction asks
// nothing else of it.
type concedingState struct{ engine.State }

func (concedingState) Concedes(a engine.Action) bool { return a.Verb == 9 }

type plainState struct{ engine.State }

func TestRandomActionPassesOverConcessions(t *testing.T) {
	legal := []engine.Action{engine.Act(1), engine.Act(9), engine.Act(2), engine.Act(3)}
	r := engine.NewRNG(5)
	seen := map[engine.Verb]int{}
	for i := 0; i < 4000; i++ {
		seen[engine.RandomAction(concedingState{}, legal, &r).Verb]++
	}
	if seen[9] != 0 {
		t.Fatalf("a concession was chosen %d times while other actions were legal", seen[9])
	}
	for _, v := range []engine.Verb{1, 2, 3} {
		if seen[v] < 1100 || seen[v] > 1570 {
			t.Errorf("verb %d chosen %d times in 4000, want about a third", v, seen[v])
		}
	}
	if a := engine.RandomAction(concedingState{}, []engine.Action{engine.Act(9)}, &r); a.Verb != 9 {
		t.Fatalf("the only legal action, a concession, was not returned: %v", a)
	}
}

func TestRandomActionOfAPlainStateIsOneUniformDraw(t *testing.T) {
	legal := []engine.Action{engine.Act(1), engine.Act(9), engine.Act(2)}
	r1, r2 := engine.NewRNG(11), engine.NewRNG(11)
	for i := 0; i < 100; i++ {
		got := engine.RandomAction(plainState{}, legal, &r1)
		if want := legal[r2.IntN(len(legal))]; got != want {
			t.Fatalf("draw %d: got %v, want %v: a game without concessions must see the same random stream", i, got, want)
		}
	}
}

// datedGame is a game whose New says which day's texts it was asked to
// play, to test NewAt.
type datedGame struct {
	engine.Game
	date string
}

func (g datedGame) CardsDate() string                { return g.date }
func (g datedGame) Errata() []engine.Erratum         { return nil }
func (g datedGame) At(d string) (engine.Game, error) { return datedGame{g.Game, d}, nil }
func (g datedGame) New(engine.Setup) (engine.State, error) {
	return nil, fmt.Errorf("new with the texts of %s", g.date)
}

func TestNewAtPlaysTheSetupsDay(t *testing.T) {
	g := datedGame{date: "2026-11-24"}
	for _, c := range []struct{ setup, want string }{
		{"", "2026-11-24"}, {"2026-11-24", "2026-11-24"}, {"2025-01-01", "2025-01-01"},
	} {
		_, err := engine.NewAt(g, engine.Setup{CardsDate: c.setup})
		if err == nil || !strings.HasSuffix(err.Error(), c.want) {
			t.Errorf("setup day %q: %v, want the texts of %s", c.setup, err, c.want)
		}
	}
}

// A malformed --variant is refused with an example of the game's own
// variants and options: not redraw=no-wonders, a Mystic Elements reading,
// for every game.
func TestParseVariantsGivesAnExampleOfTheGamesOwn(t *testing.T) {
	for _, c := range []struct {
		name  string
		specs []engine.VariantSpec
		want  string
	}{
		{"first option besides the default", []engine.VariantSpec{{Key: "ties", Options: []string{"nobody", "leader"}, Default: "nobody"}}, `variant "novalue": write key=value, e.g. ties=leader`},
		{"a later variant when the first has one option", []engine.VariantSpec{{Key: "a", Options: []string{"x"}, Default: "x"}, {Key: "b", Options: []string{"y", "z"}, Default: "z"}}, "e.g. b=y"},
		{"no variants", nil, "this game has no variants"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := engine.ParseVariants(c.specs, []string{"novalue"})
			if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "no-wonders") {
				t.Errorf("ParseVariants(%v, novalue) = %v, want %q", c.specs, err, c.want)
			}
		})
	}
}
