package server

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// Ranked games and tournaments are played with decks of the players' own,
// each chosen and locked before anyone knows whom they will meet. They
// play under the game's readings for such decks (engine.Info's
// OwnDecksVariant), so that two players may both bring blue to Mystic
// Elements; and a deck that still cannot meet another (Zynalith's shared
// stacks, which every player draws from) is refused when it is entered,
// not when its pairing is made.

// ownDecksSetup is a two-player setup of g with seed for the players' own
// decks a and b, under the game's readings for such decks.
func ownDecksSetup(g engine.Game, seed uint64, a, b engine.DeckList) engine.Setup {
	info := g.Info()
	return engine.Setup{Game: info.ID, Seats: 2, Seed: seed, Decks: []engine.DeckList{a, b},
		Variant: maps.Clone(info.OwnDecksVariant)}
}

// decksMeet says why two players' own decks a and b cannot meet in a
// game of g (with g's card texts), or nil when they can. Any deal tells,
// so it draws no seed.
func decksMeet(g engine.Game, a, b engine.DeckList) error {
	_, err := g.New(ownDecksSetup(g, 1, a, b))
	return err
}

// cannotMeet refuses a deck that cannot meet other, entered before it,
// in the game's words for why. It names neither the other player nor
// their deck, unless that deck is one of the game's presets: then the
// entrant learns which list to bring (Zynalith's shared stacks, which
// every player sees in play), and nothing of a list of anyone's own.
func cannotMeet(g engine.Game, err error, other engine.DeckList) *refusal {
	why := i18n.Phrase(func(l i18n.Lang) string { return engine.ErrorIn(err, l) })
	for _, p := range g.Presets() {
		if sameCards(p, other) {
			return refuse(http.StatusBadRequest, "deck_cannot_meet_preset", "preset", p.Name, "why", why)
		}
	}
	return refuse(http.StatusBadRequest, "deck_cannot_meet", "why", why)
}

// sameCards tells whether a and b list the same cards in the same numbers
// in each section, in whatever order, case or lines.
func sameCards(a, b engine.DeckList) bool { return cardCounts(a) == cardCounts(b) }

// cardCounts is a deck's cards and their numbers by section, one a line,
// sorted.
func cardCounts(d engine.DeckList) string {
	n := map[string]int{}
	for _, e := range d.Entries {
		n[strings.ToLower(e.Section)+": "+strings.ToLower(strings.TrimSpace(e.Card))] += e.Count
	}
	var lines []string
	for _, k := range slices.Sorted(maps.Keys(n)) {
		if n[k] != 0 {
			lines = append(lines, fmt.Sprintf("%s %d", k, n[k]))
		}
	}
	return strings.Join(lines, "\n")
}
