package server

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestClampSpecHoldsAISeatsToTheLimits(t *testing.T) {
	for _, tc := range []struct{ spec, want string }{
		{"ismcts:iters=2000000000", "ismcts:iters=500"},
		{"ismcts:ms=99999999", "ismcts:ms=2000"},
		{"ismcts:iters=2000000000,c=0.5", "ismcts:c=0.5,iters=500"},
		{"ismcts:iters=100", "ismcts:iters=100"},
		{"ismcts:ms=1500", "ismcts:ms=1500"},
		{"ismcts", "ismcts"},
		{"greedy", "greedy"},
	} {
		got, err := clampSpec(tc.spec, 2*time.Second, 500)
		if err != nil || got != tc.want {
			t.Errorf("clampSpec(%q) = %q, %v; want %q", tc.spec, got, err, tc.want)
		}
	}
}

// An AI seat whose spec asks for far more than the server allows runs at
// the clamp: its seat shows the clamped spec and the agent that moves is
// built from it.
func TestAISeatBeyondTheClampRunsAtTheClamp(t *testing.T) {
	e := newTunedEnv(t, func(c *Config) { c.AIMaxIters, c.AIMaxThink = 20, 50*time.Millisecond })
	for _, spec := range []string{"ismcts:iters=2000000000", "ismcts:ms=99999999"} {
		resp := e.create(CreateRequest{Game: "trick", Seats: []SeatRequest{{Kind: KindAI, Agent: spec}, {Kind: KindAI, Agent: spec}}})
		m := e.state(resp.ID, "")
		want := map[string]string{"ismcts:iters=2000000000": "ismcts:iters=20", "ismcts:ms=99999999": "ismcts:ms=50"}[spec]
		if m.Seats[0].Agent != want {
			t.Fatalf("seat of %q shows agent %q, want %q", spec, m.Seats[0].Agent, want)
		}
		waitFor(t, "the clamped AI game to finish", func() bool { return e.state(resp.ID, "").Finished })
		s, err := e.srv.session(t.Context(), resp.ID)
		if err != nil {
			t.Fatal(err)
		}
		s.mu.Lock()
		for _, a := range s.agents {
			if a != nil && a.Name() != want {
				t.Errorf("agent of %q runs as %q, want %q", spec, a.Name(), want)
			}
		}
		s.mu.Unlock()
	}
}

// The AI queue serves games in turn: a game asking again waits behind
// every game that asked meanwhile.
func TestAIQueueServesGamesInTurn(t *testing.T) {
	done := make(chan struct{})
	defer close(done)
	q := newAIQueue(1, done)
	var mu sync.Mutex
	var order []string
	record := func(s string) { mu.Lock(); order = append(order, s); mu.Unlock() }
	release, finished := make(chan struct{}), make(chan struct{})
	q.submit(func() {
		record("A1")
		<-release
		q.submit(func() { record("A2"); close(finished) })
	})
	waitFor(t, "A1 to start", func() bool { mu.Lock(); defer mu.Unlock(); return len(order) == 1 })
	q.submit(func() { record("B1") })
	if d := q.depth(); d != 1 {
		t.Fatalf("depth %d while B1 waits, want 1", d)
	}
	close(release)
	<-finished
	mu.Lock()
	defer mu.Unlock()
	if len(order) != 3 || order[1] != "B1" || order[2] != "A2" {
		t.Fatalf("order %v, want A1 B1 A2", order)
	}
}

