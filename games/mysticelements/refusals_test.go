package mysticelements

import (
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
	"kartenwerk/engine/i18n"
)

// playedTo is a game of setup after n random actions, fewer if it ends.
func playedTo(t *testing.T, setup engine.Setup, n int) *state {
	t.Helper()
	s, err := Game{}.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(setup.Seed + 5)
	for legal := s.Legal(nil); n > 0 && len(legal) > 0; n-- {
		if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
		legal = s.Legal(legal[:0])
	}
	return s.(*state)
}

// ME-5.2, ME-2.4: using a card that is not the mover's in the battle is
// refused naming the card by its name when the mover sees it (the other
// side of the battle, a grave) and as a card the mover cannot see when
// not (another hand, a deck); never as its id, in any language.
func TestRefusalsNameAnotherSeatsCardInTheReadersWords(t *testing.T) {
	check := enginetest.CardRefusals{Keys: []string{"refuse.not_yours_in_battle"}, CannotSee: map[i18n.Lang]string{i18n.EN: "a card you cannot see", i18n.DE: "die du nicht sehen kannst", i18n.CS: "kterou nevidíte"}}
	for g := 0; g < 30; g++ {
		s := playedTo(t, randomSetup(g), 10+g*9%90)
		me := s.ToMove()
		if me < 0 {
			continue
		}
		for id := int16(1); id < s.ncards; id++ {
			for _, v := range []engine.Verb{vUse, vActivate} {
				a := engine.Act(v, int(id))
				if err := check.Check(s.Apply(a), codec.Format(a), s.def(id).Name, s.sees(me, id)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if err := check.Enough(20); err != nil {
		t.Fatal(err)
	}
}

// An id that is no card is refused as no card, with the id, which hides
// nothing, in every language.
func TestRefusalOfNoCardGivesTheID(t *testing.T) {
	tried := 0
	for g := 0; g < 10; g++ {
		s := playedTo(t, randomSetup(g), 20+g*7)
		if s.phase != phMain || s.st != sNone {
			continue
		}
		for _, id := range []int16{0, -2, s.ncards} {
			a := engine.Act(vUse, int(id))
			if err := enginetest.NoCard(s.Apply(a), id); err != nil {
				t.Fatalf("%s: %v", codec.Format(a), err)
			}
			tried++
		}
	}
	if tried == 0 {
		t.Fatal("no position was in the main step")
	}
}
