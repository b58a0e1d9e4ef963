package server

import (
	"context"
	"errors"
	"fmt"
	"time"

	"kartenwerk/engine"
	"kartenwerk/platform/rating"
)

// rankedGame is what a ranked game's session adds to a casual one: the
// match (players, ratings before), the clock and its timer, when each
// seat was last at the table, and a result the server decided.
type rankedGame struct {
	match    RankedMatch
	clock    gameClock
	stop     func() bool
	lastSeen [2]time.Time
	// reported is when this replica last stored that a seat was here.
	reported [2]time.Time
	// ended is the result of a game the server ended (time ran out, a
	// player left); nil while playing or when the rules ended it.
	ended *engine.Result
}

// ClockState is a ranked table's clock in a state message: each seat's
// bank left at the start of the decision under way, and when the seat to
// move runs out of time (Unix ms) and how long that is from the message
// (for clients whose own clock differs from the server's).
type ClockState struct {
	PerMoveMS  int64    `json:"per_move_ms"`
	BanksMS    [2]int64 `json:"banks_ms"`
	Deadline   int64    `json:"deadline,omitempty"`
	MoveLeftMS int64    `json:"move_left_ms,omitempty"`
	ToMove     int      `json:"to_move"`
}

// attachRanked gives a restored ranked game its match and clock. The
// decision under way when the game was stored starts its count again
// now: time the server was away does not count against a player.
func (srv *Server) attachRanked(s *session) error {
	if srv.rankedStore == nil {
		return fmt.Errorf("game %s is a ranked game, and this server's store keeps no ratings", s.id)
	}
	ctx, cancel := context.WithTimeout(srv.ctx, 30*time.Second)
	defer cancel()
	m, err := srv.rankedStore.MatchOf(ctx, s.id)
	if err != nil {
		return fmt.Errorf("ranked game %s: %w", s.id, err)
	}
	now := srv.cfg.Ranked.time.Now()
	r := &rankedGame{match: m, clock: gameClock{perMove: m.PerMove, banks: m.Banks, turnStarted: now}, lastSeen: [2]time.Time{now, now}}
	if done, _ := s.state.Terminal(); m.Finished && !done {
		r.ended = serverResult(m.Winner, m.Reason)
	}
	s.ranked = r
	// A ranked seat is its account: the table names it by the username,
	// as the queue, the leaderboard and the match history do.
	for i, name := range m.Usernames {
		if i < len(s.names) && name != "" {
			s.names[i] = name
		}
	}
	s.armClockLocked()
	return nil
}

// serverResult is the result of a game the server ended.
func serverResult(winner engine.Seat, reason string) *engine.Result {
	if winner == engine.NoSeat {
		return &engine.Result{Winners: []engine.Seat{}, Draw: true, Reason: reason}
	}
	return &engine.Result{Winners: []engine.Seat{winner}, Reason: reason}
}

