package server

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// CreateRequest is a new game as the lobby asks for it (POST /api/games).
type CreateRequest struct {
	Game    string            `json:"game"`
	Variant map[string]string `json:"variant,omitempty"`
	// Decks gives each seat's deck in seat order; an empty entry lets the
	// game choose (a preset, or decks built during setup).
	Decks []DeckRequest `json:"decks,omitempty"`
	// Seats says who plays each seat; their number is the table size.
	Seats []SeatRequest `json:"seats"`
	// First, when 1..seats, is the seat that starts; 0 lets the rules decide.
	First int `json:"first,omitempty"`
}

// DeckRequest is one seat's deck: a preset's name or a pasted deck list.
type DeckRequest struct {
	Preset string `json:"preset,omitempty"`
	List   string `json:"list,omitempty"`
}

// CreateResponse tells the creator where to play and whom to invite.
type CreateResponse struct {
	ID string `json:"id"`
	// Token is the creator's seat token (for "you" and hot-seat seats).
	Token string `json:"token"`
	// Play is the creator's table link; Invites one link per friend seat;
	// Spectate the public link, which shows no hidden card.
	Play     string   `json:"play"`
	Invites  []Invite `json:"invites"`
	Spectate string   `json:"spectate"`
}

// Invite is a friend seat's link, which carries its secret token.
type Invite struct {
	Seat engine.Seat `json:"seat"`
	Link string      `json:"link"`
}

// inputError is bad input from a client: an HTTP 400 with the problems.
type inputError struct {
	msg      string
	problems []engine.Problem
	// words says the problems in the reader's language: the game's
	// catalogue, or nil for the shared words of deck lists.
	words *i18n.Catalog
	// said, when set, is the refusal in the game's own words, which msg
	// gives in English.
	said *i18n.Error
	code string // for programs, as a refusal's ("setup_refused"), or ""
}

func (e *inputError) Error() string { return e.msg }

// in is the error's message in language l.
func (e *inputError) in(l i18n.Lang) string {
	if e.said != nil {
		return e.said.In(l)
	}
	return e.msg
}

// setupRefused is bad input from a game that cannot begin as set up: its
// problems with the decks, its refusal in the reader's words, or its
// English text where it has no other.
func setupRefused(g engine.Game, err error) error {
	if ps, ok := errors.AsType[engine.Problems](err); ok {
		return &inputError{msg: ps.Error(), problems: ps, words: catalogOf(g), code: "setup_refused"}
	}
	said, _ := errors.AsType[*i18n.Error](err)
	return &inputError{msg: err.Error(), said: said, code: "setup_refused"}
}

func badInput(format string, args ...any) error {
	return &inputError{msg: fmt.Sprintf(format, args...)}
}

// setupFor checks a create request and turns it into a setup and seats.
func (srv *Server) setupFor(req CreateRequest) (engine.Setup, []SeatConfig, string, error) {
	g, err := srv.games.lookup(req.Game)
	if err != nil {
		if r, ok := errors.AsType[*refusal](err); ok {
			r.status = http.StatusBadRequest // the body is wrong, not the address
		}
		return engine.Setup{}, nil, "", err
	}
	info := g.Info()
	n := len(req.Seats)
	if n < info.MinSeats || n > info.MaxSeats {
		return engine.Setup{}, nil, "", refuse(http.StatusBadRequest, "lobby_seats", "game", info.Name, "players", playerCount(info), "n", n)
	}
	if req.First < 0 || req.First > n {
		return engine.Setup{}, nil, "", refuse(http.StatusBadRequest, "lobby_first", "first", req.First, "n", n)
	}
	if _, err := engine.ResolveVariants(info.Variants, req.Variant); err != nil {
		return engine.Setup{}, nil, "", badInput("%v", err)
	}
	decks, err := resolveDecks(g, req.Decks, n, req.Variant)
	if err != nil {
		return engine.Setup{}, nil, "", err
	}
	seats, token, err := srv.buildSeats(info.ID, req.Seats)
	if err != nil {
		return engine.Setup{}, nil, "", badInput("%v", err)
	}
	setup := engine.Setup{Game: info.ID, Seats: n, Seed: newSeed(), Variant: req.Variant, Decks: decks, First: req.First}
	return setup, seats, token, nil
}

