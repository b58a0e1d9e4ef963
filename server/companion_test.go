package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"kartenwerk/engine/i18n"
	"kartenwerk/platform/codes"
	"kartenwerk/platform/companion"
)

// companionCreate starts a companion table and returns it.
func (e *testEnv) companionCreate(game, name string) CompanionSnapshot {
	e.t.Helper()
	var snap CompanionSnapshot
	if code, body := e.call("POST", "/api/companion/tables", map[string]string{"game": game, "name": name}, &snap); code != http.StatusCreated {
		e.t.Fatalf("create a %s table: %d %s", game, code, body)
	}
	return snap
}

// companionDo sends one command and returns the status and answer.
func (e *testEnv) companionDo(id string, seat int, op string, cmd companion.Command) (int, CompanionAnswer, string) {
	e.t.Helper()
	var ans CompanionAnswer
	code, body := e.call("POST", "/api/companion/tables/"+id+"/commands", CompanionCommand{Seat: seat, Op: op, Cmd: cmd}, &ans)
	return code, ans, body
}

// The API: a table is created, joined and changed; a change reaches a
// phone's WebSocket; a refusal says why and changes nothing; a ★★★★
// evolution wants a confirmation (409); the table survives a restart.
func TestCompanionAPI(t *testing.T) {
	e := newEnv(t)
	snap := e.companionCreate("mystimons", "Ada")
	if snap.State["p1.name"] != "Ada" || snap.Seq != 1 {
		t.Fatalf("new table: %+v", snap)
	}
	id := snap.ID
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, strings.Replace(e.http.URL, "http", "ws", 1)+"/api/companion/tables/"+id+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	readSeq := func() int {
		_, b, err := ws.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var s CompanionSnapshot
		json.Unmarshal(b, &s)
		return s.Seq
	}
	if got := readSeq(); got != 1 {
		t.Fatalf("the WebSocket's first snapshot is at %d, want 1", got)
	}
	if code, ans, body := e.companionDo(id, 0, "j1", companion.Command{Verb: "join", Arg: "Ben"}); code != 200 || ans.Event.By != 1 {
		t.Fatalf("join: %d %s", code, body)
	}
	if got := readSeq(); got != 2 {
		t.Fatalf("after the join the WebSocket sent seq %d, want 2", got)
	}
	e.companionDo(id, 1, "", companion.Command{Verb: "summon", Target: "p1", Arg: "Embrix"})
	for _, c := range []struct {
		seat int
		cmd  companion.Command
		code int
		says string
	}{
		{1, companion.Command{Verb: "summon", Target: "p1", Arg: "Embirx"}, 400, "no MystiMon is named"},
		{3, companion.Command{Verb: "add", Target: "turn", N: 1}, 400, "has not joined"},
		{1, companion.Command{Verb: "evolve", Target: "p1.m1", Arg: "Pyrathor"}, 409, "confirm"},
	} {
		code, _, body := e.companionDo(id, c.seat, "", c.cmd)
		if code != c.code || !strings.Contains(body, c.says) {
			t.Errorf("%+v: %d %s, want %d saying %q", c.cmd, code, body, c.code, c.says)
		}
	}
	if code, _, _ := e.companionDo(id, 1, "", companion.Command{Verb: "evolve", Target: "p1.m1", Arg: "Pyrathor", Confirm: true}); code != 200 {
		t.Fatalf("a confirmed evolution: %d", code)
	}
	// The same op again applies once.
	e.companionDo(id, 2, "x1", companion.Command{Verb: "add", Target: "p2.mnext", N: 5})
	e.companionDo(id, 2, "x1", companion.Command{Verb: "add", Target: "p2.mnext", N: 5})
	// The last phone leaving drops the table from memory; the next
	// command reads it from the store and goes on from there.
	ws.Close(websocket.StatusNormalClosure, "")
	if !poll(10*time.Second, func() bool {
		h := e.srv.companionHub()
		h.mu.Lock()
		defer h.mu.Unlock()
		return h.tables[id] == nil
	}) {
		t.Error("the table stayed in memory after its last phone left")
	}
	if code, ans, body := e.companionDo(id, 1, "", companion.Command{Verb: "add", Target: "p1.pool.fire", N: 1}); code != 200 || ans.Event.Seq != 6 {
		t.Fatalf("a command after the table left memory: %d %s", code, body)
	}
	e.restart()
	var after CompanionSnapshot
	if code, body := e.call("GET", "/api/companion/tables/"+id, nil, &after); code != 200 {
		t.Fatalf("after a restart: %d %s", code, body)
	}
	if after.Seq != 6 || after.State["p1.pool.fire"] != "1" || after.State["p1.m1.card"] != "Pyrathor" || after.State["p1.m1.hp"] != "40" || after.State["p2.mnext"] != "5" {
		t.Errorf("after a restart: seq %d, state %v", after.Seq, after.State)
	}
	for path, want := range map[string]int{
		"/api/companion/tables/nope": 404, "/companion/chess": 404, "/companion/zynalith": 200, "/companion/": 200, "/companion": 200,
		"/api/companion/catalog/mystimons": 200, "/companion-sw.js": 200, "/companion.webmanifest": 200,
		"/api/companion/tables/" + id + "/qr.svg": 200,
	} {
		if code, body := e.call("GET", path, nil, nil); code != want {
			t.Errorf("GET %s: %d %.80s, want %d", path, code, body, want)
		}
	}
	if code, body := e.call("POST", "/api/companion/tables", map[string]string{"game": "chess", "name": "Ada"}, nil); code != 400 || !strings.Contains(body, "mystimons") {
		t.Errorf("a table of an unknown game: %d %s", code, body)
	}
}

