// Command socketfloor measures what the sockets alone cost a server per
// move, on this machine, at the load `kartenwerk loadtest` makes: games
// of two WebSocket clients on loopback, each seat acting after about a
// second, and for each action the server writing a table-sized message to
// both seats. The server here does nothing else: no rules, views, store
// or JSON. Its CPU per move is the floor under any server's figure for
// the same load, `kartenwerk serve`'s included: the kernel's loopback TCP
// (which also does the receiving clients' part of each write), the Go
// runtime's network poller and the goroutines that wait on it.
//
//	go run ./cmd/socketfloor -n 9900 --duration 60s
//
// It starts the server as a child process (its CPU counted apart from the
// clients'), plays, and prints moves a second and the server's CPU a
// move after the warm-up.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/gobwas/ws"
)

// serveEnv, set, makes the process the floor's server, listening on the
// address it names; tableEnv gives it the table size, loopEnv its way of
// waiting for sockets.
const (
	serveEnv = "SOCKETFLOOR_SERVE"
	tableEnv = "SOCKETFLOOR_TABLE"
	loopEnv  = "SOCKETFLOOR_LOOP"
)

// The server's ways of waiting for its sockets: a goroutine a connection
// on the Go runtime's poller, as serve does, or one thread's epoll loop.
const (
	loopGoroutines = "goroutines"
	loopEpoll      = "epoll"
)

// defaultTable is loadtest's bytes a seat a move at 9,900 games.
const defaultTable = 563

func main() {
	raiseFileLimit()
	if addr := os.Getenv(serveEnv); addr != "" {
		// serve returns only when it fails: the parent stops it with a signal.
		fmt.Fprintln(os.Stderr, "socketfloor server:", serveBy(os.Getenv(loopEnv), addr, tableSize()))
		os.Exit(1)
	}
	var cfg config
	flag.IntVar(&cfg.games, "n", 100, "games at once (two connections each)")
	flag.DurationVar(&cfg.duration, "duration", 30*time.Second, "how long to play, warm-up included")
	flag.DurationVar(&cfg.warmup, "warmup", 15*time.Second, "how long before the CPU is counted")
	flag.DurationVar(&cfg.think, "think", time.Second, "a seat's mean pause before it acts")
	flag.IntVar(&cfg.table, "table", defaultTable, "bytes of the table message a seat receives a move (loadtest's bytes per seat per move)")
	flag.StringVar(&cfg.loop, "loop", loopGoroutines, "how the server waits for its sockets: goroutines (a goroutine a connection on the Go runtime's poller, as kartenwerk serve does) or epoll (one thread's epoll loop)")
	flag.Parse()
	r, err := run(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "socketfloor:", err)
		os.Exit(1)
	}
	fmt.Println(r)
}

// config is a run's settings.
type config struct {
	games            int
	duration, warmup time.Duration
	think            time.Duration
	table            int
	loop             string
}

// result is what a run measured after its warm-up.
type result struct {
	games, moves int64
	seconds      float64
	serverCPU    time.Duration
}

func (r result) String() string {
	return fmt.Sprintf("%d games, %d moves in %.1fs after the warm-up: %.0f moves/s; server CPU %.1f µs a move",
		r.games, r.moves, r.seconds, float64(r.moves)/r.seconds, r.perMove())
}

// perMove is the server's CPU a move in microseconds.
func (r result) perMove() float64 {
	if r.moves == 0 {
		return 0
	}
	return float64(r.serverCPU) / float64(time.Microsecond) / float64(r.moves)
}

// run starts the server as a child process, plays, and stops it.
func run(cfg config) (result, error) {
	if cfg.games < 1 || cfg.table < 16 || cfg.warmup >= cfg.duration {
		return result{}, errors.New("need -n of at least 1, -table of at least 16 bytes and a -warmup shorter than -duration")
	}
	if cfg.loop == "" {
		cfg.loop = loopGoroutines
	}
	if cfg.loop != loopGoroutines && cfg.loop != loopEpoll {
		return result{}, fmt.Errorf("-loop %q: want %s or %s", cfg.loop, loopGoroutines, loopEpoll)
	}
	addr, err := freeAddr()
	if err != nil {
		return result{}, err
	}
	self, err := os.Executable()
	if err != nil {
		return result{}, err
	}
	child := exec.Command(self)
	child.Env = append(os.Environ(), serveEnv+"="+addr, tableEnv+"="+strconv.Itoa(cfg.table), loopEnv+"="+cfg.loop)
	child.Stderr = os.Stderr
	if err := child.Start(); err != nil {
		return result{}, err
	}
	defer func() { child.Process.Kill(); child.Wait() }()
	if err := waitListening(addr); err != nil {
		return result{}, err
	}
	return play(cfg, addr, child.Process.Pid)
}

// tableSize reads the child's table size from its environment.
func tableSize() int {
	n, err := strconv.Atoi(os.Getenv(tableEnv))
	if err != nil || n < 16 {
		return defaultTable
	}
	return n
}

// freeAddr is a loopback address with a port nobody listens on.
func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// waitListening waits up to five seconds for the server to listen.
func waitListening(addr string) error {
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return nil
		}
	}
	return fmt.Errorf("the server did not listen on %s within 5s", addr)
}

// processCPU is a process's CPU time, user and system, from /proc.
func processCPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, err
	}
	// The fields after the command's closing parenthesis: utime and stime
	// are the 12th and 13th of them, in clock ticks (100 a second here).
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	if len(f) < 13 {
		return 0, fmt.Errorf("short /proc/%d/stat", pid)
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * 10 * time.Millisecond, nil
}

