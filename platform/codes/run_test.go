package codes

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var testPrinting = Printing{Game: "athernum", Card: "Wächter, der Erste", Printing: "first edition"}

func TestNewRunRefuses(t *testing.T) {
	for _, tt := range []struct {
		p    Printing
		n    int
		says string
	}{
		{testPrinting, 0, "1 to 100000 codes, not 0"},
		{testPrinting, MaxRun + 1, "split larger printings"},
		{Printing{Game: "athernum", Card: "X"}, 5, "needs a game, a card and a printing"},
	} {
		if _, err := NewRun(tt.p, tt.n); err == nil || !strings.Contains(err.Error(), tt.says) {
			t.Errorf("NewRun(%+v, %d) = %v, want %q", tt.p, tt.n, err, tt.says)
		}
	}
}

// A run draws again when the source repeats a code.
func TestNewRunSkipsRepeats(t *testing.T) {
	pool := sampleCodes(t, 3)
	drawn := []Code{pool[0], pool[0], pool[1], pool[0], pool[2]}
	next := func() (Code, error) {
		c := drawn[0]
		drawn = drawn[1:]
		return c, nil
	}
	r, err := newRunFrom(testPrinting, 3, next)
	if err != nil || !slices.Equal(r.Codes, pool) {
		t.Fatalf("codes %v (%v), want %v", r.Codes, err, pool)
	}
}

func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// WriteDir writes the printer's CSV and images and the server's hashes,
// and the hashes file holds no code.
func TestWriteDir(t *testing.T) {
	r, err := NewRun(testPrinting, 12)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "run")
	p := testPepper(t, testSecret)
	if err := r.WriteDir(dir, Link{}, p, 4); err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, filepath.Join(dir, RunFiles.Codes))
	if len(rows) != 13 || !slices.Equal(rows[0], []string{"code", "game", "card", "printing", "serial"}) {
		t.Fatalf("codes.csv: %v", rows)
	}
	want := []string{r.Codes[11].String(), "athernum", "Wächter, der Erste", "first edition", "12"}
	if !slices.Equal(rows[12], want) {
		t.Errorf("last row %v, want %v", rows[12], want)
	}
	hashes := readCSV(t, filepath.Join(dir, RunFiles.Hashes))
	if len(hashes) != 13 || !slices.Equal(hashes[0], []string{"hash", "game", "card", "printing"}) {
		t.Fatalf("hashes.csv: %v", hashes)
	}
	raw, _ := os.ReadFile(filepath.Join(dir, RunFiles.Hashes))
	for i, c := range r.Codes {
		h, err := ParseHash(hashes[i+1][0])
		if err != nil || !p.Matches(c, h) || !slices.Equal(hashes[i+1][1:], want[1:4]) {
			t.Errorf("hash row %d: %v (%v)", i+1, hashes[i+1], err)
		}
		if strings.Contains(string(raw), c.Compact()[:10]) {
			t.Errorf("hashes.csv holds code %s", c)
		}
		for _, ext := range []string{".png", ".svg"} {
			name := filepath.Join(dir, RunFiles.QR, fmt.Sprintf("%02d", i+1)+ext)
			if fi, err := os.Stat(name); err != nil || fi.Size() == 0 || fi.Mode().Perm() != 0o600 {
				t.Errorf("%s: %v %v", name, fi, err)
			}
		}
	}
	if err := r.WriteDir(dir, Link{}, p, 4); err == nil || !strings.Contains(err.Error(), "already holds files (codes.csv, …)") {
		t.Fatalf("a second run into one directory: %v", err)
	}
}

// A run that fails while writing leaves neither its directory nor the
// hidden one it wrote into.
func TestWriteDirLeavesNothingOnFailure(t *testing.T) {
	r, err := NewRun(testPrinting, 2)
	if err != nil {
		t.Fatal(err)
	}
	parent := t.TempDir()
	dir := filepath.Join(parent, "run")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	long, _ := NewLink("https://cards.example/" + strings.Repeat("x", 3000)) // too long for any QR version
	if err := r.WriteDir(dir, long, testPepper(t, testSecret), 4); err == nil || !strings.Contains(err.Error(), "QR code of") {
		t.Fatalf("an unencodable payload: %v", err)
	}
	entries, _ := os.ReadDir(parent)
	inside, _ := os.ReadDir(dir)
	if len(entries) != 1 || len(inside) != 0 {
		t.Fatalf("after a failed run the parent holds %v and the directory %v", entries, inside)
	}
	if err := r.WriteDir(dir, Link{}, testPepper(t, testSecret), 0); err == nil || !strings.Contains(err.Error(), "at least 1 pixel a module") {
		t.Fatalf("0 pixels a module: %v", err)
	}
	if err := r.WriteDir(dir, Link{}, testPepper(t, testSecret), 1); err != nil {
		t.Fatalf("a run into the existing empty directory: %v", err)
	}
	entries, _ = os.ReadDir(parent)
	inside, _ = os.ReadDir(dir)
	if len(entries) != 1 || len(inside) != 3 {
		t.Fatalf("after a run the parent holds %v and the directory %v", entries, inside)
	}
}

// ReadHashes reads back what WriteHashes writes, and refuses a file with a
// bad row or a repeated hash, naming the line.
func TestReadHashes(t *testing.T) {
	r, err := NewRun(testPrinting, 3)
	if err != nil {
		t.Fatal(err)
	}
	p := testPepper(t, testSecret)
	var b strings.Builder
	if err := r.WriteHashes(&b, p); err != nil {
		t.Fatal(err)
	}
	recs, err := ReadHashes(strings.NewReader(b.String()))
	if err != nil || len(recs) != 3 {
		t.Fatalf("ReadHashes: %v, %v", recs, err)
	}
	for i, rec := range recs {
		if !p.Matches(r.Codes[i], rec.Hash) || rec.Printing != testPrinting {
			t.Errorf("record %d: %+v", i, rec)
		}
	}
	lines := strings.SplitAfter(b.String(), "\n")
	for name, tt := range map[string]struct{ file, says string }{
		"no header":     {strings.Join(lines[1:], ""), `starts with the line "hash,game,card,printing"`},
		"empty":         {"", `starts with the line`},
		"a repeat":      {b.String() + lines[2], "line 5: the hash of line 3 again"},
		"a short hash":  {lines[0] + "abc,athernum,X,first\n", "line 2: hash \"abc\": 3 hex digits"},
		"a lost field":  {lines[0] + lines[1] + "00,athernum,X\n", "line 3"},
		"an empty card": {lines[0] + strings.Replace(lines[1], `"Wächter, der Erste"`, "", 1), "may not be empty"},
	} {
		if _, err := ReadHashes(strings.NewReader(tt.file)); err == nil || !strings.Contains(err.Error(), tt.says) {
			t.Errorf("%s: %v, want %q", name, err, tt.says)
		}
	}
}
