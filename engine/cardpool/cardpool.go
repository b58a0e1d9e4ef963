// Package cardpool loads a game's card pool and preset decks the same way
// for every game: the card files (cards/*.yaml) and preset deck lists
// (decks/*.txt) compiled into the game, and the files a designer adds with
// `kartenwerk --cards DIR`.
//
// Every card file is decoded strictly and checked by the game, and against
// the game's JSON Schema (cards/schema.json) for what the game's checks
// let pass; every problem names its file and line. A designer's directory is one layer on top of the game's
// own files, and means the same in every game:
//
//   - a card file named like a card file of an earlier layer replaces
//     that file whole: a card it no longer has leaves the pool, which is
//     how a card is removed or renamed (copy the game's file, edit it); a
//     card renamed in its place is renamed in earlier presets too;
//   - a card whose name (ignoring case) is not in the pool is added;
//   - a card named like a card of an earlier layer replaces it, in its
//     place in the card list;
//   - a deck list (*.txt) adds a preset, or replaces the preset of its
//     `name:` (else its file name).
//
// Two cards or presets of one name in one layer are a problem. Every
// preset is checked against the resulting pool; one that the changed cards
// make illegal is an error that says why and how to mend it, never
// silently left out (a caller that says which, as the lab does, may have
// such presets left out: LeavingOutIllegal).
//
// A game supplies only what is its own (Rules): how a card file is laid
// out, how its cards become the game's pool, the card list with rules text
// and the deck construction rules.
package cardpool

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"

	"kartenwerk/engine"
)

// Rules is what a game gives the pool loader. F is the YAML layout of a
// card file, E one card entry of it, P the game's built pool.
type Rules[F, E, P any] struct {
	// Game is the game's id, for the fixes problems suggest.
	Game string
	// Files holds the game's own cards/*.yaml, cards/schema.json and
	// decks/*.txt.
	Files fs.FS
	// Entries lists the card entries of a decoded file, in file order
	// (entry i is the value at "$.cards[i]"), and checks what the file
	// says for all its cards (a colour).
	Entries func(yf *engine.YAMLFile, file *F) ([]E, engine.Problems)
	// Name is an entry's card name, as written.
	Name func(E) string
	// Aside picks the YAML files that are not card files (an element
	// chart): they are neither schema-checked nor decoded, but handed to
	// Build as they are, in layer order. Nil: every file is a card file.
	Aside func(name string) bool
	// Build makes the pool of the cards that remain once later layers
	// replaced earlier ones, in card-list order, and checks what takes
	// the whole pool (references between cards, counts). Problems name
	// file and line through Card.Problem.
	Build func(cards []Card[E], aside []File) (P, engine.Problems)
	// Validate checks a deck against the construction rules.
	Validate func(pool P, d engine.DeckList) []engine.Problem
	// Info lists the pool's cards with rules text generated from the data.
	Info func(pool P) []engine.CardInfo
	// Ready, if set, is called with the checked presets, for what the game
	// derives from them (decks resolved to cards, a default preset); its
	// problems fail the load.
	Ready func(pool P, presets []engine.DeckList) engine.Problems
}

// CardList is the layout of a card file that is a list of cards and
// nothing else, for Rules whose Entries is ListEntries.
type CardList[E any] struct {
	Cards []E `yaml:"cards"`
}

// ListEntries is the Entries of a CardList file.
func ListEntries[E any](_ *engine.YAMLFile, f *CardList[E]) ([]E, engine.Problems) {
	return f.Cards, nil
}

// File is one card file or deck list as the loader reads it.
type File struct {
	// Name is the file as problems name it: "cards/fire.yaml", or
	// "mine.yaml" from a --cards directory.
	Name string
	Data []byte
	// Layer is 0 for the game's own files; each WithCards adds one.
	Layer int
}

// Card is one card entry of a file, with where it was written.
type Card[E any] struct {
	Entry E
	// File is the decoded file, which can still say on which line a value
	// stood.
	File *engine.YAMLFile
	// Index is the entry's place in its file, At its YAML path:
	// 3 and "$.cards[3]".
	Index int
	At    string
	Layer int
}

