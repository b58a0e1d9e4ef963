package main

import (
	"fmt"
	"os"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// defaultGCPercent is the server's garbage-collection target. A server's
// live heap is small next to the garbage each move makes (views and
// messages), so collecting when the heap has grown by 400% rather than
// Go's 100% halves the collector's CPU per move for a few hundred MB.
const defaultGCPercent = 400

// gcFlag is serve's --gc-percent: the garbage collector's target, as
// GOGC (which it overrides when given; else GOGC, if set, is kept).
type gcFlag struct {
	percent int
	set     func() bool
}

func addGCFlag(cmd *cobra.Command) *gcFlag {
	g, f := &gcFlag{}, cmd.Flags()
	f.IntVar(&g.percent, "gc-percent", defaultGCPercent, "collect garbage when the heap has grown by this many percent since the last collection (GOGC; higher trades memory for CPU; -1 turns collection off)")
	g.set = func() bool { return f.Changed("gc-percent") }
	return g
}

// apply sets the target, unless GOGC is set and the flag was not given.
func (g *gcFlag) apply() error {
	if g.percent < -1 {
		return fmt.Errorf("--gc-percent %d: give a percentage (100 is Go's default) or -1 for no collection", g.percent)
	}
	if _, fromEnv := os.LookupEnv("GOGC"); fromEnv && !g.set() {
		return nil
	}
	debug.SetGCPercent(g.percent)
	return nil
}
