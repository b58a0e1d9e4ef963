// Command kartenwerk plays, checks and simulates the card games of
// Kartenwerk. Run `kartenwerk --help` for its commands.
package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

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
		fmt.Fprintln(os.Stderr, "kartenwerk:", err)
		os.Exit(1)
	}
}

func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:           "kartenwerk",
		Short:         "Play, check and simulate card games",
		Long:          "Kartenwerk plays five card games with every rule enforced, checks decks and card data,\nand runs thousands of games between agents for balance statistics.",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(gamesCmd(), cardsCmd(), schemaCmd(), validateCmd(), playCmd(), simCmd(), strengthCmd(), scenarioCmd())
	return root
}
