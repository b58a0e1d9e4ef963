package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"kartenwerk/server"
)

type loadOptions struct {
	url        string
	game       string
	games      int
	duration   time.Duration
	think      time.Duration
	warmup     time.Duration
	seed       uint64
	db         string
	asJSON     bool
	inProcess  bool
	cpuProf    string
	serverProf string
	replicas   []string
	spectators int
}

func loadtestCmd() *cobra.Command {
	var o loadOptions
	cmd := &cobra.Command{
		Use:   "loadtest",
		Short: "Play many concurrent games over WebSocket and report moves/s and move latency",
		Long: "Play N concurrent games over WebSocket on loopback, each between two bot clients,\n" +
			"and report moves per second and the p50/p99 latency from sending an action to\n" +
			"receiving the table it produced. Without --url it starts `kartenwerk serve` as a\n" +
			"process of its own over a temporary SQLite file, so the server has its own scheduler\n" +
			"and garbage collector, as when deployed, and the bots do not slow it (--in-process\n" +
			"runs it inside this one instead). Only loopback addresses are accepted.\n\n" +
			"The server CPU per move is that process's, or for servers given with --url or\n" +
			"--replicas what their /metrics count over the run. Each game holds a connection per\n" +
			"seat and per spectator, in this process and in the server: both lift their open-file\n" +
			"limit to the hard limit (ulimit -Hn), and this one warns when the games cannot fit.",
		Args: argsBetween(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			return runLoadtest(ctx, o, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.url, "url", "", "a running server on loopback, e.g. http://127.0.0.1:8080 (default: start one)")
	f.StringVar(&o.db, "db", "", "the store of the server started here: a SQLite file or a postgres:// URL (default: a temporary SQLite file)")
	f.StringVar(&o.game, "game", "mysticelements", "the game to play")
	f.IntVarP(&o.games, "games", "n", 100, "how many games run at once")
	f.DurationVar(&o.duration, "duration", 20*time.Second, "how long to play")
	f.DurationVar(&o.think, "think", time.Second, "the bots' mean pause before each action, as a person's (0: as fast as possible)")
	f.DurationVar(&o.warmup, "warmup", 5*time.Second, "time for the games to start and connect before latencies count")
	f.Uint64Var(&o.seed, "seed", 1, "the bots' seed")
	f.BoolVar(&o.asJSON, "json", false, "print the report as JSON")
	f.BoolVar(&o.inProcess, "in-process", false, "run the server inside this process, sharing its CPUs' scheduler with the bots")
	f.StringVar(&o.cpuProf, "cpuprofile", "", "write a CPU profile of this process (the bots, and the server with --in-process) to this file")
	f.StringSliceVar(&o.replicas, "replicas", nil, "running replicas on loopback that share one store, e.g. http://127.0.0.1:8081,http://127.0.0.1:8082: games and clients spread over them at random")
	f.IntVar(&o.spectators, "spectators", 0, "spectators watching each game")
	f.StringVar(&o.serverProf, "server-cpuprofile", "", "write a CPU profile of the server process started here to this file")
	return cmd
}

func runLoadtest(ctx context.Context, o loadOptions, out, errOut io.Writer) error {
	if err := checkLoadOptions(o); err != nil {
		return err
	}
	warnFileLimit(o, errOut)
	dir, err := os.MkdirTemp("", "kartenwerk-loadtest")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	stopProfile, err := startCPUProfile(o.cpuProf)
	if err != nil {
		return err
	}
	defer stopProfile()
	url := o.url
	var sp *serveProcess
	if url == "" && !o.inProcess && len(o.replicas) == 0 {
		sp, err = startServeProcess(o, dir, errOut)
		if err != nil {
			return err
		}
		defer sp.stop()
		url = sp.url
	}
	if _, fromEnv := os.LookupEnv("GOGC"); !o.inProcess && !fromEnv {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(botMemoryLimit))
		defer debug.SetGCPercent(debug.SetGCPercent(-1))
	}
	r, err := server.LoadTest(ctx, server.LoadConfig{URL: url, Dir: dir, DB: o.db, Game: o.game, Games: o.games,
		Duration: o.duration, Think: o.think, Warmup: o.warmup, Seed: o.seed,
		Replicas: o.replicas, Spectators: o.spectators})
	if err != nil {
		return err
	}
	if sp != nil {
		sp.stop()
		if cpu := sp.cmd.ProcessState.UserTime() + sp.cmd.ProcessState.SystemTime(); r.Moves > 0 {
			r.ServerCPUPerMove = cpu / time.Duration(r.Moves)
		}
	}
	if o.asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	fmt.Fprintln(out, r)
	return nil
}

// botMemoryLimit is the heap at which the bots collect garbage when the
// server is another process; below it they do not collect at all. Each of
// their collections takes the CPU from the server for a tenth of a second
// or more on a small machine (the bot of each seat helps it mark, at least
// 64 KB each), and shows in the latencies as the server's, which players'
// browsers, elsewhere, never cost it. The bots of 10,000 games make about
// 10 MB of garbage a second over 320 MB of their own: 4 GiB lasts them
// six minutes between collections.
const botMemoryLimit = 4 << 30

// warnFileLimit raises this process's open-file limit and says so when
// the bots' connections will not fit in it even so: each game holds a
// connection per seat and per spectator.
func warnFileLimit(o loadOptions, errOut io.Writer) {
	files, err := raiseFileLimit()
	need := uint64(o.games) * uint64(2+o.spectators)
	if err == nil && need+64 > files {
		fmt.Fprintf(errOut, "warning: %d games hold about %d connections, but this process may open %d files (ulimit -Hn): "+
			"some will fail; raise the hard limit, or split the games over several loadtest processes with --url\n", o.games, need, files)
	}
}

// checkLoadOptions refuses flags that would be silently ignored.
func checkLoadOptions(o loadOptions) error {
	switch {
	case o.url != "" && o.inProcess:
		return errors.New("--in-process starts a server, --url uses a running one: give one of them")
	case o.serverProf != "" && (o.url != "" || o.inProcess):
		return errors.New("--server-cpuprofile profiles the server process the load test starts: drop --url and --in-process, or profile that server with serve --cpuprofile")
	case cardsDir != "" && (o.url != "" || o.inProcess):
		return errors.New("--cards applies to the server process the load test starts: drop --url and --in-process, or start that server with --cards and --game")
	}
	return nil
}

// serveProcess is a `kartenwerk serve` started for a load test.
type serveProcess struct {
	cmd  *exec.Cmd
	url  string
	done chan struct{}
}

// startServeProcess starts this program's serve command on a free
// loopback port and waits until it says where it listens. Its log after
// that goes to errOut.
func startServeProcess(o loadOptions, dir string, errOut io.Writer) (*serveProcess, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("finding this program to start its server: %w (or give --in-process)", err)
	}
	cmd := exec.Command(exe, serveArgs(o, dir)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the server: %w (or give --in-process)", err)
	}
	sp := &serveProcess{cmd: cmd, done: make(chan struct{})}
	lines := bufio.NewScanner(stderr)
	sp.url, err = awaitURL(lines)
	go func() {
		for lines.Scan() {
			fmt.Fprintln(errOut, "server:", lines.Text())
		}
		cmd.Wait()
		close(sp.done)
	}()
	if err != nil {
		sp.stop()
		return nil, err
	}
	return sp, nil
}