// playerCount is how many play g: "2", or "2–4".
func playerCount(info engine.Info) string {
	if info.MinSeats == info.MaxSeats {
		return strconv.Itoa(info.MinSeats)
	}
	return fmt.Sprintf("%d–%d", info.MinSeats, info.MaxSeats)
}

// resolveDecks reads each seat's preset or pasted list; nil when no seat
// asked for a deck. A seat that asked for none gets a preset that the
// rules let meet the decks asked for (under variant): another colour
// than a chosen Mystic Elements deck's, the same stacks as Zynalith's.
func resolveDecks(g engine.Game, reqs []DeckRequest, seats int, variant map[string]string) ([]engine.DeckList, error) {
	if len(reqs) > seats {
		return nil, refuse(http.StatusBadRequest, "lobby_decks", "decks", len(reqs), "n", seats)
	}
	chosen := func(i int) bool {
		return i < len(reqs) && (reqs[i].Preset != "" || strings.TrimSpace(reqs[i].List) != "")
	}
	out := make([]engine.DeckList, seats)
	var unchosen []int
	for i := range out {
		if !chosen(i) {
			unchosen = append(unchosen, i)
			continue
		}
		d, err := resolveDeck(g, reqs[i], fmt.Sprintf("deck of p%d", i+1))
		if err != nil {
			return nil, deckRefused(err, engine.Seat(i))
		}
		out[i] = d
	}
	if len(unchosen) == seats {
		return nil, nil
	}
	if len(unchosen) > 0 {
		fillUnchosen(g, out, unchosen, variant)
	}
	return out, nil
}

// fillUnchosen gives the seats unchosen the first preset with which the
// decks may meet, or the first preset when none may (the game then says
// why).
func fillUnchosen(g engine.Game, decks []engine.DeckList, unchosen []int, variant map[string]string) {
	presets := g.Presets()
	if len(presets) == 0 {
		return
	}
	for _, p := range presets {
		for _, i := range unchosen {
			decks[i] = p
		}
		if _, err := g.New(engine.Setup{Game: g.Info().ID, Seats: len(decks), Seed: 1, Decks: decks, Variant: variant}); err == nil {
			return
		}
	}
	for _, i := range unchosen {
		decks[i] = presets[0]
	}
}

// resolveDeck reads one preset or pasted list and validates it; source
// names it in the English text of a list's problems.
func resolveDeck(g engine.Game, r DeckRequest, source string) (engine.DeckList, error) {
	if r.Preset != "" && strings.TrimSpace(r.List) != "" {
		return engine.DeckList{}, refuse(http.StatusBadRequest, "deck_preset_and_list", "preset", r.Preset)
	}
	if strings.TrimSpace(r.List) == "" {
		for _, p := range g.Presets() {
			if strings.EqualFold(p.Name, strings.TrimSpace(r.Preset)) {
				return p, nil
			}
		}
		if len(g.Presets()) == 0 {
			return engine.DeckList{}, refuse(http.StatusBadRequest, "deck_no_presets", "game", g.Info().Name, "preset", r.Preset)
		}
		return engine.DeckList{}, refuse(http.StatusBadRequest, "deck_no_preset", "preset", r.Preset, "presets", presetNames(g))
	}
	d, err := engine.ParseDeckList(source, "pasted deck", strings.NewReader(r.List))
	ps, err := engine.CheckDeck(g, d, err)
	if err != nil {
		return d, badInput("%s: %v", source, err)
	}
	if len(ps) > 0 {
		return d, &inputError{msg: fmt.Sprintf("%s is not legal:\n%v", source, ps), problems: ps, words: catalogOf(g)}
	}
	return d, nil
}

// presetNames lists the names of g's preset decks.
func presetNames(g engine.Game) string {
	var names []string
	for _, p := range g.Presets() {
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}

// newSeed returns a fresh secret seed; it never leaves the server.
func newSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return binary.LittleEndian.Uint64(b[:])
}

// newGameID returns a fresh, unguessable game id.
func newGameID() string { return newToken()[:16] }

// Create starts a game from a lobby request and stores it.
func (srv *Server) Create(ctx context.Context, req CreateRequest) (CreateResponse, error) {
	return srv.create(ctx, req, gameOrigin{})
}

