package lab

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	"kartenwerk/engine"
)

// What a game's card schema (engine.SchemaProvider) tells the lab of its
// card files: the fields, their order, their allowed values and bounds.

// fieldLimit is the least and the most a card's number field may be, as
// the game's card schema says (nil: no bound on that side).
type fieldLimit struct {
	Min, Max *int
}

// cardSchema is what a game's card schema says of a file's and a card's
// fields: their keys in the schema's order, and the values and bounds of
// a card's fields.
type cardSchema struct {
	topKeys, cardKeys []string
	card              map[string]schemaField
}

type schemaField struct {
	Enum  []string
	Limit fieldLimit
}

var schemas sync.Map // game id -> *cardSchema

// schemaOf reads g's card schema (engine.SchemaProvider); a game without
// one knows no fields.
func schemaOf(g engine.Game) *cardSchema {
	id := g.Info().ID
	if v, ok := schemas.Load(id); ok {
		return v.(*cardSchema)
	}
	out := &cardSchema{card: map[string]schemaField{}}
	if sp, ok := g.(engine.SchemaProvider); ok {
		doc := sp.CardSchema()
		var schema struct {
			Properties struct {
				Cards struct {
					Items struct {
						Properties map[string]struct {
							Enum    []any    `json:"enum"`
							Minimum *float64 `json:"minimum"`
							Maximum *float64 `json:"maximum"`
						} `json:"properties"`
					} `json:"items"`
				} `json:"cards"`
			} `json:"properties"`
		}
		if json.Unmarshal(doc, &schema) == nil {
			for k, f := range schema.Properties.Cards.Items.Properties {
				var sf schemaField
				for _, v := range f.Enum {
					sf.Enum = append(sf.Enum, fmt.Sprint(v))
				}
				if f.Minimum != nil {
					sf.Limit.Min = ptr(int(*f.Minimum))
				}
				if f.Maximum != nil {
					sf.Limit.Max = ptr(int(*f.Maximum))
				}
				out.card[k] = sf
			}
		}
		out.topKeys = keysInOrder(doc, "properties")
		out.cardKeys = keysInOrder(doc, "properties", "cards", "items", "properties")
		out.cardKeys = slices.DeleteFunc(out.cardKeys, func(k string) bool { return k == "versions" })
	}
	schemas.Store(id, out)
	return out
}

// limit is the bound of a card's field, by its key in any case.
func (s *cardSchema) limit(field string) fieldLimit {
	if f, ok := s.card[field]; ok {
		return f.Limit
	}
	for k, f := range s.card {
		if strings.EqualFold(k, field) {
			return f.Limit
		}
	}
	return fieldLimit{}
}

func ptr(n int) *int { return &n }

// keysInOrder is the keys of the object at path in the JSON document, in
// the document's order.
func keysInOrder(doc []byte, path ...string) []string {
	raw := json.RawMessage(doc)
	for _, p := range path {
		var m map[string]json.RawMessage
		if json.Unmarshal(raw, &m) != nil {
			return nil
		}
		raw = m[p]
	}
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	var out []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return out
		}
		out = append(out, fmt.Sprint(tok))
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return out
		}
	}
	return out
}
