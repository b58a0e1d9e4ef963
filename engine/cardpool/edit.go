package cardpool

import (
	"fmt"
	"maps"
	"path"
	"slices"
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
// faction) apply to its cards, with that one entry edited. Comments and
// layout are not kept.
func EditCard(files []engine.CardFile, card string, set map[string]any) (engine.CardFile, error) {
	for i := len(files) - 1; i >= 0; i-- {
		doc, list, j, err := findCard(files[i], card)
		if err != nil {
			return engine.CardFile{}, err
		}
		if list == nil {
			continue
		}
		entry := list[j].(yaml.MapSlice)
		for _, field := range slices.Sorted(maps.Keys(set)) {
			entry = setField(entry, field, set[field])
		}
		list[j] = entry
		data, err := yaml.Marshal(doc)
		if err != nil {
			return engine.CardFile{}, fmt.Errorf("%s: %w", files[i].Name, err)
		}
		return engine.CardFile{Name: path.Base(files[i].Name), Data: data}, nil
	}
	return engine.CardFile{}, fmt.Errorf("no card named %q: give a card's name as `kartenwerk cards` lists it", card)
}

// findCard decodes f in order and returns its cards list and the index
// of the entry named card (any case); a nil list when f has no such card.
func findCard(f engine.CardFile, card string) (yaml.MapSlice, []any, int, error) {
	var doc yaml.MapSlice
	if err := yaml.UnmarshalWithOptions(f.Data, &doc, yaml.UseOrderedMap()); err != nil {
		return nil, nil, 0, fmt.Errorf("%s: %w", f.Name, err)
	}
	for _, item := range doc {
		list, ok := item.Value.([]any)
		if item.Key != "cards" || !ok {
			continue
		}
		for j, e := range list {
			entry, ok := e.(yaml.MapSlice)
			if !ok {
				continue
			}
			for _, kv := range entry {
				if kv.Key == "name" && key(fmt.Sprint(kv.Value)) == key(card) {
					return doc, list, j, nil
				}
			}
		}
	}
	return doc, nil, 0, nil
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
