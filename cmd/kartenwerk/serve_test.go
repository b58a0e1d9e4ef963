package main

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"kartenwerk/server"
)

func TestServeCardsNeedAGame(t *testing.T) {
	dir := t.TempDir()
	defer func() { cardsDir = "" }()
	cardsDir = dir
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // a server that wrongly starts stops at once
	err := runServe(ctx, serveOptions{addr: "127.0.0.1:0", db: filepath.Join(dir, "g.db")}, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "--cards needs --game") || !strings.Contains(err.Error(), "e.g. --game mysticelements") {
		t.Errorf("serve --cards without --game: %v", err)
	}
	if _, err := serveGames("chess"); err == nil || !strings.Contains(err.Error(), `--game: unknown game "chess"`) {
		t.Errorf("serve --game chess: %v", err)
	}
	if _, err := serveGames("trick"); err == nil || !strings.Contains(err.Error(), "cannot load extra card files") {
		t.Errorf("serve --game trick --cards: %v", err)
	}
}

func TestServeGameWithCards(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "mine.yaml"), []byte("cards:\n  - {name: Prion, type: erreger, subtype: virus, cost: 5, stats: 4/4, copies: 3}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	defer func() { cardsDir = "" }()
	cardsDir = dir
	games, err := serveGames("microlife")
	if err != nil {
		t.Fatal(err)
	}
	store, err := server.OpenStore(context.Background(), filepath.Join(dir, "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	srv, err := server.New(server.Config{Store: store, Games: games})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	hs := httptest.NewServer(srv)
	defer hs.Close()
	if body := get(t, hs.URL+"/api/catalog"); !strings.Contains(body, `"id":"microlife"`) || strings.Contains(body, `"id":"mysticelements"`) {
		t.Errorf("serve --game microlife offers other games: %s", body)
	}
	if body := get(t, hs.URL+"/api/catalog/microlife/cards"); !strings.Contains(body, "Prion") {
		t.Errorf("serve --cards: the card pool lacks the added card: %.300s", body)
	}
}

func get(t *testing.T, url string) string {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return string(b)
}

// The DSN's password never reaches the log or the error, even when the
// database cannot be reached and the driver explains why.
func TestServeNeverLogsTheDSNPassword(t *testing.T) {
	var log strings.Builder
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	err := runServe(ctx, serveOptions{addr: "127.0.0.1:0", rate: 20, db: "postgres://kw:Sup3rS3cret@127.0.0.1:1/kartenwerk?connect_timeout=5"}, &log)
	if err == nil {
		t.Fatal("serve with an unreachable PostgreSQL started")
	}
	if strings.Contains(log.String()+err.Error(), "Sup3rS3cret") {
		t.Errorf("the password is in the log or error:\n%s\n%v", log.String(), err)
	}
	if !strings.Contains(log.String(), "kw:xxxxx@127.0.0.1:1") {
		t.Errorf("the log does not name the redacted store:\n%s\n%v", log.String(), err)
	}
}

// The /lab flags are shown in serve --help, and a value out of range is
// refused naming its flag.
func TestServeLabFlagsAreCheckedAndNamed(t *testing.T) {
	var help strings.Builder
	cmd := serveCmd()
	cmd.SetOut(&help)
	cmd.SetArgs([]string{"--help"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	for _, flag := range []string{"--lab-max-games", "--lab-max-card-kib", "--lab-runs-per-user", "--lab-max-queued", "--lab-max-run-time", "--lab-keep", "--lab-keep-runs"} {
		if !strings.Contains(help.String(), flag) {
			t.Errorf("serve --help does not show %s", flag)
		}
	}
	for _, tc := range []struct{ args, flag string }{
		{"--lab-max-games -5", "--lab-max-games -5"},
		{"--lab-max-card-kib 100000", "--lab-max-card-kib 100000"},
		{"--lab-runs-per-user -1", "--lab-runs-per-user -1"},
		{"--lab-max-queued -2", "--lab-max-queued -2"},
		{"--lab-keep-runs -3", "--lab-keep-runs -3"},
		{"--lab-max-run-time 5s", "--lab-max-run-time 5s"},
		{"--lab-keep 10m", "--lab-keep 10m0s"},
	} {
		o := parseLabFlags(t, tc.args)
		if _, err := o.limits(); err == nil || !strings.HasPrefix(err.Error(), tc.flag+": give ") {
			t.Errorf("serve %s: %v, want an error naming %s and its range", tc.args, err, tc.flag)
		}
	}
	lim, err := parseLabFlags(t, "").limits()
	if err != nil || lim.MaxGames != 100_000 || lim.MaxCardBytes != 64<<10 || lim.RunsPerUser != 3 || lim.MaxQueued != 20 ||
		lim.MaxRunTime != 2*time.Hour || lim.KeepFor != 90*24*time.Hour || lim.KeepPerUser != 200 {
		t.Errorf("the default lab limits: %+v, %v", lim, err)
	}
}

// Lowered /lab flags reach the workbench through the server's config:
// a run over the lowered bounds is refused with the lowered number.
func TestServeLoweredLabFlagsAreEnforced(t *testing.T) {
	lim, err := parseLabFlags(t, "--lab-max-games 50 --lab-max-card-kib 1 --lab-runs-per-user 1").limits()
	if err != nil {
		t.Fatal(err)
	}
	store, err := server.OpenStore(context.Background(), filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	srv, err := server.New(server.Config{Store: store, Lab: lim})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	hs := httptest.NewServer(srv)
	defer hs.Close()
	post := func(body string) (int, string) {
		t.Helper()
		res, err := http.Post(hs.URL+"/api/lab/runs", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	if code, body := post(`{"game":"microlife","games":51}`); code != http.StatusBadRequest || !strings.Contains(body, "between 1 and 50") {
		t.Errorf("51 games under --lab-max-games 50: %d %s", code, body)
	}
	big := strings.Repeat("# a comment line that fills the file\n", 40)
	if code, body := post(`{"game":"microlife","games":10,"card_file":"a.yaml","cards":` + strconv.Quote(big) + `}`); code != http.StatusRequestEntityTooLarge || !strings.Contains(body, "at most 1 KiB") {
		t.Errorf("a 1.5 KiB card file under --lab-max-card-kib 1: %d %s", code, body)
	}
	slow := `{"game":"microlife","games":50,"agents":["ismcts:iters=2000"]}`
	if code, body := post(slow); code != http.StatusAccepted {
		t.Fatalf("the first run: %d %s", code, body)
	}
	if code, body := post(slow); code != http.StatusTooManyRequests || !strings.Contains(body, "already have 1 runs") {
		t.Errorf("a second run under --lab-runs-per-user 1: %d %s", code, body)
	}
}

// parseLabFlags is the /lab flags serve declares, parsed from args
// (split at spaces).
func parseLabFlags(t *testing.T, args string) labFlags {
	t.Helper()
	var o labFlags
	cmd := &cobra.Command{}
	addLabFlags(cmd, &o)
	if err := cmd.ParseFlags(strings.Fields(args)); err != nil {
		t.Fatalf("serve %s: %v", args, err)
	}
	return o
}

// --memprofile writes a heap profile when the server stops, and a path
// that cannot be written is refused before it starts.
func TestServeMemProfile(t *testing.T) {
	dir := t.TempDir()
	prof := filepath.Join(dir, "heap.pprof")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	o := serveOptions{addr: "127.0.0.1:0", rate: 20, db: filepath.Join(dir, "g.db"), memProf: prof}
	if err := runServe(ctx, o, stopWhenServing{cancel}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(prof)
	if err != nil || len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b { // a profile is gzipped protobuf
		t.Errorf("--memprofile wrote %d bytes (%v), not a profile", len(b), err)
	}
	o.memProf = filepath.Join(dir, "no such dir", "heap.pprof")
	if err := runServe(ctx, o, io.Discard); err == nil || !strings.Contains(err.Error(), "--memprofile") {
		t.Errorf("--memprofile into a missing directory: %v", err)
	}
}

// stopWhenServing is a server's log that stops it once it serves.
type stopWhenServing struct{ stop context.CancelFunc }

func (w stopWhenServing) Write(b []byte) (int, error) {
	if strings.Contains(string(b), "msg=serving") {
		w.stop()
	}
	return len(b), nil
}
