package engine

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"kartenwerk/engine/i18n"
)

// DeckList is a deck as a player writes it: card names with counts,
// optionally in sections ("extra:", "start:") that a game gives meaning.
type DeckList struct {
	Name string `json:"name"`
	// Source is the file the list came from, for error messages.
	Source  string      `json:"source,omitempty"`
	Entries []DeckEntry `json:"entries"`
}

// DeckEntry is one line of a deck list.
type DeckEntry struct {
	Count   int    `json:"count"`
	Card    string `json:"card"`
	Section string `json:"section,omitempty"`
	Line    int    `json:"line,omitempty"`
}

// Size counts the cards in the given section ("" is the main deck).
func (d DeckList) Size(section string) int {
	n := 0
	for _, e := range d.Entries {
		if e.Section == section {
			n += e.Count
		}
	}
	return n
}

// Total counts the cards in every section.
func (d DeckList) Total() int {
	n := 0
	for _, e := range d.Entries {
		n += e.Count
	}
	return n
}

// Cards expands a section to one name per card, in list order.
func (d DeckList) Cards(section string) []string {
	var out []string
	for _, e := range d.Entries {
		if e.Section != section {
			continue
		}
		for i := 0; i < e.Count; i++ {
			out = append(out, e.Card)
		}
	}
	return out
}

// Spoken makes the Problem at entry e of the list that catalogue c words
// as key.msg and key.fix with args (see Problem.In).
func (d DeckList) Spoken(c *i18n.Catalog, e DeckEntry, key string, args ...any) Problem {
	return Spoken(Problem{File: d.Source, Line: e.Line, Subject: e.Card}, c, key, args...)
}

// Whole makes the Problem of the whole list that catalogue c words as
// key.msg and key.fix with args.
func (d DeckList) Whole(c *i18n.Catalog, key string, args ...any) Problem {
	return Spoken(Problem{File: d.Source, Subject: d.Name}, c, key, args...)
}

// Problem makes a Problem located at entry e of the list.
func (d DeckList) Problem(e DeckEntry, msg, fix string) Problem {
	return Problem{File: d.Source, Line: e.Line, Subject: e.Card, Msg: msg, Fix: fix}
}

// ReadDeckFile reads a deck list file; see ParseDeckList for the format.
func ReadDeckFile(path string) (DeckList, error) {
	f, err := os.Open(path)
	if err != nil {
		return DeckList{}, fmt.Errorf("cannot read deck file: %w", err)
	}
	defer f.Close()
	name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	return ParseDeckList(path, name, f)
}

// ParseDeckList reads a deck list. Each line is a card with an optional
// count: "3 Fire Drake", "3x Fire Drake", "Fire Drake x3" or "Fire Drake". Blank lines and
// text after '#' are ignored. "name: My Deck" names the deck, and a line
// ending in ':' ("extra:") starts a section; "main:" returns to the deck.
// Every malformed line is reported, with its line number.
func ParseDeckList(source, name string, r io.Reader) (DeckList, error) {
	d := DeckList{Name: name, Source: source}
	var problems Problems
	section := ""
	sc := bufio.NewScanner(r)
	for lineNo := 1; sc.Scan(); lineNo++ {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if v, ok := strings.CutPrefix(line, "name:"); ok {
			d.Name = strings.TrimSpace(v)
			continue
		}
		if s, ok := strings.CutSuffix(line, ":"); ok {
			section = strings.ToLower(strings.TrimSpace(s))
			if section == "main" || section == "deck" {
				section = ""
			}
			continue
		}
		e, bad := parseDeckLine(line)
		if bad != "" {
			problems = append(problems, Spoken(Problem{File: source, Line: lineNo}, i18n.Shared, bad, "n", e.Count))
			continue
		}
		e.Section, e.Line = section, lineNo
		d.Entries = append(d.Entries, e)
	}
	if err := sc.Err(); err != nil {
		return d, fmt.Errorf("%s: %w", source, err)
	}
	if len(d.Entries) == 0 && len(problems) == 0 {
		problems = append(problems, Spoken(Problem{File: source}, i18n.Shared, "deck.empty"))
	}
	return d, problems.Err()
}

