package mystimons

import (
	"sort"
	"strconv"
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
			probs = append(probs, d.Spoken(words, e, "deck.section", "section", strconv.Quote(e.Section)))
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
		probs = append(probs, d.Whole(words, "deck.size", "n", total))
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
			probs = append(probs, d.Spoken(words, first[i], "deck.copies", "n", n, "limit", limit, "rule", rule))
		}
	}
	if champions > 1 {
		probs = append(probs, d.Spoken(words, champEntry, "deck.champions", "n", champions))
	}
	if total > 0 && energy < 10 {
		probs = append(probs, d.Whole(words, "deck.energy", "n", energy))
	}
	for _, i := range order {
		def := &p.defs[i]
		if def.kind != kMon || def.stage < 2 || def.stage > 4 {
			continue // MM-10.13: a Champion needs no chain
		}
		if from := def.from; from >= 0 && counts[from] == 0 {
			probs = append(probs, d.Spoken(words, first[i], "deck.chain", "from", p.defs[from].name))
		}
	}
	if total > 0 && stage1 == 0 {
		probs = append(probs, d.Whole(words, "deck.stage1"))
	}
	// Whole-deck problems first, then by line.
	sort.SliceStable(probs, func(a, b int) bool { return probs[a].Line < probs[b].Line })
	return probs
}
