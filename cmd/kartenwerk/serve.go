package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/netip"
	"os"
	"os/signal"
	"runtime"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"kartenwerk/engine"
	"kartenwerk/lab"
	"kartenwerk/platform/codes"
	"kartenwerk/server"
)

type serveOptions struct {
	addr    string
	db      string
	game    string
	aiDelay time.Duration
	rate    float64
	cpuProf string
	memProf string
	limits  server.Config
	http    server.HTTPLimits
	// advertise is this replica's URL for the others.
	advertise string
	// codesPepperFile holds the codes pepper (else $KARTENWERK_CODES_PEPPER).
	codesPepperFile string
	// trustedProxies are --trusted-proxy values, metricsFrom --metrics-from.
	trustedProxies, metricsFrom []string
	lab                         labFlags
	// gc is --gc-percent (serve_gc.go).
	gc *gcFlag
}

func serveCmd() *cobra.Command {
	var o serveOptions
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the lobby and tables to play in a browser",
		Long: "Serve the lobby and tables to play in a browser against AI seats or friends.\n" +
			"Every game is stored as its record, so a restarted server resumes every game.\n" +
			"--game ID offers only that game; with it, --cards DIR serves the game with those card files\n" +
			"(serve it with the same files after a restart, so its games resume as they were played).\n" +
			"Open http://ADDR/ in a browser; the JSON API is described in the README.",
		Args: argsBetween(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runServe(ctx, o, cmd.ErrOrStderr())
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.addr, "addr", "127.0.0.1:8080", "the address to listen on")
	f.StringVar(&o.db, "db", "kartenwerk.db", "a SQLite file, or a postgres://user:pass@host/db URL")
	f.StringVar(&o.game, "game", "", "offer only this game (default: every game); needed for --cards")
	f.DurationVar(&o.aiDelay, "ai-delay", 400*time.Millisecond, "the least time an AI seat shows as thinking, so its moves can be followed")
	f.Float64Var(&o.rate, "rate", 20, "the messages a second each connection may send on average (twice as many at once)")
	f.DurationVar(&o.limits.AIMaxThink, "ai-max-think", 3*time.Second, "the longest an AI seat thinks per decision, whatever its spec asks")
	f.IntVar(&o.limits.AIMaxIters, "ai-max-iters", 20000, "the most search iterations an AI seat runs per decision, whatever its spec asks")
	f.Float64Var(&o.limits.CreateRate, "create-rate", 30, "the games one address may start a minute on average (10 at once)")
	f.IntVar(&o.limits.MaxOpenGames, "max-open-games", 20, "the unfinished games one address may have")
	f.DurationVar(&o.limits.EvictAfter, "evict-after", 10*time.Minute, "how long a game nobody plays or watches stays in memory (the store keeps it)")
	f.DurationVar(&o.limits.ExpireAfter, "expire-after", 7*24*time.Hour, "end unfinished games nobody has played for this long")
	f.StringVar(&o.advertise, "advertise", "", "with a postgres:// --db shared by replicas: the URL the other replicas reach this one at (default http://ADDR)")
	f.DurationVar(&o.limits.LeaseTTL, "lease", 5*time.Second, "with replicas: how long a replica owns its games after its last renewal; a dead replica's games move within about this time")
	f.BoolVar(&o.limits.SecureCookies, "secure-cookies", false, "mark login cookies Secure even over plain HTTP: for a server behind a proxy that ends TLS (requests over TLS get them anyway)")
	f.IntVar(&o.http.MaxConns, "max-conns", 50000, "the most connections open at once")
	f.IntVar(&o.http.MaxConnsPerAddr, "max-conns-per-addr", 1000, "the most connections open at once from one address")
	f.BoolVar(&o.limits.Ranked.PhysicalOnly, "ranked-physical", false, "physical cards only: a player queues for ranked only with a deck whose every copy their account has registered")
	f.StringSliceVar(&o.metricsFrom, "metrics-from", nil, "the address or CIDR of a network allowed to read /metrics (repeatable; default: loopback and private networks)")
	f.StringSliceVar(&o.trustedProxies, "trusted-proxy", nil, "the address or CIDR of a reverse proxy in front of the server, whose X-Forwarded-For is believed (repeatable)")
	f.StringVar(&o.codesPepperFile, "codes-pepper-file", "", "the file holding the pepper of card registration codes (else $"+pepperEnv+"; without either, codes cannot be registered)")
	f.DurationVar(&o.limits.Ranked.PerMove, "ranked-move", 2*time.Minute, "ranked games: the most one decision may take")
	f.DurationVar(&o.limits.Ranked.Bank, "ranked-bank", 20*time.Minute, "ranked games: each player's total time for the game")
	f.DurationVar(&o.limits.Ranked.Grace, "ranked-grace", 2*time.Minute, "ranked games: how long a player may be away from the table before losing")
	f.StringVar(&o.cpuProf, "cpuprofile", "", "write a CPU profile of the server to this file when it stops")
	f.StringVar(&o.memProf, "memprofile", "", "write a heap profile of the server to this file when it stops: what it holds then, and what it allocated since it started (go tool pprof -sample_index=alloc_space)")
	addLabFlags(cmd, &o.lab)
	o.gc = addGCFlag(cmd) // the garbage collector's target (serve_gc.go)
	return cmd
}

