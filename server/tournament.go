package server

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"time"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	"kartenwerk/platform/tournament"
)

// Tournament formats.
const (
	FormatSwiss       = "swiss"       // Swiss rounds only
	FormatElimination = "elimination" // single elimination seeded by registration
	FormatSwissTop8   = "swiss-top8"  // Swiss rounds, then a top-8 cut
)

// Tournament stages, in order.
const (
	stageRegistration = "registration"
	stageSwiss        = "swiss"
	stageElimination  = "elimination"
	stageFinished     = "finished"
)

// cutSize is the customary top cut after Swiss rounds.
const cutSize = 8

// defaultRoundMinutes is a round's timer when the organiser gives none:
// a best-of-3 of the customary length.
const defaultRoundMinutes = 50

// tourney is one tournament's whole state, stored as JSON. The Swiss and
// bracket records are the platform/tournament events' own (Record); the
// live events (swiss, bracket) are rebuilt from them on every load.
type tourney struct {
	ID           string `json:"id"`
	Name         string `json:"name"`
	Game         string `json:"game"`
	Organiser    string `json:"organiser"` // account id
	Format       string `json:"format"`
	SwissRounds  int    `json:"swiss_rounds"` // 0: the recommended count for the entrants
	RoundMinutes int    `json:"round_minutes"`
	// PhysicalOnly: decks must be of cards their players registered.
	PhysicalOnly       bool      `json:"physical_only,omitempty"`
	RegistrationOpens  time.Time `json:"registration_opens"`
	RegistrationCloses time.Time `json:"registration_closes,omitzero"`
	Created            time.Time `json:"created"`
	Judges             []string  `json:"judges,omitempty"` // account ids
	Entries            []entry   `json:"entries"`          // registration order
	// CardsDate is the day the tournament started: its games play the
	// card texts in force that day, errata published since or not
	// (Setup.CardsDate). CardPool is a hash of those texts, which catches
	// card files an operator changed under it.
	CardsDate    string                    `json:"cards_date,omitempty"`
	CardPool     string                    `json:"card_pool,omitempty"`
	Stage        string                    `json:"stage"`
	Swiss        *tournament.SwissRecord   `json:"swiss,omitempty"`
	Bracket      *tournament.BracketRecord `json:"bracket,omitempty"`
	Matches      []matchPlay               `json:"matches,omitempty"`
	RoundStarted time.Time                 `json:"round_started,omitzero"`
	Log          []logLine                 `json:"log,omitempty"`

	swiss    *tournament.Swiss
	bracket  *tournament.Bracket
	newGames []string // games made by this change, to be linked on save
}

// entry is a registered player with the deck locked at registration.
type entry struct {
	Account    string          `json:"account"`
	Username   string          `json:"username"`
	Deck       engine.DeckList `json:"deck"`
	Registered time.Time       `json:"registered"`
	Dropped    bool            `json:"dropped,omitempty"`
}

// logLine records who changed a result or dropped a player, and why.
// Key names its words in the server catalogue ("tournament_log.<key>")
// with Args as name, value pairs; What is the English, and all a line
// stored before lines had keys has.
type logLine struct {
	At   time.Time `json:"at"`
	By   string    `json:"by"` // username
	What string    `json:"what"`
	Key  string    `json:"key,omitempty"`
	Args []any     `json:"args,omitempty"`
}

// in is the line with What in language l.
func (line logLine) in(l i18n.Lang) logLine {
	if line.Key != "" {
		line.What = words.T(l, "tournament_log."+line.Key, line.Args...)
	}
	line.Key, line.Args = "", nil
	return line
}

// conflictWith is what the tournament's state refuses (409), in the
// words of the refusal code.
func conflictWith(code string, kv ...any) error {
	return refuse(http.StatusConflict, code, kv...)
}

// decode rebuilds a tournament and its live events from the store's row.
func decodeTourney(st StoredTournament) (*tourney, error) {
	t := &tourney{}
	if err := json.Unmarshal(st.Data, t); err != nil {
		return nil, fmt.Errorf("tournament %s: %w", st.ID, err)
	}
	var err error
	if t.Swiss != nil {
		if t.swiss, err = tournament.RestoreSwiss(*t.Swiss); err != nil {
			return nil, fmt.Errorf("tournament %s: %w", st.ID, err)
		}
	}
	if t.Bracket != nil {
		if t.bracket, err = tournament.RestoreBracket(*t.Bracket); err != nil {
			return nil, fmt.Errorf("tournament %s: %w", st.ID, err)
		}
	}
	return t, nil
}

// encode records the live events and marshals the whole state.
func (t *tourney) encode() ([]byte, error) {
	if t.swiss != nil {
		r := t.swiss.Record()
		t.Swiss = &r
	}
	if t.bracket != nil {
		r := t.bracket.Record()
		t.Bracket = &r
	}
	return json.Marshal(t)
}

