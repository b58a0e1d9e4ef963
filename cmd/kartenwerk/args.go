package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

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
			return fmt.Errorf("unexpected argument %q: call it as `%s`, and begin each flag with - (%s)", args[max], call, help)
		}
		return nil
	}
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
