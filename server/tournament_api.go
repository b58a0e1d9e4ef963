package server

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"kartenwerk/platform/tournament"
)

// Limits of a new tournament.
const (
	maxTournamentName  = 80
	maxSwissRounds     = 20
	maxRoundMinutes    = 24 * 60
	tournamentsListed  = 100
	tournamentIDLength = 12
)

// TournamentRequest is the body of POST /api/tournaments.
type TournamentRequest struct {
	Name string `json:"name"`
	Game string `json:"game"`
	// Format is swiss, elimination or swiss-top8.
	Format string `json:"format"`
	// Rounds is the number of Swiss rounds; 0 takes the customary number
	// for the players registered when round 1 starts.
	Rounds int `json:"rounds,omitempty"`
	// RoundMinutes is each round's timer (default 50).
	RoundMinutes int `json:"round_minutes,omitempty"`
	// RegistrationOpens (default now) and RegistrationCloses (default:
	// when round 1 starts) bound registration.
	RegistrationOpens  *time.Time `json:"registration_opens,omitempty"`
	RegistrationCloses *time.Time `json:"registration_closes,omitempty"`
	// Judges are usernames that may view decks, correct results and drop
	// players.
	Judges []string `json:"judges,omitempty"`
	// PhysicalOnly is the "physical cards only" rule: a player registers
	// only a deck whose every copy their account has registered.
	PhysicalOnly bool `json:"physical_only,omitempty"`
}

// CorrectionRequest is a judge's correction of a match result.
type CorrectionRequest struct {
	Stage  string               `json:"stage"` // swiss or elimination
	Round  int                  `json:"round"`
	Table  int                  `json:"table"`
	Score  tournament.GameScore `json:"score"`
	Reason string               `json:"reason"`
}

func (srv *Server) tournamentRoutes(m *http.ServeMux) {
	m.HandleFunc("GET /tournaments", srv.page("tournaments.html"))
	m.HandleFunc("GET /tournaments/{id}", srv.page("tournament.html"))
	m.HandleFunc("GET /api/tournaments", srv.withTourneys(srv.handleTournaments))
	m.HandleFunc("POST /api/tournaments", srv.withTourneys(srv.handleCreateTournament))
	m.HandleFunc("GET /api/tournaments/{id}", srv.withTourneys(srv.handleTournament))
	m.HandleFunc("POST /api/tournaments/{id}/judges", srv.withTourneys(srv.handleJudge))
	m.HandleFunc("POST /api/tournaments/{id}/register", srv.withTourneys(srv.handleRegisterDeck))
	m.HandleFunc("GET /api/tournaments/{id}/decks/{username}", srv.withTourneys(srv.handleRegisteredDeck))
	m.HandleFunc("POST /api/tournaments/{id}/rounds", srv.withTourneys(srv.handleStartRound))
	m.HandleFunc("GET /api/tournaments/{id}/match", srv.withTourneys(srv.handleMyMatch))
	m.HandleFunc("POST /api/tournaments/{id}/match/first", srv.withTourneys(srv.handleChooseFirst))
	m.HandleFunc("POST /api/tournaments/{id}/drop", srv.withTourneys(srv.handleDrop))
	m.HandleFunc("POST /api/tournaments/{id}/corrections", srv.withTourneys(srv.handleCorrection))
}

// withTourneys answers 501 on a store that keeps no tournaments.
func (srv *Server) withTourneys(h http.HandlerFunc) http.HandlerFunc {
	return srv.withAccounts(func(w http.ResponseWriter, r *http.Request) {
		if srv.tourneys == nil {
			writeRefusal(w, refuse(http.StatusNotImplemented, "no_tournament_store"))
			return
		}
		h(w, r)
	})
}

// tourneyError answers a tournament request's error: a refusal in the
// reader's words (409 for what the tournament's state refuses), 404 for
// an unknown tournament.
func (srv *Server) tourneyError(w http.ResponseWriter, err error) {
	switch {
	case errors.Is(err, ErrNoTournament):
		writeRefusal(w, refuse(http.StatusNotFound, "no_tournament"))
	default:
		srv.httpError(w, err)
	}
}

