package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"kartenwerk/engine"
	"kartenwerk/engine/scenario"
)

// runScenario runs one file, prints its final view and its failures, and
// reports whether every expectation held.
func runScenario(cmd *cobra.Command, path string, asJSON bool) (bool, error) {
	f, err := scenario.Load(path)
	if err != nil {
		return false, err
	}
	res, err := scenario.RunWith(f, lookupGame) // with the cards of --cards, as sim plays them
	if err != nil {
		return false, err
	}
	out := cmd.OutOrStdout()
	if res.State == nil { // deck checks only: there is no table to show
		fmt.Fprintf(out, "== %s: %s\n", path, f.Name)
		return reportFailures(cmd, res), nil
	}
	if asJSON {
		if err := writeJSON(out, res.State.View(engine.Omniscient)); err != nil {
			return false, err
		}
	} else {
		// The table in the --lang language and the game's words, as play
		// and replay draw it, not its internal names (p1's turn, vp-field).
		g, err := lookupGame(f.Game)
		if err != nil {
			return false, err
		}
		sp, err := speechFor(g)
		if err != nil {
			return false, err
		}
		fmt.Fprintf(out, "== %s: %s\n", path, f.Name)
		sp.writeTable(out, engine.Localized(res.State, engine.Omniscient, sp.words()))
	}
	return reportFailures(cmd, res), nil
}

func reportFailures(cmd *cobra.Command, res *scenario.Result) bool {
	for _, p := range res.Failures {
		fmt.Fprintln(cmd.ErrOrStderr(), "FAIL", p.Error())
	}
	return len(res.Failures) == 0
}

func scenarioCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "scenario",
		Short: "Run scenario files: a position, actions and expectations",
	}
	var asJSON bool
	run := &cobra.Command{
		Use:   "run <file>...",
		Short: "Run scenarios and print the resulting view; exit 1 if an expectation fails",
		Args:  argsBetween(1, -1),
		RunE: func(cmd *cobra.Command, args []string) error {
			failed := 0
			for _, path := range args {
				// A file that cannot run (malformed, an unknown card) is
				// said and counted, and the other files still run.
				ok, err := runScenario(cmd, path, asJSON)
				if err != nil {
					fmt.Fprintln(cmd.ErrOrStderr(), "ERROR", said(err))
				}
				if err != nil || !ok {
					failed++
				}
			}
			if failed > 0 {
				fmt.Fprintf(cmd.ErrOrStderr(), "%d of %d scenario(s) failed\n", failed, len(args))
				return exitError{1}
			}
			return nil
		},
	}
	run.Flags().BoolVar(&asJSON, "json", false, "print the resulting view as JSON")
	cmd.AddCommand(run)
	return cmd
}
