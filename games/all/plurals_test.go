package all_test

import (
	"fmt"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	_ "kartenwerk/games/all"
)

// countedWords is a deck problem that counts something, with the word
// for one, for two to four and for five or more in Czech (cs: one, few,
// other), and for one and more in German and English.
type countedWords struct {
	game, key, arg string
	cs             [3]string
	de, en         [2]string
}

// deckCounts lists every count in the deck problems of the shared words
// ("" as game) and of each game's catalogue.
var deckCounts = []countedWords{
	{"", "deck.owned_none.msg", "listed", [3]string{"kus", "kusy", "kusů"}, [2]string{"Exemplar", "Exemplare"}, [2]string{"copy", "copies"}},
	{"", "deck.owned_some.msg", "listed", [3]string{"kus", "kusy", "kusů"}, [2]string{"Exemplar", "Exemplare"}, [2]string{"copy", "copies"}},
	{"", "deck.owned_some.fix", "more", [3]string{"", "", ""}, [2]string{"weiteres Exemplar", "weitere Exemplare"}, [2]string{"more copy", "more copies"}},
	{"athernum", "deck.copies.msg", "n", [3]string{"kopie", "kopie", "kopií"}, [2]string{"Exemplar", "Exemplare"}, [2]string{"copy", "copies"}},
	{"athernum", "deck.size_short.msg", "n", [3]string{"kartu", "karty", "karet"}, [2]string{"Karte", "Karten"}, [2]string{"card", "cards"}},
	{"athernum", "deck.size_short.fix", "missing", [3]string{"kartu", "karty", "karet"}, [2]string{"Karte", "Karten"}, [2]string{"card", "cards"}},
	{"athernum", "deck.size_long.msg", "n", [3]string{"kartu", "karty", "karet"}, [2]string{"Karte", "Karten"}, [2]string{"card", "cards"}},
	{"athernum", "deck.size_long.fix", "missing", [3]string{"kartu", "karty", "karet"}, [2]string{"Karte", "Karten"}, [2]string{"card", "cards"}},
	{"microlife", "deck.size_short.msg", "n", [3]string{"kartu", "karty", "karet"}, [2]string{"Karte", "Karten"}, [2]string{"card", "cards"}},
	{"microlife", "deck.size_short.fix", "missing", [3]string{"kartu", "karty", "karet"}, [2]string{"weitere Karte", "weitere Karten"}, [2]string{"more card", "more cards"}},
	{"microlife", "deck.size_long.msg", "n", [3]string{"kartu", "karty", "karet"}, [2]string{"Karte", "Karten"}, [2]string{"card", "cards"}},
	{"microlife", "deck.size_long.fix", "missing", [3]string{"kartu", "karty", "karet"}, [2]string{"Karte", "Karten"}, [2]string{"card", "cards"}},
	{"mysticelements", "deck.copies.msg", "n", [3]string{"kopie", "kopie", "kopií"}, [2]string{"Exemplar", "Exemplare"}, [2]string{"copy", "copies"}},
	{"mysticelements", "deck.colours.msg", "n", [3]string{"barvu", "barvy", "barev"}, [2]string{"Farbe", "Farben"}, [2]string{"colour", "colours"}},
	{"mystimons", "deck.size_short.msg", "n", [3]string{"kartu", "karty", "karet"}, [2]string{"Karte", "Karten"}, [2]string{"card", "cards"}},
	{"mystimons", "deck.size_short.fix", "missing", [3]string{"kartu", "karty", "karet"}, [2]string{"weitere Karte", "weitere Karten"}, [2]string{"more card", "more cards"}},
	{"mystimons", "deck.size_long.msg", "n", [3]string{"kartu", "karty", "karet"}, [2]string{"Karte", "Karten"}, [2]string{"card", "cards"}},
	{"mystimons", "deck.size_long.fix", "missing", [3]string{"kartu", "karty", "karet"}, [2]string{"Karte", "Karten"}, [2]string{"card", "cards"}},
	{"mystimons", "deck.copies.msg", "n", [3]string{"kopie", "kopie", "kopií"}, [2]string{"Exemplar", "Exemplare"}, [2]string{"copy", "copies"}},
	{"mystimons", "deck.champions.msg", "n", [3]string{"šampion", "šampioni", "šampionů"}, [2]string{"Champion", "Champions"}, [2]string{"Champion", "Champions"}},
	{"mystimons", "deck.energy.msg", "n", [3]string{"karta", "karty", "karet"}, [2]string{"Energiekarte", "Energiekarten"}, [2]string{"energy card", "energy cards"}},
	{"zynalith", "deck.small_stack.msg", "n", [3]string{"kartu", "karty", "karet"}, [2]string{"Karte", "Karten"}, [2]string{"card", "cards"}},
	{"zynalith", "deck.counters.msg", "n", [3]string{"kartu", "karty", "karet"}, [2]string{"Konterkarte", "Konterkarten"}, [2]string{"counter", "counters"}},
	{"zynalith", "deck.cards.msg", "n", [3]string{"kartu", "karty", "karet"}, [2]string{"Karte", "Karten"}, [2]string{"card", "cards"}},
	{"zynalith", "deck.small_stack.fix", "missing", [3]string{"kartu", "karty", "karet"}, [2]string{"weitere Karte", "weitere Karten"}, [2]string{"more card", "more cards"}},
	{"zynalith", "deck.counters.fix", "missing", [3]string{"kartu", "karty", "karet"}, [2]string{"Konterkarte", "Konterkarten"}, [2]string{"counter", "counters"}},
	{"zynalith", "deck.cards.fix", "missing", [3]string{"kartu", "karty", "karet"}, [2]string{"Karte", "Karten"}, [2]string{"card", "cards"}},
}

