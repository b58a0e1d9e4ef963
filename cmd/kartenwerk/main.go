// Command kartenwerk plays, checks and simulates the card games of
// Kartenwerk. Run `kartenwerk --help` for its commands.
package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"

	_ "kartenwerk/games/all"
)

// exitError carries an exit code without printing anything more: the
// command has already said what was wrong.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit %d", e.code) }

func main() {
	root := newRoot()
	if err := root.Execute(); err != nil {
		var ee exitError
		if errors.As(err, &ee) {
			os.Exit(ee.code)
		}
		fmt.Fprintln(os.Stderr, "kartenwerk:", said(err))
		os.Exit(1)
	}
}

// said is err as the reader reads it: a game's refusal with words of its
// own (a setup it cannot begin) in the --lang language, anything else as
// written, whose context a translation of its inner part would lose; with
// the flag of a variant that would allow what was refused.
func said(err error) string {
	text := err.Error()
	if e, ok := err.(*i18n.Error); ok {
		if l, lerr := flagLang(); lerr == nil {
			text = e.In(l)
		}
	}
	if v := engine.VariantOf(err); v != "" {
		text += " (--variant " + v + ")"
	}
	return text
}

// cardsDir is the --cards flag: extra card files for the chosen game.
var cardsDir string

// lookupGame finds a game and applies --cards to it.
func lookupGame(id string) (engine.Game, error) {
	g, err := engine.Lookup(id)
	if err != nil || cardsDir == "" {
		return g, err
	}
	co, ok := g.(engine.CardOverrider)
	if !ok {
		return nil, fmt.Errorf("--cards: %s cannot load extra card files", g.Info().ID)
	}
	if _, err := os.Stat(cardsDir); err != nil {
		return nil, fmt.Errorf("--cards: %w", err)
	}
	return co.WithCards(os.DirFS(cardsDir))
}

func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:           "kartenwerk",
		Short:         "Play, check and simulate card games",
		Long:          "Kartenwerk plays five card games with every rule enforced, checks decks and card data,\nand runs thousands of games between agents for balance statistics.",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(flagError)
	root.PersistentFlags().StringVar(&cardsDir, "cards", "", "a directory of card YAML files that add to or replace the game's cards")
	root.PersistentFlags().StringVar(&langFlag, "lang", "", "the language of card texts, the table and messages: de, en or cs (default en)")
	root.AddCommand(gamesCmd(), cardsCmd(), schemaCmd(), validateCmd(), playCmd(), simCmd(), strengthCmd(), scenarioCmd(), serveCmd(), loadtestCmd())
	root.AddCommand(codesCmd(), accountsCmd(), sweepCmd(), tuneCmd(), learnCmd(), replayCmd())
	return root
}
