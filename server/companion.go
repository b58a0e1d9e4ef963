package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/gobwas/ws"

	"kartenwerk/platform/companion"
)

// The table companion: phones at a table of physical cards share one
// companion table (platform/companion) through the server, which orders
// its log, stores every event before anyone sees it, and pushes each new
// state to every phone over a WebSocket.

// companionHub holds the companion tables in use on this server.
type companionHub struct {
	mu     sync.Mutex
	tables map[string]*liveTable
	swept  time.Time // when idle tables were last dropped (sweepIdle)
	forgot time.Time // when the store last forgot idle tables (sweepCompanions)
}

// liveTable is a companion table in memory with its connected phones.
type liveTable struct {
	mu      sync.Mutex
	t       *companion.Table
	clients map[*client]struct{}
	gone    bool      // dropped from the hub: requests must read the table again
	used    time.Time // when a phone last changed or opened it (sweepIdle)
}

// A companion table stays in memory while a phone is connected to it or
// it changed in the last companionIdle; after that it is dropped from
// memory (the store keeps it, and the next request reads it again).
//
// One address may hold at most maxCompanionTables open tables that it
// created: a table is a handful of phones' evening. They are counted in
// the store, in the step that saves a new table (CreateCompanionTable),
// so that every replica and a restarted server count alike (each
// replica's memory gave a client the cap once per replica), and requests
// racing on several replicas cannot pass the cap. A table is open while it changed in the last
// companionIdle: the idle period after which it leaves memory, so the
// store counts the tables that memory held. Unlike memory, the store sees
// no phones, nor a phone opening a table: a table a phone keeps open
// without changing it for companionIdle no longer counts.
var (
	maxCompanionTables = 20
	companionIdle      = 15 * time.Minute
)

// The store keeps a table until it has not changed for
// companionForgetAfter, then deletes it: without that, every table ever
// started would stay for good. 30 days keeps a table through a weekend's
// games, a holiday, and a month's break between game nights of one
// group. Every replica deletes the idle tables at most once
// companionForgetEvery; each deletion checks the table is still idle, so
// replicas doing it at once do no harm.
const (
	companionForgetAfter = 30 * 24 * time.Hour
	companionForgetEvery = time.Hour
)

// companionLogTail is how many of the newest events a snapshot carries.
const companionLogTail = 200

// CompanionSnapshot is a companion table as the page draws it.
type CompanionSnapshot struct {
	Type     string            `json:"type"` // "companion"
	ID       string            `json:"id"`
	Game     string            `json:"game"`
	Seq      int               `json:"seq"`
	State    companion.State   `json:"state"`
	Hints    []companion.Note  `json:"hints"`
	Log      []companion.Event `json:"log"`
	LogTotal int               `json:"log_total"`
}

// CompanionCommand is the body of POST /api/companion/tables/{id}/commands.
type CompanionCommand struct {
	Seat int               `json:"seat"` // 1-based; 0 for a join
	Op   string            `json:"op,omitempty"`
	Cmd  companion.Command `json:"cmd"`
}

// CompanionAnswer is a command's answer: its event and the table after it.
type CompanionAnswer struct {
	Event companion.Event   `json:"event"`
	Table CompanionSnapshot `json:"table"`
}

// companionConfirm is the 409 answer to a command the rules want confirmed.
type companionConfirm struct {
	Error   string         `json:"error"`
	Confirm companion.Note `json:"confirm"`
}

