package zynalith

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine"
)

// cards turns names into card specs.
func cards(names ...string) []engine.CardSpec {
	out := make([]engine.CardSpec, len(names))
	for i, n := range names {
		out[i] = engine.CardSpec{Card: n}
	}
	return out
}

// defending is a creature spec in defense position.
func defending(name string) engine.CardSpec {
	return engine.CardSpec{Card: name, Status: []string{statusDefend}}
}

// seatPos is one seat with a hand, a front and counters.
func seatPos(hand, front []engine.CardSpec, counters map[string]int) engine.SeatPosition {
	return engine.SeatPosition{Zones: map[string][]engine.CardSpec{zoneHand: hand, zoneFront: front}, Counters: counters}
}

// build starts from an explicit position in round 1 with p1 to move,
// unless the position says otherwise.
func build(t *testing.T, pos engine.Position, variant map[string]string) *State {
	t.Helper()
	if pos.Round == 0 && pos.Phase != "draft" {
		pos.Round = 1
	}
	st, err := Game{}.FromPosition(engine.Setup{Game: "zynalith", Seats: len(pos.Seats), Seed: 1, Variant: variant}, pos)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// duel is a two-seat position: fronts and counters per seat.
func duel(t *testing.T, f1, f2 []engine.CardSpec, variant map[string]string) *State {
	t.Helper()
	return build(t, engine.Position{Seats: []engine.SeatPosition{seatPos(nil, f1, nil), seatPos(nil, f2, nil)}}, variant)
}

var nameRef = regexp.MustCompile(`\{(p\d:)?([^}]+)\}`)

// id finds the only card so named ("p2:Name" looks in p2's zones only).
func id(t *testing.T, s *State, ref string) int16 {
	t.Helper()
	owner := int8(-1)
	if len(ref) > 3 && ref[0] == 'p' && ref[2] == ':' {
		owner = int8(ref[1] - '1')
		ref = ref[3:]
	}
	found := int16(-1)
	for i := int16(0); i < s.n; i++ {
		if s.d(i).Name == ref && (owner < 0 || s.cards[i].owner == owner) {
			if found >= 0 {
				t.Fatalf("two cards named %q", ref)
			}
			found = i
		}
	}
	if found < 0 {
		t.Fatalf("no card named %q", ref)
	}
	return found
}

func expand(t *testing.T, s *State, text string) string {
	t.Helper()
	return nameRef.ReplaceAllStringFunc(text, func(m string) string {
		return "c" + itoa(int(id(t, s, strings.Trim(m, "{}"))))
	})
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// do plays actions written as text, {Name} standing for a card's id.
func do(t *testing.T, s *State, texts ...string) {
	t.Helper()
	for _, text := range texts {
		a, err := codec.Parse(expand(t, s, text))
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
}

// refuse checks that an action is refused with want in the error, and
// that the state is unchanged.
func refuse(t *testing.T, s *State, text, want string) {
	t.Helper()
	a, err := codec.Parse(expand(t, s, text))
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	before := s.Hash()
	err = s.Apply(a)
	if err == nil {
		t.Fatalf("%s was accepted", text)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("%s: error %q lacks %q", text, err, want)
	}
	if s.Hash() != before {
		t.Fatalf("%s: refused but the state changed", text)
	}
}

// legal reports whether the action text is legal now.
func legal(t *testing.T, s *State, text string) bool {
	t.Helper()
	a, err := codec.Parse(expand(t, s, text))
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return engine.Contains(s.Legal(nil), a)
}

func eq[T comparable](t *testing.T, what string, got, want T) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

func zoneOf(s *State, id int16) zone { return s.cards[id].zone }

// shippedPreset is the shipped preset of that name.
func shippedPreset(name string) engine.DeckList {
	i := slices.IndexFunc(shipped.presets, func(d engine.DeckList) bool { return d.Name == name })
	if i < 0 {
		panic("no shipped preset " + name)
	}
	return shipped.presets[i]
}
