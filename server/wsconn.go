package server

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"

	"github.com/gobwas/ws"
)

// The server's end of a WebSocket (RFC 6455) is kept here, on
// github.com/gobwas/ws's upgrade and frames, rather than in a library's
// connection with a goroutine that writes. At 10,000 games, waking each
// connection's writer for every message, its buffers and the library's
// locks around each write were a fifth of the server's CPU a move. A
// message is now written by whoever queues it for a player, at once and
// without waiting, when nothing is queued before it; only a message the
// socket cannot take whole, or one for a spectator, starts a goroutine,
// which writes until the queue is empty and ends.

// wsConn is an upgraded connection.
type wsConn struct {
	conn net.Conn
	// raw writes to conn's socket without waiting; nil when conn has none
	// to write to that way, and every message goes through a goroutine.
	raw syscall.RawConn
	// writing is raw's write call, made once (see rawCall).
	writing *rawCall
	in      *bufio.Reader
	// head is room to read a frame's header in.
	head [ws.MaxHeaderSize - 2]byte
	// limit is the longest message read.
	limit int64
	shut  sync.Once
	// lingering is set once the server has sent its close frame: the
	// connection is then closed after the client's (finish).
	lingering atomic.Bool
}

// statusServiceRestart is the close status of a server that stops
// (RFC 6455's registry; gobwas/ws names only the RFC's own).
const statusServiceRestart ws.StatusCode = 1012

// wsReadBuffer is the read buffer of a connection: room for any message a
// table's client sends in one read, and little beside 10,000 of them.
const wsReadBuffer = 1 << 10

// wsLinger is how long a connection the server closes waits for its
// client to close too, so that the client reads why before the socket
// goes.
const wsLinger = 5 * time.Second

// errOtherOrigin refuses a WebSocket opened by another site's page.
var errOtherOrigin = errors.New("a WebSocket from another origin")

// upgradeWS answers a request with the switch to a WebSocket, or with why
// not. Another site's page may not open one (its Origin must name this
// host): browsers let any page open a WebSocket anywhere, and one holding
// a seat's link could otherwise play from it.
func upgradeWS(w http.ResponseWriter, r *http.Request, limit int64) (*wsConn, error) {
	if otherOrigin(r) {
		writeRefusal(w, refuse(http.StatusForbidden, "ws_other_origin"))
		return nil, errOtherOrigin
	}
	conn, rw, _, err := ws.HTTPUpgrader{Timeout: writeTimeout}.Upgrade(r, w)
	if err != nil {
		if conn != nil {
			conn.Close()
		}
		return nil, err
	}
	c := &wsConn{conn: conn, in: rw.Reader, limit: limit}
	if sc, ok := conn.(syscall.Conn); ok {
		if raw, err := sc.SyscallConn(); err == nil {
			c.raw, c.writing = raw, newRawCall(syscall.SYS_WRITE, false)
		}
	}
	if rw.Reader.Buffered() == 0 { // as a client must: it waits for the switch before it writes
		var from io.Reader = conn
		if c.raw != nil {
			from = rawReader{c.raw, newRawCall(syscall.SYS_READ, true)}
		}
		c.in = bufio.NewReaderSize(from, wsReadBuffer)
	}
	return c, nil
}

// write writes b: waiting for room at most writeTimeout, when wait (a
// client that takes no more, its network gone or its tab frozen, is
// dropped after it); else as much as the socket takes now.
func (c *wsConn) write(b []byte, wait bool) (int, error) {
	if wait {
		c.conn.SetWriteDeadline(time.Now().Add(writeTimeout))
		n, err := c.conn.Write(b)
		// A deadline left behind would fail the next write without
		// waiting once it has passed.
		c.conn.SetWriteDeadline(time.Time{})
		return n, err
	}
	n, errno, err := c.writing.on(c.raw.Write, b) // never waits for room: a goroutine writes the rest
	if errno == syscall.EAGAIN || errno == syscall.EINTR {
		errno = 0
	}
	if errno != 0 {
		return n, errno
	}
	return n, err
}