func (srv *Server) companionRoutes(m *http.ServeMux) {
	m.HandleFunc("GET /companion/{game}", srv.handleCompanionPage)
	// The chooser of the five games, where the lobby's link leads: in the
	// service worker's scope, so it opens offline too.
	m.HandleFunc("GET /companion/{$}", srv.page("companion.html"))
	m.HandleFunc("GET /companion", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, (&url.URL{Path: "/companion/", RawQuery: r.URL.RawQuery}).String(), http.StatusMovedPermanently)
	})
	// The service worker is served from the root, so that its scope may
	// cover /companion/ (a worker's scope is at most its path's).
	m.HandleFunc("GET /companion-sw.js", embedded("companion-sw.js", "text/javascript; charset=utf-8"))
	m.HandleFunc("GET /companion.webmanifest", handleCompanionManifest)
	m.HandleFunc("GET /companion-icon.svg", handleCompanionIcon)
	m.HandleFunc("GET /api/companion/catalog/{game}", srv.handleCompanionCatalog)
	m.HandleFunc("POST /api/companion/tables", srv.withCompanion(srv.handleCompanionCreate))
	m.HandleFunc("GET /api/companion/tables/{id}", srv.withCompanion(srv.handleCompanionTable))
	m.HandleFunc("POST /api/companion/tables/{id}/commands", srv.withCompanion(srv.handleCompanionCommand))
	m.HandleFunc("GET /api/companion/tables/{id}/ws", srv.withCompanion(srv.handleCompanionWS))
	m.HandleFunc("GET /api/companion/tables/{id}/qr.svg", srv.withCompanion(srv.handleCompanionQR))
	m.HandleFunc("POST /api/companion/code", srv.handleCompanionCode)
}

// withCompanion answers 501 on a store that keeps no companion tables.
func (srv *Server) withCompanion(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if _, ok := srv.store.(CompanionStore); !ok {
			writeRefusal(w, refuse(http.StatusNotImplemented, "no_companion_store"))
			return
		}
		h(w, r)
	}
}

func (srv *Server) handleCompanionCatalog(w http.ResponseWriter, r *http.Request) {
	t, err := companion.New("", r.PathValue("game"))
	if err != nil {
		writeError(w, http.StatusNotFound, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"game": t.Game, "catalog": t.Catalog()})
}

// handleCompanionCreate starts a table: {"game", "name"} -> 201 with the
// table, the creator joined as seat 1.
func (srv *Server) handleCompanionCreate(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Game string `json:"game"`
		Name string `json:"name"`
	}
	if err := decodeBody(w, r, &req); err != nil {
		srv.httpError(w, err)
		return
	}
	if !srv.admitAddress(w, r, "companion:addr:", srv.cfg.CreateRate, srv.cfg.CreateBurst,
		refuse(http.StatusTooManyRequests, "tables_from_address", "rate", srv.cfg.CreateRate*60)) {
		return
	}
	st := srv.store.(CompanionStore) // withCompanion made sure
	creator := srv.creatorKey(clientUnit(r))
	now := time.Now()
	srv.companionHub().sweepIdle(now)
	id := newToken()
	t, err := companion.New(id, req.Game)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if _, err := t.Do(0, "", companion.Command{Verb: "join", Arg: req.Name}, time.Now()); err != nil {
		writeCommandError(w, err)
		return
	}
	// Open is changed after now-companionIdle: sweepIdle drops a table
	// (without a phone) once its last use is companionIdle ago or more,
	// so the count is of the creator's tables memory would still hold.
	// There is no count in memory to fall back on: a store that keeps no
	// tables has no companion at all (withCompanion).
	err = st.CreateCompanionTable(r.Context(), id, req.Game, creator, time.Now(), OpenLimit{Since: now.Add(-companionIdle), Max: maxCompanionTables})
	if errors.Is(err, ErrCompanionTablesFull) {
		tooMany(w, companionIdle/3, refuse(http.StatusTooManyRequests, "companion_tables_open", "n", maxCompanionTables, "minutes", int(companionIdle/time.Minute)))
		return
	}
	if err != nil {
		srv.httpError(w, err)
		return
	}
	if err := st.AppendCompanionEvent(r.Context(), id, t.Log()[0]); err != nil {
		srv.httpError(w, err)
		return
	}
	lt := &liveTable{t: t, clients: map[*client]struct{}{}, used: time.Now()}
	srv.companionHub().put(id, lt)
	lt.mu.Lock()
	snap := lt.snapshot()
	lt.mu.Unlock()
	writeJSON(w, http.StatusCreated, snap)
}

func (srv *Server) companionHub() *companionHub {
	srv.compOnce.Do(func() { srv.comp = &companionHub{tables: map[string]*liveTable{}} })
	return srv.comp
}

