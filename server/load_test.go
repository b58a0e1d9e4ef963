package server

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
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

// A bot reads the same from a state message with its view cut out as
// from the whole message, for each seat, the spectators and a full state.
func TestBotsReadMessagesWithoutTheirView(t *testing.T) {
	s := midgameSession(t)
	full, view := s.encodeStateLocked(s.stateLocked([]engine.Seat{0}, i18n.EN), nil)
	patched, _ := s.encodeStateLocked(s.deltaLocked([]engine.Seat{0}, len(s.log)-2, i18n.EN), []byte(`{"turn":0}`))
	whole, _ := s.encodeStateLocked(s.deltaLocked([]engine.Seat{1}, len(s.log)-1, i18n.EN), nil)
	spectators, _ := s.encodeStateLocked(s.deltaLocked(nil, 0, i18n.EN), view)
	msgs := [][]byte{full, patched, whole, spectators,
		s.encodeLocked(SeatsMsg{Type: "seats", Seats: s.seatInfoLocked()}),
		s.encodeLocked(ErrorMsg{Type: "error", Error: `no ,"view": here`}),
	}
	legal := 0
	for _, msg := range msgs {
		var whole, cut botMsg
		if err := json.Unmarshal(msg, &whole); err != nil {
			t.Fatal(err)
		}
		short := withoutView(bytes.Clone(msg))
		if err := json.Unmarshal(short, &cut); err != nil || !reflect.DeepEqual(cut, whole) {
			t.Fatalf("read without the view: %+v (%v)\nwhole: %+v\nfrom %s", cut, err, whole, short)
		}
		legal += len(whole.Legal)
	}
	if legal == 0 {
		t.Error("no message offered a legal action: the test reads nothing that matters")
	}
}
