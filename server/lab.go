package server

import (
	"context"
	"errors"
	"net/http"

	"kartenwerk/lab"
)

// labRoutes mounts the designer's workbench (package lab): the page at
// /lab and its API, with runs kept in the store when it keeps them.
func (srv *Server) labRoutes(m *http.ServeMux) {
	store, _ := srv.store.(lab.Store)
	l, err := lab.New(lab.Config{Games: srv.cfg.Games, Store: store, Limits: srv.cfg.Lab, Who: srv.labUser, Lang: langOf,
		Admit: srv.admitLab, SavedDeck: srv.labSavedDeck, SecureCookies: srv.cfg.SecureCookies, Logger: srv.log})
	if err != nil {
		srv.log.Error("lab: not started", "err", err)
		return
	}
	go func() { <-srv.ctx.Done(); l.Close() }()
	m.HandleFunc("GET /lab", srv.page("lab.html"))
	l.Routes(m)
}

// labUser is the requester's account ("" when not logged in) and address:
// its unit (clientUnit), since the lab bounds the runs of an address.
func (srv *Server) labUser(w http.ResponseWriter, r *http.Request) (string, string) {
	account, err := srv.owner(w, r)
	if err != nil {
		account = ""
	}
	return account, clientUnit(r)
}

// labSavedDeck reads a deck account saved in the deck builder: only its
// own (another's is as good as none).
func (srv *Server) labSavedDeck(ctx context.Context, account, id string) (lab.SavedDeck, error) {
	store, ok := srv.store.(DeckStore)
	if !ok {
		return lab.SavedDeck{}, lab.ErrNoDeck
	}
	d, err := store.Deck(ctx, account, id)
	if errors.Is(err, ErrNoDeck) {
		return lab.SavedDeck{}, lab.ErrNoDeck
	}
	return lab.SavedDeck{Game: d.Game, Name: d.Name, List: d.List}, err
}

// The lab's work from one address: card checks as a designer types (the
// page waits for a pause) and runs asked for, a few a second on average.
const (
	labRate  = 2.0
	labBurst = 20
)

// admitLab bounds how often one address asks the lab for work, counted
// in the store's buckets so that replicas count together.
func (srv *Server) admitLab(w http.ResponseWriter, r *http.Request) bool {
	return srv.admitAddress(w, r, "lab:addr:", labRate, labBurst, refuse(http.StatusTooManyRequests, "lab_requests", "rate", labRate))
}
