package server

import (
	"context"
	"net/http"
	"net/netip"
	"regexp"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Process-wide measurements: one server runs per process in production;
// every Server's registry reports them.
var (
	movesTotal = prometheus.NewCounter(prometheus.CounterOpts{Name: "kartenwerk_moves_total",
		Help: "Actions applied, by players and AI seats (rate() gives moves per second)."})
	moveSeconds = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "kartenwerk_move_seconds",
		Help:    "Time to apply an action: store commit, rules and sending the tables.",
		Buckets: prometheus.ExponentialBuckets(0.0005, 2, 14)})
	commitSeconds = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "kartenwerk_store_commit_seconds",
		Help:    "Time to commit one batch of writes to the store.",
		Buckets: prometheus.ExponentialBuckets(0.0002, 2, 14)})
	actionLogErrors = prometheus.NewCounter(prometheus.CounterOpts{Name: "kartenwerk_store_action_log_errors_total",
		Help: "Failed steps of moving SQLite's action log into the games' actions (the actions stay in the log; see the server's log)."})
	wsConnections atomic.Int64
)

// metricsHandler serves the Prometheus metrics of srv.
func (srv *Server) metricsHandler() http.Handler {
	reg := prometheus.NewRegistry()
	reg.MustRegister(movesTotal, moveSeconds, commitSeconds, actionLogErrors,
		goCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "kartenwerk_games_in_memory", Help: "Games live in memory."},
			func() float64 { return float64(len(srv.liveSessions())) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "kartenwerk_connections", Help: "Open WebSocket connections."},
			func() float64 { return float64(wsConnections.Load()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "kartenwerk_ai_queue_depth", Help: "AI decisions waiting for a worker."},
			func() float64 { return float64(srv.ai.depth()) }))
	if srv.acct != nil {
		reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "kartenwerk_password_hashes_total",
			Help: "argon2id password hashes computed (sign-ups, logins, password changes)."},
			func() float64 { return float64(srv.acct.hashes.Load()) }))
	}
	metrics := promhttp.HandlerFor(reg, promhttp.HandlerOpts{})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !srv.mayScrape(clientAddr(r)) {
			writeError(w, http.StatusForbidden, "the metrics are for the operator's monitoring: scrape them from the server's own network (serve --metrics-from)")
			return
		}
		metrics.ServeHTTP(w, r)
	})
}

// cpuClasses are the runtime's CPU seconds by kind: how much the
// collector's marking, its assists and idle time took.
var cpuClasses = collectors.GoRuntimeMetricsRule{Matcher: regexp.MustCompile(`^/cpu/classes/`)}

// goCollector reports the Go runtime: besides the usual memory figures,
// the collector's (heap scanned, cycles, pauses), the scheduler's (how
// long runnable goroutines waited for a processor) and the CPU each kind
// of work took. At thousands of games a move's p99 is made by
// collections, and these say how long they marked and how long moves
// queued behind them.
func goCollector() prometheus.Collector {
	return collectors.NewGoCollector(collectors.WithGoCollectorRuntimeMetrics(
		collectors.MetricsGC, collectors.MetricsScheduler, cpuClasses))
}

// handleHealth answers liveness: the process serves.
func (srv *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	w.Write([]byte("ok\n"))
}

// handleReady answers readiness: the server is not stopping, its store
// answers, and a replica hears the others' notices.
func (srv *Server) handleReady(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if srv.ctx.Err() != nil {
		http.Error(w, "stopping", http.StatusServiceUnavailable)
		return
	}
	if srv.cluster != nil && !srv.cluster.following.Load() {
		http.Error(w, "not yet following the other replicas", http.StatusServiceUnavailable)
		return
	}
	if _, err := srv.store.ListGames(ctx, 1); err != nil {
		srv.log.Error("not ready: the store does not answer", "err", err)
		http.Error(w, "the store does not answer", http.StatusServiceUnavailable)
		return
	}
	w.Write([]byte("ready\n"))
}

// privateNetworks are where a monitoring scraper sits by default: the
// loopback and the private address ranges (a cluster's pod network),
// never the public internet.
var privateNetworks = []netip.Prefix{
	netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128"),
	netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("172.16.0.0/12"),
	netip.MustParsePrefix("192.168.0.0/16"), netip.MustParsePrefix("fc00::/7"),
}

// mayScrape reports whether a client at addr may read /metrics: from
// Config.MetricsFrom, or the private networks when it names none.
func (srv *Server) mayScrape(addr string) bool {
	from := srv.cfg.MetricsFrom
	if len(from) == 0 {
		from = privateNetworks
	}
	return trusts(from, addr)
}
