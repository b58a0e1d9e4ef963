package server

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"kartenwerk/engine"
	"kartenwerk/platform/tournament"
)

// matchPlay is a match's games on the platform: the server makes each
// game for the two players, with a seat token for each bound to their
// account (only that account is ever told it).
type matchPlay struct {
	Stage string      `json:"stage"`
	Round int         `json:"round"`
	Table int         `json:"table"`
	Games []matchGame `json:"games"`
	// Chooser is the account that lost the last game and now chooses who
	// starts the next (MM-10.U2), "" when nobody is asked.
	Chooser string `json:"chooser,omitempty"`
}

// matchGame is one game of a match. Seats holds the accounts in seat
// order (p1, p2) and Tokens their seat tokens.
type matchGame struct {
	ID       string    `json:"id"`
	Seats    [2]string `json:"seats"`
	Tokens   [2]string `json:"tokens"`
	Recorded bool      `json:"recorded,omitempty"`
	Winner   string    `json:"winner,omitempty"` // account; "" with Recorded for a drawn game
	Result   string    `json:"result,omitempty"`
}

// firstPlayer is who starts a match's next game, by each game's rules.
type firstPlayer int

const (
	rulesDecide  firstPlayer = iota // the game's own rule (random or by the cards)
	loserChooses                    // the loser of the last game chooses
	loserStarts                     // the loser of the last game starts
)

// nextGameFirst gives each game's rule for the next game of a match:
// MystiMons lets the loser choose (MM-10.U2); Micro-Life has the start
// player chosen (ML-3.6); Mystic Elements has the loser start (ME-3.3);
// Athernum's start cards (AT-10.1) and Zynalith's random start (ZY-3.2)
// leave no choice.
var nextGameFirst = map[string]firstPlayer{
	"mystimons":      loserChooses,
	"microlife":      loserChooses,
	"mysticelements": loserStarts,
}

// currentMatchOf returns the player's match of the current round.
func (t *tourney) currentMatchOf(account string) (tournament.Match, bool) {
	for _, m := range t.currentRound() {
		if m.A == account || m.B == account {
			return m, true
		}
	}
	return tournament.Match{}, false
}

// currentRound is the matches of the round being played, or nil.
func (t *tourney) currentRound() []tournament.Match {
	switch t.Stage {
	case stageSwiss:
		return t.swiss.Round(t.swiss.Paired())
	case stageElimination, stageFinished:
		if t.bracket != nil {
			return t.bracket.Round(t.bracket.Paired())
		}
		if t.swiss != nil {
			return t.swiss.Round(t.swiss.Paired())
		}
	}
	return nil
}

// roundNumber is the current round of the current stage (0 before any).
func (t *tourney) roundNumber() int {
	if m := t.currentRound(); len(m) > 0 {
		return m[0].Round
	}
	return 0
}

func (t *tourney) recordGame(round, table int, winner string) error {
	if t.Stage == stageElimination {
		return t.bracket.RecordGame(round, table, winner)
	}
	return t.swiss.RecordGame(round, table, winner)
}

func (t *tourney) report(round, table int, score tournament.GameScore) error {
	if t.Stage == stageElimination {
		return t.bracket.Report(round, table, score)
	}
	return t.swiss.Report(round, table, score)
}

func (t *tourney) endMatch(round, table int) error {
	if t.Stage == stageElimination {
		return t.bracket.EndMatch(round, table)
	}
	return t.swiss.EndMatch(round, table)
}

// play returns the platform games of a match of the current stage.
func (t *tourney) play(round, table int) *matchPlay {
	for i := range t.Matches {
		p := &t.Matches[i]
		if p.Stage == t.Stage && p.Round == round && p.Table == table {
			return p
		}
	}
	return nil
}