// gameOrigin is who starts a game: the creator's key (see creatorKey) and
// the account logged in, if any; and the most unfinished games the
// creator may have, above 0 for a game a player asked for.
type gameOrigin struct {
	creator, owner string
	maxOpen        int
}

// create is Create for a creator.
func (srv *Server) create(ctx context.Context, req CreateRequest, from gameOrigin) (CreateResponse, error) {
	setup, seats, token, err := srv.setupFor(req)
	if err != nil {
		return CreateResponse{}, err
	}
	return srv.start(ctx, setup, seats, token, from)
}

// start checks that the game can begin, stores it and makes it live.
func (srv *Server) start(ctx context.Context, setup engine.Setup, seats []SeatConfig, token string, from gameOrigin) (CreateResponse, error) {
	g, err := srv.games.lookup(setup.Game)
	if err != nil {
		return CreateResponse{}, badInput("%v", err)
	}
	if setup, err = srv.dated(g, setup); err != nil {
		return CreateResponse{}, setupRefused(g, err)
	}
	sg := StoredGame{ID: newGameID(), Setup: setup, Seats: seats, Created: time.Now(), Creator: from.creator, Owner: from.owner}
	if err := srv.store.CreateGame(ctx, sg, from.maxOpen); err != nil {
		return CreateResponse{}, fmt.Errorf("the game could not be saved: %w", err)
	}
	srv.keep(sg)
	resp := CreateResponse{ID: sg.ID, Token: token, Invites: []Invite{}, Play: "/play/" + sg.ID + "?token=" + token, Spectate: "/play/" + sg.ID}
	for i, c := range seats {
		if c.Kind == KindFriend {
			resp.Invites = append(resp.Invites, Invite{Seat: engine.Seat(i), Link: "/play/" + sg.ID + "?token=" + c.Token})
		}
	}
	return resp, nil
}

// Rematch starts the next game with the same seats, decks and variants
// and a new seed; every player keeps their token, so their tables follow.
func (srv *Server) Rematch(ctx context.Context, id, token string) (string, error) {
	return srv.rematch(ctx, id, token, func() (gameOrigin, bool) { return gameOrigin{}, true })
}

// errAnswered is rematch's answer when admit refused the request and
// answered it itself.
var errAnswered = errors.New("the request has been answered")

// rematch is Rematch as a player asked for it over HTTP: when the game
// has no rematch yet, admit applies the creation limits (answering the
// request if they refuse it, when rematch returns errAnswered) and gives
// the new game's origin, such as the account it records.
func (srv *Server) rematch(ctx context.Context, id, token string, admit func() (gameOrigin, bool)) (string, error) {
	s, err := srv.session(ctx, id)
	if err != nil {
		return "", err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(seatsOf(s.seats, token)) == 0 {
		return "", refuse(http.StatusForbidden, "rematch_token")
	}
	if !s.finished {
		return "", refuse(http.StatusBadRequest, "rematch_too_soon")
	}
	if s.ranked != nil {
		return "", refuse(http.StatusBadRequest, "rematch_ranked")
	}
	if event := s.seats[0].Event; event != "" {
		return "", refuse(http.StatusBadRequest, "rematch_tournament", "link", "/tournaments/"+event)
	}
	if s.rematch != "" {
		return s.rematch, nil
	}
	origin, ok := admit()
	if !ok {
		return "", errAnswered
	}
	setup := s.setup
	setup.Seed = newSeed()
	resp, err := srv.start(ctx, setup, s.seats, "", origin)
	if err != nil {
		return "", err
	}
	if err := srv.store.SetRematch(ctx, id, resp.ID); err != nil {
		return "", err
	}
	s.rematch = resp.ID
	s.broadcastLocked()
	return resp.ID, nil
}

// authError is a missing or wrong seat token: HTTP 403.
type authError struct{ msg string }

func (e *authError) Error() string { return e.msg }

// problemsIn is e's problems in language l.
func (e *inputError) problemsIn(l i18n.Lang) []engine.Problem {
	return engine.Problems(e.problems).OnPage(l, e.words)
}

// catalogOf is the catalogue g speaks through, or nil (the shared words)
// for a game that speaks English only.
func catalogOf(g engine.Game) *i18n.Catalog {
	if sp, ok := g.(engine.Speaker); ok {
		return sp.Catalog()
	}
	return nil
}
