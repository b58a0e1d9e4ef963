package i18n_test

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
)

// declinedName is a name placeholder (a seat's or a player's name) after
// a word that puts the noun after it in a case other than the nominative:
// a preposition ("na", "proti", "od") or a noun whose genitive or dative
// it would be ("Čas hráče", "Balíček hráče"). A name ("Anna", "Hráč 1",
// a username) cannot be declined by a template, so it must stand where
// the nominative is right: "Hráč 1: čas vypršel", "Čeká se na: Anna".
var declinedName = regexp.MustCompile(`(?i)(^|[^\p{L}])(na|od|pro|proti|s|se|k|ke|u|z|ze|do|bez|vůči|mezi|hráče|hráči|hráčem|soupeře|soupeři|účastníka)\s+(\{\{\s*\.(player|seat|seats|name|names|opponent|other|loser|winner|actor|entrant)\s*\}\}|\{(name|player|seat|opponent)\})`)

// numberedSeats are the phrases where the placeholder is a number, not a
// name: the lab numbers its seats ("Seznam balíčku hráče 2", "pro každé
// z 3 míst").
var numberedSeats = []string{"balíčku hráče {{.seat}}", "z {{.seats}} míst"}

// TestCzechTextsKeepNamesInTheNominative reads every Czech catalogue and
// flags a name placeholder that the words before it would decline: "útočí
// na Hráč 1" and "Čas hráče Hráč 1" read as broken Czech.
func TestCzechTextsKeepNamesInTheNominative(t *testing.T) {
	for _, path := range czechCatalogues(t) {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(raw), "\n") {
			for _, ok := range numberedSeats {
				line = strings.ReplaceAll(line, ok, "")
			}
			if m := declinedName.FindStringSubmatch(line); m != nil && !strings.HasPrefix(strings.TrimSpace(line), "#") {
				t.Errorf("%s: %q declines a name: put the name where it stands in the nominative (\"%s: …\", \"… na: %s\")",
					fmt.Sprintf("%s:%d", path, i+1), m[2]+" "+m[3], m[3], m[3])
			}
		}
	}
}
