package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest/trick"
	"kartenwerk/sim"
)

func init() { engine.Register(trick.Game{}) }

// run executes the command line with the given input and returns its
// output, its error output and its error.
func run(t *testing.T, input string, args ...string) (string, string, error) {
	t.Helper()
	root := newRoot()
	var out, errOut bytes.Buffer
	root.SetArgs(args)
	root.SetIn(strings.NewReader(input))
	root.SetOut(&out)
	root.SetErr(&errOut)
	err := root.Execute()
	return out.String(), errOut.String(), err
}

func exitCode(err error) int {
	var ee exitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		return ee.code
	}
	return 1
}

func TestGamesAndCards(t *testing.T) {
	out, _, err := run(t, "", "games")
	if err != nil || !strings.Contains(out, "trick") || !strings.Contains(out, "2-4") {
		t.Fatalf("games: %v\n%s", err, out)
	}
	out, _, err = run(t, "", "cards", "trick")
	if err != nil || !strings.Contains(out, "Nine — number, value 9") || !strings.Contains(out, "Worth 9.") {
		t.Fatalf("cards: %v\n%s", err, out)
	}
	out, _, err = run(t, "", "cards", "trick", "--json")
	var cards []engine.CardInfo
	if err != nil || json.Unmarshal([]byte(out), &cards) != nil || len(cards) != 9 {
		t.Fatalf("cards --json: %v\n%s", err, out)
	}
	if _, _, err := run(t, "", "cards", "chess"); err == nil || !strings.Contains(err.Error(), `unknown game "chess"`) {
		t.Fatalf("unknown game: %v", err)
	}
}

// Every game's card list has one heading per group, even where the game
// lists a group's cards apart, and loses no card to the grouping.
func TestCardsGroupedOnce(t *testing.T) {
	for _, g := range engine.Games() {
		out, _, err := run(t, "", "cards", g.Info().ID)
		if err != nil {
			t.Fatal(err)
		}
		headings := map[string]int{}
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, "== ") {
				headings[line]++
			}
		}
		for h, n := range headings {
			if n > 1 {
				t.Errorf("%s: heading %q appears %d times", g.Info().ID, h, n)
			}
		}
		for _, c := range g.Cards() {
			if !strings.Contains("\n"+out, "\n"+c.Name+" — ") {
				t.Errorf("%s: card %q is missing from the list", g.Info().ID, c.Name)
			}
		}
	}
}

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestValidate(t *testing.T) {
	good := writeFile(t, "good.txt", "One\nTwo\nThree\nFour\nFive\nSix\nSeven\nEight\nNine\n")
	out, _, err := run(t, "", "validate", "trick", good)
	if exitCode(err) != 0 || !strings.Contains(out, "a legal Trick deck (9 cards in the main deck)") {
		t.Fatalf("good deck: %v\n%s", err, out)
	}
	bad := writeFile(t, "bad.txt", "One\n2 Two\nTen\n")
	out, _, err = run(t, "", "validate", "trick", bad)
	if exitCode(err) != 1 || !strings.Contains(out, "bad.txt:2: Two: each card once") ||
		!strings.Contains(out, "bad.txt:3: Ten: no such card") || !strings.Contains(out, "2 problems: the deck is not legal") {
		t.Fatalf("bad deck: %v\n%s", err, out)
	}
	malformed := writeFile(t, "malformed.txt", "0 One\n")
	out, _, err = run(t, "", "validate", "trick", malformed)
	if exitCode(err) != 1 || !strings.Contains(out, "malformed.txt:1: count 0 is out of range") {
		t.Fatalf("malformed deck: %v\n%s", err, out)
	}
	if _, _, err := run(t, "", "validate", "trick", "/no/such/file"); err == nil || !strings.Contains(err.Error(), "cannot read deck file") {
		t.Fatalf("missing file: %v", err)
	}
}

