package server

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// LoadConfig is a load test: Games games at once, each between bot
// clients over WebSocket, for Duration.
type LoadConfig struct {
	// URL is a running server to load; empty starts one in this process
	// over a SQLite file in Dir (or the store DB names, such as a
	// postgres:// URL). Only loopback addresses are allowed. With a URL
	// or Replicas the bots run on as few CPUs as they need (botProcs).
	URL string
	Dir string
	DB  string
	// Game is the game to play; Games how many run at once.
	Game  string
	Games int
	// Duration is how long to play; finished games are replaced by new ones.
	Duration time.Duration
	// Think is the bots' mean pause before each action, as a person's;
	// 0 plays as fast as the server answers.
	Think time.Duration
	// Warmup is how long the games get to start and connect before
	// latencies count (moves still count in moves/s).
	Warmup time.Duration
	// Seed makes the bots' choices reproducible.
	Seed uint64
	// Replicas, when given, are running servers (on loopback) that share
	// one store: each game is created on one at random and every client
	// connects to one at random.
	Replicas []string
	// Spectators is how many viewers watch each game.
	Spectators int
}

// LoadReport is what a load test measured.
type LoadReport struct {
	Games int `json:"games"`
	// Finished counts the bots that saw their game end (two per game).
	Finished int `json:"finished"`
	Moves    int `json:"moves"`
	// Measured counts the moves timed after the warm-up.
	Measured    int           `json:"measured"`
	Errors      int           `json:"errors"`
	Elapsed     time.Duration `json:"elapsed_ns"`
	MovesPerSec float64       `json:"moves_per_sec"`
	P50         time.Duration `json:"p50_ns"`
	P99         time.Duration `json:"p99_ns"`
	Max         time.Duration `json:"max_ns"`
	// BytesPerSeatMove is what each seat received per move, on average;
	// BytesPerViewerMove the same for each spectator.
	BytesPerSeatMove   float64 `json:"bytes_per_seat_move"`
	BytesPerViewerMove float64 `json:"bytes_per_viewer_move,omitempty"`
	// ServerCPUPerMove is the CPU time of a server process the load test
	// started (its whole run, setup included) divided by the moves; for
	// servers it was given, the CPU their /metrics count over the run.
	ServerCPUPerMove time.Duration `json:"server_cpu_per_move_ns,omitempty"`
	// ServerCPUPerMoveAfterWarmup is the servers' CPU time from the end of
	// the warm-up to the end of the run, as their /metrics count it,
	// divided by the moves meanwhile: the cost of play alone, without
	// creating the games and opening their connections.
	ServerCPUPerMoveAfterWarmup time.Duration `json:"server_cpu_per_move_after_warmup_ns,omitempty"`
	FirstErrorMsg               string        `json:"first_error,omitempty"`
	// Timeline is the measured moves second by second, by when they were
	// sent: where the slow ones came, such as a collection's pause.
	Timeline []LoadSecond `json:"timeline,omitempty"`
}

// LoadSecond is the moves sent in one second after the warm-up.
type LoadSecond struct {
	// At is the second's start, in seconds after the warm-up.
	At    int           `json:"at_s"`
	Moves int           `json:"moves"`
	P99   time.Duration `json:"p99_ns"`
	Max   time.Duration `json:"max_ns"`
}

// slowestSeconds is how many of the timeline's seconds the report for
// people names, the slowest by p99.
const slowestSeconds = 3

// String writes the report for people.
func (r LoadReport) String() string {
	s := fmt.Sprintf("%d concurrent games, %d game ends seen, %d moves in %.1fs: %.0f moves/s; move latency over %d moves after the warm-up: p50 %.2fms p99 %.2fms max %.2fms; %d errors; %.0f bytes per seat per move",
		r.Games, r.Finished, r.Moves, r.Elapsed.Seconds(), r.MovesPerSec, r.Measured, ms(r.P50), ms(r.P99), ms(r.Max), r.Errors, r.BytesPerSeatMove)
	if r.ServerCPUPerMove > 0 {
		s += fmt.Sprintf("; server CPU %.3fms per move", ms(r.ServerCPUPerMove))
	}
	if r.ServerCPUPerMoveAfterWarmup > 0 {
		s += fmt.Sprintf(" (%.3fms after the warm-up)", ms(r.ServerCPUPerMoveAfterWarmup))
	}
	if r.BytesPerViewerMove > 0 {
		s += fmt.Sprintf(", %.0f per spectator per move", r.BytesPerViewerMove)
	}
	if len(r.Timeline) > 1 {
		s += "; slowest seconds after the warm-up:"
		for _, sec := range slowest(r.Timeline, slowestSeconds) {
			s += fmt.Sprintf(" %ds (p99 %.2fms, max %.2fms)", sec.At, ms(sec.P99), ms(sec.Max))
		}
	}
	if r.FirstErrorMsg != "" {
		s += "\nfirst error: " + r.FirstErrorMsg
	}
	return s
}

