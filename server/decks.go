package server

import (
	"cmp"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"kartenwerk/engine"
)

// Saved decks: each account keeps deck lists per game, any of them
// viewable read-only by whoever holds its share link.
const (
	maxDeckList   = 16 << 10 // bytes of one saved list
	maxDeckName   = 60       // characters
	maxSavedDecks = 200      // per account
	untitledDeck  = "Untitled deck"
)

// SaveDeckRequest is the body of POST /api/decks and POST /api/decks/{id}:
// a deck list in the text format `kartenwerk validate` reads. Name, when
// empty, is the list's "name:" line.
type SaveDeckRequest struct {
	Game string `json:"game"`
	Name string `json:"name"`
	List string `json:"list"`
}

// RenameRequest is the body of POST /api/decks/{id}/rename.
type RenameRequest struct {
	Name string `json:"name"`
}

func (srv *Server) deckRoutes(m *http.ServeMux) {
	m.HandleFunc("GET /decks/{game}", srv.gamePage("/decks/", "decks.html"))
	m.HandleFunc("GET /decks", srv.handleDecksPage)
	m.HandleFunc("GET /api/decks", srv.withDecks(srv.handleDecks))
	m.HandleFunc("POST /api/decks", srv.withDecks(srv.handleSaveDeck))
	m.HandleFunc("POST /api/decks/owned", srv.withCodes(srv.handleOwned))
	m.HandleFunc("GET /api/decks/{id}", srv.withDecks(srv.handleDeck))
	m.HandleFunc("POST /api/decks/{id}", srv.withDecks(srv.handleUpdateDeck))
	m.HandleFunc("POST /api/decks/{id}/rename", srv.withDecks(srv.handleRenameDeck))
	m.HandleFunc("POST /api/decks/{id}/delete", srv.withDecks(srv.handleDeleteDeck))
	m.HandleFunc("GET /api/decks/{id}/export", srv.withDecks(srv.handleExportDeck))
	m.HandleFunc("GET /api/shared/decks/{share}", srv.withDecks(srv.handleSharedDeck))
	m.HandleFunc("GET /api/catalog/{game}/presets", srv.handlePresets)
	srv.trialRoutes(m)
}

func (srv *Server) handleDecks(w http.ResponseWriter, r *http.Request) {
	ss, _, ok := srv.mustLogIn(w, r)
	if !ok {
		return
	}
	decks, err := srv.deckStore().Decks(r.Context(), ss.Owner, clean(r.URL.Query().Get("game")))
	if err != nil {
		srv.httpError(w, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string][]SavedDeck{"decks": decks})
}

func (srv *Server) handleSaveDeck(w http.ResponseWriter, r *http.Request) {
	ss, _, ok := srv.mustLogIn(w, r)
	if !ok {
		return
	}
	req, ok := bodyOf[SaveDeckRequest](srv, w, r)
	if !ok {
		return
	}
	d, err := srv.deckFrom(req, "")
	if err != nil {
		srv.httpError(w, err)
		return
	}
	store, ctx := srv.deckStore(), r.Context()
	have, err := store.Decks(ctx, ss.Owner, "")
	if err != nil {
		srv.httpError(w, err)
		return
	}
	if len(have) >= maxSavedDecks {
		writeRefusal(w, refuse(http.StatusConflict, "too_many_decks", "n", len(have)))
		return
	}
	now := srv.acct.now()
	d.ID, d.Owner, d.Share, d.Created, d.Updated = newToken(), ss.Owner, newToken(), now, now
	if err := store.SaveDeck(ctx, d); err != nil {
		srv.httpError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, d)
}

// deckFrom checks a deck to save: a game this server offers, a list of
// readable lines (legal or not: a deck in the making may be saved) and
// a name that fits: the request's, else the list's, else fallback.
func (srv *Server) deckFrom(req SaveDeckRequest, fallback string) (SavedDeck, error) {
	g, err := srv.games.lookup(req.Game)
	if err != nil {
		return SavedDeck{}, badInput("%v", err)
	}
	if len(req.List) > maxDeckList {
		return SavedDeck{}, refuse(http.StatusBadRequest, "deck_too_long", "n", len(req.List), "max", maxDeckList)
	}
	list, err := engine.ParseDeckList("deck", "", strings.NewReader(req.List))
	if err != nil && !onlyEmpty(list, err) {
		return SavedDeck{}, notCards(err)
	}
	name := strings.TrimSpace(req.Name)
	if name == "" {
		name = list.Name
	}
	if name == "" {
		name = fallback
	}
	if name, err = deckName(name); err != nil {
		return SavedDeck{}, err
	}
	return SavedDeck{Game: g.Info().ID, Name: name, List: withoutName(req.List)}, nil
}

