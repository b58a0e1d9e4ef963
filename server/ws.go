package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gobwas/ws"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// client is one WebSocket connection to a game.
type client struct {
	controls []engine.Seat
	// session is the session token the connection was opened with, kept
	// only at a game with seats bound to accounts: each action for such a
	// seat is checked against it (mayHold), as an HTTP action is.
	session string
	// lang is the language the client reads.
	lang i18n.Lang
	// has is how many log entries the client has been sent (under the
	// session's lock), so the next message sends only those it lacks.
	has int
	// view is the view the client was sent last, encoded (under the
	// session's lock): the base of the next message's patch. Clients
	// sent the same view share its bytes, never changed once sent.
	view []byte
	// spans are view's objects and arrays (mergepatch_spans.go), shared
	// as view is.
	spans []span
	// send holds the messages queued and not yet written, oldest first.
	send chan *outMsg
	// conn is the client's WebSocket; nil for a client whose messages
	// stay in send for whoever reads it (tests).
	conn *wsConn
	// writing is held by whoever writes send's messages to conn: the
	// pusher of a message, or a goroutine while the socket is full.
	writing atomic.Bool
	once    sync.Once
	closed  chan struct{}
	// pushed counts the messages queued for this client's table, if set.
	pushed *atomic.Int64
}

// close ends the client: its connection is closed, asking it to
// reconnect for the current state.
func (c *client) close() {
	c.closeWith(ws.StatusGoingAway, "reconnect for the current state")
}

// push queues a message; a client too slow to take it is dropped (it
// reconnects and gets the current state).
func (c *client) push(b []byte) { c.pushMsg(plainMsg(b)) }

// pushMsg queues m, held for this client until it has been written, and
// writes what is queued unless somebody is writing it already (flush).
func (c *client) pushMsg(m *outMsg) {
	if c.pushed != nil {
		c.pushed.Add(1)
	}
	m.hold()
	select {
	case c.send <- m:
	default:
		m.done()
		c.close()
		return
	}
	if c.conn != nil {
		c.flush()
	}
}

// ClientMsg is what a client sends over the WebSocket.
type ClientMsg struct {
	// Type is "act" to play an action or "sync" to ask for the state again.
	Type string `json:"type"`
	// Token is the seat's secret; every action must carry it.
	Token  string `json:"token"`
	Action string `json:"action"`
	// Version, when given, is the move the client saw when it chose; an
	// action chosen on an older table is refused instead of misapplied.
	Version *int `json:"version,omitempty"`
}

// broadcastLocked sends every client what changed in its own view of the
// game. Clients with the same seats and log (the spectators; the tabs of
// one player) get the same message, so it is built and encoded once for
// all of them. The players are sent theirs first: their writers are
// woken before a thousand spectators', as the players wait to move.
func (s *session) broadcastLocked() {
	var room [4]encoded
	done := room[:0]
	for _, seated := range [2]bool{true, false} {
		for c := range s.clients {
			if (len(c.controls) > 0) == seated {
				done = s.sendDeltaLocked(c, done)
			}
		}
	}
	s.spareLocked(done)
	for _, e := range done {
		if e.msg != nil {
			e.msg.done()
		}
	}
}

// maxSpares bounds the views a game keeps to write the next ones into:
// one for each way its clients see it in the common case (two seats and
// the spectators).
const maxSpares = 4

// spareView is a view, and its spans, that no client holds any longer.
type spareView struct {
	view  []byte
	spans []span
}

// spareLocked keeps the views the clients were sent before this
// broadcast, so that the next ones are written into them rather than
// into new memory: a view is most of what a move allocates, and the
// garbage collector's work grows with it. Each client now holds a view
// of done, so the old ones are free; unless some encoding failed and
// left a client on its old view, when none is kept.
func (s *session) spareLocked(done []encoded) {
	for _, e := range done {
		if e.msg == nil {
			return
		}
	}
	for _, e := range done {
		if cap(e.base) == 0 || s.sparedLocked(e.base) {
			continue
		}
		sp := spareView{e.base[:0], e.baseSpans[:0]}
		if len(s.spares) < maxSpares {
			s.spares = append(s.spares, sp)
		} else if i := s.smallestSpareLocked(); cap(s.spares[i].view) < cap(sp.view) {
			s.spares[i] = sp // a view too small for the next is the one let go
		}
	}
}

