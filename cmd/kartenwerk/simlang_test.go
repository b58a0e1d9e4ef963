package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"kartenwerk/sim"
)

// `sim --report F --lang L` writes the report in L, English by default;
// an unknown language is refused before any game is played, naming the
// languages, and writes no file.
func TestSimReportInTheLanguageAsked(t *testing.T) {
	for _, c := range []struct {
		lang  []string
		wants []string
	}{
		{nil, []string{`<html lang="en">`, "Trick: 40 games", "Win rates"}},
		{[]string{"--lang", "de"}, []string{`<html lang="de">`, "Trick: 40 Partien", "Siegraten", "\u00a0%"}},
		{[]string{"--lang", "cs"}, []string{`<html lang="cs">`, "Trick: 40 partií", "Podíly výher", "\u00a0%"}},
	} {
		html := filepath.Join(t.TempDir(), "r.html")
		args := append([]string{"sim", "trick", "-n", "40", "--report", html}, c.lang...)
		if _, _, err := run(t, "", args...); err != nil {
			t.Fatalf("%v: %v", c.lang, err)
		}
		page, _ := os.ReadFile(html)
		for _, want := range c.wants {
			if !strings.Contains(string(page), want) {
				t.Errorf("%v: the report lacks %q", c.lang, want)
			}
		}
	}
	html := filepath.Join(t.TempDir(), "r.html")
	_, _, err := run(t, "", "sim", "trick", "-n", "40", "--report", html, "--lang", "fr")
	if err == nil || !strings.Contains(err.Error(), "de (Deutsch), en (English) or cs (Čeština)") {
		t.Errorf("--lang fr: %v, want an error naming the languages", err)
	}
	if _, statErr := os.Stat(html); statErr == nil {
		t.Error("--lang fr wrote a report")
	}
}

// `tune --lang L` prints its progress and outcome in L, with the reader's
// decimals, while its JSON keeps English keys; an unknown language is
// refused before any game is played.
func TestTuneInTheLanguageAsked(t *testing.T) {
	tuneArgs := []string{"tune", "athernum", "--param", "Ember Tyrant.cost=3..5", "--budget", "2", "-n", "6", "--confirm", "12", "-j", "1"}
	for _, c := range []struct {
		lang           []string
		outWant, trace string
	}{
		{nil, "best setting:", "evaluation 1 of 2: "},
		{[]string{"--lang", "de"}, "beste Einstellung:", "Auswertung 1 von 2: "},
		{[]string{"--lang", "cs"}, "nejlepší nastavení:", "vyhodnocení 1/2: "},
	} {
		out, errOut, err := run(t, "", append(tuneArgs, c.lang...)...)
		if err != nil {
			t.Fatalf("%v: %v", c.lang, err)
		}
		if !strings.Contains(out, c.outWant) || !strings.Contains(errOut, c.trace) {
			t.Errorf("%v: outcome %q, progress %q; want %q and %q", c.lang, out, errOut, c.outWant, c.trace)
		}
		if c.lang != nil && pointDecimalCLI.MatchString(out+errOut) {
			t.Errorf("%v: a decimal point in %q", c.lang, out+errOut)
		}
	}
	out, _, err := run(t, "", append(tuneArgs, "--lang", "de", "--json")...)
	if err != nil || !strings.Contains(out, `"within_tolerance"`) || !strings.Contains(out, `"figure": "first player's win rate"`) {
		t.Errorf("--json in German: %v\n%s", err, out)
	}
	_, errOut, err := run(t, "", append(tuneArgs, "--lang", "fr")...)
	if err == nil || !strings.Contains(err.Error(), "de (Deutsch), en (English) or cs (Čeština)") || errOut != "" {
		t.Errorf("--lang fr: %v, progress %q; want a refusal naming the languages before any game", err, errOut)
	}
	report := filepath.Join(t.TempDir(), "tune.html")
	if _, _, err := run(t, "", append(tuneArgs, "--lang", "cs", "--report", report)...); err != nil {
		t.Fatal(err)
	}
	html, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	saysOnly(t, string(html), []string{": ladění</h1>", "<td>Ember Tyrant: cena</td>", `id="chart-tuning"`, "<svg"}, []string{"Ember Tyrant.cost"})
}

var pointDecimalCLI = regexp.MustCompile(`\d\.\d`)

// `sweep --lang L` reports its progress in L.
func TestSweepProgressInTheLanguageAsked(t *testing.T) {
	for _, c := range []struct {
		lang, want string
	}{
		{"en", "setting 2 of 2 done"},
		{"de", "Einstellung 2 von 2 fertig"},
		{"cs", "nastavení 2/2 hotovo"},
	} {
		_, errOut, err := run(t, "", "sweep", "athernum", "--card", "Ember Tyrant", "--field", "cost", "--values", "3..4",
			"-n", "4", "-j", "1", "--lang", c.lang)
		if err != nil || !strings.Contains(errOut, c.want) {
			t.Errorf("--lang %s: progress %q (%v), want %q", c.lang, errOut, err, c.want)
		}
	}
}