// serveBy serves with the named loop (goroutines when unnamed).
func serveBy(loop, addr string, size int) error {
	if loop == loopEpoll {
		return serveEpoll(addr, size)
	}
	return serve(addr, size)
}

// serve pairs connections in the order they arrive as the two seats of a
// game and, for each message a seat sends, writes a table of size bytes
// to it and to its opponent, as a server tells both seats of a move.
func serve(addr string, size int) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	var waiting *seatConn
	for {
		c, err := ln.Accept()
		if err != nil {
			return err
		}
		if _, err := ws.Upgrade(c); err != nil {
			c.Close()
			continue
		}
		s := &seatConn{Conn: c}
		if waiting == nil {
			waiting = s
			continue
		}
		go relay(waiting, s, size)
		go relay(s, waiting, size)
		waiting = nil
	}
}

// seatConn is a seat's connection; writes to it are serialised, as both
// seats' readers write to both.
type seatConn struct {
	net.Conn
	mu sync.Mutex
}

// send writes msg whole.
func (c *seatConn) send(msg []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, err := c.Write(msg)
	return err
}

// relay reads c's messages and answers each with a table to both seats.
func relay(c, opponent *seatConn, size int) {
	defer c.Close()
	table := frame(make([]byte, size))
	in := bufio.NewReaderSize(c, 1024)
	payload := make([]byte, 0, 256)
	for {
		h, err := ws.ReadHeader(in)
		if err != nil || h.Length > 4096 {
			return
		}
		payload = payload[:h.Length]
		if _, err := io.ReadFull(in, payload); err != nil {
			return
		}
		ws.Cipher(payload, h.Mask, 0)
		if c.send(table) != nil || opponent.send(table) != nil {
			return
		}
	}
}

// frame is payload as one unmasked text frame, as a server sends.
func frame(payload []byte) []byte {
	for i := range payload {
		payload[i] = 'x'
	}
	return ws.MustCompileFrame(ws.NewTextFrame(payload))
}

// play connects two seats a game; the seats act in turn, each after a
// pause about think long, and both read the table each action brings.
// It counts the moves and the server's CPU after the warm-up.
func play(cfg config, addr string, serverPID int) (result, error) {
	var moves atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var stopping sync.Once
	end := func() { stopping.Do(func() { close(stop) }); wg.Wait() }
	defer end() // on every return: no game plays on
	var failed atomic.Value
	for g := range cfg.games {
		a, b, err := dialPair(addr)
		if err != nil {
			return result{}, fmt.Errorf("game %d: %w", g+1, err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer a.Close()
			defer b.Close()
			if err := playGame(a, b, cfg.think, uint64(g), stop, &moves); err != nil {
				failed.Store(err)
			}
		}()
	}
	time.Sleep(cfg.warmup)
	cpu0, err := processCPU(serverPID)
	if err != nil {
		return result{}, err
	}
	moves0, start := moves.Load(), time.Now()
	time.Sleep(cfg.duration - cfg.warmup)
	cpu1, err := processCPU(serverPID)
	if err != nil {
		return result{}, err
	}
	r := result{games: int64(cfg.games), moves: moves.Load() - moves0, seconds: time.Since(start).Seconds(), serverCPU: cpu1 - cpu0}
	end()
	if err, ok := failed.Load().(error); ok {
		return r, err
	}
	return r, nil
}

// dialPair opens a game's two WebSockets, in order, so that the server
// pairs them.
func dialPair(addr string) (a, b net.Conn, err error) {
	if a, err = dial(addr); err != nil {
		return nil, nil, err
	}
	if b, err = dial(addr); err != nil {
		a.Close()
		return nil, nil, err
	}
	return a, b, nil
}

// dial opens a WebSocket to the server.
func dial(addr string) (net.Conn, error) {
	c, _, _, err := ws.Dial(context.Background(), "ws://"+addr+"/")
	return c, err
}

// readWait is how long a seat waits for a move's table.
const readWait = 5 * time.Second

// playGame plays one game's seats until stop: the seat to act waits,
// sends an action of a client's usual size, and both seats read their
// table.
func playGame(a, b net.Conn, think time.Duration, seed uint64, stop <-chan struct{}, moves *atomic.Int64) error {
	rng := rand.New(rand.NewPCG(seed, 1))
	seats := [2]net.Conn{a, b}
	readers := [2]*bufio.Reader{bufio.NewReader(a), bufio.NewReader(b)}
	act := []byte(`{"type":"act","token":"5f2c9a1b7e5f2c9a","action":"attack c3 c9","version":42}`)
	buf := make([]byte, 8192)
	for turn := 0; ; turn++ {
		select {
		case <-stop:
			return nil
		case <-time.After(time.Duration(rng.Float64() * 2 * float64(think))):
		}
		m := turn % 2
		if err := ws.WriteFrame(seats[m], ws.MaskFrame(ws.NewTextFrame(append([]byte(nil), act...)))); err != nil {
			return err
		}
		for _, s := range [2]int{m, 1 - m} {
			seats[s].SetReadDeadline(time.Now().Add(readWait)) // a table that never comes fails the run
			h, err := ws.ReadHeader(readers[s])
			if err != nil {
				return err
			}
			if h.Length > int64(len(buf)) {
				return fmt.Errorf("a table of %d bytes", h.Length)
			}
			if _, err := io.ReadFull(readers[s], buf[:h.Length]); err != nil {
				return err
			}
		}
		moves.Add(1)
	}
}

// raiseFileLimit lifts the open-file limit to the hard limit: a game
// holds two connections in each process.
func raiseFileLimit() {
	var l syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l) == nil && l.Cur < l.Max {
		l.Cur = l.Max
		syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l)
	}
}
