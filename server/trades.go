package server

import (
	"context"
	"errors"
	"net/http"
	"slices"
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

// An account may make tradeBurst trades at once, then tradeRate a
// second (12 a minute): a person trading an evening's cards never waits,
// and no client fills the store with the history of cards sent back and
// forth. Refused trades count too, as their checks read the store.
var (
	tradeRate  = 0.2
	tradeBurst = 30
)

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
	if !srv.admitBucket(w, r, "trade:account:"+ss.Owner, tradeRate, tradeBurst,
		refuse(http.StatusTooManyRequests, "trades_from_account", "rate", tradeRate*60)) {
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
	err = srv.holdCards(r.Context(), ss.Owner, func() error {
		if err := srv.inPlay(r.Context(), ss.Owner, t); err != nil {
			return err
		}
		if err := srv.inTournament(r.Context(), ss.Owner, t); err != nil {
			return err
		}
		return srv.deckStore().TradeCards(r.Context(), t)
	})
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

// inPlay refuses, under the ranked "physical cards only" rule, a trade
// that would leave the giver fewer copies of the card than the deck of
// their ranked game in play lists. The copies are on the table until the
// game ends, as at a table of physical cards: given away meanwhile, they
// could serve the receiver's own ranked game at the same time.
// (Queued and registered decks are checked again as each ranked game is
// made and each tournament round paired: pickOwning, pairedStillOwn.)
func (srv *Server) inPlay(ctx context.Context, giver string, t Trade) error {
	if !srv.cfg.Ranked.PhysicalOnly || srv.rankedStore == nil {
		return nil
	}
	m, err := srv.rankedStore.ActiveMatch(ctx, giver, t.Card.Game)
	if errors.Is(err, ErrNoMatch) {
		return nil
	}
	if err != nil {
		return err
	}
	sg, err := srv.store.LoadGame(ctx, m.GameID)
	if err != nil {
		return err
	}
	seat := 0
	if m.Accounts[1] == giver {
		seat = 1
	}
	if seat >= len(sg.Setup.Decks) {
		return nil // the game dealt decks of its own
	}
	listed := listedOf(sg.Setup.Decks[seat], t.Card.Card)
	left, short, err := srv.keptBelow(ctx, giver, t, listed)
	if err != nil || !short {
		return err
	}
	return refuse(http.StatusConflict, "trade_in_ranked_game", "card", t.Card.Card, "listed", listed,
		"left", left, "opponent", m.Usernames[1-seat], "link", "/play/"+m.GameID)
}

// keptBelow tells how many copies of t's card the giver keeps after t
// (at least 0), and whether that is fewer than listed, the copies a deck
// of theirs holds; a deck listing none asks the store nothing.
func (srv *Server) keptBelow(ctx context.Context, giver string, t Trade, listed int) (left int, short bool, err error) {
	if listed == 0 {
		return 0, false, nil
	}
	entries, err := srv.codes.Collection(ctx, giver)
	if err != nil {
		return 0, false, err
	}
	left = copiesOf(entries, t.Card.Game, t.Card.Card) - t.Count
	return max(left, 0), left < listed, nil
}

// inTournament refuses a trade that would leave the giver fewer copies
// of the card than the deck they registered in an unfinished "physical
// cards only" tournament lists. Ownership is checked again as each round
// is paired (pairedStillOwn), but not during a round: between pairings
// the same copies could pass to an account in another tournament and
// back, serving two decks at once. The copies stay with the deck until
// the tournament ends or the player drops out. The store's index finds
// the giver's tournaments without reading every tournament; the state
// read afresh decides. It runs under the lock on the giver's holdings
// (holdCards), as registrations do, so that none commits meanwhile.
func (srv *Server) inTournament(ctx context.Context, giver string, tr Trade) error {
	if srv.tourneys == nil || srv.codes == nil {
		return nil // no tournaments, or no registered cards to hold
	}
	ids, err := srv.tourneys.TournamentsHolding(ctx, giver)
	if err != nil || len(ids) == 0 {
		return err
	}
	for _, id := range ids {
		t, err := srv.loadTourney(ctx, id)
		if errors.Is(err, ErrNoTournament) {
			continue
		}
		if err != nil {
			return err
		}
		e := t.entryOf(giver)
		if !slices.Contains(t.holds(), giver) || t.Game != tr.Card.Game || e == nil {
			continue
		}
		listed := listedOf(e.Deck, tr.Card.Card)
		left, short, err := srv.keptBelow(ctx, giver, tr, listed)
		if err != nil {
			return err
		}
		if short {
			return refuse(http.StatusConflict, "trade_in_tournament", "card", tr.Card.Card, "name", t.Name,
				"listed", listed, "left", left, "link", "/tournaments/"+t.ID)
		}
	}
	return nil
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
