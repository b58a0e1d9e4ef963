package lab

import (
	"errors"
	"fmt"
	"net/http"
	"path"
	"reflect"
	"regexp"
	"strings"
	"testing/fstest"

	"github.com/goccy/go-yaml"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
	"kartenwerk/engine/i18n"
	"kartenwerk/sim"
)

// CardProblem is one mistake in the edited card file, at its line.
type CardProblem struct {
	// Seat is, for a deck list's problem, the seat (from 1) whose list
	// it is in; 0 for the card file.
	Seat    int    `json:"seat,omitempty"`
	Line    int    `json:"line,omitempty"`
	Subject string `json:"subject,omitempty"`
	Message string `json:"message"`
	Fix     string `json:"fix,omitempty"`
}

// EditedCard is a card that the edited file changes, adds or removes:
// its rules text generated from the new data (none for a removed card)
// and, for a changed or removed card, the shipped card's text.
type EditedCard struct {
	Name    string `json:"name"`
	Kind    string `json:"kind,omitempty"`
	Text    string `json:"text"`
	Was     string `json:"was,omitempty"`
	Added   bool   `json:"added,omitempty"`
	Removed bool   `json:"removed,omitempty"`
	// Changes are, for a changed card, the fields the edit changed, in
	// the card's order, each with its old and new value as written.
	Changes []FieldChange `json:"changes,omitempty"`
}

// FieldChange is one field of a card the edit changed: its key in the
// card file, its name in the reader's language, and its value before and
// after as written ("" where the card has no such field).
type FieldChange struct {
	Field string `json:"field"`
	Word  string `json:"word"`
	Was   string `json:"was"`
	Now   string `json:"now"`
}

// CardFile is one of a game's card files as the editor starts from it.
type CardFile struct {
	Name string `json:"name"`
	YAML string `json:"yaml"`
}

