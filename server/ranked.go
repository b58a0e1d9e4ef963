package server

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"
	"time"

	"kartenwerk/engine"
	"kartenwerk/platform/rating"
)

// KindRanked is a seat of a ranked game: a person with an account, who
// gets the seat's token from the ranked queue. Ranked games have no
// other kind of seat, so no AI seat, no hot-seat and no invite link.
const KindRanked = "ranked"

// RankedConfig tunes ranked play. Zero values take the defaults noted.
type RankedConfig struct {
	// PerMove is the most one decision may take (default 2m); Bank is
	// each player's total time for the game (default 20m). A decision
	// may take at most what is left of the bank.
	PerMove, Bank time.Duration
	// Grace is how long a player may be away from the table (no page
	// open, no action) before losing (default 2m).
	Grace time.Duration
	// Window is the rating difference two players are paired across at
	// once (default 100); WindowGrowth widens a player's window by that
	// many points for each second waited (default 5), up to WindowMax
	// (default 1000).
	Window, WindowGrowth, WindowMax float64
	// StaleAfter drops a queued player who has not asked after the queue
	// for that long, such as one who closed the page (default 30s).
	StaleAfter time.Duration
	// System holds Glicko-2's constants (zero: the paper's tau 0.5).
	System rating.System
	// time is the clock the ranked games and queues read (nil: the wall
	// clock); tests set a fake one.
	time timeSource
}

func (c *RankedConfig) defaults() {
	orDefault(&c.PerMove, 2*time.Minute)
	orDefault(&c.Bank, 20*time.Minute)
	orDefault(&c.Grace, 2*time.Minute)
	orDefault(&c.StaleAfter, 30*time.Second)
	for _, f := range []struct {
		v   *float64
		def float64
	}{{&c.Window, 100}, {&c.WindowGrowth, 5}, {&c.WindowMax, 1000}} {
		if *f.v <= 0 {
			*f.v = f.def
		}
	}
	if c.time == nil {
		c.time = realTime{}
	}
}

// window is the rating difference a player who has waited this long
// accepts: it widens with waiting, so nobody waits for ever.
func (c *RankedConfig) window(waited time.Duration) float64 {
	return math.Min(c.WindowMax, c.Window+c.WindowGrowth*max(0, waited.Seconds()))
}

// pickOpponent chooses whom me plays among the others waiting: the
// nearest rating within the wider of the two players' windows (the
// longer waiter has widened further), ties going to who waited longest.
func (c *RankedConfig) pickOpponent(me QueueEntry, queue []QueueEntry, now time.Time) (QueueEntry, bool) {
	var best QueueEntry
	bestGap, found := math.Inf(1), false
	for _, e := range queue {
		if e.Account == me.Account {
			continue
		}
		gap := math.Abs(e.Rating - me.Rating)
		reach := math.Max(c.window(now.Sub(me.Joined)), c.window(now.Sub(e.Joined)))
		if gap > reach || gap > bestGap || (gap == bestGap && !e.Joined.Before(best.Joined)) {
			continue
		}
		best, bestGap, found = e, gap, true
	}
	return best, found
}

// QueueStatus is a player's state in a game's ranked queue: "idle",
// "queued" (with the wait and the rating window so far) or "playing"
// (with the table to go to).
type QueueStatus struct {
	Game     string     `json:"game"`
	State    string     `json:"state"`
	Rating   RatingInfo `json:"rating"`
	WaitingS float64    `json:"waiting_s,omitempty"`
	Window   float64    `json:"window,omitempty"`
	Match    *MatchLink `json:"match,omitempty"`
	Clock    ClockRules `json:"clock"`
}

// MatchLink is the player's own ranked table: its link carries the
// player's seat token, which only this player is shown.
type MatchLink struct {
	ID       string      `json:"id"`
	Play     string      `json:"play"`
	Seat     engine.Seat `json:"seat"`
	Opponent string      `json:"opponent"`
}

// ClockRules are a ranked queue's clock, in seconds.
type ClockRules struct {
	PerMoveS float64 `json:"per_move_s"`
	BankS    float64 `json:"bank_s"`
	GraceS   float64 `json:"grace_s"`
}

func (srv *Server) rankedRoutes(m *http.ServeMux) {
	m.HandleFunc("GET /ranked", srv.page("ranked.html"))
	m.HandleFunc("GET /leaderboard", srv.page("leaderboard.html"))
	m.HandleFunc("GET /leaderboard/{game}", srv.page("leaderboard.html"))
	m.HandleFunc("POST /api/ranked/{game}/queue", srv.withRanked(srv.handleJoinQueue))
	m.HandleFunc("GET /api/ranked/{game}/queue", srv.withRanked(srv.handleQueueStatus))
	m.HandleFunc("DELETE /api/ranked/{game}/queue", srv.withRanked(srv.handleLeaveQueue))
	m.HandleFunc("GET /api/leaderboard/{game}", srv.withRanked(srv.handleLeaderboard))
	m.HandleFunc("GET /api/accounts/{name}/matches", srv.withRanked(srv.handleMatchHistory))
}

