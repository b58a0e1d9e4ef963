package i18n_test

import (
	"testing"

	"kartenwerk/engine/i18n"
)

func TestCapital(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"heal each of your MystiMons 20 HP.", "Heal each of your MystiMons 20 HP."},
		{"útok", "Útok"},
		{"žádná karta", "Žádná karta"},
		{"Already", "Already"},
		{"30 damage", "30 damage"},
		{"", ""},
	} {
		if got := i18n.Capital(c.in); got != c.want {
			t.Errorf("Capital(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
