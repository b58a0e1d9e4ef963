package server

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// tradesShown is how many trades GET /api/trades returns.
const tradesShown = 200

// TradeRequest is the body of POST /api/trades: copies of one printing
// given to the account named To. From, if sent, must be the session's
// own username: a trade gives the giver's own cards only.
type TradeRequest struct {
	From     string `json:"from,omitempty"`
	To       string `json:"to"`
	Game     string `json:"game"`
	Card     string `json:"card"`
	Printing string `json:"printing"`
	Count    int    `json:"count"`
}

func (srv *Server) tradeRoutes(m *http.ServeMux) {
	m.HandleFunc("POST /api/trades", srv.withDecks(srv.handleTrade))
	m.HandleFunc("GET /api/trades", srv.withDecks(srv.handleTrades))
}

// withDecks answers 501 on a store that keeps no decks or trades.
func (srv *Server) withDecks(h http.HandlerFunc) http.HandlerFunc {
	return srv.withCodes(func(w http.ResponseWriter, r *http.Request) {
		if _, ok := srv.store.(DeckStore); !ok {
			writeError(w, http.StatusNotImplemented, "this server's store keeps no decks or trades")
			return
		}
		h(w, r)
	})
}

func (srv *Server) deckStore() DeckStore { return srv.store.(DeckStore) }

func (srv *Server) handleTrade(w http.ResponseWriter, r *http.Request) {
	ss, _, ok := srv.mustLogIn(w, r)
	if !ok {
		return
	}
	req, ok := bodyOf[TradeRequest](srv, w, r)
	if !ok {
		return
	}
	if req.From != "" && usernameKey(req.From) != usernameKey(ss.Username) {
		writeError(w, http.StatusForbidden, fmt.Sprintf("you are logged in as %s and can give only your own cards, not %s's: log in as %s to give theirs", ss.Username, req.From, req.From))
		return
	}
	if err := checkTrade(req, ss.Username); err != nil {
		srv.httpError(w, err)
		return
	}
	to, err := srv.acct.store.AccountByName(r.Context(), req.To)
	if errors.Is(err, ErrNoAccount) {
		writeError(w, http.StatusNotFound, fmt.Sprintf("there is no account %q: check the username with the person you trade with", req.To))
		return
	}
	if err != nil {
		srv.httpError(w, err)
		return
	}
	t := Trade{ID: newToken(), Giver: ss.Owner, Receiver: to.ID, From: ss.Username, To: to.Username,
		Card:  CardPrinting{Game: clean(req.Game), Card: strings.TrimSpace(req.Card), Printing: strings.TrimSpace(req.Printing)},
		Count: req.Count, At: srv.acct.now()}
	err = srv.deckStore().TradeCards(r.Context(), t)
	if errors.Is(err, ErrNotOwned) {
		srv.refuseTrade(w, r, ss.Owner, t)
		return
	}
	if err != nil {
		srv.httpError(w, err)
		return
	}
	srv.log.Info("cards traded", "from", t.From, "to", t.To, "game", t.Card.Game, "card", t.Card.Card, "count", t.Count)
	writeJSON(w, http.StatusCreated, t)
}

// checkTrade refuses a trade that cannot be meant: no card, no copies,
// or a gift to oneself.
func checkTrade(req TradeRequest, username string) error {
	switch {
	case strings.TrimSpace(req.To) == "":
		return badInput("name the account to give the cards to (to)")
	case usernameKey(req.To) == usernameKey(username):
		return badInput("you cannot give cards to yourself: name another account in to")
	case strings.TrimSpace(req.Game) == "" || strings.TrimSpace(req.Card) == "" || strings.TrimSpace(req.Printing) == "":
		return badInput("name the game, card and printing to give, as your collection lists them")
	case req.Count < 1 || req.Count > 99:
		return badInput("count %d is out of range: give 1 to 99 copies", req.Count)
	}
	return nil
}

// refuseTrade says how many copies the giver holds, with 409.
func (srv *Server) refuseTrade(w http.ResponseWriter, r *http.Request, owner string, t Trade) {
	have := 0
	entries, err := srv.codes.Collection(r.Context(), owner)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	for _, e := range entries {
		if e.CardPrinting == t.Card {
			have = e.Count
		}
	}
	writeError(w, http.StatusConflict, fmt.Sprintf("you own %d of %s (%s, %s) and cannot give %d: register more copies or give fewer",
		have, t.Card.Card, t.Card.Printing, t.Card.Game, t.Count))
}

func (srv *Server) handleTrades(w http.ResponseWriter, r *http.Request) {
	ss, _, ok := srv.mustLogIn(w, r)
	if !ok {
		return
	}
	trades, err := srv.deckStore().Trades(r.Context(), ss.Owner, tradesShown)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string][]Trade{"trades": trades})
}