// Creation beyond the per-address rate gets 429 with Retry-After, and so
// does creation beyond the cap of unfinished games; a finished game frees
// its place.
func TestCreationBeyondTheLimitsGets429WithRetryAfter(t *testing.T) {
	for _, tc := range []struct {
		name string
		tune func(*Config)
		ok   int
	}{
		{"rate", func(c *Config) { c.CreateRate, c.CreateBurst = 0.001, 3 }, 3},
		{"open games", func(c *Config) { c.MaxOpenGames = 2 }, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newTunedEnv(t, func(c *Config) {
				c.CreateRate, c.CreateBurst, c.MaxOpenGames = 1e6, 1e6, 1e6
				tc.tune(c)
			})
			for range tc.ok {
				e.create(friendGame("trick"))
			}
			res := e.post("/api/games", `{"game":"trick","seats":[{"kind":"you"},{"kind":"friend"}]}`)
			if res.StatusCode != http.StatusTooManyRequests {
				t.Fatalf("game %d: status %d, want 429", tc.ok+1, res.StatusCode)
			}
			if secs, err := strconv.Atoi(res.Header.Get("Retry-After")); err != nil || secs < 1 {
				t.Fatalf("Retry-After %q, want whole seconds", res.Header.Get("Retry-After"))
			}
		})
	}
	e := newTunedEnv(t, func(c *Config) { c.MaxOpenGames = 1 })
	e.create(friendGame("trick"))
	e.restart() // the cap is counted in the store: a restart does not reset it
	if res := e.post("/api/games", `{"game":"trick","seats":[{"kind":"you"},{"kind":"friend"}]}`); res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("after a restart, a game beyond the cap: status %d, want 429", res.StatusCode)
	}
	e = newTunedEnv(t, func(c *Config) { c.MaxOpenGames = 1 })
	resp := e.create(CreateRequest{Game: "trick", Seats: []SeatRequest{{Kind: KindAI, Agent: "random"}, {Kind: KindAI, Agent: "random"}}})
	waitFor(t, "the AI game to end", func() bool { return e.state(resp.ID, "").Finished })
	e.create(friendGame("trick")) // the finished game's place is free again
}

// A rematch is a new game and counts toward the creation limits: a
// client finishing its games at once and asking for rematches created
// games without end. The other player asking for the same rematch gets
// the game made, whatever the limits.
func TestRematchesCountTowardTheCreationLimits(t *testing.T) {
	e := newTunedEnv(t, func(c *Config) { c.CreateRate, c.CreateBurst, c.MaxOpenGames = 0.001, 2, 1e6 })
	resp := e.create(friendGame("trick"))
	rematch := func(game CreateResponse, token string) (int, string, map[string]string) {
		t.Helper()
		var r map[string]string
		code, body := e.call("POST", "/api/games/"+game.ID+"/rematch", map[string]string{"token": token}, &r)
		return code, body, r
	}
	concedeSoon(t, e, resp)
	code, body, next := rematch(resp, resp.Token)
	if code != http.StatusOK {
		t.Fatalf("the first rematch, within the burst of 2: %d %s", code, body)
	}
	if code, body, again := rematch(resp, tokenOfSeat(resp, 1)); code != http.StatusOK || again["id"] != next["id"] {
		t.Fatalf("the friend asking for the same rematch: %d %s, want its id %s", code, body, next["id"])
	}
	second := resp
	second.ID = next["id"]
	concedeSoon(t, e, second)
	code, body, _ = rematch(second, resp.Token)
	if code != http.StatusTooManyRequests || refusalCode(body) != "games_from_address" {
		t.Fatalf("a rematch beyond the burst: %d %s, want 429 games_from_address", code, body)
	}
	if st := e.state(second.ID, ""); st.Rematch != "" {
		t.Errorf("the refused rematch was made: %s", st.Rematch)
	}
}