// Problem makes a Problem located at field of the card ("" for the card
// itself, "cost", "abilities[2]"), or at the card when the field is not
// written.
func (c Card[E]) Problem(field, subject, msg, fix string) engine.Problem {
	at := c.At
	if field != "" {
		at += "." + field
	}
	p := c.File.Problem(at, subject, msg, fix)
	if p.Line == 0 {
		p.Line = c.File.Line(c.At)
	}
	return p
}

// Line is the line of the card's entry.
func (c Card[E]) Line() int { return c.File.Line(c.At) }

// Pool is a loaded card pool with its presets. It is read-only and may be
// shared by every state and goroutine.
type Pool[F, E, P any] struct {
	rules *Rules[F, E, P]
	pool  P
	sources
	presets []engine.DeckList
	infos   []engine.CardInfo
	// date is the day whose card versions are in force; errata lists
	// every version of every card.
	date   string
	errata []engine.Erratum
	// days caches the pools of these files built for other days, shared
	// by all of them, so that games of one day share one pool.
	days *sync.Map
}

// Shipped returns a function that loads the game's own files once, when
// first asked. They are checked by the game's tests, so a problem in them
// is a bug in the shipped data and panics with every problem listed.
func Shipped[F, E, P any](r *Rules[F, E, P]) func() *Pool[F, E, P] {
	return sync.OnceValue(func() *Pool[F, E, P] {
		p, err := Load(r)
		if err != nil {
			panic(r.Game + ": the shipped cards or presets are broken:\n" + err.Error())
		}
		return p
	})
}

// Load reads the game's own files.
func Load[F, E, P any](r *Rules[F, E, P]) (*Pool[F, E, P], error) {
	files, err := readFiles(r.Files, "cards", "*.yaml", 0)
	if err != nil {
		return nil, err
	}
	decks, err := readFiles(r.Files, "decks", "*.txt", 0)
	if err != nil {
		return nil, err
	}
	return build(r, sources{files: files, decks: decks})
}

// LoadFiles loads the card files given (name -> YAML) in place of the
// game's own, in name order and with no presets: for tests of the game's
// checks and of card interactions.
func LoadFiles[F, E, P any](r *Rules[F, E, P], files map[string][]byte) (*Pool[F, E, P], error) {
	names := slices.Sorted(maps.Keys(files))
	list := make([]File, len(names))
	for i, n := range names {
		list[i] = File{Name: n, Data: files[n]}
	}
	return build(r, sources{files: list})
}

// With returns the pool with the card files (*.yaml) and deck lists
// (*.txt) at the root of fsys added as a new layer; see the package doc.
// p itself is not changed.
func (p *Pool[F, E, P]) With(fsys fs.FS) (*Pool[F, E, P], error) {
	layer := p.topLayer() + 1
	files, err := readFiles(fsys, ".", "*.yaml", layer)
	if err != nil {
		return nil, err
	}
	decks, err := readFiles(fsys, ".", "*.txt", layer)
	if err != nil {
		return nil, err
	}
	if len(files)+len(decks) == 0 {
		return nil, fmt.Errorf("no card files (*.yaml) or deck lists (*.txt) found: write cards as described by `kartenwerk schema %s` in files such as mine.yaml, and preset deck lists in files such as mine.txt", p.rules.Game)
	}
	_, leaveOut := fsys.(leavingOut)
	renames := append(slices.Clone(p.renames), p.renamesIn(files)...)
	q, err := build(p.rules, sources{
		files:    p.replacing(files),
		decks:    append(slices.Clone(p.decks), decks...),
		renames:  renames,
		leaveOut: leaveOut || p.leaveOut,
	})
	var probs engine.Problems
	if errors.As(err, &probs) && !ownProblems(probs, files) {
		return nil, append(probs, p.leftOutBy(files, renames)...)
	}
	return q, err
}

