package server

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// ReplayMsg is one step of a finished game as a seat or a spectator saw
// it: the view after Step actions and the log up to there.
type ReplayMsg struct {
	ID     string       `json:"id"`
	Game   string       `json:"game"`
	Name   string       `json:"name"`
	Step   int          `json:"step"`
	Steps  int          `json:"steps"`
	Viewer engine.Seat  `json:"viewer"`
	Seats  []SeatInfo   `json:"seats"`
	View   *engine.View `json:"view"`
	Log    []LogLine    `json:"log"`
	// Result is how the game ended as stored, in English ("p2 wins
	// (knockout)"); Outcome says it in the reader's words where the moves
	// or the server (a ranked game lost on time or by leaving) ended the
	// game (one that expired has none).
	Result  string         `json:"result"`
	Outcome *engine.Result `json:"outcome,omitempty"`
}

// Replay rebuilds a finished game at a step, as viewer saw it, in
// language l.
func (srv *Server) Replay(ctx context.Context, id string, viewer engine.Seat, step int, l i18n.Lang) (*ReplayMsg, error) {
	g, err := srv.store.LoadGame(ctx, id)
	if err != nil {
		return nil, err
	}
	return srv.replayOf(ctx, g, viewer, step, l)
}

// replayOf rebuilds the finished game g at a step, as viewer saw it.
func (srv *Server) replayOf(ctx context.Context, g StoredGame, viewer engine.Seat, step int, l i18n.Lang) (*ReplayMsg, error) {
	if !g.Finished {
		return nil, refuse(http.StatusBadRequest, "replay_too_soon")
	}
	if int(viewer) >= g.Setup.Seats {
		return nil, badInput("seat %v: this game has %d seats", viewer, g.Setup.Seats)
	}
	if step < 0 || step > len(g.Actions) {
		return nil, badInput("step %d: give 0 to %d", step, len(g.Actions))
	}
	game, err := srv.games.stored(g.ID, g.Setup.Game)
	if err != nil {
		return nil, err
	}
	st, err := engine.NewAt(game, g.Setup)
	if err != nil {
		return nil, err
	}
	m := &ReplayMsg{ID: g.ID, Game: g.Setup.Game, Name: game.Info().Name, Step: step, Steps: len(g.Actions),
		Viewer: viewer, Result: g.Result, Log: []LogLine{}}
	// The seats go by the names they had at the table, in the log and the
	// view as in the seats' list.
	names := seatNames(g)
	w := engine.Words{Lang: l, Names: names}
	var log gameLog
	for i, text := range g.Actions[:step] {
		a, err := game.Info().Actions.Parse(text)
		if err != nil {
			return nil, err
		}
		log.add(describeIn(st, a, 1<<l))
		m.Log = append(m.Log, LogLine{N: i + 1, Seat: log.seat(i), Label: log.label(i, viewer, w)})
		if err := st.Apply(a); err != nil {
			return nil, err
		}
	}
	m.View = engine.Localized(st, viewer, w)
	if m.Outcome = outcomeAfter(game, st.Clone(), g.Actions[step:], w); m.Outcome == nil {
		m.Outcome = serverEndedOutcome(g.Result, l)
	}
	for i, c := range g.Seats {
		m.Seats = append(m.Seats, SeatInfo{Seat: engine.Seat(i), Kind: c.Kind, Agent: c.Agent, Name: names[i], Event: c.Event})
	}
	return m, nil
}

// outcomeAfter plays the rest of a finished game's actions on st and
// says how it ended in w's words, or nil when the actions do not end it.
func outcomeAfter(game engine.Game, st engine.State, rest []string, w engine.Words) *engine.Result {
	for _, text := range rest {
		a, err := game.Info().Actions.Parse(text)
		if err != nil || st.Apply(a) != nil {
			return nil
		}
	}
	if over, _ := st.Terminal(); !over {
		return nil
	}
	return engine.Localized(st, engine.NoSeat, w).Result
}

func (srv *Server) handleReplay(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	viewer, err := parseViewer(q.Get("seat"), engine.MaxSeats)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	step := 0
	if v := q.Get("step"); v != "" {
		if step, err = strconv.Atoi(v); err != nil {
			srv.httpError(w, badInput("step %q: give a whole number", v))
			return
		}
	}
	ctx := r.Context()
	g, err := srv.store.LoadGame(ctx, r.PathValue("id"))
	if err != nil {
		srv.httpError(w, err)
		return
	}
	private, err := srv.maySeeSeat(w, r, g, viewer)
	if err != nil {
		srv.tourneyError(w, err)
		return
	}
	m, err := srv.replayOf(ctx, g, viewer, step, langOf(r))
	if err != nil {
		srv.httpError(w, err)
		return
	}
	if private {
		// A seat's cards during a tournament, for this account alone.
		w.Header().Set("Cache-Control", "private, no-store")
		w.Header().Set("Vary", "Cookie")
	}
	writeJSON(w, http.StatusOK, m)
}

// eventOf is the tournament whose game g is, or "".
func eventOf(g StoredGame) string {
	for _, c := range g.Seats {
		if c.Event != "" {
			return c.Event
		}
	}
	return ""
}

// maySeeSeat refuses a seat's view of a finished tournament game while
// the tournament is played: the seat's hand shows cards its player held
// but never played, which would scout a deck list the tournament keeps
// private. Only the seat's own account and the officials who do not play
// see it before the tournament is finished; anyone may watch as a
// spectator. private reports a seat's view that only the logged-in
// reader may see.
func (srv *Server) maySeeSeat(w http.ResponseWriter, r *http.Request, g StoredGame, viewer engine.Seat) (private bool, err error) {
	event := eventOf(g)
	if event == "" || viewer == engine.NoSeat || int(viewer) < 0 || int(viewer) >= len(g.Seats) || !g.Finished {
		return false, nil // not a tournament's seat; replayOf refuses what it must
	}
	names := make([]string, len(g.Seats))
	for i, c := range g.Seats {
		names[i] = c.Name
	}
	refused := refuse(http.StatusForbidden, "replay_seat_private", "seat", seatCalled(names, viewer))
	if srv.tourneys == nil || srv.acct == nil {
		return false, refused // nobody can be told apart: keep the seat private
	}
	t, err := srv.loadTourney(r.Context(), event)
	if errors.Is(err, ErrNoTournament) {
		return false, refused
	}
	if err != nil {
		return false, err
	}
	if t.Stage == stageFinished {
		return false, nil
	}
	ss, _, err := srv.acct.authenticate(w, r)
	if errors.Is(err, errNotLoggedIn) {
		return false, refused
	}
	if err != nil {
		return false, err
	}
	if t.seatHolder(g, viewer, ss) || (t.roleOf(ss.Owner).official() && t.entryOf(ss.Owner) == nil) {
		return true, nil
	}
	return false, refused
}

// seatHolder reports whether the session's account holds the seat of the
// tournament's game g: by the match's record of its seats, or by the
// seat's name for a game the record does not list.
func (t *tourney) seatHolder(g StoredGame, seat engine.Seat, ss AccountSession) bool {
	for _, m := range t.Matches {
		for _, mg := range m.Games {
			if mg.ID == g.ID {
				return int(seat) < len(mg.Seats) && mg.Seats[seat] == ss.Owner
			}
		}
	}
	name := g.Seats[seat].Name
	return name != "" && usernameKey(name) == usernameKey(ss.Username)
}
