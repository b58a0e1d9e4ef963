package main

import (
	"errors"
	"fmt"
	"net"
	"os"
	"runtime"
	"sync"

	"github.com/gobwas/ws"
	"golang.org/x/sys/unix"
)

// epollSeat is a seat's connection as the event loop holds it: its own
// descriptor (the Go runtime's poller no longer watches it), its
// opponent's, and the bytes of a frame not yet whole.
type epollSeat struct {
	file     *os.File
	fd, opp  int
	pending  []byte
	received int
}

// serveEpoll is serve without the Go runtime's network poller: one thread
// waits on an epoll set of every seat's socket (level-triggered, so a
// read that empties a socket is never followed by one that finds
// nothing) and writes both tables itself, as an event-loop server would.
// It tells whether the poller and its goroutines are what the floor is
// made of, or the kernel's sockets.
func serveEpoll(addr string, size int) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	ep, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC)
	if err != nil {
		return err
	}
	loop := &epollLoop{ep: ep, table: frame(make([]byte, size)), seats: map[int]*epollSeat{}}
	failed := make(chan error, 1)
	go func() { failed <- loop.run() }()
	var waiting *epollSeat
	for {
		select {
		case err := <-failed:
			return err
		default:
		}
		c, err := ln.Accept()
		if err != nil {
			return err
		}
		s, err := detach(c)
		if err != nil {
			continue
		}
		if waiting == nil {
			waiting = s
			continue
		}
		if err := loop.add(waiting, s); err != nil {
			return err
		}
		waiting = nil
	}
}

// detach upgrades c to a WebSocket and takes its socket from the Go
// runtime: the seat keeps a duplicate descriptor, non-blocking, and c's
// own is closed, which removes it from the runtime's poller.
func detach(c net.Conn) (*epollSeat, error) {
	defer c.Close()
	if _, err := ws.Upgrade(c); err != nil {
		return nil, err
	}
	f, err := c.(*net.TCPConn).File()
	if err != nil {
		return nil, err
	}
	fd := int(f.Fd())
	if err := unix.SetNonblock(fd, true); err != nil {
		f.Close()
		return nil, err
	}
	return &epollSeat{file: f, fd: fd, pending: make([]byte, 4096)}, nil
}

// epollLoop is the event loop's state: seats by descriptor, under mu, as
// the accepting goroutine adds them.
type epollLoop struct {
	ep    int
	table []byte
	mu    sync.Mutex
	seats map[int]*epollSeat
}

// add pairs two seats as a game's and starts watching both.
func (l *epollLoop) add(a, b *epollSeat) error {
	a.opp, b.opp = b.fd, a.fd
	l.mu.Lock()
	l.seats[a.fd], l.seats[b.fd] = a, b
	l.mu.Unlock()
	for _, s := range [2]*epollSeat{a, b} {
		if err := unix.EpollCtl(l.ep, unix.EPOLL_CTL_ADD, s.fd, &unix.EpollEvent{Events: unix.EPOLLIN, Fd: int32(s.fd)}); err != nil {
			return err
		}
	}
	return nil
}

// run waits for readable sockets and answers each whole frame read with
// a table to both seats, on one locked thread, until it fails.
func (l *epollLoop) run() error {
	runtime.LockOSThread()
	events := make([]unix.EpollEvent, 512)
	for {
		n, err := unix.EpollWait(l.ep, events, -1)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return err
		}
		l.mu.Lock()
		for _, e := range events[:n] {
			if s := l.seats[int(e.Fd)]; s != nil {
				if err := l.serveSeat(s); err != nil {
					l.mu.Unlock()
					return err
				}
			}
		}
		l.mu.Unlock()
	}
}

// serveSeat reads what s's socket holds once and answers each whole
// frame in it. A seat that closed is forgotten; a table the socket
// cannot take whole fails the run, as the floor would then be
// mismeasured (it does not happen at loadtest's pace: every seat reads
// its table before its next action).
func (l *epollLoop) serveSeat(s *epollSeat) error {
	n, err := unix.Read(s.fd, s.pending[s.received:])
	if errors.Is(err, unix.EAGAIN) {
		return nil
	}
	if err != nil || n == 0 {
		l.forget(s)
		return nil
	}
	s.received += n
	for {
		size := frameSize(s.pending[:s.received])
		if size == 0 {
			if s.received == len(s.pending) {
				return fmt.Errorf("a client frame longer than %d bytes", len(s.pending))
			}
			return nil
		}
		s.received = copy(s.pending, s.pending[size:s.received])
		for _, fd := range [2]int{s.fd, s.opp} {
			if w, err := unix.Write(fd, l.table); err != nil || w != len(l.table) {
				return fmt.Errorf("socket %d took %d of a table's %d bytes: %v", fd, w, len(l.table), err)
			}
		}
	}
}

// forget stops watching a closed seat.
func (l *epollLoop) forget(s *epollSeat) {
	unix.EpollCtl(l.ep, unix.EPOLL_CTL_DEL, s.fd, nil)
	delete(l.seats, s.fd)
	s.file.Close()
}

// frameSize is the length of the whole masked client frame at the start
// of b, header included, or 0 when b does not hold one yet.
func frameSize(b []byte) int {
	if len(b) < 2 {
		return 0
	}
	header, length := 2, int(b[1]&0x7f)
	switch length {
	case 126:
		if len(b) < 4 {
			return 0
		}
		header, length = 4, int(b[2])<<8|int(b[3])
	case 127:
		if len(b) < 10 {
			return 0
		}
		header, length = 10, 1<<30 // no client action is that long; wait for the buffer to fill and fail
	}
	if b[1]&0x80 != 0 {
		header += 4 // the mask
	}
	if len(b) < header+length {
		return 0
	}
	return header + length
}