// close sends a close frame with code and reason, if ownsWrites (no write
// is under way, nor will be), and closes the connection once its client
// has closed too or wsLinger has passed; without the frame, at once.
func (c *wsConn) close(code ws.StatusCode, reason string, ownsWrites bool) {
	c.shut.Do(func() {
		if !ownsWrites || c.raw == nil {
			c.conn.Close()
			return
		}
		frame := closeMsg(code, reason).frame
		if n, err := c.write(frame, false); err != nil || n < len(frame) {
			c.conn.Close()
			return
		}
		if cw, ok := c.conn.(interface{ CloseWrite() error }); ok {
			cw.CloseWrite()
		}
		// The reader sees the client's close, or the deadline, and
		// ends; finish then closes the connection.
		c.lingering.Store(true)
		c.conn.SetReadDeadline(time.Now().Add(wsLinger))
	})
}

// finish closes the connection once its reader is done. After the
// server's close frame, it first reads what the client still sends until
// the client closes, or wsLinger has passed: closing with unread bytes
// would reset the connection, and the client could lose the frame that
// says why it ended.
func (c *wsConn) finish() {
	if c.lingering.Load() {
		io.Copy(io.Discard, c.in)
	}
	c.conn.Close()
}

// closeMsg is a close frame.
func closeMsg(code ws.StatusCode, reason string) *outMsg {
	return controlMsg(ws.OpClose, ws.NewCloseFrameBody(code, reason))
}

// flush writes c's queued messages, unless somebody is writing them
// already: a player's at once, as far as the socket takes them whole;
// the rest, and a spectator's, on a goroutine. A spectator's messages are
// written outside the game's lock, under which they are queued: a game
// may have thousands.
func (c *client) flush() {
	if !c.writing.CompareAndSwap(false, true) {
		return
	}
	if len(c.controls) == 0 || c.conn.raw == nil {
		go c.writeQueued(nil, 0, true)
		return
	}
	c.writeQueued(nil, 0, false)
}

// writeQueued writes m from off (if any), then c's queued messages, until
// none is left. Waiting, it waits for room in the socket; else it writes
// what the socket takes now, and a goroutine that waits writes the rest.
func (c *client) writeQueued(m *outMsg, off int, wait bool) {
	for {
		if m != nil {
			n, err := c.conn.write(m.frame[off:], wait)
			if err == nil && off+n < len(m.frame) {
				go c.writeQueued(m, off+n, true)
				return
			}
			m.done()
			if err != nil {
				c.drop()
				return
			}
		}
		select {
		case m = <-c.send:
			off = 0
		default:
			if !c.stopWriting() {
				return
			}
			m = nil
		}
	}
}

// stopWriting gives up writing c's messages, and reports whether it took
// the writing back because a message was queued meanwhile, whose pusher
// found it still taken.
func (c *client) stopWriting() bool {
	c.writing.Store(false)
	return len(c.send) > 0 && c.writing.CompareAndSwap(false, true)
}

// drop ends a client whose connection failed, keeping the writing.
func (c *client) drop() {
	c.once.Do(func() {
		close(c.closed)
		c.conn.close(0, "", false)
	})
}

// closeWith ends the client, telling it why with code and reason.
func (c *client) closeWith(code ws.StatusCode, reason string) {
	c.once.Do(func() {
		close(c.closed)
		if c.conn != nil {
			c.conn.close(code, reason, c.writing.CompareAndSwap(false, true))
		}
	})
}

// errTooBig ends a connection whose client sent a message over the limit.
var errTooBig = errors.New("a message over the read limit")

// readMessage reads the next message into buf, answering pings and a
// close on the way; the bytes returned are buf's, valid until the next
// read. A message over the limit closes the connection with status 1009
// and the reason "read limited at N bytes".
func (c *client) readMessage(buf *bytes.Buffer) ([]byte, error) {
	in := c.conn.in
	buf.Reset()
	state := ws.StateServerSide
	for {
		h, err := ws.ReadHeaderBuffer(in, c.conn.head[:])
		if err != nil {
			return nil, err
		}
		if err := ws.CheckHeader(h, state); err != nil {
			c.closeWith(ws.StatusProtocolError, err.Error())
			return nil, err
		}
		if h.OpCode.IsControl() {
			if err := c.control(h); err != nil {
				return nil, err
			}
			continue
		}
		if h.Length > c.conn.limit-int64(buf.Len()) { // a sum could overflow: a header may say up to 2^63-1
			c.closeWith(ws.StatusMessageTooBig, fmt.Sprintf("read limited at %d bytes", c.conn.limit))
			return nil, errTooBig
		}
		p := buf.AvailableBuffer()
		if int64(cap(p)) < h.Length {
			buf.Grow(int(h.Length))
			p = buf.AvailableBuffer()
		}
		p = p[:h.Length]
		if _, err := io.ReadFull(in, p); err != nil {
			return nil, err
		}
		ws.Cipher(p, h.Mask, 0)
		buf.Write(p) // p is buf's own room: this only counts it in
		if h.Fin {
			return buf.Bytes(), nil
		}
		state = state.Set(ws.StateFragmented)
	}
}