func runServe(ctx context.Context, o serveOptions, logOut interface{ Write([]byte) (int, error) }) error {
	log := slog.New(slog.NewTextHandler(logOut, nil))
	if o.gc != nil {
		if err := o.gc.apply(); err != nil {
			return err
		}
	}
	raiseFileLimit() // every connection is an open file
	games, err := serveGames(o.game)
	if err != nil {
		return err
	}
	if o.limits.CreateRate < 0 || o.limits.MaxOpenGames < 0 || o.http.MaxConns < 0 || o.http.MaxConnsPerAddr < 0 {
		return errors.New("--create-rate, --max-open-games, --max-conns and --max-conns-per-addr take positive numbers (0: the default)")
	}
	labLimits, err := o.lab.limits()
	if err != nil {
		return err
	}
	if o.rate <= 0 {
		return fmt.Errorf("--rate %g: give a positive number of messages a second", o.rate)
	}
	proxies, err := parsePrefixes("--trusted-proxy", o.trustedProxies)
	if err != nil {
		return err
	}
	scrapers, err := parsePrefixes("--metrics-from", o.metricsFrom)
	if err != nil {
		return err
	}
	stopProfile, err := startCPUProfile(o.cpuProf)
	if err != nil {
		return err
	}
	defer stopProfile()
	writeHeap, err := heapProfileTo(o.memProf)
	if err != nil {
		return err
	}
	defer writeHeap(log)
	db := server.RedactDSN(o.db)
	log.Info("opening the store", "db", db)
	store, err := server.OpenStore(ctx, o.db)
	if err != nil {
		return fmt.Errorf("--db %s: %w", db, err)
	}
	defer store.Close()
	cfg := o.limits
	cfg.Lab = labLimits
	if cfg.CodesPepper, err = servePepper(o.codesPepperFile); err != nil {
		return err
	}
	log.Info("card registration codes", "enabled", cfg.CodesPepper != nil)
	cfg.Store, cfg.Games, cfg.Logger, cfg.AIDelay = store, games, log, o.aiDelay
	cfg.TrustedProxies, o.http.TrustedProxies, cfg.MetricsFrom = proxies, proxies, scrapers
	cfg.Rate, cfg.Burst = o.rate, max(1, int(2*o.rate))
	// The burst is a third of a minute's games: 10 at the default rate.
	cfg.CreateRate, cfg.CreateBurst = o.limits.CreateRate/60, max(10, int(o.limits.CreateRate/3))
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return fmt.Errorf("--addr %s: %w (choose a free port, e.g. --addr 127.0.0.1:8081)", o.addr, err)
	}
	defer ln.Close()
	cfg.Advertise = o.advertise
	if cfg.Advertise == "" {
		cfg.Advertise = "http://" + ln.Addr().String()
	}
	srv, err := server.New(cfg)
	if err != nil {
		return err
	}
	defer srv.Close()
	hs := server.NewHTTPServer(srv, o.http)
	ln = server.LimitListener(ln, o.http)
	log.Info("serving", "url", "http://"+ln.Addr().String()+"/", "db", db)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	srv.Close()
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}

// servePepper is the codes pepper of --codes-pepper-file or the
// environment, or nil if neither gives one.
func servePepper(file string) (*codes.Pepper, error) {
	if file == "" && os.Getenv(pepperEnv) == "" {
		return nil, nil
	}
	p, err := pepperFrom("--codes-pepper-file", file)
	return &p, err
}

// serveGames is the games the server offers: every game, or with --game
// only that one, with the --cards files applied to it.
func serveGames(id string) ([]engine.Game, error) {
	if id == "" {
		if cardsDir != "" {
			return nil, errors.New("--cards needs --game: the card files are for one game; e.g. --game mysticelements")
		}
		return engine.Games(), nil
	}
	if _, err := engine.Lookup(id); err != nil {
		return nil, fmt.Errorf("--game: %w", err)
	}
	g, err := lookupGame(id)
	if err != nil {
		return nil, err
	}
	return []engine.Game{g}, nil
}

