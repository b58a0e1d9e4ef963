package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"kartenwerk/ai"
	"kartenwerk/engine"
	"kartenwerk/web"
)

// maxBody caps a JSON request body (a pasted deck list fits easily).
const maxBody = 64 << 10

func (srv *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /{$}", srv.page("index.html"))
	m.HandleFunc("GET /play/{id}", srv.page("play.html"))
	m.HandleFunc("GET /replay/{id}", srv.page("replay.html"))
	m.HandleFunc("GET /login", srv.page("login.html"))
	m.Handle("GET /static/", http.StripPrefix("/static/", noCache(http.FileServerFS(web.FS))))
	m.HandleFunc("GET /api/catalog", srv.handleCatalog)
	m.HandleFunc("GET /api/catalog/{game}/cards", srv.handleCards)
	m.HandleFunc("GET /api/catalog/{game}/rules", srv.handleRulesJSON)
	m.HandleFunc("GET /api/catalog/{game}/errata", srv.handleErrata)
	m.HandleFunc("GET /rules", srv.handleRules)
	m.HandleFunc("GET /rules/{game}", srv.handleRules)
	m.HandleFunc("GET /cards/{game}", srv.handleCardsPage)
	m.HandleFunc("POST /api/catalog/{game}/decks/validate", srv.handleValidate)
	m.HandleFunc("GET /api/games", srv.handleList)
	m.HandleFunc("POST /api/games", srv.handleCreate)
	m.HandleFunc("GET /api/games/{id}", srv.handleState)
	m.HandleFunc("POST /api/games/{id}/actions", srv.handleAction)
	m.HandleFunc("GET /api/games/{id}/ws", srv.handleWS)
	m.HandleFunc("POST /api/games/{id}/rematch", srv.handleRematch)
	m.HandleFunc("GET /api/games/{id}/replay", srv.handleReplay)
	m.HandleFunc("GET /healthz", srv.handleHealth)
	m.HandleFunc("GET /readyz", srv.handleReady)
	m.Handle("GET /metrics", srv.metricsHandler())
	srv.accountRoutes(m)
	srv.codeRoutes(m)
	srv.collectionRoutes(m)
	srv.tradeRoutes(m)
	srv.deckRoutes(m)
	srv.companionRoutes(m)
	srv.mux = m
}

func noCache(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		h.ServeHTTP(w, r)
	})
}

func (srv *Server) page(name string) http.HandlerFunc {
	return embedded(name, "text/html; charset=utf-8")
}

// embedded serves the web file name as contentType, to be checked for a
// newer version at every load.
func embedded(name, contentType string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		b, err := web.FS.ReadFile(name)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", contentType)
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(b)
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// httpErrorBody is the JSON body of every API error.
type httpErrorBody struct {
	Error string `json:"error"`
	// Code names the refusal for programs ("not_your_turn"); the
	// server catalogue's message "error.<code>" is its text.
	Code     string           `json:"code,omitempty"`
	Problems []engine.Problem `json:"problems,omitempty"`
	// Words is the refusal in every language, for the replica that
	// forwarded the request to pass on in its own reader's.
	Words map[string]string `json:"words,omitempty"`
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, httpErrorBody{Error: msg})
}

// httpError maps an error to its status: a refusal its own, bad input
// 400, a wrong token 403, an unknown game or one this server does not
// offer 404, anything else 500.
func (srv *Server) httpError(w http.ResponseWriter, err error) {
	var in *inputError
	var auth *authError
	var unoffered *unofferedError
	var refused *refusal
	switch {
	case errors.As(err, &refused):
		writeRefusal(w, refused)
	case errors.As(err, &in):
		writeJSON(w, http.StatusBadRequest, httpErrorBody{Error: in.in(readerLang(w)), Code: in.code, Problems: in.problemsIn(readerLang(w))})
	case errors.As(err, &auth):
		writeError(w, http.StatusForbidden, auth.msg)
	case errors.As(err, &unoffered):
		writeError(w, http.StatusNotFound, unoffered.msg)
	case errors.Is(err, ErrNotFound):
		writeRefusal(w, refuse(http.StatusNotFound, "no_game"))
	case errors.Is(err, context.Canceled):
		// The request was given up, by its client or by the server
		// shutting down: nothing failed that an operator must look at,
		// and at the end of a busy load every request still under way
		// was an error line of its own.
		srv.log.Info("request given up", "err", err)
		writeRefusal(w, refuse(http.StatusServiceUnavailable, "server_failed"))
	default:
		// The cause (a store's error names its user, host and database)
		// is for the server's log, never for an anonymous client.
		srv.log.Error("request failed", "err", err)
		writeRefusal(w, refuse(http.StatusInternalServerError, "server_failed"))
	}
}