// smallestSpareLocked is the index of the kept view with the least room.
func (s *session) smallestSpareLocked() int {
	small := 0
	for i, sp := range s.spares {
		if cap(sp.view) < cap(s.spares[small].view) {
			small = i
		}
	}
	return small
}

// sparedLocked reports whether view's memory is already kept: clients
// alike share one view, and each way of seeing may have found it.
func (s *session) sparedLocked(view []byte) bool {
	for _, sp := range s.spares {
		if &sp.view[:1][0] == &view[:1][0] { // both have room: see spareLocked
			return true
		}
	}
	return false
}

// takeSpareLocked returns the memory of a kept view with room for need
// bytes, of those the one with the least (the seats of a game see views
// of different lengths, and a larger one is left for a seat that sees
// more), or empty slices when none has room.
func (s *session) takeSpareLocked(need int) spareView {
	fit := -1
	for i, sp := range s.spares {
		if c := cap(sp.view); c > 0 && c >= need && (fit < 0 || c < cap(s.spares[fit].view)) {
			fit = i
		}
	}
	if fit < 0 {
		return spareView{}
	}
	sp := s.spares[fit]
	s.spares = slices.Delete(s.spares, fit, fit+1)
	return sp
}

// deltaRooms hold the rooms deltas are built in on their way to being
// encoded. They are shared by every game rather than kept by each: a room
// is needed only while a delta is encoded, and rooms of their own, full
// of pointers, were a fifth of what the collector scanned at 10,000
// games.
var deltaRooms = sync.Pool{New: func() any { return newDeltaRoom() }}

// deltaRoom is memory a delta is built in and reused for the next: its
// message, view (engine.ViewRoom), legal actions and log lines, which
// would otherwise be a third of the garbage of a move.
type deltaRoom struct {
	msg   StateMsg
	view  engine.ViewRoom
	legal []LegalAction // never nil: a delta lists its legal actions, if none as []
	log   []LogLine
}

func newDeltaRoom() *deltaRoom { return &deltaRoom{legal: []LegalAction{}} }

// keep takes back the lists m was built with, for the next delta, and
// clears what they refer to.
func (r *deltaRoom) keep(m *StateMsg) {
	r.legal, r.log = m.Legal[:0], m.Log[:0]
	clear(m.Legal)
	clear(m.Log)
	*m = StateMsg{}
}

// sendDeltaLocked sends c what changed since its last message: the
// message in done for clients like it, or one built, encoded and added.
func (s *session) sendDeltaLocked(c *client, done []encoded) []encoded {
	i := slices.IndexFunc(done, func(e encoded) bool {
		return e.has == c.has && e.lang == c.lang && slices.Equal(e.controls, c.controls) && sameBytes(e.base, c.view)
	})
	if i < 0 {
		e := encoded{controls: c.controls, lang: c.lang, has: c.has, base: c.view, baseSpans: c.spans}
		room := deltaRooms.Get().(*deltaRoom)
		m := s.deltaLocked(c.controls, c.has, c.lang, room)
		e.msg, e.view, e.spans = s.encodeStateLocked(m, c.view, c.spans)
		room.keep(m)
		deltaRooms.Put(room)
		done = append(done, e)
		i = len(done) - 1
	}
	if done[i].msg != nil {
		c.pushMsg(done[i].msg)
		c.has, c.view, c.spans = s.log.len(), done[i].view, done[i].spans
	}
	return done
}

// sameBytes reports whether a and b hold the same bytes, at once when
// they share them.
func sameBytes(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	return len(a) == 0 || &a[0] == &b[0] || bytes.Equal(a, b)
}

// encoded is a message encoded for the clients with these seats and
// language that had has log entries and were sent the view base; view
// is the view it brings them, with its spans.
type encoded struct {
	controls         []engine.Seat
	lang             i18n.Lang
	has              int
	base, view       []byte
	baseSpans, spans []span
	msg              *outMsg
}

// sendStateLocked sends a client the full state message.
func (s *session) sendStateLocked(c *client) {
	if msg, view, spans := s.encodeStateLocked(s.stateLocked(c.controls, c.lang), nil, nil); msg != nil {
		c.pushMsg(msg)
		msg.done()
		c.has, c.view, c.spans = s.log.len(), view, spans
	}
}

