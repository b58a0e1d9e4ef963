package main

import (
	"fmt"
	"os"
	"os/signal"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"kartenwerk/ai"
	"kartenwerk/engine"
	"kartenwerk/sim"
)

type simOptions struct {
	games    int
	seed     uint64
	seats    int
	agents   string
	workers  int
	turnCap  int
	variants []string
	decks    []string
	asJSON   bool
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
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := engine.Lookup(args[0])
			if err != nil {
				return err
			}
			setup, err := makeSetup(g, o.seats, o.seed, o.variants, o.decks)
			if err != nil {
				return err
			}
			cfg := sim.Config{Game: g, Games: o.games, Seed: o.seed, Seats: setup.Seats,
				Agents: ai.SplitSpecs(o.agents), Variant: setup.Variant, Decks: setup.Decks,
				Workers: o.workers, TurnCap: o.turnCap}
			if term.IsTerminal(int(os.Stderr.Fd())) {
				bar := progressbar.NewOptions(o.games, progressbar.OptionSetWriter(os.Stderr),
					progressbar.OptionSetDescription(g.Info().ID), progressbar.OptionShowCount(),
					progressbar.OptionShowIts(), progressbar.OptionClearOnFinish(), progressbar.OptionThrottle(100_000_000))
				cfg.Progress = func(done int) { _ = bar.Set(done) }
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			rep, err := sim.Run(ctx, cfg)
			if err != nil {
				return err
			}
			if o.asJSON {
				return writeJSON(cmd.OutOrStdout(), rep)
			}
			rep.WriteText(cmd.OutOrStdout())
			if rep.Errors > 0 {
				return fmt.Errorf("%d game(s) failed", rep.Errors)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.IntVarP(&o.games, "games", "n", 1000, "number of games")
	f.Uint64Var(&o.seed, "seed", 1, "the batch's seed")
	f.IntVar(&o.seats, "seats", 0, "number of players (default: the game's minimum)")
	f.StringVar(&o.agents, "agents", "random", "one agent for all seats or one per seat, comma-separated")
	f.IntVarP(&o.workers, "jobs", "j", 0, "games played in parallel (default: one per CPU)")
	f.IntVar(&o.turnCap, "turn-cap", 0, "stop a game after this many turns as a draw (default: the game's own)")
	f.StringArrayVar(&o.variants, "variant", nil, "a rule variant key=value (repeatable)")
	f.StringSliceVar(&o.decks, "decks", nil, "a deck per seat: preset names or deck files, comma-separated")
	f.BoolVar(&o.asJSON, "json", false, "print the report as one JSON object")
	return cmd
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
		Args:  cobra.MinimumNArgs(1),
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
