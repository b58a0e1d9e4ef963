package lab

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"net/http"
	"runtime"
	"sync"
	"time"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// Limits bound what runs may ask of the server. Zero values take the
// defaults noted.
type Limits struct {
	// MaxGames caps a run's games, and a run played until precise
	// (default 100,000).
	MaxGames int
	// MaxCardBytes caps the edited card file (default 64 KiB).
	MaxCardBytes int
	// RunsPerUser caps one user's runs waiting or playing: a logged-in
	// account's, or an address's without a login (default 3).
	RunsPerUser int
	// MaxQueued caps the runs waiting or playing overall (default 20).
	MaxQueued int
	// RunsAtOnce is how many runs play at once (default half the CPUs,
	// at least 1), and WorkersPerRun how many games each plays at once
	// (default 1): the rest of the machine stays with the tables.
	RunsAtOnce    int
	WorkersPerRun int
	// MaxRunTime stops a run that plays longer (default 2 hours).
	MaxRunTime time.Duration
	// Listed is how many of a user's runs the list shows (default 50).
	Listed int
	// KeepFor is how long a finished run stays stored after it ended
	// (default 90 days), and KeepPerUser how many runs one owner keeps
	// stored at most (default 200): beyond either, finished runs are
	// deleted, oldest first, every PruneEvery (default 1 hour) and
	// whenever a run is asked for. A waiting or playing run is never
	// deleted.
	KeepFor     time.Duration
	KeepPerUser int
	PruneEvery  time.Duration
	// Heartbeat is how often a waiting or playing run's record is stored
	// with its progress (default 5s): servers sharing the store see it
	// going on, and the server playing it sees a cancel that reached
	// another server. A run without a record for four beats was
	// interrupted: the server playing it stopped.
	Heartbeat time.Duration
}

func (lim *Limits) defaults() {
	orDefault(&lim.MaxGames, 100_000)
	orDefault(&lim.MaxCardBytes, 64<<10)
	orDefault(&lim.RunsPerUser, 3)
	orDefault(&lim.MaxQueued, 20)
	orDefault(&lim.RunsAtOnce, max(1, runtime.NumCPU()/2))
	orDefault(&lim.WorkersPerRun, 1)
	orDefault(&lim.MaxRunTime, 2*time.Hour)
	orDefault(&lim.Listed, 50)
	orDefault(&lim.KeepFor, 90*24*time.Hour)
	orDefault(&lim.KeepPerUser, 200)
	orDefault(&lim.PruneEvery, time.Hour)
	orDefault(&lim.Heartbeat, 5*time.Second)
}

func orDefault[T int | time.Duration](v *T, def T) {
	if *v <= 0 {
		*v = def
	}
}

// Config sets up a Lab.
type Config struct {
	// Games are the games the workbench offers (required).
	Games []engine.Game
	// Store keeps the runs (default: in memory, lost on restart).
	Store  Store
	Limits Limits
	// Who tells the requester: a logged-in account ("" for none) and the
	// client's address. Required.
	Who func(w http.ResponseWriter, r *http.Request) (account, addr string)
	// Lang is the language of a request's page (default English).
	Lang func(r *http.Request) i18n.Lang
	// Admit, when set, lets a request that checks cards or asks for a run
	// through, or answers it (429 with Retry-After) and returns false:
	// each asks the server for work, so the server bounds how often.
	Admit func(w http.ResponseWriter, r *http.Request) bool
	// SavedDeck, when set, reads a deck that account saved in the deck
	// builder, or ErrNoDeck when it has none of this id: a logged-in
	// designer's runs may play their saved decks.
	SavedDeck func(ctx context.Context, account, id string) (SavedDeck, error)
	// SecureCookies marks the anonymous owner's cookie Secure.
	SecureCookies bool
	Logger        *slog.Logger
}

// Lab queues, plays and keeps runs.
type Lab struct {
	cfg    Config
	games  map[string]engine.Game
	store  Store
	limits Limits
	log    *slog.Logger
	q      *queue
	mu     sync.Mutex
	live   map[string]*job // queued and playing, by id
	// maxSeats is the most seats of any game: how many deck lists a
	// request may carry.
	maxSeats int
	stop     context.CancelFunc
	ctx      context.Context
	// sweeps keeps the sweep the page starts from, by game and language
	// (defaultSweep).
	sweeps sync.Map
}

// New makes a Lab.
func New(cfg Config) (*Lab, error) {
	if len(cfg.Games) == 0 || cfg.Who == nil {
		return nil, errors.New("lab: Games and Who are required")
	}
	l := &Lab{cfg: cfg, games: map[string]engine.Game{}, store: cfg.Store, limits: cfg.Limits,
		log: cfg.Logger, live: map[string]*job{}}
	for _, g := range cfg.Games {
		l.games[g.Info().ID] = g
		l.maxSeats = max(l.maxSeats, g.Info().MaxSeats)
	}
	if l.store == nil {
		l.store = NewMemStore()
	}
	if l.log == nil {
		l.log = slog.Default()
	}
	l.limits.defaults()
	l.ctx, l.stop = context.WithCancel(context.Background())
	l.q = newQueue(l.limits.RunsAtOnce, l.limits.RunsPerUser, l.limits.MaxQueued, l.play)
	go l.heartbeats()
	go l.pruning()
	return l, nil
}

