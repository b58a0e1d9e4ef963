package mystimons

import (
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine/enginetest"
	"kartenwerk/engine/i18n"
)

// The rules reference has every rule of the digest (digestRules, of the
// rules-cited test) in every language, and every rule a variant cites,
// so that a page can link it.
func TestReference(t *testing.T) {
	enginetest.CheckReference(t, New())
	ids := New().Reference(i18n.EN).RuleIDs()
	for _, id := range digestRules {
		if !slices.Contains(ids, id) {
			t.Errorf("the reference has no rule %s", id)
		}
	}
	for _, v := range New().Info().Variants {
		for _, id := range strings.FieldsFunc(v.Rule, func(r rune) bool { return r == ',' || r == ' ' }) {
			if !slices.Contains(ids, id) {
				t.Errorf("variant %s cites %s, which the reference lacks", v.Key, id)
			}
		}
	}
}
