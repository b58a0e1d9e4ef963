package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"

	"kartenwerk/server"
)

// TestMain lets the load test start this test binary as its server: run
// with KARTENWERK_RUN_MAIN=1, the binary is the kartenwerk command.
func TestMain(m *testing.M) {
	if os.Getenv("KARTENWERK_RUN_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestLoadtestStartsItsServerProcess(t *testing.T) {
	t.Setenv("KARTENWERK_RUN_MAIN", "1")
	prof := t.TempDir() + "/server.pprof"
	out, errOut, err := run(t, "", "loadtest", "-n", "3", "--duration", "3s", "--warmup", "0s", "--think", "0",
		"--game", "trick", "--json", "--server-cpuprofile", prof)
	var r server.LoadReport
	if err != nil || json.Unmarshal([]byte(out), &r) != nil {
		t.Fatalf("loadtest: %v\n%s\n%s", err, out, errOut)
	}
	if r.Games != 3 || r.Moves == 0 || r.Errors != 0 || r.Finished == 0 {
		t.Errorf("the load test against its own server process measured %+v\n%s", r, errOut)
	}
	if fi, err := os.Stat(prof); err != nil || fi.Size() == 0 {
		t.Errorf("the server process wrote no CPU profile: %v", err)
	}
}

func TestLoadtestRefusesFlagsItWouldIgnore(t *testing.T) {
	defer func() { cardsDir = "" }()
	for _, args := range [][]string{
		{"loadtest", "--in-process", "--url", "http://127.0.0.1:8080"},
		{"loadtest", "--in-process", "--server-cpuprofile", "x.pprof"},
		{"--cards", ".", "loadtest", "--url", "http://127.0.0.1:8080"},
	} {
		_, _, err := run(t, "", args...)
		if err == nil || !strings.Contains(err.Error(), "drop --url") && !strings.Contains(err.Error(), "give one of them") {
			t.Errorf("%v: %v", args, err)
		}
	}
}

// loadtest says when the games' connections cannot fit in the open files
// this process may have, and is silent when they fit.
func TestLoadtestWarnsWhenTheGamesCannotFitTheFileLimit(t *testing.T) {
	if files, _ := raiseFileLimit(); files == math.MaxUint64 {
		t.Skip("open files have no limit here")
	}
	var out bytes.Buffer
	warnFileLimit(loadOptions{games: 1 << 40}, &out)
	if !strings.Contains(out.String(), "ulimit -Hn") {
		t.Errorf("a trillion games: %q, want a warning naming the hard limit", out.String())
	}
	out.Reset()
	warnFileLimit(loadOptions{games: 1}, &out)
	if out.Len() > 0 {
		t.Errorf("one game: %q, want no warning", out.String())
	}
}