// A sweep's table gives its figure once a row, beside the first player's
// rate and the length unless the figure is one of them, and parts a
// decimal interval's bounds with a dash where decimals take a comma.
func TestSweepTextGivesEachFigureOnce(t *testing.T) {
	for _, c := range []struct {
		figure, lang string
		want, not    []string
	}{
		{"first", "en", []string{"first player's win rate by cost of Ember Tyrant", "turns"}, []string{"first player"}},
		{"length", "de", []string{"Startspieler", "–"}, []string{"Züge", ", "}},
		{"length", "cs", []string{"začínající hráč", "–"}, []string{"tahů", ", "}},
	} {
		out, errOut, err := run(t, "", "sweep", "athernum", "--card", "Ember Tyrant", "--field", "cost", "--values", "3..4",
			"-n", "4", "-j", "1", "--figure", c.figure, "--lang", c.lang)
		if err != nil {
			t.Fatalf("%s in %s: %v\n%s", c.figure, c.lang, err, errOut)
		}
		rows := strings.SplitN(out, "\n", 2)[1] // the lines under the heading
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s in %s: no %q in\n%s", c.figure, c.lang, w, out)
			}
		}
		for _, n := range c.not {
			if strings.Contains(rows, n) {
				t.Errorf("%s in %s: the rows say %q:\n%s", c.figure, c.lang, n, rows)
			}
		}
	}
}

// saysOnly fails unless out holds every one of wants and none of unwanted.
func saysOnly(t *testing.T, out string, wants, unwanted []string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	for _, not := range unwanted {
		if strings.Contains(out, not) {
			t.Errorf("output has %q:\n%s", not, out)
		}
	}
}

// learn speaks the reader's language: the game's words for its figures,
// the agents by name, numbers with decimal commas.
func TestLearnInTheLanguageAsked(t *testing.T) {
	out, _, err := run(t, "", "learn", "mystimons", "-n", "40", "--lang", "de")
	if err != nil {
		t.Fatalf("learn: %v\n%s", err, out)
	}
	saysOnly(t, out, []string{"was gewinnt", "Agenten gierig, gierig, zufällig", "HP im Spiel", "nur ein MystiMon im Spiel (MM-7.1)", "je Einheit"},
		[]string{"deck_short", "attack_open", "[greedy", "per unit"})
	if m := regexp.MustCompile(`\d\.\d{3}`).FindString(out); m != "" { // rule ids (MM-7.1) keep theirs
		t.Errorf("output writes a decimal point (%q):\n%s", m, out)
	}
}

// The text report names the game as its players do, not by its id.
func TestSimTextNamesTheGame(t *testing.T) {
	out, _, err := run(t, "", "sim", "microlife", "-n", "20")
	if err != nil {
		t.Fatalf("sim: %v\n%s", err, out)
	}
	if !strings.HasPrefix(out, "Micro-Life: 20 games") {
		t.Errorf("the report begins %q, want the game's name", strings.SplitN(out, "\n", 2)[0])
	}
}

// games speaks the reader's language: its headings and each game's summary.
func TestGamesInTheLanguageAsked(t *testing.T) {
	out, _, err := run(t, "", "games", "--lang", "de")
	if err != nil {
		t.Fatalf("games: %v\n%s", err, out)
	}
	saysOnly(t, out, []string{"SPIELER", "WORUM ES GEHT", "Micro-Life", "Ein Deckbau-Spiel von Erregern gegen Immunzellen"},
		[]string{"ABOUT", "A deck-builder"})
}

// validate speaks the reader's language: each problem, its fix and the
// count of problems; a card named within a longer line is suggested.
func TestValidateInTheLanguageAsked(t *testing.T) {
	deck := writeFile(t, "deck.txt", "MystiMon Terrix x3\n4 Granok\n")
	out, _, err := run(t, "", "validate", "mystimons", deck, "--lang", "de")
	if exitCode(err) != 1 {
		t.Fatalf("validate: %v\n%s", err, out)
	}
	saysOnly(t, out, []string{"deck.txt:1: MystiMon Terrix:", "meintest du Terrix?", "(Lösung: ", "Probleme: das Deck ist nicht gültig"},
		[]string{"fix:", "problem"})
}

