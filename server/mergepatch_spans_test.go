package server

import (
	"slices"
	"strings"
	"testing"
)

// checkSpannedPatch fails unless the patch from old to new given old's
// spans is the one found without them, and the spans it returns for new
// are new's (indexJSON), which it returns.
func checkSpannedPatch(t *testing.T, what string, old, new []byte, spans []span) []span {
	t.Helper()
	want, wantOK := mergePatch(nil, old, new)
	got, next, ok := mergePatchSpans(nil, old, new, spans, nil)
	if ok != wantOK || string(got) != string(want) {
		t.Fatalf("%s: with old's spans the patch is %s (%v), without %s (%v)", what, got, ok, want, wantOK)
	}
	if index := indexJSON(nil, new); !slices.Equal(next, index) {
		t.Fatalf("%s: the diff found new's spans\n%v\nindexJSON\n%v", what, next, index)
	}
	return next
}

// referenceSpans finds the objects and arrays of a compact JSON document
// one by one: each bracket outside a string, to skipValue's end.
func referenceSpans(doc []byte) []span {
	var out []span
	for i := 0; i < len(doc); i++ {
		switch doc[i] {
		case '"':
			i = skipString(doc, i) - 1
		case '{', '[':
			out = append(out, span{int32(i), int32(skipValue(doc, i))})
		}
	}
	return out
}

func TestIndexJSONFindsEveryObjectAndArray(t *testing.T) {
	for _, doc := range []string{
		`{}`,
		`{"a":[1,{"b":"}]\"[{"},[]],"c":{"d":{"e":[[]]}}}`,
		`{"s":"{[","l":[{"x":1},{"y":[2,3]}],"n":null}`,
	} {
		if got, want := indexJSON(nil, []byte(doc)), referenceSpans([]byte(doc)); !slices.Equal(got, want) {
			t.Errorf("%s: spans %v, want %v", doc, got, want)
		}
	}
	for _, bad := range []string{`{"a":[1,2}`, `{"a":1}x`, `{"a":"x`} {
		if got := indexJSON(nil, []byte(bad)); got != nil {
			t.Errorf("%s is not compact JSON, yet has spans %v", bad, got)
		}
	}
}

// A document nested deeper than spans are recorded for has none, and is
// still diffed right.
func TestDeepDocumentsAreDiffedWithoutSpans(t *testing.T) {
	deep := func(v string) []byte {
		return []byte(`{"a":` + strings.Repeat("[", maxSpanDepth) + v + strings.Repeat("]", maxSpanDepth) + `,"b":1}`)
	}
	old, new := deep("1"), deep("2")
	if spans := indexJSON(nil, old); spans != nil {
		t.Fatalf("spans of a document %d deep: %v", maxSpanDepth+1, spans)
	}
	patch, spans, ok := mergePatchSpans(nil, old, new, nil, nil)
	want, _ := mergePatch(nil, old, new)
	if !ok || string(patch) != string(want) || spans != nil {
		t.Fatalf("patch %s (%v) with spans %v, want %s and none", patch, ok, spans, want)
	}
}
