package mystimons

import (
	"fmt"
	"sort"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
)

// ValidateDeck checks the construction rules MM-8 and lists every problem.
func (g *Game) ValidateDeck(d engine.DeckList) []engine.Problem { return g.pool.validate(d) }

func (p *Pool) validate(d engine.DeckList) []engine.Problem {
	var probs []engine.Problem
	counts := map[int]int{}
	first := map[int]engine.DeckEntry{}
	var order []int // card definitions in order of first appearance
	total, energy, champions, stage1 := 0, 0, 0, 0
	var champEntry engine.DeckEntry
	for _, e := range d.Entries {
		if e.Section != "" {
			probs = append(probs, d.Problem(e, fmt.Sprintf("section %q is not part of a MystiMons deck", e.Section), "remove the section line; a deck is one list of 40-60 cards"))
			continue
		}
		i, ok := p.byName[strings.ToLower(e.Card)]
		if !ok {
			probs = append(probs, cardpool.NoSuchCard(d, e, "mystimons", cardpool.Names(p.defs, func(c *cardDef) string { return c.name })))
			continue
		}
		if _, seen := first[i]; !seen {
			first[i] = e
			order = append(order, i)
		}
		counts[i] += e.Count
		total += e.Count
		def := &p.defs[i]
		switch {
		case def.kind == kEnergy:
			energy += e.Count
		case def.kind == kMon && def.stage == 5:
			champions += e.Count
			champEntry = e
		case def.kind == kMon && def.stage == 1:
			stage1 += e.Count
		}
	}
	if total < 40 || total > 60 {
		probs = append(probs, engine.Problem{File: d.Source, Subject: d.Name, Msg: fmt.Sprintf("the deck has %d cards; it must have 40 to 60 (MM-8.1)", total), Fix: "add or remove cards"})
	}
	for _, i := range order {
		n := counts[i]
		def := &p.defs[i]
		basicEnergy := def.kind == kEnergy && def.elem != elemAny
		limit := int(def.limit)
		if basicEnergy && def.limit == 3 {
			continue // MM-8.2, MM-10.2: basic energy is exempt
		}
		if n > limit {
			rule := "MM-8.2"
			switch {
			case def.kind == kEnergy && def.elem == elemAny && limit == 1:
				rule = "MM-8.4"
			case limit != 3:
				rule = "MM-8.7"
			}
			probs = append(probs, d.Problem(first[i], fmt.Sprintf("%d copies; at most %d are allowed (%s)", n, limit, rule), fmt.Sprintf("keep %d", limit)))
		}
	}
	if champions > 1 {
		probs = append(probs, d.Problem(champEntry, fmt.Sprintf("%d Champions; a deck holds at most 1 (MM-8.3)", champions), "keep one Champion"))
	}
	if total > 0 && energy < 10 {
		probs = append(probs, engine.Problem{File: d.Source, Subject: d.Name, Msg: fmt.Sprintf("%d energy cards; at least 10 are needed (MM-8.5; Double Energy is an Action, MM-10.1)", energy), Fix: "add basic energy"})
	}
	for _, i := range order {
		def := &p.defs[i]
		if def.kind != kMon || def.stage < 2 || def.stage > 4 {
			continue // MM-10.13: a Champion needs no chain
		}
		if from := def.from; from >= 0 && counts[from] == 0 {
			probs = append(probs, d.Problem(first[i], fmt.Sprintf("evolves from %s, which is not in the deck (MM-8.6)", p.defs[from].name), "add "+p.defs[from].name+" (and its own chain down to Stage 1)"))
		}
	}
	if total > 0 && stage1 == 0 {
		probs = append(probs, engine.Problem{File: d.Source, Subject: d.Name, Msg: "no Stage 1 MystiMon: no hand could ever be kept (MM-3.4) or an Active placed (MM-3.5)", Fix: "add Stage 1 MystiMons"})
	}
	// Whole-deck problems first, then by line.
	sort.SliceStable(probs, func(a, b int) bool { return probs[a].Line < probs[b].Line })
	return probs
}