// ownProblems says whether any of probs is at a line of one of the newer
// files: a file that does not decode or a card of it that does not
// check. Its own problems are then all there is to say: that it leaves
// out the older file's cards follows only from a mistake in it. A
// problem of the whole pool (a colour with too few cards) has no line,
// and is what leaving the cards out explains.
func ownProblems(probs engine.Problems, newer []File) bool {
	return slices.ContainsFunc(probs, func(q engine.Problem) bool {
		return q.Line > 0 && slices.ContainsFunc(newer, func(f File) bool { return q.File == f.Name })
	})
}

// leftOutBy explains, for a build that failed, each newer file that
// replaces an older one and leaves out some of its cards: a designer's
// file of a few changed cards, named like the game's file, now takes its
// place rather than adding to it.
func (p *Pool[F, E, P]) leftOutBy(newer []File, renames []rename) engine.Problems {
	var out engine.Problems
	for _, n := range newer {
		i := p.replacedBy(n)
		if i < 0 {
			continue
		}
		var missing []string
		kept := cardNames(n.Data)
		for _, name := range cardNames(p.files[i].Data) {
			renamed := slices.ContainsFunc(renames, func(r rename) bool { return key(r.from) == key(name) })
			if !renamed && !slices.ContainsFunc(kept, sameName(name)) {
				missing = append(missing, name)
			}
		}
		if len(missing) > 0 {
			out = append(out, engine.Problem{File: n.Name,
				Msg: fmt.Sprintf("this file takes the place of the game's %s, leaving out %d of its cards (%s)", path.Base(n.Name), len(missing), abbreviate(missing)),
				Fix: "to change some cards only, give this file another name, such as changes.yaml: it then adds to the game's cards; to remove cards, copy the game's whole file and delete them"})
		}
	}
	return out
}

// abbreviate lists the first names, and how many more there are.
func abbreviate(names []string) string {
	const shown = 4
	if len(names) <= shown {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:shown], ", "), len(names)-shown)
}

// sources are what a pool is built from.
type sources struct {
	// files are the card files as written, every layer, for WithCards and
	// At to build on; decks the deck lists, likewise.
	files, decks []File
	// renames are the cards renamed in copies of their files, for the
	// presets of earlier layers.
	renames []rename
	// leaveOut leaves out the presets of earlier layers that later ones
	// make illegal, where they are otherwise refused (LeavingOutIllegal).
	leaveOut bool
}

// replacing is the pool's files with the newer ones: a card file named
// like an older one takes its place, so that the card list keeps its
// order; the rest come after. Files aside (an element chart) add to the
// older ones instead.
func (p *Pool[F, E, P]) replacing(newer []File) []File {
	out := slices.Clone(p.files)
	for _, n := range newer {
		if i := p.replacedBy(n); i >= 0 {
			out[i] = n
		} else {
			out = append(out, n)
		}
	}
	return out
}

// replacedBy is the index of the pool's file that the newer file n
// replaces, a card file of an earlier layer and the same base name, or -1.
// Newer files have names of their own, so the index holds while they
// take their places (replacing).
func (p *Pool[F, E, P]) replacedBy(n File) int {
	return slices.IndexFunc(p.files, func(f File) bool {
		return f.Layer < n.Layer && path.Base(f.Name) == path.Base(n.Name) && (p.rules.Aside == nil || !p.rules.Aside(path.Base(f.Name)))
	})
}

// Or is p, or the shipped set when p is nil, as in a game's zero value.
func (p *Pool[F, E, P]) Or(shipped func() *Pool[F, E, P]) *Pool[F, E, P] {
	if p == nil {
		return shipped()
	}
	return p
}

// With is a game's WithCards: p.With(fsys) made into the game by game.
func With[F, E, P any](p *Pool[F, E, P], fsys fs.FS, game func(*Pool[F, E, P]) engine.Game) (engine.Game, error) {
	c, err := p.With(fsys)
	if err != nil {
		return nil, err
	}
	return game(c), nil
}

// Pool is the game's built pool.
func (p *Pool[F, E, P]) Pool() P { return p.pool }

