package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gobwas/ws"
)

// wsPair is a client, as the server keeps one, on an upgraded connection
// of a test server, and the other end as a browser holds it.
type wsPair struct {
	server *client
	peer   *websocket.Conn
	ctx    context.Context
}

// serveWSPairs serves WebSockets as a table does, each client reading
// until it goes, and hands over each client as it connects; shrink gives
// the server's sockets small buffers, so that a few messages fill them.
func serveWSPairs(t *testing.T, controls int, shrink bool) (url string, accepted chan *client) {
	t.Helper()
	accepted = make(chan *client, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, err := upgradeWS(w, r, 1<<20)
		if err != nil {
			return
		}
		if tcp, ok := conn.conn.(*net.TCPConn); ok && shrink {
			tcp.SetWriteBuffer(16 << 10)
		}
		c := &client{send: make(chan *outMsg, sendQueue), closed: make(chan struct{}), conn: conn}
		for range controls {
			c.controls = append(c.controls, 0)
		}
		accepted <- c
		var buf bytes.Buffer
		for {
			if _, err := c.readMessage(&buf); err != nil {
				break
			}
		}
		c.close()
		conn.finish()
	}))
	t.Cleanup(srv.Close)
	return "ws" + strings.TrimPrefix(srv.URL, "http"), accepted
}

// newWSPair connects a browser's end; shrink gives both ends small socket
// buffers.
func newWSPair(t *testing.T, controls int, shrink bool) *wsPair {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	url, accepted := serveWSPairs(t, controls, shrink)
	dialer := &net.Dialer{}
	client := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := dialer.DialContext(ctx, network, addr)
		if tcp, ok := c.(*net.TCPConn); ok && shrink {
			tcp.SetReadBuffer(16 << 10)
		}
		return c, err
	}}}
	peer, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPClient: client})
	if err != nil {
		t.Fatal(err)
	}
	peer.SetReadLimit(1 << 22)
	t.Cleanup(func() { peer.CloseNow() })
	return &wsPair{server: <-accepted, peer: peer, ctx: ctx}
}

// rawPeer connects a client that writes frames as the test says,
// whatever the protocol allows.
func rawPeer(t *testing.T) net.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	url, accepted := serveWSPairs(t, 1, false)
	conn, br, _, err := ws.Dial(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	if br != nil {
		t.Fatal("the server wrote before the switch was done")
	}
	<-accepted
	conn.SetDeadline(time.Now().Add(30 * time.Second))
	t.Cleanup(func() { conn.Close() })
	return conn
}

// TestMessagesArriveWholeAndInOrder queues messages of every frame
// header's size, for a player (written at once while the socket takes
// them) and for a spectator (written by a goroutine), while the browser
// reads nothing: the socket fills, the rest waits, and once the browser
// reads, every message arrives whole and in order.
func TestMessagesArriveWholeAndInOrder(t *testing.T) {
	for _, who := range []struct {
		name     string
		controls int
	}{{"player", 1}, {"spectator", 0}} {
		t.Run(who.name, func(t *testing.T) {
			p := newWSPair(t, who.controls, true)
			sizes := []int{0, 1, 125, 126, 127, 65535, 65536, 3, 70_000, 2}
			var sent [][]byte
			for i, n := range sizes {
				b := bytes.Repeat([]byte{'a' + byte(i)}, n)
				if n > 0 {
					b[0] = byte('0' + i%10)
				}
				sent = append(sent, b)
				p.server.push(b)
			}
			if !p.server.writing.Load() {
				t.Fatal("the socket took every message at once: the test no longer fills it")
			}
			for i, want := range sent {
				_, got, err := p.peer.Read(p.ctx)
				if err != nil {
					t.Fatalf("message %d of %d bytes: %v", i, len(want), err)
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("message %d: %d bytes starting %.8q, want %d starting %.8q", i, len(got), got, len(want), want)
				}
			}
		})
	}
}

// TestAPlayersMessageIsWrittenByItsPusher checks the point of the
// design: while the socket has room, a player's message is written by
// the goroutine that queued it, and no writer is left holding the
// connection.
func TestAPlayersMessageIsWrittenByItsPusher(t *testing.T) {
	p := newWSPair(t, 1, false)
	for i := range 20 {
		p.server.push([]byte(fmt.Sprintf(`{"n":%d}`, i)))
		if n := len(p.server.send); n != 0 {
			t.Fatalf("after push %d, %d messages wait", i, n)
		}
		if p.server.writing.Load() {
			t.Fatalf("after push %d, somebody still holds the writing", i)
		}
	}
	for i := range 20 {
		_, got, err := p.peer.Read(p.ctx)
		if want := fmt.Sprintf(`{"n":%d}`, i); err != nil || string(got) != want {
			t.Fatalf("message %d: %q %v, want %q", i, got, err, want)
		}
	}
}

// TestAPingIsAnswered: a client that checks the connection with a ping
// (RFC 6455 5.5.2) gets its pong.
func TestAPingIsAnswered(t *testing.T) {
	p := newWSPair(t, 1, false)
	ctx := p.peer.CloseRead(p.ctx) // the client's reader takes the pong
	ping, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := p.peer.Ping(ping); err != nil {
		t.Fatalf("ping: %v", err)
	}
}

// TestAClosedClientHearsWhy: the server's close reaches the client with
// its status and reason, and a client that closes gets its status back.
func TestAClosedClientHearsWhy(t *testing.T) {
	p := newWSPair(t, 1, false)
	p.server.closeWith(ws.StatusGoingAway, "reconnect for the current state")
	_, _, err := p.peer.Read(p.ctx)
	var ce websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != websocket.StatusGoingAway || ce.Reason != "reconnect for the current state" {
		t.Fatalf("the client read %v, want close 1001 with the reason", err)
	}

	q := newWSPair(t, 1, false)
	if err := q.peer.Close(websocket.StatusNormalClosure, "bye"); err != nil {
		t.Fatalf("the client's close was not answered: %v", err)
	}
	select {
	case <-q.server.closed:
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not end the client that closed")
	}
}

