package main

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
