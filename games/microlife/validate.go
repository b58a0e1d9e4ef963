package microlife

import (
	"strconv"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
)

// Starter decks are fixed (ML-8.1): 8 cards in the deck and the permanent
// cards in play. A deck list writes the deck in its main section and the
// cards in play from the start in a "play:" section.
const starterSize = 8

// usePresets keeps the checked presets and lays the first one out for
// games that name no decks (newTable).
func usePresets(c *catalog, presets []engine.DeckList) engine.Problems {
	c.presets = presets
	if len(presets) > 0 { // none only for cards loaded alone (cardpool.LoadFiles)
		c.table = newTable(c)
	}
	return nil
}

// ValidateDeck checks a starter deck list (ML-3.2, ML-3.3, ML-8.1) and
// lists every problem.
func (g Game) ValidateDeck(d engine.DeckList) []engine.Problem {
	return validateDeck(g.catalog(), d)
}

func validateDeck(c *catalog, d engine.DeckList) []engine.Problem {
	var probs []engine.Problem
	for _, e := range d.Entries {
		i, ok := c.lookup(e.Card)
		switch {
		case e.Section != "" && e.Section != "play":
			probs = append(probs, d.Spoken(words, e, "deck.section", "section", strconv.Quote(e.Section)))
		case !ok:
			probs = append(probs, cardpool.NoSuchCard(d, e, "microlife", cardpool.Names(c.defs, func(c *cardDef) string { return c.name })))
		case c.defs[i].typ == tMutation:
			probs = append(probs, d.Spoken(words, e, "deck.mutation"))
		case e.Section == "play" && c.defs[i].typ != tDauer:
			probs = append(probs, d.Spoken(words, e, "deck.play"))
		}
	}
	if n := d.Size(""); n != starterSize {
		// The fix says how many cards to add or remove, and the deck.
		key, missing := "deck.size_short", starterSize-n
		if n > starterSize {
			key, missing = "deck.size_long", n-starterSize
		}
		probs = append(probs, d.Whole(words, key, "n", n, "want", starterSize, "missing", missing,
			"cards", "1 Haut, 1 Dendritische Zelle, 1 Nahrung, 1 kleine Nahrung, 1 Adenovirus, 2 E.Coli, 1 UV-Strahlung"))
	}
	return probs
}
