package mysticelements

import (
	"encoding/json"
	"strings"
	"testing"

	"kartenwerk/engine"
)

// cardArgVerbs are the verbs that name a card first, with a second card
// argument where they take one.
var cardArgVerbs = []engine.Verb{vPlay, vUse, vActivate, vAttack, vTarget, vDiscard, vTrigger, vRedraw}

// hiddenNames lists the names of the cards hidden from seat (ME-2.1
// hands, ME-9b.2 the face-down deep grave, decks), leaving out names the
// seat sees on some card of the table.
func hiddenNames(s *state, seat engine.Seat) []string {
	view, _ := json.Marshal(s.View(seat))
	var out []string
	for id := int16(1); id < s.ncards; id++ {
		name := s.def(id).Name
		if !s.sees(seat, id) && !strings.Contains(string(view), `"name":"`+name+`"`) {
			out = append(out, name)
		}
	}
	return out
}

// leaks returns the hidden names that text mentions.
func leaks(hidden []string, text string) []string {
	var out []string
	for _, name := range hidden {
		if strings.Contains(text, name) {
			out = append(out, name)
		}
	}
	return out
}

// Refusals and labels never name a card the seat cannot see: the seat to
// move tries every verb on every card id hidden from it, and the refusal
// must read the same in a determinization, where those ids hold other
// cards; labels of the legal actions name no card hidden from the other
// seat.
func TestRefusalsAndLabelsNameNoHiddenCard(t *testing.T) {
	for i := 0; i < 20; i++ {
		st, err := Game{}.New(randomSetup(i))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*state)
		r := engine.NewRNG(uint64(i))
		for step := 0; step < 400; step++ {
			if done, _ := s.Terminal(); done {
				break
			}
			seat := s.ToMove()
			if step%20 == 0 {
				checkRefusals(t, s, seat, &r)
			}
			legal := s.Legal(nil)
			hidden := hiddenNames(s, 1-seat)
			for _, a := range legal {
				if l := leaks(hidden, s.Describe(a, 1-seat)); len(l) > 0 {
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
	hidden := hiddenNames(s, seat)
	for id := int16(1); id < s.ncards; id++ {
		if s.sees(seat, id) {
			continue
		}
		for _, v := range cardArgVerbs {
			for _, a := range []engine.Action{engine.Act(v, int(id)), engine.Act(v, int(id), 1), engine.Act(v, 1, int(id))} {
				if engine.Contains(legal, a) {
					t.Fatalf("%s is legal, naming c%d, hidden from %v", codec.Format(a), id, seat)
				}
				e1, e2 := s.Apply(a), d.Apply(a) // refused, so the states stay as they are
				if e1 == nil || e2 == nil {
					t.Fatalf("%s was applied, naming c%d, hidden from %v", codec.Format(a), id, seat)
				}
				if l := leaks(hidden, e1.Error()); len(l) > 0 {
					t.Fatalf("refusal of %s names hidden %v: %v", codec.Format(a), l, e1)
				}
				if e1.Error() != e2.Error() {
					t.Fatalf("refusal of %s depends on the hidden card c%d:\n real: %v\n det:  %v", codec.Format(a), id, e1, e2)
				}
			}
		}
	}
}
