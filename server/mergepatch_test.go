package server

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	_ "kartenwerk/games/all"
)

// applyMergePatch applies a merge patch (RFC 7386 with this format's
// array patches, mergepatch.go) to a decoded JSON document, as the
// browser's table does (web/table.js mergePatch). It builds new objects
// and arrays where the patch changes them and leaves target unchanged.
func applyMergePatch(target, patch any) any {
	p, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	if arr, isArr := target.([]any); isArr {
		if n, ok := p["@n"].(float64); ok {
			return applyArrayPatch(arr, int(n), p)
		}
	}
	obj, _ := target.(map[string]any)
	out := make(map[string]any, len(obj)+len(p))
	for k, v := range obj {
		out[k] = v
	}
	for k, v := range p {
		if v == nil {
			delete(out, k)
			continue
		}
		out[k] = applyMergePatch(out[k], v)
	}
	return out
}

// applyArrayPatch keeps n elements of arr and patches those p names.
func applyArrayPatch(arr []any, n int, p map[string]any) []any {
	out := make([]any, n)
	copy(out, arr)
	for k, v := range p {
		if i, err := strconv.Atoi(k); err == nil && i < n {
			out[i] = applyMergePatch(out[i], v)
		}
	}
	return out
}

func TestMergePatch(t *testing.T) {
	cases := []struct {
		name, old, new, want string
	}{
		{"unchanged", `{"a":1,"b":[1,2]}`, `{"a":1,"b":[1,2]}`, `{}`},
		{"scalar changed", `{"a":1,"b":"x"}`, `{"a":2,"b":"x"}`, `{"a":2}`},
		{"member gone is null", `{"a":1,"b":2}`, `{"a":1}`, `{"b":null}`},
		{"member added", `{"a":1}`, `{"a":1,"c":{"d":true}}`, `{"c":{"d":true}}`},
		{"nested object by key", `{"o":{"x":1,"y":2}}`, `{"o":{"x":1,"y":3}}`, `{"o":{"y":3}}`},
		{"array element patched", `{"l":[{"n":"a","v":1},{"n":"b","v":2},{"n":"c","v":3}]}`, `{"l":[{"n":"a","v":1},{"n":"b","v":5},{"n":"c","v":3}]}`, `{"l":{"1":{"v":5},"@n":3}}`},
		{"array grown", `{"l":[{"n":"a","v":1},{"n":"b","v":2},{"n":"c","v":3}]}`, `{"l":[{"n":"a","v":1},{"n":"b","v":2},{"n":"c","v":3},{"n":"d","v":4}]}`, `{"l":{"3":{"n":"d","v":4},"@n":4}}`},
		{"array shrunk", `{"l":[{"n":"a","v":1},{"n":"b","v":2},{"n":"c","v":3}]}`, `{"l":[{"n":"a","v":1},{"n":"b","v":2}]}`, `{"l":{"@n":2}}`},
		{"short array replaced whole", `{"l":[1,2]}`, `{"l":[3,4]}`, `{"l":[3,4]}`},
		{"strings with brackets", `{"s":"a}\"]","t":1}`, `{"s":"a}\"]","t":2}`, `{"t":2}`},
		{"type changes", `{"a":[1],"b":{"c":1}}`, `{"a":{"c":1},"b":[1]}`, `{"a":{"c":1},"b":[1]}`},
		{"members added and removed in order", `{"a":1,"b":2,"c":3,"e":5}`, `{"a":1,"c":3,"d":4,"e":6}`, `{"b":null,"d":4,"e":6}`},
		{"last members removed", `{"a":1,"b":2,"c":{"x":[1]}}`, `{"a":1}`, `{"b":null,"c":null}`},
		{"a key that prefixes another", `{"view":1,"viewer":2}`, `{"viewer":2}`, `{"view":null}`},
		{"nested arrays", `{"l":[[1,2,3,4,5,6],[7,8,9,10,11,12]]}`, `{"l":[[1,2,3,4,5,6],[7,8,9,10,11,13]]}`, `{"l":{"1":{"5":13,"@n":6},"@n":2}}`},
		{"null in an array whose elements are patched", `{"l":[{"v":1,"w":"long enough"},{"v":2,"w":"long enough"}]}`, `{"l":[{"v":1,"w":"long enough"},{"v":null,"w":"long enough"}]}`, `{"l":[{"v":1,"w":"long enough"},{"v":null,"w":"long enough"}]}`},
		{"null element kept", `{"l":[{"v":1},{"v":2},{"v":3},{"v":4}]}`, `{"l":[{"v":1},null,{"v":3},{"v":4}]}`, `{"l":{"1":null,"@n":4}}`},
	}
	for _, c := range cases {
		got, ok := mergePatch(nil, []byte(c.old), []byte(c.new))
		if !ok || string(got) != c.want {
			t.Errorf("%s: mergePatch(%s, %s) = %s, %v; want %s", c.name, c.old, c.new, got, ok, c.want)
			continue
		}
		checkPatchApplies(t, c.name, []byte(c.old), []byte(c.new), got)
		checkSpannedPatch(t, c.name, []byte(c.old), []byte(c.new), indexJSON(nil, []byte(c.old)))
	}
}

