package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// validate counts the main deck, which the construction rules count, and
// each other section apart: Athernum's 60 cards (AT-8.1) besides its Extra
// deck, Micro-Life's 8-card starter (ML-3.2) besides the 2 cards in play
// from the start (ML-3.3), in every language.
func TestValidateCountsTheMainDeckApartFromSections(t *testing.T) {
	for _, c := range []struct {
		rule, game, deck, lang string
		want                   string
	}{
		{"AT-8.1", "athernum", "../../games/athernum/decks/ember-assault.txt", "en", `(60 cards in the main deck, 2 cards under "extra:")`},
		{"AT-8.1", "athernum", "../../games/athernum/decks/ember-assault.txt", "de", "(60 Karten im Hauptdeck, 2 Karten im Abschnitt „extra:“)"},
		{"AT-8.1", "athernum", "../../games/athernum/decks/ember-assault.txt", "cs", "(60 karet v hlavním balíčku, 2 karty v oddílu „extra:“)"},
		{"ML-3.2", "microlife", "../../games/microlife/decks/starter.txt", "en", `(8 cards in the main deck, 2 cards under "play:")`},
		{"ML-3.2", "microlife", "../../games/microlife/decks/starter.txt", "de", "(8 Karten im Hauptdeck, 2 Karten im Abschnitt „play:“)"},
		{"ML-3.2", "microlife", "../../games/microlife/decks/starter.txt", "cs", "(8 karet v hlavním balíčku, 2 karty v oddílu „play:“)"},
	} {
		t.Run(c.rule+"/"+c.lang, func(t *testing.T) {
			defer func() { langFlag = "" }()
			out, _, err := run(t, "", "validate", c.game, c.deck, "--lang", c.lang)
			if err != nil || !strings.Contains(out, c.want) {
				t.Errorf("validate %s %s --lang %s: %v\n%s\nwant %q", c.game, c.deck, c.lang, err, out, c.want)
			}
		})
	}
}

// codes check answers in the --lang language: that a code is well-formed,
// and each problem in the words the server uses for it.
func TestCodesCheckSpeaksTheReadersLanguage(t *testing.T) {
	const good = "7KQ2M-XP0AH-3VTBD-9RW4F"
	for _, c := range []struct {
		lang, code string
		exit       int
		says       string
	}{
		{"de", good, 0, good + ": ein richtig aufgebauter Kartencode"},
		{"cs", good, 0, good + ": správně utvořený kód karty"},
		{"de", "7KQ2M-XP0AH-3VTBD-9RW4E", 1, "Das Prüfzeichen passt nicht, ein Zeichen ist vertippt oder zwei sind vertauscht."},
		{"cs", "7KQ2M-XP0AH-3VTBD-9RW4E", 1, "kontrolní znak nesedí, nějaký znak je překlepnutý nebo jsou dva prohozené."},
		{"de", "7KQ2M-XP0AH-3VTBD-9RW4", 1, "Er hat 19 Buchstaben und Ziffern, ein Code hat 20, also 1 zu wenig"},
		{"cs", "7KQ2M-XP0AH-3VTBD-9RW4", 1, "má 19 písmen a číslic, kód jich má 20, tedy o 1 méně"},
		{"cs", "7KQ2", 1, "má 4 písmena a číslice, kód jich má 20, tedy o 16 méně"},
		{"de", "7KQ2M-XP0AH-3VTBD-9RW4FF", 1, "also 1 zu viel"},
		{"de", "7KQ2M-XP0AH-3VTBD-9RW4+", 1, "Zeichen 23, „+“, ist weder eine Ziffer noch ein Buchstabe A–Z."},
		{"cs", "7KQ2M-XP0AH-3VTBD-9RW4+", 1, "znak 23, „+“, není číslice ani písmeno A–Z."},
		{"de", " ", 1, "Das ist kein Kartencode: Die Eingabe ist leer."},
		{"cs", " ", 1, "To není kód karty: vstup je prázdný."},
		{"de", "https://cards.example/register", 1, "ist eine Webadresse ohne den Parameter „code“"},
		{"cs", "https://cards.example/register", 1, "je webová adresa bez parametru „code“"},
		{"en", "https://cards.example/register", 1, "is a web address without a code parameter"},
		{"en", "7KQ2M-XP0AH-3VTBD-9RW4FF", 1, "21 letters and digits where a code has 20: 1 too many"},
	} {
		t.Run(c.lang+"/"+c.code, func(t *testing.T) {
			defer func() { langFlag = "" }()
			out, _, err := run(t, "", "codes", "check", c.code, "--lang", c.lang)
			if exitCode(err) != c.exit || !strings.Contains(out, c.says) {
				t.Errorf("codes check %q --lang %s: exit %d (%v), output %q; want exit %d saying %q", c.code, c.lang, exitCode(err), err, out, c.exit, c.says)
			}
			if c.lang != "en" && (strings.Contains(out, "well-formed") || strings.Contains(out, "check character")) {
				t.Errorf("--lang %s answered in English: %q", c.lang, out)
			}
		})
	}
}

