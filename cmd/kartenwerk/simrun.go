package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"kartenwerk/ai"
	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	"kartenwerk/sim"
)

func runSim(cmd *cobra.Command, gameID string, o simOptions) error {
	g, err := lookupGame(gameID)
	if err != nil {
		return err
	}
	sp, err := speechFor(g)
	if err != nil {
		return err
	}
	setup, err := makeSetup(g, o.seats, o.seed, o.variants, o.decks)
	if err != nil {
		return err
	}
	cfg := sim.Config{Game: g, Games: o.games, Seed: o.seed, Seats: setup.Seats,
		Agents: ai.SplitSpecs(o.agents), Variant: setup.Variant, Decks: setup.Decks,
		Mirror: o.mirror, Workers: o.workers, TurnCap: o.turnCap, First: o.first}
	if cfg.Shard, cfg.Shards, err = parseShard(o.shard); err != nil {
		return err
	}
	if o.untilCI != 0 && (o.shard != "" || o.compare != "" || len(o.matrix) > 0) {
		return fmt.Errorf("--until-ci decides the batch's size as it plays: it cannot be combined with --shard, --compare-variant or --matrix")
	}
	if o.untilCI != 0 && !cmd.Flags().Changed("games") {
		cfg.Games = 1_000_000
	}
	if o.shard != "" && (o.compare != "" || len(o.matrix) > 0) {
		return fmt.Errorf("--shard splits one batch for 'sim merge'; --compare-variant and --matrix run several batches whose parts cannot be merged: run them without --shard")
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
	defer stop()
	out := cmd.OutOrStdout()
	doc := sim.Document{Lang: sp.l, GameWords: sp.game}
	switch {
	case o.compare != "" && len(o.matrix) > 0:
		return fmt.Errorf("--compare-variant and --matrix cannot be combined: run them one at a time")
	case o.compare != "":
		key, options, err := parseCompare(g, o.compare, setup.Variant)
		if err != nil {
			return err
		}
		c, err := sim.Compare(ctx, cfg, key, options)
		if err != nil {
			return err
		}
		doc.Title, doc.Comparison = sim.Words().T(sp.l, "report.compare.title", "game", g.Info().Name, "key", sim.VariantNameIn(sp.l, sp.game, key)), c
		if err := emit(out, o.asJSON, c, func(w io.Writer) { c.WriteTextIn(w, sp.l, sp.game) }); err != nil {
			return err
		}
	case len(o.matrix) > 0:
		decks, err := loadDecks(g, o.matrix)
		if err != nil {
			return err
		}
		entrants, err := sim.DeckAgentEntrants(decks, cfg.Agents)
		if err != nil {
			return err
		}
		cfg.Progress = progressTo(g.Info().ID, sim.MatrixGames(cfg.Games, len(entrants)))
		m, err := sim.RunMatrix(ctx, cfg, entrants)
		if err != nil {
			return err
		}
		doc.Title, doc.Matrix = sim.Words().T(sp.l, "report.matrix.title", "game", g.Info().Name), m
		if err := emit(out, o.asJSON, m, func(w io.Writer) { m.WriteTextIn(w, sp.l) }); err != nil {
			return err
		}
	default:
		var rep *sim.Report
		if o.untilCI != 0 {
			rep, err = sim.UntilPrecise(ctx, cfg, o.untilCI/100, sp.roundProgress(cmd.ErrOrStderr()))
		} else {
			cfg.Progress = progress(g.Info().ID, cfg)
			rep, err = sim.Run(ctx, cfg)
		}
		if err != nil {
			return err
		}
		doc.Title, doc.Report = sim.Words().T(sp.l, "report.games_title", "game", g.Info().Name, "n", rep.Games), rep
		text := func(w io.Writer) { rep.WriteTextIn(w, sp.l, sp.game) }
		if err := emit(out, o.asJSON, rep, text); err != nil {
			return err
		}
		if rep.Errors > 0 {
			defer func() {
				fmt.Fprintln(cmd.ErrOrStderr(), "kartenwerk: "+sim.Words().T(sp.l, "report.text.games_failed", "n", rep.Errors))
			}()
		}
	}
	return writeOutputs(doc, o.report, o.png)
}

func emit(out io.Writer, asJSON bool, v any, text func(io.Writer)) error {
	if asJSON {
		return writeJSON(out, v)
	}
	text(out)
	return nil
}

// progress shows a bar on a terminal, and nothing elsewhere.
func progress(desc string, cfg sim.Config) func(int) {
	return progressTo(desc, (cfg.Games+max(cfg.Shards, 1)-1)/max(cfg.Shards, 1))
}

// progressTo shows a bar of total games on a terminal, and nothing
// elsewhere.
func progressTo(desc string, total int) func(int) {
	if !term.IsTerminal(int(os.Stderr.Fd())) {
		return nil
	}
	bar := progressbar.NewOptions(total, progressbar.OptionSetWriter(os.Stderr),
		progressbar.OptionSetDescription(desc), progressbar.OptionShowCount(),
		progressbar.OptionShowIts(), progressbar.OptionClearOnFinish(), progressbar.OptionThrottle(100_000_000))
	return func(done int) { _ = bar.Set(done) }
}

func parseShard(text string) (int, int, error) {
	if text == "" {
		return 0, 1, nil
	}
	ks, ns, ok := strings.Cut(text, "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		return 0, 0, fmt.Errorf("--shard %q: write k/n with 1 <= k <= n, e.g. 2/8", text)
	}
	return k - 1, n, nil
}

// parseCompare reads key=a,b and checks every option against the game's
// variants, so that a bad one is refused before any game is played. An
// option given twice compares a reading with itself, and a --variant of
// the same key (fixed, the variants given with --variant) would be
// overridden by each option in turn: both are refused.
func parseCompare(g engine.Game, text string, fixed map[string]string) (string, []string, error) {
	key, list, ok := strings.Cut(text, "=")
	options := strings.Split(list, ",")
	if !ok || key == "" || len(options) < 2 {
		return "", nil, fmt.Errorf("--compare-variant %q: write key=a,b, %s", text, variantExample(g))
	}
	for i, opt := range options {
		if _, err := engine.ResolveVariants(g.Info().Variants, map[string]string{key: opt}); err != nil {
			return "", nil, fmt.Errorf("--compare-variant: %w", err)
		}
		if slices.Contains(options[:i], opt) {
			return "", nil, fmt.Errorf("--compare-variant %s: %s is given twice, which would compare a reading with itself; give each reading once, %s",
				text, opt, variantExample(g))
		}
	}
	if v, ok := fixed[key]; ok {
		return "", nil, fmt.Errorf("--variant %s=%s and --compare-variant %s set the same rule, and each reading compared would override --variant; leave %s out of --variant",
			key, v, text, key)
	}
	return key, options, nil
}

// variantExample is an example of --compare-variant made of the game's
// own readings.
func variantExample(g engine.Game) string {
	for _, v := range g.Info().Variants {
		if len(v.Options) >= 2 {
			return fmt.Sprintf("e.g. %s=%s", v.Key, strings.Join(v.Options, ","))
		}
	}
	return g.Info().Name + " has no rule variant with two readings"
}

func writeOutputs(doc sim.Document, htmlPath, pngDir string) error {
	if htmlPath != "" {
		f, err := os.Create(htmlPath)
		if err != nil {
			return err
		}
		if err := sim.WriteHTML(f, doc); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	if pngDir == "" {
		return nil
	}
	if err := os.MkdirAll(pngDir, 0o755); err != nil {
		return err
	}
	for i, rep := range doc.Reports() {
		charts, err := rep.ChartsIn(doc.Lang, doc.GameWords)
		if err != nil {
			return err
		}
		for _, c := range charts {
			data, err := c.Render("png")
			if err != nil {
				return err
			}
			name := c.Name + ".png"
			if len(doc.Reports()) > 1 {
				name = fmt.Sprintf("%d-%s.png", i+1, c.Name)
			}
			if err := os.WriteFile(filepath.Join(pngDir, name), data, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

func mergeCmd() *cobra.Command {
	var asJSON bool
	var report string
	cmd := &cobra.Command{
		Use:   "merge <shard.json>...",
		Short: "Combine the JSON outputs of 'sim --shard k/n --json' into the whole batch's report",
		Args:  argsBetween(1, -1),
		RunE: func(cmd *cobra.Command, args []string) error {
			parts := make([]*sim.Tally, len(args))
			for i, path := range args {
				t, err := readTally(path)
				if err != nil {
					return err
				}
				parts[i] = t
			}
			total, err := sim.MergeShards(parts, args)
			if err != nil {
				return err
			}
			rep := total.Report()
			if err := emit(cmd.OutOrStdout(), asJSON, rep, rep.WriteText); err != nil {
				return err
			}
			doc, err := mergedDocument(rep)
			if err != nil {
				return err
			}
			return writeOutputs(doc, report, "")
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the merged report as JSON")
	cmd.Flags().StringVar(&report, "report", "", "also write an HTML report (in the --lang language)")
	return cmd
}

// mergedDocument is the HTML report of a merged batch, in the --lang
// language with its game's words when the game is one this program plays.
func mergedDocument(rep *sim.Report) (sim.Document, error) {
	name, sp := rep.Game, speech{}
	if g, err := lookupGame(rep.Game); err == nil {
		name = g.Info().Name
		if sp, err = speechFor(g); err != nil {
			return sim.Document{}, err
		}
	} else if sp.l, err = flagLang(); err != nil {
		return sim.Document{}, err
	}
	title := sim.Words().T(sp.l, "report.games_title", "game", name, "n", rep.Games)
	return sim.Document{Title: title, Report: rep, Lang: sp.l, GameWords: sp.game}, nil
}

func readTally(path string) (*sim.Tally, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var rep sim.Report
	if err := json.Unmarshal(data, &rep); err != nil {
		return nil, fmt.Errorf("%s: not a 'sim --json' output: %w", path, err)
	}
	if rep.Game == "" || rep.Shards == 0 {
		return nil, fmt.Errorf("%s: not a 'sim --json' output (no game or shard count)", path)
	}
	return &rep.Tally, nil
}

// roundProgress reports each round of a batch played until precise, in
// the reader's language.
func (sp speech) roundProgress(w io.Writer) func(int, sim.Interval) {
	round := 0
	return func(games int, first sim.Interval) {
		round++
		bounds := "[" + i18n.PercentRange(sp.l, first.Low, first.High, 1) + "]" // as the report writes an interval
		fmt.Fprintln(w, sp.T("sim.round", "round", round, "n", games, "rate", i18n.Percent(sp.l, first.Rate, 1), "bounds", bounds))
	}
}
