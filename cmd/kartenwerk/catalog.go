package main

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/goccy/go-yaml"
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
				sp.writeErrata(cmd.OutOrStdout(), v, g.Info().ID, g.(engine.Versioned).CardsDate())
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
// words are the designer's. Each changed field is named in the reader's
// language and its new value said as the card reads from that day: a
// number as it is, a cost, kind, group or keywords as the card list
// prints them, and a change of rules text (abilities, an effect) as the
// text generated from the card's data.
func (sp speech) writeErrata(out io.Writer, v engine.Versioned, game string, day string) {
	errata := v.Errata()
	if len(errata) == 0 {
		return
	}
	fmt.Fprintln(out, "\n"+sp.T("cards.errata", "day", day))
	for _, e := range errata {
		state := sp.T("cards.in_force")
		if e.From > day {
			state = sp.T("cards.not_yet")
		}
		fmt.Fprintln(out, sp.T("cards.erratum", "card", e.Card, "from", e.From, "state", state, "changes", sp.erratumChanges(v, game, e)))
		if e.Note != "" {
			fmt.Fprintln(out, "    "+e.Note)
		}
		if e.Clarification != "" {
			fmt.Fprintln(out, "    "+sp.T("cards.clarification", "text", e.Clarification))
		}
	}
}

// erratumChanges says an erratum's changes: "Kosten 4; OFV 2", and the
// fields that change the rules text once, with the text.
func (sp speech) erratumChanges(v engine.Versioned, game string, e engine.Erratum) string {
	card, found := sp.cardOn(v, e)
	var changes, textFields []string
	for _, k := range slices.Sorted(maps.Keys(e.Changes)) {
		label := sim.FieldIn(sp.l, game, k)
		value, isText := sp.changeValue(k, e.Changes[k], card, found)
		if isText {
			textFields = append(textFields, label)
			continue
		}
		changes = append(changes, label+" "+value)
	}
	if len(textFields) > 0 {
		text := strings.Join(strings.Fields(card.Text), " ")
		changes = append(changes, sp.T("cards.text_change", "fields", strings.Join(textFields, ", "), "text", text))
	}
	return strings.Join(changes, "; ") // a value may be a list: "keywords Quick, Flying"
}

// cardOn is the erratum's card as the card list shows it on the
// erratum's day, with the changes in force (and its new name, if the
// erratum renames it).
func (sp speech) cardOn(v engine.Versioned, e engine.Erratum) (engine.CardInfo, bool) {
	at, err := v.At(e.From)
	if err != nil {
		return engine.CardInfo{}, false
	}
	name := e.Card
	if n, ok := e.Changes["name"]; ok {
		name = fmt.Sprint(n)
	}
	for _, c := range sp.cards(at) {
		if strings.EqualFold(c.Name, name) {
			return c, true
		}
	}
	return engine.CardInfo{}, false
}

// changeValue says the new value of one field as the card reads on the
// erratum's day; isText when it is a change of the card's rules text,
// which the caller says once with the text.
func (sp speech) changeValue(field string, value any, card engine.CardInfo, found bool) (said string, isText bool) {
	if n, ok := engine.WholeNumber(value); ok {
		return strconv.Itoa(n), false
	}
	if !found {
		return plainValue(value), false
	}
	switch field {
	case "name":
		return card.Name, false
	case "cost":
		if card.Cost != "" {
			return card.Cost, false
		}
	case "keywords":
		return strings.Join(card.Keywords, ", "), false
	case "type", "kind":
		return card.Kind, false
	case "faction", "element", "group", "colour", "color":
		if card.Group != "" {
			return card.Group, false
		}
	}
	_, isBool := value.(bool)
	if (isBool || slices.Contains(rulesTextFields, field)) && card.Text != "" {
		return "", true
	}
	return plainValue(value), false
}

// rulesTextFields are the fields a card file writes rules text in, or whose
// value the rules text says (Zynalith's copy: left); a change of a yes/no
// field (a token, a supply card) is said by the text too.
var rulesTextFields = []string{"abilities", "effect", "copy"}

// plainValue writes a value a card file gives, without Go's formatting:
// a list as "a, b", a mapping as "k v".
func plainValue(v any) string {
	switch x := v.(type) {
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = plainValue(e)
		}
		return strings.Join(parts, ", ")
	case yaml.MapSlice:
		parts := make([]string, 0, len(x))
		for _, it := range x {
			parts = append(parts, fmt.Sprint(it.Key)+" "+plainValue(it.Value))
		}
		return strings.Join(parts, ", ")
	case map[string]any:
		parts := make([]string, 0, len(x))
		for _, k := range slices.Sorted(maps.Keys(x)) {
			parts = append(parts, k+" "+plainValue(x[k]))
		}
		return strings.Join(parts, ", ")
	}
	return fmt.Sprint(v)
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
				fmt.Fprintln(out, sp.T("validate.legal", "file", args[1], "game", g.Info().Name, "counts", sp.deckCounts(deck)))
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

// deckCounts says how many cards the list's main deck holds and, apart,
// how many each other section holds ("extra:", "play:"), in the order the
// sections first appear: a construction rule counts the main deck alone
// (AT-8.1: 60 cards, besides the Extra deck; ML-3.2: an 8-card starter,
// besides the cards in play).
func (sp speech) deckCounts(deck engine.DeckList) string {
	parts := []string{sp.T("validate.main", "n", deck.Size(""))}
	var sections []string
	for _, e := range deck.Entries {
		if e.Section != "" && !slices.Contains(sections, e.Section) {
			sections = append(sections, e.Section)
		}
	}
	for _, s := range sections {
		parts = append(parts, sp.T("validate.section", "n", deck.Size(s), "section", s))
	}
	return strings.Join(parts, ", ")
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
