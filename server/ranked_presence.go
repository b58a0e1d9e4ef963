package server

import (
	"context"
	"time"

	"kartenwerk/engine"
)

// rankedPresence ends the ranked games a player has been away from for
// longer than the grace period: no page of theirs open on the table, and
// no action since. It runs every second.
func (srv *Server) rankedPresence() {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			srv.checkPresence()
		case <-srv.ctx.Done():
			return
		}
	}
}

// checkPresence looks at every ranked game in memory once. A player may
// have the table open on another replica than the game's owner, so in a
// cluster every replica reports in the store the seats it has clients
// of (a few times a grace period), and the owner reads the reports
// before it ends a game for absence.
func (srv *Server) checkPresence() {
	now, grace := srv.cfg.Ranked.time.Now(), srv.cfg.Ranked.Grace
	for _, s := range srv.liveRanked() {
		s.mu.Lock()
		if !s.finished {
			here := s.presentLocked()
			s.reportPresenceLocked(here, now)
			if s.mayApplyLocked() {
				s.judgePresenceLocked(here, now, grace)
			} else if len(s.clients) > 0 {
				s.followRankedLocked()
			}
		}
		s.mu.Unlock()
	}
}

// reportPresenceLocked stores, in a cluster, that seats are here.
func (s *session) reportPresenceLocked(here [2]bool, now time.Time) {
	r, grace := s.ranked, s.srv.cfg.Ranked.Grace
	for seat := range 2 {
		if !here[seat] || s.srv.cluster == nil || now.Sub(r.reported[seat]) < grace/4 {
			continue
		}
		r.reported[seat] = now
		ctx, cancel := context.WithTimeout(s.srv.ctx, 10*time.Second)
		if err := s.srv.rankedStore.SeenAtTable(ctx, s.id, engine.Seat(seat), now); err != nil && s.srv.ctx.Err() == nil {
			s.srv.log.Error("reporting a ranked player at the table failed", "game", s.id, "err", err)
		}
		cancel()
	}
}

// followRankedLocked shows the clients of a followed ranked game the
// clock and end the owner stored.
func (s *session) followRankedLocked() {
	ctx, cancel := context.WithTimeout(s.srv.ctx, 10*time.Second)
	defer cancel()
	before := s.ranked.clock.turnStarted
	if s.syncRankedLocked(ctx) && s.ranked.clock.turnStarted != before {
		s.armClockLocked()
		s.broadcastLocked()
	}
}

// judgePresenceLocked ends the game of a seat away for longer than grace,
// here and, by the store's reports, on every other replica.
func (s *session) judgePresenceLocked(here [2]bool, now time.Time, grace time.Duration) {
	r := s.ranked
	for seat := range 2 {
		if here[seat] {
			r.lastSeen[seat] = now
			continue
		}
		if now.Sub(r.lastSeen[seat]) <= grace {
			continue
		}
		ctx, cancel := context.WithTimeout(s.srv.ctx, 10*time.Second)
		m, err := s.srv.rankedStore.MatchOf(ctx, s.id)
		cancel()
		if err != nil {
			continue // judged again in a second
		}
		if m.Seen[seat].After(r.lastSeen[seat]) {
			r.lastSeen[seat] = m.Seen[seat]
		}
		if now.Sub(r.lastSeen[seat]) > grace {
			s.forfeitLocked(engine.Seat(seat), reasonAway)
			return
		}
	}
}

// presentLocked tells which seats have a page open on the table.
func (s *session) presentLocked() [2]bool {
	var here [2]bool
	for c := range s.clients {
		for _, seat := range c.controls {
			if seat == 0 || seat == 1 {
				here[seat] = true
			}
		}
	}
	return here
}

// liveRanked lists the ranked games in memory.
func (srv *Server) liveRanked() []*session {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	var out []*session
	for _, s := range srv.sessions {
		if s.ranked != nil {
			out = append(out, s)
		}
	}
	return out
}
