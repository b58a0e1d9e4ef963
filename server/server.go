// Package server is Kartenwerk's play server: a lobby, live tables over
// WebSocket, AI seats that move on the server, replays of finished games
// and a JSON API for all of it. Every game is stored as its record (setup,
// seed, seats, actions), so a restarted server resumes every game.
//
// Each client sees only its own seat's view and a log redacted for it; the
// seed never leaves the server; every action must carry its seat's token.
package server

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"runtime"
	"sync"
	"time"

	"kartenwerk/engine"
)

// Config tunes a Server. Zero values take the defaults noted.
type Config struct {
	// Store keeps the games; required.
	Store Store
	// Games are the games the lobby offers and the server plays, resumes
	// and replays (default: every registered game, engine.Games()). A
	// stored game of a game not listed cannot be opened.
	Games []engine.Game
	// Logger receives the server's log (default: slog.Default()).
	Logger *slog.Logger
	// AIDelay is the least time an AI seat shows as thinking, so people
	// can follow its moves (0: none).
	AIDelay time.Duration
	// AIWorkers is how many AI decisions run at once across all games
	// (default: the number of CPUs).
	AIWorkers int
	// MaxMessage is the largest WebSocket message accepted, in bytes
	// (default 4096).
	MaxMessage int64
	// Rate and Burst limit each connection's messages: Rate a second on
	// average, Burst at once (default 20 and 40).
	Rate  float64
	Burst int
}

// Server serves the lobby, the tables and the JSON API.
type Server struct {
	cfg     Config
	store   Store
	games   gameSet
	log     *slog.Logger
	mux     *http.ServeMux
	aiSlots chan struct{}
	ctx     context.Context
	stop    context.CancelFunc

	limiter  limiter
	mu       sync.Mutex
	sessions map[string]*session
}

// New makes a server over a store.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, errors.New("server: a Store is required")
	}
	if cfg.Games == nil {
		cfg.Games = engine.Games()
	}
	games, err := newGameSet(cfg.Games)
	if err != nil {
		return nil, err
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.AIWorkers <= 0 {
		cfg.AIWorkers = runtime.NumCPU()
	}
	if cfg.MaxMessage <= 0 {
		cfg.MaxMessage = 4096
	}
	if cfg.Rate <= 0 {
		cfg.Rate = 20
	}
	if cfg.Burst <= 0 {
		cfg.Burst = 40
	}
	ctx, stop := context.WithCancel(context.Background())
	srv := &Server{cfg: cfg, store: cfg.Store, games: games, log: cfg.Logger, aiSlots: make(chan struct{}, cfg.AIWorkers),
		ctx: ctx, stop: stop, sessions: map[string]*session{}}
	srv.routes()
	return srv, nil
}

// ServeHTTP serves the pages and the API.
func (srv *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { srv.mux.ServeHTTP(w, r) }

// Close stops the AI seats and closes every live connection; the games
// stay in the store. It does not close the store.
func (srv *Server) Close() { srv.stop() }

// DropClients closes every live connection, as a network failure would;
// clients reconnect to the same seat and state.
func (srv *Server) DropClients() {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	for _, s := range srv.sessions {
		s.mu.Lock()
		for c := range s.clients {
			c.close()
		}
		s.mu.Unlock()
	}
}

// session returns the live game with this id, loading it from the store
// (and so resuming it) the first time it is asked for.
func (srv *Server) session(ctx context.Context, id string) (*session, error) {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if s, ok := srv.sessions[id]; ok {
		return s, nil
	}
	g, err := srv.store.LoadGame(ctx, id)
	if err != nil {
		return nil, err
	}
	s, err := restore(srv, g)
	if err != nil {
		return nil, err
	}
	srv.sessions[id] = s
	return s, nil
}

// keep makes a newly stored game live at once, so its first clients need
// not wait for the store.
func (srv *Server) keep(g StoredGame) {
	s, err := restore(srv, g)
	if err != nil {
		return // it is loaded, with its error, when first asked for
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if _, ok := srv.sessions[g.ID]; !ok {
		srv.sessions[g.ID] = s
	}
}

// forget drops a session from memory if it is still idle.
func (srv *Server) forget(s *session) {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	s.mu.Lock()
	defer s.mu.Unlock()
	if srv.sessions[s.id] == s && s.finished && len(s.clients) == 0 {
		delete(srv.sessions, s.id)
	}
}
