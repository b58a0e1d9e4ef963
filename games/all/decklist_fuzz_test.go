package all_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// FuzzDeckList: any text checked as a deck list of any game gives
// problems, not a panic, and each says what is wrong in every language,
// at a line the text has: go test ./games/all -run x -fuzz FuzzDeckList
// -fuzzminimizetime 1s (an input takes milliseconds: five games, three
// languages, so the default minimizing of every new input stalls it).
func FuzzDeckList(f *testing.F) {
	for _, g := range engine.Games() {
		for _, p := range g.Presets() {
			var b strings.Builder
			section := ""
			for _, e := range p.Entries {
				if e.Section != section {
					section = e.Section
					b.WriteString(section + ":\n")
				}
				fmt.Fprintf(&b, "%d %s\n", e.Count, e.Card)
			}
			f.Add(b.String())
		}
	}
	f.Add("name: Fire\n3 Fire Drake\n2x Ember Imp\nAsh Sprite x2\nPhoenix   # one\nextra:\n1 Nope\n")
	f.Add("0 Embrix\n-3 Flaru\n99999999999999999999 Cindrik\n\x00\xff\n")
	f.Fuzz(func(t *testing.T, text string) {
		lines := strings.Count(text, "\n") + 1
		for _, g := range engine.Games() {
			d, readErr := engine.ParseDeckList("fuzz.txt", "fuzz", strings.NewReader(text))
			ps, err := engine.CheckDeck(g, d, readErr)
			if err != nil {
				var problems engine.Problems
				if !errors.As(err, &problems) {
					t.Fatalf("%s: %q: an error that is not a list of problems: %v", g.Info().ID, text, err)
				}
				ps = problems
			}
			var c *i18n.Catalog
			if sp, ok := g.(engine.Speaker); ok {
				c = sp.Catalog()
			}
			for _, p := range ps {
				if p.Line < 0 || p.Line > lines {
					t.Errorf("%s: %q: a problem at line %d of %d: %v", g.Info().ID, text, p.Line, lines, p)
				}
				for _, l := range i18n.Langs {
					if said := p.In(l, c); strings.TrimSpace(said.Msg) == "" || strings.Contains(said.Msg, "⟦") {
						t.Errorf("%s: %q: a problem without words in %s: %+v", g.Info().ID, text, l, said)
					}
				}
			}
		}
	})
}