// slowest returns the n seconds with the highest p99, in time order.
func slowest(timeline []LoadSecond, n int) []LoadSecond {
	out := slices.Clone(timeline)
	slices.SortStableFunc(out, func(a, b LoadSecond) int { return cmp.Compare(b.P99, a.P99) })
	out = out[:min(n, len(out))]
	slices.SortFunc(out, func(a, b LoadSecond) int { return cmp.Compare(a.At, b.At) })
	return out
}

func ms(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }

// LoadTest runs a load test and reports moves per second and the latency
// from sending an action to receiving the table it produced.
func LoadTest(ctx context.Context, cfg LoadConfig) (LoadReport, error) {
	if cfg.Games < 1 {
		return LoadReport{}, fmt.Errorf("games %d: run at least 1", cfg.Games)
	}
	base := cfg.URL
	for _, u := range cfg.Replicas {
		if err := checkLoopback(u); err != nil {
			return LoadReport{}, err
		}
	}
	servers := cfg.Replicas
	if len(cfg.Replicas) > 0 {
		base = cfg.Replicas[0]
	} else if base == "" {
		db := cfg.DB
		if db == "" {
			db = filepath.Join(cfg.Dir, "loadtest.db")
		}
		stop, u, err := startLocal(db)
		if err != nil {
			return LoadReport{}, err
		}
		defer stop()
		base = u
	} else if err := checkLoopback(base); err != nil {
		return LoadReport{}, err
	} else {
		servers = []string{base}
	}
	if cfg.URL != "" || len(cfg.Replicas) > 0 {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(botProcs(cfg.Games)))
	}
	cpuBefore, measured := serversCPU(ctx, servers)
	ctx, cancel := context.WithTimeout(ctx, cfg.Duration)
	defer cancel()
	start := time.Now()
	stats := &loadStats{measureFrom: start.Add(cfg.Warmup)}
	warm := sampleAfter(ctx, cfg.Warmup, servers, stats)
	var wg sync.WaitGroup
	for i := 0; i < cfg.Games; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
			for ctx.Err() == nil {
				if err := playOne(ctx, base, cfg, rng, stats); err != nil && ctx.Err() == nil {
					stats.fail(err)
					time.Sleep(100 * time.Millisecond)
				}
			}
		}()
	}
	wg.Wait()
	r := stats.report(cfg.Games, time.Since(start), 2, cfg.Spectators)
	if cpuAfter, ok := serversCPU(context.Background(), servers); measured && ok && r.Moves > 0 {
		r.ServerCPUPerMove = (cpuAfter - cpuBefore) / time.Duration(r.Moves)
		if w, ok := <-warm; ok && w.ok && r.Moves > w.moves {
			r.ServerCPUPerMoveAfterWarmup = (cpuAfter - w.cpu) / time.Duration(r.Moves-w.moves)
		}
	}
	return r, nil
}

// gamesPerBotProc is how many games' bots one CPU runs: at a person's
// pace they take about a fifth of a core for 4,000 games, which leaves
// the CPU room when other processes share the machine. (At 9,900 games
// on one CPU beside a busy machine, the bots fell behind: 4,759 moves/s
// where the server can play 8,800, and half a second of latency.)
const gamesPerBotProc = 4000

// botProcs is how many CPUs the bots of games games run on at once
// (GOMAXPROCS) while the server is another process. No more than they
// need: with a CPU to spare, the Go scheduler wakes threads to look for
// work on it after every message, and on one CPU for 1,000 games the bots
// took a fifth less CPU (2.93 -> 2.41 s over 40 s), which on a small
// machine is the server's.
func botProcs(games int) int {
	return min(runtime.NumCPU(), max(1, (games+gamesPerBotProc-1)/gamesPerBotProc))
}

