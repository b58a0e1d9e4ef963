package lab

import (
	"net/http"
	"slices"
	"sync"
)

// queue plays runs a few at a time. Users take turns: when a slot frees,
// the next user in the ring starts their oldest waiting run and goes to
// the back, so one user's many runs never hold up another's first. It
// refuses a run beyond a bound per user and a bound overall (waiting and
// running together).
type queue struct {
	mu      sync.Mutex
	slots   int // runs played at once
	perUser int
	overall int
	running int
	total   int               // waiting and running
	active  map[string]int    // waiting and running, by user
	waiting map[string][]*job // by user, oldest first
	turns   []string          // users with waiting runs, next first
	play    func(*job)
}

func newQueue(slots, perUser, overall int, play func(*job)) *queue {
	return &queue{slots: slots, perUser: perUser, overall: overall, play: play,
		active: map[string]int{}, waiting: map[string][]*job{}}
}

// admit reserves a place for one of user's runs, or says why not.
func (q *queue) admit(user string) *Error {
	q.mu.Lock()
	defer q.mu.Unlock()
	switch {
	case q.active[user] >= q.perUser:
		return refuse(http.StatusTooManyRequests, "lab.err_user_full", "max", q.perUser)
	case q.total >= q.overall:
		return refuse(http.StatusServiceUnavailable, "lab.err_queue_full", "max", q.overall)
	}
	q.active[user]++
	q.total++
	return nil
}

// push queues an admitted run and starts what the free slots allow.
func (q *queue) push(j *job) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.waiting[j.user]) == 0 {
		q.turns = append(q.turns, j.user)
	}
	q.waiting[j.user] = append(q.waiting[j.user], j)
	q.startLocked()
}

// withdraw takes a waiting run out of the queue; false when it is not
// waiting (it runs, or has ended).
func (q *queue) withdraw(j *job) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	list := q.waiting[j.user]
	i := slices.Index(list, j)
	if i < 0 {
		return false
	}
	q.waiting[j.user] = slices.Delete(list, i, i+1)
	if len(q.waiting[j.user]) == 0 {
		delete(q.waiting, j.user)
		q.turns = slices.DeleteFunc(q.turns, func(u string) bool { return u == j.user })
	}
	q.releaseLocked(j.user)
	return true
}

// startLocked starts the next users' runs while slots are free.
func (q *queue) startLocked() {
	for q.running < q.slots && len(q.turns) > 0 {
		user := q.turns[0]
		q.turns = q.turns[1:]
		list := q.waiting[user]
		j := list[0]
		if len(list) == 1 {
			delete(q.waiting, user)
		} else {
			q.waiting[user] = list[1:]
			q.turns = append(q.turns, user)
		}
		q.running++
		go q.runAndRelease(j)
	}
}

func (q *queue) runAndRelease(j *job) {
	defer func() {
		q.mu.Lock()
		q.running--
		q.releaseLocked(j.user)
		q.startLocked()
		q.mu.Unlock()
	}()
	q.play(j)
}

func (q *queue) releaseLocked(user string) {
	q.total--
	if q.active[user]--; q.active[user] <= 0 {
		delete(q.active, user)
	}
}

// place is how many runs wait before j would start in the users' turns,
// or -1 when j is not waiting.
func (q *queue) place(j *job) int {
	q.mu.Lock()
	defer q.mu.Unlock()
	i := slices.Index(q.waiting[j.user], j)
	if i < 0 {
		return -1
	}
	turn := slices.Index(q.turns, j.user)
	ahead := 0
	for k, user := range q.turns {
		// Every user whose turn comes before j's round gets i+1 starts
		// by then, those after it i.
		ahead += min(len(q.waiting[user]), i+b2i(k < turn))
	}
	return ahead
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