func (h *companionHub) put(id string, lt *liveTable) {
	h.mu.Lock()
	h.tables[id] = lt
	h.mu.Unlock()
}

// sweepIdle drops from memory every table without a phone connected
// that has not changed for companionIdle; the store keeps them. It
// sweeps at most once a minute, when a table is created.
func (h *companionHub) sweepIdle(now time.Time) {
	h.mu.Lock()
	if now.Sub(h.swept) < time.Minute {
		h.mu.Unlock()
		return
	}
	h.swept = now
	ids := make(map[string]*liveTable, len(h.tables))
	for id, lt := range h.tables {
		ids[id] = lt
	}
	h.mu.Unlock()
	for id, lt := range ids { // a table's lock before the hub's
		lt.mu.Lock()
		if !lt.gone && len(lt.clients) == 0 && now.Sub(lt.used) >= companionIdle {
			h.forgetLocked(id, lt)
		}
		lt.mu.Unlock()
	}
}

// sweepCompanions has the store forget the tables idle for
// companionForgetAfter, at most once companionForgetEvery (the janitor
// calls it at each of its sweeps).
func (srv *Server) sweepCompanions(ctx context.Context, now time.Time) {
	if _, ok := srv.store.(CompanionStore); !ok {
		return
	}
	h := srv.companionHub()
	h.mu.Lock()
	due := now.Sub(h.forgot) >= companionForgetEvery
	if due {
		h.forgot = now
	}
	h.mu.Unlock()
	if !due {
		return
	}
	n, err := srv.forgetCompanions(ctx, now.Add(-companionForgetAfter))
	if err != nil && srv.ctx.Err() == nil {
		srv.log.Error("deleting idle companion tables failed", "deleted", n, "err", err)
		return
	}
	if n > 0 {
		srv.log.Info("idle companion tables deleted", "tables", n, "idle_for", companionForgetAfter)
	}
}

// forgetCompanions deletes from the store the tables that have not
// changed since before, and drops those this server holds in memory
// (closing their phones' connections, which then find no table), so that
// a deleted table answers like any unknown one. It returns how many it
// deleted.
func (srv *Server) forgetCompanions(ctx context.Context, before time.Time) (int, error) {
	ids, err := srv.store.(CompanionStore).ForgetCompanionTables(ctx, before)
	h := srv.companionHub()
	for _, id := range ids {
		h.mu.Lock()
		lt, ok := h.tables[id]
		h.mu.Unlock()
		if !ok {
			continue
		}
		lt.mu.Lock() // a table's lock before the hub's
		if !lt.gone {
			srv.dropCompanion(id, lt)
		}
		lt.mu.Unlock()
	}
	return len(ids), err
}

