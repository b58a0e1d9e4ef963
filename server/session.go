package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"kartenwerk/ai"
	"kartenwerk/engine"
)

// session is one game in memory: its state rebuilt from the record, its
// redacted log, the clients watching it and its AI seats.
type session struct {
	srv     *Server
	id      string
	game    engine.Game
	codec   *engine.ActionCodec
	setup   engine.Setup
	seats   []SeatConfig
	created time.Time
	// pushes counts the WebSocket messages queued for the table's
	// clients: what a joining or leaving viewer costs.
	pushes atomic.Int64

	mu       sync.Mutex
	state    engine.State
	actions  []engine.Action
	log      gameLog
	clients  map[*client]struct{}
	thinking engine.Seat
	agents   []ai.Agent
	finished bool
	rematch  string
	legal    []engine.Action
	// patch and head are room to build a view's merge patch and a
	// message's other members in, reused.
	patch, head []byte
	// spares are views no client holds any longer, to write the next
	// ones in (spareLocked).
	spares []spareView
	// names are the display names the seats chose ("" for the default).
	names []string
	// langs are the languages the log keeps its words in: those of the
	// game's readers so far (speakLocked).
	langs langSet
	// lastActive is when the game was last played or joined; touched the
	// last such time recorded in the store.
	lastActive, touched time.Time
	// In a cluster: whether this replica owns the game (holds its lease,
	// until ownedUntil at the latest), and the owner's URL.
	owned      bool
	ownedUntil time.Time
	ownerAddr  string
	// ranked is a ranked game's match and clock; nil for casual games.
	ranked *rankedGame
	// grown is closed when the next action is added, for a replica
	// waiting for the owner's announcement of an action it forwarded
	// (await); nil while nobody waits.
	grown chan struct{}
}

// logEntry is one action as each viewer may read it, on its way into the
// log (gameLog): labels[l][s] in language l for seat s, and the last
// label of each language for the spectators. A game that speaks only
// English has one language.
type logEntry struct {
	seat   engine.Seat
	labels [][]string
}

