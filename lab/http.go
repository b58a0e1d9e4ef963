package lab

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
	"kartenwerk/engine/i18n"
	"kartenwerk/sim"
)

// ownerCookie identifies a user who is not logged in as the owner of
// their runs. The store keeps a hash of it, so that reading the store
// does not let anyone pose as the owner.
const ownerCookie = "lab_owner"

// Routes registers the workbench's API on m; the page itself (/lab) is
// the server's.
func (l *Lab) Routes(m *http.ServeMux) {
	m.HandleFunc("GET /api/lab/games/{game}", l.handleGame)
	m.HandleFunc("POST /api/lab/check", l.handleCheck)
	m.HandleFunc("GET /api/lab/runs", l.handleList)
	m.HandleFunc("POST /api/lab/runs", l.handleSubmit)
	m.HandleFunc("GET /api/lab/runs/{id}", l.handleRun)
	m.HandleFunc("POST /api/lab/runs/{id}/cancel", l.handleCancel)
	m.HandleFunc("GET /api/lab/runs/{id}/report", l.handleReport)
	m.HandleFunc("GET /api/lab/runs/{id}/report.json", l.handleReportJSON)
	m.HandleFunc("GET /api/lab/compare", l.handleCompare)
}

// GameSetup is what the page offers for a game.
type GameSetup struct {
	ID       string               `json:"id"`
	Name     string               `json:"name"`
	MinSeats int                  `json:"min_seats"`
	MaxSeats int                  `json:"max_seats"`
	Variants []engine.VariantSpec `json:"variants"`
	Presets  []string             `json:"presets"`
	// Sweepable lists the cards a sweep can vary, with their number
	// fields.
	Sweepable []SweepCard `json:"sweepable"`
	// SweepDefault is the sweep the page starts from, one the game's
	// cards allow at every value; none if no field has one.
	SweepDefault *SweepChoice `json:"sweep_default,omitempty"`
	CardFiles    []CardFile   `json:"card_files"`
	Agents       []string     `json:"agents"`
	Limits       PageLimits   `json:"limits"`
	// StartCards tells that players pick a start card before the deal
	// (engine.AsideHolder, Athernum), whose win rate a sweep can chart.
	StartCards bool `json:"start_cards,omitempty"`
}

// SweepCard is a card a sweep can vary: its name and its whole-number
// fields in the file in force for it.
type SweepCard struct {
	Name string `json:"name"`
	// Group is the card's colour, faction, element or stack in the
	// page's language, by which the page groups the cards.
	Group  string       `json:"group,omitempty"`
	Fields []SweepField `json:"fields"`
}

// SweepField is one number field of a card: its key in the card file, its
// name in the page's language, its value now, and the least and the most
// it may be, as the game's card schema says (absent: no bound).
type SweepField struct {
	Field string `json:"field"`
	Word  string `json:"word"`
	Value int    `json:"value"`
	Min   *int   `json:"min,omitempty"`
	Max   *int   `json:"max,omitempty"`
}

// String is the field as tests and logs show it: {cost Kosten 3 0..9}.
func (f SweepField) String() string {
	bound := func(n *int) string {
		if n == nil {
			return "…"
		}
		return strconv.Itoa(*n)
	}
	return fmt.Sprintf("{%s %s %d %s..%s}", f.Field, f.Word, f.Value, bound(f.Min), bound(f.Max))
}

// PageLimits are the limits the page tells before it is refused.
type PageLimits struct {
	MaxGames    int     `json:"max_games"`
	MaxCardKiB  int     `json:"max_card_kib"`
	RunsPerUser int     `json:"runs_per_user"`
	MinUntilCI  float64 `json:"min_until_ci"`
	MaxUntilCI  float64 `json:"max_until_ci"`
	// KeepDays and KeepRuns say how long and how many finished runs
	// stay stored.
	KeepDays int `json:"keep_days"`
	KeepRuns int `json:"keep_runs"`
}

