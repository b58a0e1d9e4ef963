package server

import (
	"context"
	"encoding/json"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
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

// Against a running server, the load test reads its CPU time from
// /metrics: over the whole run and from the end of the warm-up.
func TestLoadTestMeasuresServerCPUAfterTheWarmup(t *testing.T) {
	stop, url, err := startLocal(t.TempDir() + "/l.db")
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	r, err := LoadTest(context.Background(), LoadConfig{URL: url, Game: "trick", Games: 10, Duration: 2 * time.Second, Warmup: 500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if r.Errors > 0 || r.ServerCPUPerMove <= 0 || r.ServerCPUPerMoveAfterWarmup <= 0 {
		t.Errorf("want the server's CPU per move over the run and after the warm-up: %+v", r)
	}
}

// A bot reads the same from a message as encoding/json does, for each
// seat, the spectators, a full state, a view whole and patched, seats and
// errors; and it refuses what is not a message.
func TestBotsReadMessagesAsJSONDoes(t *testing.T) {
	s := midgameSession(t)
	full, view, spans := s.encodeStateLocked(s.stateLocked([]engine.Seat{0}, i18n.EN), nil, nil)
	patched, _, _ := s.encodeStateLocked(s.deltaLocked([]engine.Seat{0}, s.log.len()-2, i18n.EN, nil), []byte(`{"turn":0}`), nil)
	whole, _, _ := s.encodeStateLocked(s.deltaLocked([]engine.Seat{1}, s.log.len()-1, i18n.EN, nil), nil, nil)
	spectators, _, _ := s.encodeStateLocked(s.deltaLocked(nil, 0, i18n.EN, nil), view, spans)
	msgs := [][]byte{full.payload(), patched.payload(), whole.payload(), spectators.payload(),
		s.encodeLocked(SeatsMsg{Type: "seats", Seats: s.seatInfoLocked()}),
		s.encodeLocked(ErrorMsg{Type: "error", Error: `no ,"view": here, but "quotes" <and> \\ escapes`}),
	}
	legal := 0
	for _, msg := range msgs {
		var whole, cut botMsg
		if err := json.Unmarshal(msg, &whole); err != nil {
			t.Fatal(err)
		}
		if err := decodeBotMsg(msg, &cut); err != nil || !reflect.DeepEqual(cut, whole) {
			t.Fatalf("a bot read %+v (%v)\nencoding/json %+v\nfrom %s", cut, err, whole, msg)
		}
		legal += len(whole.Legal)
	}
	if legal == 0 {
		t.Error("no message offered a legal action: the test reads nothing that matters")
	}
	for _, bad := range []string{``, `[1]`, `{"type":"state","version":"7"}`, `{"type" "state"}`, `{"legal":{"action":"x"}}`, `{"type":3}`} {
		if err := decodeBotMsg([]byte(bad), &botMsg{}); err == nil {
			t.Errorf("a bot read %q without an error", bad)
		}
	}
}

// The action message a bot sends reads, on the server, as the message
// json.Marshal makes of the same fields, and takes the direct path.
func TestBotActionMessageIsTheClientMsg(t *testing.T) {
	for i, action := range []string{"play c12", "attack c3 c9", "pick red", `say "hi" \ <b>&`, "zünden c3"} {
		v := i * 37
		want := ClientMsg{Type: "act", Token: "5f2c9a", Action: action, Version: &v}
		sent := appendActMsg(nil, want.Token, action, v)
		var got ClientMsg
		if err := json.Unmarshal(sent, &got); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s reads as %+v (%v), want %+v", sent, got, err, want)
		}
		if plain := (i < 3); plain && !decodePlainClientMsg(sent, &got) {
			t.Errorf("%s is left to encoding/json", sent)
		}
	}
}

// The bots of a load test run on one CPU per 4,000 games, at least one
// and at most the machine's.
func TestBotProcs(t *testing.T) {
	cpus := runtime.NumCPU()
	for _, c := range []struct{ games, want int }{
		{1, 1}, {1000, 1}, {4000, 1}, {4001, min(cpus, 2)}, {9900, min(cpus, 3)}, {1 << 30, cpus},
	} {
		if got := botProcs(c.games); got != c.want {
			t.Errorf("%d games: bots on %d CPUs, want %d", c.games, got, c.want)
		}
	}
}

// TestLoadReportTimeline: the report groups the measured moves by the
// second they were sent in, and names the slowest seconds, such as a
// collection's pause, in time order.
func TestLoadReportTimeline(t *testing.T) {
	start := time.Unix(1000, 0)
	s := &loadStats{measureFrom: start}
	for i := range 400 {
		sent := start.Add(time.Millisecond + time.Duration(i)*10*time.Millisecond) // 100 moves a second for 4 s
		d := time.Millisecond
		switch {
		case i == 50:
			d = 80 * time.Millisecond // one slow move in second 0
		case i >= 200 && i < 300:
			d = 300 * time.Millisecond // second 2 is a pause
		case i >= 300:
			d = time.Millisecond / 2 // second 3 is the fastest, left unnamed
		}
		s.move(sent, sent.Add(d))
	}
	r := s.report(1, 4*time.Second, 2, 0)
	want := []LoadSecond{
		{At: 0, Moves: 100, P99: 80 * time.Millisecond, Max: 80 * time.Millisecond},
		{At: 1, Moves: 100, P99: time.Millisecond, Max: time.Millisecond},
		{At: 2, Moves: 100, P99: 300 * time.Millisecond, Max: 300 * time.Millisecond},
		{At: 3, Moves: 100, P99: time.Millisecond / 2, Max: time.Millisecond / 2},
	}
	if !slices.Equal(r.Timeline, want) {
		t.Errorf("timeline %+v, want %+v", r.Timeline, want)
	}
	text := r.String()
	if !strings.Contains(text, "slowest seconds after the warm-up: 0s (p99 80.00ms, max 80.00ms) 1s (p99 1.00ms, max 1.00ms) 2s (p99 300.00ms") || strings.Contains(text, " 3s (") {
		t.Errorf("the report does not name the slowest seconds in time order: %s", text)
	}
}
