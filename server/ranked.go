package server

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"kartenwerk/engine"
	"kartenwerk/platform/rating"
)

// KindRanked is a seat of a ranked game: a person with an account, who
// gets the seat's token from the ranked queue and plays it only logged
// in as that account (SeatConfig.Account). Ranked games have no
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
	// PhysicalOnly is the "physical cards only" rule: a player queues
	// only with a deck whose every copy their account has registered
	// (serve --ranked-physical).
	PhysicalOnly bool
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
	m.HandleFunc("GET /leaderboard/{game}", srv.gamePage("/leaderboard/", "leaderboard.html"))
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
			writeRefusal(w, refuse(http.StatusNotImplemented, "no_ranked"))
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
		srv.httpError(w, err)
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
	if err := srv.ownsRankedDeck(ctx, ss.Owner, game, deck); err != nil {
		srv.httpError(w, err)
		return
	}
	if m, err := srv.rankedStore.ActiveMatch(ctx, ss.Owner, game); err == nil {
		writeRefusal(w, refuse(http.StatusConflict, "ranked_playing", "link", "/play/"+m.GameID))
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
		writeRefusal(w, refuse(http.StatusConflict, "ranked_queued"))
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

// isRanked tells whether a game's seats are a ranked game's.
func isRanked(seats []SeatConfig) bool {
	return len(seats) > 0 && seats[0].Kind == KindRanked
}
