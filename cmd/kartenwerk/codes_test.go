package main

import (
	"cmp"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/platform/codes"
)

const testPepperSecret = "a test pepper of at least thirty-two bytes\n"

func writePepper(t *testing.T) (string, codes.Pepper) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "pepper")
	if err := os.WriteFile(path, []byte(testPepperSecret), 0o600); err != nil {
		t.Fatal(err)
	}
	p, err := codes.NewPepper([]byte(testPepperSecret))
	if err != nil {
		t.Fatal(err)
	}
	return path, p
}

func csvRows(t *testing.T, path string) [][]string {
	t.Helper()
	data, err := os.ReadFile(path)
	rows, csvErr := csv.NewReader(strings.NewReader(string(data))).ReadAll()
	if err = cmp.Or(err, csvErr); err != nil {
		t.Fatal(err)
	}
	return rows
}

func TestCodesGenerateWritesTheRun(t *testing.T) {
	t.Setenv(pepperEnv, "")
	pepperFile, pepper := writePepper(t)
	dir := filepath.Join(t.TempDir(), "nine")
	out, _, err := run(t, "", "codes", "generate", "trick", "--card", " nine ", "--printing", "promo 2026", "-n", "4",
		"--out", dir, "--pepper-file", pepperFile, "--base-url", "https://cards.example", "--px", "2")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "4 codes for Nine (trick, promo 2026)") || !strings.Contains(out, "hashes.csv goes to the server") {
		t.Errorf("output:\n%s", out)
	}
	rows := csvRows(t, filepath.Join(dir, "codes.csv"))
	hashFile, err := os.Open(filepath.Join(dir, "hashes.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer hashFile.Close()
	hashes, err := codes.ReadHashes(hashFile)
	if err != nil || len(rows) != 5 || len(hashes) != 4 {
		t.Fatalf("codes.csv has %d rows, hashes.csv %d hashes (%v); want a header and 4", len(rows), len(hashes), err)
	}
	for i, row := range rows[1:] {
		c, err := codes.Parse(row[0])
		if err != nil || row[1] != "trick" || row[2] != "Nine" || row[3] != "promo 2026" || row[4] != string(rune('1'+i)) {
			t.Errorf("codes.csv row %d: %v (%v)", i+1, row, err)
			continue
		}
		want := codes.Printing{Game: "trick", Card: "Nine", Printing: "promo 2026"}
		if !pepper.Matches(c, hashes[i].Hash) || hashes[i].Printing != want {
			t.Errorf("hashes.csv row %d does not hash code %s: %+v", i+1, c, hashes[i])
		}
		for _, ext := range []string{".png", ".svg"} {
			if _, err := os.Stat(filepath.Join(dir, "qr", string(rune('1'+i))+ext)); err != nil {
				t.Error(err)
			}
		}
	}
}

func TestCodesGenerateRefuses(t *testing.T) {
	t.Setenv(pepperEnv, "")
	pepperFile, _ := writePepper(t)
	full := filepath.Join(t.TempDir(), "full")
	if err := os.MkdirAll(full, 0o755); err != nil || os.WriteFile(filepath.Join(full, "codes.csv"), nil, 0o600) != nil {
		t.Fatal("setting up a used directory")
	}
	base := []string{"codes", "generate", "trick", "-n", "2"}
	tests := []struct {
		name string
		args []string
		says string
	}{
		{"an unknown card", []string{"--card", "Nien", "--out", t.TempDir(), "--pepper-file", pepperFile},
			`trick has no card named "Nien"; the nearest are "Nine", `},
		{"an unknown game", []string{"--card", "Nine", "--out", t.TempDir()}, `unknown game "chess"`},
		{"no pepper", []string{"--card", "Nine", "--out", t.TempDir()}, "give --pepper-file FILE or set $KARTENWERK_CODES_PEPPER"},
		{"a short pepper", []string{"--card", "Nine", "--out", t.TempDir(), "--pepper-file", writeTemp(t, "short")},
			"--pepper-file: the pepper has 5 bytes, it needs at least 32"},
		{"a used directory", []string{"--card", "Nine", "--out", full, "--pepper-file", pepperFile}, "already holds files (codes.csv, …)"},
		{"a bad base URL", []string{"--card", "Nine", "--out", t.TempDir(), "--pepper-file", pepperFile, "--base-url", "cards.example"},
			"--base-url: base URL \"cards.example\": give an absolute http or https URL"},
		{"too many codes", []string{"--card", "Nine", "--out", t.TempDir(), "--pepper-file", pepperFile, "-n", "100001"}, "1 to 100000 codes"},
	}
	for _, tt := range tests {
		args := append(append([]string{}, base...), tt.args...)
		if tt.name == "an unknown game" {
			args[2] = "chess"
		}
		_, _, err := run(t, "", args...)
		if err == nil || !strings.Contains(err.Error(), tt.says) {
			t.Errorf("%s: %v; want %q", tt.name, err, tt.says)
		}
	}
	if entries, _ := os.ReadDir(full); len(entries) != 1 {
		t.Errorf("a refused run wrote into the used directory: %v", entries)
	}
}

func writeTemp(t *testing.T, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// The pepper may come from the environment, and a real game's card names
// are found.
func TestCodesGeneratePepperFromEnvironment(t *testing.T) {
	t.Setenv(pepperEnv, testPepperSecret)
	g, err := engine.Lookup("athernum")
	if err != nil {
		t.Skip("athernum is not registered")
	}
	card := g.Cards()[0].Name
	dir := t.TempDir()
	if _, _, err := run(t, "", "codes", "generate", "athernum", "--card", strings.ToUpper(card), "-n", "1", "--out", dir); err != nil {
		t.Fatal(err)
	}
	rows := csvRows(t, filepath.Join(dir, "codes.csv"))
	if len(rows) != 2 || rows[1][2] != card {
		t.Fatalf("codes.csv: %v", rows)
	}
}

func TestCodesCheck(t *testing.T) {
	const good = "7KQ2M-XP0AH-3VTBD-9RW4F"
	tests := []struct {
		args []string
		code int
		says string
	}{
		{[]string{good}, 0, good + ": well-formed"},
		{[]string{"7kq2m", "xpoah", "3vtbd", "9rw4f"}, 0, good + ": well-formed"},
		{[]string{"kartenwerk:code/" + good}, 0, "well-formed"},
		{[]string{"https://cards.example/register?code=" + good}, 0, "well-formed"},
		{[]string{"7KQ2M-XP0AH-3VTBD-9RW4E"}, 1, "the check character does not match: a character was mistyped or two were swapped"},
		{[]string{"7KQ2M-XP0AH-3VTBD-9RW4"}, 1, "19 letters and digits where a code has 20: 1 missing"},
		{[]string{"7KQ2M-XP0AH-3VTBD-9RW4+"}, 1, "character 23, '+', is neither a digit nor a letter"},
	}
	for _, tt := range tests {
		out, _, err := run(t, "", append([]string{"codes", "check"}, tt.args...)...)
		if exitCode(err) != tt.code || !strings.Contains(out, tt.says) {
			t.Errorf("codes check %v: exit %d (%v), output %q; want exit %d saying %q", tt.args, exitCode(err), err, out, tt.code, tt.says)
		}
	}
}

func TestNearestNamesPreferContainingNames(t *testing.T) {
	cards := []engine.CardInfo{{Name: "Sprout"}, {Name: "Ember Warlord"}, {Name: "Ember"}, {Name: "Spark"}, {Name: "Ember Warlord"}}
	got := strings.Join(nearestNames(cards, "warlord", 2), ", ")
	if !strings.HasPrefix(got, `"Ember Warlord", `) {
		t.Errorf("nearest to warlord: %s", got)
	}
	got = strings.Join(nearestNames(cards, "spor", 5), ", ")
	if got != `"Spark", "Sprout", "Ember", "Ember Warlord"` {
		t.Errorf("nearest to spor, each name once: %s", got)
	}
}