// restore rebuilds a session from its stored record, replaying every
// action as it was played.
func restore(srv *Server, g StoredGame) (*session, error) {
	game, err := srv.games.stored(g.ID, g.Setup.Game)
	if err != nil {
		return nil, err
	}
	st, err := engine.NewAt(game, g.Setup)
	if err != nil {
		return nil, fmt.Errorf("game %s: setup: %w", g.ID, err)
	}
	s := &session{srv: srv, id: g.ID, game: game, codec: game.Info().Actions, setup: g.Setup,
		seats: g.Seats, created: g.Created, state: st, clients: map[*client]struct{}{},
		thinking: engine.NoSeat, agents: make([]ai.Agent, len(g.Seats)), rematch: g.Rematch, names: make([]string, len(g.Seats)),
		lastActive: time.Now()} // touched: never, so the first sweep records it
	copy(s.names, seatNames(g))
	for i, text := range g.Actions {
		if err := s.replayLocked(text); err != nil {
			return nil, fmt.Errorf("game %s: replaying action %d %q: %w", g.ID, i+1, text, err)
		}
	}
	// An expired game is over though its rules did not end it.
	s.finished = s.finished || g.Finished
	if isRanked(g.Seats) {
		if err := srv.attachRanked(s); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// seatNames are the names a stored game's seats go by: the name its
// SeatConfig gives (a tournament seat's account), else the display name
// its player chose, if the seat is one whose player names it (choosesName)
// and the name one a player could choose (cleanName). A game stored before
// names were kept has none, and its seats go by their default names.
func seatNames(g StoredGame) []string {
	names := make([]string, len(g.Seats))
	for i, c := range g.Seats {
		names[i] = c.Name
		if i >= len(g.Names) || g.Names[i] == "" || !choosesName(c) {
			continue
		}
		if name, err := cleanName(g.Names[i]); err == nil && name == g.Names[i] {
			names[i] = name
		}
	}
	return names
}

// saveNameLocked saves the display name chosen at seat with the game, so
// that the game restored (after a restart, an eviction, or on another
// replica) and its replay show it. Under the lock, as an action is saved:
// two changes of one seat's name are saved in the order they were made.
// The name stays on the table if the store fails; only a restore loses it.
func (s *session) saveNameLocked(seat engine.Seat) {
	// Not the server's context: a write the store has queued is committed
	// as the server stops (see applyLocked).
	if err := s.srv.store.SetSeatName(context.Background(), s.id, int(seat), s.names[seat]); err != nil && s.srv.ctx.Err() == nil {
		s.srv.log.Error("saving a seat's display name failed", "game", s.id, "seat", seat, "err", err)
	}
}

// replayLocked plays a stored action.
func (s *session) replayLocked(text string) error {
	a, err := s.codec.Parse(text)
	if err != nil {
		return err
	}
	entry := s.describe(a)
	if err := s.state.Apply(a); err != nil {
		return err
	}
	s.log.add(entry)
	s.actions = append(s.actions, a)
	s.grewLocked()
	s.finished, _ = s.state.Terminal()
	s.lastActive = time.Now()
	return nil
}

// grewLocked wakes whoever awaits the game's next action.
func (s *session) grewLocked() {
	if s.grown != nil {
		close(s.grown)
		s.grown = nil
	}
}

// await waits at most d for the session to hold n actions, and says
// whether it does.
func (s *session) await(n int, d time.Duration) bool {
	timeout := time.NewTimer(d)
	defer timeout.Stop()
	for {
		s.mu.Lock()
		if len(s.actions) >= n {
			s.mu.Unlock()
			return true
		}
		if s.grown == nil {
			s.grown = make(chan struct{})
		}
		grown := s.grown
		s.mu.Unlock()
		select {
		case <-grown:
		case <-timeout.C:
			return s.has(n)
		}
	}
}

// describe labels a for every viewer; call it before applying a.
func (s *session) describe(a engine.Action) logEntry { return describeIn(s.state, a, s.langs) }

// act plays an action for the holder of the given seats (token), here
// or, in a cluster, on the game's owner. It returns an error that says
// what is wrong, and then the game is unchanged. A forwarded action that
// finds this replica no longer the owner fails with errMoving.
func (s *session) act(ctx context.Context, controls []engine.Seat, token, text string, version *int, forwarded bool) error {
	s.mu.Lock()
	if !s.mayApplyLocked() {
		s.mu.Unlock()
		if forwarded {
			return errMoving
		}
		return s.srv.forward(ctx, s, token, text, version)
	}
	defer s.mu.Unlock()
	if s.finished {
		return refuse(http.StatusConflict, "game_over")
	}
	if len(controls) == 0 {
		return refuse(http.StatusForbidden, "spectator_acts")
	}
	a, err := s.codec.Parse(text)
	if err != nil {
		return fmt.Errorf("action %q: %v: %w", text, err, refuse(http.StatusBadRequest, "unknown_action"))
	}
	toMove := s.state.ToMove()
	if !slices.Contains(controls, toMove) {
		return refuse(http.StatusConflict, "not_your_turn", "player", seatCalled(s.names, toMove))
	}
	if version != nil && *version != len(s.actions) {
		return refuse(http.StatusConflict, "stale_choice", "chosen", *version, "now", len(s.actions))
	}
	s.legal = s.state.Legal(s.legal[:0])
	if !engine.Contains(s.legal, a) {
		why := s.state.Clone().Apply(a)
		if why == nil {
			why = refuse(http.StatusConflict, "not_legal")
		}
		return fmt.Errorf("illegal action %q: %w", text, why)
	}
	return s.applyLocked(a)
}

// applyLocked saves a legal action, plays it and tells every client.
func (s *session) applyLocked(a engine.Action) error {
	start := time.Now()
	text := s.codec.Format(a)
	entry := s.describe(a)
	// Not the server's context, nor a deadline: a write the store has
	// queued is committed even as the server stops (the store's Close
	// commits it), so the game must wait for its outcome rather than give
	// up and differ from it. The stores bound their commits themselves
	// (SQLite's busy_timeout, a deadline on PostgreSQL's statements), and
	// a deadline here cost a timer and a context a move.
	ctx := context.Background()
	if err := s.store(ctx, text); err != nil {
		if errors.Is(err, errLeaseLost) {
			s.owned = false
			return errMoving
		}
		if s.srv.ctx.Err() == nil {
			s.srv.log.Error("saving an action failed", "game", s.id, "err", err)
		}
		return refuse(http.StatusServiceUnavailable, "not_saved")
	}
	mover := s.state.ToMove()
	if err := s.state.Apply(a); err != nil {
		return fmt.Errorf("illegal action %q: %v", text, err)
	}
	s.actions = append(s.actions, a)
	s.grewLocked()
	s.log.add(entry)
	s.lastActive = time.Now()
	if done, out := s.state.Terminal(); done {
		s.finished = true
		if err := s.srv.store.Finish(ctx, s.id, out.String()); err != nil {
			s.srv.log.Error("marking a game finished failed", "game", s.id, "err", err)
		}
		s.srv.gameEnded(s.id)
	}
	if s.ranked != nil {
		s.rankedMovedLocked(mover)
	}
	s.maybeAILocked()
	s.broadcastLocked()
	movesTotal.Inc()
	moveSeconds.Observe(time.Since(start).Seconds())
	return nil
}

// store saves the next action: in a cluster only while this replica
// holds the game's lease.
func (s *session) store(ctx context.Context, text string) error {
	if c := s.srv.cluster; c != nil {
		return c.store.AppendFenced(ctx, s.id, len(s.actions), text, c.id)
	}
	return s.srv.store.AppendAction(ctx, s.id, len(s.actions), text)
}

// maybeAILocked starts the AI of the seat to move, if it is an AI seat
// (in a cluster, on the game's owner only).
func (s *session) maybeAILocked() {
	if s.finished || s.thinking != engine.NoSeat || !s.mayApplyLocked() {
		return
	}
	seat := s.state.ToMove()
	if seat < 0 || int(seat) >= len(s.seats) || s.seats[seat].Kind != KindAI {
		return
	}
	agent := s.agents[seat]
	if agent == nil {
		spec, err := clampSpec(s.seats[seat].Agent, s.srv.cfg.AIMaxThink, s.srv.cfg.AIMaxIters)
		if err == nil {
			agent, err = ai.New(spec, s.setup.Seed^uint64(seat+1)*0x9e3779b97f4a7c15^uint64(len(s.actions)))
		}
		if err != nil {
			s.srv.log.Error("an AI seat cannot start", "game", s.id, "seat", seat, "err", err)
			return
		}
		s.agents[seat] = agent
	}
	s.thinking = seat
	snapshot, version, start := s.state.Clone(), len(s.actions), time.Now()
	s.srv.ai.submit(func() { s.think(agent, snapshot, seat, version, start) })
}

// think runs an agent on an AI worker, outside the session's lock, so the
// table stays live (showing "thinking") and other games go on; its choice
// is played once the seat has shown as thinking for AIDelay, without
// holding the worker meanwhile.
func (s *session) think(agent ai.Agent, snapshot engine.State, seat engine.Seat, version int, start time.Time) {
	if s.srv.ctx.Err() != nil {
		return
	}
	a, err := agent.Act(snapshot)
	play := func() { s.playAI(agent, seat, version, a, err) }
	if wait := s.srv.cfg.AIDelay - time.Since(start); wait > 0 {
		time.AfterFunc(wait, play)
		return
	}
	play()
}

// playAI plays an AI seat's choice, unless the game moved on meanwhile.
func (s *session) playAI(agent ai.Agent, seat engine.Seat, version int, a engine.Action, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.thinking = engine.NoSeat
	if s.srv.ctx.Err() != nil || version != len(s.actions) || s.finished {
		return
	}
	if err == nil {
		err = s.applyLocked(a)
	}
	if err != nil {
		s.srv.log.Error("an AI seat failed to move", "game", s.id, "seat", seat, "agent", agent.Name(), "err", err)
		s.broadcastLocked()
	}
}

// viewer is the seat whose view a client sees: its own seat, the seat to
// move among several hot-seat seats, or a spectator's.
func (s *session) viewer(controls []engine.Seat) engine.Seat {
	switch len(controls) {
	case 0:
		return engine.NoSeat
	case 1:
		return controls[0]
	}
	if tm := s.state.ToMove(); slices.Contains(controls, tm) {
		return tm
	}
	return controls[0]
}
