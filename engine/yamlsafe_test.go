package engine_test

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"kartenwerk/engine"
)

// aliasBomb is a "billion laughs" card file: depth levels of lists, each
// of nine aliases of the level below, so that the card's extra expands to
// 9^depth strings of thirty bytes. The anchors begin on line 2.
func aliasBomb(depth int) []byte {
	var b strings.Builder
	b.WriteString("# a card file\n")
	b.WriteString("l0: &l0 [\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"]\n")
	for i := 1; i <= depth; i++ {
		fmt.Fprintf(&b, "l%d: &l%d [", i, i)
		for j := range 9 {
			if j > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "*l%d", i-1)
		}
		b.WriteString("]\n")
	}
	fmt.Fprintf(&b, "cards:\n  - {name: Grave Rat, power: 1, extra: *l%d}\n", depth)
	return []byte(b.String())
}

// Nested aliases are refused by every decoding of a user's text before
// anything is expanded, as a problem of the file at the line of the first
// anchor: a bomb that would expand to billions of values takes neither
// the memory nor the time to expand it.
func TestYAMLAliasBombIsRefusedBeforeExpanding(t *testing.T) {
	for _, depth := range []int{2, 8, 10} { // 9^10 = 3.5 billion strings
		data := aliasBomb(depth)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)

		var loose any
		if err := engine.YAMLUnmarshal(data, &loose); !isAliasError(err, 2) {
			t.Fatalf("depth %d: YAMLUnmarshal: %v, want the alias refused at line 2", depth, err)
		}
		if _, err := engine.YAMLParse(data, 0); !isAliasError(err, 2) {
			t.Fatalf("depth %d: YAMLParse: %v, want the alias refused at line 2", depth, err)
		}
		if _, err := engine.YAMLToJSON(data); !isAliasError(err, 2) {
			t.Fatalf("depth %d: YAMLToJSON: %v, want the alias refused at line 2", depth, err)
		}
		var out struct {
			L     map[string]any `yaml:",inline"`
			Cards []struct {
				Name  string `yaml:"name"`
				Power int    `yaml:"power"`
				Extra any    `yaml:"extra"`
			} `yaml:"cards"`
		}
		_, err := engine.DecodeYAML("rats.yaml", data, &out)
		var p engine.Problem
		if !errors.As(err, &p) || p.File != "rats.yaml" || p.Line != 2 ||
			!strings.Contains(p.Msg, "anchors and aliases (&name, *name) are not allowed") || p.Fix == "" {
			t.Fatalf("depth %d: DecodeYAML: %#v, want a problem of rats.yaml at line 2 about aliases", depth, err)
		}
		if got := p.Error(); !strings.HasPrefix(got, "rats.yaml:2: ") {
			t.Fatalf("depth %d: problem text %q, want it at rats.yaml:2", depth, got)
		}
		sch, err := engine.CompileSchema("s.json", []byte(`{"type":"object"}`))
		if err != nil {
			t.Fatal(err)
		}
		if ps := sch.Validate("rats.yaml", data); len(ps) != 1 || ps[0].Line != 2 || ps[0].Msg != engine.AliasMsg {
			t.Fatalf("depth %d: schema: %v, want the alias refused at line 2", depth, ps)
		}

		runtime.ReadMemStats(&after)
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<20 {
			t.Fatalf("depth %d: refusing a %d-byte bomb allocated %d MB", depth, len(data), grew>>20)
		}
	}
}

// A lone anchor or alias is refused too, at its own line; a & or * inside
// a value is not an anchor.
func TestYAMLAnchorsAreRefusedAndAmpersandsAreNot(t *testing.T) {
	var v any
	if err := engine.YAMLUnmarshal([]byte("cards:\n  - name: A\n    text: &t Draw a card\n"), &v); !isAliasError(err, 3) {
		t.Fatalf("anchor: %v, want refused at line 3", err)
	}
	if err := engine.YAMLUnmarshal([]byte("a: 1\nb: [1, 2]\nc:\n  <<: *x\n"), &v); !isAliasError(err, 4) {
		t.Fatalf("alias: %v, want refused at line 4", err)
	}
	for _, ok := range []string{
		"cards:\n  - name: Cat & Mouse\n    text: \"*all* of them & more\"\n",
		"cards:\n  - {name: 'x&y', text: 2*3}\n",
		"# &a *b in a comment\ncards: []\n",
	} {
		if err := engine.YAMLUnmarshal([]byte(ok), &v); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
}

func isAliasError(err error, line int) bool {
	var ae *engine.YAMLAliasError
	return errors.As(err, &ae) && ae.Line == line && strings.Contains(err.Error(), "write the value out")
}

// BenchmarkYAMLAliasBombDepth8 measures the refusal of a bomb of depth 8
// (43 million strings if expanded) by DecodeYAML.
func BenchmarkYAMLAliasBombDepth8(b *testing.B) {
	data := aliasBomb(8)
	var v any
	for b.Loop() {
		if _, err := engine.DecodeYAML("rats.yaml", data, &v); err == nil {
			b.Fatal("bomb decoded")
		}
	}
}

// WholeNumber reads the numbers a YAML decoder gives as an int only when
// they are whole and fit one.
func TestWholeNumber(t *testing.T) {
	for _, c := range []struct {
		v    any
		want int
		ok   bool
	}{
		{3, 3, true}, {int64(-4), -4, true}, {uint64(7), 7, true}, {2.0, 2, true},
		{2.5, 0, false}, {uint64(1) << 40, 0, false}, {1e12, 0, false}, {"3", 0, false}, {nil, 0, false},
	} {
		got, ok := engine.WholeNumber(c.v)
		if ok != c.ok || (ok && got != c.want) {
			t.Errorf("WholeNumber(%#v) = %d, %v; want %d, %v", c.v, got, ok, c.want, c.ok)
		}
	}
}
