package server

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"kartenwerk/engine"
)

// replica is one server of a cluster in this test process.
type replica struct {
	srv   *Server
	store Store
	http  *httptest.Server
}

func startReplica(t *testing.T, dsn string) *replica {
	t.Helper()
	return startTunedReplica(t, dsn, nil)
}

// startTunedReplica is startReplica with tune applied to its Config.
func startTunedReplica(t *testing.T, dsn string, tune func(*Config)) *replica {
	t.Helper()
	st, err := OpenStore(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Store: st, Advertise: "http://" + ln.Addr().String(), LeaseTTL: 2 * time.Second,
		CreateRate: 1e6, CreateBurst: 1e6, MaxOpenGames: 1e6}
	if tune != nil {
		tune(&cfg)
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewUnstartedServer(srv)
	hs.Listener.Close()
	hs.Listener = ln
	hs.Start()
	r := &replica{srv: srv, store: st, http: hs}
	t.Cleanup(r.stop)
	// As a Service would, the test sends nothing to a replica that is not
	// yet ready: one that does not yet hear the others.
	if !poll(20*time.Second, func() bool { return r.srv.cluster == nil || r.srv.cluster.following.Load() }) {
		t.Fatal("the replica never began to follow the others")
	}
	return r
}

func (r *replica) stop() {
	if r.http == nil {
		return
	}
	r.srv.Close()
	r.http.CloseClientConnections()
	r.http.Close()
	r.store.Close()
	r.http = nil
}

// twoReplicasOneGame starts two replicas on one new database, and a
// friend game of trick, created on the first, that p2 starts.
// It returns the second replica and a client of each.
func twoReplicasOneGame(t *testing.T) (b *replica, ea, eb *testEnv, resp CreateResponse) {
	t.Helper()
	dsn := startPostgres(t)
	a := startReplica(t, dsn)
	b = startReplica(t, dsn)
	ea, eb = &testEnv{t: t, http: a.http}, &testEnv{t: t, http: b.http}
	req := friendGame("trick")
	req.First = 1
	return b, ea, eb, ea.create(req)
}

// Two replicas on one database serve one game: a move made through
// either shows on both, and a WebSocket on one sees the other's moves.
func TestReplicasServeOneGame(t *testing.T) {
	_, ea, eb, resp := twoReplicasOneGame(t)
	watch := eb.dial(resp.ID, "")
	watch.next("state")
	for v := 0; v < 6; v++ {
		via := []*testEnv{ea, eb}[v%2]
		token := tokenOfSeat(resp, 0)
		m := via.state(resp.ID, token)
		if len(m.Legal) == 0 {
			token = tokenOfSeat(resp, 1)
			m = via.state(resp.ID, token)
		}
		if m.Version != v || len(m.Legal) == 0 {
			t.Fatalf("move %d via replica %d: version %d with %d actions", v+1, v%2, m.Version, len(m.Legal))
		}
		if code, body := via.call("POST", "/api/games/"+resp.ID+"/actions", ActionRequest{Token: token, Action: m.Legal[0].Action}, nil); code != http.StatusOK {
			t.Fatalf("move %d via replica %d: %d %s", v+1, v%2, code, body)
		}
		for got := watch.next("state"); got["version"] != float64(v+1); got = watch.next("state") {
		}
	}
	for _, e := range []*testEnv{ea, eb} {
		if m := e.state(resp.ID, ""); m.Version != 6 {
			t.Fatalf("a replica shows version %d, want 6", m.Version)
		}
	}
}

// A replica whose lease ran out and was taken cannot store an action:
// the store refuses it, so no two replicas ever extend one history.
func TestAnExpiredLeaseCannotStore(t *testing.T) {
	st, err := OpenStore(context.Background(), startPostgres(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ls := st.(leaseStore)
	ctx := context.Background()
	if err := st.CreateGame(ctx, StoredGame{ID: "g1", Setup: engine.Setup{Game: "trick", Seats: 2}, Created: time.Now()}, 0); err != nil {
		t.Fatal(err)
	}
	if holder, _, err := ls.Acquire(ctx, "g1", "A", "http://a", 300*time.Millisecond); err != nil || holder != "A" {
		t.Fatalf("A's claim: %q %v", holder, err)
	}
	if holder, addr, _ := ls.Acquire(ctx, "g1", "B", "http://b", time.Minute); holder != "A" || addr != "http://a" {
		t.Fatalf("B took a live lease: holder %q at %q", holder, addr)
	}
	if err := ls.AppendFenced(ctx, "g1", 0, "play c1", "A"); err != nil {
		t.Fatalf("the holder's action: %v", err)
	}
	if err := ls.AppendFenced(ctx, "g1", 1, "play c2", "B"); !errors.Is(err, errLeaseLost) {
		t.Fatalf("a non-holder's action: %v, want errLeaseLost", err)
	}
	waitFor(t, "A's lease to run out and B to take it", func() bool {
		holder, _, err := ls.Acquire(ctx, "g1", "B", "http://b", time.Minute)
		return err == nil && holder == "B"
	})
	if err := ls.AppendFenced(ctx, "g1", 1, "play c3", "A"); !errors.Is(err, errLeaseLost) {
		t.Fatalf("the old holder's action after the takeover: %v, want errLeaseLost", err)
	}
	if held, err := ls.Renew(ctx, "A", time.Minute); err != nil || len(held) != 0 {
		t.Fatalf("the old holder renewed a lease it lost: %v %v", held, err)
	}
	if err := ls.AppendFenced(ctx, "g1", 1, "play c4", "B"); err != nil {
		t.Fatalf("the new holder's action: %v", err)
	}
	g, err := st.LoadGame(ctx, "g1")
	if err != nil || len(g.Actions) != 2 || g.Actions[0] != "play c1" || g.Actions[1] != "play c4" {
		t.Fatalf("record %v %v, want play c1, play c4", g.Actions, err)
	}
}

// A renewal does not wait for a write that holds one of the replica's
// leases, so the two cannot deadlock: a batch of writes locks its games'
// leases one by one, and a renewal that waited for them while holding
// the others locked made PostgreSQL break the deadlock only after a
// second, with every move of the replica waiting meanwhile.
func TestRenewingSkipsALeaseAWriteHolds(t *testing.T) {
	dsn := startPostgres(t)
	st, err := OpenStore(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ls := st.(leaseStore)
	ctx := context.Background()
	for _, id := range []string{"g1", "g2"} {
		if err := st.CreateGame(ctx, StoredGame{ID: id, Setup: engine.Setup{Game: "trick", Seats: 2}, Created: time.Now()}, 0); err != nil {
			t.Fatal(err)
		}
		if holder, _, err := ls.Acquire(ctx, id, "A", "http://a", time.Minute); err != nil || holder != "A" {
			t.Fatalf("claiming %s: %q %v", id, holder, err)
		}
	}
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	write, err := db.BeginTx(ctx, nil) // a batch in flight, as fencedAppend locks
	if err != nil {
		t.Fatal(err)
	}
	defer write.Rollback()
	if _, err := write.ExecContext(ctx, `SELECT 1 FROM leases WHERE game_id = 'g2' FOR SHARE`); err != nil {
		t.Fatal(err)
	}
	type renewal struct {
		held map[string]bool
		err  error
	}
	done := make(chan renewal, 1)
	go func() {
		held, err := ls.Renew(ctx, "A", time.Minute)
		done <- renewal{held, err}
	}()
	var r renewal
	select {
	case r = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the renewal waited for the write holding g2's lease")
	}
	if r.err != nil || len(r.held) != 2 || !r.held["g1"] || r.held["g2"] {
		t.Fatalf("renewal during a write on g2: %v %v, want g1 renewed and g2 held but not renewed", r.held, r.err)
	}
	// The write goes on to lock g1, which the renewal has released.
	if _, err := write.ExecContext(ctx, `SELECT 1 FROM leases WHERE game_id = 'g1' FOR SHARE`); err != nil {
		t.Fatalf("the write after the renewal: %v", err)
	}
	if err := write.Commit(); err != nil {
		t.Fatal(err)
	}
	if held, err := ls.Renew(ctx, "A", time.Minute); err != nil || !held["g1"] || !held["g2"] {
		t.Fatalf("renewal after the write: %v %v, want both renewed", held, err)
	}
}

// A replica renews its leases, and finds games without an owner, on a
// connection of its own: a pool that moves keep busy does not make it
// lose every game it owns.
func TestRenewingNeedsNoConnectionOfThePool(t *testing.T) {
	s, _ := openPostgresStore(t)
	ctx := context.Background()
	if err := s.CreateGame(ctx, StoredGame{ID: "g1", Setup: engine.Setup{Game: "trick", Seats: 2}, Created: time.Now()}, 0); err != nil {
		t.Fatal(err)
	}
	if holder, _, err := s.Acquire(ctx, "g1", "A", "http://a", time.Minute); err != nil || holder != "A" {
		t.Fatalf("claiming g1: %q %v", holder, err)
	}
	for range s.db.Stats().MaxOpenConnections {
		conn, err := s.db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
	}
	busy, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if held, err := s.Renew(busy, "A", time.Minute); err != nil || !held["g1"] {
		t.Fatalf("renewing with every pooled connection taken: %v %v", held, err)
	}
	if orphans, err := s.Unowned(busy, []string{"g1", "g2"}); err != nil || len(orphans) != 1 || orphans[0] != "g2" {
		t.Fatalf("games without an owner, with every pooled connection taken: %v %v, want g2", orphans, err)
	}
}

// A game evicted from its owner's memory gives up its lease, and a
// replica that still shows it takes it over and plays on.
func TestAnEvictedGameMovesToAReplicaThatShowsIt(t *testing.T) {
	dsn := startPostgres(t)
	a, b := startReplica(t, dsn), startReplica(t, dsn)
	ea, eb := &testEnv{t: t, http: a.http}, &testEnv{t: t, http: b.http}
	resp := ea.create(firstFriendGame())
	watch := eb.dial(resp.ID, tokenOfSeat(resp, 1)) // b follows the game
	watch.next("state")
	a.srv.sweep(time.Now().Add(time.Hour)) // a has been idle an hour: it evicts the game
	if a.srv.inMemory(resp.ID) {
		t.Fatal("the idle game is still in a's memory")
	}
	waitFor(t, "b to own the game", func() bool {
		s := b.srv.live(resp.ID)
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.owned
	})
	eb.playOne(resp)
	if m := ea.state(resp.ID, ""); m.Version != 1 {
		t.Fatalf("a shows version %d after b's move, want 1", m.Version)
	}
}

// A replica that follows a game plays an announced action that is the
// next it lacks from the announcement itself, without reading the store
// (here the store does not even hold it).
func TestAFollowerPlaysTheAnnouncedAction(t *testing.T) {
	b, ea, eb, resp := twoReplicasOneGame(t)
	_, first := toMove(eb, resp)
	b.srv.heard(resp.ID, 0, first)
	s := b.srv.live(resp.ID)
	s.mu.Lock()
	var got []string
	for _, a := range s.actions {
		got = append(got, s.codec.Format(a))
	}
	s.mu.Unlock()
	if len(got) != 1 || got[0] != first {
		t.Fatalf("after hearing %q the follower has %q", first, got)
	}
	if m := ea.state(resp.ID, ""); m.Version != 0 {
		t.Fatalf("the owner is at version %d: the test's announcement reached the store", m.Version)
	}
}

// toMove is the token of the seat to move in a two-seat game and its
// first legal action, as e shows them.
func toMove(e *testEnv, resp CreateResponse) (token, action string) {
	e.t.Helper()
	for _, seat := range []engine.Seat{0, 1} {
		token := tokenOfSeat(resp, seat)
		if m := e.state(resp.ID, token); len(m.Legal) > 0 {
			return token, m.Legal[0].Action
		}
	}
	e.t.Fatalf("no seat of game %s may move", resp.ID)
	return "", ""
}

// An action refused by the replica that owns the game reaches the
// player on another replica in the player's language, with its code.
func TestAForwardedRefusalSpeaksTheReadersLanguage(t *testing.T) {
	_, _, eb, resp := twoReplicasOneGame(t)
	mover, waiter := engine.Seat(0), engine.Seat(1)
	m := eb.state(resp.ID, tokenOfSeat(resp, mover))
	if len(m.Legal) == 0 {
		mover, waiter = 1, 0
		m = eb.state(resp.ID, tokenOfSeat(resp, mover))
	}
	if len(m.Legal) == 0 {
		t.Fatal("no seat has an action to start the game")
	}
	body, _ := json.Marshal(ActionRequest{Token: tokenOfSeat(resp, waiter), Action: m.Legal[0].Action})
	req, _ := http.NewRequest("POST", eb.http.URL+"/api/games/"+resp.ID+"/actions", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept-Language", "de")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var got httpErrorBody
	if err := json.NewDecoder(res.Body).Decode(&got); err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusConflict || got.Code != "not_your_turn" || !strings.Contains(got.Error, "entscheidet gerade, nicht du") {
		t.Errorf("a seat acting on the other's turn through the other replica: %d %+v, want 409 not_your_turn in German", res.StatusCode, got)
	}
}

// A replica that forwarded an action awaits the owner's announcement of
// it: the wait ends as the action is added, or after its time with the
// action still missing.
func TestAwaitWakesOnTheNextAction(t *testing.T) {
	s := &session{}
	got := make(chan bool, 1)
	go func() { got <- s.await(1, time.Hour) }()
	waitFor(t, "the wait to begin", func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.grown != nil
	})
	s.mu.Lock()
	s.actions = append(s.actions, engine.Action{})
	s.grewLocked()
	s.mu.Unlock()
	select {
	case ok := <-got:
		if !ok {
			t.Fatal("the wait ended without the action that was added")
		}
	case <-time.After(20 * time.Second):
		t.Fatal("adding the action did not end the wait")
	}
	if s.await(2, time.Millisecond) {
		t.Fatal("a wait for an action that never came says it came")
	}
}
