package server

import (
	"sync"
	"sync/atomic"
)

// outMsg is a message on its way to clients. The state message after a
// move is most of what a busy server sends, and its bytes were most of
// what the server allocated after the views: they now come from a pool
// and go back to it once every client it was queued for has written it.
// Other messages are plain: written, then left to the garbage collector.
type outMsg struct {
	b []byte
	// refs counts the clients it is queued for, and its sender while it
	// is being queued (newPooledMsg); only a pooled message counts.
	refs   atomic.Int32
	pooled bool
}

// maxPooledMsg bounds the room a pooled message keeps: a full table
// sent once should not hold its room for every later patch.
const maxPooledMsg = 64 << 10

var outMsgs = sync.Pool{New: func() any { return new(outMsg) }}

// newPooledMsg returns an empty pooled message held by its sender, who
// lets it go (done) once it has queued it for every client.
func newPooledMsg() *outMsg {
	m := outMsgs.Get().(*outMsg)
	m.b, m.pooled = m.b[:0], true
	m.refs.Store(1)
	return m
}

// plainMsg is a message not from the pool.
func plainMsg(b []byte) *outMsg { return &outMsg{b: b} }

// hold counts one more client the message is queued for.
func (m *outMsg) hold() {
	if m.pooled {
		m.refs.Add(1)
	}
}

// done lets the message go for one client, or its sender; the last to
// let go returns it to the pool.
func (m *outMsg) done() {
	if !m.pooled || m.refs.Add(-1) != 0 {
		return
	}
	if cap(m.b) > maxPooledMsg {
		m.b = nil
	}
	outMsgs.Put(m)
}