// scenario run plays with the cards of the global --cards flag, as sim
// does: a position may hold a card that only the directory adds.
func TestScenarioRunPlaysTheCardsOfCardsDir(t *testing.T) {
	dir := t.TempDir()
	writeIn(t, dir, "new.yaml", "cards:\n  - {name: Ember Colossus, type: character, faction: ember, cost: 3, ofv: 9, dfv: 9}\n")
	file := writeFile(t, "colossus.yaml", `name: a card of --cards
game: athernum
position:
  active: p1
  phase: day
  seats:
    - zones: {main: [Ember Warlord], characters: [Ember Colossus]}
    - zones: {main: [Tide Sovereign]}
steps:
  - expect:
      cards: {"{Ember Colossus}": {zone: characters}}
`)
	for _, c := range []struct {
		name string
		args []string
		exit int
		says string
	}{
		{"without --cards", []string{"scenario", "run", file}, 1, `no such card "Ember Colossus"`},
		{"with --cards", []string{"--cards", dir, "scenario", "run", file}, 0, "Ember Colossus"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, err := run(t, "", c.args...)
			if exitCode(err) != c.exit || !strings.Contains(out+errOut+fmt.Sprint(err), c.says) {
				t.Errorf("%v: exit %d (%v)\n%s%s\nwant exit %d saying %q", c.args, exitCode(err), err, out, errOut, c.exit, c.says)
			}
		})
	}
}

// writeIn writes a file into dir.
func writeIn(t *testing.T, dir, name, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Flags that cannot mean what they say are refused before any game, with
// what to write instead.
func TestDesignerFlagsAreRefusedWithWhatToWrite(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"a reading compared with itself", []string{"sim", "mysticelements", "-n", "2", "--compare-variant", "redraw=wonders,wonders"},
			"--compare-variant redraw=wonders,wonders: wonders is given twice"},
		{"a --variant that the comparison would override", []string{"sim", "mysticelements", "-n", "2", "--variant", "redraw=any-card", "--compare-variant", "redraw=any-card,wonders"},
			"--variant redraw=any-card and --compare-variant redraw=any-card,wonders set the same rule"},
		{"a malformed variant gets the game's own example", []string{"sim", "athernum", "-n", "2", "--variant", "novalue"},
			`variant "novalue": write key=value, e.g. resources=single-use`},
		{"a malformed variant in Zynalith", []string{"play", "zynalith", "--variant", "novalue"},
			`variant "novalue": write key=value, e.g. combat=turn`},
		{"a negative exploration weight", []string{"tune", "athernum", "--param", "Ember Tyrant.cost=3..5", "--explore", "-1"},
			"--explore -1: the exploration weight is a positive number"},
		{"a target above 100%", []string{"tune", "athernum", "--param", "Ember Tyrant.cost=3..5", "--target", "first=150"},
			`target "first=150": a win rate is a percentage from 0 to 100`},
		{"a target below 0%", []string{"tune", "athernum", "--param", "Ember Tyrant.cost=3..5", "--target", "first=-5"},
			"a win rate is a percentage from 0 to 100"},
		{"a target that is no number", []string{"tune", "athernum", "--param", "Ember Tyrant.cost=3..5", "--target", "first=NaN"},
			"write FIGURE=PERCENT"},
		{"a misspelt card in a sweep", []string{"sweep", "mystimons", "--card", "Terrixx", "--field", "hp", "--values", "40..41", "-n", "2"},
			"no card named \"Terrixx\"; did you mean \"Terrix\"? (`kartenwerk cards mystimons` lists every card)"},
		{"a misspelt card in a tune", []string{"tune", "athernum", "--param", "Ember Warlrod.cost=2..3", "--budget", "1", "-n", "2", "--confirm", "2"},
			"no card named \"Ember Warlrod\"; did you mean \"Ember Warlord\"? (`kartenwerk cards athernum` lists every card)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, errOut, err := run(t, "", c.args...)
			if err == nil || !strings.Contains(said(err), c.want) {
				t.Errorf("%v: %v, want an error saying %q", c.args, err, c.want)
			}
			if strings.Contains(c.name, "variant") && strings.Contains(fmt.Sprint(err), "no-wonders") {
				t.Errorf("%v: the example is another game's: %v", c.args, err)
			}
			if errOut != "" && !strings.Contains(c.name, "misspelt") {
				t.Errorf("%v: played before refusing: %q", c.args, errOut)
			}
		})
	}
}

