package server

import (
	"context"
	"net/http"
	"strings"

	"kartenwerk/engine"
)

// The "physical cards only" rule an organiser may set for a ranked queue
// or a tournament: a deck is legal there only if its account has
// registered every copy the deck lists (any printing counts).

// checkOwned lists a problem for every card the deck lists more copies of
// (over all its sections) than account holds in game; none: the account
// owns the whole deck. Names match in any case, as deck lists do.
func (srv *Server) checkOwned(ctx context.Context, account, game string, deck engine.DeckList) ([]engine.Problem, error) {
	short, err := srv.shortOf(ctx, account, game, deck)
	if err != nil {
		return nil, err
	}
	problems := []engine.Problem{}
	for _, s := range short {
		problems = append(problems, ownedProblem(deck, s.entry, s.listed, s.owned))
	}
	return problems, nil
}

// shortage is a card a deck lists more copies of than an account owns:
// its first entry in the list, the copies listed and those owned.
type shortage struct {
	entry         engine.DeckEntry
	listed, owned int
}

// shortOf lists, in list order, the cards deck lists more copies of (over
// all its sections) than account holds in game.
func (srv *Server) shortOf(ctx context.Context, account, game string, deck engine.DeckList) ([]shortage, error) {
	entries, err := srv.codes.Collection(ctx, account)
	if err != nil {
		return nil, err
	}
	owned := map[string]int{}
	for _, e := range entries {
		if e.Game == game {
			owned[clean(e.Card)] += e.Count
		}
	}
	listed := map[string]int{}
	var order []engine.DeckEntry // each card's first entry, in list order
	for _, e := range deck.Entries {
		key := clean(e.Card)
		if _, seen := listed[key]; !seen {
			order = append(order, e)
		}
		listed[key] += e.Count
	}
	var short []shortage
	for _, e := range order {
		if want, have := listed[clean(e.Card)], owned[clean(e.Card)]; want > have {
			short = append(short, shortage{e, want, have})
		}
	}
	return short, nil
}

// ownedProblem says that the deck lists more copies of e's card than the
// account owns, in the shared words of deck lists.
func ownedProblem(deck engine.DeckList, e engine.DeckEntry, listed, owned int) engine.Problem {
	if owned == 0 {
		return deck.Spoken(nil, e, "deck.owned_none", "listed", listed, "owned", owned, "card", e.Card)
	}
	return deck.Spoken(nil, e, "deck.owned_some", "listed", listed, "owned", owned, "more", listed-owned, "card", e.Card)
}

// requireOwned refuses a deck for an event ("tournament" or "ranked")
// with the "physical cards only" rule unless account owns every copy it
// lists, with a problem per card short.
func (srv *Server) requireOwned(ctx context.Context, account, game string, deck engine.DeckList, event string) error {
	if srv.codes == nil {
		return refuse(http.StatusBadRequest, "physical_"+event+"_no_codes")
	}
	return srv.ownedOr(ctx, account, game, deck, refuse(http.StatusBadRequest, "physical_"+event+"_unowned"))
}

// ownedOr returns r, with a problem per card short, unless account owns
// every copy deck lists in game.
func (srv *Server) ownedOr(ctx context.Context, account, game string, deck engine.DeckList, r *refusal) error {
	ps, err := srv.checkOwned(ctx, account, game, deck)
	if err != nil || len(ps) == 0 {
		return err
	}
	r.problems = ps
	return r
}

// copiesOf counts the copies of a card (by name, any printing, in any
// case) that entries hold in game.
func copiesOf(entries []CollectionEntry, game, card string) int {
	n := 0
	for _, e := range entries {
		if e.Game == game && clean(e.Card) == clean(card) {
			n += e.Count
		}
	}
	return n
}

// listedOf counts the copies of a card (by name, in any case) a deck
// lists over all its sections.
func listedOf(deck engine.DeckList, card string) int {
	n := 0
	for _, e := range deck.Entries {
		if clean(e.Card) == clean(card) {
			n += e.Count
		}
	}
	return n
}

// ownsRankedDeck applies the ranked queue's "physical cards only" rule.
func (srv *Server) ownsRankedDeck(ctx context.Context, account, game string, deck engine.DeckList) error {
	if !srv.cfg.Ranked.PhysicalOnly {
		return nil
	}
	return srv.requireOwned(ctx, account, game, deck, "ranked")
}

// OwnedResponse is the answer of POST /api/decks/owned.
type OwnedResponse struct {
	OK       bool             `json:"ok"`
	Problems []engine.Problem `json:"problems"`
}

// DeckListRequest is a game's deck list, as the deck builder sends it.
type DeckListRequest struct {
	Game string `json:"game"`
	List string `json:"list"`
}

// handleOwned checks a list against the session's collection, as an
// event that requires physical cards would.
func (srv *Server) handleOwned(w http.ResponseWriter, r *http.Request) {
	ss, _, ok := srv.mustLogIn(w, r)
	if !ok {
		return
	}
	g, req, ok := srv.gameDeckBody(w, r)
	if !ok {
		return
	}
	d, err := engine.ParseDeckList("deck", "deck", strings.NewReader(req.List))
	if err != nil {
		srv.httpError(w, notCards(err))
		return
	}
	ps, err := srv.checkOwned(r.Context(), ss.Owner, g.Info().ID, d)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, OwnedResponse{OK: len(ps) == 0, Problems: engine.Problems(ps).OnPage(readerLang(w), nil)})
}

// problemsOf is a deck reader's error as problems (nil for another error).
func problemsOf(err error) []engine.Problem {
	if ps, ok := err.(engine.Problems); ok {
		return ps
	}
	return nil
}

// gameDeckBody reads a DeckListRequest naming an offered game, or
// answers 400 or 404 and false.
func (srv *Server) gameDeckBody(w http.ResponseWriter, r *http.Request) (engine.Game, DeckListRequest, bool) {
	req, ok := bodyOf[DeckListRequest](srv, w, r)
	if !ok {
		return nil, req, false
	}
	g, err := srv.games.lookup(req.Game)
	if err != nil {
		srv.httpError(w, err)
		return nil, req, false
	}
	return g, req, true
}