// Close cancels every run; their records say so.
func (l *Lab) Close() { l.stop() }

func (l *Lab) game(id string) (engine.Game, error) {
	g, ok := l.games[id]
	if !ok {
		return nil, refuse(http.StatusNotFound, "lab.err_game", "game", id)
	}
	return g, nil
}

// Submit checks a run's inputs and queues it for owner, counted against
// user's bound.
func (l *Lab) Submit(owner, user string, s Spec) (Run, error) {
	p, err := l.check(s)
	if err != nil {
		return Run{}, err
	}
	if e := l.q.admit(user); e != nil {
		return Run{}, e
	}
	ctx, cancel := context.WithCancel(l.ctx)
	j := &job{user: user, plan: p, ctx: ctx, cancel: cancel}
	j.run = Run{ID: newID(), Owner: owner, Spec: p.spec, Status: Queued, Planned: p.planned, Created: time.Now()}
	l.mu.Lock()
	l.live[j.run.ID] = j
	l.mu.Unlock()
	l.keep(j)
	l.pruneOnInsert(owner)
	l.q.push(j)
	return l.view(j), nil
}

func roundUp(n, k int) int { return (n + k - 1) / k * k }

// view is a live run as its owner sees it.
func (l *Lab) view(j *job) Run {
	r := j.snapshot()
	switch r.Status {
	case Queued:
		r.Ahead = max(0, l.q.place(j))
	case Running:
		r.Seconds = time.Since(r.Started).Seconds()
	}
	return r
}

// Get returns owner's run; another's is ErrNoRun, as if it did not exist.
func (l *Lab) Get(ctx context.Context, owner, id string) (Run, error) {
	l.mu.Lock()
	j, live := l.live[id]
	l.mu.Unlock()
	if live && j.run.Owner == owner {
		return l.view(j), nil
	}
	r, err := l.store.LabRun(ctx, id)
	if err != nil {
		return Run{}, err
	}
	if r.Owner != owner {
		return Run{}, ErrNoRun
	}
	return restored(l.stale(r)), nil
}

// List returns owner's runs, newest first, without reports.
func (l *Lab) List(ctx context.Context, owner string) ([]Run, error) {
	runs, err := l.store.LabRuns(ctx, owner, l.limits.Listed)
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for i, r := range runs {
		if j, live := l.live[r.ID]; live {
			runs[i] = j.snapshot()
		} else {
			runs[i] = l.stale(r)
		}
		runs[i] = runs[i].Listed()
	}
	return runs, nil
}

// Cancel stops owner's run: a waiting one never starts, a playing one
// stops after the games under way. A run another server sharing the
// store plays is marked cancelled in the store, and that server stops
// it at its next heartbeat. Cancelling an ended run changes nothing.
func (l *Lab) Cancel(ctx context.Context, owner, id string) (Run, error) {
	l.mu.Lock()
	j, live := l.live[id]
	l.mu.Unlock()
	switch {
	case live && j.run.Owner == owner:
		l.stopJob(j)
		return l.view(j), nil
	case live:
		return Run{}, ErrNoRun
	}
	return l.cancelElsewhere(ctx, owner, id)
}

// stopJob cancels a run played here.
func (l *Lab) stopJob(j *job) {
	j.cancel()
	if l.q.withdraw(j) {
		l.finish(j, outcome{}, context.Canceled)
	}
}

// cancelElsewhere ends the stored record of owner's run that another
// server plays, unless it has ended by then.
func (l *Lab) cancelElsewhere(ctx context.Context, owner, id string) (Run, error) {
	r, err := l.Get(ctx, owner, id)
	if err != nil || r.ended() {
		return r, err
	}
	now := time.Now()
	r.Status, r.Finished, r.Updated, r.Ahead, r.Seconds = Cancelled, now, now, 0, 0
	stored, err := l.store.SaveUnlessEnded(ctx, r)
	if err != nil {
		return Run{}, err
	}
	if !stored { // it ended meanwhile: show how
		return l.Get(ctx, owner, id)
	}
	return r, nil
}

// stale marks a run that is not live here as interrupted, unless another
// server sharing the store has stored it lately (it plays it there).
func (l *Lab) stale(r Run) Run {
	if !r.ended() && time.Since(r.Updated) > 4*l.limits.Heartbeat {
		r.Status = Interrupted
	}
	return r
}

// restored fills what a report's JSON leaves out.
func restored(r Run) Run {
	if r.Report != nil && r.Report.TurnStats.Counts == nil {
		r.Report.TurnStats.Counts = r.Report.Turns
	}
	return r
}

// newID is a run's id: 96 random bits in hex.
func newID() string { return randomHex(12) }

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