// encodeStateLocked encodes a state message for a client that was sent
// the view base (nil for none), whose spans are baseSpans: with its view
// whole, or as a merge patch against base when there is one. It returns
// the message, held by the caller until it has queued it (outMsg.done),
// and the view's encoding and spans, or nils (logged) when it cannot be
// encoded. m's view is taken out of it.
func (s *session) encodeStateLocked(m *StateMsg, base []byte, baseSpans []span) (msg *outMsg, view []byte, spans []span) {
	// Room for a view about as long as the last one: a spare that held
	// one, or new room with half as much again to spare, as a game's views
	// grow with it (about 1.5 KB at its start, 3.5 KB a hundred moves on)
	// and each seat's views pass through these rooms in turn.
	room := s.takeSpareLocked(len(base))
	if cap(room.view) == 0 {
		room.view = make([]byte, 0, max(2048, len(base)+len(base)/2))
	}
	view = m.View.AppendJSON(room.view)
	m.View = nil
	head, ok := m.appendDeltaJSON(s.head[:0])
	if ok {
		s.head = head
	} else if head = s.encodeLocked(m); head == nil {
		return nil, nil, nil
	}
	key, body := `,"view":`, view
	spans = room.spans
	if cap(spans) < len(baseSpans) || cap(spans) == 0 {
		spans = make([]span, 0, max(64, len(baseSpans)+len(baseSpans)/2))
	}
	if base == nil {
		spans = indexJSON(spans, view)
	} else {
		var ok bool
		if s.patch, spans, ok = mergePatchSpans(s.patch[:0], base, view, baseSpans, spans); ok {
			key, body = `,"view_patch":`, s.patch
		}
	}
	msg = newPooledMsg()
	msg.buf = append(append(append(append(msg.buf, head[:len(head)-1]...), key...), body...), '}')
	msg.seal(ws.OpText)
	return msg, view, spans
}

// encodeLocked encodes a message, or logs why it cannot and returns nil.
func (s *session) encodeLocked(m any) []byte {
	b, err := json.Marshal(m)
	if err != nil {
		s.srv.log.Error("encoding a message failed", "game", s.id, "err", err)
		return nil
	}
	return b
}

// join adds a client and sends it the table. The others hear of it only
// when it connects a seat that was not connected, or gives its seat a new
// name: a spectator joining costs one message, however many watch.
func (s *session) join(c *client, name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	before := s.connectedLocked()
	s.clients[c] = struct{}{}
	if name != "" {
		s.setNamesLocked(c.controls, name)
	}
	s.lastActive = time.Now()
	s.maybeAILocked()
	s.sendStateLocked(c)
	s.seatsChangedLocked(before)
}

// leave removes a client; a finished game nobody watches is dropped from
// memory (the store keeps it, and loads it again when asked).
func (s *session) leave(c *client) {
	s.mu.Lock()
	before := s.connectedLocked()
	delete(s.clients, c)
	s.lastActive = time.Now()
	s.seatsChangedLocked(before)
	idle := s.finished && len(s.clients) == 0
	s.mu.Unlock()
	if idle {
		s.srv.forget(s)
	}
}

// connectedLocked is a bit set of the seats with a client.
func (s *session) connectedLocked() uint64 {
	var set uint64
	for c := range s.clients {
		for _, seat := range c.controls {
			set |= 1 << uint(seat)
		}
	}
	return set
}

// seatsChangedLocked tells every client who is connected, if that is no
// longer before.
func (s *session) seatsChangedLocked(before uint64) {
	if s.connectedLocked() != before {
		s.broadcastSeatsLocked()
	}
}

// broadcastSeatsLocked tells every client who sits where now.
func (s *session) broadcastSeatsLocked() {
	b := s.encodeLocked(SeatsMsg{Type: "seats", Seats: s.seatInfoLocked()})
	if b == nil {
		return
	}
	for c := range s.clients {
		c.push(b)
	}
}

// sendQueue is how many messages a client may be behind before it is
// dropped (it reconnects and gets the current state): more than a
// table makes while a player looks away, and than the answers to a
// burst of messages at the default rate (--rate 20, twice as many at
// once), so that such a burst is refused, not dropped; and few enough
// that the queues, whose every slot the collector scans, stay small
// beside the games: at 128 they were 20 MB of it at 10,000 games.
const sendQueue = 64