// post sends a raw body and returns the response, body read and closed.
func (e *testEnv) post(path, body string) *http.Response {
	e.t.Helper()
	res, err := http.Post(e.http.URL+path, "application/json", strings.NewReader(body))
	if err != nil {
		e.t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res
}

func TestTrailingDataAfterJSONIsRefused(t *testing.T) {
	e := newEnv(t)
	resp := e.create(friendGame("trick"))
	for _, tc := range []struct{ path, body string }{
		{"/api/games", `{"game":"trick","seats":[{"kind":"you"},{"kind":"friend"}]} xyz`},
		{"/api/games", `{"game":"trick","seats":[{"kind":"you"},{"kind":"friend"}]}{}`},
		{"/api/games/" + resp.ID + "/actions", `{"token":"` + resp.Token + `","action":"pass"} 1`},
		{"/api/catalog/trick/decks/validate", `{"list":"x"} ]`},
	} {
		if res := e.post(tc.path, tc.body); res.StatusCode != http.StatusBadRequest {
			t.Errorf("POST %s %q: status %d, want 400", tc.path, tc.body, res.StatusCode)
		}
	}
	if n := len(e.listGames()); n != 1 {
		t.Errorf("%d games stored, want only the first: a refused body must start none", n)
	}
}

func (e *testEnv) listGames() []GameSummary {
	e.t.Helper()
	var out []GameSummary
	if code, body := e.call("GET", "/api/games?limit=500", nil, &out); code != http.StatusOK {
		e.t.Fatalf("list: %d %s", code, body)
	}
	return out
}

// failingStore fails every read with an error that names the store's
// internals, as a driver's connection error does.
type failingStore struct{ Store }

const storeInternals = "failed to connect to user=kw database=kartenwerk host=10.1.2.3 port=5432"

func (failingStore) LoadGame(context.Context, string) (StoredGame, error) {
	return StoredGame{}, errors.New(storeInternals)
}
func (failingStore) ListGames(context.Context, int) ([]StoredGame, error) {
	return nil, errors.New(storeInternals)
}

func TestStoreErrorsNeverReachClients(t *testing.T) {
	var logged bytes.Buffer
	e := newTunedEnv(t, func(c *Config) {
		c.Store = failingStore{c.Store}
		c.Logger = slog.New(slog.NewTextHandler(&logged, nil))
	})
	for _, path := range []string{"/api/games", "/api/games/0123456789abcdef", "/api/games/0123456789abcdef/replay"} {
		code, body := e.call("GET", path, nil, nil)
		if code != http.StatusInternalServerError || strings.Contains(body, "10.1.2.3") || strings.Contains(body, "kw") {
			t.Errorf("GET %s: %d %s: want a 500 that names nothing of the store", path, code, body)
		}
	}
	if !strings.Contains(logged.String(), "10.1.2.3") {
		t.Errorf("the cause is not in the server's log:\n%s", logged.String())
	}
}

// stallingStore holds each new game until its request is given up.
type stallingStore struct {
	Store
	entered chan struct{}
}

func (s stallingStore) CreateGame(ctx context.Context, _ StoredGame, _ int) error {
	s.entered <- struct{}{}
	<-ctx.Done()
	return ctx.Err()
}

// A request its client gives up is no failure of the server: at the end of
// a load test, each game being created was an error line ("request
// failed ... context canceled"). It is logged as given up, not as an error.
func TestAGivenUpRequestIsNoServerError(t *testing.T) {
	logged := &syncBuffer{}
	entered := make(chan struct{}, 1)
	e := newTunedEnv(t, func(c *Config) {
		c.Store = stallingStore{c.Store, entered}
		c.Logger = slog.New(slog.NewTextHandler(logged, nil))
	})
	ctx, cancel := context.WithCancel(context.Background())
	body := strings.NewReader(`{"game":"mysticelements","seats":[{"kind":"you"},{"kind":"ai","agent":"random"}]}`)
	req, err := http.NewRequestWithContext(ctx, "POST", e.http.URL+"/api/games", body)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		res, err := http.DefaultClient.Do(req)
		if err == nil {
			res.Body.Close()
		}
		done <- err
	}()
	<-entered
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("the request ended with %v, want it given up", err)
	}
	poll(10*time.Second, func() bool { return strings.Contains(logged.String(), "request given up") })
	if log := logged.String(); !strings.Contains(log, "request given up") || strings.Contains(log, "level=ERROR") {
		t.Errorf("want the given-up request logged as such and no error, the log:\n%s", log)
	}
}

