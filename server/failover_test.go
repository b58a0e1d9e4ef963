package server

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"kartenwerk/engine"
)

// replicaEnv names the variables that make this test binary serve as one
// replica of a cluster (see runReplicaProcess), so that a test can kill
// replicas with SIGKILL.
const (
	replicaDSNEnv  = "KARTENWERK_TEST_REPLICA_DSN"
	replicaAddrEnv = "KARTENWERK_TEST_REPLICA_ADDR"
)

// runReplicaProcess serves until killed, when the test binary was started
// as a replica; it reports whether it was.
func runReplicaProcess() bool {
	dsn := os.Getenv(replicaDSNEnv)
	if dsn == "" {
		return false
	}
	addr := os.Getenv(replicaAddrEnv)
	st, err := OpenStore(context.Background(), dsn)
	if err != nil {
		fmt.Println("replica:", err)
		os.Exit(1)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Println("replica:", err)
		os.Exit(1)
	}
	srv, err := New(Config{Store: st, Advertise: "http://" + addr, LeaseTTL: 3 * time.Second,
		CreateRate: 1e6, CreateBurst: 1e6, MaxOpenGames: 1e6, Rate: 1000, Burst: 1000})
	if err != nil {
		fmt.Println("replica:", err)
		os.Exit(1)
	}
	fmt.Println("serving")
	NewHTTPServer(srv, HTTPLimits{}).Serve(ln)
	return true
}

// replicaProc is a replica in a process of its own.
type replicaProc struct {
	url  string
	cmd  *exec.Cmd
	dead atomic.Bool
}

func spawnReplica(t *testing.T, dsn string) *replicaProc {
	t.Helper()
	addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	cmd, lines := spawnTestProcess(t, "serving", replicaDSNEnv+"="+dsn, replicaAddrEnv+"="+addr)
	p := &replicaProc{url: "http://" + addr, cmd: cmd}
	t.Cleanup(func() { p.kill() })
	go func() {
		for lines.Scan() {
		}
	}()
	return p
}

// spawnTestProcess starts this test binary in a process of its own with
// the variables env, which make it one of the test's processes
// (TestMain), and returns once the process has said ready, with the lines
// it says after.
func spawnTestProcess(t *testing.T, ready string, env ...string) (*exec.Cmd, *bufio.Scanner) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(out)
	if !lines.Scan() || lines.Text() != ready {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("a test process did not start: %s", lines.Text())
	}
	return cmd, lines
}

func (p *replicaProc) kill() {
	if p.dead.CompareAndSwap(false, true) {
		p.cmd.Process.Kill() // SIGKILL: no goodbye, no lease released
		p.cmd.Wait()
	}
}

// ack is an action a replica acknowledged (HTTP 200): it must be in the
// final record at its place.
type ack struct {
	game   string
	n      int
	action string
}

// failoverRun gathers what the bots saw.
type failoverRun struct {
	replicas  []*replicaProc
	mu        sync.Mutex
	acks      []ack
	rejoined  atomic.Int64 // bots whose replica died and who acted again elsewhere
	games     []string
	ackCount  atomic.Int64
	badStatus []string
}