// handleWS serves GET /api/games/{id}/ws?token=T: the live table.
func (srv *Server) handleWS(w http.ResponseWriter, r *http.Request) {
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
	// Before the upgrade, so that a page gets the refusal's words.
	if err := srv.mayHold(r.Context(), s.seats, controls, sessionOf(r)); err != nil {
		srv.httpError(w, err)
		return
	}
	session := ""
	if anyBound(s.seats) {
		session = sessionOf(r) // a spectator may act with a token of its own later
	}
	name, err := cleanName(r.URL.Query().Get("name"))
	if err != nil {
		srv.httpError(w, err)
		return
	}
	conn, err := upgradeWS(w, r, srv.cfg.MaxMessage)
	if err != nil {
		return
	}
	c := &client{controls: controls, session: session, lang: langOf(r), send: make(chan *outMsg, sendQueue), closed: make(chan struct{}), pushed: &s.pushes, conn: conn}
	// The table is served on a goroutine of its own and this handler
	// returns: the request, its headers and the HTTP server's frames
	// would otherwise stay reachable for as long as the player sits at
	// the table, a fifth of the objects the collector marks at 10,000
	// games.
	go srv.serveTable(s, c, name)
}

// serveTable plays a connected client's part until it goes or the server
// stops. The connection has no goroutine but this one: its messages are
// written by whoever queues them (flush).
func (srv *Server) serveTable(s *session, c *client, name string) {
	defer srv.survive("serving a table failed", func() { c.conn.conn.Close() }, "game", s.id)
	defer c.conn.finish()
	defer context.AfterFunc(srv.ctx, func() { c.closeWith(statusServiceRestart, "the server is stopping") })()
	srv.fresh(srv.ctx, s)
	wsConnections.Add(1)
	defer wsConnections.Add(-1)
	s.join(c, name)
	defer s.leave(c)
	srv.readLoop(s, c)
	c.close()
}

// writeTimeout bounds the write of one message: a client that takes no
// more (its network gone, its tab frozen) is dropped after it.
const writeTimeout = 10 * time.Second

// readLoop reads a client's messages until it goes, and has a table
// worker play each (tablework.go). A bad message gets an error to this
// client only; the game is unchanged.
func (srv *Server) readLoop(s *session, c *client) {
	bucket := newBucket(srv.cfg.Rate, srv.cfg.Burst)
	var buf bytes.Buffer // reused: reading a message allocates nothing
	played := make(chan struct{}, 1)
	for {
		data, err := c.readMessage(&buf)
		if err != nil {
			return
		}
		select {
		case <-c.closed:
			return
		default:
		}
		if !bucket.take(time.Now()) {
			c.refuse(refuse(http.StatusTooManyRequests, "too_many_messages", "rate", srv.cfg.Rate))
			continue
		}
		if !srv.play(s, c, data, played) {
			return
		}
	}
}

func (srv *Server) handleMsg(s *session, c *client, data []byte) {
	var m ClientMsg
	if err := decodeClientMsg(data, &m); err != nil {
		c.refuse(refuse(http.StatusBadRequest, "malformed_message"))
		return
	}
	switch m.Type {
	case "sync":
		srv.fresh(srv.ctx, s)
		s.mu.Lock()
		s.sendStateLocked(c)
		s.mu.Unlock()
	case "act":
		controls := seatsOf(s.seats, m.Token)
		if m.Token == "" || len(controls) == 0 {
			c.refuse(refuse(http.StatusForbidden, "no_action_token"))
			return
		}
		// Checked again for every action: a connection may send another
		// token than the one it opened with, and a session may have ended.
		if err := srv.mayHold(srv.ctx, s.seats, controls, c.session); err != nil {
			c.refuse(err)
			return
		}
		if err := s.act(forSeats(srv.ctx, s.seats, controls, c.session), controls, m.Token, m.Action, m.Version, false); err != nil {
			c.refuse(err)
		}
	default:
		c.refuse(refuse(http.StatusBadRequest, "unknown_message", "type", m.Type))
	}
}

// bucket is a token bucket: rate tokens a second, at most burst saved.
type bucket struct {
	rate, burst, tokens float64
	last                time.Time
}

func newBucket(rate float64, burst int) *bucket {
	return &bucket{rate: rate, burst: float64(burst), tokens: float64(burst), last: time.Now()}
}

func (b *bucket) take(now time.Time) bool { return b.wait(now) == 0 }

// wait takes a token and returns 0, or returns how long until one is due.
func (b *bucket) wait(now time.Time) time.Duration {
	b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.rate)
	b.last = now
	if b.tokens < 1 {
		return max(time.Millisecond, time.Duration((1-b.tokens)/b.rate*float64(time.Second)))
	}
	b.tokens--
	return 0
}
