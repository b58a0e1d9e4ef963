package microlife

import (
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// ML-3.2: a starter deck of the wrong size is told how many cards to add
// or remove, and which cards the deck is, in each language.
func TestDeckSizeFixSaysHowMany_ML_3_2(t *testing.T) {
	cases := []struct {
		name, deck string
		want       map[i18n.Lang]string
	}{
		{"3 short", "1 Haut\n1 Nahrung\n1 Adenovirus\n2 E.Coli\n", map[i18n.Lang]string{
			i18n.EN: "add 3 more cards; the starter deck is", i18n.DE: "füge 3 weitere Karten hinzu; das Starterdeck ist",
			i18n.CS: "přidejte ještě 3 karty; startovní balíček je"}},
		{"2 over", "2 Haut\n1 Dendritische Zelle\n2 Nahrung\n1 kleine Nahrung\n1 Adenovirus\n2 E.Coli\n1 UV-Strahlung\n", map[i18n.Lang]string{
			i18n.EN: "remove 2 cards; the starter deck is", i18n.DE: "nimm 2 Karten heraus; das Starterdeck ist",
			i18n.CS: "odeberte 2 karty; startovní balíček je"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, err := engine.ParseDeckList("test.txt", "test", strings.NewReader(c.deck))
			if err != nil {
				t.Fatal(err)
			}
			var size []engine.Problem
			for _, p := range (Game{}).ValidateDeck(d) {
				if strings.HasPrefix(p.Key, "deck.size") {
					size = append(size, p)
				}
			}
			if len(size) != 1 {
				t.Fatalf("size problems %v, want one", size)
			}
			for l, want := range c.want {
				if got := size[0].In(l, words).Fix; !strings.HasPrefix(got, want) || !strings.Contains(got, "2 E.Coli") {
					t.Errorf("in %s the fix reads %q, want it to begin %q and list the starter deck", l, got, want)
				}
			}
		})
	}
}
