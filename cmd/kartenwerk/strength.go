package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"kartenwerk/ai"
	"kartenwerk/engine/i18n"
	"kartenwerk/sim"
)

func strengthCmd() *cobra.Command {
	var (
		games, workers int
		seed           uint64
		agents         string
		variants       []string
		decks          []string
		asJSON         bool
		report         string
	)
	cmd := &cobra.Command{
		Use:   "strength <game>",
		Short: "Play every pair of agents against each other and tabulate their strength",
		Long: "Play every pair of agents against each other, mirrored (each deal once with each\n" +
			"agent in each seat), and print each agent's win rate against each other with 95%\n" +
			"intervals by deal, and its mean time per decision (search agents only). --decks\n" +
			"fixes the decks of the two seats; each agent plays each of them.",
		Example: "  kartenwerk strength zynalith -n 400 --agents random,greedy,ismcts:iters=500\n" +
			"  kartenwerk strength mystimons -n 400 --agents greedy,ismcts:iters=500,decks=known --decks Erd-Wall,Feuer-Aggro",
		Args: argsBetween(1, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := lookupGame(args[0])
			if err != nil {
				return err
			}
			sp, err := speechFor(g)
			if err != nil {
				return err
			}
			setup, err := makeSetup(g, 2, seed, variants, decks)
			if err != nil {
				return err
			}
			if g.Info().MinSeats > 2 {
				return fmt.Errorf("%s needs %d players; strength tables are for two", g.Info().Name, g.Info().MinSeats)
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			entrants := sim.AgentEntrants(ai.SplitSpecs(agents))
			cfg := sim.Config{Game: g, Games: games, Seed: seed, Seats: 2, Variant: setup.Variant, Decks: setup.Decks, Workers: workers,
				Progress: progressTo(g.Info().ID, sim.MatrixGames(games, len(entrants)))}
			m, err := sim.RunMatrix(ctx, cfg, entrants)
			if err != nil {
				return err
			}
			if err := emit(cmd.OutOrStdout(), asJSON, m, func(w io.Writer) { writeStrength(w, m, sp.l) }); err != nil {
				return err
			}
			title := sim.Words().T(sp.l, "report.strength_title", "game", g.Info().Name)
			return writeOutputs(sim.Document{Title: title, Matrix: m, Lang: sp.l, GameWords: sp.game}, report, "")
		},
	}
	f := cmd.Flags()
	f.IntVarP(&games, "games", "n", 400, "games per pair of agents (rounded up to even)")
	f.Uint64Var(&seed, "seed", 1, "the batch seed")
	f.StringVar(&agents, "agents", "random,greedy,ismcts", "the agents to compare, comma-separated")
	f.IntVarP(&workers, "jobs", "j", 0, "games played in parallel (default: one per CPU)")
	f.StringArrayVar(&variants, "variant", nil, "a rule variant key=value (repeatable)")
	f.StringSliceVar(&decks, "decks", nil, "a deck per seat (presets or files, comma-separated), the same in every pairing; mirrored, so each agent plays each")
	f.BoolVar(&asJSON, "json", false, "print the table as JSON")
	f.StringVar(&report, "report", "", "also write an HTML report")
	return cmd
}

// writeStrength prints the strength table in language l, with each
// agent's mean time per decision.
func writeStrength(w io.Writer, m *sim.Matrix, l i18n.Lang) {
	m.WriteTextIn(w, l)
	fmt.Fprintln(w, "\n"+sim.Words().T(l, "report.text.think_heading"))
	var names, times []string
	seen := map[string]bool{}
	for _, rep := range m.Reports {
		for e, agent := range rep.Agents {
			if !seen[agent] && e < len(rep.ThinkingMs) {
				seen[agent] = true
				names = append(names, sim.AgentIn(l, agent))
				if ms := rep.ThinkingMs[e]; ms >= 0 {
					times = append(times, i18n.Decimal(l, ms, 3)+" ms")
				} else {
					times = append(times, sim.Words().T(l, "report.text.think_untimed"))
				}
			}
		}
	}
	width := 0 // the names' column, as wide as the longest
	for _, name := range names {
		width = max(width, utf8.RuneCountInString(name))
	}
	for k, name := range names {
		fmt.Fprintf(w, "  %-*s   %s\n", width, name, times[k])
	}
}
