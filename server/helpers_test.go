package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest/trick"
	_ "kartenwerk/games/all"
	"kartenwerk/internal/browsertest"
)

func TestMain(m *testing.M) {
	engine.Register(trick.Game{})
	if runReplicaProcess() || runSaverProcess() {
		return
	}
	os.Exit(browsertest.Main(m))
}

// testEnv is a server over a SQLite file on a loopback test listener.
type testEnv struct {
	t     *testing.T
	db    string
	store Store
	srv   *Server
	http  *httptest.Server
	addr  string // kept across restarts, so pages reconnect
	delay time.Duration
	games []engine.Game // Config.Games at the next start
	// tune, if set, adjusts the Config at each start.
	tune func(*Config)
}

func newEnv(t *testing.T) *testEnv { t.Helper(); return newTunedEnv(t, nil) }

// newTunedEnv is newEnv with tune applied to the server's Config.
func newTunedEnv(t *testing.T, tune func(*Config)) *testEnv {
	t.Helper()
	e := &testEnv{t: t, db: filepath.Join(t.TempDir(), "games.db"), tune: tune}
	e.start()
	t.Cleanup(e.stop)
	return e
}

func (e *testEnv) start() {
	e.t.Helper()
	st, err := OpenStore(context.Background(), e.db)
	if err != nil {
		e.t.Fatal(err)
	}
	// Tests create many games from one address: the creation limits are
	// lifted unless a test tunes them.
	cfg := Config{Store: st, AIDelay: e.delay, Games: e.games, CreateRate: 1e6, CreateBurst: 1e6, MaxOpenGames: 1e6}
	if e.tune != nil {
		e.tune(&cfg)
	}
	srv, err := New(cfg)
	if err != nil {
		e.t.Fatal(err)
	}
	addr := e.addr
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		e.t.Fatal(err)
	}
	hs := httptest.NewUnstartedServer(srv)
	hs.Listener.Close()
	hs.Listener = ln
	hs.Start()
	e.store, e.srv, e.http, e.addr = st, srv, hs, ln.Addr().String()
}

func (e *testEnv) stop() {
	if e.http == nil {
		return
	}
	e.srv.Close()
	e.http.CloseClientConnections()
	e.http.Close()
	e.store.Close()
	e.http = nil
}

// restart stops the server and starts a new one over the same file.
func (e *testEnv) restart() {
	e.stop()
	e.start()
}

// call sends a JSON request and decodes the answer into out (if not nil),
// returning the status and the raw body.
func (e *testEnv) call(method, path string, body, out any) (int, string) {
	e.t.Helper()
	return e.callWith(nil, method, path, body, out)
}

// callWith is call with these request headers.
func (e *testEnv) callWith(header http.Header, method, path string, body, out any) (int, string) {
	e.t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, e.http.URL+path, r)
	for k, v := range header {
		req.Header[k] = v
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if out != nil && res.StatusCode < 300 {
		if err := json.Unmarshal(raw, out); err != nil {
			e.t.Fatalf("%s %s: %v in %s", method, path, err, raw)
		}
	}
	return res.StatusCode, string(raw)
}

// create starts a game and fails the test if the server refuses.
func (e *testEnv) create(req CreateRequest) CreateResponse {
	e.t.Helper()
	var resp CreateResponse
	if code, body := e.call("POST", "/api/games", req, &resp); code != http.StatusCreated {
		e.t.Fatalf("create: %d %s", code, body)
	}
	return resp
}

func (e *testEnv) state(id, token string) StateMsg {
	e.t.Helper()
	var m StateMsg
	if code, body := e.call("GET", "/api/games/"+id+"?token="+token, nil, &m); code != http.StatusOK {
		e.t.Fatalf("state: %d %s", code, body)
	}
	return m
}

// waitFor polls cond until it holds, and fails the test after 20 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	if !poll(20*time.Second, cond) {
		t.Fatalf("timed out waiting for %s", what)
	}
}

// poll calls cond until it holds (true) or limit has passed (false).
func poll(limit time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
	return true
}

func friendGame(game string) CreateRequest {
	return CreateRequest{Game: game, Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindFriend}}}
}

// tokenOfSeat returns the token that holds seat s in a created game.
func tokenOfSeat(resp CreateResponse, s engine.Seat) string {
	for _, inv := range resp.Invites {
		if inv.Seat == s {
			return tokenFromLink(inv.Link)
		}
	}
	return resp.Token
}

func tokenFromLink(link string) string {
	_, tok, _ := bytes.Cut([]byte(link), []byte("token="))
	return string(tok)
}

// firstFriendGame is a friend game of trick that p1 starts.
func firstFriendGame() CreateRequest {
	req := friendGame("trick")
	req.First = 1
	return req
}

// playOne plays p1's first legal action over HTTP.
func (e *testEnv) playOne(resp CreateResponse) {
	e.t.Helper()
	m := e.state(resp.ID, resp.Token)
	if len(m.Legal) == 0 {
		e.t.Fatal("p1 has no action")
	}
	if code, body := e.call("POST", "/api/games/"+resp.ID+"/actions", ActionRequest{Token: resp.Token, Action: m.Legal[0].Action}, nil); code != http.StatusOK {
		e.t.Fatalf("action: %d %s", code, body)
	}
}

// atOnce runs the functions at the same moment, each on a goroutine of
// its own, and returns when all have returned: for races.
func atOnce(fns ...func()) {
	ready := make(chan struct{})
	var wg sync.WaitGroup
	for _, f := range fns {
		wg.Go(func() {
			<-ready
			f()
		})
	}
	close(ready)
	wg.Wait()
}
