package server

import (
	"errors"
	"net"
	"net/http"
	"net/netip"
	"sync"
	"syscall"
	"time"
)

// HTTPLimits bounds the connections of an HTTP server. Zero values take
// the defaults noted.
type HTTPLimits struct {
	// ReadTimeout bounds reading a whole request, body included (default
	// 30s); WriteTimeout writing its answer (30s); IdleTimeout how long a
	// keep-alive connection may wait for its next request (60s). A
	// WebSocket is exempt once upgraded: it has its own limits.
	ReadTimeout, WriteTimeout, IdleTimeout time.Duration
	// MaxConns caps open connections overall (default 50000) and
	// MaxConnsPerAddr those from one address (default 1000; an IPv6
	// address counts with its /64, see limitUnit); a connection beyond
	// either is closed at once.
	MaxConns, MaxConnsPerAddr int
	// TrustedProxies are exempt from the cap per address: every client
	// behind one shares its address (Config.TrustedProxies counts them
	// apart).
	TrustedProxies []netip.Prefix
}

func (l *HTTPLimits) defaults() {
	orDefault(&l.ReadTimeout, 30*time.Second)
	orDefault(&l.WriteTimeout, 30*time.Second)
	orDefault(&l.IdleTimeout, 60*time.Second)
	if l.MaxConns <= 0 {
		l.MaxConns = 50000
	}
	if l.MaxConnsPerAddr <= 0 {
		l.MaxConnsPerAddr = 1000
	}
}

// NewHTTPServer returns an http.Server for h with every timeout set.
func NewHTTPServer(h http.Handler, l HTTPLimits) *http.Server {
	l.defaults()
	return &http.Server{Handler: h, ReadHeaderTimeout: min(10*time.Second, l.ReadTimeout),
		ReadTimeout: l.ReadTimeout, WriteTimeout: l.WriteTimeout, IdleTimeout: l.IdleTimeout}
}

// LimitListener wraps ln so that at most l.MaxConns connections are open
// at once, and at most l.MaxConnsPerAddr from one address.
func LimitListener(ln net.Listener, l HTTPLimits) net.Listener {
	l.defaults()
	return &limitListener{Listener: ln, max: l.MaxConns, perAddr: l.MaxConnsPerAddr, open: map[string]int{}, proxies: l.TrustedProxies}
}

type limitListener struct {
	net.Listener
	max, perAddr int
	proxies      []netip.Prefix
	mu           sync.Mutex
	total        int
	open         map[string]int
}

// Accept returns the next connection within the caps, closing those
// beyond them.
func (ll *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := ll.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if unit, ok := ll.admit(connHost(c)); ok {
			return &countedConn{Conn: c, release: func() { ll.release(unit) }}, nil
		}
		c.Close()
	}
}

// admit counts a connection from addr against the caps, and returns the
// unit it counts under: its limitUnit, or "" for a trusted proxy, which
// is matched by its exact address and counts in the total only (so that
// its connections never fill the cap of another host in its /64).
func (ll *limitListener) admit(addr string) (unit string, ok bool) {
	if !trusts(ll.proxies, addr) {
		unit = limitUnit(addr)
	}
	ll.mu.Lock()
	defer ll.mu.Unlock()
	if ll.total >= ll.max || unit != "" && ll.open[unit] >= ll.perAddr {
		return "", false
	}
	ll.total++
	if unit != "" {
		ll.open[unit]++
	}
	return unit, true
}

func (ll *limitListener) release(unit string) {
	ll.mu.Lock()
	defer ll.mu.Unlock()
	ll.total--
	if unit == "" {
		return
	}
	if ll.open[unit]--; ll.open[unit] <= 0 {
		delete(ll.open, unit)
	}
}

func connHost(c net.Conn) string {
	host, _, err := net.SplitHostPort(c.RemoteAddr().String())
	if err != nil {
		return c.RemoteAddr().String()
	}
	return host
}

// countedConn gives its place back once, when closed.
type countedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *countedConn) Close() error {
	c.once.Do(c.release)
	return c.Conn.Close()
}

// errNoSocket is the answer for a connection without a socket of its own.
var errNoSocket = errors.New("the connection has no socket of its own")

// SyscallConn gives the socket, so that a WebSocket's messages are
// written without waiting (wsConn.write).
func (c *countedConn) SyscallConn() (syscall.RawConn, error) {
	if sc, ok := c.Conn.(syscall.Conn); ok {
		return sc.SyscallConn()
	}
	return nil, errNoSocket
}

// CloseWrite ends what the server sends, so that a WebSocket's client
// reads the server's close and closes too (wsConn.close).
func (c *countedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return errNoSocket
}