// TestValidateListsEveryProblemAndSuggestsNames checks each game's deck
// check through the CLI: a line with a bad count does not hide the rules
// the other lines break, and a misspelt card gets the nearest name.
func TestValidateListsEveryProblemAndSuggestsNames(t *testing.T) {
	for _, c := range []struct {
		game, deck string
		want       []string
	}{
		{"mystimons", "0 Embrix\n2 Flaruu\n4 Cindrik\n", []string{
			"d.txt:1: count 0 is out of range", "d.txt:2: Flaruu: no such card; did you mean Flaru?", "d.txt:3: Cindrik: 4 copies; at most 3 are allowed (MM-8.2)"}},
		{"athernum", "0 Cinder Scout\n3 Cinder Scoot\n5 Flame Adept\n", []string{
			"d.txt:1: count 0 is out of range", "d.txt:2: Cinder Scoot: no such card; did you mean Cinder Scout?", "d.txt:3: Flame Adept: 5 copies; at most 4 of a name are allowed (AT-8.2)"}},
		{"zynalith", "creatures:\n0 Sumpfratte\n2 Grubenwrum\nextras:\n1 Flammenwolf\n", []string{
			"d.txt:2: count 0 is out of range", "d.txt:3: Grubenwrum: no such card; did you mean Grubenwurm?", "d.txt:5: Flammenwolf: a creature belongs in the creatures stack, not the extras stack (ZY-8.1)"}},
		{"microlife", "0 Haut\n1 Nahrnug\nplay:\n1 Haut\n", []string{
			"d.txt:1: count 0 is out of range", "d.txt:2: Nahrnug: no such card; did you mean Nahrung?", "d.txt:4: Haut: only Dauer cards can be in play from the start (ML-3.3)"}},
		{"mysticelements", "0 Sapling\n1 Sapplng\n2 Wolf Pack\nredd\n", []string{
			"d.txt:1: count 0 is out of range", "d.txt:2: Sapplng: no such card; did you mean Sapling?", "d.txt:3: Wolf Pack: 2 copies, but the game has one of each card (ME-2)", "d.txt:4: redd: no such card; did you mean red?"}},
	} {
		t.Run(c.game, func(t *testing.T) {
			out, _, err := run(t, "", "validate", c.game, writeFile(t, "d.txt", c.deck))
			if exitCode(err) != 1 {
				t.Fatalf("exit %v for an illegal deck:\n%s", err, out)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("the output lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

func TestPlayRepromptsOnBadInputAndFinishes(t *testing.T) {
	// Nine cards each: nine plays. Between them, bad input of every kind.
	input := "help\n0\nplay c99\nfly\n\n" + strings.Repeat("1\n", 9)
	out, _, err := run(t, input, "play", "trick", "--seed", "3", "--vs", "random")
	if err != nil {
		t.Fatalf("play: %v\n%s", err, out)
	}
	for _, want := range []string{
		"Trick, seed 3. You are Player 1 (p1 in the actions' text) against random.",
		"Player 1 (you)",          // the table names the seats as a player does
		"play <card>",             // help
		"There is no option 0",    // out of range
		"c99 is not in p1's hand", // the game's own reason
		`unknown verb "fly"`,      // not an action
		"Game over:",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
}

func TestPlayStopsWhenInputEnds(t *testing.T) {
	_, _, err := run(t, "1\n", "play", "trick", "--seed", "3")
	if err == nil || !strings.Contains(err.Error(), "input ended") {
		t.Fatalf("got %v", err)
	}
}

func TestPlayWritesAReplayableRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rec.json")
	if _, _, err := run(t, strings.Repeat("play c0\n1\n", 9), "play", "trick", "--seed", "5", "--record", path); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	var rec engine.Record
	if err != nil || json.Unmarshal(data, &rec) != nil {
		t.Fatalf("record: %v", err)
	}
	if _, err := engine.Replay(trick.Game{}, rec); err != nil || len(rec.Actions) != 18 {
		t.Fatalf("replay of %d actions: %v", len(rec.Actions), err)
	}
}

func TestSimJSON(t *testing.T) {
	out, _, err := run(t, "", "sim", "trick", "-n", "200", "--seed", "1", "--seats", "3", "-j", "2", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rep map[string]any
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"game", "games", "wins", "draws", "errors", "mean_turns", "mean_actions", "games_per_second", "win_rate", "first_player_win_rate", "capped"} {
		if _, ok := rep[key]; !ok {
			t.Errorf("sim --json lacks %q", key)
		}
	}
	if rep["games"].(float64) != 200 || len(rep["wins"].([]any)) != 3 {
		t.Errorf("games %v wins %v", rep["games"], rep["wins"])
	}
}

func TestSimFlagErrors(t *testing.T) {
	cases := map[string][]string{
		"takes 2 to 4 players":        {"sim", "trick", "--seats", "9"},
		`unknown agent "genius"`:      {"sim", "trick", "--agents", "genius"},
		"write key=value":             {"sim", "trick", "--variant", "ties"},
		"neither a file nor a preset": {"sim", "trick", "--decks", "nope,nope"},
		"at least 1":                  {"sim", "trick", "-n", "0"},
	}
	for want, args := range cases {
		if _, _, err := run(t, "", args...); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: got %v, want %q", args, err, want)
		}
	}
}

func TestScenarioRun(t *testing.T) {
	out, _, err := run(t, "", "scenario", "run", "../../engine/scenario/testdata/trick_ok.yaml")
	if err != nil || !strings.Contains(out, "p1  tricks 1") {
		t.Fatalf("passing scenario: %v\n%s", err, out)
	}
	out, _, err = run(t, "", "scenario", "run", "--json", "../../engine/scenario/testdata/trick_ok.yaml")
	var v engine.View
	if err != nil || json.Unmarshal([]byte(out), &v) != nil || v.Game != "trick" {
		t.Fatalf("--json: %v\n%s", err, out)
	}
	_, errOut, err := run(t, "", "scenario", "run", "../../engine/scenario/testdata/trick_wrong.yaml")
	if exitCode(err) != 1 || !strings.Contains(errOut, "FAIL") || !strings.Contains(errOut, "1 of 1 scenario(s) failed") {
		t.Fatalf("failing scenario: %v\n%s", err, errOut)
	}
	// A file of deck checks only has no table to print.
	out, _, err = run(t, "", "scenario", "run", "../../engine/scenario/testdata/deck_check.yaml")
	if err != nil || !strings.Contains(out, "deck_check.yaml") {
		t.Fatalf("deck checks: %v\n%s", err, out)
	}
}

func TestSimReportsAndShards(t *testing.T) {
	dir := t.TempDir()
	html := filepath.Join(dir, "r.html")
	out, _, err := run(t, "", "sim", "trick", "-n", "300", "--seed", "2", "--agents", "greedy,random", "--mirror",
		"--report", html, "--png", dir)
	if err != nil || !strings.Contains(out, "greedy") {
		t.Fatalf("sim: %v\n%s", err, out)
	}
	page, _ := os.ReadFile(html)
	for _, want := range []string{"<svg", `data-chart="win-rates"`, `data-chart="game-length"`, "Win rates"} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("HTML report lacks %q", want)
		}
	}
	if regexp.MustCompile(`(src|href)=["']?(https?:)?//`).Match(page) {
		t.Error("HTML report loads something from the network")
	}
	for _, name := range []string{"win-rates.png", "game-length.png", "end-reasons.png"} {
		if data, err := os.ReadFile(filepath.Join(dir, name)); err != nil || !bytes.HasPrefix(data, []byte("\x89PNG")) {
			t.Errorf("%s: %v", name, err)
		}
	}
	// Shards through the command line merge into the whole.
	var parts []string
	for k := 1; k <= 3; k++ {
		out, _, err := run(t, "", "sim", "trick", "-n", "100", "--seed", "2", "--json", "--shard", fmt.Sprintf("%d/3", k))
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, writeFile(t, fmt.Sprintf("part%d.json", k), out))
	}
	merged, _, err := run(t, "", append([]string{"sim", "merge", "--json"}, parts...)...)
	whole, _, err2 := run(t, "", "sim", "trick", "-n", "100", "--seed", "2", "--json")
	if err != nil || err2 != nil {
		t.Fatal(err, err2)
	}
	var m, w map[string]any
	_ = json.Unmarshal([]byte(merged), &m)
	_ = json.Unmarshal([]byte(whole), &w)
	for _, key := range []string{"wins", "draws", "turns", "first_wins", "actions", "card_stats", "win_rate"} {
		if fmt.Sprint(m[key]) != fmt.Sprint(w[key]) {
			t.Errorf("merged %s = %v, whole = %v", key, m[key], w[key])
		}
	}
	if _, _, err := run(t, "", "sim", "trick", "--shard", "4/3"); err == nil || !strings.Contains(err.Error(), "write k/n") {
		t.Errorf("bad shard: %v", err)
	}
}

func TestSimCompareVariantAndMatrix(t *testing.T) {
	dir := t.TempDir()
	out, _, err := run(t, "", "sim", "trick", "-n", "200", "--compare-variant", "ties=nobody,leader", "--report", filepath.Join(dir, "c.html"))
	if err != nil || !strings.Contains(out, "differences against ties=nobody") || !strings.Contains(out, "draw rate") {
		t.Fatalf("compare: %v\n%s", err, out)
	}
	page, _ := os.ReadFile(filepath.Join(dir, "c.html"))
	if !bytes.Contains(page, []byte(`id="comparison"`)) {
		t.Error("comparison report lacks its table")
	}
	out, _, err = run(t, "", "sim", "trick", "-n", "100", "--matrix", "standard,standard,standard")
	table, ranking, _ := strings.Cut(out, "strength (Bradley-Terry")
	if err != nil || strings.Count(table, "% [") != 6 || strings.Count(ranking, "against an average entrant") != 3 {
		t.Fatalf("matrix: %v\n%s", err, out)
	}
	if _, _, err := run(t, "", "sim", "trick", "--compare-variant", "ties"); err == nil || !strings.Contains(err.Error(), "write key=a,b") {
		t.Errorf("bad compare: %v", err)
	}
}

func TestStrengthTable(t *testing.T) {
	out, _, err := run(t, "", "strength", "trick", "-n", "60", "--agents", "random,ismcts:iters=50")
	if err != nil || !strings.Contains(out, "ismcts:iters=50") || !strings.Contains(out, "mean time per decision") {
		t.Fatalf("strength: %v\n%s", err, out)
	}
	if _, _, err := run(t, "", "strength", "trick", "--agents", "random"); err == nil || !strings.Contains(err.Error(), "at least two") {
		t.Fatalf("one agent: %v", err)
	}
}

func TestCardsFlagAddsCards(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "mine.yaml"), []byte("cards:\n  - {name: Prion, type: erreger, subtype: virus, cost: 5, stats: 4/4, copies: 3}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	defer func() { cardsDir = "" }()
	out, _, err := run(t, "", "--cards", dir, "cards", "microlife")
	if err != nil || !strings.Contains(out, "Prion") {
		t.Fatalf("--cards: %v\n%s", err, out)
	}
	if err := os.WriteFile(filepath.Join(dir, "mine.yaml"), []byte("cards:\n  - {name: Prion, stats: 4/x}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := run(t, "", "--cards", dir, "cards", "microlife"); err == nil || !strings.Contains(err.Error(), "mine.yaml:2") {
		t.Fatalf("bad card file: %v", err)
	}
	if _, _, err := run(t, "", "--cards", "/no/such/dir", "cards", "microlife"); err == nil || !strings.Contains(err.Error(), "--cards") {
		t.Fatalf("missing dir: %v", err)
	}
	if _, _, err := run(t, "", "--cards", dir, "cards", "trick"); err == nil || !strings.Contains(err.Error(), "cannot load extra card files") {
		t.Fatalf("game without card files: %v", err)
	}
}

// The checks that keep a batch's design honest, each refused before any
// game is played, with a message that names the problem.
func TestSimRefusesWhatItCannotDo(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"sim", "trick", "--compare-variant", "ties=nobody,leader", "--shard", "1/2"}, "run them without --shard"},
		{[]string{"sim", "trick", "--matrix", "standard,standard", "--shard", "1/2"}, "run them without --shard"},
		{[]string{"sim", "trick", "--compare-variant", "ties=nobody,bogus"}, `ties="bogus": choose one of nobody, leader`},
		{[]string{"sim", "trick", "--compare-variant", "ties"}, "e.g. ties=nobody,leader"},
		{[]string{"sim", "trick", "--matrix", "standard,standard,standard", "--agents", "random,greedy"}, "2 agents for 3 matrix decks"},
		{[]string{"sim", "trick", "--first", "3"}, "first seat 3"},
	}
	for _, c := range cases {
		out, _, err := run(t, "", c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: got %v, want %q", c.args, err, c.want)
		}
		if out != "" {
			t.Errorf("%v printed a report before refusing:\n%s", c.args, out)
		}
	}
}