// changeTourney runs a change of the request's tournament for a logged-in
// account allowed by may, and answers with the tournament's view.
func (srv *Server) changeTourney(w http.ResponseWriter, r *http.Request, may func(role) bool, change func(context.Context, *tourney, AccountSession) error) {
	ss, _, ok := srv.mustLogIn(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	t, err := srv.updateTourney(ctx, r.PathValue("id"), func(t *tourney) error {
		if may != nil && !may(t.roleOf(ss.Owner)) {
			return refuse(http.StatusForbidden, "organiser_only")
		}
		return change(ctx, t, ss)
	})
	if err != nil {
		srv.tourneyError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, srv.viewTourney(r.Context(), t, ss.Owner, langOf(r)))
}

func anyone(role) bool          { return true }
func organiserOnly(r role) bool { return r.organiser }
func officials(r role) bool     { return r.official() }

func (srv *Server) handleTournaments(w http.ResponseWriter, r *http.Request) {
	stored, err := srv.tourneys.ListTournaments(r.Context(), tournamentsListed)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	out := make([]TournamentSummary, 0, len(stored))
	for _, st := range stored {
		t, err := decodeTourney(st)
		if err != nil {
			srv.log.Error("a stored tournament does not read", "tournament", st.ID, "err", err)
			continue
		}
		out = append(out, srv.summary(t))
	}
	organiser := false
	if owner, err := srv.owner(w, r); err == nil && owner != "" {
		organiser, _ = srv.tourneys.IsOrganiser(r.Context(), owner)
	}
	writeJSON(w, http.StatusOK, map[string]any{"tournaments": out, "organiser": organiser})
}

func (srv *Server) handleCreateTournament(w http.ResponseWriter, r *http.Request) {
	var req TournamentRequest
	if err := decodeBody(w, r, &req); err != nil {
		srv.httpError(w, err)
		return
	}
	ss, _, ok := srv.mustLogIn(w, r)
	if !ok {
		return
	}
	if organiser, err := srv.tourneys.IsOrganiser(r.Context(), ss.Owner); err != nil || !organiser {
		if err != nil {
			srv.httpError(w, err)
			return
		}
		writeRefusal(w, refuse(http.StatusForbidden, "organisers_only"))
		return
	}
	t, err := srv.newTourney(r.Context(), req, ss, time.Now())
	if err != nil {
		srv.tourneyError(w, err)
		return
	}
	data, err := t.encode()
	if err == nil {
		err = srv.tourneys.CreateTournament(r.Context(), StoredTournament{ID: t.ID, Organiser: t.Organiser, Created: t.Created, Data: data, Holds: t.holds()})
	}
	if err != nil {
		srv.httpError(w, err)
		return
	}
	srv.log.Info("tournament created", "tournament", t.ID, "organiser", ss.Username, "game", t.Game, "format", t.Format)
	writeJSON(w, http.StatusCreated, srv.viewTourney(r.Context(), t, ss.Owner, langOf(r)))
}

// newTourney checks a create request and makes the tournament.
func (srv *Server) newTourney(ctx context.Context, req TournamentRequest, ss AccountSession, now time.Time) (*tourney, error) {
	g, err := srv.games.lookup(req.Game)
	if err != nil {
		return nil, refuse(http.StatusBadRequest, "unknown_game", "game", req.Game, "offers", srv.games.ids())
	}
	if g.Info().MinSeats > 2 || g.Info().MaxSeats < 2 {
		return nil, refuse(http.StatusBadRequest, "tournament_not_duel", "game", g.Info().Name)
	}
	name := strings.TrimSpace(req.Name)
	if name == "" || len(name) > maxTournamentName {
		return nil, refuse(http.StatusBadRequest, "tournament_name", "max", maxTournamentName)
	}
	switch req.Format {
	case FormatSwiss, FormatElimination, FormatSwissTop8:
	default:
		return nil, refuse(http.StatusBadRequest, "tournament_format", "format", req.Format)
	}
	if req.Rounds < 0 || req.Rounds > maxSwissRounds {
		return nil, refuse(http.StatusBadRequest, "tournament_rounds", "n", req.Rounds, "max", maxSwissRounds)
	}
	if req.RoundMinutes < 0 || req.RoundMinutes > maxRoundMinutes {
		return nil, refuse(http.StatusBadRequest, "tournament_round_minutes", "n", req.RoundMinutes, "max", maxRoundMinutes, "usual", defaultRoundMinutes)
	}
	t := &tourney{ID: newToken()[:tournamentIDLength], Name: name, Game: g.Info().ID, Organiser: ss.Owner, Format: req.Format,
		SwissRounds: req.Rounds, RoundMinutes: req.RoundMinutes, RegistrationOpens: now, Created: now, Stage: stageRegistration,
		Entries: []entry{}, PhysicalOnly: req.PhysicalOnly}
	if t.RoundMinutes == 0 {
		t.RoundMinutes = defaultRoundMinutes
	}
	if req.RegistrationOpens != nil {
		t.RegistrationOpens = *req.RegistrationOpens
	}
	if req.RegistrationCloses != nil {
		if !req.RegistrationCloses.After(t.RegistrationOpens) {
			return nil, refuse(http.StatusBadRequest, "tournament_registration_window",
				"closes", req.RegistrationCloses.UTC().Format(refusalTime), "opens", t.RegistrationOpens.UTC().Format(refusalTime))
		}
		t.RegistrationCloses = *req.RegistrationCloses
	}
	for _, name := range req.Judges {
		if err := srv.addJudge(ctx, t, name); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// addJudge names an account a judge of the tournament.
func (srv *Server) addJudge(ctx context.Context, t *tourney, username string) error {
	acc, err := srv.acct.store.AccountByName(ctx, username)
	if errors.Is(err, ErrNoAccount) {
		return refuse(http.StatusBadRequest, "no_judge", "name", username)
	}
	if err != nil {
		return err
	}
	if err := t.mayJudge(acc.ID, acc.Username); err != nil {
		return err
	}
	if !t.roleOf(acc.ID).judge {
		t.Judges = append(t.Judges, acc.ID)
	}
	return nil
}

func (srv *Server) handleTournament(w http.ResponseWriter, r *http.Request) {
	owner, err := srv.owner(w, r)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	t, err := srv.loadTourney(r.Context(), r.PathValue("id"))
	if err != nil {
		srv.tourneyError(w, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, srv.viewTourney(r.Context(), t, owner, langOf(r)))
}

func (srv *Server) handleJudge(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Username string `json:"username"`
	}
	if err := decodeBody(w, r, &req); err != nil {
		srv.httpError(w, err)
		return
	}
	srv.changeTourney(w, r, organiserOnly, func(ctx context.Context, t *tourney, _ AccountSession) error {
		return srv.addJudge(ctx, t, req.Username)
	})
}

// handleRegisterDeck registers the player's deck under the lock on their
// holdings (holdCards): a trade of the deck's copies at the same moment
// would pass its check, which reads the registrations, while this one
// reads the copies.
func (srv *Server) handleRegisterDeck(w http.ResponseWriter, r *http.Request) {
	var req DeckRequest
	if err := decodeBody(w, r, &req); err != nil {
		srv.httpError(w, err)
		return
	}
	owner, err := srv.owner(w, r)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	if err := srv.holdCards(r.Context(), owner, func() error {
		srv.registerDeck(w, r, req)
		return nil
	}); err != nil {
		srv.httpError(w, err)
	}
}

func (srv *Server) registerDeck(w http.ResponseWriter, r *http.Request, req DeckRequest) {
	srv.changeTourney(w, r, anyone, func(ctx context.Context, t *tourney, ss AccountSession) error {
		g, err := srv.games.lookup(t.Game)
		if err != nil {
			return err
		}
		if err := t.mayRegister(ss, time.Now()); err != nil {
			return err // before reading the list: a locked deck is refused whatever it is
		}
		if strings.TrimSpace(req.Preset) == "" && strings.TrimSpace(req.List) == "" {
			// Nothing chosen: say what to choose, not that "" is no preset.
			return refuse(http.StatusBadRequest, "deck_none_chosen")
		}
		deck, err := resolveDeck(g, req, "deck")
		if err != nil {
			return err
		}
		for _, e := range t.Entries {
			if err := decksMeet(g, deck, e.Deck); err != nil {
				return cannotMeet(g, err, e.Deck)
			}
		}
		if t.PhysicalOnly {
			if err := srv.requireOwned(ctx, ss.Owner, t.Game, deck, "tournament"); err != nil {
				return err
			}
		}
		srv.log.Info("tournament registration", "tournament", t.ID, "username", ss.Username)
		return t.register(ss, deck, time.Now())
	})
}

func (srv *Server) handleRegisteredDeck(w http.ResponseWriter, r *http.Request) {
	ss, _, ok := srv.mustLogIn(w, r)
	if !ok {
		return
	}
	t, err := srv.loadTourney(r.Context(), r.PathValue("id"))
	if err != nil {
		srv.tourneyError(w, err)
		return
	}
	name := r.PathValue("username")
	var e *entry
	for i := range t.Entries {
		if usernameKey(t.Entries[i].Username) == usernameKey(name) {
			e = &t.Entries[i]
		}
	}
	if e == nil || !t.seesDeckOf(ss.Owner, e) {
		// The same answer for a player who is not registered, so that
		// nobody learns more than the public list of players.
		writeRefusal(w, refuse(http.StatusForbidden, "deck_list_private"))
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, DeckView{Username: e.Username, List: deckText(e.Deck), Cards: e.Deck.Total(), Registered: e.Registered})
}

func (srv *Server) handleStartRound(w http.ResponseWriter, r *http.Request) {
	srv.changeTourney(w, r, organiserOnly, func(ctx context.Context, t *tourney, ss AccountSession) error {
		return srv.startRound(ctx, t, ss.Username, time.Now())
	})
}

func (srv *Server) handleMyMatch(w http.ResponseWriter, r *http.Request) {
	ss, _, ok := srv.mustLogIn(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	t, err := srv.loadTourney(ctx, r.PathValue("id"))
	if err == nil && srv.unrecordedGame(ctx, t, ss.Owner) {
		t, err = srv.updateTourney(ctx, t.ID, func(t *tourney) error { return srv.reconcile(ctx, t) })
	}
	if err != nil {
		srv.tourneyError(w, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string]*MatchView{"match": t.matchView(ss.Owner)})
}

func (srv *Server) handleChooseFirst(w http.ResponseWriter, r *http.Request) {
	var req struct {
		// Start is "me" or "opponent".
		Start string `json:"start"`
	}
	if err := decodeBody(w, r, &req); err != nil {
		srv.httpError(w, err)
		return
	}
	if req.Start != "me" && req.Start != "opponent" {
		writeRefusal(w, refuse(http.StatusBadRequest, "tournament_start_choice", "start", req.Start))
		return
	}
	srv.changeTourney(w, r, anyone, func(ctx context.Context, t *tourney, ss AccountSession) error {
		return srv.chooseFirst(ctx, t, ss.Owner, req.Start == "me")
	})
}

func (srv *Server) handleDrop(w http.ResponseWriter, r *http.Request) {
	var req struct {
		// Username is the player to drop; empty drops the caller.
		Username string `json:"username,omitempty"`
	}
	if err := decodeBody(w, r, &req); err != nil {
		srv.httpError(w, err)
		return
	}
	srv.changeTourney(w, r, anyone, func(ctx context.Context, t *tourney, ss AccountSession) error {
		target := ss.Owner
		if req.Username != "" && usernameKey(req.Username) != usernameKey(ss.Username) {
			if !t.roleOf(ss.Owner).official() {
				return refuse(http.StatusForbidden, "drop_only_self")
			}
			target = t.accountNamed(req.Username)
			if err := t.mayDropOther(ss.Owner, target); err != nil {
				return err
			}
		}
		return t.drop(target, ss.Username, time.Now())
	})
}

func (srv *Server) handleCorrection(w http.ResponseWriter, r *http.Request) {
	var req CorrectionRequest
	if err := decodeBody(w, r, &req); err != nil {
		srv.httpError(w, err)
		return
	}
	if strings.TrimSpace(req.Reason) == "" {
		writeRefusal(w, refuse(http.StatusBadRequest, "correction_reason"))
		return
	}
	// The reason is stored with the correction, logged and shown to every
	// reader of the tournament: a sentence or two, not a document.
	const maxCorrectionReason = 500 // characters
	if n := len([]rune(req.Reason)); n > maxCorrectionReason {
		writeRefusal(w, refuse(http.StatusBadRequest, "correction_reason_long", "n", n, "max", maxCorrectionReason))
		return
	}
	srv.changeTourney(w, r, officials, func(ctx context.Context, t *tourney, ss AccountSession) error {
		if err := t.mayCorrect(ss.Owner, req.Stage, req.Round, req.Table); err != nil {
			return err
		}
		if err := t.correct(req.Stage, req.Round, req.Table, req.Score, req.Reason, ss.Username, time.Now()); err != nil {
			return err
		}
		srv.log.Info("tournament result corrected", "tournament", t.ID, "by", ss.Username, "stage", req.Stage,
			"round", req.Round, "table", req.Table, "score", req.Score.String(), "reason", req.Reason)
		return nil
	})
}
