package microlife

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine/enginetest"
	"kartenwerk/engine/i18n"
)

var ruleID = regexp.MustCompile(`ML-\d+\.[0-9A-Z]+[a-z]?`)

// The rules reference has every rule of the digest (digestRules, of the
// rules-cited test) in every language,
// and every rule id that a prompt, refusal or variant cites, so that a
// page can link it.
func TestReference(t *testing.T) {
	enginetest.CheckReference(t, Game{}, digestRules)
	ids := Game{}.Reference(i18n.EN).RuleIDs()
	var cited []string
	for _, key := range words.Keys() {
		cited = append(cited, ruleID.FindAllString(words.T(i18n.EN, key), -1)...)
	}
	for _, v := range variants {
		cited = append(cited, v.Rule)
	}
	if len(cited) < 10 {
		t.Errorf("only %d rule ids cited by messages and variants: %v", len(cited), cited)
	}
	for _, id := range cited {
		if !slices.Contains(ids, strings.TrimRight(id, "abcdefgh")) {
			t.Errorf("%s is cited but not in the reference", id)
		}
	}
}