// startRound pairs the next round (the first closes registration and
// fixes the card texts) and makes the first game of every match.
func (srv *Server) startRound(ctx context.Context, t *tourney, by string, now time.Time) error {
	if err := srv.reconcile(ctx, t); err != nil {
		return err
	}
	g, err := srv.games.lookup(t.Game)
	if err != nil {
		return err
	}
	if t.Stage == stageRegistration {
		t.CardsDate = srv.today() // the texts in force as the tournament starts
	}
	if g, err = textsOf(g, t.CardsDate); err != nil {
		return err
	}
	if t.Stage != stageRegistration && cardPoolID(g) != t.CardPool {
		return conflictWith("card_texts_changed", "game", g.Info().Name)
	}
	if err := t.callTime(now, by); err != nil {
		return err
	}
	matches, err := t.pairNext(g)
	if err != nil {
		// platform/tournament refuses what the event's state does not
		// allow (no pairing without a rematch, a round still open).
		return t.said(err, http.StatusConflict)
	}
	if err := srv.pairedStillOwn(ctx, t, matches); err != nil {
		return err // nothing is saved: the round is paired again once it passes
	}
	t.RoundStarted = now
	for _, m := range matches {
		if !m.IsBye() {
			t.Matches = append(t.Matches, matchPlay{Stage: t.Stage, Round: m.Round, Table: m.Table})
			if err := srv.nextGame(ctx, t, t.play(m.Round, m.Table), 0); err != nil {
				return err
			}
		}
	}
	t.log(now, by, "started_"+t.Stage, "round", t.roundNumber())
	return nil
}

// pairedStillOwn applies the "physical cards only" rule again as each
// round is paired, not only at registration: copies a player traded away
// since must not also serve the account they went to, which may have
// registered with them. It refuses the round, naming each player paired
// into it who no longer owns every copy of their registered deck and the
// cards short, so that the organiser has them register the copies again
// or drops them.
func (srv *Server) pairedStillOwn(ctx context.Context, t *tourney, matches []tournament.Match) error {
	if !t.PhysicalOnly {
		return nil
	}
	if srv.codes == nil {
		return refuse(http.StatusConflict, "physical_tournament_no_codes")
	}
	var short []string
	for _, m := range matches {
		for _, account := range []string{m.A, m.B} {
			e := t.entryOf(account)
			if account == "" || e == nil {
				continue // a bye's empty side
			}
			missing, err := srv.shortOf(ctx, account, t.Game, e.Deck)
			if err != nil {
				return err
			}
			if len(missing) > 0 {
				cards := make([]string, len(missing))
				for i, s := range missing {
					cards[i] = s.entry.Card
				}
				short = append(short, fmt.Sprintf("%s (%s)", e.Username, strings.Join(cards, ", ")))
			}
		}
	}
	if len(short) == 0 {
		return nil
	}
	srv.log.Info("tournament round refused: decks no longer owned", "tournament", t.ID, "players", strings.Join(short, "; "))
	return conflictWith("physical_tournament_lost", "players", strings.Join(short, "; "))
}

// callTime ends the matches still being played once the round's timer
// has run out: the games so far stand (a Swiss 1-1 is a draw). Before
// then, the round waits for them.
func (t *tourney) callTime(now time.Time, by string) error {
	var pending []string
	for _, m := range t.currentRound() {
		if !m.Decided() {
			pending = append(pending, fmt.Sprint(m.Table))
		}
	}
	if len(pending) == 0 {
		return nil
	}
	deadline := t.RoundStarted.Add(time.Duration(t.RoundMinutes) * time.Minute)
	if now.Before(deadline) {
		return conflictWith("round_running", "round", t.roundNumber(), "tables", strings.Join(pending, ", "), "at", deadline.UTC().Format(refusalTime))
	}
	for _, m := range t.currentRound() {
		if m.Decided() {
			continue
		}
		if err := t.endMatch(m.Round, m.Table); err != nil {
			return t.timeUpUndecided(err)
		}
		t.log(now, by, "time_called_"+t.Stage, "round", m.Round, "table", m.Table, "score", m.Score.String())
	}
	return nil
}

