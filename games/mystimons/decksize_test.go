package mystimons

import (
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// MM-8.1: a deck of the wrong size is told how many cards to add or
// remove, in each language, with the count's plural form.
func TestDeckSizeFixSaysHowMany_MM_8_1(t *testing.T) {
	cases := []struct {
		name, deck string
		want       map[i18n.Lang]string
	}{
		{"27 short", "3 Embrix\n10 Fire Energy\n", map[i18n.Lang]string{
			i18n.EN: "add 27 more cards", i18n.DE: "füge 27 weitere Karten hinzu", i18n.CS: "přidejte ještě 27 karet"}},
		{"1 short", "3 Embrix\n36 Fire Energy\n", map[i18n.Lang]string{
			i18n.EN: "add 1 more card", i18n.DE: "füge 1 weitere Karte hinzu", i18n.CS: "přidejte ještě 1 kartu"}},
		{"1 over", "3 Embrix\n58 Fire Energy\n", map[i18n.Lang]string{
			i18n.EN: "remove 1 card", i18n.DE: "nimm 1 Karte heraus", i18n.CS: "odeberte 1 kartu"}},
		{"3 over", "3 Embrix\n60 Fire Energy\n", map[i18n.Lang]string{
			i18n.EN: "remove 3 cards", i18n.DE: "nimm 3 Karten heraus", i18n.CS: "odeberte 3 karty"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var size []engine.Problem
			for _, p := range New().ValidateDeck(parseDeck(t, c.deck)) {
				if strings.HasPrefix(p.Key, "deck.size") {
					size = append(size, p)
				}
			}
			if len(size) != 1 {
				t.Fatalf("size problems %v, want one", size)
			}
			for l, want := range c.want {
				if got := size[0].In(l, words).Fix; got != want {
					t.Errorf("in %s the fix reads %q, want %q", l, got, want)
				}
			}
		})
	}
}
