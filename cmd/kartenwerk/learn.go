package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"kartenwerk/ai"
	"kartenwerk/ai/learn"
	"kartenwerk/engine/i18n"
	"kartenwerk/sim"
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
			sp, err := speechFor(g)
			if err != nil {
				return err
			}
			if err := checkLearnFlags(lambda, out); err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			cfg := learn.Config{Game: g, Games: games, Seed: seed, Agents: ai.SplitSpecs(agents), PerGame: perGame, Workers: workers}
			m, err := learn.Learn(ctx, cfg, lambda)
			if err != nil {
				return err
			}
			writeLearned(cmd.OutOrStdout(), g.Info().Name, m, sp)
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

// writeLearned prints the model's weights for designers, most telling
// first, in the speech's language with the game's words for its
// figures: the change in log-odds per unit of each figure with its 95%
// interval, and per typical difference (one root mean square), which
// compares figures of different units.
func writeLearned(w io.Writer, game string, m *ai.Model, sp speech) {
	l := sp.l
	agents := make([]string, len(m.Agents))
	for i, a := range m.Agents {
		agents[i] = sim.AgentIn(l, a)
	}
	fmt.Fprintln(w, sp.T("learn.title", "game", game, "positions", m.Positions, "n", m.Games,
		"agents", strings.Join(agents, ", "), "seed", m.Seed))
	fmt.Fprintln(w, sp.T("learn.loss", "loss", i18n.Decimal(l, m.LogLoss, 4), "base", i18n.Decimal(l, m.BaseLogLoss, 4)))
	fmt.Fprintln(w)
	rows := [][]string{{sp.T("learn.figure"), sp.T("learn.per_unit"), sp.T("learn.interval"),
		sp.T("learn.typical"), sp.T("learn.per_typical")}}
	for _, i := range byImpact(m) {
		name := sp.word("feature", m.Features[i])
		wt, se := m.Weights[i], m.StdErr[i]
		if m.Scale[i] == 0 {
			rows = append(rows, []string{name, "", sp.T("learn.never_varied")})
			continue
		}
		rows = append(rows, []string{name, i18n.Signed(l, wt, 4),
			i18n.Bounds(l, i18n.Signed(l, wt-1.96*se, 4), i18n.Signed(l, wt+1.96*se, 4)),
			typical(l, m.Scale[i]), i18n.Signed(l, wt*m.Scale[i], 3)})
	}
	writeColumns(w, rows)
	fmt.Fprintln(w, "\n"+sp.T("learn.note"))
}

// byImpact orders the model's features by the size of their weight per
// typical difference, largest first.
func byImpact(m *ai.Model) []int {
	order := make([]int, len(m.Weights))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		return math.Abs(m.Weights[order[a]]*m.Scale[order[a]]) > math.Abs(m.Weights[order[b]]*m.Scale[order[b]])
	})
	return order
}

// writeColumns writes rows as a table: the first column, of names,
// aligned left, the others, of figures, aligned right, two spaces apart.
// Widths count characters, so that "ÚTOK" is four wide.
func writeColumns(w io.Writer, rows [][]string) {
	var widths []int
	for _, r := range rows {
		for c, cell := range r {
			if c == len(widths) {
				widths = append(widths, 0)
			}
			widths[c] = max(widths[c], utf8.RuneCountInString(cell))
		}
	}
	for _, r := range rows {
		var b strings.Builder
		for c, cell := range r {
			pad := strings.Repeat(" ", widths[c]-utf8.RuneCountInString(cell))
			if c == 0 {
				b.WriteString(cell + pad)
			} else {
				b.WriteString("  " + pad + cell)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}

// typical writes a typical difference (positive) with three
// significant digits.
func typical(l i18n.Lang, x float64) string {
	return i18n.Decimal(l, x, max(0, 2-int(math.Floor(math.Log10(x)))))
}

// checkLearnFlags refuses, before any game is played, a penalty the fit
// cannot use and an --out file that cannot be written: either would
// otherwise surface only after every game.
func checkLearnFlags(lambda float64, out string) error {
	if !(lambda >= 0) || math.IsInf(lambda, 0) {
		return fmt.Errorf("--lambda %g: give a penalty of 0 or more, e.g. --lambda %g", lambda, learn.DefaultLambda)
	}
	if out != "" {
		dir := filepath.Dir(out)
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return fmt.Errorf("--out %s: the directory %s does not exist; create it first or name a file in an existing one", out, dir)
		}
	}
	return nil
}
