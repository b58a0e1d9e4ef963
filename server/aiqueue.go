package server

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"kartenwerk/ai"
)

// AI seats are held to a budget whatever their spec asks for: a seat that
// names a huge iteration count or thinking time would otherwise occupy an
// AI worker for minutes and hold up the AI of every other game.

// Default AI limits (Config.AIMaxThink and Config.AIMaxIters).
const (
	defaultAIMaxThink = 3 * time.Second
	defaultAIMaxIters = 20000
)

// clampSpec rewrites an agent spec so that it thinks at most maxThink per
// decision and runs at most maxIters iterations. Parameters within the
// limits are kept as given; the result is a valid spec whenever spec is.
func clampSpec(spec string, maxThink time.Duration, maxIters int) (string, error) {
	name, params, err := ai.ParseSpec(spec)
	if err != nil {
		return "", err
	}
	if len(params) == 0 {
		return spec, nil
	}
	changed := false
	if v, ok := params["iters"]; ok {
		if n, err := strconv.Atoi(v); err == nil && n > maxIters {
			params["iters"], changed = strconv.Itoa(maxIters), true
		}
	}
	if v, ok := params["ms"]; ok {
		if n, err := strconv.Atoi(v); err == nil && time.Duration(n)*time.Millisecond > maxThink {
			params["ms"], changed = strconv.FormatInt(maxThink.Milliseconds(), 10), true
		}
	}
	if !changed {
		return spec, nil
	}
	keys := make([]string, 0, len(params))
	for k := range params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + params[k]
	}
	return fmt.Sprintf("%s:%s", name, strings.Join(parts, ",")), nil
}

// aiQueue runs AI decisions on a fixed number of workers, in the order
// they were asked for. A game has at most one decision waiting or running
// (its seats take turns), so every game waiting for its AI is served
// before any game is served twice: no game's AI waits behind another's
// stream of decisions, only behind one decision of each game ahead of it,
// and every decision is bounded by the clamp above.
type aiQueue struct {
	mu      sync.Mutex
	waiting []func()
	wake    chan struct{}
	done    <-chan struct{}
}

func newAIQueue(workers int, done <-chan struct{}) *aiQueue {
	q := &aiQueue{wake: make(chan struct{}, workers), done: done}
	for range workers {
		go q.work()
	}
	return q
}

// submit queues a decision; it runs on the next free worker.
func (q *aiQueue) submit(job func()) {
	q.mu.Lock()
	q.waiting = append(q.waiting, job)
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default: // every worker is already woken and will find it
	}
}

// depth is how many decisions wait for a worker.
func (q *aiQueue) depth() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.waiting)
}

func (q *aiQueue) next() func() {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.waiting) == 0 {
		return nil
	}
	job := q.waiting[0]
	q.waiting[0] = nil
	q.waiting = q.waiting[1:]
	return job
}

func (q *aiQueue) work() {
	for {
		for job := q.next(); job != nil; job = q.next() {
			job()
		}
		select {
		case <-q.wake:
		case <-q.done:
			return
		}
	}
}