// decodeBody reads a JSON body strictly into v.
func decodeBody(w http.ResponseWriter, r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return badInput("request body larger than %d bytes", maxBody)
		}
		if err == io.EOF {
			return badInput("empty request body: send a JSON object")
		}
		return badInput("%s", bodyProblem(err, v))
	}
	if _, err := dec.Token(); err != io.EOF {
		return badInput("trailing data after the JSON body: send exactly one JSON object")
	}
	return nil
}

// GameInfo describes a game for the lobby.
type GameInfo struct {
	ID       string        `json:"id"`
	Name     string        `json:"name"`
	Summary  string        `json:"summary"`
	MinSeats int           `json:"min_seats"`
	MaxSeats int           `json:"max_seats"`
	Variants []VariantInfo `json:"variants"`
	Presets  []string      `json:"presets"`
}

// Agents lists the AI opponents a lobby offers: the levels, each the
// game's own agent for it (ai.Level). A request may still name any agent.
var Agents = ai.Levels

func (srv *Server) handleCatalog(w http.ResponseWriter, r *http.Request) {
	var out []GameInfo
	lang := langOf(r)
	for _, g := range srv.games.list {
		i := g.Info()
		gi := GameInfo{ID: i.ID, Name: i.Name, Summary: engine.SummaryIn(g, lang), MinSeats: i.MinSeats, MaxSeats: i.MaxSeats,
			Variants: variantsIn(g, lang), Presets: []string{}}
		for _, p := range g.Presets() {
			gi.Presets = append(gi.Presets, p.Name)
		}
		out = append(out, gi)
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": out, "agents": Agents})
}

// ListedCard is a card of GET /api/catalog/{game}/cards: the card, and
// how many copies of it a deck may hold, so that the deck builder stops
// at the cap instead of the check reporting it afterwards.
type ListedCard struct {
	engine.CardInfo
	// Limit is the most copies of the card a legal deck holds, as the
	// game's deck check enforces it (engine.CopyLimiter); 0, left out,
	// where no rule caps it (MystiMons' basic energy, Zynalith's stacks).
	Limit int `json:"limit,omitempty"`
	// LimitRule is the id of the rule that sets Limit ("MM-8.2").
	LimitRule string `json:"limit_rule,omitempty"`
}

// handleCards serves GET /api/catalog/{game}/cards: the card pool in the
// reader's language, with each card's copy limit, as of the ?at= day.
func (srv *Server) handleCards(w http.ResponseWriter, r *http.Request) {
	g, err := srv.games.lookup(r.PathValue("game"))
	if err != nil {
		srv.httpError(w, err)
		return
	}
	if g, err = srv.cardsAt(g, r); err != nil {
		srv.httpError(w, err)
		return
	}
	cards := g.Cards()
	if sp, ok := g.(engine.Speaker); ok {
		cards = sp.CardsIn(langOf(r))
	}
	out := make([]ListedCard, len(cards))
	for i, c := range cards {
		out[i].CardInfo = c
		out[i].Limit, out[i].LimitRule = engine.CopyLimitOf(g, c.Name)
	}
	writeJSON(w, http.StatusOK, out)
}

// ValidateResponse is the answer of the deck check.
type ValidateResponse struct {
	OK       bool             `json:"ok"`
	Cards    int              `json:"cards"`
	Problems []engine.Problem `json:"problems"`
}

func (srv *Server) handleValidate(w http.ResponseWriter, r *http.Request) {
	g, err := srv.games.lookup(r.PathValue("game"))
	if err != nil {
		srv.httpError(w, err)
		return
	}
	var req DeckRequest
	if err := decodeBody(w, r, &req); err != nil {
		srv.httpError(w, err)
		return
	}
	d, err := resolveDeck(g, req, "deck")
	resp := ValidateResponse{OK: err == nil, Cards: d.Size(""), Problems: []engine.Problem{}}
	var in *inputError
	switch {
	case errors.As(err, &in) && in.problems != nil:
		resp.Problems = in.problemsIn(readerLang(w))
	case err != nil:
		resp.Problems = []engine.Problem{{Msg: err.Error()}}
	}
	writeJSON(w, http.StatusOK, resp)
}

// GameSummary is one stored game in the list (no tokens, no seed).
type GameSummary struct {
	ID       string     `json:"id"`
	Game     string     `json:"game"`
	Created  time.Time  `json:"created"`
	Finished bool       `json:"finished"`
	Result   string     `json:"result,omitempty"`
	Seats    []SeatInfo `json:"seats"`
}

func (srv *Server) handleList(w http.ResponseWriter, r *http.Request) {
	limit := 30
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 500 {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("limit %q: give a whole number from 1 to 500", v))
			return
		}
		limit = n
	}
	games, err := srv.store.ListGames(r.Context(), limit)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	out := make([]GameSummary, 0, len(games))
	for _, g := range games {
		gs := GameSummary{ID: g.ID, Game: g.Setup.Game, Created: g.Created, Finished: g.Finished, Result: g.Result}
		for i, c := range g.Seats {
			gs.Seats = append(gs.Seats, SeatInfo{Seat: engine.Seat(i), Kind: c.Kind, Agent: c.Agent})
		}
		out = append(out, gs)
	}
	writeJSON(w, http.StatusOK, out)
}

