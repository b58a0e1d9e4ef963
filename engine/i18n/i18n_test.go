package i18n

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestMatchAcceptLanguage(t *testing.T) {
	cases := []struct {
		header string
		want   Lang
	}{
		{"de-DE,de;q=0.9,en;q=0.8", DE},
		{"cs", CS},
		{"sk,cs;q=0.8", CS},
		{"en-GB", EN},
		{"fr-FR", EN},
		{"", EN},
		{"de-AT", DE},
		{"fr;q=0.9,cs;q=0.5", CS},
	}
	for _, c := range cases {
		if got := Match(c.header); got != c.want {
			t.Errorf("Match(%q) = %s, want %s", c.header, got, c.want)
		}
	}
}

func TestParse(t *testing.T) {
	for in, want := range map[string]Lang{"de": DE, "DE": DE, "cs_CZ": CS, "en-US": EN} {
		if got, err := Parse(in); err != nil || got != want {
			t.Errorf("Parse(%q) = %s, %v; want %s", in, got, err, want)
		}
	}
	if _, err := Parse("fr"); err == nil || !strings.Contains(err.Error(), "de (Deutsch)") {
		t.Errorf("Parse(fr) = %v, want an error naming the choices", err)
	}
}

func TestSharedPluralsInCzech(t *testing.T) {
	want := map[int]string{1: "1 skrytá karta", 3: "3 skryté karty", 5: "5 skrytých karet"}
	for n, text := range want {
		if got := Shared.T(CS, "card.hidden_many", "n", n); got != text {
			t.Errorf("n=%d: %q, want %q", n, got, text)
		}
	}
	if got := Shared.T(DE, "seat.player", "n", 2); got != "Spieler 2" {
		t.Errorf("DE seat.player = %q", got)
	}
	if got := Shared.T(EN, "no.such.key"); got != "⟦no.such.key⟧" {
		t.Errorf("a missing key reads %q", got)
	}
}

