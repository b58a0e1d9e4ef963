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
	res, err := scenario.Run(f)
	if err != nil {
		return false, err
	}
	out := cmd.OutOrStdout()
	if res.State == nil { // deck checks only: there is no table to show
		fmt.Fprintf(out, "== %s: %s\n", path, f.Name)
		return reportFailures(cmd, res), nil
	}
	v := res.State.View(engine.Omniscient)
	if asJSON {
		if err := writeJSON(out, v); err != nil {
			return false, err
		}
	} else {
		fmt.Fprintf(out, "== %s: %s\n", path, f.Name)
		speech{}.writeTable(out, v)
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
				ok, err := runScenario(cmd, path, asJSON)
				if err != nil {
					return err
				}
				if !ok {
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
