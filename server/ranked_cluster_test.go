package server

import (
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
	id, tokens := e.pairUp(e.player("alice"), e.player("bob"))
	onB := b.dial(id, tokens[1])
	onB.next("state")
	playFirstLegal(b.testEnv, id, tokens) // forwarded to the owner, a
	late := e.state(id, "").View.ToMove
	ft.Advance(31 * time.Second)
	ft.Advance(3 * time.Second) // a lease's time, for b to look again
	waitFor(t, "b's client to see the end", func() bool {
		st := b.state(id, tokens[1])
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