func (srv *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	var req CreateRequest
	if err := decodeBody(w, r, &req); err != nil {
		srv.httpError(w, err)
		return
	}
	owner, err := srv.owner(w, r)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	creator, ok := srv.admitCreate(w, r, owner)
	if !ok {
		return
	}
	resp, err := srv.create(r.Context(), req, gameOrigin{creator: creator, owner: owner, maxOpen: srv.cfg.MaxOpenGames})
	if errors.Is(err, ErrOpenGamesFull) {
		srv.refuseOpenGames(w, owner)
		return
	}
	if err != nil {
		srv.httpError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, resp)
}

// tokenOf is a request's seat token: the one it gives where its route
// takes one (?token=, or "token" in a JSON body), or else its
// X-Seat-Token header's, so that a client may send the token the same
// way to every route.
func tokenOf(r *http.Request, given string) string {
	if given != "" {
		return given
	}
	return r.Header.Get("X-Seat-Token")
}

func (srv *Server) handleState(w http.ResponseWriter, r *http.Request) {
	s, err := srv.session(r.Context(), r.PathValue("id"))
	if err != nil {
		srv.httpError(w, err)
		return
	}
	token := tokenOf(r, r.URL.Query().Get("token"))
	controls := seatsOf(s.seats, token)
	if token != "" && len(controls) == 0 {
		writeRefusal(w, refuse(http.StatusForbidden, "no_seat_token"))
		return
	}
	if err := srv.mayHold(r.Context(), s.seats, controls, sessionOf(r)); err != nil {
		srv.httpError(w, err)
		return
	}
	srv.fresh(r.Context(), s)
	s.mu.Lock()
	s.maybeAILocked()
	m := s.stateLocked(controls, langOf(r))
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, m)
}

// ActionRequest is the body of POST /api/games/{id}/actions.
type ActionRequest struct {
	Token   string `json:"token"`
	Action  string `json:"action"`
	Version *int   `json:"version,omitempty"`
}