func TestSimFirstMatrixAgentsAndMerge(t *testing.T) {
	// --first: the chosen seat starts every game.
	out, _, err := run(t, "", "sim", "trick", "-n", "50", "--first", "2", "--json")
	var rep struct {
		FirstWins int   `json:"first_wins"`
		Wins      []int `json:"wins"`
		First     int   `json:"first"`
	}
	if err != nil || json.Unmarshal([]byte(out), &rep) != nil || rep.First != 2 || rep.FirstWins != rep.Wins[1] {
		t.Fatalf("--first 2: %v %+v", err, rep)
	}
	// --matrix plays the agents given, one per deck.
	out, _, err = run(t, "", "sim", "trick", "-n", "20", "--matrix", "standard,standard", "--agents", "random,greedy", "--json")
	if err != nil || !strings.Contains(out, `"greedy"`) || !strings.Contains(out, "standard (greedy)") {
		t.Fatalf("matrix agents: %v\n%s", err, out)
	}
	// The same shard twice is refused; so are shards of different batches,
	// with the difference named.
	a, _, _ := run(t, "", "sim", "trick", "-n", "20", "--json", "--shard", "1/2")
	b, _, _ := run(t, "", "sim", "trick", "-n", "20", "--json", "--shard", "2/2", "--turn-cap", "50")
	pa, pb := writeFile(t, "a.json", a), writeFile(t, "b.json", b)
	if _, _, err := run(t, "", "sim", "merge", pa, pa); err == nil || !strings.Contains(err.Error(), "shard 1/2 is also in") {
		t.Errorf("same shard twice: %v", err)
	}
	if _, _, err := run(t, "", "sim", "merge", pa); err == nil || !strings.Contains(err.Error(), "shard 2/2 missing") {
		t.Errorf("a shard missing: %v", err)
	}
	if _, _, err := run(t, "", "sim", "merge", pa, pb); err == nil || !strings.Contains(err.Error(), "turn cap 200 vs 50") {
		t.Errorf("different turn caps: %v", err)
	}
}

