package codes

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
)

// MaxRun is the most codes one print run makes: larger printings are split
// over several runs, each in its own directory.
const MaxRun = 100_000

// Printing names what a run's codes are printed on.
type Printing struct {
	Game     string // the game's id, such as athernum
	Card     string // the card's name as printed
	Printing string // the printing or edition, as the printer names it
}

// Run is the codes of one print run. The code Codes[i] has serial i+1.
type Run struct {
	Printing
	Codes []Code
}

// NewRun makes n distinct codes for one printing. Distinct across runs is
// the server's concern: it refuses a hash it already holds.
func NewRun(p Printing, n int) (*Run, error) {
	if p.Game == "" || p.Card == "" || p.Printing == "" {
		return nil, fmt.Errorf("a print run needs a game, a card and a printing (got %q, %q, %q)", p.Game, p.Card, p.Printing)
	}
	if n < 1 || n > MaxRun {
		return nil, fmt.Errorf("a print run makes 1 to %d codes, not %d: split larger printings over several runs", MaxRun, n)
	}
	return newRunFrom(p, n, New)
}

func newRunFrom(p Printing, n int, next func() (Code, error)) (*Run, error) {
	r := &Run{Printing: p, Codes: make([]Code, 0, n)}
	seen := make(map[Code]bool, n)
	for len(r.Codes) < n {
		c, err := next()
		if err != nil {
			return nil, err
		}
		if !seen[c] {
			seen[c] = true
			r.Codes = append(r.Codes, c)
		}
	}
	return r, nil
}

// WriteCSV writes the printer's list: code, game, card, printing, serial.
func (r *Run) WriteCSV(w io.Writer) error {
	return writeRows(w, []string{"code", "game", "card", "printing", "serial"}, len(r.Codes), func(i int) []string {
		return []string{r.Codes[i].String(), r.Game, r.Card, r.Printing.Printing, strconv.Itoa(i + 1)}
	})
}

func writeRows(w io.Writer, header []string, n int, row func(int) []string) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return err
	}
	for i := range n {
		if err := cw.Write(row(i)); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// Files is where WriteDir put a run, relative to its directory.
type Files struct {
	Codes  string // the printer's CSV
	Hashes string // the server's CSV
	QR     string // the directory of <serial>.png and <serial>.svg
}

// RunFiles is the layout WriteDir uses.
var RunFiles = Files{Codes: "codes.csv", Hashes: "hashes.csv", QR: "qr"}

// WriteDir writes the run into dir, which must be new or empty so that no
// earlier run's codes or hashes are overwritten: codes.csv, hashes.csv,
// and each code's QR image as qr/<serial>.png and qr/<serial>.svg, with
// modulePixels pixels a module and serials zero-padded to one width. The
// files are written into a hidden directory beside dir and renamed into
// place at the end, so a run that fails leaves no half-written dir behind.
func (r *Run) WriteDir(dir string, l Link, p Pepper, modulePixels int) error {
	if modulePixels < 1 {
		return fmt.Errorf("the QR images need at least 1 pixel a module, not %d", modulePixels)
	}
	if err := emptyDir(dir); err != nil {
		return err
	}
	parent := filepath.Dir(filepath.Clean(dir))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".partial-")
	if err != nil {
		return err
	}
	err = r.writeFiles(tmp, l, p, modulePixels)
	if err == nil {
		err = replaceEmptyDir(tmp, dir)
	}
	if err != nil {
		os.RemoveAll(tmp)
	}
	return err
}

func (r *Run) writeFiles(dir string, l Link, p Pepper, modulePixels int) error {
	if err := os.Mkdir(filepath.Join(dir, RunFiles.QR), 0o700); err != nil {
		return err
	}
	if err := writeFile(filepath.Join(dir, RunFiles.Codes), r.WriteCSV); err != nil {
		return err
	}
	if err := writeFile(filepath.Join(dir, RunFiles.Hashes), func(w io.Writer) error { return r.WriteHashes(w, p) }); err != nil {
		return err
	}
	width := len(strconv.Itoa(len(r.Codes)))
	for i, c := range r.Codes {
		base := filepath.Join(dir, RunFiles.QR, fmt.Sprintf("%0*d", width, i+1))
		if err := writeQR(base, l.Payload(c), modulePixels); err != nil {
			return err
		}
	}
	return nil
}

// replaceEmptyDir moves from to dir, which may exist if empty: os.Rename
// does not replace a directory, and os.Remove removes only an empty one.
func replaceEmptyDir(from, dir string) error {
	if err := os.Remove(dir); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return os.Rename(from, dir)
}

func writeQR(base, payload string, modulePixels int) error {
	q, err := NewQR(payload)
	if err != nil {
		return err
	}
	png, err := q.PNG(modulePixels)
	if err != nil {
		return err
	}
	if err := writeFile(base+".png", func(w io.Writer) error { _, err := w.Write(png); return err }); err != nil {
		return err
	}
	return writeFile(base+".svg", func(w io.Writer) error { return q.WriteSVG(w, modulePixels) })
}

// emptyDir refuses a directory that holds anything.
func emptyDir(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case len(entries) > 0:
		return fmt.Errorf("%s already holds files (%s, …): write each print run into a new or empty directory, so that no run's codes or hashes are overwritten",
			dir, entries[0].Name())
	}
	return nil
}

// writeFile creates path for its owner alone, since until they are printed
// and scratched off, codes are secrets; it never replaces a file.
func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	return f.Close()
}
