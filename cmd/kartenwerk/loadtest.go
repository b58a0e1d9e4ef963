package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"time"

	"github.com/spf13/cobra"

	"kartenwerk/server"
)

type loadOptions struct {
	url      string
	game     string
	games    int
	duration time.Duration
	think    time.Duration
	warmup   time.Duration
	seed     uint64
	db       string
	asJSON   bool
}

func loadtestCmd() *cobra.Command {
	var o loadOptions
	cmd := &cobra.Command{
		Use:   "loadtest",
		Short: "Play many concurrent games over WebSocket and report moves/s and move latency",
		Long: "Play N concurrent games over WebSocket on loopback, each between two bot clients,\n" +
			"and report moves per second and the p50/p99 latency from sending an action to\n" +
			"receiving the table it produced. Without --url it starts a server in this process\n" +
			"over a temporary SQLite file. Only loopback addresses are accepted.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			dir, err := os.MkdirTemp("", "kartenwerk-loadtest")
			if err != nil {
				return err
			}
			defer os.RemoveAll(dir)
			r, err := server.LoadTest(ctx, server.LoadConfig{URL: o.url, Dir: dir, DB: o.db, Game: o.game, Games: o.games,
				Duration: o.duration, Think: o.think, Warmup: o.warmup, Seed: o.seed})
			if err != nil {
				return err
			}
			if o.asJSON {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(r)
			}
			fmt.Fprintln(cmd.OutOrStdout(), r)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.url, "url", "", "a running server on loopback, e.g. http://127.0.0.1:8080 (default: start one here)")
	f.StringVar(&o.db, "db", "", "the store of the server started here: a SQLite file or a postgres:// URL (default: a temporary SQLite file)")
	f.StringVar(&o.game, "game", "mysticelements", "the game to play")
	f.IntVarP(&o.games, "games", "n", 100, "how many games run at once")
	f.DurationVar(&o.duration, "duration", 20*time.Second, "how long to play")
	f.DurationVar(&o.think, "think", time.Second, "the bots' mean pause before each action, as a person's (0: as fast as possible)")
	f.DurationVar(&o.warmup, "warmup", 5*time.Second, "time for the games to start and connect before latencies count")
	f.Uint64Var(&o.seed, "seed", 1, "the bots' seed")
	f.BoolVar(&o.asJSON, "json", false, "print the report as JSON")
	return cmd
}
