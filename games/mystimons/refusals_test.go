package mystimons

import (
	"errors"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
	"kartenwerk/engine/i18n"
)

// cardRefusalKeys are the refusals about a card the action picked: each
// names the card when the mover sees it and has an _unseen twin.
var cardRefusalKeys = []string{
	"refuse.not_stage1_in_hand", "refuse.not_energy_in_hand", "refuse.not_your_mystimon",
	"refuse.not_evolution_in_hand", "refuse.not_playable_in_hand", "refuse.bad_target",
	"refuse.not_on_bench",
}

// MM-3.5, MM-5.1, MM-5.2, MM-5.4, MM-5.7: a refusal about a card the
// action picked names it by its name when the mover sees it and says it
// is a card the mover cannot see when not (another seat's hand, a deck,
// a card placed in secret); never as its id, in any language. Every
// refusal of cardRefusalKeys is met, over random positions.
func TestRefusalsNamePickedCardsInTheReadersWords(t *testing.T) {
	check := enginetest.CardRefusals{Keys: cardRefusalKeys, CannotSee: map[i18n.Lang]string{i18n.EN: "a card you cannot see", i18n.DE: "die du nicht sehen kannst", i18n.CS: "kterou nevidíte"}}
	met := map[string]bool{}
	var legal []engine.Action
	for g := 0; g < 40; g++ {
		s := randomState(t, randomSetup(g), 20+g*7%120).(*state)
		me := s.ToMove()
		if me < 0 {
			continue
		}
		legal = s.Legal(legal[:0])
		for id := int16(1); id <= s.nCards; id++ {
			for _, a := range enginetest.Picking(codec, id, legal) {
				err := s.Apply(a)
				if err := check.Check(err, codec.Format(a), s.def(id).name, s.sees(me, id)); err != nil {
					t.Fatal(err)
				}
				var said *i18n.Error
				if errors.As(err, &said) {
					met[said.Key] = true
				}
			}
		}
	}
	if err := check.Enough(20); err != nil {
		t.Fatal(err)
	}
	for _, k := range cardRefusalKeys {
		if !met[k] || !met[k+"_unseen"] {
			t.Errorf("no position met both %s (%v) and %s_unseen (%v)", k, met[k], k, met[k+"_unseen"])
		}
	}
}

// An id that is no card is refused as no card, with the id: it hides
// nothing.
func TestRefusalOfNoCardGivesTheID(t *testing.T) {
	s := pos(t, "", duel("active: [Embrix]\n      bench: [Cindrik]", "active: [Aquor]"))
	for _, id := range []int16{0, -2, s.nCards + 1} {
		a := engine.Act(vSwitch, int(id))
		if err := enginetest.NoCard(s.Apply(a), id); err != nil {
			t.Fatalf("%s: %v", codec.Format(a), err)
		}
	}
}