// pairNext moves the tournament to its next round.
func (t *tourney) pairNext(g engine.Game) ([]tournament.Match, error) {
	switch t.Stage {
	case stageRegistration:
		return t.begin(g)
	case stageSwiss:
		if t.swiss.Paired() < t.swiss.Rounds() {
			return t.swiss.PairRound()
		}
		if t.Format != FormatSwissTop8 {
			return nil, conflictWith("swiss_done", "n", t.swiss.Rounds())
		}
		b, err := t.swiss.Cut(cutSize)
		if err != nil {
			return nil, err
		}
		t.bracket, t.Stage = b, stageElimination
		return b.Round(1), nil
	case stageElimination:
		return t.bracket.Advance()
	}
	return nil, conflictWith("tournament_over")
}

// begin closes registration, fixes the card texts and pairs round 1.
func (t *tourney) begin(g engine.Game) ([]tournament.Match, error) {
	if len(t.Entries) < 2 {
		return nil, conflictWith("too_few_players", "n", len(t.Entries))
	}
	players := make([]string, len(t.Entries))
	for i, e := range t.Entries {
		players[i] = e.Account
	}
	t.CardPool = cardPoolID(g)
	if t.Format == FormatElimination {
		b, err := tournament.NewBracket(players)
		if err != nil {
			return nil, t.said(err, http.StatusConflict)
		}
		t.bracket, t.Stage = b, stageElimination
		return b.Round(1), nil
	}
	rounds := t.SwissRounds
	if rounds == 0 {
		rounds = tournament.RecommendedRounds(len(players))
	}
	s, err := tournament.NewSwiss(players, rounds)
	if err != nil {
		return nil, t.said(err, http.StatusConflict)
	}
	t.swiss, t.Stage, t.SwissRounds = s, stageSwiss, rounds
	return s.PairRound()
}

// nextGame makes the next game of a match, first giving the starting
// seat (0: the rules decide).
func (srv *Server) nextGame(ctx context.Context, t *tourney, p *matchPlay, first int) error {
	var a, b string
	for _, m := range t.currentRound() {
		if m.Round == p.Round && m.Table == p.Table {
			a, b = m.A, m.B
		}
	}
	seats := [2]string{a, b}
	tokens := [2]string{newToken(), newToken()}
	g, err := srv.games.lookup(t.Game)
	if err != nil {
		return err
	}
	setup := ownDecksSetup(g, newSeed(), t.entryOf(a).Deck, t.entryOf(b).Deck)
	setup.First, setup.CardsDate = first, t.CardsDate
	// Each seat is its player's account's: its link alone, passed on,
	// plays nothing (mayHold).
	cfg := []SeatConfig{{Kind: KindFriend, Token: tokens[0], Name: t.username(a), Event: t.ID, Account: a},
		{Kind: KindFriend, Token: tokens[1], Name: t.username(b), Event: t.ID, Account: b}}
	resp, err := srv.start(ctx, setup, cfg, "", gameOrigin{creator: "tournament " + t.ID, owner: a})
	if err != nil {
		return err
	}
	p.Games = append(p.Games, matchGame{ID: resp.ID, Seats: seats, Tokens: tokens})
	t.newGames = append(t.newGames, resp.ID)
	return nil
}

// reconcile records every finished game of the current round that the
// tournament has not yet recorded, and starts each match's next game (or
// asks its loser who starts). It is how a match reports itself: called as
// a game ends, and again whenever the tournament is read for play.
func (srv *Server) reconcile(ctx context.Context, t *tourney) error {
	for _, m := range t.currentRound() {
		p := t.play(m.Round, m.Table)
		if m.Decided() || p == nil || len(p.Games) == 0 || p.Games[len(p.Games)-1].Recorded {
			continue
		}
		last := &p.Games[len(p.Games)-1]
		done, out, err := srv.gameOutcome(ctx, last.ID)
		if err != nil || !done {
			if err != nil {
				srv.log.Error("reading a tournament game failed", "tournament", t.ID, "game", last.ID, "err", err)
			}
			continue
		}
		if err := srv.recordOutcome(ctx, t, m, p, out); err != nil {
			return err
		}
	}
	t.finishIfOver()
	return nil
}

