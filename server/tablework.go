package server

import (
	"runtime/debug"
	"sync/atomic"
)

// Table messages are played by a few long-lived workers rather than on
// each connection's own goroutine. While the collector marks the heap, a
// goroutine that allocates must first help it, by at least 64 KB of
// marking, once each collection. Every move allocates, and at 10,000
// games the 6,000 or so connections that moved while the collector
// marked demanded some 400 MB of marking of their moves, more than the
// whole heap held: all the marking happened at once, on the moves, and
// they queued behind it for half a second.
// Workers carry their help over from move to move, so the moves pay for
// marking only as much as they allocate. A connection's goroutine only
// reads its messages, and waits while a worker plays each, in order.

// maxTableWorkers bounds the workers. They are started as moves find
// none idle, so there are as many as moves wait at once for their commits
// (a busy store's millisecond; with replicas, a PostgreSQL commit and
// another replica's answer, for hundreds of moves at once); the bound
// only keeps their help, 64 KB each at most, well below a heap's marking.
const maxTableWorkers = 4096

// tableMsg is a message a client sent to its table, and where to say it
// was played.
type tableMsg struct {
	s    *session
	c    *client
	data []byte
	done chan<- struct{}
}

// tableWorkers plays table messages.
type tableWorkers struct {
	msgs    chan tableMsg
	started atomic.Int32
}

// play has a worker handle a client's message, and returns when it has;
// data is the caller's until then. It reports false if the server stopped
// first.
func (srv *Server) play(s *session, c *client, data []byte, done chan struct{}) bool {
	m := tableMsg{s: s, c: c, data: data, done: done}
	select {
	case srv.tables.msgs <- m: // a worker was idle
	default:
		srv.startTableWorker()
		select {
		case srv.tables.msgs <- m:
		case <-srv.ctx.Done():
			return false
		}
	}
	<-done
	return true
}

// startTableWorker starts another worker, unless there are enough.
func (srv *Server) startTableWorker() {
	if srv.tables.started.Add(1) > maxTableWorkers {
		srv.tables.started.Add(-1)
		return
	}
	go func() {
		for {
			select {
			case m := <-srv.tables.msgs:
				srv.playSafely(m)
				m.done <- struct{}{}
			case <-srv.ctx.Done():
				return
			}
		}
	}()
}

// playSafely handles a table message: a panic drops only its client.
func (srv *Server) playSafely(m tableMsg) {
	defer srv.survive("playing a table message failed", m.c.close)
	srv.handleMsg(m.s, m.c, m.data)
}

// survive, deferred, recovers a panic in a table's code: it logs it with
// its stack and drops the client with drop, as the HTTP server does for a
// request, so that a fault in one game's rules stops no other table.
func (srv *Server) survive(what string, drop func(), attrs ...any) {
	if r := recover(); r != nil {
		srv.log.Error(what, append(attrs, "panic", r, "stack", string(debug.Stack()))...)
		drop()
	}
}
