package server

import (
	"context"
	"slices"
	"time"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	"kartenwerk/platform/tournament"
)

// TournamentSummary is a tournament in the list.
type TournamentSummary struct {
	ID       string    `json:"id"`
	Name     string    `json:"name"`
	Game     string    `json:"game"`
	GameName string    `json:"game_name"` // as the lobby names the game
	Format   string    `json:"format"`
	Stage    string    `json:"stage"`
	Players  int       `json:"players"`
	Created  time.Time `json:"created"`
}

// TournamentView is a tournament as one account sees it: everything but
// the deck lists and seat tokens, which only their owners (and, for the
// lists, the officials) are given elsewhere.
type TournamentView struct {
	TournamentSummary
	Rounds             int            `json:"rounds"` // Swiss rounds (0: decided when round 1 starts)
	RoundMinutes       int            `json:"round_minutes"`
	PhysicalOnly       bool           `json:"physical_only,omitempty"`
	RegistrationOpens  time.Time      `json:"registration_opens"`
	RegistrationCloses time.Time      `json:"registration_closes,omitzero"`
	Organiser          string         `json:"organiser"`
	Judges             []string       `json:"judges"`
	CardPool           string         `json:"card_pool,omitempty"`
	CardsDate          string         `json:"cards_date,omitempty"`
	Round              int            `json:"round"` // of the current stage
	Deadline           time.Time      `json:"deadline,omitzero"`
	Entrants           []EntrantView  `json:"entrants"`
	Pairings           []RoundView    `json:"pairings"`
	Standings          []StandingView `json:"standings"`
	Champion           string         `json:"champion,omitempty"`
	Placings           []string       `json:"placings,omitempty"` // final order, once finished
	You                YouView        `json:"you"`
	Log                []logLine      `json:"log,omitempty"` // officials only
}

// EntrantView is a registered player (never the deck).
type EntrantView struct {
	Username   string    `json:"username"`
	Registered time.Time `json:"registered"`
	Dropped    bool      `json:"dropped,omitempty"`
}

// YouView is what the viewing account is in the tournament.
type YouView struct {
	Username   string `json:"username,omitempty"`
	Registered bool   `json:"registered"`
	Organiser  bool   `json:"organiser"`
	Judge      bool   `json:"judge"`
}

// RoundView is one round's pairings and results.
type RoundView struct {
	Stage   string        `json:"stage"`
	Round   int           `json:"round"`
	Matches []PairingView `json:"matches"`
}

// PairingView is one match of a round, by usernames.
type PairingView struct {
	Table       int                     `json:"table"`
	A           string                  `json:"a"`
	B           string                  `json:"b,omitempty"` // empty: a bye
	Score       tournament.GameScore    `json:"score"`
	Decided     bool                    `json:"decided"`
	Winner      string                  `json:"winner,omitempty"`
	Corrections []tournament.Correction `json:"corrections,omitempty"`
}

// StandingView is one line of the Swiss standings.
type StandingView struct {
	Rank        int     `json:"rank"`
	Player      string  `json:"player"`
	MatchPoints int     `json:"match_points"`
	Wins        int     `json:"wins"`
	Losses      int     `json:"losses"`
	Draws       int     `json:"draws"`
	Byes        int     `json:"byes"`
	OMW         float64 `json:"omw"`
	GW          float64 `json:"gw"`
	OGW         float64 `json:"ogw"`
	Dropped     bool    `json:"dropped,omitempty"`
}

// DeckView is a registered deck list, for its player and the officials.
type DeckView struct {
	Username   string    `json:"username"`
	List       string    `json:"list"`
	Cards      int       `json:"cards"`
	Registered time.Time `json:"registered"`
}

// MatchView is the viewing player's match of the current round.
type MatchView struct {
	Stage    string `json:"stage"`
	Round    int    `json:"round"`
	Table    int    `json:"table"`
	Opponent string `json:"opponent,omitempty"` // empty: a bye
	// Wins, Losses and Draws count the match's games from the viewer's side.
	Wins     int        `json:"wins"`
	Losses   int        `json:"losses"`
	Draws    int        `json:"draws"`
	Result   string     `json:"result"` // playing, won, lost, drawn
	Games    []GameLink `json:"games"`
	Choose   bool       `json:"choose_first"` // the viewer lost and chooses who starts next
	Deadline time.Time  `json:"deadline,omitzero"`
}

