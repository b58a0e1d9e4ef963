package athernum

import (
	"regexp"
	"strconv"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
	"kartenwerk/engine/i18n"
)

// labelled finds the cards a text names: "Ember Warlord (c12)".
var labelled = regexp.MustCompile(`\(c(\d+)\)`)

// namesHidden returns a card the text names that viewer may not see.
func namesHidden(s *State, text string, viewer engine.Seat) (int16, bool) {
	for _, m := range labelled.FindAllStringSubmatch(text, -1) {
		id, _ := strconv.Atoi(m[1])
		if id > 0 && id < len(s.cards) && !s.visibleTo(int16(id), viewer) {
			return int16(id), true
		}
	}
	return 0, false
}

func TestRefusalsAndLabelsNameNoHiddenCard(t *testing.T) {
	// AT-2.2, AT-2.3, AT-3.2, AT-5.5, AT-5.21: the seat to move tries every
	// action naming a card hidden from it, alone and in place of each card
	// of its legal actions (a hidden target). Each is refused; neither the
	// refusal nor the label names a hidden card, and a world in which the
	// hidden cards are others (Determinize) gives the very same texts.
	r := engine.NewRNG(21)
	tried := 0
	randomPositions(t, 15, 17, func(s *State) {
		me := s.ToMove()
		d := s.Determinize(me, &r).(*State)
		legal := s.Legal(nil)
		for id := int16(1); int(id) < len(s.cards); id++ {
			if s.visibleTo(id, me) {
				continue
			}
			for _, a := range enginetest.Picking(codec, id, legal) {
				tried++
				err := s.Apply(a)
				if err == nil {
					t.Fatalf("%s, naming a card hidden from its actor %v, was accepted", codec.Format(a), me)
				}
				if h, bad := namesHidden(s, err.Error(), me); bad {
					t.Fatalf("refusing %s, %v reads %q: it names c%d, hidden from it", codec.Format(a), me, err, h)
				}
				if errD := d.Apply(a); errD == nil || errD.Error() != err.Error() {
					t.Fatalf("refusing %s depends on hidden cards: %q, in another world %q", codec.Format(a), err, errD)
				}
				for v := engine.Seat(0); int(v) < s.Seats(); v++ {
					label := s.Describe(a, v)
					if h, bad := namesHidden(s, label, v); bad {
						t.Fatalf("%v reads %q for %s: it names c%d, hidden from it", v, label, codec.Format(a), h)
					}
				}
			}
		}
	})
	if tried < 10000 {
		t.Fatalf("only %d actions tried", tried)
	}
}

func TestLabelsOfLegalActionsNameOnlyWhatTheyShow(t *testing.T) {
	// A label goes to every seat: it names a card hidden from a viewer
	// only when the action shows that card to all (played, discarded,
	// revealed); a face-down item stays unnamed (AT-5.5).
	randomPositions(t, 24, 3, func(s *State) {
		for _, a := range s.Legal(nil) {
			for v := engine.Seat(0); int(v) < s.Seats(); v++ {
				label := s.Describe(a, v)
				h, bad := namesHidden(s, label, v)
				if !bad {
					continue
				}
				switch {
				case a.Verb == vAttach && a.Args[2] == 1:
				case (a.Verb == vPlay || a.Verb == vAttach || a.Verb == vSupport || a.Verb == vReveal) && h == a.Args[0]:
					continue
				case (a.Verb == vActivate || a.Verb == vSupport) && h == a.Args[3]:
					continue // discarded as a cost: it goes to the public discard pile
				}
				t.Fatalf("%v reads %q for %s: it names c%d, hidden from it", v, label, codec.Format(a), h)
			}
		}
	})
}

func TestRefusalsNameAnotherSeatsCardInTheReadersWords(t *testing.T) {
	// AT-2.2, AT-5.13: acting with a card that is not the mover's is
	// refused naming the card by its name when the mover sees it, and as a
	// card the mover cannot see when not; never as its id, in any language.
	check := enginetest.CardRefusals{Keys: []string{"refuse.not_your_card", "refuse.attack_not_yours"}, CannotSee: map[i18n.Lang]string{i18n.EN: "a card you cannot see", i18n.DE: "die du nicht sehen kannst", i18n.CS: "kterou nevidíte"}}
	randomPositions(t, 6, 17, func(s *State) {
		me := s.ToMove()
		legal := s.Legal(nil)
		for id := int16(1); int(id) < len(s.cards); id++ {
			if s.cards[id].owner == s.toMove {
				continue
			}
			visible := s.visibleTo(id, me)
			for _, a := range enginetest.Picking(codec, id, legal) {
				if err := check.Check(s.Apply(a), codec.Format(a), s.def(id).name, visible); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
	if err := check.Enough(20); err != nil {
		t.Fatal(err)
	}
}