// parseDeckLine reads one card line; a line it cannot read comes back
// with the key of the problem and the count it read.
func parseDeckLine(line string) (e DeckEntry, problem string) {
	first, rest, hasRest := strings.Cut(line, " ")
	count := strings.TrimSuffix(strings.ToLower(first), "x")
	n, err := strconv.Atoi(count)
	if err != nil || !hasRest {
		return trailingCount(line), ""
	}
	if n < 1 || n > 99 {
		return DeckEntry{Count: n}, "deck.count_range"
	}
	card := strings.TrimSpace(rest)
	if card == "" {
		return DeckEntry{Count: n}, "deck.count_alone"
	}
	return DeckEntry{Count: n, Card: card}, ""
}

// trailingCount reads a line with its count after the name, as many deck
// lists write it ("Fire Drake x3", "Fire Drake ×3"); a line without one is
// a single card. A name that merely ends in a number ("Phage T4") keeps it.
func trailingCount(line string) DeckEntry {
	i := strings.LastIndexByte(line, ' ')
	if i < 0 {
		return DeckEntry{Count: 1, Card: line}
	}
	last := strings.ToLower(line[i+1:])
	digits, ok := strings.CutPrefix(last, "x")
	if !ok {
		digits, ok = strings.CutPrefix(last, "×")
	}
	n, err := strconv.Atoi(digits)
	if !ok || err != nil || n < 1 || n > 99 || strings.TrimSpace(line[:i]) == "" {
		return DeckEntry{Count: 1, Card: line}
	}
	return DeckEntry{Count: n, Card: strings.TrimSpace(line[:i])}
}

// DefaultPreset picks the preset (0..presets-1) that seat (0-based) plays
// when a setup names no deck for it. Seat k takes digit k of the seed
// written in base presets, so consecutive seeds run through every ordered
// pairing of presets, mirror matches included, equally often: a batch of
// games with seeds 1..N meets each pairing N/presets^seats times (±1).
func DefaultPreset(seed uint64, seat, presets int) int {
	if presets <= 1 {
		return 0
	}
	n := uint64(presets)
	for ; seat > 0; seat-- {
		seed /= n
	}
	return int(seed % n)
}

// CopyLimiter is a Game whose construction rules cap the copies of a
// card a deck may hold, so that a deck builder can stop at the cap
// instead of letting the check report it afterwards.
type CopyLimiter interface {
	// CopyLimit is the most copies of the card named card (as printed,
	// in any case) that ValidateDeck lets a deck hold, and the id of the
	// rule that sets it ("MM-8.2"); 0 and "" for a card no rule caps and
	// for a name the game has no card of.
	CopyLimit(card string) (limit int, rule string)
}

// CopyLimitOf is g's cap on the copies of card with its rule, or 0 and ""
// for a game without one (see CopyLimiter).
func CopyLimitOf(g Game, card string) (limit int, rule string) {
	if l, ok := g.(CopyLimiter); ok {
		return l.CopyLimit(card)
	}
	return 0, ""
}

// CheckDeck lists every problem of a deck list as ParseDeckList read it:
// the lines it could not read (readErr) and then the construction rules
// the lines it read break, so that a bad count does not hide the rest.
// A readErr that is not Problems (an unreadable file) is returned as is.
func CheckDeck(g Game, d DeckList, readErr error) (Problems, error) {
	var problems Problems
	if readErr != nil {
		if !errors.As(readErr, &problems) {
			return nil, readErr
		}
	}
	if len(d.Entries) == 0 {
		return problems, nil
	}
	problems = append(problems, g.ValidateDeck(d)...)
	slices.SortStableFunc(problems, func(a, b Problem) int { return a.Line - b.Line })
	return problems, nil
}
