package codes

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
)

// hashesHeader is the first row of a hashes file.
var hashesHeader = []string{"hash", "game", "card", "printing"}

// WriteHashes writes the server's list: hash, game, card, printing. It
// holds no code and no serial, so it cannot tie a hash to a printed sheet.
func (r *Run) WriteHashes(w io.Writer, p Pepper) error {
	return writeRows(w, hashesHeader, len(r.Codes), func(i int) []string {
		return []string{p.Hash(r.Codes[i]).String(), r.Game, r.Card, r.Printing.Printing}
	})
}

// HashRecord is one row of a hashes file: a printed code's hash and what
// it is printed on.
type HashRecord struct {
	Hash Hash
	Printing
}

// ReadHashes reads a hashes file as WriteHashes writes it, for the server
// to import. It refuses the whole file, naming the line, when a row is
// malformed or repeats a hash: a repeat means two runs' files were joined
// or a file was imported twice.
func ReadHashes(r io.Reader) ([]HashRecord, error) {
	cr := csv.NewReader(r) // the header fixes the number of fields
	header, err := cr.Read()
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("hashes file: %w", err)
	}
	if !slices.Equal(header, hashesHeader) {
		return nil, fmt.Errorf("a hashes file starts with the line %q, written by `kartenwerk codes generate`", "hash,game,card,printing")
	}
	var out []HashRecord
	seen := map[Hash]int{}
	for {
		row, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("hashes file: %w", err)
		}
		line, _ := cr.FieldPos(0)
		rec, err := hashRecord(row)
		if err != nil {
			return nil, fmt.Errorf("hashes file, line %d: %w", line, err)
		}
		if first, ok := seen[rec.Hash]; ok {
			return nil, fmt.Errorf("hashes file, line %d: the hash of line %d again; import each run's file once", line, first)
		}
		seen[rec.Hash] = line
		out = append(out, rec)
	}
}

func hashRecord(row []string) (HashRecord, error) {
	h, err := ParseHash(row[0])
	if err != nil {
		return HashRecord{}, err
	}
	rec := HashRecord{Hash: h, Printing: Printing{Game: row[1], Card: row[2], Printing: row[3]}}
	if rec.Game == "" || rec.Card == "" || rec.Printing.Printing == "" {
		return HashRecord{}, fmt.Errorf("the game, card and printing may not be empty (got %q, %q, %q)", rec.Game, rec.Card, rec.Printing.Printing)
	}
	return rec, nil
}
