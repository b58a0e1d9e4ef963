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
		// A flag that took the next flag as its value leaves that flag's
		// value over: the error names the flag that swallowed it.
		{[]string{"sim", "trick", "--matrix", "-n", "200"}, []string{`--matrix took "-n" as its value, so "200" was left over`}},
		{[]string{"sim", "trick", "--agents", "--seed", "3"}, []string{`--agents took "--seed" as its value, so "3" was left over`}},
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

// TestFlagErrorsSayWhatTheFlagTakes checks that a flag value of the wrong
// kind is refused in a user's words, not with the Go function that parsed it.
func TestFlagErrorsSayWhatTheFlagTakes(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sim", "trick", "-n", "1e3"}, `--games: "1e3" is not a whole number (` + "`kartenwerk sim --help` lists the flags)"},
		{[]string{"sim", "trick", "-n", "99999999999999999999"}, `--games: "99999999999999999999" is too large for a whole number`},
		{[]string{"play", "trick", "--seed", "-1"}, `--seed: "-1" is not a whole number, 0 or more`},
		{[]string{"sim", "trick", "--mirror=maybe"}, `--mirror: "maybe" is not true or false`},
		{[]string{"sim", "trick", "--until-ci", "x"}, `--until-ci: "x" is not a number`},
		{[]string{"loadtest", "--duration", "x"}, `--duration: "x" is not a duration such as 500ms`},
		{[]string{"sim", "trick", "--nope"}, "unknown flag: --nope (`kartenwerk sim --help` lists the flags)"},
	} {
		_, _, err := run(t, "", tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "strconv") {
			t.Errorf("%v: got %v, want %q", tc.args, err, tc.want)
		}
	}
}
