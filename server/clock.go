package server

import "time"

// timeSource is where ranked play reads the time and sets its timers, so
// that tests can move time on instead of waiting for it.
type timeSource interface {
	Now() time.Time
	// AfterFunc calls f in its own goroutine once d has passed; stop
	// cancels it if it has not run.
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

// realTime is the wall clock.
type realTime struct{}

func (realTime) Now() time.Time { return time.Now() }

func (realTime) AfterFunc(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }

// gameClock is a ranked game's clock: every decision may take at most
// perMove, and at most what is left of its seat's bank, from which the
// time each decision took is taken. A seat whose allowance runs out loses.
type gameClock struct {
	perMove     time.Duration
	banks       [2]time.Duration
	turnStarted time.Time
}

// allowance is how long seat may take over its current decision.
func (c *gameClock) allowance(seat int) time.Duration { return min(c.perMove, c.banks[seat]) }

// deadline is when seat, deciding now, runs out of time.
func (c *gameClock) deadline(seat int) time.Time { return c.turnStarted.Add(c.allowance(seat)) }

// charge takes the time seat's decision took from its bank and starts the
// next decision at now.
func (c *gameClock) charge(seat int, now time.Time) {
	c.banks[seat] = max(0, c.banks[seat]-now.Sub(c.turnStarted))
	c.turnStarted = now
}
