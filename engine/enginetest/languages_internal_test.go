package enginetest

import (
	"testing"

	"kartenwerk/engine/i18n"
)

func TestWordTakingAn(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Ben makes a Ember resource", "Ember"},
		{"A Ancient Dryad attacks", "Ancient"},
		{"attach it to a Immunzelle", "Immunzelle"},
		{"Ben makes an Ember resource", ""},
		{"play a unit or a relic", ""},
		{"a European edition", ""},
		{"pay a one-time cost", ""},
		{"Anna draws a card", ""},
		{"take Sofa or Ikea", ""}, // "a" inside a word is no article
	} {
		if got := wordTakingAn(c.text); got != c.want {
			t.Errorf("wordTakingAn(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestLowerSentenceStart(t *testing.T) {
	sc := &speechChecker{names: []string{"kleine Nahrung"}}
	for _, c := range []struct{ text, want string }{
		{"heal each of your MystiMons 20 HP.", "heal"},
		{"Stage 1. basic Attack Bite (free).", "basic"},
		{"Stage 1. Basic Attack Bite (free).", ""},
		{"Activated — pay 1 resource: draw 2 cards.", ""},
		{"kleine Nahrung: gain 1 sugar.", ""},
		{"Žádná karta. útok +2.", "útok"},
		{"+3 ATK for this attack.", ""},
		{"", ""},
	} {
		if got := sc.lowerSentenceStart(c.text); got != c.want {
			t.Errorf("lowerSentenceStart(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestDoubledWord(t *testing.T) {
	for _, c := range []struct {
		lang       i18n.Lang
		text, want string
	}{
		{i18n.CS, "Efekt karty karty # se vyhodnotil", "karty"},
		{i18n.EN, "play the the card", "the"},
		{i18n.DE, "Ziehe ziehe eine Karte", "ziehe"},
		{i18n.DE, "Cyril legt # an # an", ""},              // a name stands between
		{i18n.DE, "die Karten, die die Gegnerin hält", ""}, // a relative pronoun and an article
		{i18n.CS, "Efekt karty se vyhodnotil", ""},
		{i18n.DE, "Schaden 2 2", ""}, // numbers may repeat (a stat and its value)
		{i18n.EN, "", ""},
	} {
		if got := doubledWord(c.lang, c.text); got != c.want {
			t.Errorf("doubledWord(%s, %q) = %q, want %q", c.lang, c.text, got, c.want)
		}
	}
}
