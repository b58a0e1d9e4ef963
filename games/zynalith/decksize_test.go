package zynalith

import (
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// ZY-8.1: a stack with too few cards is told how many more it needs, in
// each language, with the count's plural form.
func TestSmallStackFixSaysHowMany_ZY_8_1(t *testing.T) {
	d, err := engine.ParseDeckList("test.txt", "test", strings.NewReader("creatures:\n10 Sumpfratte\nextras:\n3 Kurzschwert\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[i18n.Lang]string{
		i18n.EN: "add 7 more cards other than events under `extras:`",
		i18n.DE: "füge unter `extras:` 7 weitere Karten hinzu, die keine Ereignisse sind",
		i18n.CS: "přidejte pod `extras:` ještě 7 karet, které nejsou událostmi",
	}
	var small []engine.Problem
	for _, p := range (Game{}).ValidateDeck(d) {
		if p.Key == "deck.small_stack" {
			small = append(small, p)
		}
	}
	if len(small) != 1 {
		t.Fatalf("small stacks %v, want the extras", small)
	}
	for l, w := range want {
		if got := small[0].In(l, words).Fix; got != w {
			t.Errorf("in %s the fix reads %q, want %q", l, got, w)
		}
	}
}
