package main

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"kartenwerk/engine"
	"kartenwerk/sim"
)

func gamesCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "games",
		Short: "List the games",
		Args:  argsBetween(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			l, err := flagLang()
			if err != nil {
				return err
			}
			sp := speech{l: l}
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", sp.T("games.game_id"), sp.T("games.name"), sp.T("games.players"), sp.T("games.about"))
			for _, g := range engine.Games() {
				info := g.Info()
				seats := fmt.Sprint(info.MinSeats)
				if info.MaxSeats > info.MinSeats {
					seats += fmt.Sprintf("-%d", info.MaxSeats)
				}
				fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", info.ID, info.Name, seats, engine.SummaryIn(g, l))
			}
			return w.Flush()
		},
	}
}

func cardsCmd() *cobra.Command {
	var asJSON bool
	var at string
	cmd := &cobra.Command{
		Use:   "cards <game>",
		Short: "List a game's cards with their rules text",
		Args:  argsBetween(1, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := lookupGame(args[0])
			if err != nil {
				return err
			}
			sp, err := speechFor(g)
			if err != nil {
				return err
			}
			v, versioned := g.(engine.Versioned)
			if at != "" && versioned {
				if g, err = v.At(at); err != nil {
					return err
				}
			}
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), sp.cards(g))
			}
			sp.writeCards(cmd.OutOrStdout(), sp.cards(g))
			if versioned {
				sp.writeErrata(cmd.OutOrStdout(), g.Info().ID, v.Errata(), g.(engine.Versioned).CardsDate())
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the cards as JSON")
	cmd.Flags().StringVar(&at, "at", "", "show the card texts in force on this day (YYYY-MM-DD), after the errata up to it")
	return cmd
}

// writeErrata lists every dated change of the cards, saying which are in
// force on the day shown, in the reader's language; the errata's own
// words are the designer's.
func (sp speech) writeErrata(out io.Writer, game string, errata []engine.Erratum, day string) {
	if len(errata) == 0 {
		return
	}
	fmt.Fprintln(out, "\n"+sp.T("cards.errata", "day", day))
	for _, e := range errata {
		state := sp.T("cards.in_force")
		if e.From > day {
			state = sp.T("cards.not_yet")
		}
		changes := make([]string, 0, len(e.Changes))
		for _, k := range slices.Sorted(maps.Keys(e.Changes)) {
			changes = append(changes, fmt.Sprintf("%s %v", sim.FieldIn(sp.l, game, k), e.Changes[k]))
		}
		fmt.Fprintln(out, sp.T("cards.erratum", "card", e.Card, "from", e.From, "state", state, "changes", strings.Join(changes, ", ")))
		if e.Note != "" {
			fmt.Fprintln(out, "    "+e.Note)
		}
		if e.Clarification != "" {
			fmt.Fprintln(out, "    "+sp.T("cards.clarification", "text", e.Clarification))
		}
	}
}

// writeCards lists the cards under one heading per group, the groups in
// the order they first appear: a game may list a group's cards apart (a
// MystiMons element's energy cards come after every element's MystiMons).
func (sp speech) writeCards(out io.Writer, cards []engine.CardInfo) {
	rank := map[string]int{}
	for _, c := range cards {
		if _, seen := rank[c.Group]; !seen {
			rank[c.Group] = len(rank)
		}
	}
	cards = slices.Clone(cards)
	slices.SortStableFunc(cards, func(a, b engine.CardInfo) int { return rank[a.Group] - rank[b.Group] })
	group := "\x00"
	for _, c := range cards {
		if c.Group != group {
			group = c.Group
			if group != "" {
				fmt.Fprintf(out, "\n== %s ==\n", group)
			}
		}
		line := c.Name + " — " + c.Kind
		if c.Cost != "" {
			line += ", " + sp.T("cards.cost", "cost", c.Cost)
		}
		for _, s := range c.Stats {
			line += fmt.Sprintf(", %s %d", sp.word("stat", s.Name), s.Value)
		}
		if len(c.Keywords) > 0 {
			line += " [" + strings.Join(c.Keywords, ", ") + "]"
		}
		fmt.Fprintln(out, line)
		if c.Text != "" {
			fmt.Fprintln(out, "    "+strings.ReplaceAll(c.Text, "\n", "\n    "))
		}
	}
}

func schemaCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "schema <game>",
		Short: "Print the JSON Schema of a game's card files, for editors",
		Args:  argsBetween(1, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := lookupGame(args[0])
			if err != nil {
				return err
			}
			sp, ok := g.(engine.SchemaProvider)
			if !ok {
				return fmt.Errorf("%s publishes no card schema", g.Info().ID)
			}
			_, err = cmd.OutOrStdout().Write(sp.CardSchema())
			return err
		},
	}
}

func validateCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "validate <game> <deckfile>",
		Short: "Check a deck list against the game's construction rules",
		Long: "Check a deck list against the game's construction rules. Exits 0 when the deck is\n" +
			"legal; otherwise lists every problem with its line and exits 1.\n\n" +
			"A deck list has one card a line with an optional count (\"3 Fire Drake\"),\n" +
			"'#' comments, \"name: ...\" and sections such as \"extra:\".",
		Args: argsBetween(2, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := lookupGame(args[0])
			if err != nil {
				return err
			}
			sp, err := speechFor(g)
			if err != nil {
				return err
			}
			deck, err := engine.ReadDeckFile(args[1])
			problems, err := engine.CheckDeck(g, deck, err)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if len(problems) == 0 {
				fmt.Fprintln(out, sp.T("validate.legal", "file", args[1], "game", g.Info().Name, "n", deck.Total()))
				return nil
			}
			for _, p := range problems {
				fmt.Fprintln(out, p.In(sp.l, sp.game).Text(sp.l))
			}
			fmt.Fprintln(out, sp.T("validate.problems", "n", len(problems)))
			return exitError{1}
		},
	}
}

// loadDecks reads each deck name as a file if one exists, else as one of
// the game's presets.
func loadDecks(g engine.Game, names []string) ([]engine.DeckList, error) {
	var out []engine.DeckList
	for _, name := range names {
		if _, err := os.Stat(name); err == nil {
			d, err := engine.ReadDeckFile(name)
			if err != nil {
				return nil, err
			}
			out = append(out, d)
			continue
		}
		d, ok := findPreset(g, name)
		if !ok {
			return nil, fmt.Errorf("deck %q is neither a file nor a preset of %s; the presets are %s", name, g.Info().ID, presetNames(g))
		}
		out = append(out, d)
	}
	return out, nil
}

func findPreset(g engine.Game, name string) (engine.DeckList, bool) {
	for _, d := range g.Presets() {
		if strings.EqualFold(d.Name, name) {
			return d, true
		}
	}
	return engine.DeckList{}, false
}

func presetNames(g engine.Game) string {
	var names []string
	for _, d := range g.Presets() {
		names = append(names, d.Name)
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