// companionTable returns a table from memory, or reads it from the store.
func (srv *Server) companionTable(ctx context.Context, id string) (*liveTable, error) {
	h := srv.companionHub()
	h.mu.Lock()
	lt, ok := h.tables[id]
	h.mu.Unlock()
	if ok {
		return lt, nil
	}
	t, err := srv.loadCompanion(ctx, id)
	if err != nil {
		return nil, err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if lt, ok := h.tables[id]; ok { // another request loaded it meanwhile
		return lt, nil
	}
	lt = &liveTable{t: t, clients: map[*client]struct{}{}, used: time.Now()}
	h.tables[id] = lt
	return lt, nil
}

func (srv *Server) loadCompanion(ctx context.Context, id string) (*companion.Table, error) {
	game, log, err := srv.store.(CompanionStore).LoadCompanionTable(ctx, id)
	if err != nil {
		return nil, err
	}
	return companion.Load(id, game, log)
}

// snapshot is the table as the page draws it; the caller holds lt.mu.
func (lt *liveTable) snapshot() CompanionSnapshot {
	log := lt.t.Log()
	return CompanionSnapshot{Type: "companion", ID: lt.t.ID, Game: lt.t.Game, Seq: lt.t.Seq(), State: lt.t.State(),
		Hints: lt.t.Hints(), Log: log[max(0, len(log)-companionLogTail):], LogTotal: len(log)}
}

// broadcast sends the snapshot to every phone; the caller holds lt.mu.
func (lt *liveTable) broadcast(snap CompanionSnapshot) {
	b, _ := json.Marshal(snap)
	for c := range lt.clients {
		c.push(b)
	}
}

func (srv *Server) handleCompanionTable(w http.ResponseWriter, r *http.Request) {
	lt, err := srv.companionTable(r.Context(), r.PathValue("id"))
	if err != nil {
		srv.companionError(w, err)
		return
	}
	lt.mu.Lock()
	snap := lt.snapshot()
	lt.mu.Unlock()
	writeJSON(w, http.StatusOK, snap)
}

// handleCompanionCommand applies one command: the event is stored before
// anyone sees it, then pushed to every phone. A refused command answers
// 400 (409 when it wants a confirmation) and changes nothing.
// maxCompanionEvents caps a table's log: a long evening's games take a
// few thousand changes; beyond this the log is not a table's but abuse.
var maxCompanionEvents = 20000

func (srv *Server) handleCompanionCommand(w http.ResponseWriter, r *http.Request) {
	var req CompanionCommand
	if err := decodeBody(w, r, &req); err != nil {
		srv.httpError(w, err)
		return
	}
	id := r.PathValue("id")
	// A table's phones share its rate, as a game's seats share a token's:
	// no client can flood a table's log or its other phones.
	if !srv.limiter.allow("companion "+id, srv.cfg.Rate, srv.cfg.Burst) {
		tooMany(w, time.Second, refuse(http.StatusTooManyRequests, "table_changes", "rate", srv.cfg.Rate))
		return
	}
	lt, err := srv.lockedTable(r.Context(), id)
	if err != nil {
		srv.companionError(w, err)
		return
	}
	defer lt.mu.Unlock()
	lt.used = time.Now()
	seq := lt.t.Seq()
	if seq >= maxCompanionEvents {
		writeRefusal(w, refuse(http.StatusConflict, "table_full", "n", seq))
		return
	}
	ev, err := lt.t.Do(req.Seat-1, req.Op, req.Cmd, time.Now())
	if err != nil {
		var nc *companion.NeedsConfirm
		if errors.As(err, &nc) {
			writeJSON(w, http.StatusConflict, companionConfirm{Error: err.Error(), Confirm: nc.Note})
			return
		}
		writeCommandError(w, err)
		return
	}
	if ev.Seq > seq { // not a command sent again
		st := srv.store.(CompanionStore)
		if err := st.AppendCompanionEvent(r.Context(), id, ev); err != nil {
			srv.dropCompanion(id, lt)
			// A table another replica deleted as idle while this one held
			// it refuses the event too: it answers as an unknown table.
			if errors.Is(err, ErrEventTaken) {
				if _, _, lerr := st.LoadCompanionTable(r.Context(), id); errors.Is(lerr, ErrNotFound) {
					err = lerr
				}
			}
			srv.companionError(w, err)
			return
		}
	}
	snap := lt.snapshot()
	lt.broadcast(snap)
	writeJSON(w, http.StatusOK, CompanionAnswer{Event: ev, Table: snap})
}

// dropCompanion forgets a table whose event could not be stored, so the
// next request reads it from the store as it is; its phones reconnect.
// The caller holds lt.mu.
func (srv *Server) dropCompanion(id string, lt *liveTable) {
	srv.forgetLocked(id, lt)
	for c := range lt.clients {
		c.close()
	}
}

func (srv *Server) companionError(w http.ResponseWriter, err error) {
	switch {
	case errors.Is(err, ErrNotFound):
		writeRefusal(w, refuse(http.StatusNotFound, "no_table"))
	case errors.Is(err, ErrEventTaken):
		writeRefusal(w, refuse(http.StatusServiceUnavailable, "table_busy"))
	default:
		srv.httpError(w, err)
	}
}

// handleCompanionWS pushes the table to a phone: now, and after every change.
func (srv *Server) handleCompanionWS(w http.ResponseWriter, r *http.Request) {
	if _, err := srv.companionTable(r.Context(), r.PathValue("id")); err != nil {
		srv.companionError(w, err) // before the upgrade, so a wrong link gets its 404
		return
	}
	conn, err := upgradeWS(w, r, srv.cfg.MaxMessage)
	if err != nil {
		return
	}
	c := &client{send: make(chan *outMsg, 32), closed: make(chan struct{}), conn: conn}
	defer conn.finish()
	defer context.AfterFunc(srv.ctx, func() { c.closeWith(statusServiceRestart, "the server is stopping") })()
	lt, err := srv.lockedTable(srv.ctx, r.PathValue("id"))
	if err != nil {
		c.closeWith(ws.StatusInternalServerError, "the table could not be read: reconnect")
		return
	}
	lt.clients[c] = struct{}{}
	lt.used = time.Now()
	b, _ := json.Marshal(lt.snapshot())
	c.push(b)
	lt.mu.Unlock()
	defer srv.leaveCompanion(r.PathValue("id"), lt, c)
	wsConnections.Add(1)
	defer wsConnections.Add(-1)
	// The phone sends its commands over HTTP; reading only notices it
	// leaving, and answers its pings.
	var buf bytes.Buffer
	for {
		if _, err := c.readMessage(&buf); err != nil {
			break
		}
	}
	c.close()
}

// companionCodeRate is how many card codes an address may look up a
// second on average (a burst of companionCodeBurst): enough to scan a
// hand of cards, far too few to search the code space.
const (
	companionCodeRate  = 0.5
	companionCodeBurst = 10
)

// handleCompanionCode reads a card's registration code, typed or scanned
// ({"code": "..."}), and answers the printing it is on, so a player adds
// the card by scanning it; nothing is registered. 404 for a code of no
// imported print run, 501 on a server without the codes pepper.
func (srv *Server) handleCompanionCode(w http.ResponseWriter, r *http.Request) {
	unsupported := refuse(http.StatusNotImplemented, "no_code_reading")
	if srv.codes == nil {
		writeRefusal(w, unsupported)
		return
	}
	code, ok := srv.readCode(w, r, unsupported)
	if !ok {
		return
	}
	if !srv.admitAddress(w, r, "companion-code:addr:", companionCodeRate, companionCodeBurst, refuse(http.StatusTooManyRequests, "code_lookups")) {
		return
	}
	c, err := srv.codes.CodeByHash(r.Context(), srv.cfg.CodesPepper.Hash(code).String())
	if errors.Is(err, ErrNoCode) {
		writeRefusal(w, refuse(http.StatusNotFound, "code_not_printed"))
		return
	}
	if err != nil {
		srv.httpError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, c.Printing)
}

// leaveCompanion forgets a phone, and the table once no phone is
// connected: the store has it, and the next request reads it again.
func (srv *Server) leaveCompanion(id string, lt *liveTable, c *client) {
	lt.mu.Lock()
	defer lt.mu.Unlock()
	delete(lt.clients, c)
	if len(lt.clients) == 0 {
		srv.forgetLocked(id, lt)
	}
}

// forgetLocked drops a table from the hub; the caller holds lt.mu (the
// lock order is a table's, then the hub's).
func (srv *Server) forgetLocked(id string, lt *liveTable) {
	srv.companionHub().forgetLocked(id, lt)
}

// forgetLocked drops a table from the hub; the caller holds lt.mu.
func (h *companionHub) forgetLocked(id string, lt *liveTable) {
	lt.gone = true
	h.mu.Lock()
	if h.tables[id] == lt {
		delete(h.tables, id)
	}
	h.mu.Unlock()
}

// lockedTable returns a table in use, locked, reading it from the store
// again if it was dropped meanwhile.
func (srv *Server) lockedTable(ctx context.Context, id string) (*liveTable, error) {
	for {
		lt, err := srv.companionTable(ctx, id)
		if err != nil {
			return nil, err
		}
		lt.mu.Lock()
		if !lt.gone {
			return lt, nil
		}
		lt.mu.Unlock()
	}
}