// cardFileName is a safe name for the edited file: the base name of the
// shipped file it started from, so that problems name it as the designer
// knows it.
var cardFileName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,40}\.yaml$`)

const editedFile = "edited.yaml"

// editedName is the name the edited file is read under.
func editedName(file string) string {
	if name := path.Base(file); cardFileName.MatchString(name) {
		return name
	}
	return editedFile
}

// withCards is base with the edited file laid over its cards; base itself
// when text is empty.
func (l *Lab) withCards(base engine.Game, file, text string) (engine.Game, error) {
	if text == "" {
		return base, nil
	}
	if len(text) > l.limits.MaxCardBytes {
		return nil, refuse(http.StatusRequestEntityTooLarge, "lab.err_cards_size", "max", l.limits.MaxCardBytes/1024)
	}
	over, ok := base.(engine.CardOverrider)
	if !ok {
		return nil, badInput("lab.err_no_card_files", "game", base.Info().Name)
	}
	// The editor holds one card file and no deck list to mend a preset
	// with: presets the edit makes illegal are left out (CheckResponse).
	g, err := over.WithCards(cardpool.LeavingOutIllegal(fstest.MapFS{editedName(file): {Data: []byte(text)}}))
	if err != nil {
		return nil, cardError(base, err, editedName(file))
	}
	return g, nil
}

// cardError is the card file's problems, each at its line in the edited
// file, named file, said for the page in its language (cardProblemsIn);
// a problem of another file (a preset's list) has no line there.
func cardError(g engine.Game, err error, file string) *Error {
	var ps engine.Problems
	if !errors.As(err, &ps) {
		ps = engine.Problems{{Msg: err.Error()}}
	}
	e := badInput("lab.err_cards", "n", len(ps))
	e.cards, e.cardGame, e.cardFile = ps, g, file
	return e
}

// editedCards lists the cards of g that differ from base's or are new,
// then those of base that g no longer has, with their texts in l.
func editedCards(base, g engine.Game, l i18n.Lang) []EditedCard {
	before := base.Cards()
	was := map[string]engine.CardInfo{}
	for _, c := range before {
		was[c.Name] = c
	}
	oldText, newText := textsIn(base, l), textsIn(g, l)
	oldFields, newFields := cardEntries(base), cardEntries(g)
	out := []EditedCard{}
	for _, c := range g.Cards() {
		old, shipped := was[c.Name]
		delete(was, c.Name)
		if shipped && reflect.DeepEqual(old, c) {
			continue
		}
		e := EditedCard{Name: c.Name, Kind: c.Kind, Text: newText[c.Name], Added: !shipped}
		if shipped {
			e.Was = oldText[c.Name]
			e.Changes = fieldChanges(g.Info().ID, oldFields[key(c.Name)], newFields[key(c.Name)], l)
		}
		out = append(out, e)
	}
	for _, c := range before {
		if _, gone := was[c.Name]; gone {
			out = append(out, EditedCard{Name: c.Name, Kind: c.Kind, Was: oldText[c.Name], Removed: true})
		}
	}
	return out
}

// textsIn maps each card of g to its rules text in l, where g speaks it.
func textsIn(g engine.Game, l i18n.Lang) map[string]string {
	cards := g.Cards()
	if sp, ok := g.(engine.Speaker); ok {
		cards = sp.CardsIn(l)
	}
	out := make(map[string]string, len(cards))
	for _, c := range cards {
		out[c.Name] = c.Text
	}
	return out
}

// cardFiles are g's own card files, for the editor to start from.
func cardFiles(g engine.Game) []CardFile {
	src, ok := g.(engine.CardSource)
	if !ok {
		return []CardFile{}
	}
	out := []CardFile{}
	for _, f := range src.CardFiles() {
		out = append(out, CardFile{Name: path.Base(f.Name), YAML: string(f.Data)})
	}
	return out
}

// key is a card's name as card files match it, in any case.
func key(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

// cardEntries maps each card of g's card files (by key) to its entry in
// the newest file that has it, as written.
func cardEntries(g engine.Game) map[string]yaml.MapSlice {
	out := map[string]yaml.MapSlice{}
	src, ok := g.(engine.CardSource)
	if !ok {
		return out
	}
	for _, f := range src.CardFiles() {
		var doc struct {
			Cards []yaml.MapSlice `yaml:"cards"`
		}
		if engine.YAMLUnmarshal(f.Data, &doc, yaml.UseOrderedMap()) != nil {
			continue
		}
		for _, e := range doc.Cards {
			for _, kv := range e {
				if fmt.Sprint(kv.Key) == "name" {
					out[key(fmt.Sprint(kv.Value))] = e
				}
			}
		}
	}
	return out
}

// fieldChanges lists the fields of a card's entry that differ between
// was and now, in now's order and then those only was has, named in
// language l.
func fieldChanges(game string, was, now yaml.MapSlice, l i18n.Lang) []FieldChange {
	var out []FieldChange
	seen := map[string]bool{}
	lookup := func(m yaml.MapSlice, k string) (any, bool) {
		for _, kv := range m {
			if fmt.Sprint(kv.Key) == k {
				return kv.Value, true
			}
		}
		return nil, false
	}
	for _, entry := range []yaml.MapSlice{now, was} {
		for _, kv := range entry {
			k := fmt.Sprint(kv.Key)
			if seen[k] || k == "versions" {
				continue
			}
			seen[k] = true
			a, _ := lookup(was, k)
			b, _ := lookup(now, k)
			if said(a) != said(b) {
				out = append(out, FieldChange{Field: k, Word: sim.FieldIn(l, game, k), Was: said(a), Now: said(b)})
			}
		}
	}
	return out
}

// said is a field's value as written: a list one item after the other,
// parted by "; ", a mapping in YAML's flow style.
func said(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = said(e)
		}
		return strings.Join(parts, "; ")
	case yaml.MapSlice, map[string]any:
		b, err := yaml.MarshalWithOptions(x, yaml.Flow(true))
		if err != nil {
			return fmt.Sprint(x)
		}
		return strings.TrimSpace(string(b))
	}
	return fmt.Sprint(v)
}