// pageAgents are the agents the page offers, weakest first.
var pageAgents = []string{"random", "greedy", "ismcts:iters=200"}

func (l *Lab) handleGame(w http.ResponseWriter, r *http.Request) {
	g, err := l.game(r.PathValue("game"))
	if err != nil {
		l.fail(w, r, err)
		return
	}
	info := g.Info()
	out := GameSetup{ID: info.ID, Name: info.Name, MinSeats: info.MinSeats, MaxSeats: info.MaxSeats,
		Variants: info.Variants, Presets: []string{}, Sweepable: sweepable(g, l.lang(r), nil), CardFiles: cardFiles(g), Agents: pageAgents,
		Limits: PageLimits{MaxGames: l.limits.MaxGames, MaxCardKiB: l.limits.MaxCardBytes >> 10,
			RunsPerUser: l.limits.RunsPerUser, MinUntilCI: minUntilCI, MaxUntilCI: maxUntilCI,
			KeepDays: l.keepDays(), KeepRuns: l.limits.KeepPerUser}}
	for _, d := range g.Presets() {
		out.Presets = append(out.Presets, d.Name)
	}
	out.SweepDefault = l.defaultSweep(g, l.lang(r), out.Sweepable)
	out.StartCards, _ = sim.PicksStartCards(g, engine.Setup{Game: info.ID, Seats: info.MinSeats, Seed: 1})
	writeJSON(w, http.StatusOK, out)
}

// sweepable lists g's cards that have a number field, with those fields
// named in language l; only those keep takes, if given.
func sweepable(g engine.Game, l i18n.Lang, keep func(card string) bool) []SweepCard {
	out := []SweepCard{}
	src, ok := g.(engine.CardSource)
	if !ok {
		return out
	}
	fields, sch := cardpool.NewFieldReader(src.CardFiles()), schemaOf(g)
	cards := g.Cards()
	if sp, ok := g.(engine.Speaker); ok {
		cards = sp.CardsIn(l)
	}
	for _, c := range cards {
		if keep != nil && !keep(c.Name) {
			continue
		}
		stats, err := fields.NumberFields(c.Name)
		if err != nil || len(stats) == 0 {
			continue
		}
		card := SweepCard{Name: c.Name, Group: c.Group}
		for _, st := range stats {
			lim := sch.limit(st.Name)
			card.Fields = append(card.Fields, SweepField{Field: st.Name, Word: sim.FieldIn(l, g.Info().ID, st.Name), Value: st.Value, Min: lim.Min, Max: lim.Max})
		}
		out = append(out, card)
	}
	return out
}

// CheckRequest is the body of POST /api/lab/check: an edited card file.
type CheckRequest struct {
	Game     string `json:"game"`
	CardFile string `json:"card_file"`
	Cards    string `json:"cards"`
}

// CheckResponse lists the cards the file changes, with their texts, and
// those of them a sweep or a tuning run can vary, with their numbers as
// edited.
type CheckResponse struct {
	Cards     []EditedCard `json:"cards"`
	Sweepable []SweepCard  `json:"sweepable"`
	// LeftOut are the game's presets that the edited cards make illegal:
	// runs with these cards play without them.
	LeftOut []LeftOutPreset `json:"left_out"`
}

// LeftOutPreset is a preset that edited cards make illegal, and why.
type LeftOutPreset struct {
	Name string `json:"name"`
	Why  string `json:"why"`
}

// leftOut lists the presets of base that g, base with edited cards, left
// out, each with the problems g finds in it, in language l.
func leftOut(base, g engine.Game, l i18n.Lang) []LeftOutPreset {
	out := []LeftOutPreset{}
	kept := g.Presets()
	for _, d := range base.Presets() {
		if indexOf(kept, d.Name) >= 0 {
			continue
		}
		var why []string
		for _, p := range engine.Problems(g.ValidateDeck(d)).OnPage(l, catalogOf(g)) {
			why = append(why, strings.TrimPrefix(p.Subject+": "+p.Msg, ": "))
		}
		out = append(out, LeftOutPreset{Name: d.Name, Why: strings.Join(why, "; ")})
	}
	return out
}

