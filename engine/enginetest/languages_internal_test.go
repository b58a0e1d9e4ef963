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
