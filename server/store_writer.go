package server

import (
	"runtime"
	"sync/atomic"
	"time"
)

// How writes become commits. A commit costs about as much for one write
// as for several, so the store commits what has queued together: a lone
// write on a quiet server at once, on the caller's goroutine
// (commitHere); on a busy one, the writer lingers a moment for company
// (writePace), so that thousands of moves a second cost a commit a
// millisecond rather than one each.

// commitHere commits op, with whatever else has queued, on the caller's
// goroutine, if nothing is queued, no commit is running and the store is
// not lingering, and reports whether it did. A quiet server's move so
// costs no hand-off to the writer and back, two goroutine wake-ups,
// about a sixth of a commit.
func (s *sqlStore) commitHere(op writeOp) bool {
	if s.pace.lingering() || len(s.ops) > 0 || !s.commitMu.TryLock() {
		return false
	}
	defer s.commitMu.Unlock()
	if s.closed {
		return false
	}
	s.here = s.fill(append(s.here[:0], op))
	s.commitAll(s.here)
	clear(s.here) // holds no write's arguments until the next
	return true
}

// writer commits queued writes in batches until the store closes, and
// then commits what is still queued. A batch is what queued while the
// last commit ran, and what the goroutines ready to run queue before the
// writer's turn comes round again; when the store is busy (writePace),
// also what queues while the writer lingers for lingerFor. A quiet
// store's lone write is committed at once rather than waiting for
// company that may not come (a fixed wait for it cost a quiet server
// half a millisecond a move).
func (s *sqlStore) writer() {
	defer close(s.stopped)
	batch := make([]writeOp, 0, 256)
	for {
		select {
		case op := <-s.ops:
			s.commitMu.Lock()
			batch = append(batch[:0], op)
			if s.pace.lingering() {
				time.Sleep(s.pace.wait) // the queue fills without waking anyone
				batch = s.fill(batch)
			} else {
				batch = s.gatherReady(batch)
			}
			s.commitAll(batch)
			s.commitMu.Unlock()
		case <-s.done:
			s.commitMu.Lock()
			s.closed = true
			s.drain(batch[:0])
			s.compactLog(s.compactAll)
			s.closeRaw()
			s.commitMu.Unlock()
			return
		}
	}
}

// gatherReady adds to batch what has queued up, and lets the goroutines
// ready to run go first as long as they queue more.
func (s *sqlStore) gatherReady(batch []writeOp) []writeOp {
	batch = s.fill(batch)
	for len(batch) < cap(batch) {
		n := len(batch)
		runtime.Gosched()
		if batch = s.fill(batch); len(batch) == n {
			break
		}
	}
	return batch
}

// fill adds to batch what has queued up meanwhile, without waiting.
func (s *sqlStore) fill(batch []writeOp) []writeOp {
	for len(batch) < cap(batch) {
		select {
		case op := <-s.ops:
			batch = append(batch, op)
		default:
			return batch
		}
	}
	return batch
}

// drain commits the writes still queued when the store closes.
func (s *sqlStore) drain(batch []writeOp) {
	for {
		batch = s.fill(batch[:0])
		if len(batch) == 0 {
			return
		}
		s.commitAll(batch)
	}
}

const (
	// lingerFor is how long a busy store's writer waits for more writes
	// before it commits: what it adds to a move's time, for commits
	// about ten moves apiece at 10,000 moves a second.
	lingerFor = time.Millisecond
	// lingerAbove is the rate of writes, a second, from which the writer
	// lingers; it stops again below half of it. Below it, lingering would
	// gather less than two writes a commit.
	lingerAbove = 2000
	// lingerAbovePG is lingerAbove for PostgreSQL, whose commits cost
	// it more than SQLite's cost SQLite, and which every replica shares:
	// its CPU a move bounds them all. Three replicas at 3,000 games (about
	// 950 writes a second each) so cost PostgreSQL 27% less CPU, for 1.4
	// ms more at the median move.
	lingerAbovePG = 500
	// paceWindow is how often the rate is measured.
	paceWindow = 100 * time.Millisecond
)

// writePace measures the rate of committed writes and decides whether the
// writer lingers. Its windows are counted by whoever commits, under
// commitMu; lingering is read by anyone.
type writePace struct {
	wait   time.Duration // how long the writer lingers: lingerFor
	above  float64       // the rate from which it lingers: lingerAbove, or lingerAbovePG
	writes int
	from   time.Time
	linger atomic.Bool
}

func (p *writePace) lingering() bool { return p.linger.Load() }

// committed counts n writes committed at now, and at the end of a window
// decides on lingering for the next: on from lingerAbove writes a second,
// off below half of it, so that a rate near the line does not flap.
func (p *writePace) committed(n int, now time.Time) {
	if p.from.IsZero() {
		p.from = now
	}
	p.writes += n
	elapsed := now.Sub(p.from)
	if elapsed < paceWindow {
		return
	}
	rate := float64(p.writes) / elapsed.Seconds()
	if p.lingering() {
		p.linger.Store(rate >= p.above/2)
	} else {
		p.linger.Store(rate >= p.above)
	}
	p.writes, p.from = 0, now
}
