package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"time"
)

// cluster makes replicas over one PostgreSQL store behave as one server.
// Each game has one owner, the replica holding its lease: only it applies
// the game's actions and runs its AI. The other replicas with the game in
// memory follow it: they forward actions to the owner and catch up from
// the store when it announces a stored action. When an owner dies its
// leases expire and the replicas with its games take them over.
type cluster struct {
	store leaseStore
	id    string // this replica
	addr  string // its URL for the others
	ttl   time.Duration
	http  *http.Client
	// following is set while this replica hears the others' notices: a
	// replica that does not hear them shows stale tables, so it is not
	// ready for clients (see handleReady).
	following atomic.Bool
}

// forwardedHeader marks a forwarded action, so that a replica that is no
// longer the owner refuses it rather than forwarding it on.
const forwardedHeader = "X-Kartenwerk-Forwarded"

// errMoving is an action that found no owner to apply it: the game is
// changing hands, and the client should send it again.
var errMoving = errors.New("the game is moving to another server: send the action again in a moment")

func newCluster(st Store, addr string, ttl time.Duration) *cluster {
	ls, ok := st.(leaseStore)
	if sq, isSQL := st.(*sqlStore); !ok || !isSQL || !sq.postgres {
		return nil
	}
	// Forwarded actions reuse their connections: with Go's default of two
	// idle connections a replica, a busy replica opened and closed a
	// connection for most forwarded actions (thousands in TIME_WAIT).
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost = 256
	return &cluster{store: ls, id: newToken()[:12], addr: addr, ttl: ttl,
		http: &http.Client{Timeout: 10 * time.Second, Transport: t}}
}

// claim tries to make this replica the game's owner. A game it takes over
// first catches up on what the last owner stored.
func (srv *Server) claim(ctx context.Context, s *session) {
	c := srv.cluster
	start := time.Now()
	holder, addr, err := c.store.Acquire(ctx, s.id, c.id, c.addr, c.ttl)
	if err != nil {
		srv.log.Error("claiming a game failed", "game", s.id, "err", err)
		return
	}
	if holder != c.id {
		s.mu.Lock()
		s.owned, s.ownerAddr = false, addr
		s.mu.Unlock()
		return
	}
	s.mu.Lock()
	was := s.owned
	s.mu.Unlock()
	if !was {
		srv.catchUp(ctx, s)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.owned, s.ownerAddr, s.ownedUntil = true, c.addr, start.Add(c.ttl*3/4)
	if !was {
		s.maybeAILocked()
		s.broadcastLocked()
	}
}

// mayApplyLocked says whether this server may apply the game's actions
// now: always alone, and in a cluster while it holds an unexpired lease.
func (s *session) mayApplyLocked() bool {
	return s.srv.cluster == nil || (s.owned && time.Now().Before(s.ownedUntil))
}

// catchUp applies the actions the store has beyond the session's.
func (srv *Server) catchUp(ctx context.Context, s *session) {
	s.mu.Lock()
	has := len(s.actions)
	s.mu.Unlock()
	more, err := srv.cluster.store.ActionsFrom(ctx, s.id, has)
	if err != nil {
		srv.log.Error("catching up on a game failed", "game", s.id, "err", err)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.actions) != has || len(more) == 0 {
		return // another catch-up got there first
	}
	for i, text := range more {
		if err := s.replayLocked(text); err != nil {
			srv.log.Error("catching up on a game failed", "game", s.id, "action", has+i+1, "err", err)
			break
		}
	}
	s.maybeAILocked()
	s.broadcastLocked()
}

// fresh brings a followed game up to date with the store before a client
// is shown it, so that a client sees on any replica at least what it was
// shown on another.
func (srv *Server) fresh(ctx context.Context, s *session) {
	if srv.cluster == nil {
		return
	}
	s.mu.Lock()
	owned := s.mayApplyLocked()
	s.mu.Unlock()
	if !owned {
		srv.catchUp(ctx, s)
	}
}

// forward sends an action to the game's owner, then catches up on it
// unless the owner's notification of it came first.
func (srv *Server) forward(ctx context.Context, s *session, token, action string, version *int) error {
	s.mu.Lock()
	addr := s.ownerAddr
	s.mu.Unlock()
	status, refused, err := srv.postAction(ctx, addr, s.id, token, action, version)
	if err != nil || status == http.StatusServiceUnavailable {
		srv.claim(ctx, s) // the owner may be gone: take the game if its lease ran out
		return errMoving
	}
	if status != http.StatusOK && status != http.StatusNoContent {
		return &spokenError{code: refused.Code, words: refused.Words, english: refused.Error}
	}
	// The owner's announcement of the action usually follows its answer
	// within a millisecond or two. Reading the action from the store
	// instead, as soon as the answer came, had a third of all moves
	// query PostgreSQL once more at 3,000 games.
	if version == nil || !s.await(*version+1, announceWait) {
		srv.catchUp(ctx, s)
	}
	return nil
}

// announceWait is how long a replica that forwarded an action waits for
// the owner's announcement of it before reading it from the store.
const announceWait = 100 * time.Millisecond

// has says whether the session holds at least n actions.
func (s *session) has(n int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.actions) >= n
}

