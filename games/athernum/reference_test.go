package athernum

import (
	"strings"
	"testing"

	"kartenwerk/engine/enginetest"
	"kartenwerk/engine/i18n"
)

// The rules reference has every rule of the digest (digestRules, of the
// rules-cited test) in every language, and every rule a variant cites,
// so that a page can link it.
func TestReference(t *testing.T) { enginetest.CheckReference(t, theGame, digestRules) }

// AT-1.1 allows two or more players, and the reference says how many the
// game seats here, which the lobby offers: a reader of "two or more"
// looked for a fifth seat.
func TestAT_1_1_TheReferenceSaysHowManyTheGameSeats(t *testing.T) {
	four := map[i18n.Lang]string{i18n.EN: "two to four", i18n.DE: "zwei bis vier", i18n.CS: "dva až čtyři"}
	if max := theGame.Info().MaxSeats; max != 4 {
		t.Fatalf("the game seats up to %d: say so in AT-1.1", max)
	}
	for _, l := range i18n.Langs {
		if r, _ := theGame.Reference(l).Rule("AT-1.1"); !strings.Contains(r.Text, four[l]) {
			t.Errorf("%s: AT-1.1 reads %q, without the seats the game offers (%s)", l, r.Text, four[l])
		}
	}
}
