package all_test

import (
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// TestCardsListKindsAndGroupsByID: every game's Cards() gives a card's
// kind and group by the id its catalogue's kind.<id> and group.<id> keys
// name, as tools filter and sort them, and CardsIn says them in the
// reader's words (a Micro-Life kind adds its subtype after the type).
func TestCardsListKindsAndGroupsByID(t *testing.T) {
	for _, g := range engine.Games() {
		sp, ok := g.(engine.Speaker)
		if !ok {
			continue
		}
		words := sp.Catalog()
		ids := g.Cards()
		for _, l := range i18n.Langs {
			spoken := sp.CardsIn(l)
			if len(spoken) != len(ids) {
				t.Fatalf("%s: %d cards in %s, %d by id", g.Info().ID, len(spoken), l, len(ids))
			}
			for i, c := range ids {
				checkSaid(t, g.Info().ID, c.Name, words, l, "kind", c.Kind, spoken[i].Kind)
				if c.Group != "" {
					checkSaid(t, g.Info().ID, c.Name, words, l, "group", c.Group, spoken[i].Group)
				}
			}
		}
	}
}

// checkSaid checks that id is a catalogue key under prefix and that said
// begins with its words in l.
func checkSaid(t *testing.T, game, card string, words *i18n.Catalog, l i18n.Lang, prefix, id, said string) {
	t.Helper()
	key := prefix + "." + id
	if !words.Has(key) {
		t.Errorf("%s %s: %s %q is not an id (the catalogue has no %s)", game, card, prefix, id, key)
		return
	}
	if want := words.T(l, key); !strings.HasPrefix(said, want) {
		t.Errorf("%s %s in %s: %s %q, want it to say %q", game, card, l, prefix, said, want)
	}
}

// TestCardTextsNameVariantsInWords: a card's rules text that mentions a
// rule variant names it as the lobby does, never by its key and option
// ids ("charm-targets=as-printed"), in every language.
func TestCardTextsNameVariantsInWords(t *testing.T) {
	for _, g := range engine.Games() {
		sp, ok := g.(engine.Speaker)
		if !ok {
			continue
		}
		for _, l := range i18n.Langs {
			for _, c := range sp.CardsIn(l) {
				for _, v := range g.Info().Variants {
					if strings.Contains(c.Text, v.Key+"=") {
						t.Errorf("%s %s, %s: %q names the variant by its key", g.Info().ID, l, c.Name, c.Text)
					}
				}
			}
		}
	}
}
