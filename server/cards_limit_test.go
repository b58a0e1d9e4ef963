package server

import (
	"fmt"
	"strings"
	"testing"

	"kartenwerk/engine"
)

// TestCardListingGivesEachCardsCopyLimit: for every card of every game,
// the card API's limit is the one the game's deck check enforces: a deck
// with one copy more gets a copies problem that names the limit's rule,
// one with exactly the limit gets none, and a card without a limit may
// fill a deck (MystiMons' basic energy, Zynalith's and Micro-Life's cards)
// without one.
func TestCardListingGivesEachCardsCopyLimit(t *testing.T) {
	e := newEnv(t)
	capped := map[string]int{}
	for _, g := range e.srv.games.list {
		id := g.Info().ID
		var cards []ListedCard
		if code, body := e.call("GET", "/api/catalog/"+id+"/cards", nil, &cards); code != 200 {
			t.Fatalf("%s's cards: %d %s", id, code, body)
		}
		for _, c := range cards {
			if c.Limit == 0 {
				if p, ok := copiesProblem(g, c.Name, 60); ok {
					t.Errorf("%s lists %s without a limit, but 60 copies get %q", id, c.Name, p.Msg)
				}
				continue
			}
			capped[id]++
			if c.LimitRule == "" {
				t.Errorf("%s lists %s with a limit of %d and no rule", id, c.Name, c.Limit)
			}
			if p, ok := copiesProblem(g, c.Name, c.Limit); ok {
				t.Errorf("%s lists %s with a limit of %d, but that many get %q", id, c.Name, c.Limit, p.Msg)
			}
			p, ok := copiesProblem(g, c.Name, c.Limit+1)
			switch {
			case !ok:
				t.Errorf("%s lists %s with a limit of %d, but %d copies get no copies problem", id, c.Name, c.Limit, c.Limit+1)
			case !strings.Contains(p.Msg, c.LimitRule):
				t.Errorf("%s lists %s's limit under %s, but the check says %q", id, c.Name, c.LimitRule, p.Msg)
			}
		}
	}
	// The games whose rules cap copies have their caps in the listing.
	for _, id := range []string{"athernum", "mystimons", "mysticelements"} {
		if _, offered := e.srv.games.byID[id]; offered && capped[id] == 0 {
			t.Errorf("no card of %s is listed with a limit", id)
		}
	}
	var mm []ListedCard
	e.call("GET", "/api/catalog/mystimons/cards", nil, &mm)
	for _, c := range mm {
		if c.Name == "Embrix" && (c.Limit != 3 || c.LimitRule != "MM-8.2") {
			t.Errorf("Embrix is listed with a limit of %d (%s), want 3 (MM-8.2)", c.Limit, c.LimitRule)
		}
		if c.Name == "Fire Energy" && c.Limit != 0 {
			t.Errorf("Fire Energy, a basic energy, is listed with a limit of %d, want none (MM-10.2)", c.Limit)
		}
	}
}

// copiesProblem is the copies problem (deck.copies) g's deck check finds
// in a deck of n copies of card, if any.
func copiesProblem(g engine.Game, card string, n int) (engine.Problem, bool) {
	d := engine.DeckList{Name: fmt.Sprintf("%d %s", n, card), Entries: []engine.DeckEntry{{Count: n, Card: card, Line: 1}}}
	for _, p := range g.ValidateDeck(d) {
		if strings.HasSuffix(p.Key, "copies") && strings.EqualFold(p.Subject, card) {
			return p, true
		}
	}
	return engine.Problem{}, false
}
