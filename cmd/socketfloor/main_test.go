package main

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gobwas/ws"
)

// TestMain lets the test binary serve as the floor's server, which run
// starts as a child process of its own executable.
func TestMain(m *testing.M) {
	if addr := os.Getenv(serveEnv); addr != "" {
		if err := serveBy(os.Getenv(loopEnv), addr, tableSize()); err != nil {
			os.Exit(1)
		}
		return
	}
	os.Exit(m.Run())
}

// TestRunPlaysAndCounts plays a few quick games with each of the
// server's loops: every seat's action must bring a table to both seats,
// or playGame fails the run.
func TestRunPlaysAndCounts(t *testing.T) {
	for _, loop := range []string{loopGoroutines, loopEpoll} {
		t.Run(loop, func(t *testing.T) {
			r, err := run(config{games: 4, duration: 1500 * time.Millisecond, warmup: 500 * time.Millisecond, think: 20 * time.Millisecond, table: 600, loop: loop})
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
		})
	}
}

// TestFrameSize reads client frames' lengths, whole or cut short.
func TestFrameSize(t *testing.T) {
	short := ws.MustCompileFrame(ws.MaskFrame(ws.NewTextFrame([]byte("attack c3 c9"))))
	long := ws.MustCompileFrame(ws.MaskFrame(ws.NewTextFrame(make([]byte, 300))))
	for _, tc := range []struct {
		name string
		b    []byte
		want int
	}{
		{"short frame", short, len(short)},
		{"short frame and the next one's start", append(append([]byte(nil), short...), short[:3]...), len(short)},
		{"short frame cut", short[:len(short)-1], 0},
		{"16-bit length", long, len(long)},
		{"16-bit length cut in its header", long[:3], 0},
		{"one byte", short[:1], 0},
	} {
		if got := frameSize(tc.b); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestRunRefusesBadSettings(t *testing.T) {
	for _, cfg := range []config{
		{games: 0, duration: time.Second, warmup: 0, table: 600},
		{games: 1, duration: time.Second, warmup: time.Second, table: 600},
		{games: 1, duration: time.Second, warmup: 0, table: 8},
		{games: 1, duration: time.Second, warmup: 0, table: 600, loop: "io_uring"},
	} {
		if _, err := run(cfg); err == nil {
			t.Errorf("%+v: no error", cfg)
		}
	}
}
