package server

import (
	"net/http"
	"testing"
	"time"
)

// A game nobody plays or watches leaves memory, and comes back from the
// store, at the same version, when asked for; play goes on.
func TestAnEvictedGameRestores(t *testing.T) {
	e := newTunedEnv(t, func(c *Config) { c.EvictAfter, c.SweepEvery = time.Millisecond, 10*time.Millisecond })
	resp := e.create(firstFriendGame())
	e.playOne(resp)
	waitFor(t, "the idle game to leave memory", func() bool { return !e.srv.inMemory(resp.ID) })
	back := e.state(resp.ID, tokenOfSeat(resp, 1))
	if back.Version != 1 || back.LogTotal != 1 || len(back.Legal) == 0 {
		t.Fatalf("restored game: version %d, log %d, %d actions for p2; want version 1 and p2 to move", back.Version, back.LogTotal, len(back.Legal))
	}
	if code, body := e.call("POST", "/api/games/"+resp.ID+"/actions", ActionRequest{Token: tokenOfSeat(resp, 1), Action: back.Legal[0].Action}, nil); code != http.StatusOK {
		t.Fatalf("playing on in the restored game: %d %s", code, body)
	}
}

// A game abandoned for ExpireAfter ends: it refuses actions, lists as
// finished, and frees its creator's place among the unfinished games.
func TestAnAbandonedGameExpires(t *testing.T) {
	for _, evict := range []time.Duration{time.Millisecond, time.Hour} { // evicted first, or still in memory
		e := newTunedEnv(t, func(c *Config) {
			c.EvictAfter, c.ExpireAfter, c.SweepEvery, c.MaxOpenGames = evict, 50*time.Millisecond, 10*time.Millisecond, 1
		})
		resp := e.create(friendGame("trick"))
		waitFor(t, "the abandoned game to expire", func() bool {
			list := e.listGames()
			return len(list) == 1 && list[0].Finished && list[0].Result == "expired"
		})
		m := e.state(resp.ID, resp.Token)
		if !m.Finished || len(m.Legal) != 0 {
			t.Fatalf("evict after %v: expired game: finished %v with %d actions", evict, m.Finished, len(m.Legal))
		}
		if code, _ := e.call("POST", "/api/games/"+resp.ID+"/actions", ActionRequest{Token: resp.Token, Action: "pass"}, nil); code != http.StatusConflict {
			t.Fatalf("evict after %v: an action on an expired game: %d, want 409", evict, code)
		}
		e.create(friendGame("trick")) // the creator's place is free again
	}
}
