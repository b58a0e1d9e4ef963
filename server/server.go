// Package server is Kartenwerk's play server: a lobby, live tables over
// WebSocket, AI seats that move on the server, replays of finished games
// and a JSON API for all of it. Every game is stored as its record (setup,
// seed, seats, actions), and an action is committed to the store before
// any client sees it, so a restarted server resumes every game as every
// player last saw it (see OpenStore for what survives a power failure).
//
// Each client sees only its own seat's view and a log redacted for it; the
// seed never leaves the server; every action must carry its seat's token.
package server

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/netip"
	"runtime"
	"strings"
	"sync"
	"time"

	"kartenwerk/engine"
	"kartenwerk/lab"
	"kartenwerk/platform/codes"
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
	// AIMaxThink and AIMaxIters bound every AI decision whatever its
	// seat's spec asks for: ismcts ms= and iters= above them run at them
	// (default 3s and 20000).
	AIMaxThink time.Duration
	AIMaxIters int
	// MaxMessage is the largest WebSocket message accepted, in bytes
	// (default 4096).
	MaxMessage int64
	// Rate and Burst limit each connection's messages: Rate a second on
	// average, Burst at once (default 20 and 40).
	Rate  float64
	Burst int
	// CreateRate and CreateBurst limit the games each address, and each
	// logged-in account, may start: CreateRate a second on average,
	// CreateBurst at once (default 0.5, that is 30 a minute, and 10).
	// MaxOpenGames caps the unfinished games of one account, or of one
	// address for games started without logging in (default 20). Beyond
	// either: 429 with Retry-After.
	CreateRate   float64
	CreateBurst  int
	MaxOpenGames int
	// EvictAfter is how long a game nobody plays or watches stays in
	// memory (default 10m); it is loaded again when asked for.
	// ExpireAfter ends a game nobody has played for that long (default
	// 7 days). SweepEvery is how often both are checked (default 30s).
	EvictAfter, ExpireAfter, SweepEvery time.Duration
	// Advertise is this server's URL for the other replicas (with a
	// PostgreSQL store, which replicas share); LeaseTTL how long a
	// replica owns a game after its last renewal, and so about how long
	// its games wait for another replica when it dies (default 5s).
	Advertise string
	LeaseTTL  time.Duration
	// SecureCookies marks the login cookies Secure even on requests that
	// came over plain HTTP: for a server behind a proxy that ends TLS.
	// Requests over TLS get Secure cookies anyway.
	SecureCookies bool
	// SessionTTL is how long a login lasts unused (default 30 days).
	SessionTTL time.Duration
	// Today is the day (YYYY-MM-DD) whose card texts new games play, for
	// games whose cards have dated versions (default: the current day in
	// UTC). A game keeps its day (Setup.CardsDate) when it is resumed or
	// replayed, after an erratum too.
	Today func() string
	// MetricsFrom are the networks whose clients may read /metrics
	// (default: the loopback and the private ranges; serve
	// --metrics-from). The figures tell how busy the server is, which is
	// the operator's business.
	MetricsFrom []netip.Prefix
	// TrustedProxies are the addresses of reverse proxies in front of the
	// server: a request from one of them counts as coming from the client
	// address it forwarded in X-Forwarded-For; from anywhere else that
	// header is ignored (serve --trusted-proxy).
	TrustedProxies []netip.Prefix
	// CodesPepper keys the hashes of card registration codes (see
	// platform/codes); nil: the server registers no codes.
	CodesPepper *codes.Pepper
	// Ranked tunes the ranked queues and their clocks.
	Ranked RankedConfig
	// Lab bounds the designer's workbench at /lab: games per run, card
	// file size, runs waiting or playing, run time and how long runs
	// stay stored (zero values: lab's defaults).
	Lab lab.Limits
}

