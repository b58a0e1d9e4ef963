package engine

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// AppendJSON writes what encoding/json writes for views with every field
// set, empty and nil; random games of every game are compared in the
// server's tests (TestViewPatchesRebuildEveryView).
func TestViewAppendJSONIsEncodingJSON(t *testing.T) {
	card := CardView{ID: 7, Name: "Ä <b>&\"\\\n\t\x01\u2028 \xff", Hidden: true, Owner: 1, Status: []string{"ready"},
		Stats: []Stat{{"power", -2}}, Counters: []Stat{}, Keywords: []string{"quick", "guard"},
		Attached: []CardView{{ID: -1, Owner: NoSeat}}, Note: "note"}
	views := []*View{
		nil,
		{},
		{Game: "g", Viewer: NoSeat, Turn: 3, Round: 2, Phase: "play", Active: 0, ToMove: Omniscient, Prompt: "Wähle",
			Players: []PlayerView{{Seat: 0, Name: "Anna", Counters: []Stat{{"life", 20}}, Zones: []Zone{{Name: "hand", Visibility: Owner, Count: 2, Cards: []CardView{card, {}}}}, Out: true},
				{Seat: 1, Counters: []Stat{}, Zones: []Zone{}}},
			Shared: []Zone{{Name: "market", Visibility: Public, Cards: []CardView{}}},
			Result: &Result{Winners: []Seat{1}, Draw: false, Reason: "life"}, Notes: []string{"first round"}},
		{Players: []PlayerView{}, Shared: []Zone{}, Result: &Result{}, Notes: []string{}},
		{Result: &Result{Winners: []Seat{}, Draw: true}},
	}
	for i, v := range views {
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if got := v.AppendJSON(nil); string(got) != string(want) {
			t.Errorf("view %d: AppendJSON\n%s\nencoding/json\n%s", i, got, want)
		}
	}
}

// AppendJSON writes every field of the view types: one added to a type
// must be added there too (and to the test above).
func TestViewAppendJSONKnowsEveryField(t *testing.T) {
	for _, c := range []struct {
		v      any
		fields int
	}{{View{}, 12}, {PlayerView{}, 5}, {Zone{}, 4}, {CardView{}, 10}, {Result{}, 3}, {Stat{}, 2}} {
		if n := reflect.TypeOf(c.v).NumField(); n != c.fields {
			t.Errorf("%T has %d fields, AppendJSON writes %d: write the new ones in view_json.go", c.v, n, c.fields)
		}
	}
}

// appendJSONString quotes every byte, and random strings of ASCII, UTF-8
// and invalid bytes, as encoding/json does.
func TestAppendJSONStringIsEncodingJSON(t *testing.T) {
	var cases []string
	for b := range 256 {
		cases = append(cases, string([]byte{byte(b)}), "a"+string([]byte{byte(b)})+"z")
	}
	rng := rand.New(rand.NewPCG(7, 11))
	pieces := []string{"a", "Z", " ", "<", ">", "&", `"`, `\`, "\n", "\x01", "ä", "ř", "\u2028", "\u2029", "\xff", "\xe2\x80", "€", "🂡"}
	for range 2000 {
		var sb strings.Builder
		for range rng.IntN(24) {
			sb.WriteString(pieces[rng.IntN(len(pieces))])
		}
		cases = append(cases, sb.String())
	}
	for _, s := range cases {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendJSONString(nil, s); string(got) != string(want) {
			t.Errorf("appendJSONString(%q) = %s, encoding/json %s", s, got, want)
		}
	}
}

// BenchmarkAppendJSONString quotes a card's name and a rules text.
func BenchmarkAppendJSONString(b *testing.B) {
	texts := []string{"Leviathan", "Flammenzunge des Ältesten", "When this unit attacks, deal 2 damage to each enemy unit (not to players)."}
	var dst []byte
	b.ReportAllocs()
	for range b.N {
		for _, s := range texts {
			dst = appendJSONString(dst[:0], s)
		}
	}
}
