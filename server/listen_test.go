package server

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// serveLimited serves a trivial handler under the limits on loopback.
func serveLimited(t *testing.T, l HTTPLimits) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := NewHTTPServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Write([]byte("ok"))
	}), l)
	go hs.Serve(LimitListener(ln, l))
	t.Cleanup(func() { hs.Close() })
	return ln.Addr().String()
}

// closedByServer reads from c until the server closes it, and fails the
// test if that takes longer than the generous limit.
func closedByServer(t *testing.T, c net.Conn, what string) {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(20 * time.Second))
	if _, err := io.Copy(io.Discard, c); err != nil {
		t.Fatalf("%s: the server did not close the connection: %v", what, err)
	}
}

// A request whose body never comes, and a keep-alive connection left
// idle, are closed by the server.
func TestSlowBodiesAndIdleConnectionsTimeOut(t *testing.T) {
	addr := serveLimited(t, HTTPLimits{ReadTimeout: 200 * time.Millisecond, IdleTimeout: 200 * time.Millisecond})
	slow, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	io.WriteString(slow, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nabc")
	closedByServer(t, slow, "a body that never comes")

	idle, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	io.WriteString(idle, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	res, err := http.ReadResponse(bufio.NewReader(idle), nil)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("first request: %v", err)
	}
	closedByServer(t, idle, "an idle keep-alive connection")
}

// Connections beyond the per-address cap are closed at once; closing one
// frees its place.
func TestConnectionsBeyondTheCapAreRefused(t *testing.T) {
	addr := serveLimited(t, HTTPLimits{MaxConnsPerAddr: 3})
	get := func(c net.Conn) error {
		io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
		c.SetReadDeadline(time.Now().Add(20 * time.Second))
		_, err := http.ReadResponse(bufio.NewReader(c), nil)
		return err
	}
	var open []net.Conn
	for i := range 4 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		err = get(c)
		switch {
		case i < 3 && err != nil:
			t.Fatalf("connection %d within the cap: %v", i+1, err)
		case i == 3 && err == nil:
			t.Fatal("connection 4 beyond the cap of 3 was served")
		case i == 3 && !strings.Contains(err.Error(), "EOF") && !strings.Contains(err.Error(), "reset"):
			t.Fatalf("connection 4: %v, want it closed", err)
		}
		open = append(open, c)
	}
	open[0].Close()
	waitFor(t, "a freed place to be served", func() bool {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			return false
		}
		defer c.Close()
		return get(c) == nil
	})
}