// rankedMovedLocked charges the mover's decision to its clock, and rates
// the game if it has ended, or starts the next decision's timer.
func (s *session) rankedMovedLocked(mover engine.Seat) {
	r, now := s.ranked, s.srv.cfg.Ranked.time.Now()
	if mover == 0 || mover == 1 {
		r.clock.charge(int(mover), now)
		r.lastSeen[mover] = now
	}
	if done, out := s.state.Terminal(); done {
		s.finishRankedLocked(winnerOf(out), out.Reason, out.String())
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := s.srv.rankedStore.SaveClock(ctx, s.id, r.clock.banks, r.clock.turnStarted); err != nil {
		s.srv.log.Error("saving a ranked clock failed", "game", s.id, "err", err)
	}
	s.armClockLocked()
}

// winnerOf is the one winner of a two-player outcome, or NoSeat for a draw.
func winnerOf(out engine.Outcome) engine.Seat {
	if ws := out.Winners.Seats(); len(ws) == 1 {
		return ws[0]
	}
	return engine.NoSeat
}

// armClockLocked sets the timer that ends the game when the seat to move
// runs out of time.
func (s *session) armClockLocked() {
	r := s.ranked
	if r.stop != nil {
		r.stop()
		r.stop = nil
	}
	seat := s.state.ToMove()
	if s.finished || (seat != 0 && seat != 1) {
		return
	}
	ts := s.srv.cfg.Ranked.time
	id, version := s.id, len(s.actions)
	r.stop = ts.AfterFunc(r.clock.deadline(int(seat)).Sub(ts.Now()), func() { s.srv.rankedTimeUp(id, version) })
}

// rankedTimeUp ends a ranked game whose player to move has run out of
// time, unless a move came first. In a cluster only the game's owner
// ends it, by the clock the store holds (a replica that followed the
// game did not see its moves made); a replica that is not the owner
// waits a lease's time and looks again, so the replica that takes a
// dead one's games over ends them, and one that follows a game learns
// that it ended.
func (srv *Server) rankedTimeUp(id string, version int) {
	ctx, cancel := context.WithTimeout(srv.ctx, 30*time.Second)
	defer cancel()
	s, err := srv.session(ctx, id)
	if err != nil {
		if srv.ctx.Err() == nil {
			srv.log.Error("a ranked clock ran out on a game that cannot be loaded", "game", id, "err", err)
		}
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.ranked
	if r == nil || s.finished || (srv.cluster == nil && len(s.actions) != version) {
		return
	}
	if srv.cluster != nil && !s.syncRankedLocked(ctx) {
		return
	}
	if !s.mayApplyLocked() {
		r.stop = srv.cfg.Ranked.time.AfterFunc(srv.cfg.LeaseTTL, func() { srv.rankedTimeUp(id, version) })
		return
	}
	seat, now := int(s.state.ToMove()), srv.cfg.Ranked.time.Now()
	if now.Before(r.clock.deadline(seat)) {
		s.armClockLocked()
		return
	}
	r.clock.charge(seat, now)
	s.forfeitLocked(engine.Seat(seat), reasonTime)
}

// syncRankedLocked brings a ranked game in a cluster up to the store:
// the clock the owner saved at its last move, or the end another replica
// decided, which it shows to this replica's clients. It tells whether the
// game goes on.
func (s *session) syncRankedLocked(ctx context.Context) bool {
	r := s.ranked
	m, err := s.srv.rankedStore.MatchOf(ctx, s.id)
	if err != nil {
		return true // the clock stands; the next look tries again
	}
	if m.Finished {
		if done, _ := s.state.Terminal(); !done {
			r.ended = serverResult(m.Winner, m.Reason)
		}
		r.match, s.finished = m, true
		if r.stop != nil {
			r.stop()
			r.stop = nil
		}
		s.broadcastLocked()
		return false
	}
	if m.TurnStarted.After(r.clock.turnStarted) {
		r.clock.banks, r.clock.turnStarted = m.Banks, m.TurnStarted
	}
	return true
}

// forfeitLocked ends a ranked game that loser loses for a reason the
// rules do not know (time, absence), and tells every client.
func (s *session) forfeitLocked(loser engine.Seat, reason string) {
	winner := 1 - loser
	out := engine.Outcome{Winners: engine.SeatSet(0).With(winner), Reason: reason}
	s.ranked.ended = serverResult(winner, reason)
	s.finished = true
	s.finishRankedLocked(winner, reason, out.String())
	s.broadcastLocked()
	s.srv.log.Info("ranked game ended by the server", "game", s.id, "reason", reason)
}

// finishRankedLocked rates a ranked game that has ended and records its
// outcome. Each game is its own Glicko-2 rating period (see the README):
// both players are rated on this one result against the other's rating
// from before it.
func (s *session) finishRankedLocked(winner engine.Seat, reason, result string) {
	r, srv := s.ranked, s.srv
	if r.stop != nil {
		r.stop()
		r.stop = nil
	}
	m := r.match
	m.Winner, m.Reason, m.Banks, m.Finished = winner, reason, r.clock.banks, true
	for seat := range 2 {
		score := scoreOf(winner, engine.Seat(seat))
		after, err := srv.cfg.Ranked.System.Update(m.Before[seat], []rating.Result{{Opponent: m.Before[1-seat], Score: score}})
		if err != nil {
			srv.log.Error("rating a ranked game failed", "game", s.id, "err", err)
			return
		}
		m.After[seat] = after
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err := srv.rankedStore.FinishMatch(ctx, m, result, srv.cfg.Ranked.time.Now())
	switch {
	case err == nil:
		r.match = m
	case errors.Is(err, ErrMatchOver):
		// Another replica ended it first; its outcome stands.
	default:
		srv.log.Error("recording a ranked result failed", "game", s.id, "err", err)
	}
}

// scoreOf is seat's Glicko-2 score: 1 for a win, 0.5 for a draw, 0 for a loss.
func scoreOf(winner, seat engine.Seat) float64 {
	win, _, draw := scoreCounts(winner, seat)
	return float64(win) + float64(draw)/2
}

// decorate adds the clock, and a result the server decided, to a ranked
// table's state message.
func (r *rankedGame) decorate(m *StateMsg, toMove engine.Seat, finished bool, now time.Time, w engine.Words) {
	c := &ClockState{PerMoveMS: r.clock.perMove.Milliseconds(), ToMove: -1,
		BanksMS: [2]int64{r.clock.banks[0].Milliseconds(), r.clock.banks[1].Milliseconds()}}
	if !finished && (toMove == 0 || toMove == 1) {
		deadline := r.clock.deadline(int(toMove))
		c.Deadline, c.MoveLeftMS, c.ToMove = deadline.UnixMilli(), max(0, deadline.Sub(now).Milliseconds()), int(toMove)
		c.BanksMS[toMove] = max(0, (r.clock.banks[toMove] - now.Sub(r.clock.turnStarted)).Milliseconds())
	}
	m.Clock = c
	if r.ended != nil && m.View != nil {
		res := *r.ended
		winner := engine.NoSeat
		if len(res.Winners) == 1 {
			winner = res.Winners[0]
		}
		res.Reason = rankedReasonIn(res.Reason, loserOf(winner), r.rankedNames(w.Names), w.Lang)
		m.View.Result = &res
	}
}
