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

// CopyLimit is the most copies of a card a deck may hold, with its rule
// (engine.CopyLimiter): 0 for basic energy and for a name of no card.
func (g *Game) CopyLimit(card string) (int, string) {
	i, ok := g.pool.byName[strings.ToLower(card)]
	if !ok {
		return 0, ""
	}
	return g.pool.copyLimit(i)
}

var _ engine.CopyLimiter = (*Game)(nil)

// copyLimit is the most copies of card definition i a deck may hold and
// the rule that says so: 3 of a name (MM-8.2), 1 Aetherion's Gabe
// (MM-8.4), a card's own printed limit (MM-8.7); 0 for basic energy,
// which is exempt (MM-8.2, MM-10.2).
func (p *Pool) copyLimit(i int) (int, string) {
	def := &p.defs[i]
	limit := int(def.limit)
	switch {
	case def.kind == kEnergy && def.elem != elemAny && limit == 3:
		return 0, ""
	case def.kind == kEnergy && def.elem == elemAny && limit == 1:
		return limit, "MM-8.4"
	case limit != 3:
		return limit, "MM-8.7"
	}
	return limit, "MM-8.2"
}

// A deck holds 40 to 60 cards (MM-8.1).
const (
	minDeck = 40
	maxDeck = 60
)

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
	switch { // MM-8.1; the fix says how many cards to add or remove
	case total < minDeck:
		probs = append(probs, d.Whole(words, "deck.size_short", "n", total, "missing", minDeck-total))
	case total > maxDeck:
		probs = append(probs, d.Whole(words, "deck.size_long", "n", total, "missing", total-maxDeck))
	}
	for _, i := range order {
		if limit, rule := p.copyLimit(i); limit > 0 && counts[i] > limit {
			probs = append(probs, d.Spoken(words, first[i], "deck.copies", "n", counts[i], "limit", limit, "rule", rule))
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