// catalogOf is a game's catalogue, or the shared words for "".
func catalogOf(t *testing.T, game string) *i18n.Catalog {
	if game == "" {
		return i18n.Shared
	}
	g, err := engine.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	return g.(engine.Speaker).Catalog()
}

// czechForm is the CLDR form of a whole number in Czech: 0 one, 1 few
// (2 to 4), 2 other; 21 and 22 are other, unlike in Slavic languages
// that count by the last digit.
func czechForm(n int) int {
	switch {
	case n == 1:
		return 0
	case n >= 2 && n <= 4:
		return 1
	}
	return 2
}

// TestDeckCountsTakePluralForms: every count in a deck problem agrees
// with its noun in Czech ("1 karta", "2 karty", "5 karet"), German and
// English ("1 Karte", "1 card").
func TestDeckCountsTakePluralForms(t *testing.T) {
	for _, c := range deckCounts {
		words := catalogOf(t, c.game)
		for _, n := range []int{1, 2, 3, 5, 21, 22, 25} {
			args := []any{"n", 60, "listed", 7, "missing", 9, "more", 11, "owned", 0, "max", 30, "min", 10, "limit", 3,
				"want", 40, "card", "Ember", "colour", "Fire", "colours", "Fire", "stack", "extras", "rule", "MM-8.2", "cards", "x"}
			args = append(args, c.arg, n) // the last value given wins
			if cs := c.cs[czechForm(n)]; cs != "" {
				wantIn(t, c, i18n.CS, fmt.Sprintf("%d %s", n, cs), words.T(i18n.CS, c.key, args...))
			}
			plural := min(n-1, 1)
			wantIn(t, c, i18n.DE, fmt.Sprintf("%d %s", n, c.de[plural]), words.T(i18n.DE, c.key, args...))
			wantIn(t, c, i18n.EN, fmt.Sprintf("%d %s", n, c.en[plural]), words.T(i18n.EN, c.key, args...))
		}
	}
}

func wantIn(t *testing.T, c countedWords, l i18n.Lang, want, got string) {
	t.Helper()
	if !strings.Contains(got, want+" ") && !strings.Contains(got, want+";") && !strings.Contains(got, want+",") && !strings.HasSuffix(got, want) {
		t.Errorf("%s %s in %s: %q, want it to say %q", c.game, c.key, l, got, want)
	}
}

// TestCzechRefusalCountsTakePluralForms: a refusal that counts sugar or
// energy says "1 cukr", "2 cukry", "5 cukrů" (ML-5.3, MM-5.2, MM-5.4).
func TestCzechRefusalCountsTakePluralForms(t *testing.T) {
	cases := []struct {
		game, key, arg string
		words          [3]string
	}{
		{"microlife", "refuse.play_cost", "cost", [3]string{"cukr", "cukry", "cukrů"}},
		{"microlife", "refuse.buy_cost", "cost", [3]string{"cukr", "cukry", "cukrů"}},
		{"mystimons", "refuse.too_expensive", "cost", [3]string{"energii", "energie", "energií"}},
		{"mystimons", "refuse.needs_energy", "have", [3]string{"odpovídající energii", "odpovídající energie", "odpovídajících energií"}},
	}
	for _, c := range cases {
		words := catalogOf(t, c.game)
		for _, n := range []int{1, 2, 3, 5, 21, 22, 25} {
			got := words.T(i18n.CS, c.key, "card", "Tetanus", "target", "Flaru", "need", 5, "cost", 9, "have", 9, c.arg, n)
			if want := fmt.Sprintf("%d %s", n, c.words[czechForm(n)]); !strings.Contains(got, want) {
				t.Errorf("%s %s, %s %d: %q, want it to say %q", c.game, c.key, c.arg, n, got, want)
			}
		}
	}
}