// startCPUProfile profiles this process into path until the returned
// function is called; an empty path profiles nothing.
func startCPUProfile(path string) (func(), error) {
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("--cpuprofile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("--cpuprofile: %w", err)
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

// heapProfileTo creates path and returns the function that writes this
// process's heap profile into it, logging a failure; an empty path
// writes nothing. The file is made at once so that a path that cannot
// be written is refused before the server starts, not lost when it stops.
func heapProfileTo(path string) (func(*slog.Logger), error) {
	if path == "" {
		return func(*slog.Logger) {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("--memprofile: %w", err)
	}
	return func(log *slog.Logger) {
		runtime.GC() // the profile's live heap is as of the last collection
		err := pprof.Lookup("allocs").WriteTo(f, 0)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			log.Error("writing the heap profile failed", "file", path, "err", err)
		}
	}, nil
}

// parsePrefixes reads a flag's addresses or CIDR prefixes.
func parsePrefixes(flag string, values []string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, v := range values {
		v = strings.TrimSpace(v)
		if p, err := netip.ParsePrefix(v); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(v)
		if err != nil {
			return nil, fmt.Errorf("%s %q: give an address (10.0.0.5) or a CIDR prefix (10.0.0.0/8)", flag, v)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}

// The /lab workbench's flags.

// labFlags are the workbench's limits as serve takes them.
type labFlags struct {
	maxGames, maxCardKiB, runsPerUser, maxQueued, keepRuns int
	maxRunTime, keep                                       time.Duration
}

// addLabFlags declares the /lab workbench's limits, with lab's defaults.
func addLabFlags(cmd *cobra.Command, o *labFlags) {
	f := cmd.Flags()
	f.IntVar(&o.maxGames, "lab-max-games", 100_000, "/lab: the most games one run may play (also the most a run played until precise plays)")
	f.IntVar(&o.maxCardKiB, "lab-max-card-kib", 64, "/lab: the largest edited card file a run may use, in KiB")
	f.IntVar(&o.runsPerUser, "lab-runs-per-user", 3, "/lab: the runs one account (or one address without a login) may have waiting or playing")
	f.IntVar(&o.maxQueued, "lab-max-queued", 20, "/lab: the runs waiting or playing on this server overall")
	f.DurationVar(&o.maxRunTime, "lab-max-run-time", 2*time.Hour, "/lab: a run playing longer is stopped")
	f.DurationVar(&o.keep, "lab-keep", 90*24*time.Hour, "/lab: how long a finished run stays stored after it ended")
	f.IntVar(&o.keepRuns, "lab-keep-runs", 200, "/lab: the most runs one owner keeps stored; beyond it the oldest finished ones are deleted")
}

// labBound is one flag's allowed range.
type labBound[T int | time.Duration] struct {
	flag     string
	value    T
	min, max T
	what     string
}

// check allows 0, which takes lab's default, as the other flags do.
func (b labBound[T]) check() error {
	if b.value != 0 && (b.value < b.min || b.value > b.max) {
		return fmt.Errorf("--%s %v: give %s from %v to %v (0: the default)", b.flag, b.value, b.what, b.min, b.max)
	}
	return nil
}

// limits checks the flags and makes the lab's limits; a value out of
// range is an error naming its flag and the range it takes.
func (o labFlags) limits() (lab.Limits, error) {
	counts := []labBound[int]{
		{"lab-max-games", o.maxGames, 1, 100_000_000, "a number of games"},
		{"lab-max-card-kib", o.maxCardKiB, 1, 4096, "a size in KiB"},
		{"lab-runs-per-user", o.runsPerUser, 1, 1000, "a number of runs"},
		{"lab-max-queued", o.maxQueued, 1, 100_000, "a number of runs"},
		{"lab-keep-runs", o.keepRuns, 1, 1_000_000, "a number of runs"},
	}
	times := []labBound[time.Duration]{
		{"lab-max-run-time", o.maxRunTime, time.Minute, 30 * 24 * time.Hour, "a duration (e.g. 2h)"},
		{"lab-keep", o.keep, time.Hour, 100 * 365 * 24 * time.Hour, "a duration (e.g. 720h for 30 days)"},
	}
	for _, b := range counts {
		if err := b.check(); err != nil {
			return lab.Limits{}, err
		}
	}
	for _, b := range times {
		if err := b.check(); err != nil {
			return lab.Limits{}, err
		}
	}
	return lab.Limits{MaxGames: o.maxGames, MaxCardBytes: o.maxCardKiB << 10, RunsPerUser: o.runsPerUser,
		MaxQueued: o.maxQueued, MaxRunTime: o.maxRunTime, KeepFor: o.keep, KeepPerUser: o.keepRuns}, nil
}
