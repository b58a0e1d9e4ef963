package main

import (
	"os"
	"strings"
	"testing"
	"time"
)

// TestMain lets the test binary serve as the floor's server, which run
// starts as a child process of its own executable.
func TestMain(m *testing.M) {
	if addr := os.Getenv(serveEnv); addr != "" {
		if err := serve(addr, tableSize()); err != nil {
			os.Exit(1)
		}
		return
	}
	os.Exit(m.Run())
}

// TestRunPlaysAndCounts plays a few quick games: every seat's action must
// bring a table to both seats, or playGame fails the run.
func TestRunPlaysAndCounts(t *testing.T) {
	r, err := run(config{games: 4, duration: 1500 * time.Millisecond, warmup: 500 * time.Millisecond, think: 20 * time.Millisecond, table: 600})
	if err != nil {
		t.Fatal(err)
	}
	// 4 games, a move each 20 ms on average, for a second: about 200.
	if r.moves < 40 {
		t.Errorf("%d moves in %.1fs, want about 200", r.moves, r.seconds)
	}
	if r.serverCPU < 0 || !strings.Contains(r.String(), "moves/s") {
		t.Errorf("report %q (server CPU %v)", r, r.serverCPU)
	}
}

func TestRunRefusesBadSettings(t *testing.T) {
	for _, cfg := range []config{
		{games: 0, duration: time.Second, warmup: 0, table: 600},
		{games: 1, duration: time.Second, warmup: time.Second, table: 600},
		{games: 1, duration: time.Second, warmup: 0, table: 8},
	} {
		if _, err := run(cfg); err == nil {
			t.Errorf("%+v: no error", cfg)
		}
	}
}
