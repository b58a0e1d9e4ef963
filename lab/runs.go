// Package lab is the designer's workbench on the server (/lab): runs of
// simulated games with edited cards, variants, seats, agents and decks,
// queued (bounded per user and overall, taking turns, cancellable), with
// live progress, stored with their inputs so that any run can be
// reopened, repeated or compared with another, and reported as
// `kartenwerk sim --report` reports them.
package lab

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"kartenwerk/sim"
	"kartenwerk/sim/tune"
)

// The states of a run.
const (
	Queued    = "queued"
	Running   = "running"
	Done      = "done"
	Failed    = "failed"
	Cancelled = "cancelled"
	// Interrupted is a run the server stopped playing when it stopped;
	// its inputs are kept, so it can be repeated.
	Interrupted = "interrupted"
)

// Run is one run's record: its inputs, how far it got and its report.
type Run struct {
	ID    string `json:"id"`
	Owner string `json:"-"`
	Spec  Spec   `json:"spec"`
	// Status is one of Queued, Running, Done, Failed, Cancelled,
	// Interrupted.
	Status string `json:"status"`
	// Played counts the games played; Planned is the run's size (with
	// Spec.UntilCI, the most it may play).
	Played  int `json:"played"`
	Planned int `json:"planned"`
	// Ahead is, for a queued run, how many runs start before it;
	// Seconds, for a playing one, how long it has played.
	Ahead   int     `json:"ahead,omitempty"`
	Seconds float64 `json:"seconds,omitempty"`
	// First is, for a run played until precise, the first player's win
	// rate after the last round.
	First   *sim.Interval `json:"first,omitempty"`
	Created time.Time     `json:"created"`
	// Updated is when the server playing it last stored it; a run left
	// queued or running and not updated for a while was interrupted.
	Updated  time.Time `json:"updated,omitzero"`
	Started  time.Time `json:"started,omitzero"`
	Finished time.Time `json:"finished,omitzero"`
	// ErrorKey and Error say why a run failed: a lab.err_ message and,
	// for an error of the game or the simulator, its text.
	ErrorKey string      `json:"error_key,omitempty"`
	Error    string      `json:"error,omitempty"`
	Report   *sim.Report `json:"report,omitempty"`
	// Sweep is a finished sweep's figure at every value.
	Sweep *sim.Sweep `json:"sweep,omitempty"`
	// SweepField and SweepField2 name a sweep's fields in the reader's
	// language, as the page shows them ("ATK" where the spec says atk);
	// set when answering.
	SweepField  string `json:"sweep_field,omitempty"`
	SweepField2 string `json:"sweep_field2,omitempty"`
	// TuneFields name a tuning run's fields so, one for each of its
	// parameters.
	TuneFields []string `json:"tune_fields,omitempty"`
	// Tune is a finished tuning run's best setting, with the target
	// figure measured again there, and TunedFile the card file that plays
	// it, for the card editor (where one file holds every tuned card).
	Tune      *tune.Balance `json:"tune,omitempty"`
	TunedFile *CardFile     `json:"tuned_file,omitempty"`
	// Outcomes are a finished run's games, packed, for comparing it game
	// by game with a run of the same seed (see pairedWith); kept for runs
	// of at most maxPairedGames (played until precise too, when they
	// stopped within it), and never sent to a page.
	Outcomes sim.Packed `json:"outcomes,omitempty"`
}

// maxPairedGames is the most games a run keeps packed, about four bytes
// each: larger runs have intervals narrow enough without pairing.
const maxPairedGames = 20000

// Listed is the run as a list of runs shows it: without its report, card
// files and deck lists, which a page polls every few seconds and which
// open with the run itself.
func (r Run) Listed() Run {
	r.Report, r.TunedFile, r.Outcomes, r.Spec = nil, nil, nil, r.Spec.Listed()
	return r
}

// outcome is what a run's games came to: a report, a sweep, or a tuning
// run's best setting.
type outcome struct {
	report *sim.Report
	packed sim.Packed // the report's games, when kept (maxPairedGames)
	sweep  *sim.Sweep
	tune   *tune.Balance
	file   *CardFile // the tuned setting's card file
}

// games counts the games played.
func (o outcome) games() int {
	switch {
	case o.sweep != nil:
		return o.sweep.Games * len(o.sweep.Points)
	case o.tune != nil:
		return o.tune.Evaluations*o.tune.GamesEach + o.tune.ConfirmGames
	}
	return o.report.Games
}

// ended reports whether the run will change no more.
func (r Run) ended() bool { return r.Status != Queued && r.Status != Running }

// ErrNoRun is a Store's answer for an id it does not hold.
var ErrNoRun = errors.New("no such run")

// Store keeps the runs' records.
type Store interface {
	// SaveRun stores the record, replacing the one of its id.
	SaveRun(ctx context.Context, r Run) error
	// SaveUnlessEnded stores the record unless the stored one of its id
	// has ended, and says whether it stored it: the check and the write
	// are one, so that servers sharing the store never bring an ended
	// run back to life, nor end one twice.
	SaveUnlessEnded(ctx context.Context, r Run) (bool, error)
	// LabRun returns the run with this id, report included, or ErrNoRun.
	LabRun(ctx context.Context, id string) (Run, error)
	// LabRuns lists owner's runs, newest first, at most limit, without
	// their reports, card files and deck lists (Spec.Listed).
	LabRuns(ctx context.Context, owner string, limit int) ([]Run, error)
}

// job is a run on its way: queued or playing.
type job struct {
	user   string // whose bound it counts against
	plan   plan
	ctx    context.Context
	cancel context.CancelFunc
	played atomic.Int64
	mu     sync.Mutex // guards run
	run    Run
	// stored serialises the job's writes to the store, so that a
	// heartbeat never lands after the final record; ended tells that the
	// final record is written.
	stored sync.Mutex
	ended  bool
}

