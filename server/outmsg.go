package server

import (
	"encoding/binary"
	"sync"
	"sync/atomic"

	"github.com/gobwas/ws"
)

// outMsg is a message on its way to clients, kept as the WebSocket frame
// it is written as: the clients it is queued for (a game's spectators)
// share one frame, and a write sends it whole, header and all. The state
// message after a move is most of what a busy server sends, and its
// bytes were most of what the server allocated after the views: they now
// come from a pool and go back to it once every client it was queued for
// has written it. Other messages are plain: written, then left to the
// garbage collector.
type outMsg struct {
	// buf is room for the longest header a server's frame has, then the
	// payload. A message is written into it after the room (append), then
	// sealed.
	buf []byte
	// frame is buf's header and payload, once the message is sealed.
	frame []byte
	// refs counts the clients it is queued for, and its sender while it
	// is being queued (newPooledMsg); only a pooled message counts.
	refs   atomic.Int32
	pooled bool
}

// headerRoom is the longest header of an unmasked frame, as the server
// sends them: 2 bytes, and 8 more for the length of a long payload.
const headerRoom = 10

// maxPooledMsg bounds the room a pooled message keeps: a full table
// sent once should not hold its room for every later patch.
const maxPooledMsg = 64 << 10

var outMsgs = sync.Pool{New: func() any { return new(outMsg) }}

// newPooledMsg returns an empty pooled message held by its sender, who
// appends its payload to buf, seals it, and lets it go (done) once it has
// queued it for every client.
func newPooledMsg() *outMsg {
	m := outMsgs.Get().(*outMsg)
	m.buf, m.frame, m.pooled = append(m.buf[:0], make([]byte, headerRoom)...), nil, true
	m.refs.Store(1)
	return m
}

// plainMsg is a text message not from the pool.
func plainMsg(b []byte) *outMsg { return controlMsg(ws.OpText, b) }

// controlMsg is a message of another kind (a pong), not from the pool.
func controlMsg(op ws.OpCode, b []byte) *outMsg {
	m := &outMsg{buf: make([]byte, headerRoom, headerRoom+len(b))}
	m.buf = append(m.buf, b...)
	m.seal(op)
	return m
}

// seal writes the frame's header in front of the payload.
func (m *outMsg) seal(op ws.OpCode) {
	n := len(m.buf) - headerRoom
	var h []byte
	switch {
	case n < 126:
		h = m.buf[headerRoom-2 : headerRoom]
		h[1] = byte(n)
	case n <= 0xffff:
		h = m.buf[headerRoom-4 : headerRoom]
		h[1] = 126
		binary.BigEndian.PutUint16(h[2:], uint16(n))
	default:
		h = m.buf[:headerRoom]
		h[1] = 127
		binary.BigEndian.PutUint64(h[2:], uint64(n))
	}
	h[0] = 0x80 | byte(op) // the final frame of its message: messages are never fragmented
	m.frame = m.buf[headerRoom-len(h):]
}

// payload is the message without its frame's header.
func (m *outMsg) payload() []byte { return m.buf[headerRoom:] }

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
	if cap(m.buf) > maxPooledMsg {
		m.buf = nil
	}
	m.frame = nil
	outMsgs.Put(m)
}
