package server

import (
	"net/http"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// OwnedCard is a printing an account holds, with its game's name and the
// card's kind and group from the game's pool in the reader's words
// (empty for a card the pool does not have, such as one a newer card set
// added).
type OwnedCard struct {
	CollectionEntry
	GameName string   `json:"game_name"`
	Kind     string   `json:"kind,omitempty"`
	Group    string   `json:"group,omitempty"`
	ids      cardKind // the kind and group by id, which a filter may name
}

// cardKind is a card's kind and group, by id or in words.
type cardKind struct{ kind, group string }

// poolCard is a card of a game's pool as the collection shows it.
type poolCard struct{ ids, words cardKind }

// PoolShare is how much of a game's card pool an account owns: the
// distinct cards with at least one copy, of the pool's cards.
type PoolShare struct {
	Game  string  `json:"game"`
	Name  string  `json:"name"`
	Owned int     `json:"owned"`
	Pool  int     `json:"pool"`
	Share float64 `json:"share"`
}

// CollectionView is the answer of GET /api/collection.
type CollectionView struct {
	Cards  []OwnedCard `json:"cards"`
	Shares []PoolShare `json:"shares"`
}

// collectionFilter picks cards by game id, kind and group (whole words,
// any case, by id or in the reader's words) and by a part of the name.
type collectionFilter struct{ game, name, kind, group string }

func filterFrom(r *http.Request) collectionFilter {
	q := r.URL.Query()
	return collectionFilter{game: clean(q.Get("game")), name: clean(q.Get("name")), kind: clean(q.Get("kind")), group: clean(q.Get("group"))}
}

func clean(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

func (f collectionFilter) keeps(c OwnedCard) bool {
	return (f.game == "" || f.game == c.Game) && named(f.kind, c.Kind, c.ids.kind) &&
		named(f.group, c.Group, c.ids.group) && (f.name == "" || strings.Contains(clean(c.Card), f.name))
}

// named reports whether a filter's word is empty or names the words or
// the id.
func named(filter, words, id string) bool {
	return filter == "" || filter == clean(words) || filter == clean(id)
}

func (srv *Server) collectionRoutes(m *http.ServeMux) {
	m.HandleFunc("GET /collection", srv.page("collection.html"))
	// A QR code printed with codes generate --base-url links here: a
	// phone's own camera app opens the page with the code filled in.
	m.HandleFunc("GET /register", srv.page("collection.html"))
	m.HandleFunc("GET /api/collection", srv.withCodes(srv.handleCollection))
}

func (srv *Server) handleCollection(w http.ResponseWriter, r *http.Request) {
	ss, _, ok := srv.mustLogIn(w, r)
	if !ok {
		return
	}
	entries, err := srv.codes.Collection(r.Context(), ss.Owner)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, srv.collectionView(entries, filterFrom(r), langOf(r)))
}

// collectionView describes the entries with their cards' kinds and
// groups, keeps those the filter keeps, and counts every game's share
// from the whole collection.
func (srv *Server) collectionView(entries []CollectionEntry, f collectionFilter, l i18n.Lang) CollectionView {
	view := CollectionView{Cards: []OwnedCard{}, Shares: []PoolShare{}}
	owned := map[string]map[string]bool{} // game -> card names (lower case)
	pools := map[string]map[string]poolCard{}
	for _, e := range entries {
		pool, ok := pools[e.Game]
		if !ok {
			pool = cardIndex(srv.games, e.Game, l)
			pools[e.Game] = pool
		}
		c := OwnedCard{CollectionEntry: e, GameName: srv.gameName(e.Game)}
		if card, ok := pool[clean(e.Card)]; ok {
			c.Kind, c.Group, c.ids = card.words.kind, card.words.group, card.ids
			if owned[e.Game] == nil {
				owned[e.Game] = map[string]bool{}
			}
			owned[e.Game][clean(e.Card)] = true
		}
		if f.keeps(c) {
			view.Cards = append(view.Cards, c)
		}
	}
	for _, g := range srv.games.list {
		info := g.Info()
		if f.game != "" && f.game != info.ID {
			continue
		}
		share := PoolShare{Game: info.ID, Name: info.Name, Owned: len(owned[info.ID]), Pool: len(g.Cards())}
		if share.Pool > 0 {
			share.Share = float64(share.Owned) / float64(share.Pool)
		}
		view.Shares = append(view.Shares, share)
	}
	return view
}

// cardIndex is a game's card pool by lower-case name, kinds and groups
// by id and in language l; empty for a game the server does not offer.
func cardIndex(games gameSet, game string, l i18n.Lang) map[string]poolCard {
	g, err := games.lookup(game)
	if err != nil {
		return nil
	}
	cards, said := g.Cards(), g.Cards()
	if sp, ok := g.(engine.Speaker); ok {
		said = sp.CardsIn(l)
	}
	out := make(map[string]poolCard, len(cards))
	for _, c := range cards {
		out[clean(c.Name)] = poolCard{ids: cardKind{c.Kind, c.Group}, words: cardKind{c.Kind, c.Group}}
	}
	for _, c := range said {
		if card, ok := out[clean(c.Name)]; ok {
			card.words = cardKind{c.Kind, c.Group}
			out[clean(c.Name)] = card
		}
	}
	return out
}
