package server

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"

	"kartenwerk/engine"
	"kartenwerk/lab"
)

// The lab's card checks and runs each ask the server for work: one
// address asking faster than the lab's rate is answered 429 with a
// Retry-After, in the reader's language, before its body is read.
func TestLabBoundsHowOftenAnAddressAsksForWork(t *testing.T) {
	e := newEnv(t)
	var refused *http.Response
	var body string
	for i := 0; i < labBurst+5 && refused == nil; i++ {
		req, _ := http.NewRequest("POST", e.http.URL+"/api/lab/check", strings.NewReader(`{"game":"trick","card_file":"none","cards":""}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept-Language", "de")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode == http.StatusTooManyRequests {
			refused, body = res, string(raw)
		}
	}
	if refused == nil {
		t.Fatalf("%d checks from one address at once were all taken, want a 429 beyond %d", labBurst+5, labBurst)
	}
	if refused.Header.Get("Retry-After") == "" || !strings.Contains(body, "Zu viele Anfragen an das Labor") || !strings.Contains(body, `"lab_requests"`) {
		t.Errorf("the refusal: Retry-After %q, body %s; want a wait and the German words with their code", refused.Header.Get("Retry-After"), body)
	}
	// A run asked for from the same address is bounded by the same bucket.
	if code, _ := e.call("POST", "/api/lab/runs", map[string]any{"game": "trick"}, nil); code != http.StatusTooManyRequests {
		t.Errorf("a run asked for right after: %d, want 429", code)
	}
}

// labClient is one browser asking replicas for lab runs: its cookies go
// to every replica on this host, so it is the same owner on each.
type labClient struct {
	t    *testing.T
	http *http.Client
}

// do posts body (nil: GETs) to a replica and decodes its lab.Run.
func (c *labClient) do(base, path string, body any) (int, lab.Run) {
	c.t.Helper()
	var res *http.Response
	var err error
	if body == nil {
		res, err = c.http.Get(base + path)
	} else {
		data, _ := json.Marshal(body)
		res, err = c.http.Post(base+path, "application/json", bytes.NewReader(data))
	}
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	var r lab.Run
	_ = json.NewDecoder(res.Body).Decode(&r)
	return res.StatusCode, r
}

// waitRun polls a replica until the run satisfies ok.
func (c *labClient) waitRun(what, base, id string, ok func(lab.Run) bool) lab.Run {
	c.t.Helper()
	var r lab.Run
	if !poll(time.Minute, func() bool { _, r = c.do(base, "/api/lab/runs/"+id, nil); return ok(r) }) {
		c.t.Fatalf("timed out waiting for %s: the run is %s with %d games", what, r.Status, r.Played)
	}
	return r
}

// Two replicas on one PostgreSQL database: a run started through A and
// cancelled through B stops on A, and both show it cancelled; a run
// whose replica died shows as interrupted on the other.
func TestLabCancelReachesTheReplicaPlayingTheRun(t *testing.T) {
	dsn := startPostgres(t)
	beat := func(cfg *Config) { cfg.Lab.Heartbeat = 100 * time.Millisecond }
	a, b := startTunedReplica(t, dsn, beat), startTunedReplica(t, dsn, beat)
	jar, _ := cookiejar.New(nil)
	c := &labClient{t: t, http: &http.Client{Jar: jar}}
	long := map[string]any{"game": "mysticelements", "games": 100000, "agents": []string{"random"}}
	status, run := c.do(a.http.URL, "/api/lab/runs", long)
	if status != http.StatusAccepted {
		t.Fatalf("a run through A: %d", status)
	}
	c.waitRun("the run playing, seen on B", b.http.URL, run.ID, func(r lab.Run) bool { return r.Status == lab.Running && r.Played > 0 })
	if status, r := c.do(b.http.URL, "/api/lab/runs/"+run.ID+"/cancel", struct{}{}); status != http.StatusOK || r.Status != lab.Cancelled {
		t.Fatalf("cancel through B: %d %s", status, r.Status)
	}
	onA := c.waitRun("A to stop the run", a.http.URL, run.ID, func(r lab.Run) bool { return r.Status == lab.Cancelled && r.Played > 0 })
	time.Sleep(300 * time.Millisecond) // three heartbeats: a run still playing would store more games
	_, later := c.do(a.http.URL, "/api/lab/runs/"+run.ID, nil)
	_, onB := c.do(b.http.URL, "/api/lab/runs/"+run.ID, nil)
	if later.Status != lab.Cancelled || onB.Status != lab.Cancelled || later.Played != onB.Played || later.Played >= later.Planned {
		t.Fatalf("after the cancel: A %s with %d then %d games, B %s with %d", onA.Status, onA.Played, later.Played, onB.Status, onB.Played)
	}

	status, run = c.do(a.http.URL, "/api/lab/runs", long)
	if status != http.StatusAccepted {
		t.Fatalf("a second run through A: %d", status)
	}
	c.waitRun("the second run playing, seen on B", b.http.URL, run.ID, func(r lab.Run) bool { return r.Status == lab.Running })
	a.stop()
	c.waitRun("the run of the stopped replica interrupted on B", b.http.URL, run.ID, func(r lab.Run) bool { return r.Status == lab.Interrupted })
}

// A logged-in designer's run plays a deck saved in the deck builder,
// read from the store: only their own (another's is 404), of the run's
// game, and kept with the run as its list.
func TestLabPlaysTheAccountsOwnSavedDeck(t *testing.T) {
	e := newAccountEnv(t, nil)
	alice, bob := e.browser(), e.browser()
	alice.signup("alice", alicePassword)
	bob.signup("bob", bobPassword)
	_, raw := alice.expect(http.StatusCreated, "POST", "/api/decks", SaveDeckRequest{Game: "athernum", Name: "Embers", List: presetListText(t, "athernum")})
	athernum := savedDeck(t, raw)
	_, raw = alice.expect(http.StatusCreated, "POST", "/api/decks", SaveDeckRequest{Game: "zynalith", Name: "Elsewhere"})
	zynalith := savedDeck(t, raw)
	run := func(id string) map[string]any {
		return map[string]any{"game": "athernum", "games": 2, "agents": []string{"random"}, "saved": []string{id}}
	}
	_, raw = alice.expect(http.StatusAccepted, "POST", "/api/lab/runs", run(athernum.ID))
	var r lab.Run
	if err := json.Unmarshal([]byte(raw), &r); err != nil || len(r.Spec.Lists) != 1 || !strings.Contains(r.Spec.Lists[0], "name: Embers") || len(r.Spec.Saved) != 0 {
		t.Fatalf("the run keeps %+v (%v), want Embers' list", r.Spec, err)
	}
	bob.expect(http.StatusNotFound, "POST", "/api/lab/runs", run(athernum.ID))
	alice.expect(http.StatusBadRequest, "POST", "/api/lab/runs", run(zynalith.ID))
	e.browser().expect(http.StatusUnauthorized, "POST", "/api/lab/runs", run(athernum.ID))
}

// presetListText is a game's first preset as a pasted list, without its
// name, so that its first card is on line 1.
func presetListText(t *testing.T, game string) string {
	t.Helper()
	g, err := engine.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	d := g.Presets()[0]
	d.Name = ""
	return deckText(d)
}
