package server

import (
	"encoding/json"
	"reflect"
	"testing"

	"kartenwerk/engine"
)

// decodeBoth reads data with decodeClientMsg and with json.Unmarshal.
func decodeBoth(data []byte) (got, want ClientMsg, gotErr, wantErr error) {
	gotErr = decodeClientMsg(data, &got)
	wantErr = json.Unmarshal(data, &want)
	return
}

// A client message reads as json.Unmarshal reads it, whether the direct
// path takes it or leaves it to json.Unmarshal: the same fields, and an
// error exactly when json.Unmarshal gives one.
func TestClientMsgDecodesAsEncodingJSON(t *testing.T) {
	for _, msg := range []string{
		`{"type":"act","token":"t0k","action":"play c12","version":7}`,
		`{"type":"sync"}`,
		`{}`,
		`{"version":0,"type":"act"}`,
		`{"type":"act","type":"sync"}`,
		`{"type": "act"}`,
		` {"type":"act"}`,
		`{"type":"act"} `,
		`{"type":"act",}`,
		`{"type":"act"`,
		`{"type":"act"}x`,
		`{"Type":"act"}`,
		`{"TYPE":"act","token":"x"}`,
		`{"type":"a\"ct"}`,
		`{"type":"a\u0063t"}`,
		"{\"type\":\"a\tct\"}",
		"{\"type\":\"\xff\"}",
		`{"type":"Zünden c3"}`,
		`{"version":-1}`,
		`{"version":07}`,
		`{"version":1.5}`,
		`{"version":1e2}`,
		`{"version":12345678901234567890}`,
		`{"version":123456789}`,
		`{"version":1234567890}`,
		`{"version":null}`,
		`{"version":"3"}`,
		`{"type":null}`,
		`{"type":3}`,
		`{"other":"x","type":"act"}`,
		`{"other":{"a":[1,2]},"type":"act"}`,
		`[]`,
		`"act"`,
		``,
		`{`,
		`{"`,
		`{"type"`,
		`{"type":`,
		`{"version":`,
		`{"version":1`,
		`null`,
	} {
		got, want, gotErr, wantErr := decodeBoth([]byte(msg))
		if (gotErr != nil) != (wantErr != nil) {
			t.Errorf("%q: error %v, encoding/json's %v", msg, gotErr, wantErr)
			continue
		}
		if wantErr == nil && !reflect.DeepEqual(got, want) {
			t.Errorf("%q: read %+v, encoding/json reads %+v", msg, show(got), show(want))
		}
	}
}

// Messages cut short or with a byte changed anywhere read as
// json.Unmarshal reads them: a property over many spoilt messages.
func TestSpoiltClientMsgsDecodeAsEncodingJSON(t *testing.T) {
	rng := engine.NewRNG(15)
	bytes := []byte(`"\{}[],:0123456789 -.eE\tnull` + "\xff\x00")
	base := []string{`{"type":"act","token":"t0k","action":"play c12","version":7}`, `{"type":"sync"}`, `{"version":42,"action":"attack c3 c9"}`}
	for n := 0; n < 20000; n++ {
		msg := []byte(base[rng.IntN(len(base))])
		switch rng.IntN(3) {
		case 0:
			msg = msg[:rng.IntN(len(msg)+1)]
		case 1:
			msg[rng.IntN(len(msg))] = bytes[rng.IntN(len(bytes))]
		default:
			i := rng.IntN(len(msg) + 1)
			msg = append(msg[:i:i], append([]byte{bytes[rng.IntN(len(bytes))]}, msg[i:]...)...)
		}
		got, want, gotErr, wantErr := decodeBoth(msg)
		if (gotErr != nil) != (wantErr != nil) || (wantErr == nil && !reflect.DeepEqual(got, want)) {
			t.Fatalf("%q: read %+v (error %v), encoding/json %+v (error %v)", msg, show(got), gotErr, show(want), wantErr)
		}
	}
}

// show spells out a message's version, not its address.
func show(m ClientMsg) string {
	v := "nil"
	if m.Version != nil {
		b, _ := json.Marshal(*m.Version)
		v = string(b)
	}
	return m.Type + "|" + m.Token + "|" + m.Action + "|" + v
}

// The messages browsers (JSON.stringify) and the load bots (json.Marshal)
// send are read on the direct path, not left to json.Unmarshal.
func TestSentMessagesTakeTheDirectPath(t *testing.T) {
	v := 12
	marshalled, err := json.Marshal(ClientMsg{Type: "act", Token: "5f2c9a", Action: "attack c3 c9", Version: &v})
	if err != nil {
		t.Fatal(err)
	}
	for _, msg := range []string{string(marshalled), `{"type":"act","token":"5f2c9a","action":"play c12","version":3}`, `{"type":"sync"}`} {
		var m ClientMsg
		if !decodePlainClientMsg([]byte(msg), &m) {
			t.Errorf("%s is left to encoding/json", msg)
		}
	}
}

// FuzzClientMsg: any bytes read as json.Unmarshal reads them, whichever
// path takes them: go test ./server -run x -fuzz FuzzClientMsg.
func FuzzClientMsg(f *testing.F) {
	for _, seed := range []string{`{"type":"act","token":"t0k","action":"play c12","version":7}`, `{"type":"sync"}`,
		`{"version":42,"action":"attack c3 c9"}`, `{"type":"a\u0063t"}`, `{"version":1e2}`, `{"other":{"a":[1,2]},"type":"act"}`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, msg []byte) {
		got, want, gotErr, wantErr := decodeBoth(msg)
		if (gotErr != nil) != (wantErr != nil) || (wantErr == nil && !reflect.DeepEqual(got, want)) {
			t.Fatalf("%q: read %+v (error %v), encoding/json %+v (error %v)", msg, show(got), gotErr, show(want), wantErr)
		}
	})
}