// TestAWebSocketFromAnotherSiteIsRefused: another site's page may not
// open a table's WebSocket, as it may not use a login (csrf.go); a page of
// this site, or a client that names no origin, may.
func TestAWebSocketFromAnotherSiteIsRefused(t *testing.T) {
	e := newEnv(t)
	resp := e.create(CreateRequest{Game: "trick", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindHotseat}}})
	url := "ws" + strings.TrimPrefix(e.http.URL, "http") + "/api/games/" + resp.ID + "/ws?token=" + resp.Token
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, c := range []struct {
		origin string
		ok     bool
	}{
		{"https://evil.example", false},
		{"null", false},
		{e.http.URL, true},
		{"", true},
	} {
		h := http.Header{}
		if c.origin != "" {
			h.Set("Origin", c.origin)
		}
		conn, res, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: h})
		if c.ok != (err == nil) {
			t.Errorf("Origin %q: %v, want allowed %v", c.origin, err, c.ok)
		}
		if err == nil {
			conn.CloseNow()
			continue
		}
		if res == nil || res.StatusCode != http.StatusForbidden {
			t.Errorf("Origin %q: answered %v, want 403", c.origin, res)
		}
	}
}

// TestAFrameOverTheLimitIsRefusedBeforeItIsRead: a client that declares
// a message longer than the limit, up to the longest a header can say,
// or a fragment that would take its message beyond it, gets status 1009
// at once; nothing of that length is read or allocated.
func TestAFrameOverTheLimitIsRefusedBeforeItIsRead(t *testing.T) {
	for _, c := range []struct {
		name   string
		frames []ws.Header
	}{
		{"one message", []ws.Header{{Fin: true, OpCode: ws.OpText, Length: 1<<63 - 1}}},
		{"a fragment beyond", []ws.Header{{OpCode: ws.OpText, Length: 10}, {Fin: true, OpCode: ws.OpContinuation, Length: 1<<63 - 5}}},
		{"just over", []ws.Header{{Fin: true, OpCode: ws.OpText, Length: 1<<20 + 1}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			raw := rawPeer(t)
			for _, h := range c.frames {
				h.Masked, h.Mask = true, ws.NewMask()
				if err := ws.WriteHeader(raw, h); err != nil {
					t.Fatal(err)
				}
				if h.Length == 10 {
					raw.Write(bytes.Repeat([]byte{'x'}, 10))
				}
			}
			h, err := ws.ReadHeader(raw)
			if err != nil || h.OpCode != ws.OpClose || h.Length > 125 { // a control frame's payload is at most 125 bytes
				t.Fatalf("read %+v %v, want a close frame", h, err)
			}
			payload := make([]byte, h.Length)
			if _, err := io.ReadFull(raw, payload); err != nil {
				t.Fatal(err)
			}
			if code, reason := ws.ParseCloseFrameData(payload); code != ws.StatusMessageTooBig || !strings.Contains(reason, "read limited at") {
				t.Fatalf("closed with %d %q, want 1009 saying the limit", code, reason)
			}
		})
	}
}

// TestReadingAndWritingAMessageAllocatesNothing: at 10,000 games a
// connection's reader that allocated at each message had to help the
// collector mark whenever it ran, holding up the move it read (rawCall).
// Neither a message read nor one written without waiting allocates.
func TestReadingAndWritingAMessageAllocatesNothing(t *testing.T) {
	upgraded := make(chan *wsConn, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if conn, err := upgradeWS(w, r, 1<<20); err == nil {
			upgraded <- conn
		}
	}))
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	peer, _, _, err := ws.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { peer.Close() })
	conn := <-upgraded
	t.Cleanup(func() { conn.conn.Close() })
	if conn.raw == nil {
		t.Fatal("the test server's connection has no socket to call: the test would measure nothing")
	}
	c := &client{conn: conn}
	payload := []byte(`{"type":"act","token":"5f2c9a1b7e","action":"attack c3 c9","version":42}`)
	var frame bytes.Buffer
	if err := ws.WriteFrame(&frame, ws.MaskFrame(ws.NewTextFrame(payload))); err != nil {
		t.Fatal(err)
	}
	out := newTestFrame(payload)
	got := make([]byte, len(out))
	var buf bytes.Buffer
	allocs := testing.AllocsPerRun(200, func() {
		if _, err := peer.Write(frame.Bytes()); err != nil {
			t.Fatal(err)
		}
		if msg, err := c.readMessage(&buf); err != nil || !bytes.Equal(msg, payload) {
			t.Fatalf("read %q, %v; want %q", msg, err, payload)
		}
		if n, err := conn.write(out, false); err != nil || n != len(out) {
			t.Fatalf("wrote %d of %d bytes: %v", n, len(out), err)
		}
		if _, err := io.ReadFull(peer, got); err != nil || !bytes.Equal(got, out) {
			t.Fatalf("the peer read %q, %v; want %q", got, err, out)
		}
	})
	if allocs != 0 {
		t.Errorf("a message read and one written allocated %.1f times, want none", allocs)
	}
}

// newTestFrame is payload as an unmasked text frame, as the server sends.
func newTestFrame(payload []byte) []byte {
	var b bytes.Buffer
	if err := ws.WriteFrame(&b, ws.NewTextFrame(payload)); err != nil {
		panic(err)
	}
	return b.Bytes()
}
