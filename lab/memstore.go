package lab

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"sync"
	"time"
)

// MemStore keeps runs in memory: for tests, and for a server whose
// store keeps no runs.
type MemStore struct {
	mu   sync.Mutex
	runs map[string]Run
}

// NewMemStore makes an empty MemStore.
func NewMemStore() *MemStore { return &MemStore{runs: map[string]Run{}} }

// SaveRun implements Store.
func (m *MemStore) SaveRun(_ context.Context, r Run) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.runs[r.ID] = r
	return nil
}

// SaveUnlessEnded implements Store.
func (m *MemStore) SaveUnlessEnded(_ context.Context, r Run) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if was, ok := m.runs[r.ID]; ok && was.ended() {
		return false, nil
	}
	m.runs[r.ID] = r
	return true, nil
}

// LabRun implements Store.
func (m *MemStore) LabRun(_ context.Context, id string) (Run, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.runs[id]
	if !ok {
		return Run{}, ErrNoRun
	}
	return r, nil
}

// LabRuns implements Store.
func (m *MemStore) LabRuns(_ context.Context, owner string, limit int) ([]Run, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := []Run{}
	for _, r := range slices.Collect(maps.Values(m.runs)) {
		if r.Owner == owner {
			out = append(out, r.Listed())
		}
	}
	slices.SortFunc(out, func(a, b Run) int { return cmp.Or(b.Created.Compare(a.Created), cmp.Compare(a.ID, b.ID)) })
	return out[:min(limit, len(out))], nil
}

// LabRunsBefore implements Pruner.
func (m *MemStore) LabRunsBefore(_ context.Context, t time.Time, limit int) ([]Run, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := []Run{}
	for _, r := range m.runs {
		if r.Created.Before(t) {
			out = append(out, r.Listed())
		}
	}
	slices.SortFunc(out, func(a, b Run) int { return cmp.Or(a.Created.Compare(b.Created), cmp.Compare(a.ID, b.ID)) })
	return out[:min(limit, len(out))], nil
}

// CrowdedOwners implements Pruner.
func (m *MemStore) CrowdedOwners(_ context.Context, keep int) ([]string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	count := map[string]int{}
	for _, r := range m.runs {
		count[r.Owner]++
	}
	var out []string
	for owner, n := range count {
		if n > keep {
			out = append(out, owner)
		}
	}
	return out, nil
}

// DeleteRuns implements Pruner.
func (m *MemStore) DeleteRuns(_ context.Context, ids []string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, id := range ids {
		delete(m.runs, id)
	}
	return nil
}