// The end of a game played in the terminal is said in the reader's words:
// the game's own explanation, not the outcome's English ("p2 wins
// (points)").
func TestPlayEndsInTheLanguageAsked(t *testing.T) {
	out, _, err := run(t, strings.Repeat("1\n", 3000), "play", "zynalith", "--seed", "2", "--lang", "de")
	if err != nil {
		t.Fatalf("play: %v", err)
	}
	end := out[strings.LastIndex(out, "\nSpielende: "):]
	saysOnly(t, end, []string{"Spielende: Spieler 2 gewinnt.", "(ZY-7.3, ZY-7.4)"}, []string{" wins ", "(points)", "p2"})
}

// The HTML report names rule variants in the game's words, each with the
// flag that plays it again; a comparison of readings names them so too.
func TestReportNamesVariantsInTheGamesWords(t *testing.T) {
	html := filepath.Join(t.TempDir(), "r.html")
	if _, _, err := run(t, "", "sim", "mysticelements", "-n", "10", "--variant", "antiracist=on", "--report", html, "--lang", "cs"); err != nil {
		t.Fatal(err)
	}
	page, _ := os.ReadFile(html)
	saysOnly(t, string(page), []string{"Antiracistická úprava: zapnuto", `<code class="flag">--variant antiracist=on</code>`}, nil)
	if _, _, err := run(t, "", "sim", "mysticelements", "-n", "10", "--compare-variant", "antiracist=off,on", "--report", html, "--lang", "de"); err != nil {
		t.Fatal(err)
	}
	page, _ = os.ReadFile(html)
	heading := regexp.MustCompile(`<h2>[^<]*</h2>`).FindString(string(page))
	saysOnly(t, heading, []string{"Antirassistische Anpassung: aus"}, []string{"antiracist"})
}

// strength names the agents in the reader's words everywhere, the time per
// decision too, and brackets a rating's interval as German writes it.
func TestStrengthInTheLanguageAsked(t *testing.T) {
	out, _, err := run(t, "", "strength", "microlife", "-n", "4", "--agents", "random,greedy", "-j", "1", "--lang", "de")
	if err != nil {
		t.Fatalf("strength: %v\n%s", err, out)
	}
	saysOnly(t, out, []string{"zufällig", "gierig"}, []string{"random", "greedy"})
	if m := regexp.MustCompile(`\[[−+]\d+, `).FindString(out); m != "" {
		t.Errorf("a rating interval is parted by a comma (%q):\n%s", m, out)
	}
}

// A sweep names the card field it varies in the reader's words: a card's
// cost by the reports' word, a stat by the game's.
func TestSweepNamesItsFieldInTheLanguageAsked(t *testing.T) {
	out, _, err := run(t, "", "sweep", "microlife", "--card", "Candida", "--field", "cost", "--values", "1..2", "-n", "4", "-j", "1", "--lang", "de")
	if err != nil {
		t.Fatalf("sweep: %v\n%s", err, out)
	}
	saysOnly(t, out, []string{"nach „Kosten“ von Candida", "\n  Kosten 1 "}, []string{"cost"})
	out, _, err = run(t, "", "sweep", "mystimons", "--card", "Terrix", "--field", "atk", "--values", "10..11", "-n", "4", "-j", "1", "--lang", "cs")
	if err != nil {
		t.Fatalf("sweep: %v\n%s", err, out)
	}
	saysOnly(t, out, []string{"podle hodnoty „ÚTOK“ karty Terrix", "\n  ÚTOK 10 "}, []string{"atk"})
}

// A sweep's HTML report heads its figure's column with the interval as
// the reader's language writes a percentage, gives a rate as one, and
// the first player's rate once where it is the figure; it names a field
// the game has no stat for by the game's word for it.
func TestSweepReportHeadsInTheLanguageAsked(t *testing.T) {
	for _, tc := range []struct {
		lang       string
		want, lack []string
	}{
		{"en", []string{"win rate [95%]", "Zynalith cost", "<td>75.0% ["}, []string{"[95 %]", "<th>first player wins</th>", "<td>0.750"}},
		{"de", []string{"[95 %]", "„Zynalith-Kosten“"}, []string{"[95%]", ">zynalith<"}},
		{"cs", []string{"[95 %]", "„cena v zynalithu“"}, []string{"[95%]", ">zynalith<"}},
	} {
		report := filepath.Join(t.TempDir(), "sweep.html")
		out, _, err := run(t, "", "sweep", "zynalith", "--card", "Zynalithgolem", "--field", "zynalith", "--values", "3..4",
			"-n", "4", "-j", "1", "--lang", tc.lang, "--report", report)
		if err != nil {
			t.Fatalf("sweep --lang %s: %v\n%s", tc.lang, err, out)
		}
		html, err := os.ReadFile(report)
		if err != nil {
			t.Fatal(err)
		}
		saysOnly(t, string(html), tc.want, tc.lack)
	}
}