// loadTourney reads a tournament from the store.
func (srv *Server) loadTourney(ctx context.Context, id string) (*tourney, error) {
	st, err := srv.tourneys.LoadTournament(ctx, id)
	if err != nil {
		return nil, err
	}
	return decodeTourney(st)
}

// saveAttempts bounds the retries of a change that found the tournament
// saved by another replica meanwhile.
const saveAttempts = 8

// updateTourney reads a tournament, applies change and saves it, trying
// again from a fresh read when another replica saved it meanwhile. A
// change that fails saves nothing, so the tournament is as it was.
func (srv *Server) updateTourney(ctx context.Context, id string, change func(*tourney) error) (*tourney, error) {
	defer srv.lockTourney(id)()
	for range saveAttempts {
		st, err := srv.tourneys.LoadTournament(ctx, id)
		if err != nil {
			return nil, err
		}
		t, err := decodeTourney(st)
		if err != nil {
			return nil, err
		}
		if err := change(t); err != nil {
			return nil, err
		}
		data, err := t.encode()
		if err != nil {
			return nil, err
		}
		st.Data, st.Holds = data, t.holds()
		err = srv.tourneys.SaveTournament(ctx, st, t.newGames)
		if errors.Is(err, ErrTournamentChanged) {
			continue
		}
		return t, err
	}
	return nil, fmt.Errorf("tournament %s: %w %d times; try again", id, ErrTournamentChanged, saveAttempts)
}

// holds are the accounts whose registered decks the tournament holds
// under its "physical cards only" rule: every player registered and not
// dropped, until it has finished. Their copies may not be traded away
// meanwhile (Server.inTournament).
func (t *tourney) holds() []string {
	if !t.PhysicalOnly || t.Stage == stageFinished {
		return nil
	}
	var out []string
	for _, e := range t.Entries {
		if !e.Dropped {
			out = append(out, e.Account)
		}
	}
	return out
}

// lockTourney takes the lock of one tournament and returns its release,
// so that changes on this replica do not race each other (replicas are
// kept apart by the stored version).
func (srv *Server) lockTourney(id string) func() {
	m, _ := srv.tourneyLocks.LoadOrStore(id, &sync.Mutex{})
	mu := m.(*sync.Mutex)
	mu.Lock()
	return mu.Unlock
}

// role is what an account may do in a tournament.
type role struct{ organiser, judge bool }

// official reports whether the account may view decks, correct results
// and drop players: the organiser or a judge.
func (r role) official() bool { return r.organiser || r.judge }

func (t *tourney) roleOf(account string) role {
	return role{organiser: account != "" && account == t.Organiser, judge: account != "" && slices.Contains(t.Judges, account)}
}

// entryOf returns the account's registration, or nil.
func (t *tourney) entryOf(account string) *entry {
	for i := range t.Entries {
		if t.Entries[i].Account == account {
			return &t.Entries[i]
		}
	}
	return nil
}

// username names an account that took part, for views and logs.
func (t *tourney) username(account string) string {
	if e := t.entryOf(account); e != nil {
		return e.Username
	}
	return account
}

// log records a change under its catalogue key with name, value args.
func (t *tourney) log(at time.Time, by, key string, args ...any) {
	t.Log = append(t.Log, logLine{At: at, By: by, What: words.T(i18n.EN, "tournament_log."+key, args...), Key: key, Args: args})
}