// bodyOf decodes a request's JSON body, or answers 400 and false.
func bodyOf[T any](srv *Server, w http.ResponseWriter, r *http.Request) (T, bool) {
	var req T
	if err := decodeBody(w, r, &req); err != nil {
		srv.httpError(w, err)
		return req, false
	}
	return req, true
}

// onlyEmpty tells that a list's one problem is having no cards: an empty
// deck may be saved, to fill later.
func onlyEmpty(list engine.DeckList, err error) bool {
	ps := problemsOf(err)
	return len(list.Entries) == 0 && len(ps) == 1 && ps[0].Line == 0
}

// deckName checks a deck's name; empty names the deck "Untitled deck".
func deckName(name string) (string, error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return untitledDeck, nil
	case utf8.RuneCountInString(name) > maxDeckName:
		return "", refuse(http.StatusBadRequest, "deck_name_long", "n", utf8.RuneCountInString(name), "max", maxDeckName)
	case strings.ContainsAny(name, "\n\r#"):
		return "", refuse(http.StatusBadRequest, "deck_name_character")
	}
	return name, nil
}

// withoutName drops a list's "name:" lines: the saved deck's name is
// kept beside the list, and export writes it back.
func withoutName(list string) string {
	var out []string
	for _, line := range strings.Split(strings.ReplaceAll(list, "\r\n", "\n"), "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "name:") {
			out = append(out, line)
		}
	}
	return strings.TrimSpace(strings.Join(out, "\n")) + "\n"
}

// exported is a saved deck as a list file: its name, then its cards.
func exported(d SavedDeck) string {
	return "name: " + d.Name + "\n" + d.List
}

// ownDeck returns the session's deck of the request's id, or answers 401
// or 404 (also for another account's deck: its id is not theirs to know).
func (srv *Server) ownDeck(w http.ResponseWriter, r *http.Request) (AccountSession, SavedDeck, bool) {
	ss, _, ok := srv.mustLogIn(w, r)
	if !ok {
		return ss, SavedDeck{}, false
	}
	d, err := srv.deckStore().Deck(r.Context(), ss.Owner, r.PathValue("id"))
	if err != nil {
		srv.deckError(w, err)
		return ss, d, false
	}
	return ss, d, true
}

func (srv *Server) deckError(w http.ResponseWriter, err error) {
	if errors.Is(err, ErrNoDeck) {
		writeRefusal(w, refuse(http.StatusNotFound, "no_deck"))
		return
	}
	srv.httpError(w, err)
}

func (srv *Server) handleDeck(w http.ResponseWriter, r *http.Request) {
	if _, d, ok := srv.ownDeck(w, r); ok {
		w.Header().Set("Cache-Control", "no-store")
		writeJSON(w, http.StatusOK, d)
	}
}

func (srv *Server) handleUpdateDeck(w http.ResponseWriter, r *http.Request) {
	ss, old, ok := srv.ownDeck(w, r)
	if !ok {
		return
	}
	req, ok := bodyOf[SaveDeckRequest](srv, w, r)
	if !ok {
		return
	}
	if req.Game == "" {
		req.Game = old.Game
	}
	if clean(req.Game) != old.Game {
		writeRefusal(w, refuse(http.StatusBadRequest, "deck_other_game", "game", srv.gameName(old.Game)))
		return
	}
	d, err := srv.deckFrom(req, old.Name)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	srv.updateDeck(w, r, ss, old, d.Name, d.List)
}

// updateDeck stores a deck's new name and list and answers the deck.
func (srv *Server) updateDeck(w http.ResponseWriter, r *http.Request, ss AccountSession, d SavedDeck, name, list string) {
	d.Name, d.List, d.Updated = name, list, srv.acct.now()
	if err := srv.deckStore().UpdateDeck(r.Context(), ss.Owner, d.ID, d.Name, d.List, d.Updated); err != nil {
		srv.deckError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, d)
}