// The text report names its rule variants in the game's words, each with
// the flag that plays it again.
func TestSimTextSaysItsVariantsInTheGamesWords(t *testing.T) {
	out, _, err := run(t, "", "sim", "mysticelements", "-n", "4", "-j", "1", "--variant", "colours=shared", "--lang", "cs")
	if err != nil {
		t.Fatalf("sim: %v\n%s", err, out)
	}
	saysOnly(t, out, []string{"varianta: Barvy: sdílené (příkazová řádka: --variant colours=shared)"}, []string{"varianta: colours=shared"})
}

// A sweep of a deck's win rate is refused before its first game when no
// seat plays that deck, naming the decks the seats play.
func TestSweepRefusesADeckNoSeatPlays(t *testing.T) {
	for _, tc := range []struct {
		decks []string
		want  string
	}{
		{nil, "the seats play the decks the rules deal; give each seat a deck with --decks"},
		{[]string{"--decks", "Deepwood,Sunfire"}, "(the decks are Deepwood, Sunfire)"},
	} {
		args := append([]string{"sweep", "mysticelements", "--card", "Fireball", "--field", "cost", "--values", "1..2", "-n", "4",
			"--variant", "colours=shared", "--figure", "deck:Nope"}, tc.decks...)
		_, errOut, err := run(t, "", args...)
		if err == nil || !strings.Contains(err.Error(), `--figure deck:Nope: no seat plays deck "Nope"`) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("decks %v: %v, want the deck refused with %q", tc.decks, err, tc.want)
		}
		if strings.Contains(errOut, "setting 1") {
			t.Errorf("decks %v: a setting was played before the refusal: %q", tc.decks, errOut)
		}
	}
}

// A deck's figure takes the deck's own name, however it was typed.
func TestSweepNamesTheDeckAsItIsNamed(t *testing.T) {
	out, _, err := run(t, "", "sweep", "mysticelements", "--card", "Fireball", "--field", "cost", "--values", "1..2", "-n", "4",
		"-j", "1", "--variant", "colours=shared", "--decks", "Deepwood,Sunfire", "--figure", "deck:sunfire")
	if err != nil {
		t.Fatalf("sweep: %v\n%s", err, out)
	}
	saysOnly(t, out, []string{"win rate of Sunfire by cost of Fireball"}, []string{"sunfire"})
}

// A start card's win rate (Athernum) is swept for the card as the game
// names it; where no player picks a start card, or the card is not the
// game's, the sweep is refused before its first game.
func TestSweepOfAStartCardsWinRate(t *testing.T) {
	out, _, err := run(t, "", "sweep", "athernum", "--card", "Grove Matriarch", "--field", "vp", "--values", "3..4", "-n", "400",
		"-j", "1", "--figure", "start:grove matriarch", "--json")
	if err != nil {
		t.Fatalf("sweep: %v\n%s", err, out)
	}
	var sw sim.Sweep
	if err := json.Unmarshal([]byte(out), &sw); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if sw.Figure != "Grove Matriarch as start card: win rate" || len(sw.Points) != 2 {
		t.Fatalf("figure %q over %d settings", sw.Figure, len(sw.Points))
	}
	for _, p := range sw.Points {
		// Random agents pick a start card among the deck's cards with a
		// VP field, so some seats of 400 games start with it.
		if iv := p.Figure; iv.N < 10 || iv.N >= 400 || iv.Low > iv.Rate || iv.High < iv.Rate || p.Change != nil {
			t.Errorf("VP %v: %+v over %v seat-games, change %+v; want a rate over the seats that started with it, not paired", p.Values, iv, iv.N, p.Change)
		}
	}
	// The figure names the card: the heading does not name it twice.
	text, _, err := run(t, "", "sweep", "athernum", "--card", "Grove Matriarch", "--field", "vp", "--values", "3..4", "-n", "40",
		"-j", "1", "--figure", "start:Grove Matriarch")
	if err != nil {
		t.Fatalf("sweep: %v\n%s", err, text)
	}
	saysOnly(t, text, []string{"win rate of Grove Matriarch as start card by VP field; 40 games a setting"}, []string{"VP field of Grove Matriarch"})
	for _, tc := range []struct{ game, card, field, figure, want string }{
		{"mysticelements", "Fireball", "cost", "start:Fireball", "no player picks a start card before the deal"},
		{"athernum", "Grove Matriarch", "vp", "start:Nope", "has no card of that name"},
	} {
		_, errOut, err := run(t, "", "sweep", tc.game, "--card", tc.card, "--field", tc.field, "--values", "1..2", "-n", "4", "--figure", tc.figure)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(errOut, "setting 1") {
			t.Errorf("%s %s: %v (played: %q), want it refused before any game: %q", tc.game, tc.figure, err, errOut, tc.want)
		}
	}
}
