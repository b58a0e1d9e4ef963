package main

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"kartenwerk/engine"
)

// argsBetween checks that a command gets from min to max arguments (max < 0:
// no upper bound). Where cobra's own checks say only "accepts 1 arg(s),
// received 0", its error names the argument missing or the one too many and
// shows how the command is called, with the games to choose from when a
// game is what is missing.
func argsBetween(min, max int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		call := strings.TrimSpace(cmd.CommandPath() + " " + strings.Join(placeholders(cmd.Use), " "))
		help := fmt.Sprintf("`%s --help` tells more", cmd.CommandPath())
		switch {
		case len(args) < min:
			missing := "an argument"
			if names := placeholders(cmd.Use); len(args) < len(names) {
				missing = strings.TrimSuffix(names[len(args)], "...")
			}
			games := ""
			if missing == "<game>" {
				games = "; the games are " + gameIDList()
			}
			return fmt.Errorf("missing %s: call it as `%s`%s (%s)", missing, call, games, help)
		case max >= 0 && len(args) > max:
			if name, value, ok := swallowedFlag(cmd); ok {
				return fmt.Errorf("--%s took %q as its value, so %q was left over: give --%s its value right after it (%s)", name, value, args[max], name, help)
			}
			return fmt.Errorf("unexpected argument %q: call it as `%s`, and begin each flag with - (%s)", args[max], call, help)
		}
		return nil
	}
}

// swallowedFlag finds a flag given another flag as its value, as in
// `sim mystimons --matrix -n 200`: --matrix takes "-n", and 200 is left
// over as an argument.
func swallowedFlag(cmd *cobra.Command) (name, value string, ok bool) {
	flags := cmd.Flags()
	flags.Visit(func(f *pflag.Flag) {
		if ok {
			return
		}
		v := strings.Trim(f.Value.String(), "[]")
		if n := strings.TrimLeft(v, "-"); strings.HasPrefix(v, "-") && n != "" &&
			(flags.Lookup(n) != nil || len(n) == 1 && flags.ShorthandLookup(n) != nil) {
			name, value, ok = f.Name, v, true
		}
	})
	return name, value, ok
}

// placeholders are the arguments a command's Use line names, before its
// first flag: "<game>" and "<deckfile>" in "validate <game> <deckfile>".
func placeholders(use string) []string {
	words := strings.Fields(use)
	var out []string
	for _, w := range words[1:] {
		if strings.HasPrefix(w, "-") {
			break
		}
		out = append(out, w)
	}
	return out
}

// gameIDList is the registered games' ids, comma-separated.
func gameIDList() string {
	var ids []string
	for _, g := range engine.Games() {
		ids = append(ids, g.Info().ID)
	}
	return strings.Join(ids, ", ")
}

// badFlagValue matches pflag's error for a value of the wrong kind:
// `invalid argument "x" for "-n, --games" flag: strconv.ParseInt: parsing "x": invalid syntax`.
var badFlagValue = regexp.MustCompile(`^invalid argument "(.*)" for "(?:-\w, )?(--[\w-]+)" flag: (strconv\.Parse(\w+)|time): .*?(value out of range)?$`)

// flagKinds says in a user's words what each kind of flag takes.
var flagKinds = map[string]string{
	"strconv.ParseInt":   "a whole number",
	"strconv.ParseUint":  "a whole number, 0 or more",
	"strconv.ParseFloat": "a number, with a point for decimals (1.5)",
	"strconv.ParseBool":  "true or false",
	"time":               "a duration such as 500ms, 20s or 2m",
}

// flagError rewrites pflag's error for a flag value of the wrong kind into
// what the flag takes ("--games: "1e3" is not a whole number"), where pflag
// names the Go function that refused it, and points every flag error to the
// command's help.
func flagError(cmd *cobra.Command, err error) error {
	help := fmt.Sprintf("`%s --help` lists the flags", cmd.CommandPath())
	m := badFlagValue.FindStringSubmatch(err.Error())
	if m == nil || flagKinds[m[3]] == "" {
		return fmt.Errorf("%w (%s)", err, help)
	}
	value, flag, kind := m[1], m[2], flagKinds[m[3]]
	if m[5] != "" {
		return fmt.Errorf("%s: %q is too large for %s (%s)", flag, value, kind, help)
	}
	return fmt.Errorf("%s: %q is not %s (%s)", flag, value, kind, help)
}