// Three replicas on one PostgreSQL; bots on random replicas play many
// games; one replica is killed with SIGKILL mid-load, then a second.
// Every acknowledged action is in the final record, no history forks,
// every game plays to its end, the bots of a dead replica reconnect and
// go on, and no game's actions were stored by two replicas in turn.
func TestReplicasSurviveKills(t *testing.T) {
	if testing.Short() {
		t.Skip("the failover test runs three replicas")
	}
	dsn := startPostgres(t)
	run := &failoverRun{}
	for range 3 {
		run.replicas = append(run.replicas, spawnReplica(t, dsn))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Second)
	defer cancel()
	const tables, gamesPerTable = 12, 3
	var wg sync.WaitGroup
	for i := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			for range gamesPerTable {
				if err := run.playGame(ctx, rng); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	go func() {
		for _, at := range []int64{80, 220} {
			for run.ackCount.Load() < at && ctx.Err() == nil {
				time.Sleep(20 * time.Millisecond)
			}
			run.replicas[len(run.replicas)-1-int(at/200)].kill()
		}
	}()
	wg.Wait()
	if ctx.Err() != nil {
		t.Fatal("the games did not finish in time")
	}
	if !run.replicas[1].dead.Load() || !run.replicas[2].dead.Load() {
		t.Fatal("the games ended before the kills: the test proves nothing")
	}
	run.check(t, dsn)
}

// playGame creates a game on a random replica and plays both seats with
// bots on random replicas until it ends.
func (run *failoverRun) playGame(ctx context.Context, rng *rand.Rand) error {
	var resp CreateResponse
	for {
		body, _ := json.Marshal(friendGame("trick"))
		res, err := http.Post(run.pick(rng).url+"/api/games", "application/json", strings.NewReader(string(body)))
		if err == nil && res.StatusCode == http.StatusCreated {
			err = json.NewDecoder(res.Body).Decode(&resp)
			res.Body.Close()
			if err != nil {
				return err
			}
			break
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	run.mu.Lock()
	run.games = append(run.games, resp.ID)
	run.mu.Unlock()
	seeds := []uint64{rng.Uint64(), rng.Uint64()}
	return eachAtOnce(2, func(seat int) error {
		return run.bot(ctx, resp.ID, tokenOfSeat(resp, engine.Seat(seat)), rand.New(rand.NewPCG(seeds[seat], 1)))
	})
}

// pick returns a random replica (maybe a dead one: bots find out).
func (run *failoverRun) pick(rng *rand.Rand) *replicaProc {
	return run.replicas[rng.IntN(len(run.replicas))]
}

// bot plays one seat over a WebSocket to a random replica, acting through
// that replica's API, and reconnects elsewhere when it loses it.
func (run *failoverRun) bot(ctx context.Context, id, token string, rng *rand.Rand) error {
	lostToDeath := false
	for ctx.Err() == nil {
		r := run.pick(rng)
		done, err := run.botOn(ctx, r, id, token, rng, &lostToDeath)
		if done {
			return nil
		}
		if err != nil && r.dead.Load() {
			lostToDeath = true
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("game %s: %v", id, ctx.Err())
}

func (run *failoverRun) botOn(ctx context.Context, r *replicaProc, id, token string, rng *rand.Rand, lost *bool) (bool, error) {
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	conn, _, err := websocket.Dial(wctx, "ws"+strings.TrimPrefix(r.url, "http")+"/api/games/"+id+"/ws?token="+token, nil)
	if err != nil {
		return false, err
	}
	defer conn.CloseNow()
	conn.SetReadLimit(1 << 22)
	for {
		rctx, rcancel := context.WithTimeout(wctx, 10*time.Second)
		_, data, err := conn.Read(rctx)
		rcancel()
		if err != nil {
			return false, err
		}
		var m StateMsg
		if json.Unmarshal(data, &m) != nil || m.Type != "state" {
			continue
		}
		if m.Finished {
			return true, nil
		}
		if len(m.Legal) == 0 {
			continue
		}
		time.Sleep(time.Duration(rng.IntN(30)) * time.Millisecond)
		action := m.Legal[rng.IntN(len(m.Legal))].Action
		status, err := run.post(wctx, r.url, id, token, action, m.Version)
		switch {
		case err != nil:
			return false, err
		case status == http.StatusOK:
			run.mu.Lock()
			run.acks = append(run.acks, ack{id, m.Version, action})
			run.mu.Unlock()
			run.ackCount.Add(1)
			if *lost {
				run.rejoined.Add(1)
				*lost = false
			}
		default:
			if status != http.StatusConflict && status != http.StatusServiceUnavailable {
				run.mu.Lock()
				run.badStatus = append(run.badStatus, fmt.Sprint(status))
				run.mu.Unlock()
			}
			time.Sleep(100 * time.Millisecond)
			conn.Write(wctx, websocket.MessageText, []byte(`{"type":"sync"}`))
		}
	}
}

func (run *failoverRun) post(ctx context.Context, url, id, token, action string, version int) (int, error) {
	body, _ := json.Marshal(ActionRequest{Token: token, Action: action, Version: &version})
	req, _ := http.NewRequestWithContext(ctx, "POST", url+"/api/games/"+id+"/actions", strings.NewReader(string(body)))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	res.Body.Close()
	return res.StatusCode, nil
}

// check compares what the bots saw with the final record in the store.
func (run *failoverRun) check(t *testing.T, dsn string) {
	st, err := OpenStore(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := New(Config{Store: st, Advertise: "http://127.0.0.1:1"})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	records := map[string]StoredGame{}
	for _, id := range run.games {
		g, err := st.LoadGame(context.Background(), id)
		if err != nil {
			t.Fatalf("game %s: %v", id, err)
		}
		s, err := restore(srv, g) // replays every action: a fork would not be legal
		if err != nil {
			t.Fatalf("game %s does not replay: %v", id, err)
		}
		if !s.finished {
			t.Errorf("game %s did not end: %d actions", id, len(g.Actions))
		}
		records[id] = g
	}
	for _, a := range run.acks {
		if got := records[a.game].Actions; a.n >= len(got) || got[a.n] != a.action {
			t.Errorf("game %s: action %d %q was acknowledged but is not in the record", a.game, a.n+1, a.action)
		}
	}
	if run.rejoined.Load() == 0 {
		t.Error("no bot of a killed replica reconnected and acted again")
	}
	if len(run.badStatus) > 0 {
		t.Errorf("actions answered with unexpected statuses: %v", run.badStatus)
	}
	checkOneWriterAtATime(t, dsn, run.games)
	t.Logf("%d games, %d acknowledged actions, %d bots rejoined after a kill", len(run.games), len(run.acks), run.rejoined.Load())
}

// checkOneWriterAtATime fails if any game's actions were stored by a
// replica, then another, then the first again: ownership only moves on.
func checkOneWriterAtATime(t *testing.T, dsn string, games []string) {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, id := range games {
		rows, err := db.Query(`SELECT by_replica FROM actions WHERE game_id = $1 ORDER BY n`, id)
		if err != nil {
			t.Fatal(err)
		}
		var order []string
		for rows.Next() {
			var by string
			rows.Scan(&by)
			if len(order) == 0 || order[len(order)-1] != by {
				order = append(order, by)
			}
		}
		rows.Close()
		seen := map[string]bool{}
		for _, by := range order {
			if seen[by] {
				t.Errorf("game %s: actions stored by %v in turn: a replica applied actions again after another had", id, order)
				break
			}
			seen[by] = true
		}
	}
}
