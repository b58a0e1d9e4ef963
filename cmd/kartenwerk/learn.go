package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/signal"

	"github.com/spf13/cobra"

	"kartenwerk/ai"
	"kartenwerk/ai/learn"
)

func learnCmd() *cobra.Command {
	var (
		games, perGame, workers int
		seed                    uint64
		agents, out             string
		lambda                  float64
	)
	cmd := &cobra.Command{
		Use:   "learn <game>",
		Short: "Fit a game's position evaluation from simulated games and print what wins",
		Long: "Play games between agents, sample positions from them labelled with the result\n" +
			"their seat went on to get, and fit a logistic regression over the game's features\n" +
			"(each a seat's figure minus its opponents'). Prints each feature's weight with its\n" +
			"95% interval and the fit's log-loss on held-out games (one in five); --out writes\n" +
			"the model, which agents play with as eval=learned once it is in ai/evals/.\n" +
			"The same seed gives the same fit for any number of workers.",
		Example: "  kartenwerk learn mystimons -n 2000\n" +
			"  kartenwerk learn athernum -n 4000 --out ai/evals/athernum.json",
		Args: argsBetween(1, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := lookupGame(args[0])
			if err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			cfg := learn.Config{Game: g, Games: games, Seed: seed, Agents: ai.SplitSpecs(agents), PerGame: perGame, Workers: workers}
			m, err := learn.Learn(ctx, cfg, lambda)
			if err != nil {
				return err
			}
			learn.WriteTable(cmd.OutOrStdout(), m)
			if out == "" {
				return nil
			}
			data, err := json.MarshalIndent(m, "", "  ")
			if err != nil {
				return err
			}
			if err := os.WriteFile(out, append(data, '\n'), 0o644); err != nil {
				return fmt.Errorf("--out: %w", err)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.IntVarP(&games, "games", "n", 2000, "games to play for positions")
	f.IntVar(&perGame, "positions", 10, "positions sampled from each game")
	f.Uint64Var(&seed, "seed", 1, "the batch seed")
	f.StringVar(&agents, "agents", "greedy,greedy,random", "the agents each seat's is drawn from, per game")
	f.Float64Var(&lambda, "lambda", learn.DefaultLambda, "the L2 penalty on the weights of the features scaled to a root mean square of 1")
	f.IntVarP(&workers, "jobs", "j", 0, "games played in parallel (default: one per CPU)")
	f.StringVar(&out, "out", "", "write the model as JSON to this file (ship it as ai/evals/<game>.json)")
	return cmd
}
