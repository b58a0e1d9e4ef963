package enginetest

import "testing"

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
	for _, c := range []struct{ text, want string }{
		{"Efekt karty karty # se vyhodnotil", "karty"},
		{"Cyril legt # an # an", ""},
		{"Die die Karte", "die"},
		{"Efekt karty se vyhodnotil", ""},
		{"Schaden 2 2", ""},    // numbers may repeat (a stat and its value)
		{"die, die Karte", ""}, // a comma between is a new clause
		{"", ""},
	} {
		if got := doubledWord(c.text); got != c.want {
			t.Errorf("doubledWord(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}
