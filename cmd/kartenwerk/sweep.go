package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/spf13/cobra"

	"kartenwerk/ai"
	"kartenwerk/engine"
	"kartenwerk/sim"
	"kartenwerk/sim/tune"
)

type sweepOptions struct {
	sim             simOptions
	card            string
	field, field2   string
	values, values2 string
	figure          string
}

func sweepCmd() *cobra.Command {
	var o sweepOptions
	cmd := &cobra.Command{
		Use:   "sweep <game>",
		Short: "Play a batch for each value of a card's field and chart a figure against the values",
		Long: "Play a batch for each value of one of a card's fields (and, with --field2, of a second\n" +
			"one), every batch with the same seed and so the same deals, and report a figure with\n" +
			"its 95% interval at each setting: the first player's win rate, a deck's win rate or\n" +
			"the game length.",
		Example: "  kartenwerk sweep athernum --card \"Ember Warlord\" --field cost --values 2..6 --agents greedy -n 2000\n" +
			"  kartenwerk sweep athernum --card \"Ember Warlord\" --field cost --values 2..5 --field2 vp --values2 4..7 --report sweep.html",
		Args: argsBetween(1, 1),
		RunE: func(cmd *cobra.Command, args []string) error { return runSweep(cmd, args[0], o) },
	}
	f := cmd.Flags()
	f.StringVar(&o.card, "card", "", "the card whose field changes (its name as `cards` lists it)")
	f.StringVar(&o.field, "field", "", "the field of the card's data to set, e.g. cost")
	f.StringVar(&o.values, "values", "", "the values: a range 2..6 or a list 2,4,6")
	f.StringVar(&o.field2, "field2", "", "a second field, for a grid of settings")
	f.StringVar(&o.values2, "values2", "", "the second field's values")
	f.StringVar(&o.figure, "figure", "first", "what to measure: first (the first player's win rate), length, deck:NAME, or start:CARD (the win rate of the seats that picked CARD as start card: Athernum)")
	f.IntVarP(&o.sim.games, "games", "n", 1000, "games per setting")
	f.Uint64Var(&o.sim.seed, "seed", 1, "the seed of every setting's batch")
	f.IntVar(&o.sim.seats, "seats", 0, "number of players (default: the game's minimum)")
	f.StringVar(&o.sim.agents, "agents", "random", "one agent for all seats or one per seat, comma-separated")
	f.IntVarP(&o.sim.workers, "jobs", "j", 0, "games played in parallel (default: one per CPU)")
	f.StringArrayVar(&o.sim.variants, "variant", nil, "a rule variant key=value (repeatable)")
	f.StringSliceVar(&o.sim.decks, "decks", nil, "a deck per seat: preset names or deck files, comma-separated")
	f.BoolVar(&o.sim.mirror, "mirror", false, "play every deal once per seat rotation")
	f.BoolVar(&o.sim.asJSON, "json", false, "print the sweep as JSON")
	f.StringVar(&o.sim.report, "report", "", "also write an HTML report with the chart to this file")
	return cmd
}

func runSweep(cmd *cobra.Command, gameID string, o sweepOptions) error {
	g, err := lookupGame(gameID)
	if err != nil {
		return err
	}
	sp, err := speechFor(g)
	if err != nil {
		return err
	}
	fig, err := sim.ParseFigure(o.figure)
	if err != nil {
		return err
	}
	settings, fields, err := sweepSettings(g, o)
	if err != nil {
		return err
	}
	setup, err := makeSetup(g, o.sim.seats, o.sim.seed, o.sim.variants, o.sim.decks)
	if err != nil {
		return err
	}
	if fig, err = seatsPlay(fig, setup.Decks); err != nil {
		return err
	}
	if fig, err = sim.StartsIn(g, setup, fig); err != nil {
		return err
	}
	cfg := sim.Config{Games: o.sim.games, Seed: o.sim.seed, Seats: setup.Seats, Agents: ai.SplitSpecs(o.sim.agents),
		Variant: setup.Variant, Decks: setup.Decks, Mirror: o.sim.mirror, Workers: o.sim.workers}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
	defer stop()
	sw, err := sim.RunSweep(ctx, cfg, o.card, fields, settings, fig, func(done int) {
		fmt.Fprintln(cmd.ErrOrStderr(), sim.Words().T(sp.l, "report.sweep.progress", "done", done, "n", len(settings)))
	})
	if err != nil {
		return err
	}
	text := func(w io.Writer) { sw.WriteTextIn(w, sp.l) }
	if err := emit(cmd.OutOrStdout(), o.sim.asJSON, sw, text); err != nil {
		return err
	}
	if o.sim.report == "" {
		return nil
	}
	title := sim.Words().T(sp.l, "report.sweep.title", "game", g.Info().Name, "card", o.card, "fields", sim.FieldsIn(sp.l, g.Info().ID, fields))
	return writeOutputs(sim.Document{Title: title, Sweep: sw, Lang: sp.l, GameWords: sp.game}, o.sim.report, "")
}

// sweepSettings makes one game per combination of the values, each with
// the card's fields set through WithCards.
func sweepSettings(g engine.Game, o sweepOptions) ([]sim.Setting, []string, error) {
	if o.card == "" || o.field == "" || o.values == "" {
		return nil, nil, fmt.Errorf("give --card, --field and --values, e.g. --card \"Ember Warlord\" --field cost --values 2..6")
	}
	if (o.field2 == "") != (o.values2 == "") {
		return nil, nil, fmt.Errorf("--field2 and --values2 go together: give both, or neither")
	}
	params := []tune.Param{{Card: o.card, Field: o.field}}
	var err error
	if params[0].Values, err = tune.ParseValues(o.values); err != nil {
		return nil, nil, fmt.Errorf("--values: %w", err)
	}
	if o.field2 != "" {
		second := tune.Param{Card: o.card, Field: o.field2}
		if second.Values, err = tune.ParseValues(o.values2); err != nil {
			return nil, nil, fmt.Errorf("--values2: %w", err)
		}
		params = append(params, second)
	}
	out, err := tune.Grid(g, params)
	if err != nil {
		return nil, nil, err
	}
	fields := make([]string, len(params))
	for i, p := range params {
		fields[i] = p.Field
	}
	return out, fields, nil
}

// seatsPlay checks, before any game, that a deck's figure names a deck a
// seat plays, and names the figure as the deck is named.
func seatsPlay(fig sim.Figure, decks []engine.DeckList) (sim.Figure, error) {
	if fig.Deck == "" {
		return fig, nil
	}
	var names []string
	for _, d := range decks {
		if strings.EqualFold(d.Name, fig.Deck) {
			return sim.ParseFigure("deck:" + d.Name)
		}
		names = append(names, d.Name)
	}
	return fig, fmt.Errorf("--figure deck:%s: %w", fig.Deck, sim.NoSuchDeck(fig.Deck, names))
}