// admit applies the server's bound on how often a client asks for work.
func (l *Lab) admit(w http.ResponseWriter, r *http.Request) bool {
	return l.cfg.Admit == nil || l.cfg.Admit(w, r)
}

func (l *Lab) handleCheck(w http.ResponseWriter, r *http.Request) {
	var req CheckRequest
	if !l.admit(w, r) || !l.body(w, r, &req) {
		return
	}
	base, err := l.game(req.Game)
	if err != nil {
		l.fail(w, r, err)
		return
	}
	g, err := l.withCards(base, req.CardFile, req.Cards)
	if err != nil {
		l.fail(w, r, err)
		return
	}
	edited := editedCards(base, g, l.lang(r))
	writeJSON(w, http.StatusOK, CheckResponse{Cards: edited, LeftOut: leftOut(base, g, l.lang(r)), Sweepable: sweepable(g, l.lang(r), func(card string) bool {
		return slices.ContainsFunc(edited, func(e EditedCard) bool { return e.Name == card })
	})})
}

func (l *Lab) handleList(w http.ResponseWriter, r *http.Request) {
	runs, err := l.List(r.Context(), l.owner(w, r, false))
	if err != nil {
		l.fail(w, r, err)
		return
	}
	for i := range runs {
		runs[i].sayIn(l.lang(r))
	}
	writeJSON(w, http.StatusOK, map[string][]Run{"runs": runs})
}

// sayIn names the run's sweep and tuning fields in language l, for a
// page, which has no use for the packed games.
func (run *Run) sayIn(l i18n.Lang) {
	run.Outcomes = nil
	if sw := run.Spec.Sweep; sw != nil {
		run.SweepField = sim.FieldIn(l, run.Spec.Game, sw.Field)
		if sw.Field2 != "" {
			run.SweepField2 = sim.FieldIn(l, run.Spec.Game, sw.Field2)
		}
	}
	if tn := run.Spec.Tune; tn != nil {
		run.TuneFields = nil
		for _, p := range tn.Params {
			run.TuneFields = append(run.TuneFields, sim.FieldIn(l, run.Spec.Game, p.Field))
		}
	}
}

func (l *Lab) handleSubmit(w http.ResponseWriter, r *http.Request) {
	var s Spec
	if !l.admit(w, r) || !l.body(w, r, &s) {
		return
	}
	account, _ := l.cfg.Who(w, r)
	if err := l.resolveSaved(r.Context(), account, &s); err != nil {
		l.fail(w, r, err)
		return
	}
	run, err := l.Submit(l.owner(w, r, true), l.user(w, r), s)
	if err != nil {
		l.fail(w, r, err)
		return
	}
	run.sayIn(l.lang(r))
	writeJSON(w, http.StatusAccepted, run)
}

// handleRun is the run with its report's headline figures: the cards'
// are in its report (HTML, or JSON from handleReportJSON).
func (l *Lab) handleRun(w http.ResponseWriter, r *http.Request) {
	run, err := l.Get(r.Context(), l.owner(w, r, false), r.PathValue("id"))
	if err != nil {
		l.fail(w, r, err)
		return
	}
	run.sayIn(l.lang(r))
	if run.Report != nil {
		run.Report = run.Report.Headline()
	}
	writeJSON(w, http.StatusOK, run)
}

// reported is the request's run, if it has a report; else it answers
// the request with why not.
func (l *Lab) reported(w http.ResponseWriter, r *http.Request) (Run, bool) {
	run, err := l.Get(r.Context(), l.owner(w, r, false), r.PathValue("id"))
	if err == nil && run.Report == nil && run.Sweep == nil && run.Tune == nil {
		err = refuse(http.StatusConflict, "lab.err_no_report")
	}
	if err != nil {
		l.fail(w, r, err)
		return Run{}, false
	}
	return run, true
}

