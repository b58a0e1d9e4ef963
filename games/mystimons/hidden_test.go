package mystimons

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine"
)

// unseenNames lists the names of the cards hidden from seat (hands, decks,
// MM-3.5 face-down placements), leaving out names the seat sees on some
// card of the table.
func unseenNames(s *state, seat engine.Seat) []string {
	view, _ := json.Marshal(s.View(seat))
	var out []string
	for id := int16(1); id <= s.nCards; id++ {
		name := s.def(id).name
		if !s.sees(seat, id) && !strings.Contains(string(view), `"name":"`+name+`"`) {
			out = append(out, name)
		}
	}
	return out
}

// mentioned returns the names of hidden that text mentions, as a card is
// named ("Switch (c12)"), or anywhere unless the name is also a verb.
func mentioned(hidden []string, text string) []string {
	var out []string
	for _, name := range hidden {
		verb := slices.ContainsFunc(codec.Verbs(), func(v engine.VerbSpec) bool { return strings.EqualFold(v.Name, name) })
		if strings.Contains(text, name+" (c") || !verb && strings.Contains(text, name) {
			out = append(out, name)
		}
	}
	return out
}

// Refusals and labels never name a card the seat cannot see (MM-3.5, hidden
// hands and decks): the seat to move tries every verb on every card id
// hidden from it, and the refusal must read the same in a determinization,
// where those ids hold other cards; labels of the legal actions name no
// card hidden from the other seat.
func TestRefusalsAndLabelsNameNoHiddenCard(t *testing.T) {
	for i := 0; i < 12; i++ {
		s := randomState(t, randomSetup(i), 0).(*state)
		r := engine.NewRNG(uint64(i))
		for step := 0; step < 300; step++ {
			if done, _ := s.Terminal(); done {
				break
			}
			seat := s.ToMove()
			if step%40 == 0 {
				checkRefusals(t, s, seat, &r)
			}
			legal := s.Legal(nil)
			hidden := unseenNames(s, 1-seat)
			for _, a := range legal {
				if l := mentioned(hidden, s.Describe(a, 1-seat)); len(l) > 0 {
					t.Fatalf("game %d: the label of %s for %v names hidden %v", i, codec.Format(a), 1-seat, l)
				}
			}
			if err := s.Apply(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func checkRefusals(t *testing.T, s *state, seat engine.Seat, r *engine.RNG) {
	t.Helper()
	d := s.Determinize(seat, r).(*state)
	legal := s.Legal(nil)
	hidden := unseenNames(s, seat)
	own := s.p[seat].field[0]
	for id := int16(1); id <= s.nCards; id++ {
		if s.sees(seat, id) {
			continue
		}
		for v := vPlace; v <= vSurrender; v++ {
			for _, a := range []engine.Action{engine.Act(v, int(id)), engine.Act(v, int(id), int(own)), engine.Act(v, int(own), int(id)), engine.Act(v, 0, int(id))} {
				if engine.Contains(legal, a) {
					t.Fatalf("%s is legal, naming c%d, hidden from %v", codec.Format(a), id, seat)
				}
				e1, e2 := s.Apply(a), d.Apply(a) // refused, so the states stay as they are
				if e1 == nil || e2 == nil {
					t.Fatalf("%s was applied, naming c%d, hidden from %v", codec.Format(a), id, seat)
				}
				if l := mentioned(hidden, e1.Error()); len(l) > 0 {
					t.Fatalf("refusal of %s names hidden %v: %v", codec.Format(a), l, e1)
				}
				if e1.Error() != e2.Error() {
					t.Fatalf("refusal of %s depends on the hidden card c%d:\n real: %v\n det:  %v", codec.Format(a), id, e1, e2)
				}
			}
		}
	}
}