// GameLink is one game of the viewer's match, with the viewer's seat link.
type GameLink struct {
	ID       string      `json:"id"`
	Seat     engine.Seat `json:"seat"`
	Token    string      `json:"token"`
	Play     string      `json:"play"`
	Finished bool        `json:"finished"`
	Result   string      `json:"result,omitempty"` // won, lost or drawn, once finished
}

func (srv *Server) summary(t *tourney) TournamentSummary {
	return TournamentSummary{ID: t.ID, Name: t.Name, Game: t.Game, GameName: srv.gameName(t.Game), Format: t.Format, Stage: t.Stage,
		Players: len(t.Entries), Created: t.Created}
}

// viewTourney is the tournament as account sees it, its log in
// language l.
func (srv *Server) viewTourney(ctx context.Context, t *tourney, account string, l i18n.Lang) TournamentView {
	r := t.roleOf(account)
	v := TournamentView{TournamentSummary: srv.summary(t), Rounds: t.SwissRounds, RoundMinutes: t.RoundMinutes, PhysicalOnly: t.PhysicalOnly,
		RegistrationOpens: t.RegistrationOpens, RegistrationCloses: t.RegistrationCloses, CardPool: t.CardPool, CardsDate: t.CardsDate,
		Round: t.roundNumber(), Entrants: []EntrantView{}, Pairings: t.pairings(), Standings: t.standings(),
		Placings: t.placings(), Judges: []string{},
		You: YouView{Registered: t.entryOf(account) != nil, Organiser: r.organiser, Judge: r.judge}}
	if acc, err := srv.acct.store.AccountByID(ctx, t.Organiser); err == nil {
		v.Organiser = acc.Username
	}
	for _, j := range t.Judges {
		if acc, err := srv.acct.store.AccountByID(ctx, j); err == nil {
			v.Judges = append(v.Judges, acc.Username)
		}
	}
	if t.Stage != stageRegistration && t.Stage != stageFinished {
		v.Deadline = t.deadline()
	}
	for _, e := range t.Entries {
		v.Entrants = append(v.Entrants, EntrantView{Username: e.Username, Registered: e.Registered, Dropped: e.Dropped})
		if e.Account == account {
			v.You.Username = e.Username
		}
	}
	if t.bracket != nil {
		if c, done := t.bracket.Champion(); done {
			v.Champion = t.username(c)
		}
	}
	if r.official() {
		v.Log = make([]logLine, len(t.Log))
		for i, line := range t.Log {
			v.Log[i] = line.in(l)
		}
	}
	return v
}

func (t *tourney) deadline() time.Time {
	return t.RoundStarted.Add(time.Duration(t.RoundMinutes) * time.Minute)
}

// pairings lists every round played, Swiss first, by usernames.
func (t *tourney) pairings() []RoundView {
	out := []RoundView{}
	add := func(stage string, paired int, round func(int) []tournament.Match) {
		for n := 1; n <= paired; n++ {
			rv := RoundView{Stage: stage, Round: n}
			for _, m := range round(n) {
				pv := PairingView{Table: m.Table, A: t.username(m.A), Score: m.Score, Decided: m.Decided(), Corrections: m.Corrections}
				if !m.IsBye() {
					pv.B = t.username(m.B)
				}
				if w := m.Winner(); w != "" {
					pv.Winner = t.username(w)
				}
				rv.Matches = append(rv.Matches, pv)
			}
			out = append(out, rv)
		}
	}
	if t.swiss != nil {
		add(stageSwiss, t.swiss.Paired(), t.swiss.Round)
	}
	if t.bracket != nil {
		add(stageElimination, t.bracket.Paired(), t.bracket.Round)
	}
	return out
}

// standings is the Swiss standings with their tiebreakers.
func (t *tourney) standings() []StandingView {
	out := []StandingView{}
	if t.swiss == nil {
		return out
	}
	for _, s := range t.swiss.Standings() {
		out = append(out, StandingView{Rank: s.Rank, Player: t.username(s.Player), MatchPoints: s.MatchPoints,
			Wins: s.Wins, Losses: s.Losses, Draws: s.Draws, Byes: s.Byes,
			OMW: s.OpponentsMatchWin, GW: s.GameWin, OGW: s.OpponentsGameWin, Dropped: s.Dropped})
	}
	return out
}