// A null member where there was none cannot be written as a merge patch
// (null deletes): such a view is sent whole.
func TestMergePatchRefusesNewNulls(t *testing.T) {
	cases := []struct{ name, old, new string }{
		{"member set to null", `{"a":1}`, `{"a":null}`},
		{"member added as null", `{"a":1}`, `{"a":1,"b":null}`},
		{"new object holding a null", `{"a":1}`, `{"a":1,"b":{"c":null}}`},
		{"array became an array patch's look-alike", `{"a":[1,2,3]}`, `{"a":{"@n":1}}`},
	}
	for _, c := range cases {
		if got, ok := mergePatch([]byte("x"), []byte(c.old), []byte(c.new)); ok || string(got) != "x" {
			t.Errorf("%s: mergePatch = %s, %v; want no patch and dst unchanged", c.name, got, ok)
		}
	}
	if got, ok := mergePatch(nil, []byte(`{"a":null}`), []byte(`{"a":null,"b":1}`)); !ok || string(got) != `{"b":1}` {
		t.Errorf("an unchanged null member: mergePatch = %s, %v; want {\"b\":1}", got, ok)
	}
}

// checkPatchApplies fails unless patch applied to old gives new exactly.
func checkPatchApplies(t *testing.T, what string, old, new, patch []byte) {
	t.Helper()
	var o, n, p any
	for _, d := range []struct {
		b []byte
		v *any
	}{{old, &o}, {new, &n}, {patch, &p}} {
		if err := json.Unmarshal(d.b, d.v); err != nil {
			t.Fatalf("%s: %s is not JSON: %v", what, d.b, err)
		}
	}
	if got := applyMergePatch(o, p); !reflect.DeepEqual(got, n) {
		g, _ := json.Marshal(got)
		t.Fatalf("%s: patch %s on\n%s\ngives\n%s\nwant\n%s", what, patch, old, g, new)
	}
}

// In random games of every game, the successive views of a player and of
// a spectator encode as encoding/json encodes them (View.AppendJSON, which
// the server uses), each has a merge patch against the one before, and the
// patches applied in turn to the first view give exactly each new view:
// what a table that applies them shows is what a full sync would.
func TestViewPatchesRebuildEveryView(t *testing.T) {
	for _, g := range engine.Games() {
		for game := range 3 {
			rng := rand.New(rand.NewPCG(uint64(game), 7))
			st, err := g.New(engine.Setup{Game: g.Info().ID, Seats: g.Info().MinSeats, Seed: rng.Uint64()})
			if err != nil {
				t.Fatalf("%s: %v", g.Info().ID, err)
			}
			for _, viewer := range []engine.Seat{0, engine.NoSeat} {
				checkViewPatches(t, fmt.Sprintf("%s game %d viewer %v", g.Info().ID, game, viewer), st.Clone(), viewer, rng)
			}
		}
	}
}

// checkViewPatches plays st at random to its end (at most 400 actions),
// checking the patch of viewer's view after each action.
func checkViewPatches(t *testing.T, what string, st engine.State, viewer engine.Seat, rng *rand.Rand) {
	w := engine.Words{Lang: i18n.EN}
	last, _ := json.Marshal(engine.Localized(st, viewer, w))
	spans := indexJSON(nil, last)
	var legal []engine.Action
	for move := 1; move <= 400; move++ {
		if done, _ := st.Terminal(); done {
			return
		}
		legal = st.Legal(legal[:0])
		if err := st.Apply(legal[rng.IntN(len(legal))]); err != nil {
			t.Fatalf("%s move %d: %v", what, move, err)
		}
		v := engine.Localized(st, viewer, w)
		view, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if fast := v.AppendJSON(nil); string(fast) != string(view) {
			t.Fatalf("%s move %d: View.AppendJSON\n%s\nencoding/json\n%s", what, move, fast, view)
		}
		patch, ok := mergePatch(nil, last, view)
		if !ok {
			t.Fatalf("%s move %d: no merge patch from\n%s\nto\n%s\n(a view member became null: encode it as [] or omit it when empty)", what, move, last, view)
		}
		checkPatchApplies(t, fmt.Sprintf("%s move %d", what, move), last, view, patch)
		spans = checkSpannedPatch(t, fmt.Sprintf("%s move %d", what, move), last, view, spans)
		last = view
	}
}

// A delta's members besides the view encode as encoding/json encodes
// them (appendDeltaJSON, which the server uses), and messages with more
// in them are left to encoding/json.
func TestDeltaEncodingIsEncodingJSON(t *testing.T) {
	s := midgameSession(t)
	thinking := engine.Seat(1)
	msgs := []*StateMsg{
		s.deltaLocked([]engine.Seat{s.state.ToMove()}, s.log.len()-2, i18n.EN, nil),
		s.deltaLocked([]engine.Seat{1 - s.state.ToMove()}, 0, i18n.EN, nil),
		s.deltaLocked(nil, s.log.len(), i18n.EN, nil),
		{Type: "state", ID: "x<&>\"", Version: 3, Viewer: engine.NoSeat, Thinking: &thinking, Finished: true, Rematch: "r\u2028",
			Legal: []LegalAction{{Action: "a", Label: "Ä \\ <b>", Cards: []int{1, -2}, Concedes: true}, {Action: "b", Cards: []int{}}},
			Log:   []LogLine{{N: 1, Seat: 0, Label: "l\n"}}, LogTotal: 1},
	}
	for i, m := range msgs {
		m.View = nil
		want, _ := json.Marshal(m)
		got, ok := m.appendDeltaJSON(nil)
		if !ok || string(got) != string(want) {
			t.Errorf("message %d: appendDeltaJSON (%v)\n%s\nencoding/json\n%s", i, ok, got, want)
		}
	}
	full := s.stateLocked([]engine.Seat{0}, i18n.EN)
	full.View = nil
	if got, ok := full.appendDeltaJSON([]byte("x")); ok || string(got) != "x" {
		t.Errorf("a full message was encoded by appendDeltaJSON: %s", got)
	}
}