// Strength tables show agents' full names and take the decks to play.
func TestStrengthFullNamesAndDecks(t *testing.T) {
	long := "ismcts:iters=20,c=0.9,horizon=3"
	out, _, err := run(t, "", "strength", "trick", "-n", "20", "--agents", "random,"+long, "--decks", "standard,standard")
	if err != nil || strings.Count(out, long) < 2 || !strings.Contains(out, "not timed") {
		t.Fatalf("strength: %v\n%s", err, out)
	}
}

// In every shipped game the seat to move as the first turn begins is the
// active seat, which the simulator takes as the first player without
// asking for a view in most games.
func TestFirstSeatShortcutHoldsInEveryGame(t *testing.T) {
	for _, g := range engine.Games() {
		if g.Info().ID == "trick" {
			continue
		}
		out, _, err := run(t, "", "sim", g.Info().ID, "-n", "320", "-j", "1", "--json")
		var rep struct {
			Checked   int `json:"first_checked"`
			Disagreed int `json:"first_disagreed"`
		}
		if err != nil || json.Unmarshal([]byte(out), &rep) != nil {
			t.Fatalf("%s: %v", g.Info().ID, err)
		}
		if rep.Checked != 5 || rep.Disagreed != 0 {
			t.Errorf("%s: %d of %d checked games disagree", g.Info().ID, rep.Disagreed, rep.Checked)
		}
	}
}