func serveArgs(o loadOptions, dir string) []string {
	db := o.db
	if db == "" {
		db = filepath.Join(dir, "loadtest.db")
	}
	// The bots may act as fast as the server answers: no rate limit that
	// a bot could reach, and no AI delay.
	args := []string{"serve", "--addr", "127.0.0.1:0", "--db", db, "--ai-delay", "0", "--rate", "1000",
		"--create-rate", "1000000", "--max-open-games", "1000000", "--max-conns", "1000000", "--max-conns-per-addr", "1000000"}
	if o.serverProf != "" {
		args = append(args, "--cpuprofile", o.serverProf)
	}
	if cardsDir != "" {
		args = append(args, "--cards", cardsDir, "--game", o.game)
	}
	return args
}

// awaitURL reads the server's log until its "serving" line and returns
// the URL in it, or the log so far if the server stops first.
func awaitURL(lines *bufio.Scanner) (string, error) {
	var log []string
	for lines.Scan() {
		line := lines.Text()
		if _, rest, ok := strings.Cut(line, " url="); ok && strings.Contains(line, "msg=serving") {
			url, _, _ := strings.Cut(rest, " ")
			return strings.TrimSuffix(url, "/"), nil
		}
		log = append(log, line)
	}
	return "", fmt.Errorf("the server stopped before it listened:\n%s", strings.Join(log, "\n"))
}

// stop asks the server to stop as on Ctrl-C (so it writes its profile and
// closes its store), and kills it if it has not within ten seconds.
func (sp *serveProcess) stop() {
	select {
	case <-sp.done:
		return // stopped already
	default:
	}
	sp.cmd.Process.Signal(os.Interrupt)
	select {
	case <-sp.done:
	case <-time.After(10 * time.Second):
		sp.cmd.Process.Kill()
		<-sp.done
	}
}