// snapshot is the run as it stands.
func (j *job) snapshot() Run {
	j.mu.Lock()
	defer j.mu.Unlock()
	r := j.run
	r.Played = max(r.Played, int(j.played.Load()))
	return r
}

func (j *job) update(f func(*Run)) Run {
	j.mu.Lock()
	f(&j.run)
	j.mu.Unlock()
	return j.snapshot()
}

// play plays a run's games and records how it ended.
func (l *Lab) play(j *job) {
	if j.ctx.Err() != nil { // cancelled while it waited for its start
		l.finish(j, outcome{}, j.ctx.Err())
		return
	}
	j.update(func(r *Run) { r.Status, r.Started = Running, time.Now() })
	l.keep(j)
	ctx, stop := context.WithTimeout(j.ctx, l.limits.MaxRunTime)
	defer stop()
	out, err := l.simulate(ctx, j)
	if errors.Is(err, context.DeadlineExceeded) && j.ctx.Err() == nil {
		err = refuse(0, "lab.err_too_long", "minutes", int(l.limits.MaxRunTime.Minutes()))
	}
	l.finish(j, out, err)
}

// simulate plays the batch, counting games as they end.
func (l *Lab) simulate(ctx context.Context, j *job) (outcome, error) {
	cfg := j.plan.cfg
	var before atomic.Int64 // games of the rounds or settings already played
	cfg.Progress = func(done int) { j.played.Store(before.Load() + int64(done)) }
	var out outcome
	var err error
	switch ci, sw, tn := j.plan.spec.UntilCI, j.plan.sweep, j.plan.tune; {
	case tn != nil:
		out.tune, err = tune.Run(ctx, cfg.Game, cfg, tn.params, tn.target, tn.tolerance, tn.confirm,
			tune.Options{Budget: tn.budget, Seed: cfg.Seed, Explore: tuneExplore},
			func(step int, _ tune.Setting, _ float64) { before.Store(int64(step * cfg.Games)) })
		if err == nil {
			out.file = tunedFile(cfg.Game, j.plan.spec, tn.params, out.tune.Best)
		}
	case sw != nil:
		each := int64(j.plan.planned / len(sw.settings))
		out.sweep, err = sim.RunSweep(ctx, cfg, sw.card, sw.fields, sw.settings, sw.figure, func(done int) { before.Store(int64(done) * each) })
	case ci > 0:
		progress := func(games int, first sim.Interval) {
			before.Store(int64(games))
			j.update(func(r *Run) { r.First = &first })
		}
		out.report, out.packed, err = sim.UntilPrecisePacked(ctx, cfg, ci/100, maxPairedGames, progress)
	case cfg.Games <= maxPairedGames:
		out.report, out.packed, err = sim.RunPacked(ctx, cfg)
	default:
		out.report, err = sim.Run(ctx, cfg)
	}
	return out, err
}

// finish records the run's end and lets it go from memory.
func (l *Lab) finish(j *job, out outcome, err error) {
	final := j.update(func(r *Run) {
		r.Finished = time.Now()
		switch {
		case err == nil:
			r.Status, r.Report, r.Sweep, r.Tune, r.TunedFile, r.Played = Done, out.report, out.sweep, out.tune, out.file, out.games()
			r.Outcomes = out.packed
		case j.ctx.Err() != nil:
			r.Status = Cancelled
		default:
			r.Status = Failed
			e := asError(err)
			r.ErrorKey, r.Error = e.Key, e.Error()
		}
	})
	j.stored.Lock()
	j.ended = true
	if l.ctx.Err() == nil { // a server stopping leaves it as it was: interrupted
		l.save(final)
	}
	j.stored.Unlock()
	l.mu.Lock()
	delete(l.live, j.run.ID)
	l.mu.Unlock()
}

// keep writes a queued or playing run's record unless its final one is
// written. A stored record that has ended was cancelled on another
// server sharing the store: the run stops here too.
func (l *Lab) keep(j *job) {
	j.stored.Lock()
	stored := true
	if !j.ended {
		stored = l.saveLive(j.snapshot())
	}
	j.stored.Unlock()
	if !stored {
		l.stopJob(j)
	}
}

// heartbeats stores every live run's record at each beat until the lab
// closes.
func (l *Lab) heartbeats() {
	tick := time.NewTicker(l.limits.Heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-l.ctx.Done():
			return
		case <-tick.C:
		}
		l.mu.Lock()
		jobs := make([]*job, 0, len(l.live))
		for _, j := range l.live {
			jobs = append(jobs, j)
		}
		l.mu.Unlock()
		for _, j := range jobs {
			l.keep(j)
		}
	}
}

// saveLive writes a waiting or playing run's record, stamped with the
// time, unless the stored one has ended; false when it has. The run goes
// on if the store fails, and the failure is logged.
func (l *Lab) saveLive(r Run) bool {
	r.Updated = time.Now()
	ctx, stop := context.WithTimeout(context.Background(), 10*time.Second)
	defer stop()
	stored, err := l.store.SaveUnlessEnded(ctx, r)
	if err != nil {
		l.log.Error("lab: saving a run", "run", r.ID, "status", r.Status, "err", err)
		return true
	}
	return stored
}

// save writes a record, stamped with the time; the run goes on if the
// store fails, and the failure is logged.
func (l *Lab) save(r Run) {
	r.Updated = time.Now()
	ctx, stop := context.WithTimeout(context.Background(), 10*time.Second)
	defer stop()
	if err := l.store.SaveRun(ctx, r); err != nil {
		l.log.Error("lab: saving a run", "run", r.ID, "status", r.Status, "err", err)
	}
}