// handleReportJSON is the run's whole report as `kartenwerk sim --json`
// prints it (a sweep's or a tuning run's as their --json do).
func (l *Lab) handleReportJSON(w http.ResponseWriter, r *http.Request) {
	run, ok := l.reported(w, r)
	if !ok {
		return
	}
	switch {
	case run.Sweep != nil:
		writeJSON(w, http.StatusOK, run.Sweep)
	case run.Tune != nil:
		writeJSON(w, http.StatusOK, run.Tune)
	default:
		writeJSON(w, http.StatusOK, run.Report)
	}
}

func (l *Lab) handleCancel(w http.ResponseWriter, r *http.Request) {
	if why := crossSite(r); why != "" {
		l.fail(w, r, refuse(http.StatusForbidden, "lab.err_cross_site"))
		return
	}
	run, err := l.Cancel(r.Context(), l.owner(w, r, false), r.PathValue("id"))
	if err != nil {
		l.fail(w, r, err)
		return
	}
	run.sayIn(l.lang(r))
	writeJSON(w, http.StatusOK, run)
}

// handleReport is the run's report as `kartenwerk sim --report` writes
// it, for the page's frame, in the reader's language.
func (l *Lab) handleReport(w http.ResponseWriter, r *http.Request) {
	run, ok := l.reported(w, r)
	if !ok {
		return
	}
	g, lang := l.games[run.Spec.Game], l.lang(r)
	doc := sim.Document{Report: run.Report, Sweep: run.Sweep, Lang: lang, GameWords: catalogOf(g)}
	doc.Title = sim.Words().T(lang, "report.games_title", "game", g.Info().Name, "n", run.Played)
	if run.Tune != nil {
		doc.Tuning = run.Tune.ReportIn(lang)
	}
	if run.Spec.Label != "" {
		doc.Title += " · " + run.Spec.Label
	}
	// The report is self-contained: it needs no script and loads nothing.
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := sim.WriteHTML(w, doc); err != nil {
		l.log.Error("lab: writing a report", "run", run.ID, "err", err)
	}
}

func (l *Lab) handleCompare(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	c, err := l.Compare(r.Context(), l.owner(w, r, false), q.Get("a"), q.Get("b"))
	if err != nil {
		l.fail(w, r, err)
		return
	}
	nameGameWords(l.games[c.A.Spec.Game], c.Differences, l.lang(r))
	c.Notes = notesIn(c.Unshown, l.lang(r))
	if c.Paired {
		c.Notes = append([]string{words.T(l.lang(r), "lab.compare_paired", "seed", c.A.Spec.Seed)}, c.Notes...)
	}
	if note, ok := chanceNote(c.Differences, l.lang(r)); ok {
		c.Notes = append(c.Notes, note)
	}
	writeJSON(w, http.StatusOK, c)
}

// owner is whose runs the requester sees: the logged-in account, or the
// anonymous owner of the cookie, which is made when asked for (a run is
// being started) and absent ("": owns nothing) otherwise.
func (l *Lab) owner(w http.ResponseWriter, r *http.Request, create bool) string {
	if account, _ := l.cfg.Who(w, r); account != "" {
		return "account:" + account
	}
	token := ""
	if c, err := r.Cookie(ownerCookie); err == nil && len(c.Value) == 32 {
		token = c.Value
	} else if create {
		token = randomHex(16)
		http.SetCookie(w, &http.Cookie{Name: ownerCookie, Value: token, Path: "/", MaxAge: 365 * 24 * 3600,
			HttpOnly: true, Secure: l.cfg.SecureCookies || r.TLS != nil, SameSite: http.SameSiteLaxMode})
	}
	if token == "" {
		return ""
	}
	sum := sha256.Sum256([]byte("kartenwerk lab owner " + token))
	return "anon:" + hex.EncodeToString(sum[:16])
}

