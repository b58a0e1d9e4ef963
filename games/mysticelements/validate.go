package mysticelements

import (
	"fmt"
	"iter"
	"strconv"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
	"kartenwerk/engine/i18n"
)

// A deck file either lists the 45 cards of its three colours ("1 Fire
// Drake", one line per card), or names the colours alone ("red", "blue",
// "green" on three lines): a colour name stands for all 15 of its cards.
// ME-8: exactly three colours, each complete, 45 cards.

// ValidateDeck reports every problem of the deck, with its line.
func (g Game) ValidateDeck(d engine.DeckList) []engine.Problem {
	_, probs := deckColours(g.pool(), d)
	return probs
}

// maxCopies is how many of one card a deck holds: the game has one of
// each (ME-2), and a deck is its colours whole (ME-8.1).
const maxCopies = 1

// CopyLimit is the most copies of a card a deck may hold, with its rule
// (engine.CopyLimiter): one of each (ME-2); 0 for a name of no card.
func (g Game) CopyLimit(card string) (int, string) {
	if _, ok := g.pool().lookup(card); !ok {
		return 0, ""
	}
	return maxCopies, "ME-2"
}

var _ engine.CopyLimiter = Game{}

// deckColours checks a deck and returns its colours.
func deckColours(p *pool, d engine.DeckList) ([]int8, engine.Problems) {
	var probs engine.Problems
	var seen [maxCards * 2]bool
	count := [nColours]int{}
	whole := [nColours]bool{}
	firstLine := [nColours]int{}
	next := int16(0) // lists usually follow the pool's order: try it first
	for _, e := range d.Entries {
		if e.Section != "" {
			probs = append(probs, d.Spoken(words, e, "deck.section", "section", strconv.Quote(e.Section)))
			continue
		}
		id, ok := next, int(next) < len(p.defs) && p.defs[next].Name == e.Card
		if !ok {
			id, ok = p.lookup(e.Card)
		}
		next = id + 1
		name := e.Card
		if !ok {
			name = strings.ToLower(strings.TrimSpace(e.Card))
		}
		if c := colourInList(name); !ok && c >= 0 {
			if whole[c] || count[c] > 0 {
				probs = append(probs, d.Spoken(words, e, "deck.colour_twice", "colour", name))
				continue
			}
			if e.Count != 1 {
				probs = append(probs, d.Spoken(words, e, "deck.colour_count", "n", e.Count, "colour", name))
			}
			whole[c] = true
			count[c] = 15
			firstLine[c] = e.Line
			continue
		}
		if !ok {
			probs = append(probs, cardpool.NoSuchCard(d, e, "mysticelements", cardsAndColours(p)))
			continue
		}
		def := &p.defs[id]
		if e.Count != maxCopies {
			probs = append(probs, d.Spoken(words, e, "deck.copies", "n", e.Count, "card", def.Name))
		}
		if seen[id] || whole[def.Colour] {
			probs = append(probs, d.Spoken(words, e, "deck.twice"))
			continue
		}
		seen[id] = true
		count[def.Colour]++
		if firstLine[def.Colour] == 0 {
			firstLine[def.Colour] = e.Line
		}
	}
	var cols []int8
	for c := int8(0); c < nColours; c++ {
		if count[c] == 0 {
			continue
		}
		cols = append(cols, c)
		if count[c] < 15 {
			var missing []string
			for _, id := range p.byColour[c] {
				if !seen[id] {
					missing = append(missing, p.defs[id].Name)
				}
			}
			// No subject: the message names the colour in the reader's
			// words, where a subject would be its id ("green").
			probs = append(probs, engine.Spoken(engine.Problem{File: d.Source, Line: firstLine[c]}, words,
				"deck.partial", "n", count[c], "colour", engine.CatalogueWord("group."+colourNames[c]), "missing", strings.Join(missing, ", ")))
		}
	}
	if len(cols) != 3 {
		names := make([]string, len(cols))
		for i, c := range cols {
			names[i] = "group." + colourNames[c]
		}
		if len(cols) == 0 {
			probs = append(probs, d.Whole(words, "deck.no_colours"))
		} else {
			probs = append(probs, d.Whole(words, "deck.colours", "n", len(cols), "colours", engine.CatalogueWords(names)))
		}
	}
	return cols, probs
}

// suggest names the closest card or colour, for typos.
func suggest(p *pool, name string) string {
	if near, ok := cardpool.Nearest(name, cardsAndColours(p)); ok {
		return fmt.Sprintf("did you mean %s? (`kartenwerk cards mysticelements` lists every card)", near)
	}
	return "check the name against `kartenwerk cards mysticelements`, or name a colour: " + strings.Join(colourNames, ", ")
}

// cardsAndColours are the names a deck line may write: every card, and
// the colours that stand for all their cards.
func cardsAndColours(p *pool) iter.Seq[string] {
	return func(yield func(string) bool) {
		for i := range p.defs {
			if !yield(p.defs[i].Name) {
				return
			}
		}
		for _, c := range colourNames {
			if !yield(c) {
				return
			}
		}
	}
}

// colourInList is the colour a deck list's line names by its id ("green")
// or by its name in any language the game speaks ("Grün", "Zelená"),
// since the problems tell a player to write the colour's name; -1 if none.
func colourInList(name string) int {
	if c := colourIndex(name); c >= 0 {
		return c
	}
	for c := range colourNames {
		for _, l := range i18n.Langs {
			if strings.EqualFold(colourWord(l, int8(c)), name) {
				return c
			}
		}
	}
	return -1
}
