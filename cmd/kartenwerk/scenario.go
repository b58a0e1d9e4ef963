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
	v := res.State.View(engine.Omniscient)
	if asJSON {
		if err := writeJSON(out, v); err != nil {
			return false, err
		}
	} else {
		fmt.Fprintf(out, "== %s: %s\n", path, f.Name)
		writeTable(out, v)
	}
	for _, p := range res.Failures {
		fmt.Fprintln(cmd.ErrOrStderr(), "FAIL", p.Error())
	}
	return len(res.Failures) == 0, nil
}