// withRanked answers 501 on a store that keeps no ratings.
func (srv *Server) withRanked(h http.HandlerFunc) http.HandlerFunc {
	return srv.withAccounts(func(w http.ResponseWriter, r *http.Request) {
		if srv.rankedStore == nil {
			writeError(w, http.StatusNotImplemented, "this server's store keeps no ratings: ranked play is off")
			return
		}
		h(w, r)
	})
}

// rankedRequest is what every queue route starts from: the logged-in
// player and the game asked for.
func (srv *Server) rankedRequest(w http.ResponseWriter, r *http.Request) (AccountSession, engine.Game, bool) {
	ss, _, ok := srv.mustLogIn(w, r)
	if !ok {
		return ss, nil, false
	}
	g, err := srv.games.lookup(r.PathValue("game"))
	if err != nil {
		writeError(w, http.StatusNotFound, err.Error())
		return ss, nil, false
	}
	return ss, g, true
}

func (srv *Server) handleJoinQueue(w http.ResponseWriter, r *http.Request) {
	var req DeckRequest
	if err := decodeBody(w, r, &req); err != nil {
		srv.httpError(w, err)
		return
	}
	ss, g, ok := srv.rankedRequest(w, r)
	if !ok {
		return
	}
	deck, err := rankedDeck(g, req)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	ctx, game, now := r.Context(), g.Info().ID, srv.cfg.Ranked.time.Now()
	if m, err := srv.rankedStore.ActiveMatch(ctx, ss.Owner, game); err == nil {
		writeError(w, http.StatusConflict, fmt.Sprintf("you are playing ranked game %s already: finish it at /play/%s before queueing again", m.GameID, m.GameID))
		return
	} else if !errors.Is(err, ErrNoMatch) {
		srv.httpError(w, err)
		return
	}
	pr, err := srv.rankedStore.RatingOf(ctx, ss.Owner, game)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	entry := QueueEntry{Account: ss.Owner, Game: game, Rating: pr.Rating.Rating, Deck: deck, Joined: now, Seen: now}
	err = srv.rankedStore.Enqueue(ctx, entry, now.Add(-srv.cfg.Ranked.StaleAfter))
	if errors.Is(err, ErrAlreadyQueued) {
		writeError(w, http.StatusConflict, "you are in this game's ranked queue already: wait to be paired, or leave the queue (DELETE) to change your deck")
		return
	}
	if err != nil {
		srv.httpError(w, err)
		return
	}
	srv.answerStatus(w, r, ss, game, http.StatusCreated)
}

// rankedDeck checks the deck a player queues with: a preset or a legal
// deck list; none chosen takes the game's first preset.
func rankedDeck(g engine.Game, req DeckRequest) (engine.DeckList, error) {
	if req.Preset == "" && strings.TrimSpace(req.List) == "" {
		if presets := g.Presets(); len(presets) > 0 {
			return presets[0], nil
		}
		return engine.DeckList{}, nil // the game deals its own decks
	}
	return resolveDeck(g, req, "your ranked deck")
}