// cpuSample is the servers' CPU time and the moves played at one moment.
type cpuSample struct {
	cpu   time.Duration
	moves int
	ok    bool
}

// sampleAfter takes a cpuSample once the warm-up is over, and delivers it
// (or closes the channel, if the run ended first).
func sampleAfter(ctx context.Context, warmup time.Duration, servers []string, stats *loadStats) <-chan cpuSample {
	out := make(chan cpuSample, 1)
	go func() {
		defer close(out)
		t := time.NewTimer(warmup)
		defer t.Stop()
		select {
		case <-t.C:
		case <-ctx.Done():
			return
		}
		stats.mu.Lock()
		moves := stats.moves
		stats.mu.Unlock()
		cpu, ok := serversCPU(ctx, servers)
		out <- cpuSample{cpu, moves, ok}
	}()
	return out
}

// serversCPU is the CPU time the servers have used so far, the sum of
// what their /metrics say (process_cpu_seconds_total), or false if any
// of them does not say (a server started in this process shares its CPU
// with the bots, and is not asked).
func serversCPU(ctx context.Context, servers []string) (time.Duration, bool) {
	var sum time.Duration
	for _, u := range servers {
		cpu, ok := serverCPU(ctx, u)
		if !ok {
			return 0, false
		}
		sum += cpu
	}
	return sum, len(servers) > 0
}

func serverCPU(ctx context.Context, base string) (time.Duration, bool) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/metrics", nil)
	res, err := loadClient.Do(req)
	if err != nil {
		return 0, false
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	for line := range strings.Lines(string(body)) {
		if v, ok := strings.CutPrefix(line, "process_cpu_seconds_total "); ok {
			secs, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return time.Duration(secs * float64(time.Second)), err == nil
		}
	}
	return 0, false
}

// pickServer is where a client goes: the server, or a random replica.
func pickServer(base string, cfg LoadConfig, rng *rand.Rand) string {
	if len(cfg.Replicas) == 0 {
		return base
	}
	return cfg.Replicas[rng.IntN(len(cfg.Replicas))]
}

// checkLoopback refuses load against anything but this machine.
func checkLoopback(base string) error {
	u, err := url.Parse(base)
	if err != nil || u.Host == "" {
		return fmt.Errorf("--url %q: give a URL such as http://127.0.0.1:8080", base)
	}
	addrs, err := net.LookupIP(u.Hostname())
	if err != nil {
		return fmt.Errorf("--url %q: %v", base, err)
	}
	for _, a := range addrs {
		if !a.IsLoopback() {
			return fmt.Errorf("--url %q: %s is not a loopback address; load tests run only against this machine (127.0.0.1)", base, a)
		}
	}
	return nil
}

// startLocal serves a fresh server on a loopback port.
func startLocal(db string) (func(), string, error) {
	store, err := OpenStore(context.Background(), db)
	if err != nil {
		return nil, "", err
	}
	srv, err := New(Config{Store: store, Rate: 1000, Burst: 1000, CreateRate: 1e6, CreateBurst: 1e6, MaxOpenGames: 1e6})
	if err != nil {
		return nil, "", err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, "", err
	}
	hs := &http.Server{Handler: srv}
	go hs.Serve(ln)
	stop := func() { srv.Close(); hs.Close(); store.Close() }
	return stop, "http://" + ln.Addr().String(), nil
}

// loadStats gathers the bots' measurements.
type loadStats struct {
	seatBytes   atomic.Int64
	viewerBytes atomic.Int64
	mu          sync.Mutex
	measureFrom time.Time
	moves       int
	latencies   []time.Duration
	sent        []time.Duration // when each measured move was sent, after measureFrom
	finished    int
	errors      int
	first       string
}

// move counts a move whose action was sent at sent and whose table
// arrived at got.
func (s *loadStats) move(sent, got time.Time) {
	d := got.Sub(sent)
	s.mu.Lock()
	s.moves++
	if sent.After(s.measureFrom) {
		s.latencies = append(s.latencies, d)
		s.sent = append(s.sent, sent.Sub(s.measureFrom))
	}
	s.mu.Unlock()
}

func (s *loadStats) gameEnd() {
	s.mu.Lock()
	s.finished++
	s.mu.Unlock()
}

func (s *loadStats) fail(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.errors++
	if s.first == "" {
		s.first = err.Error()
	}
}

