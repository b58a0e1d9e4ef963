package server

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"kartenwerk/ai"
	"kartenwerk/engine"
)

// Seat kinds a lobby may choose.
const (
	KindYou     = "you"     // the person creating the game
	KindFriend  = "friend"  // someone invited with a link
	KindHotseat = "hotseat" // another person on the creator's screen
	KindAI      = "ai"      // an agent moving on the server
)

// SeatConfig is who plays one seat. The token is the seat's secret: every
// action must carry it, and only its holder sees the seat's hand. A seat
// that belongs to an account (Account) wants that account's session too.
type SeatConfig struct {
	Kind  string `json:"kind"`
	Agent string `json:"agent,omitempty"`
	Token string `json:"token,omitempty"`
	// Name is the seat's name when an account holds it in an event (a
	// tournament's game): the table shows it, and no display name a
	// client sends replaces it.
	Name string `json:"name,omitempty"`
	// Event is the tournament whose game this is, "" for any other game.
	Event string `json:"event,omitempty"`
	// Account is the account the seat belongs to (a ranked or tournament
	// game's): its token alone does not play it, for a link can be
	// passed on; the request must also be logged in as this account
	// (mayHold). "" for a seat its token plays alone (you, friend, hot
	// seat), as in every game stored before seats were bound.
	Account string `json:"account,omitempty"`
}

// SeatRequest is one seat as a lobby asks for it.
type SeatRequest struct {
	Kind string `json:"kind"`
	// Agent is an AI seat's level (easy, medium, hard: the game's own
	// agent for it, see ai.Level) or agent spec (random, greedy, ismcts,
	// or a full spec such as "ismcts:iters=500").
	Agent string `json:"agent,omitempty"`
	// BudgetMS is an ismcts agent's thinking time per decision.
	BudgetMS int `json:"budget_ms,omitempty"`
}

// maxBudgetMS caps an AI seat's thinking time per decision.
const maxBudgetMS = 10000

// newToken returns a fresh 128-bit secret.
func newToken() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

// buildSeats turns a lobby's seat requests into seat configs, with one
// token for the creator (and the hot-seat seats on the creator's screen)
// and one per friend. AI specs are clamped to the server's limits.
func (srv *Server) buildSeats(game string, reqs []SeatRequest) ([]SeatConfig, string, error) {
	mine := newToken()
	out := make([]SeatConfig, len(reqs))
	for i, r := range reqs {
		where := fmt.Sprintf("seat p%d", i+1)
		switch strings.ToLower(strings.TrimSpace(r.Kind)) {
		case KindYou, "":
			out[i] = SeatConfig{Kind: KindYou, Token: mine}
		case KindHotseat:
			out[i] = SeatConfig{Kind: KindHotseat, Token: mine}
		case KindFriend:
			out[i] = SeatConfig{Kind: KindFriend, Token: newToken()}
		case KindAI:
			spec, err := agentSpec(game, r)
			if err == nil {
				spec, err = clampSpec(spec, srv.cfg.AIMaxThink, srv.cfg.AIMaxIters)
			}
			if err != nil {
				return nil, "", fmt.Errorf("%s: %v", where, err)
			}
			out[i] = SeatConfig{Kind: KindAI, Agent: spec}
		default:
			return nil, "", fmt.Errorf("%s: kind %q is not one of you, friend, hotseat, ai", where, r.Kind)
		}
	}
	return out, mine, nil
}

// agentSpec builds and checks the agent spec of an AI seat; a level
// becomes the game's agent for it.
func agentSpec(game string, r SeatRequest) (string, error) {
	spec := strings.TrimSpace(r.Agent)
	if spec == "" {
		spec = ai.Medium
	}
	if r.BudgetMS < 0 || r.BudgetMS > maxBudgetMS {
		return "", fmt.Errorf("budget_ms %d is out of range: give 0 to %d", r.BudgetMS, maxBudgetMS)
	}
	if ai.IsLevel(spec) {
		if r.BudgetMS > 0 {
			return "", fmt.Errorf("level %s has its own thinking budget: leave budget_ms out, or give an agent such as ismcts", spec)
		}
		return ai.Level(game, spec)
	}
	if r.BudgetMS > 0 && !strings.Contains(spec, ":") {
		if spec != "ismcts" {
			return "", fmt.Errorf("agent %s has no thinking budget: only ismcts takes budget_ms", spec)
		}
		spec = fmt.Sprintf("ismcts:ms=%d", r.BudgetMS)
	}
	if _, err := ai.New(spec, 1); err != nil {
		return "", fmt.Errorf("%v; or give a level: %s", err, strings.Join(ai.Levels, ", "))
	}
	return spec, nil
}