// cardPoolID identifies a game's card pool: the SHA-256 of every card's
// data and generated rules text, so any change of a card's text changes
// it.
func cardPoolID(g engine.Game) string {
	b, err := json.Marshal(g.Cards())
	if err != nil {
		panic(err) // CardInfo is plain data
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// register enters a player with a checked deck, refusing a second
// registration: the deck is locked for the whole tournament (MM-7.5,
// AT-8.7).
func (t *tourney) register(acc AccountSession, deck engine.DeckList, now time.Time) error {
	if err := t.mayRegister(acc, now); err != nil {
		return err
	}
	t.Entries = append(t.Entries, entry{Account: acc.Owner, Username: acc.Username, Deck: deck, Registered: now})
	return nil
}

// mayRegister refuses a registration of a player registered already, of
// the organiser or a judge (an official who played could view the
// others' lists and rule on their own matches), or outside the
// registration window.
func (t *tourney) mayRegister(acc AccountSession, now time.Time) error {
	if e := t.entryOf(acc.Owner); e != nil {
		return conflictWith("deck_locked", "name", acc.Username, "since", e.Registered.UTC().Format(refusalTime))
	}
	switch r := t.roleOf(acc.Owner); {
	case r.organiser:
		return conflictWith("organiser_cannot_play", "name", acc.Username)
	case r.judge:
		return conflictWith("judge_cannot_play", "name", acc.Username)
	}
	return t.registrationOpen(now)
}

// mayJudge refuses to name a registered player a judge: a judge rules on
// matches and views every deck list, which no player may.
func (t *tourney) mayJudge(account, username string) error {
	if t.entryOf(account) != nil {
		return conflictWith("player_cannot_judge", "name", username)
	}
	return nil
}

// stageMatch is the match at a stage's round and table, if there is one.
func (t *tourney) stageMatch(stage string, round, table int) (tournament.Match, bool) {
	var ms []tournament.Match
	switch {
	case stage == stageSwiss && t.swiss != nil:
		ms = t.swiss.Round(round)
	case stage == stageElimination && t.bracket != nil:
		ms = t.bracket.Round(round)
	}
	for _, m := range ms {
		if m.Table == table {
			return m, true
		}
	}
	return tournament.Match{}, false
}

// mayCorrect refuses an official's correction of a match they play in
// (one registered before the rule that officials do not play): nobody
// rules on their own match.
func (t *tourney) mayCorrect(official, stage string, round, table int) error {
	if m, ok := t.stageMatch(stage, round, table); ok && (m.A == official || m.B == official) {
		return refuse(http.StatusForbidden, "official_own_match")
	}
	return nil
}

// mayDropOther refuses an official's drop of another player whose match
// of the current round is against the official: the drop would concede
// it to them.
func (t *tourney) mayDropOther(official, target string) error {
	if target == "" || target == official {
		return nil
	}
	if m, ok := t.currentMatchOf(target); ok && (m.A == official || m.B == official) {
		return refuse(http.StatusForbidden, "official_own_match")
	}
	return nil
}

// seesDeckOf reports whether account may view the registered list of
// the entry e: its own player, or an official who does not play.
func (t *tourney) seesDeckOf(account string, e *entry) bool {
	if e.Account == account {
		return true
	}
	return t.roleOf(account).official() && t.entryOf(account) == nil
}

func (t *tourney) registrationOpen(now time.Time) error {
	switch {
	case t.Stage != stageRegistration:
		return conflictWith("registration_over")
	case now.Before(t.RegistrationOpens):
		return conflictWith("registration_opens", "at", t.RegistrationOpens.UTC().Format(refusalTime))
	case !t.RegistrationCloses.IsZero() && now.After(t.RegistrationCloses):
		return conflictWith("registration_closed", "at", t.RegistrationCloses.UTC().Format(refusalTime))
	}
	return nil
}

// drop withdraws a player. Before the first round it removes the entry;
// later the player is not paired again, and a match of theirs still in
// play is conceded to the opponent with the games won so far.
func (t *tourney) drop(account, by string, now time.Time) error {
	e := t.entryOf(account)
	if e == nil {
		return refuse(http.StatusBadRequest, "not_registered")
	}
	name := e.Username
	if t.Stage == stageFinished {
		return conflictWith("drop_after_end")
	}
	if t.Stage == stageRegistration {
		t.Entries = slices.DeleteFunc(t.Entries, func(e entry) bool { return e.Account == account })
		t.log(now, by, "withdrew", "player", name)
		return nil
	}
	if t.isDropped(account) {
		return conflictWith("dropped_already", "player", name)
	}
	if err := t.concede(account); err != nil {
		return t.said(err, http.StatusConflict)
	}
	if t.swiss != nil && t.Stage == stageSwiss {
		if err := t.swiss.Drop(account); err != nil {
			return t.said(err, http.StatusConflict)
		}
	}
	t.markDropped(account)
	t.log(now, by, "dropped", "player", name)
	return nil
}

// isDropped reports whether a player has dropped (after the first round).
func (t *tourney) isDropped(account string) bool {
	e := t.entryOf(account)
	return e != nil && e.Dropped
}

func (t *tourney) markDropped(account string) {
	if e := t.entryOf(account); e != nil {
		e.Dropped = true
	}
}

// concede ends the player's match of the current round, if it is still
// being played, as a win for the opponent.
func (t *tourney) concede(account string) error {
	m, ok := t.currentMatchOf(account)
	if !ok || m.Decided() || m.IsBye() {
		return nil
	}
	score := m.Score
	if m.A == account {
		score.WinsB, score.WinsA = tournament.WinsToTakeMatch, min(score.WinsA, tournament.WinsToTakeMatch-1)
	} else {
		score.WinsA, score.WinsB = tournament.WinsToTakeMatch, min(score.WinsB, tournament.WinsToTakeMatch-1)
	}
	return t.report(m.Round, m.Table, score)
}

// correct is a judge's correction of a result, logged with its reason.
func (t *tourney) correct(stage string, round, table int, score tournament.GameScore, reason, by string, now time.Time) error {
	var err error
	switch {
	case stage == stageSwiss && t.swiss != nil:
		err = t.swiss.Correct(round, table, score, reason)
	case stage == stageElimination && t.bracket != nil:
		err = t.bracket.Correct(round, table, score, reason)
	default:
		return refuse(http.StatusBadRequest, "tournament_stage", "stage", stage)
	}
	if err != nil {
		return t.said(err, http.StatusBadRequest)
	}
	t.log(now, by, "corrected_"+stage, "round", round, "table", table, "score", score.String(), "reason", reason)
	t.finishIfOver()
	return nil
}
