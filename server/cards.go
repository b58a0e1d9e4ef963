package server

import (
	"net/http"
	"time"

	"kartenwerk/engine"
)

// today is the day whose card texts new games play.
func (srv *Server) today() string {
	if srv.cfg.Today != nil {
		return srv.cfg.Today()
	}
	return time.Now().UTC().Format(time.DateOnly)
}

// dated gives a setup today's card texts (for games whose cards have dated
// versions) and checks that the game can begin with it.
func (srv *Server) dated(g engine.Game, setup engine.Setup) (engine.Setup, error) {
	if _, ok := g.(engine.Versioned); ok && setup.CardsDate == "" {
		setup.CardsDate = srv.today()
	}
	_, err := engine.NewAt(g, setup)
	return setup, err
}

// textsOf is g with the card texts in force on date ("" or a game
// without versions: g itself).
func textsOf(g engine.Game, date string) (engine.Game, error) {
	v, ok := g.(engine.Versioned)
	if !ok || date == "" || date == v.CardsDate() {
		return g, nil
	}
	return v.At(date)
}

// cardsAt is g with the card texts in force on the request's ?at= day,
// or today's when none is given.
func (srv *Server) cardsAt(g engine.Game, r *http.Request) (engine.Game, error) {
	at := r.URL.Query().Get("at")
	if at == "" {
		at = srv.today()
	}
	if _, err := time.Parse(time.DateOnly, at); err != nil {
		return nil, refuse(http.StatusBadRequest, "bad_date", "date", at)
	}
	out, err := textsOf(g, at)
	if err != nil {
		return nil, badInput("%v", err)
	}
	return out, nil
}

// handleErrata serves GET /api/catalog/{game}/errata: every dated change
// of the game's cards, oldest first, and the day whose texts new games
// play.
func (srv *Server) handleErrata(w http.ResponseWriter, r *http.Request) {
	g, err := srv.games.lookup(r.PathValue("game"))
	if err != nil {
		srv.httpError(w, err)
		return
	}
	out := struct {
		Today  string           `json:"today"`
		Errata []engine.Erratum `json:"errata"`
	}{Today: srv.today(), Errata: []engine.Erratum{}}
	if v, ok := g.(engine.Versioned); ok {
		out.Errata = append(out.Errata, v.Errata()...)
	}
	writeJSON(w, http.StatusOK, out)
}
