package cardpool

import (
	"errors"
	"fmt"
	"iter"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"

	"kartenwerk/engine"
)

// CardFiles lists the pool's card files, oldest layer first
// (engine.CardSource).
func (p *Pool[F, E, P]) CardFiles() []engine.CardFile {
	out := make([]engine.CardFile, len(p.files))
	for i, f := range p.files {
		out[i] = engine.CardFile{Name: f.Name, Data: f.Data}
	}
	return out
}

// EditCard returns a card file that, added with WithCards, changes the
// named card's fields to the values in set (adding a field it lacks) and
// leaves every other card as it is: the file in force for the card (the
// newest that names it), whole, since its file-level fields (a colour, a
// faction) apply to its cards, with that one entry edited. The file keeps
// its comments and layout where its text can be edited in place
// (editInText).
func EditCard(files []engine.CardFile, card string, set map[string]any) (engine.CardFile, error) {
	out, err := EditCards(files, map[string]map[string]any{card: set})
	if err != nil {
		return engine.CardFile{}, err
	}
	return out[0], nil
}

// EditCards is EditCard for several cards at once: edits maps each card's
// name to its fields' new values. Cards of one file are edited in one
// copy of it, so that no card is named by two override files.
func EditCards(files []engine.CardFile, edits map[string]map[string]any) ([]engine.CardFile, error) {
	docs := map[int]yaml.MapSlice{}                // the files decoded so far, by index
	touched := map[int]map[string]map[string]any{} // the edits of each file holding an edited card, by card key
	for _, card := range slices.Sorted(maps.Keys(edits)) {
		i, list, j, err := locate(files, docs, card)
		if err != nil {
			return nil, err
		}
		if touched[i] == nil {
			touched[i] = map[string]map[string]any{}
		}
		touched[i][key(card)] = edits[card]
		entry := list[j].(yaml.MapSlice)
		for _, field := range slices.Sorted(maps.Keys(edits[card])) {
			entry = setField(entry, field, edits[card][field])
		}
		list[j] = entry // list shares its array with the decoded file
	}
	var out []engine.CardFile
	for i := range files {
		if touched[i] == nil {
			continue
		}
		data, ok := editInText(files[i].Data, touched[i], docs[i])
		if !ok {
			var err error
			if data, err = yaml.Marshal(docs[i]); err != nil {
				return nil, fmt.Errorf("%s: %w", files[i].Name, err)
			}
		}
		out = append(out, engine.CardFile{Name: path.Base(files[i].Name), Data: data})
	}
	return out, nil
}

// locate finds the newest file that names the card, and the card's cards
// list and index in it, decoding files into docs as it goes.
func locate(files []engine.CardFile, docs map[int]yaml.MapSlice, card string) (int, []any, int, error) {
	for i := len(files) - 1; i >= 0; i-- {
		doc, ok := docs[i]
		if !ok {
			if err := engine.YAMLUnmarshal(files[i].Data, &doc, yaml.UseOrderedMap()); err != nil {
				return 0, nil, 0, fmt.Errorf("%s: %w", files[i].Name, err)
			}
			docs[i] = doc
		}
		if list, j, found := findCard(doc, card); found {
			return i, list, j, nil
		}
	}
	var names []string
	for i := range files {
		for c := range cardEntries(docs[i]) {
			for _, kv := range c.entry {
				if kv.Key == "name" {
					names = append(names, fmt.Sprint(kv.Value))
				}
			}
		}
	}
	return 0, nil, 0, &NoCardError{Card: card, Near: NearestNames(card, slices.Values(names), 3)}
}

// NoCardError is the error of a card name that no card file holds, with
// the nearest names of the cards there are. Game, which a caller that
// knows it sets, names the game in the pointer to its card list.
type NoCardError struct {
	Card string
	Near []string
	Game string
}

func (e *NoCardError) Error() string {
	list := "`kartenwerk cards GAME`"
	if e.Game != "" {
		list = "`kartenwerk cards " + e.Game + "`"
	}
	if len(e.Near) == 0 {
		return fmt.Sprintf("no card named %q: give a card's name as %s lists it", e.Card, list)
	}
	quoted := make([]string, len(e.Near))
	for i, n := range e.Near {
		quoted[i] = strconv.Quote(n)
	}
	near := quoted[0]
	if len(quoted) > 1 {
		near = strings.Join(quoted[:len(quoted)-1], ", ") + " or " + quoted[len(quoted)-1]
	}
	return fmt.Sprintf("no card named %q; did you mean %s? (%s lists every card)", e.Card, near, list)
}

// InGame names game in the error of a card name that no card file of it
// holds (a *NoCardError); any other error comes back as it is.
func InGame(err error, game string) error {
	var nc *NoCardError
	if errors.As(err, &nc) && nc.Game == "" {
		c := *nc
		c.Game = game
		return &c
	}
	return err
}

// cardEntry is one entry of a card file's cards list, with the list and
// the index that hold it, so that the entry can be replaced in place.
type cardEntry struct {
	list  []any
	at    int
	entry yaml.MapSlice
}

// cardEntries yields the entries of doc's cards list, in file order.
func cardEntries(doc yaml.MapSlice) iter.Seq[cardEntry] {
	return func(yield func(cardEntry) bool) {
		for _, item := range doc {
			list, ok := item.Value.([]any)
			if item.Key != "cards" || !ok {
				continue
			}
			for j, e := range list {
				if entry, ok := e.(yaml.MapSlice); ok && !yield(cardEntry{list, j, entry}) {
					return
				}
			}
		}
	}
}

// findCard finds the entry named card (any case) in doc's cards list.
func findCard(doc yaml.MapSlice, card string) ([]any, int, bool) {
	for c := range cardEntries(doc) {
		for _, kv := range c.entry {
			if kv.Key == "name" && key(fmt.Sprint(kv.Value)) == key(card) {
				return c.list, c.at, true
			}
		}
	}
	return nil, 0, false
}

// setField sets field of entry to value, in its place, or adds it.
func setField(entry yaml.MapSlice, field string, value any) yaml.MapSlice {
	for k := range entry {
		if strings.EqualFold(fmt.Sprint(entry[k].Key), field) {
			entry[k].Value = value
			return entry
		}
	}
	return append(entry, yaml.MapItem{Key: field, Value: value})
}

// NumberFields lists the whole-number fields of the named card's entry
// in the file in force for it, in the entry's order, with their values:
// the fields a sweep can vary. Fields of the file (a colour) and fields
// that are not whole numbers ("2/1", a list) are left out.
func NumberFields(files []engine.CardFile, card string) ([]engine.Stat, error) {
	return NewFieldReader(files).NumberFields(card)
}

// FieldReader reads cards' number fields from card files, decoding each
// file once however many cards are read.
type FieldReader struct {
	files []engine.CardFile
	docs  map[int]yaml.MapSlice // the files decoded so far, by index
}

// NewFieldReader reads from files, oldest layer first.
func NewFieldReader(files []engine.CardFile) *FieldReader {
	return &FieldReader{files: files, docs: map[int]yaml.MapSlice{}}
}

// NumberFields is NumberFields of the reader's files.
func (fr *FieldReader) NumberFields(card string) ([]engine.Stat, error) {
	_, list, j, err := locate(fr.files, fr.docs, card)
	if err != nil {
		return nil, err
	}
	var out []engine.Stat
	for _, kv := range list[j].(yaml.MapSlice) {
		if v, ok := engine.WholeNumber(kv.Value); ok {
			out = append(out, engine.Stat{Name: fmt.Sprint(kv.Key), Value: v})
		}
	}
	return out, nil
}