// postAction posts an action to a replica's API and returns its status
// and, for a refusal, its words in every language.
func (srv *Server) postAction(ctx context.Context, addr, id, token, action string, version *int) (int, httpErrorBody, error) {
	body, _ := json.Marshal(ActionRequest{Token: token, Action: action, Version: version})
	req, err := http.NewRequestWithContext(ctx, "POST", strings.TrimSuffix(addr, "/")+"/api/games/"+id+"/actions", bytes.NewReader(body))
	if err != nil {
		return 0, httpErrorBody{}, err
	}
	req.Header.Set(forwardedHeader, srv.cluster.id)
	if session := sessionIn(ctx); session != "" {
		// A bound seat's action (mayHold): the owner checks the player's
		// session too, as for any request it is sent.
		req.AddCookie(&http.Cookie{Name: sessionCookie, Value: session})
		req.Header.Set(csrfHeader, csrfToken(session))
	}
	req.Header.Set("Prefer", "return=minimal") // the table is shown here, not there
	req.Header.Set("Content-Type", "application/json")
	res, err := srv.cluster.http.Do(req)
	if err != nil {
		return 0, httpErrorBody{}, err
	}
	defer func() {
		io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10)) // so the connection is reused
		res.Body.Close()
	}()
	var e httpErrorBody
	json.NewDecoder(res.Body).Decode(&e)
	return res.StatusCode, e, nil
}

// clusterLoop renews this replica's leases, gives up the games whose
// lease it lost, takes over the games whose owner's lease ran out, and
// follows the actions other replicas store.
func (srv *Server) clusterLoop() {
	go srv.listen()
	t := time.NewTicker(srv.cluster.ttl / 4)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			srv.renew()
		case <-srv.ctx.Done():
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			srv.cluster.store.Release(ctx, srv.cluster.id)
			cancel()
			return
		}
	}
}

func (srv *Server) renew() {
	c := srv.cluster
	ctx, cancel := context.WithTimeout(srv.ctx, c.ttl/2)
	defer cancel()
	start := time.Now()
	held, err := c.store.Renew(ctx, c.id, c.ttl)
	if err != nil {
		srv.log.Error("renewing the game leases failed", "err", scrubError(err, ""))
		return
	}
	followed := map[string]*session{}
	var ids []string
	for _, s := range srv.liveSessions() {
		s.mu.Lock()
		renewed, still := held[s.id]
		switch {
		case s.owned && renewed:
			s.ownedUntil = start.Add(c.ttl * 3 / 4)
		case s.owned && !still:
			s.owned = false // lost: another replica has it now
		case s.owned: // a write held its lease: renewed next time
		default:
			followed[s.id] = s
			ids = append(ids, s.id)
		}
		s.mu.Unlock()
	}
	if len(ids) > 0 {
		srv.adoptOrphans(followed, ids)
	}
}

// adoptOrphans claims those of the followed games (ids) whose owner is
// gone. It has a deadline of its own: going through the games before it
// takes each game's lock, which a busy replica's moves hold, and under
// overload that left the search too little of a shared one.
func (srv *Server) adoptOrphans(followed map[string]*session, ids []string) {
	ctx, cancel := context.WithTimeout(srv.ctx, srv.cluster.ttl/2)
	defer cancel()
	// One query finds the followed games whose owner is gone.
	orphans, err := srv.cluster.store.Unowned(ctx, ids)
	if err != nil {
		srv.log.Error("looking for games without an owner failed", "err", err)
		return
	}
	for _, id := range orphans {
		srv.claim(ctx, followed[id])
	}
}

// liveSessions lists the games in memory.
func (srv *Server) liveSessions() []*session {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	out := make([]*session, 0, len(srv.sessions))
	for _, s := range srv.sessions {
		out = append(out, s)
	}
	return out
}

// listen follows the actions and seat names other replicas store,
// reconnecting when the connection fails. Whenever it starts to listen,
// it catches up on every game in memory, its actions and its seats'
// names: what was stored before then (while it connected, or while the
// connection was down) was announced to no one here.
func (srv *Server) listen() {
	catchUpAll := func() {
		srv.cluster.following.Store(true)
		for _, s := range srv.liveSessions() {
			srv.catchUp(srv.ctx, s)
			srv.heardNames(s.id)
		}
	}
	for srv.ctx.Err() == nil {
		err := srv.cluster.store.Listen(srv.ctx, catchUpAll, srv.heard, srv.heardNames)
		srv.cluster.following.Store(false)
		if srv.ctx.Err() != nil {
			return
		}
		srv.log.Error("following the other replicas failed; reconnecting", "err", err)
		select {
		case <-time.After(time.Second):
		case <-srv.ctx.Done():
		}
	}
}

// heard takes in action n of game id, which a replica stored: a game in
// memory that lacks just that action plays it at once; one further behind
// catches up from the store.
func (srv *Server) heard(id string, n int, action string) {
	s := srv.live(id)
	if s == nil {
		return
	}
	s.mu.Lock()
	if len(s.actions) == n && action != "" && s.replayLocked(action) == nil {
		s.maybeAILocked()
		s.broadcastLocked()
		s.mu.Unlock()
		return
	}
	behind := len(s.actions) <= n
	s.mu.Unlock()
	if behind {
		srv.catchUp(srv.ctx, s)
	}
}

// heardNames takes in the display names chosen at game id's seats, one of
// which a replica has just saved: a game in memory here shows them to its
// clients. The names are read from the store rather than from the notice,
// so that notices of two quick changes, heard in order, end at the last.
func (srv *Server) heardNames(id string) {
	s := srv.live(id)
	if s == nil {
		return
	}
	names, err := srv.cluster.store.SeatNames(srv.ctx, id, len(s.seats))
	if err != nil {
		srv.log.Error("reading a game's seat names failed", "game", id, "err", err)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if chosen := seatNames(StoredGame{Seats: s.seats, Names: names}); !slices.Equal(chosen, s.names) {
		copy(s.names, chosen)
		s.broadcastSeatsLocked()
	}
}