func (s *loadStats) report(games int, elapsed time.Duration, seats, viewers int) LoadReport {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := LoadReport{Games: games, Finished: s.finished, Moves: s.moves, Measured: len(s.latencies), Errors: s.errors,
		Elapsed: elapsed, FirstErrorMsg: s.first}
	if s.moves > 0 {
		r.BytesPerSeatMove = float64(s.seatBytes.Load()) / float64(s.moves*seats)
		r.BytesPerViewerMove = float64(s.viewerBytes.Load()) / float64(s.moves*max(1, viewers))
	}
	r.MovesPerSec = float64(r.Moves) / elapsed.Seconds()
	if len(s.latencies) > 0 {
		l := slices.Clone(s.latencies)
		slices.Sort(l)
		r.P50, r.P99, r.Max = l[len(l)/2], p99(l), l[len(l)-1]
		r.Timeline = timeline(s.sent, s.latencies)
	}
	return r
}

// timeline groups latencies by the second their moves were sent in.
func timeline(sent, latencies []time.Duration) []LoadSecond {
	bySecond := map[int][]time.Duration{}
	for i, at := range sent {
		sec := int(at / time.Second)
		bySecond[sec] = append(bySecond[sec], latencies[i])
	}
	var out []LoadSecond
	for _, sec := range slices.Sorted(maps.Keys(bySecond)) {
		l := bySecond[sec]
		slices.Sort(l)
		out = append(out, LoadSecond{At: sec, Moves: len(l), P99: p99(l), Max: l[len(l)-1]})
	}
	return out
}

// p99 is the 99th percentile of sorted latencies.
func p99(sorted []time.Duration) time.Duration { return sorted[len(sorted)*99/100] }

// loadClient keeps connections to the server open between requests, as
// the default client does for only two at a time, so creating games does
// not open a new TCP connection each time. It makes at most 64 at once
// to a server: thousands of games created together would otherwise open
// thousands, and the server's and the bots' open-file limits are taken by
// the WebSockets (which dial through wsDialer, not counted here).
var loadClient = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64, MaxConnsPerHost: 64, IdleConnTimeout: time.Minute}}

// wsDialer dials the bots' and the spectators' WebSockets.
var wsDialer = &http.Client{Transport: &http.Transport{}}

// playOne creates a friend game and plays it with one bot per seat.
func playOne(ctx context.Context, base string, cfg LoadConfig, rng *rand.Rand, stats *loadStats) error {
	req := CreateRequest{Game: cfg.Game, Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindFriend}}}
	body, _ := json.Marshal(req)
	hreq, _ := http.NewRequestWithContext(ctx, "POST", pickServer(base, cfg, rng)+"/api/games", strings.NewReader(string(body)))
	res, err := loadClient.Do(hreq)
	if err != nil {
		return err
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	var created CreateResponse
	if res.StatusCode != http.StatusCreated || json.Unmarshal(raw, &created) != nil {
		return fmt.Errorf("create: %d %s", res.StatusCode, raw)
	}
	tokens := []string{created.Token, tokenFromInvite(created.Invites[0].Link)}
	seeds := []uint64{rng.Uint64(), rng.Uint64()}
	servers := []string{pickServer(base, cfg, rng), pickServer(base, cfg, rng)}
	watchCtx, stopWatching := context.WithCancel(ctx)
	defer stopWatching()
	for range cfg.Spectators {
		go watch(watchCtx, pickServer(base, cfg, rng), created.ID, stats)
	}
	return eachAtOnce(len(tokens), func(i int) error {
		return runBot(ctx, servers[i], created.ID, tokens[i], cfg.Think, rand.New(rand.NewPCG(seeds[i], uint64(i))), stats)
	})
}

// watch is a spectator: it counts what it receives until the game ends.
func watch(ctx context.Context, base, id string, stats *loadStats) {
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/api/games/"+id+"/ws", &websocket.DialOptions{HTTPClient: wsDialer})
	if err != nil {
		if ctx.Err() == nil {
			stats.fail(fmt.Errorf("spectator: %w", err))
		}
		return
	}
	defer conn.CloseNow()
	defer closeWhenDone(ctx, conn)()
	conn.SetReadLimit(1 << 22)
	for {
		_, r, err := conn.Reader(context.Background())
		if err != nil {
			return
		}
		n, _ := io.Copy(io.Discard, r)
		stats.viewerBytes.Add(n)
	}
}