func TestLoadFindsMissingKeysAndArguments(t *testing.T) {
	fsys := fstest.MapFS{
		"m/en.yaml": {Data: []byte("zone:\n  hand: Hand\nlog:\n  attack: \"{{.actor}} attacks {{.card}}\"\n")},
		"m/de.yaml": {Data: []byte("zone:\n  hand: Hand\nlog:\n  attack: \"{{.actor}} greift an\"\n")},
		"m/cs.yaml": {Data: []byte("log:\n  attack: \"{{.actor}} útočí na {{.card}}\"\n")},
	}
	_, err := Load("test", fsys, "m", nil)
	if err == nil {
		t.Fatal("an incomplete catalogue loaded")
	}
	for _, want := range []string{`m/cs.yaml: test has no "zone.hand"`, `m/de.yaml: "log.attack" uses arguments [actor]`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
}

func TestCatalogWordsAndParent(t *testing.T) {
	fsys := fstest.MapFS{
		"m/en.yaml": {Data: []byte("zone:\n  hand: Hand\n  deck: \"Deck of {{.name}}\"\n")},
		"m/de.yaml": {Data: []byte("zone:\n  hand: Hand\n  deck: \"Stapel von {{.name}}\"\n")},
		"m/cs.yaml": {Data: []byte("zone:\n  hand: Ruka\n  deck: \"Balíček hráče {{.name}}\"\n")},
	}
	c, err := Load("test", fsys, "m", Shared)
	if err != nil {
		t.Fatal(err)
	}
	words := c.Words(CS, "zone.")
	if words["hand"] != "Ruka" || len(words) != 1 {
		t.Errorf("Words(CS, zone.) = %v, want only hand: Ruka", words)
	}
	if got := c.T(DE, "seat.you"); got != "du" {
		t.Errorf("a shared word through the parent reads %q", got)
	}
	if got := c.Errorf("zone.deck", "name", "Anna").In(DE); got != "Stapel von Anna" {
		t.Errorf("Error.In(DE) = %q", got)
	}
	owner := Phrase(func(l Lang) string { return Shared.T(l, "seat.player", "n", 2) })
	err = c.Errorf("zone.deck", "name", owner)
	for l, want := range map[Lang]string{DE: "Stapel von Spieler 2", EN: "Deck of Player 2"} {
		if got := err.(*Error).In(l); got != want {
			t.Errorf("an Error with a Phrase in %s reads %q, want %q", l, got, want)
		}
	}
}

// TestPluralFormsCountTheNamedArgument: a plural message picks its form
// by "n", or, when its text has no n, by the first whole-number argument
// it uses, in each language's CLDR forms (cs: one, few, many, other).
func TestPluralFormsCountTheNamedArgument(t *testing.T) {
	plurals := func(one, few, other string) string {
		return "  add:\n    one: \"" + one + "\"\n    few: \"" + few + "\"\n    many: \"" + few + "\"\n    other: \"" + other + "\"\n"
	}
	fsys := fstest.MapFS{
		"m/en.yaml": {Data: []byte("fix:\n" + plurals("add {{.missing}} card to {{.n2}}", "", "add {{.missing}} cards to {{.n2}}"))},
		"m/de.yaml": {Data: []byte("fix:\n" + plurals("{{.missing}} Karte zu {{.n2}} hinzufügen", "", "{{.missing}} Karten zu {{.n2}} hinzufügen"))},
		"m/cs.yaml": {Data: []byte("fix:\n" + plurals("přidejte {{.missing}} kartu k {{.n2}}", "přidejte {{.missing}} karty k {{.n2}}", "přidejte {{.missing}} karet k {{.n2}}"))},
	}
	c, err := Load("test", fsys, "m", nil)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		lang    Lang
		missing int
		want    string
	}{
		{CS, 1, "přidejte 1 kartu k 60"},
		{CS, 2, "přidejte 2 karty k 60"},
		{CS, 4, "přidejte 4 karty k 60"},
		{CS, 5, "přidejte 5 karet k 60"},
		{CS, 22, "přidejte 22 karet k 60"},
		{DE, 1, "1 Karte zu 60 hinzufügen"},
		{DE, 3, "3 Karten zu 60 hinzufügen"},
		{EN, 1, "add 1 card to 60"},
		{EN, 21, "add 21 cards to 60"},
	}
	for _, tc := range cases {
		if got := c.T(tc.lang, "fix.add", "n2", 60, "missing", tc.missing); got != tc.want {
			t.Errorf("%s, missing %d: %q, want %q", tc.lang, tc.missing, got, tc.want)
		}
	}
}

// A Grouped count is written with the language's digit grouping and
// still picks the plural form; a plain number (a seed) is not grouped.
func TestGroupedCountsAreWrittenAsTheLanguageGroupsDigits(t *testing.T) {
	fsys := fstest.MapFS{
		"m/en.yaml": {Data: []byte("run:\n  games:\n    one: \"{{.games}} game, seed {{.seed}}\"\n    other: \"{{.games}} games, seed {{.seed}}\"\n")},
		"m/de.yaml": {Data: []byte("run:\n  games:\n    one: \"{{.games}} Partie, Seed {{.seed}}\"\n    other: \"{{.games}} Partien, Seed {{.seed}}\"\n")},
		"m/cs.yaml": {Data: []byte("run:\n  games:\n    one: \"{{.games}} partie, semínko {{.seed}}\"\n    few: \"{{.games}} partie, semínko {{.seed}}\"\n    many: \"{{.games}} partií, semínko {{.seed}}\"\n    other: \"{{.games}} partií, semínko {{.seed}}\"\n")},
	}
	c, err := Load("test", fsys, "m", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		lang  Lang
		games int
		want  string
	}{
		{EN, 1, "1 game, seed 12345"},
		{EN, 20000, "20,000 games, seed 12345"},
		{DE, 1000000, "1.000.000 Partien, Seed 12345"},
		{CS, 3, "3 partie, semínko 12345"},
		{CS, 20000, "20\u00a0000 partií, semínko 12345"},
	} {
		if got := c.T(tc.lang, "run.games", "games", Grouped(tc.games), "seed", uint64(12345)); got != tc.want {
			t.Errorf("%s, %d games: %q, want %q", tc.lang, tc.games, got, tc.want)
		}
	}
}
