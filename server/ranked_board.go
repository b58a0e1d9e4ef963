package server

import (
	"errors"
	"math"
	"net/http"
	"strconv"
	"time"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// RatingInfo is a player's rating in one game as the API shows it: the
// Glicko-2 rating, its deviation (RD) and volatility, and the record.
type RatingInfo struct {
	Rank       int     `json:"rank,omitempty"`
	Username   string  `json:"username"`
	Rating     float64 `json:"rating"`
	Deviation  float64 `json:"deviation"`
	Volatility float64 `json:"volatility"`
	Games      int     `json:"games"`
	Wins       int     `json:"wins"`
	Losses     int     `json:"losses"`
	Draws      int     `json:"draws"`
}

func ratingInfo(p PlayerRating, rank int) RatingInfo {
	return RatingInfo{Rank: rank, Username: p.Username, Rating: round2(p.Rating.Rating), Deviation: round2(p.Rating.Deviation),
		Volatility: math.Round(p.Rating.Volatility*1e6) / 1e6, Games: p.Games, Wins: p.Wins, Losses: p.Losses, Draws: p.Draws}
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// MatchEntry is one finished ranked game in a player's match history.
type MatchEntry struct {
	ID       string      `json:"id"`
	Game     string      `json:"game"`
	Ended    time.Time   `json:"ended"`
	Seat     engine.Seat `json:"seat"`
	Opponent string      `json:"opponent"`
	// Result is "win", "loss" or "draw"; Reason how the game ended.
	Result string `json:"result"`
	Reason string `json:"reason"`
	// RatingBefore and RatingAfter are the player's rating around the game.
	RatingBefore float64 `json:"rating_before"`
	RatingAfter  float64 `json:"rating_after"`
	Replay       string  `json:"replay"`
}

// listLimit reads ?limit= (1 to 500, default 50).
func listLimit(r *http.Request) (int, error) {
	v := r.URL.Query().Get("limit")
	if v == "" {
		return 50, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > 500 {
		return 0, badInput("limit %q: give a whole number from 1 to 500", v)
	}
	return n, nil
}

func (srv *Server) handleLeaderboard(w http.ResponseWriter, r *http.Request) {
	g, err := srv.games.lookup(r.PathValue("game"))
	if err != nil {
		srv.httpError(w, err)
		return
	}
	limit, err := listLimit(r)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	list, err := srv.rankedStore.Leaderboard(r.Context(), g.Info().ID, limit)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	out := make([]RatingInfo, len(list))
	for i, p := range list {
		out[i] = ratingInfo(p, i+1)
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string]any{"game": g.Info().ID, "name": g.Info().Name, "players": out})
}

func (srv *Server) handleMatchHistory(w http.ResponseWriter, r *http.Request) {
	limit, err := listLimit(r)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	name := r.PathValue("name")
	acc, err := srv.acct.store.AccountByName(r.Context(), name)
	if errors.Is(err, ErrNoAccount) {
		writeRefusal(w, refuse(http.StatusNotFound, "no_account", "name", name))
		return
	}
	if err != nil {
		srv.httpError(w, err)
		return
	}
	list, err := srv.rankedStore.MatchHistory(r.Context(), acc.ID, limit)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	out := make([]MatchEntry, len(list))
	for i, m := range list {
		out[i] = matchEntry(m, acc.ID, langOf(r))
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string]any{"username": acc.Username, "matches": out})
}

// matchEntry is a finished match as the account's history shows it.
func matchEntry(m RankedMatch, account string, l i18n.Lang) MatchEntry {
	seat := engine.Seat(0)
	if m.Accounts[1] == account {
		seat = 1
	}
	result := "loss"
	switch m.Winner {
	case engine.NoSeat:
		result = "draw"
	case seat:
		result = "win"
	}
	return MatchEntry{ID: m.GameID, Game: m.Game, Ended: m.Ended, Seat: seat, Opponent: m.Usernames[1-seat],
		Result: result, Reason: rankedReasonIn(m.Reason, loserOf(m.Winner), m.Usernames[:], l), RatingBefore: round2(m.Before[seat].Rating), RatingAfter: round2(m.After[seat].Rating),
		Replay: "/replay/" + m.GameID}
}