func TestPlaySpeaksTheChosenLanguageAndShowsCards(t *testing.T) {
	input := "card Thr\ncard c1\ncard c9\ncard Nonesuch\ncard\n0\n" + strings.Repeat("1\n", 9)
	out, _, err := run(t, input, "play", "trick", "--seed", "3", "--lang", "de")
	if err != nil {
		t.Fatalf("play: %v\n%s", err, out)
	}
	for _, want := range []string{
		"Trick, Seed 3. Du bist Spieler 1 (p1 im Text der Aktionen), dein Gegner: zufällig.",
		"Deine Möglichkeiten:",
		"Three — ",        // card Thr: the start of a name
		"Two — ",          // card c1: an id in the hand
		"Keine Karte c9:", // card c9: in the hidden hand of p2
		"Keine Karte Nonesuch",
		"card NAME: gib den Namen",
		"Es gibt keine Möglichkeit 0",
		"Spielende:",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if _, _, err := run(t, "", "play", "trick", "--lang", "fr"); err == nil || !strings.Contains(err.Error(), "de (Deutsch)") {
		t.Errorf("--lang fr: %v, want an error naming the languages", err)
	}
}

func TestSimUntilPrecise(t *testing.T) {
	out, errOut, err := run(t, "", "sim", "trick", "--until-ci", "8", "--mirror", "--seed", "2")
	if err != nil {
		t.Fatalf("sim --until-ci: %v\n%s", err, errOut)
	}
	if !strings.Contains(out, "precision ±8 points reached after") || !strings.Contains(errOut, "round 1:") {
		t.Errorf("output lacks the precision reached, or the rounds:\n%s\n%s", out, errOut)
	}
	_, errOut, err = run(t, "", "sim", "trick", "--until-ci", "8", "--mirror", "--seed", "2", "--lang", "de")
	if err != nil || !strings.Contains(errOut, "Runde 1: ") || !strings.Contains(errOut, " Partien, der Startspieler gewinnt ") || pointDecimalCLI.MatchString(errOut) {
		t.Errorf("the rounds in German: %v\n%s", err, errOut)
	}
	if _, _, err := run(t, "", "sim", "trick", "--until-ci", "2", "--shard", "1/2"); err == nil || !strings.Contains(err.Error(), "cannot be combined with --shard") {
		t.Errorf("--until-ci with --shard: %v", err)
	}
}

// TestSweepPlaysTheSameDealsForEveryValue: a setting equal to the shipped
// card plays exactly the games of a plain batch with the same seed, and
// two equal settings give equal figures.
func TestSweepPlaysTheSameDealsForEveryValue(t *testing.T) {
	out, errOut, err := run(t, "", "sweep", "athernum", "--card", "Ember Warlord", "--field", "cost", "--values", "3,3,6", "-n", "60", "-j", "2", "--json")
	if err != nil {
		t.Fatalf("sweep: %v\n%s", err, errOut)
	}
	var sw sim.Sweep
	if err := json.Unmarshal([]byte(out), &sw); err != nil || len(sw.Points) != 3 {
		t.Fatalf("sweep JSON: %v\n%s", err, out)
	}
	plain, _, err := run(t, "", "sim", "athernum", "-n", "60", "-j", "1", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rep sim.Report
	if err := json.Unmarshal([]byte(plain), &rep); err != nil {
		t.Fatal(err)
	}
	if sw.Points[0].Figure != sw.Points[1].Figure || sw.Points[0].Figure != rep.FirstPlayer {
		t.Errorf("cost 3 (as shipped): %+v and %+v; the plain batch: %+v; want all equal", sw.Points[0].Figure, sw.Points[1].Figure, rep.FirstPlayer)
	}
	for _, bad := range [][]string{
		{"--card", "Nonesuch", "--field", "cost", "--values", "1..2"},
		{"--card", "Ember Warlord", "--field", "cost", "--values", "5..2"},
		{"--card", "Ember Warlord", "--field", "cost", "--values", "2", "--field2", "vp"},
		{"--card", "Ember Warlord", "--field", "cost", "--values", "2", "--figure", "nonsense"},
	} {
		if _, _, err := run(t, "", append([]string{"sweep", "athernum", "-n", "2"}, bad...)...); err == nil {
			t.Errorf("sweep %v was accepted", bad)
		}
	}
}

func TestCardsAtADayShowTheTextsInForceAndTheErrata(t *testing.T) {
	dir := t.TempDir()
	file := `cards:
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
      - {from: 2026-12-01, cost: 4, errata: "Cost raised from 3 to 4.", clarification: "Only your other characters."}
`
	if err := os.WriteFile(filepath.Join(dir, "errata.yaml"), []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ day, cost, state string }{{"2026-11-30", "cost 3", "(not yet in force)"}, {"2026-12-01", "cost 4", "(in force)"}} {
		out, _, err := run(t, "", "--cards", dir, "cards", "athernum", "--at", c.day)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out, "Ember Warlord — Character, "+c.cost) || !strings.Contains(out, "Ember Warlord from 2026-12-01 "+c.state) ||
			!strings.Contains(out, "Clarification: Only your other characters.") {
			t.Errorf("cards --at %s:\n%s", c.day, out)
		}
	}
	out, _, err := run(t, "", "--cards", dir, "--lang", "de", "cards", "athernum", "--at", "2026-11-30")
	if err != nil {
		t.Fatal(err)
	}
	saysOnly(t, out, []string{"== Errata (Texte oben mit Stand 2026-11-30) ==", "Ember Warlord ab 2026-12-01 (gilt noch nicht): Kosten 4", "Klarstellung: Only your other characters."},
		[]string{"in force", "Clarification", " from 2026"})
	if _, _, err := run(t, "", "--cards", dir, "cards", "athernum", "--at", "December"); err == nil || !strings.Contains(err.Error(), "YYYY-MM-DD") {
		t.Errorf("a badly written day: %v", err)
	}
}

// A game's refusal of a setup is printed in the --lang language: two
// Mystic Elements decks of one colour (ME-8.2), in Czech and German, with
// the flag of the variant that allows them.
func TestSetupRefusalIsSaidInTheChosenLanguage(t *testing.T) {
	defer func() { langFlag = "" }()
	for lang, want := range map[string]string{"cs": "oba balíčky hrají barvu Modrá", "de": "beide Decks spielen Blau", "en": "both decks use Blue"} {
		_, _, err := run(t, "", "play", "mysticelements", "--lang", lang, "--decks", "Deepwood,Deepwood")
		if err == nil {
			t.Fatalf("--lang %s: two decks of one colour were played", lang)
		}
		if got := said(err); !strings.Contains(got, want) || !strings.HasSuffix(got, "(--variant colours=shared)") {
			t.Errorf("--lang %s: said %q, want %q and the flag of the variant that allows it", lang, got, want)
		}
	}
}

// TestLearnRefusesBadFlagsBeforePlaying: a negative --lambda and an --out
// in a missing directory are refused at once with what to do, not after
// every game has been played (or, for --lambda, with a singular Hessian).
func TestLearnRefusesBadFlagsBeforePlaying(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"learn", "trick", "-n", "5", "--lambda", "-1"}, "--lambda -1: give a penalty of 0 or more"},
		{[]string{"learn", "trick", "-n", "5", "--lambda", "NaN"}, "--lambda NaN"},
		{[]string{"learn", "trick", "-n", "5", "--out", filepath.Join(t.TempDir(), "missing", "m.json")}, "does not exist"},
	}
	for _, c := range cases {
		out, _, err := run(t, "", c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: got %v, want %q", c.args, err, c.want)
		}
		if out != "" {
			t.Errorf("%v: printed a fit before refusing:\n%s", c.args, out)
		}
	}
}