// Cards lists the cards with rules text generated from the data.
func (p *Pool[F, E, P]) Cards() []engine.CardInfo { return slices.Clone(p.infos) }

// Presets lists the preset decks: the game's own in file order, a
// replaced one in its place, added ones after them.
func (p *Pool[F, E, P]) Presets() []engine.DeckList { return slices.Clone(p.presets) }

// ValidateDeck checks a deck against the game's construction rules.
func (p *Pool[F, E, P]) ValidateDeck(d engine.DeckList) []engine.Problem {
	return p.rules.Validate(p.pool, d)
}

// Schema is the JSON Schema of the game's card files.
func Schema[F, E, P any](r *Rules[F, E, P]) []byte {
	data, err := fs.ReadFile(r.Files, "cards/schema.json")
	if err != nil {
		panic(r.Game + ": " + err.Error()) // embedded with the code: a build bug
	}
	return withVersions(r.Game, data)
}

// build loads the card files and deck lists of every layer, with the
// card versions in force today and the presets naming renamed cards by
// their new names.
func build[F, E, P any](r *Rules[F, E, P], src sources) (*Pool[F, E, P], error) {
	return buildAt(r, src, Today())
}

// buildAt is build with the card versions in force on date.
func buildAt[F, E, P any](r *Rules[F, E, P], src sources, date string) (*Pool[F, E, P], error) {
	files := src.files
	sch, err := engine.CompileSchema(r.Game+"-cards.json", Schema(r))
	if err != nil {
		return nil, err
	}
	resolved := make([]File, len(files))
	var errata []engine.Erratum
	var probs engine.Problems
	for i, f := range files {
		var es []engine.Erratum
		var ps engine.Problems
		resolved[i], es, ps = inForce(f, date)
		errata, probs = append(errata, es...), append(probs, ps...)
	}
	if len(probs) > 0 {
		return nil, probs
	}
	d := decodeFiles(r, sch, resolved)
	pool, ps := r.Build(d.cards, d.aside)
	if len(d.probs) > 0 {
		ps = ofCards(ps)
	}
	probs = append(d.probs, ps...)
	if probs = append(probs, unlessFound(d.schemaProbs, probs)...); len(probs) > 0 {
		return nil, probs
	}
	slices.SortStableFunc(errata, func(a, b engine.Erratum) int { return compareStrings(a.From, b.From) })
	p := &Pool[F, E, P]{rules: r, pool: pool, sources: src, date: date, errata: errata, days: &sync.Map{}}
	if probs := p.readPresets(); len(probs) > 0 {
		return nil, probs
	}
	p.infos = r.Info(pool)
	return p, nil
}

// ofCards is the problems of ps at a card's line, for a pool built
// while some file or card did not decode: what the whole pool lacks (a
// colour with too few cards, a market with none) then follows from the
// cards left out, and would only mislead. A pool whose cards all decode
// keeps them: a card missing from it is the designer's to hear of, and
// a card's problem may follow from it (a keyword naming the missing Haut).
func ofCards(ps engine.Problems) engine.Problems {
	var out engine.Problems
	for _, p := range ps {
		if p.Line > 0 {
			out = append(out, p)
		}
	}
	return out
}

// readFiles reads the files of dir matching pattern, in name order, as
// one layer.
func readFiles(fsys fs.FS, dir, pattern string, layer int) ([]File, error) {
	names, err := fs.Glob(fsys, path.Join(dir, pattern))
	if err != nil {
		return nil, err
	}
	out := make([]File, 0, len(names))
	for _, n := range names {
		data, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, err
		}
		out = append(out, File{Name: n, Data: data, Layer: layer})
	}
	return out, nil
}

// topLayer is the layer of the newest files.
func (p *Pool[F, E, P]) topLayer() int {
	top := 0
	for _, files := range [][]File{p.files, p.decks} {
		for _, f := range files {
			top = max(top, f.Layer)
		}
	}
	return top
}

// key is the name two cards or presets share when one replaces the other.
func key(name string) string { return strings.ToLower(strings.TrimSpace(name)) }