// Server serves the lobby, the tables and the JSON API.
type Server struct {
	cfg     Config
	store   Store
	games   gameSet
	log     *slog.Logger
	mux     *http.ServeMux
	ai      *aiQueue
	cluster *cluster
	// tables play the messages clients send to their tables
	// (tablework.go).
	tables tableWorkers
	ctx    context.Context
	stop   context.CancelFunc

	limiter       limiter
	createLimiter limiter         // takeToken's buckets when the store keeps none
	acct          *accounts       // nil: the store keeps no accounts
	codes         CodeStore       // nil: the store keeps no card codes
	rankedStore   RankedStore     // nil: the store keeps no ratings
	trials        trials          // the "Test this deck" batches
	tourneys      TournamentStore // nil: the store keeps no tournaments
	tourneyLocks  sync.Map        // tournament id → *sync.Mutex: one change of a tournament at a time here
	mu            sync.Mutex
	sessions      map[string]*session
	loads         map[string]*load
	comp          *companionHub // the companion tables in memory (companion.go)
	compOnce      sync.Once

	// addressKey keys the hashes that stand for addresses in the store
	// (creatorKey): the installation's, kept in its store.
	addressKey []byte
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
	if cfg.AIMaxThink <= 0 {
		cfg.AIMaxThink = defaultAIMaxThink
	}
	if cfg.AIMaxIters <= 0 {
		cfg.AIMaxIters = defaultAIMaxIters
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
	if cfg.CreateRate <= 0 {
		cfg.CreateRate = defaultCreateRate
	}
	if cfg.CreateBurst <= 0 {
		cfg.CreateBurst = defaultCreateBurst
	}
	if cfg.MaxOpenGames <= 0 {
		cfg.MaxOpenGames = defaultMaxOpenGames
	}
	orDefault(&cfg.EvictAfter, defaultEvictAfter)
	orDefault(&cfg.ExpireAfter, defaultExpireAfter)
	orDefault(&cfg.SweepEvery, defaultSweepEvery)
	orDefault(&cfg.SessionTTL, defaultSessionTTL)
	addressKey, err := loadAddressKey(cfg.Store)
	if err != nil {
		return nil, err
	}
	ctx, stop := context.WithCancel(context.Background())
	srv := &Server{cfg: cfg, store: cfg.Store, games: games, log: cfg.Logger, ai: newAIQueue(cfg.AIWorkers, ctx.Done()),
		ctx: ctx, stop: stop, sessions: map[string]*session{}, loads: map[string]*load{},
		tables: tableWorkers{msgs: make(chan tableMsg)}, addressKey: addressKey}
	orDefault(&srv.cfg.LeaseTTL, 5*time.Second)
	srv.acct = newAccounts(cfg.Store, cfg)
	srv.codes, _ = cfg.Store.(CodeStore)
	srv.rankedStore, _ = cfg.Store.(RankedStore)
	srv.cfg.Ranked.defaults()
	srv.tourneys, _ = cfg.Store.(TournamentStore)
	if srv.cluster = newCluster(cfg.Store, cfg.Advertise, srv.cfg.LeaseTTL); srv.cluster != nil {
		if cfg.Advertise == "" {
			stop()
			return nil, errors.New("server: a PostgreSQL store is shared by replicas: give the URL the others reach this one at (Config.Advertise, serve --advertise)")
		}
		go srv.clusterLoop()
	}
	srv.routes()
	srv.rankedRoutes(srv.mux)
	srv.tournamentRoutes(srv.mux)
	srv.wordRoutes(srv.mux)
	srv.labRoutes(srv.mux)
	go srv.janitor()
	if srv.rankedStore != nil {
		go srv.rankedPresence()
	}
	return srv, nil
}

// ServeHTTP serves the pages and the API, refusing (403) a request that
// may change something and carries a login cookie unless it comes from
// this server's own pages (see csrfRefusal).
func (srv *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	r = fromProxy(r, srv.cfg.TrustedProxies)
	guardPage(w.Header())
	// Every answer speaks the reader's language, refusals included
	// (readerLang).
	w.Header().Set("Content-Language", langOf(r).String())
	if why := csrfRefusal(r); why != nil {
		writeRefusal(w, why)
		return
	}
	if srv.noPage(r) {
		srv.pageError(w, r, refuse(http.StatusNotFound, "no_page"), nil)
		return
	}
	srv.mux.ServeHTTP(w, r)
}

// pagePolicy lets a page run only this site's own scripts and talk only
// to this site, and no other site frame it: a page that showed a name or
// a card text someone slipped markup into would still run nothing, and
// no page can be framed to trick a player into clicking. Styles may be
// inline (the reports' charts); images may be data: and blob: URLs (QR
// codes, the camera's frames). A handler may set a policy of its own, as
// the lab's reports do.
const pagePolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
	"media-src 'self' blob: mediastream:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'"

// guardPage sets the headers that every answer carries for the browser's
// sake: the content policy, no guessing of content types, and no seat
// token in a URL sent to another site as the referrer.
func guardPage(h http.Header) {
	h.Set("Content-Security-Policy", pagePolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "SAMEORIGIN")
	h.Set("Referrer-Policy", "same-origin")
}

// noPage says whether r asks for a page (not the API or a file of the
// pages) at an address that has none, which a reader should meet as a
// page that says so, not the plain text of the API's 404.
func (srv *Server) noPage(r *http.Request) bool {
	if r.Method != http.MethodGet || strings.HasPrefix(r.URL.Path, "/api/") || strings.HasPrefix(r.URL.Path, "/static/") {
		return false
	}
	_, pattern := srv.mux.Handler(r)
	return pattern == ""
}

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
// (and so resuming it) the first time it is asked for. The store read and
// the replay of the record run outside srv.mu, so loading one game never
// holds up requests for the others; requests for the same game wait for
// the one load.
func (srv *Server) session(ctx context.Context, id string) (*session, error) {
	srv.mu.Lock()
	if s, ok := srv.sessions[id]; ok {
		srv.mu.Unlock()
		return s, nil
	}
	l, loading := srv.loads[id]
	if !loading {
		l = &load{done: make(chan struct{})}
		srv.loads[id] = l
	}
	srv.mu.Unlock()
	if !loading {
		srv.finishLoad(id, l)
	}
	select {
	case <-l.done:
		return l.s, l.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// load is a game being read from the store; done closes when s or err is set.
type load struct {
	done chan struct{}
	s    *session
	err  error
}

// finishLoad reads and rebuilds a game for everyone waiting on l. It does
// not use a requester's context: one who gives up must not fail the others.
func (srv *Server) finishLoad(id string, l *load) {
	ctx, cancel := context.WithTimeout(srv.ctx, 30*time.Second)
	defer cancel()
	g, err := srv.store.LoadGame(ctx, id)
	if err == nil {
		l.s, err = restore(srv, g)
	}
	if err == nil && srv.cluster != nil {
		srv.claim(ctx, l.s)
	}
	if err == nil && l.s.finished && !g.Finished {
		srv.saveResult(ctx, l.s)
	}
	l.err = err
	srv.mu.Lock()
	delete(srv.loads, id)
	if err == nil {
		if s, ok := srv.sessions[id]; ok {
			l.s = s // kept meanwhile by keep
		} else {
			srv.sessions[id] = l.s
		}
	}
	srv.mu.Unlock()
	close(l.done)
}

// saveResult marks a game over in the store whose last action was saved
// but whose result was not (the server stopped in between), so it is
// listed as finished and its replay opens.
func (srv *Server) saveResult(ctx context.Context, s *session) {
	_, out := s.state.Terminal()
	if err := srv.store.Finish(ctx, s.id, out.String()); err != nil {
		srv.log.Error("marking a game finished failed", "game", s.id, "err", err)
	}
	srv.gameEnded(s.id)
}

// keep makes a newly stored game live at once, so its first clients need
// not wait for the store.
func (srv *Server) keep(g StoredGame) {
	s, err := restore(srv, g)
	if err != nil {
		return // it is loaded, with its error, when first asked for
	}
	if srv.cluster != nil {
		srv.claim(srv.ctx, s)
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

// orDefault sets a duration that is not positive to its default.
func orDefault(v *time.Duration, def time.Duration) {
	if *v <= 0 {
		*v = def
	}
}
