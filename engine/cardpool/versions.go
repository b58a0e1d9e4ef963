package cardpool

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/goccy/go-yaml"

	"kartenwerk/engine"
)

// Dated versions (errata): a card entry may list `versions`, each a day
// from which some of its fields change, with the publisher's note and a
// clarification:
//
//	- name: Ember Tyrant
//	  cost: 5
//	  versions:
//	    - from: 2026-12-01
//	      cost: 6
//	      errata: "Cost raised from 5 to 6."
//	      clarification: "Its Objective may be used the turn it enters."
//
// A pool is built for one day: each entry takes the fields of every
// version from that day or earlier, in date order. Problems in a file
// with versions name the lines of the file as in force on that day.

// dateLayout is how days are written.
const dateLayout = "2006-01-02"

// Today is the current day in UTC, as card versions count days.
func Today() string { return time.Now().UTC().Format(dateLayout) }

// inForce returns f with its entries' versions resolved on date, and the
// file's errata (every version, in force or not).
func inForce(f File, date string) (File, []engine.Erratum, engine.Problems) {
	if !bytes.Contains(f.Data, []byte("versions")) {
		return f, nil, nil
	}
	var doc yaml.MapSlice
	if err := engine.YAMLUnmarshal(f.Data, &doc, yaml.UseOrderedMap()); err != nil {
		return f, nil, nil // the decoder reports it, with its line
	}
	var errata []engine.Erratum
	var probs engine.Problems
	changed := false
	for c := range cardEntries(doc) {
		resolved, es, ps, had := resolveEntry(f.Name, c.entry, date)
		errata, probs = append(errata, es...), append(probs, ps...)
		if had {
			c.list[c.at], changed = resolved, true
		}
	}
	if !changed || len(probs) > 0 {
		return f, errata, probs
	}
	data, err := yaml.Marshal(doc)
	if err != nil {
		return f, errata, engine.Problems{{File: f.Name, Msg: err.Error()}}
	}
	return File{Name: f.Name, Data: data, Layer: f.Layer}, errata, nil
}

// resolveEntry applies an entry's versions in force on date and drops
// its versions list; had tells whether it had one.
func resolveEntry(file string, entry yaml.MapSlice, date string) (yaml.MapSlice, []engine.Erratum, engine.Problems, bool) {
	k := slices.IndexFunc(entry, func(it yaml.MapItem) bool { return it.Key == "versions" })
	if k < 0 {
		return entry, nil, nil, false
	}
	name := ""
	for _, it := range entry {
		if it.Key == "name" {
			name = fmt.Sprint(it.Value)
		}
	}
	versions, probs := readVersions(file, name, entry[k].Value)
	out := slices.Delete(slices.Clone(entry), k, k+1)
	for _, v := range versions {
		if v.From > date {
			continue
		}
		for _, field := range slices.Sorted(maps.Keys(v.Changes)) {
			out = setField(out, field, v.Changes[field])
		}
	}
	return out, versions, probs, true
}

// readVersions checks and sorts a card's versions.
func readVersions(file, card string, raw any) ([]engine.Erratum, engine.Problems) {
	list, ok := raw.([]any)
	if !ok {
		return nil, engine.Problems{{File: file, Subject: card, Msg: "versions must be a list of dated changes",
			Fix: "write versions: [{from: 2026-12-01, cost: 6, errata: \"...\"}]"}}
	}
	var out []engine.Erratum
	var probs engine.Problems
	for i, item := range list {
		v, ok := item.(yaml.MapSlice)
		if !ok {
			probs = append(probs, engine.Problem{File: file, Subject: card, Msg: fmt.Sprintf("version %d is not a mapping", i+1), Fix: "give each version from: and the fields it changes"})
			continue
		}
		e := engine.Erratum{Card: card, Changes: map[string]any{}}
		for _, it := range v {
			switch key := fmt.Sprint(it.Key); key {
			case "from":
				e.From = day(it.Value)
			case "errata":
				e.Note = fmt.Sprint(it.Value)
			case "clarification":
				e.Clarification = fmt.Sprint(it.Value)
			default:
				e.Changes[key] = it.Value
			}
		}
		if _, err := time.Parse(dateLayout, e.From); err != nil {
			probs = append(probs, engine.Problem{File: file, Subject: card, Msg: fmt.Sprintf("version %d has no valid from: date (%q)", i+1, e.From), Fix: "write the day it takes effect as from: 2026-12-01"})
			continue
		}
		out = append(out, e)
	}
	slices.SortStableFunc(out, func(a, b engine.Erratum) int { return compareStrings(a.From, b.From) })
	return out, probs
}