// user is whose bound a run counts against: the account, or without a
// login the address, since a new cookie is free to get.
func (l *Lab) user(w http.ResponseWriter, r *http.Request) string {
	account, addr := l.cfg.Who(w, r)
	if account != "" {
		return "account:" + account
	}
	return "addr:" + addr
}

func (l *Lab) lang(r *http.Request) i18n.Lang {
	if l.cfg.Lang == nil {
		return i18n.EN
	}
	return l.cfg.Lang(r)
}

// bodyLimit bounds a request's body: the card file, a deck list for
// every seat, and the rest, each twice for JSON's escapes.
func (l *Lab) bodyLimit() int64 {
	return int64(2*(l.limits.MaxCardBytes+l.maxSeats*maxListBytes) + 16<<10)
}

// body reads a JSON body from this site's page into v, or answers why
// not.
func (l *Lab) body(w http.ResponseWriter, r *http.Request, v any) bool {
	if why := crossSite(r); why != "" {
		l.fail(w, r, refuse(http.StatusForbidden, "lab.err_cross_site"))
		return false
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, l.bodyLimit()))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		l.fail(w, r, refuse(http.StatusRequestEntityTooLarge, "lab.err_body_size", "max", l.limits.MaxCardBytes>>10))
		return false
	case err != nil:
		l.fail(w, r, badInput("lab.err_json", "detail", err.Error()))
		return false
	}
	// A second value after the first is a client's mistake (or a smuggled
	// request), never something to ignore.
	if _, err := dec.Token(); err != io.EOF {
		l.fail(w, r, badInput("lab.err_json", "detail", "trailing data after the JSON object"))
		return false
	}
	return true
}

// crossSite says why a request that changes something did not come from
// this site's pages, or "": it must be JSON (which another site's form
// cannot send without the browser asking first) and, where the browser
// says, from this origin.
func crossSite(r *http.Request) string {
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		return "content type " + ct
	}
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" {
		return "Sec-Fetch-Site " + site
	}
	if origin := r.Header.Get("Origin"); origin != "" {
		if u, err := url.Parse(origin); err != nil || u.Host != r.Host {
			return "Origin " + origin
		}
	}
	return ""
}

// ErrorBody is how the API answers a refusal: the message in the page's
// language, its catalogue key, and a card file's problems by line.
type ErrorBody struct {
	Error    string        `json:"error"`
	Key      string        `json:"key,omitempty"`
	Problems []CardProblem `json:"problems,omitempty"`
}

func (l *Lab) fail(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, ErrNoRun) {
		err = l.noRun()
	}
	var e *Error
	if !errors.As(err, &e) {
		l.log.Error("lab: a request failed", "path", r.URL.Path, "err", err)
		e = refuse(http.StatusInternalServerError, "lab.err_server")
	}
	if e.Status == http.StatusTooManyRequests || e.Status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", strconv.Itoa(int(retryAfter/time.Second)))
	}
	writeJSON(w, e.Status, ErrorBody{Error: e.In(l.lang(r)), Key: e.Key, Problems: e.problemsIn(l.lang(r))})
}

// noRun is the answer for a run the requester does not own or that is
// no longer stored: it says how long runs are kept, since a pruned run
// is gone as if it never was.
func (l *Lab) noRun() *Error {
	return refuse(http.StatusNotFound, "lab.err_no_run", "n", l.keepDays(), "max", l.limits.KeepPerUser)
}

// keepDays is how many days a finished run stays stored, rounded up.
func (l *Lab) keepDays() int { return int((l.limits.KeepFor + 24*time.Hour - 1) / (24 * time.Hour)) }

// retryAfter is how long a refused user should wait: about a short run.
const retryAfter = 30 * time.Second

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
