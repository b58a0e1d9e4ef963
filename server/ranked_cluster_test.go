package server

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"
)

// startRankedReplica is a replica on a shared database whose ranked
// clocks read the given fake time.
func startRankedReplica(t *testing.T, dsn string, ft *fakeTime) *accountEnv {
	t.Helper()
	r := startTunedReplica(t, dsn, func(c *Config) {
		c.Ranked = RankedConfig{PerMove: 30 * time.Second, Bank: time.Hour, Grace: time.Hour, time: ft}
	})
	return &accountEnv{testEnv: &testEnv{t: t, http: r.http, srv: r.srv, store: r.store}}
}

// TestRankedTimeoutReachesAnotherReplica: the game's owner ends it on
// time, and a player watching through another replica is shown the end.
func TestRankedTimeoutReachesAnotherReplica(t *testing.T) {
	dsn := startPostgres(t)
	ft := newFakeTime(time.Now().Truncate(time.Second))
	a, b := startRankedReplica(t, dsn, ft), startRankedReplica(t, dsn, ft)
	e := &rankedEnv{accountEnv: a, time: ft}
	id, tokens, as := e.pairUp(e.player("alice"), e.player("bob"))
	onB := b.dialAs(id, tokens[1], as[1])
	onB.next("state")
	playFirstLegal(b.testEnv, id, tokens, as) // forwarded to the owner, a
	late := e.state(id, "").View.ToMove
	ft.Advance(31 * time.Second)
	ft.Advance(3 * time.Second) // a lease's time, for b to look again
	waitFor(t, "b's client to see the end", func() bool {
		var st StateMsg
		b.callWith(as[1], "GET", "/api/games/"+id+"?token="+tokens[1], nil, &st)
		return st.Finished && st.View.Result != nil && st.View.Result.Reason == e.lostBy(id, late, "ran out of time")
	})
	for {
		m := onB.next("state")
		if v, _ := m["view"].(map[string]any); m["finished"] == true && v["result"] != nil {
			break
		}
	}
	if code, _ := b.call("GET", "/api/ranked/trick/queue", nil, nil); code != http.StatusUnauthorized {
		t.Errorf("queue status without a login on b: %d, want 401", code)
	}
}

// TestRankedSeatCheckedOnEveryReplica: a ranked seat's token wants its
// account's session on whichever replica a request reaches. A replica
// that does not own the game refuses the token without the session as
// the owner does, and forwards the owner's actions, over HTTP and over
// its WebSocket, with the session, which the owner checks again: the
// header marking a forwarded action vouches for nothing.
func TestRankedSeatCheckedOnEveryReplica(t *testing.T) {
	dsn := startPostgres(t)
	ft := newFakeTime(time.Now().Truncate(time.Second))
	a, b := startRankedReplica(t, dsn, ft), startRankedReplica(t, dsn, ft)
	e := &rankedEnv{accountEnv: a, time: ft}
	id, tokens, as := e.pairUp(e.player("alice"), e.player("bob"))
	carol := e.player("carol")
	mover := e.state(id, "").View.ToMove
	m, err := a.srv.rankedStore.MatchOf(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	name := m.Usernames[mover]
	for who, h := range map[string]http.Header{"logged out": nil, "carol": carol.seatHeader()} {
		code, body := b.callWith(h, "GET", "/api/games/"+id+"?token="+tokens[mover], nil, nil)
		checkSeatRefused(t, who+" reading the seat on the other replica", code, body, name, tokens[mover])
		code, body = b.callWith(h, "POST", "/api/games/"+id+"/actions", ActionRequest{Token: tokens[mover], Action: "play c1"}, nil)
		checkSeatRefused(t, who+" acting on the other replica", code, body, name, tokens[mover])
		code, refused := dialRefused(t, b.testEnv, id, tokens[mover], h)
		raw, _ := json.Marshal(refused)
		checkSeatRefused(t, who+" opening the table on the other replica", code, string(raw), name, tokens[mover])
	}
	forged := http.Header{forwardedHeader: {"replica"}}
	code, body := a.callWith(forged, "POST", "/api/games/"+id+"/actions", ActionRequest{Token: tokens[mover], Action: "play c1"}, nil)
	checkSeatRefused(t, "an action marked forwarded, without the session, on the owner", code, body, name, tokens[mover])

	s, err := b.srv.session(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	s.mu.Lock()
	followed := !s.mayApplyLocked()
	s.mu.Unlock()
	if !followed {
		t.Fatal("the replica that did not pair the game owns it: the test wants its actions forwarded")
	}
	playFirstLegal(b.testEnv, id, tokens, as) // over HTTP, forwarded to the owner
	next := e.state(id, "").View.ToMove
	var st StateMsg
	b.callWith(as[next], "GET", "/api/games/"+id+"?token="+tokens[next], nil, &st)
	ws := b.dialAs(id, tokens[next], as[next])
	ws.next("state")
	ws.send(`{"type":"act","token":"` + tokens[next] + `","action":"` + st.Legal[0].Action + `"}`)
	waitFor(t, "the action sent over the other replica's WebSocket", func() bool { return e.state(id, "").Version == 2 })
}
