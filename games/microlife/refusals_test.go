package microlife

import (
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
	"kartenwerk/engine/i18n"
)

// Playing, discarding or buying a card that is not in the mover's hand or
// the market is refused naming the card by its name when the mover sees
// it (the opponent's play area, a discard pile's top) and as a card the
// mover cannot see when not (the opponent's hand, a deck); never as its
// id, in any language.
func TestRefusalsNameOtherCardsInTheReadersWords(t *testing.T) {
	check := enginetest.CardRefusals{Keys: []string{"refuse.not_in_hand", "refuse.not_in_market"},
		CannotSee: map[i18n.Lang]string{i18n.EN: "a card you cannot see", i18n.DE: "die du nicht sehen kannst", i18n.CS: "kterou nevidíte"}}
	for g := uint64(1); g <= 30; g++ {
		s := newMidgame(t, g, 10+int(g*7%60))
		if s.over || s.dec.kind != dNone || (s.phase != pMain1 && s.phase != pMain2) {
			continue
		}
		me := engine.Seat(s.active)
		for id := int16(1); int(id) < len(s.cards); id++ {
			for _, v := range []engine.Verb{vPlay, vBuy} {
				a := engine.Act(v, int(id))
				if err := check.Check(s.Apply(a), codec.Format(a), s.def(id).name, s.visible(id, me)); err != nil {
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
	for g := uint64(1); g <= 20; g++ {
		s := newMidgame(t, g, 10+int(g*7%60))
		if s.over || s.dec.kind != dNone || (s.phase != pMain1 && s.phase != pMain2) {
			continue
		}
		for _, id := range []int16{0, -2, int16(len(s.cards))} {
			for _, v := range []engine.Verb{vPlay, vBuy, vDiscard} {
				a := engine.Act(v, int(id))
				if err := enginetest.NoCard(s.Apply(a), id); err != nil {
					t.Fatalf("%s: %v", codec.Format(a), err)
				}
				tried++
			}
		}
	}
	if tried == 0 {
		t.Fatal("no position was in a main phase")
	}
}