func (srv *Server) handleAction(w http.ResponseWriter, r *http.Request) {
	s, err := srv.session(r.Context(), r.PathValue("id"))
	if err != nil {
		srv.httpError(w, err)
		return
	}
	var req ActionRequest
	if err := decodeBody(w, r, &req); err != nil {
		srv.httpError(w, err)
		return
	}
	req.Token = tokenOf(r, req.Token)
	controls := seatsOf(s.seats, req.Token)
	if req.Token == "" || len(controls) == 0 {
		writeRefusal(w, refuse(http.StatusForbidden, "no_action_token"))
		return
	}
	// Before the seat's rate limit: someone else holding the token must
	// not use up its owner's actions.
	session := sessionOf(r)
	if err := srv.mayHold(r.Context(), s.seats, controls, session); err != nil {
		srv.httpError(w, err)
		return
	}
	if !srv.limiter.allow(req.Token, srv.cfg.Rate, srv.cfg.Burst) {
		writeRefusal(w, refuse(http.StatusTooManyRequests, "too_many_actions", "rate", srv.cfg.Rate))
		return
	}
	if err := s.act(forSeats(r.Context(), s.seats, controls, session), controls, req.Token, req.Action, req.Version, r.Header.Get(forwardedHeader) != ""); err != nil {
		if errors.Is(err, errMoving) {
			w.Header().Set("Retry-After", "1")
			writeRefusal(w, refuse(http.StatusServiceUnavailable, "game_moving"))
			return
		}
		body := httpErrorBody{Error: sayError(err, langOf(r)), Code: codeOf(err)}
		if r.Header.Get(forwardedHeader) != "" {
			body.Words = everyLanguage(err)
		}
		writeJSON(w, http.StatusConflict, body)
		return
	}
	if prefersMinimal(r) {
		// A replica that forwarded the action shows its client the table
		// itself: building and sending it here as well cost the owner and
		// the forwarder about a sixth of their CPU at 3,000 games.
		w.WriteHeader(http.StatusNoContent)
		return
	}
	s.mu.Lock()
	m := s.stateLocked(controls, langOf(r))
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, m)
}

// prefersMinimal says whether a request asks for no body in a successful
// answer (RFC 7240's "Prefer: return=minimal").
func prefersMinimal(r *http.Request) bool {
	for _, v := range r.Header.Values("Prefer") {
		for _, p := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(p), "return=minimal") {
				return true
			}
		}
	}
	return false
}

func (srv *Server) handleRematch(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Token string `json:"token"`
	}
	if err := decodeBody(w, r, &req); err != nil {
		srv.httpError(w, err)
		return
	}
	owner, err := srv.owner(w, r)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	req.Token = tokenOf(r, req.Token)
	// A rematch is a new game: it counts toward the creation limits, or
	// a client finishing and rematching games at once would create them
	// without end. The second player asking gets the first's game.
	id, err := srv.rematch(r.Context(), r.PathValue("id"), req.Token, func() (gameOrigin, bool) {
		creator, ok := srv.admitCreate(w, r, owner)
		return gameOrigin{creator: creator, owner: owner, maxOpen: srv.cfg.MaxOpenGames}, ok
	})
	if errors.Is(err, errAnswered) {
		return
	}
	if errors.Is(err, ErrOpenGamesFull) {
		srv.refuseOpenGames(w, owner)
		return
	}
	if err != nil {
		srv.httpError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"id": id, "play": "/play/" + id + "?token=" + req.Token})
}

// limiter keeps a token bucket per seat token for the HTTP API.
type limiter struct {
	mu      sync.Mutex
	buckets map[string]*bucket
}

func (l *limiter) allow(key string, rate float64, burst int) bool {
	return l.wait(key, rate, burst) == 0
}

// wait takes a token for key and returns 0, or returns how long until
// one is due and takes none.
func (l *limiter) wait(key string, rate float64, burst int) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.buckets == nil || len(l.buckets) > 100000 {
		l.buckets = map[string]*bucket{}
	}
	b, ok := l.buckets[key]
	if !ok {
		b = newBucket(rate, burst)
		l.buckets[key] = b
	}
	return b.wait(time.Now())
}

// parseViewer reads ?seat= for a replay: p1.. or spectator.
func parseViewer(text string, seats int) (engine.Seat, error) {
	if strings.TrimSpace(text) == "" {
		return engine.NoSeat, nil
	}
	s, err := engine.ParseSeat(text)
	if err != nil || s == engine.Omniscient || int(s) >= seats {
		return 0, badInput("seat %q: give p1 to p%d, or spectator", text, seats)
	}
	return s, nil
}
