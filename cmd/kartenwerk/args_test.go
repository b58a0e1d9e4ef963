package main

import (
	"strings"
	"testing"
)

// TestArgumentErrorsSayWhatIsMissingAndHowToCall checks that a command given
// too few or too many arguments names the one missing or extra and shows
// its call, not cobra's "accepts 1 arg(s), received 0".
func TestArgumentErrorsSayWhatIsMissingAndHowToCall(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"sim"}, []string{"missing <game>", "`kartenwerk sim <game>`", "the games are ", "trick", "`kartenwerk sim --help`"}},
		{[]string{"validate", "trick"}, []string{"missing <deckfile>", "`kartenwerk validate <game> <deckfile>`"}},
		{[]string{"scenario", "run"}, []string{"missing <file>:", "`kartenwerk scenario run <file>...`"}},
		{[]string{"codes", "check"}, []string{"missing CODE", "`kartenwerk codes check CODE`"}},
		{[]string{"games", "x"}, []string{`unexpected argument "x"`, "`kartenwerk games`"}},
		{[]string{"sim", "trick", "100"}, []string{`unexpected argument "100"`, "begin each flag with -"}},
	} {
		_, _, err := run(t, "", tc.args...)
		if err == nil {
			t.Errorf("%v: accepted", tc.args)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%v: %q does not say %q", tc.args, err, w)
			}
		}
	}
}
