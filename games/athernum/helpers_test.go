package athernum

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"

	"kartenwerk/engine"
)

// table builds a state from a position written in YAML (the scenario
// format's position block).
func table(t *testing.T, variant map[string]string, pos string) *State {
	t.Helper()
	return tableOf(t, theGame, variant, pos)
}

func tableOf(t *testing.T, g *Game, variant map[string]string, pos string) *State {
	t.Helper()
	var p engine.Position
	if err := yaml.Unmarshal([]byte(pos), &p); err != nil {
		t.Fatalf("position: %v", err)
	}
	st, err := g.FromPosition(engine.Setup{Game: "athernum", Seed: 1, Variant: variant}, p)
	if err != nil {
		t.Fatalf("FromPosition: %v", err)
	}
	return st.(*State)
}

// id finds the only card of that name (in any zone but decks).
func (s *State) id(t *testing.T, name string) int16 {
	t.Helper()
	found := int16(0)
	for i := 1; i < len(s.cards); i++ {
		if strings.EqualFold(s.def(int16(i)).name, name) {
			if found != 0 {
				t.Fatalf("two cards named %s", name)
			}
			found = int16(i)
		}
	}
	if found == 0 {
		t.Fatalf("no card named %s", name)
	}
	return found
}

var braces = regexp.MustCompile(`\{([^}]+)\}`)

// act parses an action, {Name} standing for the card's id.
func (s *State) act(t *testing.T, text string) engine.Action {
	t.Helper()
	text = braces.ReplaceAllStringFunc(text, func(m string) string {
		return fmt.Sprintf("c%d", s.id(t, m[1:len(m)-1]))
	})
	a, err := codec.Parse(text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return a
}

// do applies actions, failing the test on a refusal.
func (s *State) do(t *testing.T, texts ...string) {
	t.Helper()
	for _, text := range texts {
		if err := s.Apply(s.act(t, text)); err != nil {
			t.Fatalf("%s refused: %v", text, err)
		}
	}
}

// refuse checks that the action is refused with want in the error.
func (s *State) refuse(t *testing.T, text, want string) {
	t.Helper()
	before := s.Hash()
	err := s.Apply(s.act(t, text))
	if err == nil {
		t.Fatalf("%s was accepted", text)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("%s: error %q does not say %q", text, err, want)
	}
	if s.Hash() != before {
		t.Fatalf("refused %s changed the state", text)
	}
}

func (s *State) legalText() []string {
	var out []string
	for _, a := range s.Legal(nil) {
		out = append(out, codec.Format(a))
	}
	return out
}

func (s *State) isLegal(t *testing.T, text string) bool {
	return engine.Contains(s.Legal(nil), s.act(t, text))
}

func wantWinner(t *testing.T, s *State, seat engine.Seat, reason string) {
	t.Helper()
	done, out := s.Terminal()
	if !done {
		t.Fatalf("game not over; to move %v, legal %v", s.ToMove(), s.legalText())
	}
	if seat == engine.NoSeat {
		if !out.Draw() || out.Reason != reason {
			t.Fatalf("want a draw (%s), got %v", reason, out)
		}
		return
	}
	if !out.Winners.Has(seat) || out.Winners.Len() != 1 || out.Reason != reason {
		t.Fatalf("want %v to win (%s), got %v", seat, reason, out)
	}
}

// passAll passes priority until the stack is empty.
func (s *State) passAll(t *testing.T) {
	t.Helper()
	for i := 0; s.sn > 0 && s.dec == decPriority && i < 20; i++ {
		s.do(t, "pass")
	}
}

func sprintf(f string, a ...any) string { return fmt.Sprintf(f, a...) }