func TestRedactDSN(t *testing.T) {
	for _, tc := range []struct{ dsn, want string }{
		{"postgres://kw:s3cret@db:5432/kartenwerk", "postgres://kw:xxxxx@db:5432/kartenwerk"},
		{"postgresql://kw:s3cret@db/kw?sslmode=disable", "postgresql://kw:xxxxx@db/kw?sslmode=disable"},
		{"host=db user=kw password=s3cret dbname=kw", "host=db user=kw password=xxxxx dbname=kw"},
		{"kartenwerk.db", "kartenwerk.db"},
	} {
		if got := RedactDSN(tc.dsn); got != tc.want {
			t.Errorf("RedactDSN(%q) = %q, want %q", tc.dsn, got, tc.want)
		}
	}
	err := scrubError(errors.New("cannot parse `postgres://kw:s3cret@db/kw`: s3cret"), "postgres://kw:s3cret@db/kw")
	if strings.Contains(err.Error(), "s3cret") {
		t.Errorf("scrubbed error still has the password: %v", err)
	}
}

// /healthz, /readyz and /metrics answer; the metrics count the moves.
func TestHealthReadyAndMetrics(t *testing.T) {
	e := newEnv(t)
	e.playOne(e.create(firstFriendGame()))
	for path, want := range map[string]string{"/healthz": "ok", "/readyz": "ready",
		"/metrics": "kartenwerk_moves_total"} {
		code, body := e.call("GET", path, nil, nil)
		if code != http.StatusOK || !strings.Contains(body, want) {
			t.Errorf("GET %s: %d %.200s", path, code, body)
		}
	}
	_, body := e.call("GET", "/metrics", nil, nil)
	for _, name := range []string{"kartenwerk_move_seconds_bucket", "kartenwerk_games_in_memory 1", "kartenwerk_connections", "kartenwerk_ai_queue_depth 0", "kartenwerk_store_commit_seconds_count",
		// what a collection costs and how long goroutines wait to run
		"go_gc_scan_heap_bytes", "go_sched_latencies_seconds_bucket", "go_cpu_classes_gc_mark_assist_cpu_seconds_total"} {
		if !strings.Contains(body, name) {
			t.Errorf("/metrics lacks %s", name)
		}
	}
	e.store.Close() // a closed store does not answer: not ready
	if code, _ := e.call("GET", "/readyz", nil, nil); code != http.StatusServiceUnavailable {
		t.Errorf("/readyz with a closed store: %d, want 503", code)
	}
}

// labAliasBomb is a "billion laughs" card file of depth levels of nine
// aliases each: the card's extra would expand to 9^depth strings.
func labAliasBomb(depth int) string {
	var b strings.Builder
	b.WriteString("colour: red\nl0: &l0 [\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"]\n")
	for i := 1; i <= depth; i++ {
		b.WriteString("l" + strconv.Itoa(i) + ": &l" + strconv.Itoa(i) + " [")
		b.WriteString(strings.TrimSuffix(strings.Repeat("*l"+strconv.Itoa(i-1)+",", 9), ","))
		b.WriteString("]\n")
	}
	b.WriteString("cards:\n  - {name: Grave Rat, type: unit, cost: 1, extra: *l" + strconv.Itoa(depth) + "}\n")
	return b.String()
}

// A card file of nested aliases sent to the lab, as a check or as a run's
// cards, is refused as a problem at its line before anything expands: a
// bomb that would expand to billions of strings costs the server nothing.
func TestLabLimitsRefuseAYAMLAliasBomb(t *testing.T) {
	e := newEnv(t)
	cards := labAliasBomb(10) // 9^10 = 3.5 billion strings if expanded
	for _, req := range []struct {
		path string
		body any
	}{
		{"/api/lab/check", map[string]any{"game": "mysticelements", "card_file": "red.yaml", "cards": cards}},
		{"/api/lab/runs", map[string]any{"game": "mysticelements", "games": 10, "card_file": "red.yaml", "cards": cards}},
	} {
		code, body := e.callWith(http.Header{"Content-Type": {"application/json"}}, "POST", req.path, req.body, nil)
		if code != http.StatusBadRequest || !strings.Contains(body, "are not allowed in card files") || !strings.Contains(body, `"line":2`) {
			t.Errorf("%s: %d %s, want 400 with the aliases refused at line 2", req.path, code, body)
		}
	}
}
