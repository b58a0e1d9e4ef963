package server

import (
	"context"
	"testing"
	"time"
)

func TestLoadTestPlaysGames(t *testing.T) {
	r, err := LoadTest(context.Background(), LoadConfig{Dir: t.TempDir(), Game: "trick", Games: 20, Duration: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(r)
	if r.Moves == 0 || r.Errors > 0 || r.P50 <= 0 || r.P99 < r.P50 {
		t.Errorf("the load test measured nothing useful: %+v", r)
	}
	if _, err := LoadTest(context.Background(), LoadConfig{URL: "http://192.0.2.1:8080", Game: "trick", Games: 1, Duration: time.Second}); err == nil {
		t.Error("a load test against a non-loopback address was allowed")
	}
}
