package server

import (
	"context"
	"time"
)

// Defaults of the memory limits (see Config).
const (
	defaultEvictAfter  = 10 * time.Minute
	defaultExpireAfter = 7 * 24 * time.Hour
	defaultSweepEvery  = 30 * time.Second
)

// janitor keeps memory bounded: it evicts games nobody has played or
// watched for EvictAfter (the store keeps them, and a request loads them
// again), and ends games abandoned for ExpireAfter.
func (srv *Server) janitor() {
	t := time.NewTicker(srv.cfg.SweepEvery)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			srv.sweep(time.Now())
		case <-srv.ctx.Done():
			return
		}
	}
}

// sweep evicts idle games, notes in the store when the games in memory
// were last played, and expires abandoned ones.
func (srv *Server) sweep(now time.Time) {
	ctx, cancel := context.WithTimeout(srv.ctx, time.Minute)
	defer cancel()
	for _, s := range srv.evictIdle(now) {
		srv.touch(ctx, s)
		srv.forgetLease(ctx, s)
	}
	for _, s := range srv.staleTouches() {
		srv.touch(ctx, s)
	}
	ids, err := srv.store.ExpireIdle(ctx, now.Add(-srv.cfg.ExpireAfter))
	if err != nil && srv.ctx.Err() == nil {
		srv.log.Error("expiring abandoned games failed", "err", err)
	}
	srv.sweepSessions(ctx, now)
	srv.sweepCompanions(ctx, now)
	if rf, ok := srv.store.(interface {
		ForgetRateLimits(context.Context, time.Time) error
	}); ok {
		if err := rf.ForgetRateLimits(ctx, now); err != nil && srv.ctx.Err() == nil {
			srv.log.Error("forgetting full rate-limit buckets failed", "err", err)
		}
	}
	for _, id := range ids {
		srv.endExpired(id)
		srv.log.Info("an abandoned game expired", "game", id)
	}
}

// endExpired ends an expired game that is in memory, for its clients.
func (srv *Server) endExpired(id string) {
	s := srv.live(id)
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.finished = true
	s.broadcastLocked()
}

// forgetLease gives up the lease of an evicted game, so that the lease
// table holds only the games in play; a replica still following the game
// takes it over at its next renewal.
func (srv *Server) forgetLease(ctx context.Context, s *session) {
	if c := srv.cluster; c != nil {
		if err := c.store.Forget(ctx, s.id, c.id); err != nil && srv.ctx.Err() == nil {
			srv.log.Error("giving up the lease of an evicted game failed", "game", s.id, "err", err)
		}
	}
}

// touch records in the store when a session was last played.
func (srv *Server) touch(ctx context.Context, s *session) {
	s.mu.Lock()
	at := s.lastActive
	s.mu.Unlock()
	if err := srv.store.Touch(ctx, s.id, at); err != nil {
		if srv.ctx.Err() == nil {
			srv.log.Error("noting when a game was played failed", "game", s.id, "err", err)
		}
		return
	}
	s.mu.Lock()
	s.touched = at
	s.mu.Unlock()
}

// evictIdle drops from memory the games with no client and no AI
// thinking that have been idle for EvictAfter, and returns them.
func (srv *Server) evictIdle(now time.Time) []*session {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	var out []*session
	for id, s := range srv.sessions {
		s.mu.Lock()
		idle := len(s.clients) == 0 && s.thinking < 0 && now.Sub(s.lastActive) >= srv.cfg.EvictAfter
		s.mu.Unlock()
		if idle {
			delete(srv.sessions, id)
			out = append(out, s)
		}
	}
	return out
}

// staleTouches returns the games in memory played since their last touch
// longer ago than a quarter of ExpireAfter, so that a game in long play
// is never taken for abandoned.
func (srv *Server) staleTouches() []*session {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	var out []*session
	for _, s := range srv.sessions {
		s.mu.Lock()
		if s.lastActive.Sub(s.touched) > srv.cfg.ExpireAfter/4 {
			out = append(out, s)
		}
		s.mu.Unlock()
	}
	return out
}

// live returns the game if it is in memory, else nil.
func (srv *Server) live(id string) *session {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	return srv.sessions[id]
}

// inMemory says whether a game is live in memory.
func (srv *Server) inMemory(id string) bool { return srv.live(id) != nil }