// eachAtOnce runs f(0) to f(n-1) at once and returns the first error.
func eachAtOnce(n int, f func(i int) error) error {
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- f(i)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func tokenFromInvite(link string) string {
	_, tok, _ := strings.Cut(link, "token=")
	return tok
}

// botMsg is the part of a server message a bot reads (decodeBotMsg).
type botMsg struct {
	Type     string      `json:"type"`
	Error    string      `json:"error"`
	Version  int         `json:"version"`
	Finished bool        `json:"finished"`
	Legal    []botAction `json:"legal"`
}

// botAction is a legal action as a bot reads it.
type botAction struct {
	Action   string `json:"action"`
	Concedes bool   `json:"concedes"`
}

// runBot plays one seat until the game ends: on each table where it must
// decide, it waits its thinking time, sends a random legal action, and
// measures the time until the table that action produced arrives.
func runBot(ctx context.Context, base, id, token string, think time.Duration, rng *rand.Rand, stats *loadStats) error {
	wsURL := "ws" + strings.TrimPrefix(base, "http") + "/api/games/" + id + "/ws?token=" + token
	conn, _, err := websocket.Dial(ctx, wsURL, &websocket.DialOptions{HTTPClient: wsDialer})
	if err != nil {
		return err
	}
	defer conn.CloseNow()
	defer closeWhenDone(ctx, conn)()
	conn.SetReadLimit(1 << 22)
	var buf bytes.Buffer
	var sent time.Time
	sentAt := -1
	var msg []byte // the action sent, reused: a write returns once it is sent
	for {
		m, got, err := readBotMsg(conn, &buf, stats)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		if sentAt >= 0 && m.Version > sentAt {
			stats.move(sent, got)
			sentAt = -1
		}
		if m.Finished {
			stats.gameEnd()
			return nil
		}
		if len(m.Legal) == 0 || sentAt >= 0 {
			continue
		}
		if !pause(ctx, think, rng) {
			return nil
		}
		a := m.Legal[rng.IntN(len(m.Legal))]
		for tries := 0; a.Concedes && tries < 8; tries++ { // play on, as a person would
			a = m.Legal[rng.IntN(len(m.Legal))]
		}
		msg = appendActMsg(msg[:0], token, a.Action, m.Version)
		sent, sentAt = time.Now(), m.Version
		if err := conn.Write(context.Background(), websocket.MessageText, msg); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
	}
}

// closeWhenDone closes conn when ctx ends, and returns the func that
// stops waiting for that. A bot reads and writes without a context: one
// costs a watcher registered and removed for every message, in the
// process that shares the machine with the server it measures.
func closeWhenDone(ctx context.Context, conn *websocket.Conn) (stop func() bool) {
	return context.AfterFunc(ctx, func() { conn.CloseNow() })
}

// readBotMsg reads the next message into buf (reused, so reading costs no
// allocation per message) and notes when it arrived, before decoding, so
// the bot's own work is not counted as the server's latency. It ends when
// the connection closes (closeWhenDone).
func readBotMsg(conn *websocket.Conn, buf *bytes.Buffer, stats *loadStats) (botMsg, time.Time, error) {
	var m botMsg
	data, err := readBotMessage(conn, buf)
	if err != nil {
		return m, time.Time{}, err
	}
	stats.seatBytes.Add(int64(len(data)))
	got := time.Now()
	if err := decodeBotMsg(data, &m); err != nil {
		return m, got, fmt.Errorf("a message a bot cannot read (%v): %.200s", err, data)
	}
	if m.Type == "error" {
		return m, got, fmt.Errorf("server error: %s", m.Error)
	}
	return m, got, nil
}

// readBotMessage reads the next message into buf; the bytes returned are
// buf's, valid until the next read.
func readBotMessage(conn *websocket.Conn, buf *bytes.Buffer) ([]byte, error) {
	_, r, err := conn.Reader(context.Background())
	if err != nil {
		return nil, err
	}
	buf.Reset()
	_, err = buf.ReadFrom(r)
	return buf.Bytes(), err
}

// pause waits a person's thinking time, uniform in [0, 2*think), and
// reports false if the test ended meanwhile.
func pause(ctx context.Context, think time.Duration, rng *rand.Rand) bool {
	if think <= 0 {
		return true
	}
	t := time.NewTimer(time.Duration(rng.Int64N(int64(2 * think))))
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}
