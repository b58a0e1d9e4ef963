package cardpool

import (
	"errors"
	"fmt"
	"path"
	"slices"

	"kartenwerk/engine"
)

// decoded is what the card files of every layer hold.
type decoded[E any] struct {
	cards  []Card[E] // merged by name, in card-list order
	byName map[string]int
	aside  []File
	probs  engine.Problems
	// schemaProbs are the schema's problems of files that decode, which
	// count only where the game's checks find nothing (unlessFound).
	schemaProbs engine.Problems
}

// decodeFiles decodes every card file strictly and merges its cards by
// name. The schema explains a file that does not decode (the decoder
// stops at its first mistake); the schema problems of a file that decodes
// are kept apart, as the game's own checks say more where they find
// something.
func decodeFiles[F, E, P any](r *Rules[F, E, P], sch *engine.Schema, files []File) *decoded[E] {
	d := &decoded[E]{byName: map[string]int{}}
	for _, f := range files {
		if r.Aside != nil && r.Aside(path.Base(f.Name)) {
			d.aside = append(d.aside, f)
			continue
		}
		schemaPs := explainSchema(r.Game, f.Data, sch.Validate(f.Name, f.Data))
		var layout F
		yf, err := engine.DecodeYAML(f.Name, f.Data, &layout)
		if err != nil {
			if len(schemaPs) == 0 {
				schemaPs = AsProblems(err)
			}
			d.probs = append(d.probs, schemaPs...)
			continue
		}
		d.schemaProbs = append(d.schemaProbs, schemaPs...)
		entries, ps := r.Entries(yf, &layout)
		d.probs = append(d.probs, ps...)
		for i, e := range entries {
			d.add(Card[E]{Entry: e, File: yf, Index: i, At: fmt.Sprintf("$.cards[%d]", i), Layer: f.Layer}, r.Name(e))
		}
	}
	return d
}

// add merges a card: one of a later layer takes the place of the earlier
// card of its name, so that card lists keep their order, and one of an
// earlier layer gives way to a later one met first (a file that replaced
// an older one stands in its place); one name twice in a layer is a
// problem.
func (d *decoded[E]) add(c Card[E], name string) {
	k := key(name)
	j, seen := d.byName[k]
	switch {
	case k == "": // the game's checks say that a card needs a name
		d.cards = append(d.cards, c)
	case !seen:
		d.byName[k] = len(d.cards)
		d.cards = append(d.cards, c)
	case d.cards[j].Layer < c.Layer:
		d.cards[j] = c
	case d.cards[j].Layer > c.Layer:
		// replaced already, by a card of a file that stands in an older
		// file's place
	default:
		prev := d.cards[j]
		d.probs = append(d.probs, c.Problem("name", name,
			fmt.Sprintf("the name is used by another card (%s:%d)", prev.File.Name, prev.Line()),
			"give every card its own name"))
	}
}

// unlessFound keeps the schema problems of the files in which found has
// none.
func unlessFound(schemaProbs, found engine.Problems) engine.Problems {
	var out engine.Problems
	for _, p := range schemaProbs {
		if !slices.ContainsFunc(found, func(q engine.Problem) bool { return q.File == p.File }) {
			out = append(out, p)
		}
	}
	return out
}

// explainSchema names the card of each schema problem, which knows only
// the path ("$.cards[3].hp"), and says where the schema is.
func explainSchema(game string, data []byte, ps engine.Problems) engine.Problems {
	var loose struct {
		Cards []struct {
			Name string `yaml:"name"`
		} `yaml:"cards"`
	}
	_ = engine.YAMLUnmarshal(data, &loose) // best effort: the names only label problems
	for i, p := range ps {
		var k int
		if _, err := fmt.Sscanf(p.Subject, "$.cards[%d]", &k); err == nil && k < len(loose.Cards) && loose.Cards[k].Name != "" {
			ps[i].Subject = loose.Cards[k].Name + " (" + p.Subject + ")"
		}
		if p.Fix == "" {
			ps[i].Fix = "see the card schema (kartenwerk schema " + game + ")"
		}
	}
	return ps
}

// AsProblems turns a loader's error into Problems: a Problem or Problems
// as they are, any other error as one Problem.
func AsProblems(err error) engine.Problems {
	var ps engine.Problems
	var p engine.Problem
	switch {
	case errors.As(err, &ps):
		return ps
	case errors.As(err, &p):
		return engine.Problems{p}
	}
	return engine.Problems{{Msg: err.Error()}}
}
