package server

import (
	"errors"
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
			writeRefusal(w, refuse(http.StatusNotImplemented, "no_trade_store"))
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
		writeRefusal(w, refuse(http.StatusForbidden, "trade_not_yours", "me", ss.Username, "from", req.From))
		return
	}
	if err := checkTrade(req, ss.Username); err != nil {
		srv.httpError(w, err)
		return
	}
	to, err := srv.acct.store.AccountByName(r.Context(), req.To)
	if errors.Is(err, ErrNoAccount) {
		writeRefusal(w, refuse(http.StatusNotFound, "no_trade_partner", "name", req.To))
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
		return refuse(http.StatusBadRequest, "trade_no_partner")
	case usernameKey(req.To) == usernameKey(username):
		return refuse(http.StatusBadRequest, "trade_self")
	case strings.TrimSpace(req.Game) == "" || strings.TrimSpace(req.Card) == "" || strings.TrimSpace(req.Printing) == "":
		return refuse(http.StatusBadRequest, "trade_no_card")
	case req.Count < 1 || req.Count > 99:
		return refuse(http.StatusBadRequest, "trade_count", "n", req.Count)
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
	writeRefusal(w, refuse(http.StatusConflict, "trade_too_many", "have", have, "card", t.Card.Card, "printing", t.Card.Printing, "n", t.Count))
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
