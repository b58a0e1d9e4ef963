package mystimons

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"

	"kartenwerk/engine"
)

// pos builds a state from a YAML position, with variant "k=v,k=v".
func pos(t *testing.T, variant, text string) *state {
	t.Helper()
	var p engine.Position
	if err := yaml.Unmarshal([]byte(text), &p); err != nil {
		t.Fatalf("position: %v", err)
	}
	v, err := engine.ParseVariantFlags(strings.Fields(variant))
	if err != nil {
		t.Fatal(err)
	}
	st, err := New().FromPosition(engine.Setup{Game: "mystimons", Seats: 2, Seed: 1, Variant: v}, p)
	if err != nil {
		t.Fatalf("FromPosition: %v", err)
	}
	return st.(*state)
}

// id finds the only card so named ("Flaru" or "p2:Flaru").
func id(t *testing.T, s *state, ref string) int16 {
	t.Helper()
	seat := -1
	if a, b, ok := strings.Cut(ref, ":"); ok && len(a) == 2 && a[0] == 'h' {
		for _, c := range s.p[a[1]-'1'].hand.s() {
			if strings.EqualFold(s.def(c).name, b) {
				return c
			}
		}
		t.Fatalf("no %s in hand", ref)
	}
	if a, b, ok := strings.Cut(ref, ":"); ok && len(a) == 2 && a[0] == 'p' {
		seat = int(a[1] - '1')
		ref = b
	}
	var found int16
	for c := int16(1); c <= s.nCards; c++ {
		if strings.EqualFold(s.def(c).name, ref) && (seat < 0 || int(s.cards[c].owner) == seat) {
			if found != 0 {
				t.Fatalf("two cards named %s: qualify it as p1:%s", ref, ref)
			}
			found = c
		}
	}
	if found == 0 {
		t.Fatalf("no card %s", ref)
	}
	return found
}

var refRE = regexp.MustCompile(`\{([^}]+)\}`)

func text(t *testing.T, s *state, a string) string {
	return refRE.ReplaceAllStringFunc(a, func(m string) string {
		return "c" + strconv.Itoa(int(id(t, s, m[1:len(m)-1])))
	})
}

// try applies an action written with {Name} references.
func try(t *testing.T, s *state, a string) error {
	t.Helper()
	act, err := codec.Parse(text(t, s, a))
	if err != nil {
		t.Fatalf("parse %q: %v", a, err)
	}
	return s.Apply(act)
}

// do applies an action that must be legal.
func do(t *testing.T, s *state, actions ...string) {
	t.Helper()
	for _, a := range actions {
		if err := try(t, s, a); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
	}
}

// refused checks that an action is refused with text in its error.
func refused(t *testing.T, s *state, a, want string) {
	t.Helper()
	h := s.Hash()
	err := try(t, s, a)
	if err == nil {
		t.Fatalf("%s was accepted; want refusal %q", a, want)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("%s refused with %q; want %q", a, err, want)
	}
	if s.Hash() != h {
		t.Fatalf("refused %s changed the state", a)
	}
}

func legalHas(t *testing.T, s *state, a string) bool {
	t.Helper()
	act, err := codec.Parse(text(t, s, a))
	if err != nil {
		t.Fatal(err)
	}
	return engine.Contains(s.Legal(nil), act)
}

func hp(t *testing.T, s *state, ref string) int {
	t.Helper()
	return int(s.cards[id(t, s, ref)].hp)
}

func winner(s *state) string {
	done, o := s.Terminal()
	switch {
	case !done:
		return "none"
	case o.Draw():
		return "draw:" + o.Reason
	}
	return o.Winners.Seats()[0].String() + ":" + o.Reason
}

// endTurn skips the Energy Phase if it is pending and ends the turn.
func endTurn(t *testing.T, s *state, n int) {
	t.Helper()
	for ; n > 0; n-- {
		if s.phase == phEnergy {
			do(t, s, "skip")
		}
		do(t, s, "end")
	}
}

func yamlUnmarshal(text string, v any) error { return yaml.Unmarshal([]byte(text), v) }