// TestScenarioTableSpeaksTheChosenLanguage: scenario run draws the final
// table in the --lang language and the game's words, as play does, not
// in internal names ("turn 2 · day · p1's turn", "vp-field").
func TestScenarioTableSpeaksTheChosenLanguage(t *testing.T) {
	const file = "../../games/athernum/testdata/scenarios/face-down-item.yaml"
	cases := []struct {
		lang        string
		want, avoid []string
	}{
		{"de", []string{"Zug 2", "p1 ist am Zug", "Siegpunkte-Feld"}, []string{"turn 2", "vp-field", "exhausted.ember", "static-on"}},
		{"cs", []string{"p1"}, []string{"turn 2", "vp-field", "exhausted.ember", "static-on"}},
		{"en", []string{"turn 2", "VP field"}, []string{"vp-field", "exhausted.ember", "static-on"}},
	}
	for _, c := range cases {
		out, _, err := run(t, "", "--lang", c.lang, "scenario", "run", file)
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.lang, err, out)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: the table lacks %q:\n%s", c.lang, w, out)
			}
		}
		for _, w := range c.avoid {
			if strings.Contains(out, w) {
				t.Errorf("%s: the table says %q:\n%s", c.lang, w, out)
			}
		}
	}
}

// TestScenarioRunGoesOnPastAFileThatCannotRun: a malformed file among
// several is reported and counted; the files after it still run.
func TestScenarioRunGoesOnPastAFileThatCannotRun(t *testing.T) {
	bad := writeFile(t, "bad.yaml", "name: [unclosed\n")
	ok := "../../engine/scenario/testdata/trick_ok.yaml"
	wrong := "../../engine/scenario/testdata/trick_wrong.yaml"
	cases := []struct {
		files []string
		runs  int
		want  string
	}{
		{[]string{bad, ok}, 1, "1 of 2 scenario(s) failed"},
		{[]string{ok, bad, wrong}, 2, "2 of 3 scenario(s) failed"},
		{[]string{bad}, 0, "1 of 1 scenario(s) failed"},
	}
	for _, c := range cases {
		out, errOut, err := run(t, "", append([]string{"scenario", "run"}, c.files...)...)
		if exitCode(err) != 1 || !strings.Contains(errOut, "bad.yaml:1") || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr:\n%s", c.files, exitCode(err), errOut)
		}
		if n := strings.Count(out, "\n== "); n+btoi(strings.HasPrefix(out, "== ")) != c.runs {
			t.Errorf("%v: %d tables, want %d:\n%s", c.files, n, c.runs, out)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