// placings is the final order once the tournament is over: the bracket's
// champion, finalist, then the losers of each earlier bracket round (in
// their seed order), then everyone else in Swiss standings order.
func (t *tourney) placings() []string {
	if t.Stage != stageFinished {
		return nil
	}
	var order []string
	if t.bracket != nil {
		order = bracketPlacings(t.bracket)
	}
	if t.swiss != nil {
		for _, s := range t.swiss.Standings() {
			if !slices.Contains(order, s.Player) {
				order = append(order, s.Player)
			}
		}
	}
	names := make([]string, len(order))
	for i, p := range order {
		names[i] = t.username(p)
	}
	return names
}

// bracketPlacings orders a finished bracket's players: the champion, then
// the losers of each round from the final back, each round's losers in
// seed order.
func bracketPlacings(b *tournament.Bracket) []string {
	champion, _ := b.Champion()
	order := []string{champion}
	seeds := b.Record().Seeds
	for n := b.Paired(); n >= 1; n-- {
		var losers []string
		for _, m := range b.Round(n) {
			if l := m.Loser(); l != "" {
				losers = append(losers, l)
			}
		}
		slices.SortFunc(losers, func(x, y string) int { return slices.Index(seeds, x) - slices.Index(seeds, y) })
		order = append(order, losers...)
	}
	return order
}

// accountNamed finds a registered player's account by username ("" for
// none, which drop refuses with the name).
func (t *tourney) accountNamed(username string) string {
	for _, e := range t.Entries {
		if usernameKey(e.Username) == usernameKey(username) {
			return e.Account
		}
	}
	return username
}

// matchView is account's match of the current round, or nil.
func (t *tourney) matchView(account string) *MatchView {
	m, ok := t.currentMatchOf(account)
	if !ok {
		return nil
	}
	v := &MatchView{Stage: t.Stage, Round: m.Round, Table: m.Table, Games: []GameLink{}, Deadline: t.deadline()}
	v.Wins, v.Losses, v.Draws = m.Score.WinsA, m.Score.WinsB, m.Score.Draws
	if m.B == account {
		v.Wins, v.Losses = v.Losses, v.Wins
	}
	if !m.IsBye() {
		v.Opponent = t.username(other(m, account))
	}
	switch w := m.Winner(); {
	case !m.Decided():
		v.Result = "playing"
	case w == account:
		v.Result = "won"
	case w == "":
		v.Result = "drawn"
	default:
		v.Result = "lost"
	}
	if p := t.play(m.Round, m.Table); p != nil {
		v.Choose = p.Chooser == account
		for _, g := range p.Games {
			v.Games = append(v.Games, gameLink(g, account))
		}
	}
	return v
}

func other(m tournament.Match, account string) string {
	if m.A == account {
		return m.B
	}
	return m.A
}

// gameLink is a match game as one of its players sees it: their seat and
// the token bound to their account.
func gameLink(g matchGame, account string) GameLink {
	seat := 0
	if g.Seats[1] == account {
		seat = 1
	}
	l := GameLink{ID: g.ID, Seat: engine.Seat(seat), Token: g.Tokens[seat], Play: "/play/" + g.ID + "?token=" + g.Tokens[seat], Finished: g.Recorded}
	switch {
	case !g.Recorded:
	case g.Winner == account:
		l.Result = "won"
	case g.Winner == "":
		l.Result = "drawn"
	default:
		l.Result = "lost"
	}
	return l
}

// unrecordedGame reports whether account's match has a game that ended
// and is not yet recorded: a reader then records it.
func (srv *Server) unrecordedGame(ctx context.Context, t *tourney, account string) bool {
	m, ok := t.currentMatchOf(account)
	if !ok || m.Decided() {
		return false
	}
	p := t.play(m.Round, m.Table)
	if p == nil || len(p.Games) == 0 || p.Games[len(p.Games)-1].Recorded {
		return false
	}
	done, _, err := srv.gameOutcome(ctx, p.Games[len(p.Games)-1].ID)
	return err == nil && done
}