func (srv *Server) handleQueueStatus(w http.ResponseWriter, r *http.Request) {
	ss, g, ok := srv.rankedRequest(w, r)
	if !ok {
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	srv.answerStatus(w, r, ss, g.Info().ID, http.StatusOK)
}

func (srv *Server) handleLeaveQueue(w http.ResponseWriter, r *http.Request) {
	ss, g, ok := srv.rankedRequest(w, r)
	if !ok {
		return
	}
	if err := srv.rankedStore.Dequeue(r.Context(), ss.Owner, g.Info().ID); err != nil {
		srv.httpError(w, err)
		return
	}
	srv.answerStatus(w, r, ss, g.Info().ID, http.StatusOK)
}

// answerStatus pairs the player if it is waiting and someone fits, and
// answers with where it stands.
func (srv *Server) answerStatus(w http.ResponseWriter, r *http.Request, ss AccountSession, game string, code int) {
	st, err := srv.queueStatus(r.Context(), ss.Owner, game)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	writeJSON(w, code, st)
}

// queueStatus is a player's QueueStatus. Asking for it is what keeps a
// player in the queue and what pairs players: every replica reads the
// one queue in the store, so no replica needs to run the queue alone.
func (srv *Server) queueStatus(ctx context.Context, account, game string) (QueueStatus, error) {
	cfg, rs := &srv.cfg.Ranked, srv.rankedStore
	now := cfg.time.Now()
	st := QueueStatus{Game: game, State: "idle", Clock: ClockRules{PerMoveS: cfg.PerMove.Seconds(), BankS: cfg.Bank.Seconds(), GraceS: cfg.Grace.Seconds()}}
	pr, err := rs.RatingOf(ctx, account, game)
	if err != nil {
		return st, err
	}
	st.Rating = ratingInfo(pr, 0)
	err = rs.SeenInQueue(ctx, account, game, now)
	if err == nil {
		me, queued, err := srv.tryPair(ctx, account, game, now)
		if err != nil {
			return st, err
		}
		if queued {
			st.State, st.WaitingS, st.Window = "queued", now.Sub(me.Joined).Seconds(), cfg.window(now.Sub(me.Joined))
			return st, nil
		}
	} else if !errors.Is(err, ErrNotQueued) {
		return st, err
	}
	m, err := rs.ActiveMatch(ctx, account, game)
	if errors.Is(err, ErrNoMatch) {
		return st, nil
	}
	if err != nil {
		return st, err
	}
	seat := 0
	if m.Accounts[1] == account {
		seat = 1
	}
	st.State = "playing"
	st.Match = &MatchLink{ID: m.GameID, Play: "/play/" + m.GameID + "?token=" + m.Tokens[seat], Seat: engine.Seat(seat), Opponent: m.Usernames[1-seat]}
	return st, nil
}

// tryPair pairs a waiting player with the best opponent in the queue, if
// any fits. It returns the player's queue entry and whether the player
// still waits.
func (srv *Server) tryPair(ctx context.Context, account, game string, now time.Time) (QueueEntry, bool, error) {
	cfg := &srv.cfg.Ranked
	queue, err := srv.rankedStore.Queue(ctx, game, now.Add(-cfg.StaleAfter))
	if err != nil {
		return QueueEntry{}, false, err
	}
	var me QueueEntry
	for _, e := range queue {
		if e.Account == account {
			me = e
		}
	}
	if me.Account == "" {
		return me, false, nil
	}
	them, ok := cfg.pickOpponent(me, queue, now)
	if !ok {
		return me, true, nil
	}
	first, second := me, them
	if them.Joined.Before(me.Joined) {
		first, second = them, me // the longer waiter sits first
	}
	err = srv.startRanked(ctx, [2]QueueEntry{first, second}, now)
	if errors.Is(err, ErrNotQueued) {
		return me, true, nil // the opponent was paired by another request meanwhile
	}
	return me, false, err
}

// startRanked stores and starts a ranked game between two queued players.
func (srv *Server) startRanked(ctx context.Context, players [2]QueueEntry, now time.Time) error {
	g, err := srv.games.lookup(players[0].Game)
	if err != nil {
		return err
	}
	setup := engine.Setup{Game: g.Info().ID, Seats: 2, Seed: newSeed()}
	if len(players[0].Deck.Entries) > 0 || len(players[1].Deck.Entries) > 0 {
		setup.Decks = []engine.DeckList{players[0].Deck, players[1].Deck}
	}
	if _, err := g.New(setup); err != nil {
		return fmt.Errorf("a ranked game of %s could not start: %w", setup.Game, err)
	}
	cfg := &srv.cfg.Ranked
	m := RankedMatch{GameID: newGameID(), Game: setup.Game, Created: now, PerMove: cfg.PerMove,
		Banks: [2]time.Duration{cfg.Bank, cfg.Bank}, TurnStarted: now, Winner: engine.NoSeat}
	seats := make([]SeatConfig, 2)
	for i, p := range players {
		pr, err := srv.rankedStore.RatingOf(ctx, p.Account, setup.Game)
		if err != nil {
			return err
		}
		m.Accounts[i], m.Usernames[i], m.Before[i] = p.Account, p.Username, pr.Rating
		m.Tokens[i] = newToken()
		seats[i] = SeatConfig{Kind: KindRanked, Token: m.Tokens[i]}
	}
	sg := StoredGame{ID: m.GameID, Setup: setup, Seats: seats, Created: now, Owner: players[0].Account}
	if err := srv.rankedStore.Pair(ctx, m, sg); err != nil {
		return err
	}
	srv.log.Info("ranked game paired", "game", m.GameID, "p1", m.Usernames[0], "p2", m.Usernames[1])
	srv.keep(sg)
	return nil
}

// isRanked tells whether a game's seats are a ranked game's.
func isRanked(seats []SeatConfig) bool {
	return len(seats) > 0 && seats[0].Kind == KindRanked
}