// control answers a control frame: a ping with a pong, a close with a
// close (and io.EOF, as the client is gone).
func (c *client) control(h ws.Header) error {
	var room [ws.MaxControlFramePayloadSize]byte
	p := room[:h.Length]
	if _, err := io.ReadFull(c.conn.in, p); err != nil {
		return err
	}
	ws.Cipher(p, h.Mask, 0)
	switch h.OpCode {
	case ws.OpPing:
		c.pushMsg(controlMsg(ws.OpPong, p))
	case ws.OpClose:
		code, reason := ws.ParseCloseFrameData(p)
		switch {
		case len(p) == 0:
			code = ws.StatusNormalClosure
		case ws.CheckCloseFrameData(code, reason) != nil:
			code = ws.StatusProtocolError
		}
		c.closeWith(code, "")
		return io.EOF
	}
	return nil
}

// rawIO reads or writes (trap) a socket that never blocks (Go opens
// every socket non-blocking) without telling the scheduler that the
// goroutine is in a system call. Told, the scheduler's monitor hands the
// goroutine's processor to another thread when a call on a busy machine
// takes longer than 20 µs, and at 10,000 games those handoffs, and the
// threads they woke, cost more than the calls. It returns how many bytes
// moved (0 on an error).
func rawIO(trap, fd uintptr, b []byte) (int, syscall.Errno) {
	if len(b) == 0 {
		return 0, 0
	}
	n, _, errno := syscall.RawSyscall(trap, fd, uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)))
	if errno != 0 {
		return 0, errno
	}
	return int(n), 0
}

// rawCall is one kind of system call on a socket (rawIO), with the
// function that RawConn's Read or Write runs made once for the
// connection. A function made at each call would take its variables to
// the heap, and at 10,000 games the goroutines that read the sockets
// then allocated at every message: a goroutine that allocates while the
// collector marks must help it mark, 64 KB at least, and thousands of
// readers doing that at once held up the moves they were reading.
// A rawCall serves one goroutine at a time: a connection's reader, or
// whoever holds its writing.
type rawCall struct {
	trap uintptr
	// wait: when the socket has nothing to give (or no room), wait in the
	// network poller; else return at once.
	wait  bool
	b     []byte
	n     int
	errno syscall.Errno
	fn    func(fd uintptr) bool
}

func newRawCall(trap uintptr, wait bool) *rawCall {
	c := &rawCall{trap: trap, wait: wait}
	c.fn = func(fd uintptr) bool {
		c.n, c.errno = rawIO(c.trap, fd, c.b)
		return !c.wait || c.errno != syscall.EAGAIN
	}
	return c
}

// on makes the call on b through do (a RawConn's Read or Write).
func (c *rawCall) on(do func(func(uintptr) bool) error, b []byte) (int, syscall.Errno, error) {
	c.b = b
	err := do(c.fn)
	c.b = nil // not kept past the call
	return c.n, c.errno, err
}

// rawReader reads a socket as wsConn.write writes it: waiting for bytes
// in the network poller, as net.Conn does, but reading them with rawIO.
type rawReader struct {
	raw  syscall.RawConn
	call *rawCall
}

func (r rawReader) Read(b []byte) (int, error) {
	n, errno, err := r.call.on(r.raw.Read, b)
	switch {
	case err != nil:
		return 0, err
	case errno != 0:
		return 0, errno
	case n == 0 && len(b) > 0:
		return 0, io.EOF
	}
	return n, nil
}