// gameOutcome reports whether a game is over and how it ended; a game
// ended without its rules ending it (expired) counts as drawn.
func (srv *Server) gameOutcome(ctx context.Context, id string) (bool, engine.Outcome, error) {
	s, err := srv.session(ctx, id)
	if err != nil {
		return false, engine.Outcome{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.finished {
		return false, engine.Outcome{}, nil
	}
	_, out := s.state.Terminal()
	return true, out, nil
}

// recordOutcome records a finished game in its match and goes on to the
// next game if the match is not decided.
func (srv *Server) recordOutcome(ctx context.Context, t *tourney, m tournament.Match, p *matchPlay, out engine.Outcome) error {
	last := &p.Games[len(p.Games)-1]
	winner, loser := "", ""
	for seat, acc := range last.Seats {
		if out.Winners.Has(engine.Seat(seat)) && out.Winners.Len() == 1 {
			winner, loser = acc, last.Seats[1-seat]
		}
	}
	last.Recorded, last.Winner, last.Result = true, winner, out.String()
	if err := t.recordGame(m.Round, m.Table, winner); err != nil {
		// A fourth drawn game: the match stands as it is, or, in a
		// bracket, where it needs a winner, waits for a judge.
		if err := t.endMatch(m.Round, m.Table); err != nil {
			srv.log.Info("a tournament match needs a judge's result", "tournament", t.ID, "game", last.ID, "err", err)
		}
		return nil
	}
	m = t.matchAt(m.Round, m.Table)
	switch {
	case m.Decided():
		return nil
	case t.Stage == stageSwiss && m.Score.WinsA+m.Score.WinsB+m.Score.Draws >= 3:
		return t.endMatch(m.Round, m.Table)
	}
	rule := nextGameFirst[t.Game]
	switch {
	case loser != "" && rule == loserChooses:
		p.Chooser = loser
		return nil
	case loser != "" && rule == loserStarts:
		return srv.nextGame(ctx, t, p, seatOf(m, loser))
	}
	return srv.nextGame(ctx, t, p, 0)
}

// matchAt is the current stage's match at a round and table.
func (t *tourney) matchAt(round, table int) tournament.Match {
	for _, m := range t.currentRound() {
		if m.Round == round && m.Table == table {
			return m
		}
	}
	return tournament.Match{}
}

// seatOf is the 1-based seat a player has in a match's games (A is p1).
func seatOf(m tournament.Match, account string) int {
	if m.A == account {
		return 1
	}
	return 2
}

// chooseFirst is the loser's choice of who starts the next game.
func (srv *Server) chooseFirst(ctx context.Context, t *tourney, account string, meFirst bool) error {
	m, ok := t.currentMatchOf(account)
	if !ok {
		return conflictWith("no_match")
	}
	p := t.play(m.Round, m.Table)
	if p == nil || p.Chooser != account {
		return conflictWith("no_start_choice")
	}
	first := seatOf(m, account)
	if !meFirst {
		first = 3 - first
	}
	p.Chooser = ""
	return srv.nextGame(ctx, t, p, first)
}

// finishIfOver ends the tournament once its last round has its results.
func (t *tourney) finishIfOver() {
	switch {
	case t.Stage == stageElimination:
		if _, done := t.bracket.Champion(); done {
			t.Stage = stageFinished
		}
	case t.Stage == stageSwiss && t.Format == FormatSwiss:
		if t.swiss.Paired() == t.swiss.Rounds() && allDecided(t.currentRound()) {
			t.Stage = stageFinished
		}
	}
}

func allDecided(ms []tournament.Match) bool {
	for _, m := range ms {
		if !m.Decided() {
			return false
		}
	}
	return true
}

// gameEnded is told of every game that ends on this server; a
// tournament's game reports itself to its match.
func (srv *Server) gameEnded(id string) {
	if srv.tourneys == nil {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(srv.ctx, 30*time.Second)
		defer cancel()
		tid, err := srv.tourneys.TournamentOfGame(ctx, id)
		if err != nil {
			return // not a tournament's game (or the store is away: reconcile catches up)
		}
		if _, err := srv.updateTourney(ctx, tid, func(t *tourney) error { return srv.reconcile(ctx, t) }); err != nil && srv.ctx.Err() == nil {
			srv.log.Error("recording a tournament game failed", "tournament", tid, "game", id, "err", err)
		}
	}()
}