// day reads a from: value, which YAML may have made a time.
func day(v any) string {
	if t, ok := v.(time.Time); ok {
		return t.UTC().Format(dateLayout)
	}
	return fmt.Sprint(v)
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// CheckDate reads a day as card versions count them.
func CheckDate(date string) error {
	if _, err := time.Parse(dateLayout, date); err != nil {
		return fmt.Errorf("date %q: write a day as YYYY-MM-DD, e.g. 2026-12-01", date)
	}
	return nil
}

// Date is the day whose texts the pool holds.
func (p *Pool[F, E, P]) Date() string { return p.date }

// Errata lists every dated version of the pool's cards, oldest first.
func (p *Pool[F, E, P]) Errata() []engine.Erratum { return slices.Clone(p.errata) }

// At returns the pool with the card texts in force on date. Pools are
// built once per set of versions in force (the newest erratum on or
// before the day), however many days are asked for, so that asking for
// every day of a calendar builds no more pools than there are errata.
func (p *Pool[F, E, P]) At(date string) (*Pool[F, E, P], error) {
	if err := CheckDate(date); err != nil {
		return nil, err
	}
	if date == p.date || len(p.errata) == 0 {
		return p, nil // no version differs between days
	}
	key := inForceFrom(p.errata, date)
	built, ok := p.days.Load(key)
	if !ok {
		q, err := buildAt(p.rules, p.sources, date)
		if err != nil {
			return nil, err
		}
		q.days = p.days
		built, _ = p.days.LoadOrStore(key, q)
	}
	day := *built.(*Pool[F, E, P]) // the same pool, named for the day asked
	day.date = date
	return &day, nil
}

// inForceFrom is the day of the newest erratum in force on date ("" for
// none): the days with one key play the same texts.
func inForceFrom(errata []engine.Erratum, date string) string {
	key := ""
	for _, e := range errata {
		if e.From <= date && e.From > key {
			key = e.From
		}
	}
	return key
}

// At is a game's At: p.At(date) made into the game by game.
func At[F, E, P any](p *Pool[F, E, P], date string, game func(*Pool[F, E, P]) engine.Game) (engine.Game, error) {
	c, err := p.At(date)
	if err != nil {
		return nil, err
	}
	return game(c), nil
}

// versionsSchema describes a card's dated versions for editors: the
// fields a version changes are the card's own, which the resolved card is
// checked against.
var versionsSchema = map[string]any{
	"type":        "array",
	"description": "dated versions (errata): from that day on, the fields given replace the card's",
	"items": map[string]any{
		"type":     "object",
		"required": []any{"from"},
		"properties": map[string]any{
			"from":          map[string]any{"type": "string", "pattern": `^\d{4}-\d{2}-\d{2}$`, "description": "the day it takes effect, YYYY-MM-DD"},
			"errata":        map[string]any{"type": "string", "description": "the publisher's note on the change"},
			"clarification": map[string]any{"type": "string", "description": "how the card plays"},
		},
	},
}

// withVersions adds the versions field to the card entries of a game's
// card schema.
func withVersions(game string, data []byte) []byte {
	var sch map[string]any
	if err := json.Unmarshal(data, &sch); err != nil {
		panic(game + ": cards/schema.json: " + err.Error()) // embedded: a build bug
	}
	props, _ := sch["properties"].(map[string]any)
	cards, _ := props["cards"].(map[string]any)
	items, _ := cards["items"].(map[string]any)
	fields, _ := items["properties"].(map[string]any)
	if fields == nil {
		return data
	}
	fields["versions"] = versionsSchema
	out, err := json.MarshalIndent(sch, "", "  ")
	if err != nil {
		panic(game + ": " + err.Error())
	}
	return out
}
