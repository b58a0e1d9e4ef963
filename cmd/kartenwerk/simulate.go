package main

import (
	"github.com/spf13/cobra"
)

type simOptions struct {
	games    int
	seed     uint64
	seats    int
	agents   string
	workers  int
	turnCap  int
	first    int
	variants []string
	decks    []string
	asJSON   bool
	mirror   bool
	shard    string
	matrix   []string
	compare  string
	report   string
	png      string
	untilCI  float64
}

func simCmd() *cobra.Command {
	var o simOptions
	cmd := &cobra.Command{
		Use:   "sim <game>",
		Short: "Play many games between agents and report statistics",
		Long: "Play many games between agents and report win rates with 95% confidence intervals,\n" +
			"the first player's edge, game length and how games end. The same seed gives the\n" +
			"same games whatever the number of workers. Games reaching the turn cap are draws.",
		Example: "  kartenwerk sim mysticelements -n 10000 --seed 1 --json\n" +
			"  kartenwerk sim zynalith -n 2000 --seats 4 --agents random -j 2",
		Args: argsBetween(1, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSim(cmd, args[0], o)
		},
	}
	f := cmd.Flags()
	f.IntVarP(&o.games, "games", "n", 1000, "number of games (with --until-ci: the most to play, default 1,000,000)")
	f.Float64Var(&o.untilCI, "until-ci", 0, "play until the first player's win rate is known within ± this many points (95% confidence sequence), e.g. 1.0")
	f.Uint64Var(&o.seed, "seed", 1, "the batch's seed")
	f.IntVar(&o.seats, "seats", 0, "number of players (default: the game's minimum)")
	f.StringVar(&o.agents, "agents", "random", "one agent for all seats or one per seat, comma-separated")
	f.IntVarP(&o.workers, "jobs", "j", 0, "games played in parallel (default: one per CPU)")
	f.IntVar(&o.turnCap, "turn-cap", 0, "stop a game after this many turns as a draw (default: the game's own)")
	f.IntVar(&o.first, "first", 0, "the seat (1-based) that starts every game (default: the rules decide)")
	f.StringArrayVar(&o.variants, "variant", nil, "a rule variant key=value (repeatable)")
	f.StringSliceVar(&o.decks, "decks", nil, "a deck per seat: preset names or deck files, comma-separated")
	f.BoolVar(&o.asJSON, "json", false, "print the report as one JSON object")
	f.BoolVar(&o.mirror, "mirror", false, "play every deal once per seat rotation, so entrants meet the same shuffles")
	f.StringVar(&o.shard, "shard", "", "play only part k of n of the batch (k/n); combine parts with 'sim merge'")
	f.StringSliceVar(&o.matrix, "matrix", nil, "round robin of these decks (presets or files), two at a time, mirrored")
	f.StringVar(&o.compare, "compare-variant", "", "play the same games under each reading of a rule: key=a,b")
	f.StringVar(&o.report, "report", "", "also write a self-contained HTML report with charts to this file")
	f.StringVar(&o.png, "png", "", "also write the charts as PNG files into this directory")
	cmd.AddCommand(mergeCmd())
	return cmd
}
