package server

import (
	"slices"
	"sync"
	"time"
)

// fakeTime is a timeSource that moves only when told: tests of clocks
// without sleeping.
type fakeTime struct {
	mu     sync.Mutex
	now    time.Time
	timers []*fakeTimer
}

type fakeTimer struct {
	at      time.Time
	f       func()
	stopped bool
}

func newFakeTime(start time.Time) *fakeTime { return &fakeTime{now: start} }

func (ft *fakeTime) Now() time.Time {
	ft.mu.Lock()
	defer ft.mu.Unlock()
	return ft.now
}

func (ft *fakeTime) AfterFunc(d time.Duration, f func()) func() bool {
	ft.mu.Lock()
	defer ft.mu.Unlock()
	t := &fakeTimer{at: ft.now.Add(d), f: f}
	ft.timers = append(ft.timers, t)
	return func() bool {
		ft.mu.Lock()
		defer ft.mu.Unlock()
		was := !t.stopped
		t.stopped = true
		return was
	}
}

// Advance moves the time on by d and runs, in this goroutine and in the
// order they fall due, the timers due by then.
func (ft *fakeTime) Advance(d time.Duration) {
	ft.mu.Lock()
	ft.now = ft.now.Add(d)
	var due []*fakeTimer
	keep := ft.timers[:0]
	for _, t := range ft.timers {
		switch {
		case t.stopped:
		case !t.at.After(ft.now):
			t.stopped = true
			due = append(due, t)
		default:
			keep = append(keep, t)
		}
	}
	ft.timers = keep
	ft.mu.Unlock()
	slices.SortStableFunc(due, func(a, b *fakeTimer) int { return a.at.Compare(b.at) })
	for _, t := range due {
		t.f()
	}
}