// newCompanionCodesEnv is a server with the codes pepper and a print run
// of two Embrix codes imported.
func newCompanionCodesEnv(t *testing.T) (*testEnv, *codes.Run) {
	t.Helper()
	pepper, err := codes.NewPepper([]byte(testPepperSecret))
	if err != nil {
		t.Fatal(err)
	}
	e := newTunedEnv(t, func(c *Config) { c.CodesPepper = &pepper })
	run, err := codes.NewRun(codes.Printing{Game: "mystimons", Card: "Embrix", Printing: "first"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := run.WriteHashes(&b, pepper); err != nil {
		t.Fatal(err)
	}
	recs, err := codes.ReadHashes(&b)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.store.(CodeStore).ImportCodes(t.Context(), recs); err != nil {
		t.Fatal(err)
	}
	return e, run
}

// A card's registration code, typed sloppily or as its QR payload, names
// the card for the companion to add; nothing is registered.
func TestCompanionReadsCardCodes(t *testing.T) {
	e, run := newCompanionCodesEnv(t)
	for _, c := range []struct {
		code string
		want int
		says string
	}{
		{strings.ToLower(run.Codes[0].String()), 200, `"card":"Embrix"`},
		{codes.Scheme + run.Codes[1].String(), 200, `"game":"mystimons"`},
		{"7KQ2M-XP0AH-3VTBD-9RW4F", 404, "no print run holds this code"},
		{"7KQ2M-XP0AH-3VTBD-9RW4G", 400, ""},
	} {
		code, body := e.call("POST", "/api/companion/code", map[string]string{"code": c.code}, nil)
		if code != c.want || !strings.Contains(body, c.says) {
			t.Errorf("%s: %d %s, want %d with %q", c.code, code, body, c.want, c.says)
		}
	}
	again, err := e.store.(CodeStore).CodeByHash(t.Context(), e.srv.cfg.CodesPepper.Hash(run.Codes[0]).String())
	if err != nil || again.Owner != "" {
		t.Errorf("reading a code registered it: %+v %v", again, err)
	}
	plain := newEnv(t)
	if code, _ := plain.call("POST", "/api/companion/code", map[string]string{"code": run.Codes[0].String()}, nil); code != 501 {
		t.Errorf("a server without the pepper: %d, want 501", code)
	}
}

// TestCompanionTablesCannotBeFlooded: a table takes changes at the
// server's rate, with Retry-After beyond it, and its log has a ceiling.
func TestCompanionTablesCannotBeFlooded(t *testing.T) {
	e := newTunedEnv(t, func(c *Config) { c.Rate, c.Burst = 0.01, 3 })
	id := e.companionCreate("mystimons", "Ada").ID
	codes := []int{}
	for i := range 5 {
		code, _, _ := e.companionDo(id, 1, fmt.Sprintf("op%d", i), companion.Command{Verb: "summon", Target: "p1", Arg: "Embrix"})
		codes = append(codes, code)
	}
	if codes[0] == http.StatusTooManyRequests || codes[4] != http.StatusTooManyRequests {
		t.Errorf("five quick changes: %v, want the burst taken and then 429", codes)
	}
	e = newEnv(t)
	old := maxCompanionEvents
	maxCompanionEvents = 2
	t.Cleanup(func() { maxCompanionEvents = old })
	id = e.companionCreate("mystimons", "Ada").ID
	e.companionDo(id, 1, "a", companion.Command{Verb: "summon", Target: "p1", Arg: "Embrix"})
	if code, _, body := e.companionDo(id, 1, "b", companion.Command{Verb: "summon", Target: "p1", Arg: "Embrix"}); code != http.StatusConflict || !strings.Contains(body, "start a new table") {
		t.Errorf("a change beyond the log's ceiling: %d %s", code, body)
	}
}

// Every text of a companion command is short: a 60,000-byte op, arg or
// target is refused with its code in every language before the table
// keeps it, so the table and the snapshots its phones get stay small.
func TestCompanionCommandTextsAreBounded(t *testing.T) {
	e := newEnv(t)
	id := e.companionCreate("mystimons", "Ada").ID
	long := strings.Repeat("x", 60000)
	cases := []CompanionCommand{
		{Seat: 2, Op: long, Cmd: companion.Command{Verb: "add", Target: "p1", Arg: "hp", N: 1}},
		{Seat: 1, Op: "a", Cmd: companion.Command{Verb: "add", Target: "p1.hp", Arg: long, N: 1}},
		{Seat: 1, Op: "b", Cmd: companion.Command{Verb: "add", Target: "p1." + long, N: 1}},
		{Seat: 0, Op: "c", Cmd: companion.Command{Verb: "join", Arg: "Bo" + strings.Repeat(" ", 60000)}},
	}
	for i, c := range cases {
		texts := map[i18n.Lang]string{}
		for _, l := range []i18n.Lang{i18n.EN, i18n.DE, i18n.CS} {
			code, body := e.callWith(http.Header{"Accept-Language": {l.String()}}, "POST", "/api/companion/tables/"+id+"/commands", c, nil)
			texts[l] = checkRefusalIn(t, fmt.Sprintf("long command %d", i), l, code, body, "companion_text_length")
			if code != http.StatusBadRequest || !strings.Contains(texts[l], "64") {
				t.Errorf("long command %d in %s: %d %q, want 400 naming the bound of 64", i, l, code, texts[l])
			}
		}
		checkNotEnglish(t, fmt.Sprintf("long command %d", i), texts)
	}
	var snap CompanionSnapshot
	code, body := e.call("GET", "/api/companion/tables/"+id, nil, &snap)
	if code != http.StatusOK || snap.Seq != 1 || len(body) > 4096 {
		t.Errorf("after the refusals the table is %d bytes at event %d, want only its first event", len(body), snap.Seq)
	}
	// What the page sends is taken: a UUID as op, a key and a card's name.
	if code, _, body := e.companionDo(id, 1, "0b9f5c1e-7d5a-4c1e-9a51-2f6f9c0d8e7a", companion.Command{Verb: "summon", Target: "p1", Arg: "Embrix"}); code != http.StatusOK {
		t.Errorf("a command as the page sends it: %d %s", code, body)
	}
}

// One address holds at most maxCompanionTables tables open: beyond them
// a new table is refused (429 with Retry-After) until one has not changed
// for companionIdle; a table idle that long with no phone connected is
// dropped from memory and read again from the store when asked for.
func TestCompanionTablesPerAddressAreLimited(t *testing.T) {
	oldMax := maxCompanionTables
	maxCompanionTables = 2
	t.Cleanup(func() { maxCompanionTables = oldMax })
	e := newEnv(t)
	first := e.companionCreate("mystimons", "Ada").ID
	second := e.companionCreate("mystimons", "Bo").ID
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, strings.Replace(e.http.URL, "http", "ws", 1)+"/api/companion/tables/"+first+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close(websocket.StatusNormalClosure, "")
	if _, _, err := ws.Read(ctx); err != nil { // the table as it is: the phone is connected
		t.Fatal(err)
	}
	req, _ := http.NewRequest("POST", e.http.URL+"/api/companion/tables", strings.NewReader(`{"game":"mystimons","name":"Cy"}`))
	req.Header.Set("Accept-Language", "de")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var refused httpErrorBody
	json.NewDecoder(res.Body).Decode(&refused)
	res.Body.Close()
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" || refused.Code != "companion_tables_open" ||
		!strings.Contains(refused.Error, "nutzt schon 2 Begleit-Tische") {
		t.Fatalf("a third table from one address: %d %+v, want 429 companion_tables_open in German with Retry-After", res.StatusCode, refused)
	}
	// The second table goes idle and no longer counts; the first still does.
	ageCompanionTable(t, e.store, second, companionIdle)
	e.companionCreate("mystimons", "Cy")
	if code, _ := e.call("POST", "/api/companion/tables", map[string]string{"game": "mystimons", "name": "Di"}, nil); code != http.StatusTooManyRequests {
		t.Errorf("a fourth table with the first still open: %d, want 429", code)
	}
	// Idle for companionIdle, the tables without a phone leave memory; the
	// first keeps its phone and stays.
	h := e.srv.companionHub()
	h.mu.Lock()
	h.swept = time.Time{}
	h.mu.Unlock()
	h.sweepIdle(time.Now().Add(companionIdle))
	h.mu.Lock()
	_, firstKept := h.tables[first]
	_, secondKept := h.tables[second]
	h.mu.Unlock()
	if !firstKept || secondKept {
		t.Errorf("after the idle sweep: the table with a phone in memory %v (want true), the one without %v (want false)", firstKept, secondKept)
	}
	for id, name := range map[string]string{first: "Ada", second: "Bo"} {
		var snap CompanionSnapshot
		if code, body := e.call("GET", "/api/companion/tables/"+id, nil, &snap); code != http.StatusOK || snap.State["p1.name"] != name {
			t.Errorf("table %s after the sweep: %d %s", name, code, body)
		}
	}
}

// afterNow waits until the clock's millisecond has passed t's, so that
// what is stored next is later than t in the store's milliseconds.
func afterNow(t time.Time) time.Time {
	for time.Now().UnixMilli() <= t.UnixMilli() {
		time.Sleep(time.Millisecond)
	}
	return time.Now()
}

// A companion table unchanged for companionForgetAfter leaves the store,
// at the janitor's sweep (at most once companionForgetEvery), and then
// answers like a table that never was, its phones disconnected; a table
// changed since the cutoff stays. One deleted by another replica while
// this one holds it answers alike at its next change.
func TestIdleCompanionTablesLeaveTheStore(t *testing.T) {
	e := newEnv(t)
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	idle := e.companionCreate("mystimons", "Ada").ID
	cutoff := afterNow(time.Now())
	played := e.companionCreate("mystimons", "Bo").ID
	ws, _, err := websocket.Dial(ctx, strings.Replace(e.http.URL, "http", "ws", 1)+"/api/companion/tables/"+idle+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	if _, _, err := ws.Read(ctx); err != nil { // the table as it is
		t.Fatal(err)
	}
	unknown := func(id string) (int, string) {
		code, body := e.callWith(http.Header{"Accept-Language": {"de"}}, "GET", "/api/companion/tables/"+id, nil, nil)
		return code, strings.ReplaceAll(body, id, "ID")
	}
	wantCode, wantBody := unknown("0123456789abcdef0123456789abcdef")
	if wantCode != http.StatusNotFound {
		t.Fatalf("an unknown table: %d %s", wantCode, wantBody)
	}

	// A sweep before the table is idle long enough keeps it; the next,
	// companionForgetEvery later, forgets it.
	first := cutoff.Add(companionForgetAfter - companionForgetEvery)
	e.srv.sweep(first)
	if code, _ := e.call("GET", "/api/companion/tables/"+idle, nil, nil); code != http.StatusOK {
		t.Fatalf("a table idle for less than %v: %d, want it kept", companionForgetAfter, code)
	}
	last := first.Add(companionForgetEvery)
	e.srv.sweep(last)
	if code, body := unknown(idle); code != wantCode || body != wantBody {
		t.Errorf("a forgotten table: %d %s, want what an unknown one answers: %d %s", code, body, wantCode, wantBody)
	}
	if code, _, body := e.companionDo(idle, 1, "x", companion.Command{Verb: "summon", Target: "p1", Arg: "Embrix"}); code != http.StatusNotFound {
		t.Errorf("a change to a forgotten table: %d %s, want 404", code, body)
	}
	if _, _, err := ws.Read(ctx); err == nil {
		t.Error("the forgotten table's phone is still connected")
	}
	var snap CompanionSnapshot
	if code, body := e.call("GET", "/api/companion/tables/"+played, nil, &snap); code != http.StatusOK || snap.State["p1.name"] != "Bo" {
		t.Errorf("a table changed after the cutoff: %d %s, want it kept", code, body)
	}

	// Another replica forgets the table this one holds in memory: its
	// next change finds no table.
	if _, err := e.store.(CompanionStore).ForgetCompanionTables(ctx, afterNow(time.Now())); err != nil {
		t.Fatal(err)
	}
	if code, _, body := e.companionDo(played, 1, "y", companion.Command{Verb: "summon", Target: "p1", Arg: "Embrix"}); code != http.StatusNotFound || refusalCode(body) != "no_table" {
		t.Errorf("a change to a table forgotten by another replica: %d %s, want 404 no_table", code, body)
	}

	// The janitor sweeps every few seconds, but the store is asked only
	// once companionForgetEvery.
	later := e.companionCreate("mystimons", "Cy").ID
	e.srv.sweep(last.Add(companionForgetEvery - time.Minute))
	if code, _ := e.call("GET", "/api/companion/tables/"+later, nil, nil); code != http.StatusOK {
		t.Errorf("a sweep within %v of the last: %d, want the table kept", companionForgetEvery, code)
	}
	e.srv.sweep(last.Add(companionForgetEvery))
	if code, _ := e.call("GET", "/api/companion/tables/"+later, nil, nil); code != http.StatusNotFound {
		t.Errorf("a sweep %v after the last: %d, want the idle table forgotten", companionForgetEvery, code)
	}
}

func TestCompanionTablesPerAddressAreSharedByReplicasInSQLite(t *testing.T) {
	companionTablesShared(t, sqliteReplicas)
}

func TestCompanionTablesPerAddressAreSharedByReplicasInPostgres(t *testing.T) {
	companionTablesShared(t, postgresReplicas)
}

// companionTablesShared checks that the cap on an address's open
// companion tables is counted in the store: two replicas, taking one
// client's requests in turn, admit the cap in all, not once each, and
// then both refuse; another address has its own cap; a table idle for
// companionIdle frees its place on both.
func companionTablesShared(t *testing.T, start func(*testing.T, func(*Config)) (replicaPair, []*httptest.Server)) {
	old := maxCompanionTables
	maxCompanionTables = 3
	t.Cleanup(func() { maxCompanionTables = old })
	pair, hs := start(t, func(c *Config) {
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
		c.Logger = slog.New(slog.DiscardHandler)
	})
	const client, other = "198.51.100.7", "203.0.113.9"
	create := func(replica int, addr string) (int, string, CompanionSnapshot, string) {
		t.Helper()
		req, _ := http.NewRequest("POST", hs[replica].URL+"/api/companion/tables", strings.NewReader(`{"game":"mystimons","name":"Ada"}`))
		req.Header.Set("X-Forwarded-For", addr)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		var snap CompanionSnapshot
		json.Unmarshal(body, &snap)
		return res.StatusCode, res.Header.Get("Retry-After"), snap, string(body)
	}
	refused := func(when string) {
		t.Helper()
		for i := range hs {
			if code, retry, _, body := create(i, client); code != http.StatusTooManyRequests || retry == "" || refusalCode(body) != "companion_tables_open" {
				t.Errorf("%s, to replica %d: %d (Retry-After %q) %s; want 429 companion_tables_open with Retry-After", when, i, code, retry, body)
			}
		}
	}
	var ids []string
	for i := range maxCompanionTables {
		code, _, snap, body := create(i%2, client)
		if code != http.StatusCreated {
			t.Fatalf("table %d of %d, to replica %d: %d %s", i+1, maxCompanionTables, i%2, code, body)
		}
		ids = append(ids, snap.ID)
	}
	refused("a table beyond the cap")
	for i := range hs {
		if code, _, _, body := create(i, other); code != http.StatusCreated {
			t.Errorf("another address, to replica %d: %d %s; want its own cap", i, code, body)
		}
	}
	ageCompanionTable(t, pair.a.store, ids[0], companionIdle)
	if code, _, _, body := create(1, client); code != http.StatusCreated {
		t.Errorf("with one table idle for %v: %d %s; want its place free", companionIdle, code, body)
	}
	refused("the freed place taken")
}