// seatsOf returns the seats a token controls, in order (none for an empty
// or unknown token: a spectator).
func seatsOf(seats []SeatConfig, token string) []engine.Seat {
	if token == "" {
		return nil
	}
	var out []engine.Seat
	for i, c := range seats {
		if c.Token != "" && subtle.ConstantTimeCompare([]byte(c.Token), []byte(token)) == 1 {
			out = append(out, engine.Seat(i))
		}
	}
	return out
}

// boundSeat is the config of the first seat of controls that belongs to
// an account, or false when the token's seats are played by their token
// alone. A token
// holds the seats of one person: a ranked or tournament game gives each
// account a token of its own.
func boundSeat(seats []SeatConfig, controls []engine.Seat) (SeatConfig, bool) {
	for _, seat := range controls {
		if c := seats[seat]; c.Account != "" {
			return c, true
		}
	}
	return SeatConfig{}, false
}

// anyBound tells whether a game has a seat that belongs to an account.
func anyBound(seats []SeatConfig) bool {
	for _, c := range seats {
		if c.Account != "" {
			return true
		}
	}
	return false
}

// sessionOf is the session token a request carries in its cookie, "" for
// none.
func sessionOf(r *http.Request) string {
	if c, err := r.Cookie(sessionCookie); err == nil {
		return c.Value
	}
	return ""
}

// mayHold refuses the seats of controls to a request whose session
// (its session cookie's token, "" for none) is not a live session of
// the account a seat belongs to. The session is looked up in the store,
// which every replica shares, so whichever replica serves the request
// can tell; a seat of no account asks nothing. The refusal names the
// account to log in as, never the token.
func (srv *Server) mayHold(ctx context.Context, seats []SeatConfig, controls []engine.Seat, session string) error {
	c, bound := boundSeat(seats, controls)
	if !bound {
		return nil
	}
	if srv.acct != nil && session != "" {
		ss, err := srv.acct.store.Session(ctx, sessionHash(session), srv.acct.now())
		if err == nil && ss.Owner == c.Account {
			return nil
		}
		if err != nil && !errors.Is(err, ErrNoSession) {
			// A store's error names its host: for the log, not the table.
			srv.log.Error("checking a seat's session failed", "err", err)
			return refuse(http.StatusInternalServerError, "server_failed")
		}
	}
	return refuse(http.StatusForbidden, "seat_other_account", "name", srv.seatUsername(ctx, c))
}

// seatUsername is the username of the account a seat belongs to: the
// seat's name in a tournament, else the account's.
func (srv *Server) seatUsername(ctx context.Context, c SeatConfig) string {
	if c.Name != "" || srv.acct == nil {
		return c.Name
	}
	if acc, err := srv.acct.store.AccountByID(ctx, c.Account); err == nil {
		return acc.Username
	}
	return ""
}

// sessionKey is the context key of the session an action for a bound
// seat carries.
type sessionKey struct{}

// forSeats is ctx carrying session when a seat of controls belongs to an
// account: an action a replica forwards to the game's owner (postAction)
// takes the session along, and the owner checks it as well, for the
// action route answers anyone. An action for seats of no account takes
// none: a session goes no further than it must.
func forSeats(ctx context.Context, seats []SeatConfig, controls []engine.Seat, session string) context.Context {
	if _, bound := boundSeat(seats, controls); !bound || session == "" {
		return ctx
	}
	return context.WithValue(ctx, sessionKey{}, session)
}

// sessionIn is the session forSeats put in ctx, "" for none.
func sessionIn(ctx context.Context) string {
	s, _ := ctx.Value(sessionKey{}).(string)
	return s
}
