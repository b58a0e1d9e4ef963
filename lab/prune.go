package lab

import (
	"context"
	"math"
	"time"
)

// Pruner is a Store that can forget runs: the workbench keeps finished
// runs for Limits.KeepFor and at most Limits.KeepPerUser per owner. A
// store that is no Pruner keeps every run.
type Pruner interface {
	// LabRunsBefore lists runs created before t, of any owner, oldest
	// first, at most limit, as LabRuns lists them (pruning reads only
	// their status and times).
	LabRunsBefore(ctx context.Context, t time.Time, limit int) ([]Run, error)
	// CrowdedOwners lists the owners with more than keep runs stored.
	CrowdedOwners(ctx context.Context, keep int) ([]string, error)
	// DeleteRuns deletes the runs of these ids; an id not stored is no
	// error.
	DeleteRuns(ctx context.Context, ids []string) error
}

// pruneBatch bounds how many old runs one pass looks at; the next pass
// takes the rest.
const pruneBatch = 1000

// pruning prunes at every Limits.PruneEvery until the lab closes.
func (l *Lab) pruning() {
	tick := time.NewTicker(l.limits.PruneEvery)
	defer tick.Stop()
	for {
		if err := l.Prune(l.ctx); err != nil && l.ctx.Err() == nil {
			l.log.Error("lab: pruning stored runs", "err", err)
		}
		select {
		case <-l.ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// Prune deletes the finished runs that ended longer than KeepFor ago,
// and every owner's oldest finished runs beyond KeepPerUser. Runs
// waiting or playing, here or on another server sharing the store, stay.
func (l *Lab) Prune(ctx context.Context) error {
	p, ok := l.store.(Pruner)
	if !ok {
		return nil
	}
	cutoff := time.Now().Add(-l.limits.KeepFor)
	old, err := p.LabRunsBefore(ctx, cutoff, pruneBatch)
	if err != nil {
		return err
	}
	var doomed []string
	for _, r := range old {
		if l.prunable(r) && endedAt(r).Before(cutoff) {
			doomed = append(doomed, r.ID)
		}
	}
	owners, err := p.CrowdedOwners(ctx, l.limits.KeepPerUser)
	if err != nil {
		return err
	}
	for _, owner := range owners {
		over, err := l.beyondCap(ctx, owner)
		if err != nil {
			return err
		}
		doomed = append(doomed, over...)
	}
	return p.DeleteRuns(ctx, doomed)
}

// pruneOnInsert caps owner's stored runs as a new one is stored; a
// failure is logged, and the next pass tries again.
func (l *Lab) pruneOnInsert(owner string) {
	ctx, stop := context.WithTimeout(l.ctx, 10*time.Second)
	defer stop()
	if err := l.pruneOwner(ctx, owner); err != nil {
		l.log.Error("lab: pruning an owner's runs", "err", err)
	}
}

// pruneOwner caps owner's stored runs.
func (l *Lab) pruneOwner(ctx context.Context, owner string) error {
	p, ok := l.store.(Pruner)
	if !ok {
		return nil
	}
	over, err := l.beyondCap(ctx, owner)
	if err != nil {
		return err
	}
	return p.DeleteRuns(ctx, over)
}

// beyondCap is owner's oldest finished runs that take the stored runs
// beyond KeepPerUser.
func (l *Lab) beyondCap(ctx context.Context, owner string) ([]string, error) {
	runs, err := l.store.LabRuns(ctx, owner, math.MaxInt32)
	if err != nil {
		return nil, err
	}
	var over []string
	excess := len(runs) - l.limits.KeepPerUser
	for i := len(runs) - 1; i >= 0 && len(over) < excess; i-- { // oldest first
		if l.prunable(runs[i]) {
			over = append(over, runs[i].ID)
		}
	}
	return over, nil
}

// prunable: the run is over, or was left by a server that stopped
// (interrupted); never one waiting or playing.
func (l *Lab) prunable(r Run) bool {
	l.mu.Lock()
	_, live := l.live[r.ID]
	l.mu.Unlock()
	return !live && l.stale(r).ended()
}

// endedAt is when a run ended: its finish, or for an interrupted run
// its last record.
func endedAt(r Run) time.Time {
	switch {
	case !r.Finished.IsZero():
		return r.Finished
	case !r.Updated.IsZero():
		return r.Updated
	}
	return r.Created
}
