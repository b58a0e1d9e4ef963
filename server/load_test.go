package server

import (
	"context"
	"encoding/json"
	"reflect"
	"runtime"
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
	msgs := [][]byte{full.b, patched.b, whole.b, spectators.b,
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