func (srv *Server) handleRenameDeck(w http.ResponseWriter, r *http.Request) {
	ss, d, ok := srv.ownDeck(w, r)
	if !ok {
		return
	}
	req, ok := bodyOf[RenameRequest](srv, w, r)
	if !ok {
		return
	}
	if strings.TrimSpace(req.Name) == "" {
		writeRefusal(w, refuse(http.StatusBadRequest, "deck_unnamed"))
		return
	}
	name, err := deckName(req.Name)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	srv.updateDeck(w, r, ss, d, name, d.List)
}

func (srv *Server) handleDeleteDeck(w http.ResponseWriter, r *http.Request) {
	ss, _, ok := srv.mustLogIn(w, r)
	if !ok {
		return
	}
	if err := srv.deckStore().DeleteDeck(r.Context(), ss.Owner, r.PathValue("id")); err != nil {
		srv.deckError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

func (srv *Server) handleExportDeck(w http.ResponseWriter, r *http.Request) {
	_, d, ok := srv.ownDeck(w, r)
	if !ok {
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", fileName(d.Name)+".txt"))
	w.Header().Set("Cache-Control", "no-store")
	fmt.Fprint(w, exported(d))
}

// fileName keeps a deck name's letters, digits, '-' and '_' for a file.
func fileName(name string) string {
	out := strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '-'
	}, name)
	return strings.Trim(out, "-")
}

// SharedDeckView is what a share link shows: the deck, not its owner's id.
type SharedDeckView struct {
	Game string `json:"game"`
	Name string `json:"name"`
	List string `json:"list"`
}

func (srv *Server) handleSharedDeck(w http.ResponseWriter, r *http.Request) {
	d, err := srv.deckStore().SharedDeck(r.Context(), r.PathValue("share"))
	if errors.Is(err, ErrNoDeck) {
		writeRefusal(w, refuse(http.StatusNotFound, "no_shared_deck"))
		return
	}
	if err != nil {
		srv.httpError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, SharedDeckView{Game: d.Game, Name: d.Name, List: exported(d)})
}

// PresetList is a preset deck as the text a deck list file holds.
type PresetList struct {
	Name string `json:"name"`
	List string `json:"list"`
}

// handlePresets gives the game's presets as lists: the deck builder
// starts from them and learns the game's sections from them.
func (srv *Server) handlePresets(w http.ResponseWriter, r *http.Request) {
	g, err := srv.games.lookup(r.PathValue("game"))
	if err != nil {
		srv.httpError(w, err)
		return
	}
	out := []PresetList{}
	for _, p := range g.Presets() {
		out = append(out, PresetList{Name: p.Name, List: deckText(p)})
	}
	writeJSON(w, http.StatusOK, map[string][]PresetList{"presets": out})
}

// deckText writes a deck as a list file: its name (if it has one), then
// its cards, each section under its heading.
func deckText(d engine.DeckList) string {
	var b strings.Builder
	if d.Name != "" {
		fmt.Fprintf(&b, "name: %s\n", d.Name)
	}
	section := ""
	for _, e := range d.Entries {
		if e.Section != section {
			section = e.Section
			fmt.Fprintf(&b, "%s:\n", cmp.Or(section, "main"))
		}
		fmt.Fprintf(&b, "%d %s\n", e.Count, e.Card)
	}
	return b.String()
}

// notCards refuses a deck list some of whose lines are not cards, with
// the deck reader's problems (in the shared words of deck lists).
func notCards(err error) error {
	r := refuse(http.StatusBadRequest, "deck_not_cards")
	r.problems = problemsOf(err)
	return r
}

// handleDecksPage sends /decks to the builder of the game ?game= names
// (else the first game), keeping the rest of the query (?lang=).
func (srv *Server) handleDecksPage(w http.ResponseWriter, r *http.Request) {
	id := srv.games.list[0].Info().ID
	q := r.URL.Query()
	if g, err := srv.games.lookup(q.Get("game")); err == nil {
		id = g.Info().ID
	}
	q.Del("game")
	to := "/decks/" + url.PathEscape(id)
	if len(q) > 0 {
		to += "?" + q.Encode()
	}
	http.Redirect(w, r, to, http.StatusFound)
}