// The errata name every field a card file changes in the reader's
// language and say the new value as the card reads: the rules text
// generated from new abilities, keywords as the card list prints them,
// never a field's key or Go's formatting of a list.
func TestErrataSayEveryChangedFieldInTheReadersLanguage(t *testing.T) {
	athernum := t.TempDir()
	writeIn(t, athernum, "errata.yaml", `cards:
  - name: Ember Warlord
    type: character
    faction: ember
    cost: 3
    vp: 5
    ofv: 3
    dfv: 4
    slots: 2
    abilities: ["static: ofv +1 allies"]
    versions:
      - {from: 2026-12-01, abilities: ["static: ofv +2 allies"], ofv: 2}
      - {from: 2027-01-01, faction: tide, subtypes: [Knight, Hero]}
`)
	mystic := t.TempDir()
	writeIn(t, mystic, "changes.yaml", `colour: red
cards:
  - name: Cinder Hound
    type: unit
    cost: 2
    power: 2
    health: 2
    keywords: [quick]
    abilities: ["play: damage 1 to any"]
    versions:
      - {from: 2026-12-01, keywords: [quick, flying], abilities: ["play: damage 2 to any"]}
`)
	for _, c := range []struct {
		game, dir, lang string
		want            []string
	}{
		{"athernum", athernum, "de", []string{"Ember Warlord ab 2026-12-01 (gilt noch nicht): OFV 2; Fähigkeiten: „Statisch: deine Charaktere erhalten +2 OFV.“",
			"Ember Warlord ab 2027-01-01 (gilt noch nicht): Fraktion Flut; Untertypen Knight, Hero"}},
		{"athernum", athernum, "cs", []string{"OFV 2; schopnosti: „Statická: vaše postavy dostávají +2 OFV.“", "frakce Příliv; podtypy Knight, Hero"}},
		{"athernum", athernum, "en", []string{`OFV 2; abilities: "Static: your characters get +2 OFV."`, "faction Tide; subtypes Knight, Hero"}},
		{"mysticelements", mystic, "de", []string{"Cinder Hound ab 2026-12-01 (gilt noch nicht): Schlüsselwörter Schnell, Fliegend; Fähigkeiten: „Beim Ausspielen: triff eine Einheit oder einen Spieler mit 2 Schaden.“"}},
		{"mysticelements", mystic, "cs", []string{"klíčová slova Rychlý, Létající; schopnosti: „Při vyložení: zraňte tvora nebo hráče za 2.“"}},
	} {
		t.Run(c.game+"/"+c.lang, func(t *testing.T) {
			defer func() { langFlag = "" }()
			out, _, err := run(t, "", "--cards", c.dir, "cards", c.game, "--at", "2026-11-30", "--lang", c.lang)
			if err != nil {
				t.Fatal(err)
			}
			errata := out[strings.Index(out, "== Errata"):]
			unwanted := []string{"[", "]", "static: ofv", "play: damage"}
			if c.lang != "en" {
				unwanted = append(unwanted, "abilities", "keywords", "faction", "subtypes")
			}
			saysOnly(t, errata, c.want, unwanted)
		})
	}
}
