package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"

	"github.com/spf13/cobra"

	"kartenwerk/ai"
	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
	"kartenwerk/sim"
	"kartenwerk/sim/tune"
)

type tuneOptions struct {
	sim       simOptions
	params    []string
	target    string
	tolerance float64
	budget    int
	explore   float64
	confirm   int
	out       string
}

func tuneCmd() *cobra.Command {
	var o tuneOptions
	cmd := &cobra.Command{
		Use:   "tune <game>",
		Short: "Search card stats, costs and variant numbers for settings that meet a balance target",
		Long: "Search the values of the parameters given (card fields and rule variants, each with a\n" +
			"range) for the setting that brings a win rate closest to a target, with the N-Tuple\n" +
			"Bandit Evolutionary Algorithm (NTBEA): each evaluation is a batch of games on fresh\n" +
			"seeds; the best setting is then measured again on --confirm games no evaluation saw.",
		Example: "  kartenwerk tune athernum --agents greedy --target first=50 --budget 60 -n 200 \\\n" +
			"      --param \"Ember Tyrant.cost=3..7\" --param \"Root Keeper.cost=3..7\" --param \"Blaze Herald.vp=4..7\"",
		Args: argsBetween(1, 1),
		RunE: func(cmd *cobra.Command, args []string) error { return runTune(cmd, args[0], o) },
	}
	f := cmd.Flags()
	f.StringArrayVar(&o.params, "param", nil, "a parameter and its values: \"CARD.FIELD=2..6\" or \"variant:KEY=a,b\" (repeatable)")
	f.StringVar(&o.target, "target", "first=50", "the win rate to reach, in percent: first=50, deck:NAME=50, or start:CARD=50 (the seats that picked CARD as start card: Athernum)")
	f.Float64Var(&o.tolerance, "tolerance", 2, "how many points from the target count as met")
	f.IntVar(&o.budget, "budget", 60, "evaluations (batches) the search may play")
	f.Float64Var(&o.explore, "explore", 0.05, "NTBEA's exploration weight, on the scale of win-rate distances")
	f.IntVar(&o.confirm, "confirm", 4000, "games to measure the best setting on, with fresh seeds")
	f.IntVarP(&o.sim.games, "games", "n", 200, "games per evaluation")
	f.Uint64Var(&o.sim.seed, "seed", 1, "the search's seed")
	f.IntVar(&o.sim.seats, "seats", 0, "number of players (default: the game's minimum)")
	f.StringVar(&o.sim.agents, "agents", "greedy", "one agent for all seats or one per seat, comma-separated")
	f.IntVarP(&o.sim.workers, "jobs", "j", 0, "games played in parallel (default: one per CPU)")
	f.StringArrayVar(&o.sim.variants, "variant", nil, "a rule variant key=value for every batch (repeatable)")
	f.StringSliceVar(&o.sim.decks, "decks", nil, "a deck per seat: preset names or deck files, comma-separated")
	f.BoolVar(&o.sim.asJSON, "json", false, "print the outcome as JSON")
	f.StringVar(&o.sim.report, "report", "", "also write an HTML report with a chart of the evaluations to this file")
	f.StringVar(&o.out, "out", "", "also write the card files that play the best setting into this directory (whole copies of the files holding the tuned cards, comments kept), for --cards")
	return cmd
}

func runTune(cmd *cobra.Command, gameID string, o tuneOptions) error {
	g, err := lookupGame(gameID)
	if err != nil {
		return err
	}
	sp, err := speechFor(g)
	if err != nil {
		return err
	}
	if len(o.params) == 0 {
		return fmt.Errorf("give at least one --param, e.g. --param \"Ember Tyrant.cost=3..7\"")
	}
	var params []tune.Param
	var names []string
	for _, s := range o.params {
		p, err := tune.ParseParam(s)
		if err != nil {
			return err
		}
		params, names = append(params, p), append(names, p.Name())
	}
	target, err := tune.ParseTarget(o.target)
	if err != nil {
		return err
	}
	if o.budget < 1 || o.confirm < 1 || o.tolerance <= 0 {
		return fmt.Errorf("--budget and --confirm take positive counts and --tolerance positive points")
	}
	if !(o.explore > 0) || math.IsInf(o.explore, 0) {
		return fmt.Errorf("--explore %v: the exploration weight is a positive number, on the scale of win-rate distances (default 0.05; larger explores more)", o.explore)
	}
	if err := checkOutDir(o.out); err != nil {
		return err
	}
	setup, err := makeSetup(g, o.sim.seats, o.sim.seed, o.sim.variants, o.sim.decks)
	if err != nil {
		return err
	}
	if target.Figure, err = sim.StartsIn(g, setup, target.Figure); err != nil {
		return err
	}
	cfg := sim.Config{Games: o.sim.games, Seed: o.sim.seed, Seats: setup.Seats, Agents: ai.SplitSpecs(o.sim.agents),
		Variant: setup.Variant, Decks: setup.Decks, Workers: o.sim.workers}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
	defer stop()
	errOut := cmd.ErrOrStderr()
	b, err := tune.Run(ctx, g, cfg, params, target, o.tolerance/100, o.confirm,
		tune.Options{Budget: o.budget, Seed: o.sim.seed, Explore: o.explore},
		func(step int, set tune.Setting, figure float64) {
			fmt.Fprintln(errOut, tune.ProgressIn(sp.l, g.Info().ID, names, step, o.budget, set, figure))
		})
	if err != nil {
		return err
	}
	text := func(w io.Writer) { b.WriteTextIn(w, sp.l) }
	if err := emit(cmd.OutOrStdout(), o.sim.asJSON, b, text); err != nil {
		return err
	}
	wrote := func(file string) { fmt.Fprintln(errOut, sp.T("tune.wrote", "file", file)) }
	if err := writeTunedCards(g, params, b.Best, o.out, wrote); err != nil || o.sim.report == "" {
		return err
	}
	title := sim.Words().T(sp.l, "report.tune.title", "game", g.Info().Name)
	return writeOutputs(sim.Document{Title: title, Tuning: b.ReportIn(sp.l), Lang: sp.l, GameWords: sp.game}, o.sim.report, "")
}

// checkOutDir refuses an --out that is not a directory, before the
// search plays its first game; an absent one is made at the end.
func checkOutDir(dir string) error {
	if dir == "" {
		return nil
	}
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return fmt.Errorf("--out %s: not a directory; give a directory to write the tuned card files into", dir)
	}
	return nil
}

// writeTunedCards writes into dir the card files that play the best
// setting's card numbers: the files holding the tuned cards, with those
// numbers set and everything else as written, saying each (wrote).
// Nothing when dir is empty or the setting tunes rule variants alone.
func writeTunedCards(g engine.Game, params []tune.Param, best tune.Setting, dir string, wrote func(file string)) error {
	edits := tune.CardEdits(params, best)
	src, ok := g.(engine.CardSource)
	if dir == "" || len(edits) == 0 || !ok {
		return nil
	}
	files, err := cardpool.EditCards(src.CardFiles(), edits)
	if err != nil {
		return cardpool.InGame(err, g.Info().ID)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range files {
		out := filepath.Join(dir, f.Name)
		if err := os.WriteFile(out, f.Data, 0o644); err != nil {
			return err
		}
		wrote(out)
	}
	return nil
}
