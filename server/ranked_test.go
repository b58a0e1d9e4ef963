package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// rankedEnv is a server whose ranked clocks and queues read a fake time.
type rankedEnv struct {
	*accountEnv
	time *fakeTime
}

func newRankedEnv(t *testing.T, tune func(*RankedConfig)) *rankedEnv {
	t.Helper()
	ft := newFakeTime(time.Now().Truncate(time.Second)) // the store keeps milliseconds
	e := newAccountEnv(t, func(c *Config) {
		c.Ranked = RankedConfig{PerMove: time.Minute, Bank: 10 * time.Minute, Grace: 5 * time.Minute, time: ft}
		if tune != nil {
			tune(&c.Ranked)
		}
	})
	return &rankedEnv{accountEnv: e, time: ft}
}

// player signs up a browser-like client.
func (e *rankedEnv) player(name string) *browser {
	e.t.Helper()
	b := e.browser()
	b.signup(name, alicePassword)
	return b
}

// queue joins trick's ranked queue and returns the status answered.
func queue(b *browser, want int, deck DeckRequest) QueueStatus {
	b.t.Helper()
	_, raw := b.expect(want, "POST", "/api/ranked/trick/queue", deck)
	return decodeStatus(b, raw)
}

// status asks after trick's ranked queue.
func status(b *browser) QueueStatus {
	b.t.Helper()
	_, raw := b.expect(http.StatusOK, "GET", "/api/ranked/trick/queue", nil)
	return decodeStatus(b, raw)
}

func decodeStatus(b *browser, raw string) QueueStatus {
	b.t.Helper()
	var st QueueStatus
	if err := json.Unmarshal([]byte(raw), &st); err != nil {
		b.t.Fatalf("queue status %s: %v", raw, err)
	}
	return st
}

// pairUp queues two players and returns the game's id, each one's seat
// token and the headers of a request logged in as each (seatHeader), in
// seat order.
func (e *rankedEnv) pairUp(a, b *browser) (string, [2]string, [2]http.Header) {
	e.t.Helper()
	queue(a, http.StatusCreated, DeckRequest{})
	st := queue(b, http.StatusCreated, DeckRequest{})
	if st.State != "playing" || st.Match == nil {
		e.t.Fatalf("the second player of equal rating was not paired: %+v", st)
	}
	first := status(a)
	if first.State != "playing" || first.Match == nil || first.Match.ID != st.Match.ID {
		e.t.Fatalf("the first player does not see the pairing: %+v", first)
	}
	var tokens [2]string
	var as [2]http.Header
	for i, m := range []*MatchLink{first.Match, st.Match} {
		tokens[m.Seat] = tokenFromLink(m.Play)
		as[m.Seat] = []*browser{a, b}[i].seatHeader()
	}
	if tokens[0] == "" || tokens[1] == "" || tokens[0] == tokens[1] {
		e.t.Fatalf("seat tokens %q: want one per seat", tokens)
	}
	return st.Match.ID, tokens, as
}

// seatHeader is the header of a request logged in as b, sent without
// b's cookie jar (to another replica, over a WebSocket): its session
// cookie and CSRF token. A ranked or tournament seat's token plays only
// with its account's session.
func (b *browser) seatHeader() http.Header {
	b.t.Helper()
	return http.Header{"Cookie": {sessionCookie + "=" + b.sessionToken()}, csrfHeader: {b.csrf}}
}

// lostBy is the reason a ranked game shows when seat lost it for this
// reason ("ran out of time"): the player's username, never the seat id.
func (e *rankedEnv) lostBy(id string, seat engine.Seat, reason string) string {
	e.t.Helper()
	m, err := e.srv.rankedStore.MatchOf(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	return m.Usernames[seat] + " " + reason
}

// move plays the seat to move's first legal action, logged in as its
// player (as), and returns the state.
func (e *rankedEnv) move(id string, tokens [2]string, as [2]http.Header) StateMsg {
	e.t.Helper()
	return playFirstLegal(e.testEnv, id, tokens, as)
}

// leaderboard reads trick's leaderboard by username.
func (e *rankedEnv) leaderboard() map[string]RatingInfo {
	e.t.Helper()
	var out struct{ Players []RatingInfo }
	if code, body := e.call("GET", "/api/leaderboard/trick", nil, &out); code != http.StatusOK {
		e.t.Fatalf("leaderboard: %d %s", code, body)
	}
	m := map[string]RatingInfo{}
	for _, p := range out.Players {
		m[p.Username] = p
	}
	return m
}

func TestPickOpponentPrefersSimilarRatingsAndWidens(t *testing.T) {
	cfg := RankedConfig{Window: 100, WindowGrowth: 5, WindowMax: 1000}
	t0 := time.Unix(1_000_000, 0)
	entry := func(name string, r float64, waited time.Duration) QueueEntry {
		return QueueEntry{Account: name, Rating: r, Joined: t0.Add(-waited)}
	}
	cases := []struct {
		name  string
		me    QueueEntry
		queue []QueueEntry
		want  string // "" for nobody
	}{
		{"nearest rating first, not the longest waiter", entry("me", 1500, 0),
			[]QueueEntry{entry("far", 1590, 10*time.Second), entry("near", 1520, 0)}, "near"},
		{"equal gaps go to the longer waiter", entry("me", 1500, 0),
			[]QueueEntry{entry("new", 1550, 0), entry("old", 1450, 5*time.Second)}, "old"},
		{"too far for both fresh windows", entry("me", 1500, 0),
			[]QueueEntry{entry("far", 1800, 0)}, ""},
		{"paired once the other has waited 40 s (window 300)", entry("me", 1500, 0),
			[]QueueEntry{entry("far", 1800, 40*time.Second)}, "far"},
		{"paired once I have waited 40 s", entry("me", 1500, 40*time.Second),
			[]QueueEntry{entry("far", 1800, 0)}, "far"},
		{"the window stops widening at its maximum", entry("me", 1000, time.Hour),
			[]QueueEntry{entry("far", 2100, time.Hour)}, ""},
		{"not paired with itself", entry("me", 1500, 0), []QueueEntry{entry("me", 1500, 0)}, ""},
	}
	for _, c := range cases {
		got, ok := cfg.pickOpponent(c.me, append(c.queue, c.me), t0)
		if (c.want == "") == ok || (ok && got.Account != c.want) {
			t.Errorf("%s: paired with %q (%v), want %q", c.name, got.Account, ok, c.want)
		}
	}
}

func TestRankedQueuePairsSimilarRatingsFirstThenWidens(t *testing.T) {
	e := newRankedEnv(t, func(c *RankedConfig) { c.Window, c.WindowGrowth = 100, 5 })
	alice, bob, carol := e.player("alice"), e.player("bob"), e.player("carol")
	st := e.store.(*sqlStore)
	for name, r := range map[string]float64{"alice": 1500, "bob": 1800, "carol": 1560} {
		acc, _ := e.store.(AccountStore).AccountByName(t.Context(), name)
		if _, err := st.db.Exec(`INSERT INTO ratings (account, game, rating, deviation, volatility, updated) VALUES (?, 'trick', ?, 200, 0.06, 0)`, acc.ID, r); err != nil {
			t.Fatal(err)
		}
	}
	if s := queue(alice, http.StatusCreated, DeckRequest{}); s.State != "queued" || s.Window != 100 {
		t.Fatalf("alice alone: %+v, want queued with window 100", s)
	}
	if s := queue(bob, http.StatusCreated, DeckRequest{}); s.State != "queued" {
		t.Fatalf("bob 300 points above alice was paired at once: %+v", s)
	}
	e.time.Advance(10 * time.Second)
	if s := queue(carol, http.StatusCreated, DeckRequest{}); s.State != "playing" || s.Match.Opponent != "alice" {
		t.Fatalf("carol (60 from alice, 240 from bob) got %+v, want a game with alice", s)
	}
	// Bob waits alone, then widens until a newcomer 250 points away fits.
	dave := e.player("dave")
	queue(dave, http.StatusCreated, DeckRequest{Preset: "standard"}) // 1500: 300 from bob
	for waited := 10; waited < 40; waited += 10 {
		if s := status(bob); s.State != "queued" {
			t.Fatalf("bob paired after %d s, window %v: %+v", waited, s.Window, s)
		}
		e.time.Advance(10 * time.Second)
		status(dave)
	}
	if s := status(bob); s.State != "playing" || s.Match.Opponent != "dave" {
		t.Fatalf("after 50 s bob's window is 350 and dave is 300 away: %+v", s)
	}
}

func TestRankedGameUpdatesBothRatings(t *testing.T) {
	e := newRankedEnv(t, nil)
	alice, bob := e.player("alice"), e.player("bob")
	id, tokens, as := e.pairUp(alice, bob)
	var last StateMsg
	for i := 0; i < 200 && !last.Finished; i++ {
		last = e.move(id, tokens, as)
	}
	if !last.Finished || last.View.Result == nil {
		t.Fatalf("the ranked game did not end: %+v", last.View)
	}
	board := e.leaderboard()
	names := [2]string{status(alice).Rating.Username, status(bob).Rating.Username}
	if status(alice).State != "idle" {
		t.Errorf("after the game alice is %q, want idle", status(alice).State)
	}
	var seatOf = map[string]int{}
	for _, b := range []*browser{alice, bob} {
		var h struct{ Matches []MatchEntry }
		name := status(b).Rating.Username
		if code, body := e.call("GET", "/api/accounts/"+name+"/matches", nil, &h); code != http.StatusOK || len(h.Matches) != 1 {
			t.Fatalf("%s's history: %d %s", name, code, body)
		}
		m := h.Matches[0]
		seatOf[name] = int(m.Seat)
		if m.ID != id || m.Replay != "/replay/"+id || m.RatingBefore != 1500 || m.RatingAfter != board[name].Rating {
			t.Errorf("%s's history entry %+v, leaderboard %+v", name, m, board[name])
		}
	}
	for _, name := range names {
		p := board[name]
		won := len(last.View.Result.Winners) == 1 && int(last.View.Result.Winners[0]) == seatOf[name]
		switch {
		case p.Games != 1 || p.Deviation >= 350:
			t.Errorf("%s after one game: %+v, want 1 game and a deviation below 350", name, p)
		case last.View.Result.Draw && p.Rating != 1500:
			t.Errorf("%s drew from equal ratings and moved to %v", name, p.Rating)
		case won && (p.Rating <= 1500 || p.Wins != 1):
			t.Errorf("winner %s: %+v, want above 1500", name, p)
		case !won && !last.View.Result.Draw && (p.Rating >= 1500 || p.Losses != 1):
			t.Errorf("loser %s: %+v, want below 1500", name, p)
		}
	}
	if w, l := board[names[0]].Rating-1500, board[names[1]].Rating-1500; !last.View.Result.Draw && math.Abs(w+l) > 0.02 {
		t.Errorf("from equal ratings the winner gained %.2f and the loser lost %.2f: want the same", math.Max(w, l), -math.Min(w, l))
	}
	if code, _ := e.call("GET", "/api/games/"+id+"/replay?seat=p1&step=1", nil, nil); code != http.StatusOK {
		t.Errorf("the replay of the ranked game answered %d", code)
	}
}

func TestRankedClockTimeoutLoses(t *testing.T) {
	e := newRankedEnv(t, func(c *RankedConfig) { c.PerMove, c.Bank = 30*time.Second, time.Hour })
	alice, bob := e.player("alice"), e.player("bob")
	id, tokens, as := e.pairUp(alice, bob)
	e.time.Advance(29 * time.Second)
	e.move(id, tokens, as) // in time
	e.time.Advance(29 * time.Second)
	st := e.state(id, "")
	if st.Finished || st.Clock == nil || st.Clock.MoveLeftMS != 1000 || st.Clock.ToMove != int(st.View.ToMove) {
		t.Fatalf("29 s into a 30 s move: finished %v (%+v), clock %+v, want 1 s left", st.Finished, st.View.Result, st.Clock)
	}
	late := st.View.ToMove
	e.time.Advance(2 * time.Second)
	st = e.state(id, "")
	r := st.View.Result
	if !st.Finished || r == nil || len(r.Winners) != 1 || r.Winners[0] != 1-late || r.Reason != e.lostBy(id, late, "ran out of time") {
		t.Fatalf("after 31 s of a 30 s move: finished %v, result %+v; want %v to lose on time", st.Finished, r, late)
	}
	board := e.leaderboard()
	if len(board) != 2 || board["alice"].Games != 1 || board["bob"].Games != 1 {
		t.Errorf("a game lost on time was not rated: %+v", board)
	}
	if code, _ := e.callWith(as[late], "POST", "/api/games/"+id+"/actions", ActionRequest{Token: tokens[late], Action: "play c1"}, nil); code != http.StatusConflict {
		t.Errorf("an action after the timeout answered %d, want 409", code)
	}
	e.restart()
	if st := e.state(id, ""); !st.Finished || st.View.Result == nil || st.View.Result.Reason != e.lostBy(id, late, "ran out of time") {
		t.Errorf("after a restart the timed-out game shows %+v", st.View.Result)
	}
	// The replay says it too, in the reader's language.
	replay, err := e.srv.Replay(context.Background(), id, 0, 0, i18n.DE)
	want := engine.Words{Lang: i18n.DE}.SeatName(late) + " hat die Zeit überschritten"
	if err != nil || replay.Outcome == nil || replay.Outcome.Reason != want {
		t.Errorf("the replay in German says %+v (%v), want %q", replay, err, want)
	}
}

func TestRankedBankRunsOutBeforeThePerMoveLimit(t *testing.T) {
	e := newRankedEnv(t, func(c *RankedConfig) { c.PerMove, c.Bank = 30*time.Second, 40*time.Second })
	id, tokens, as := e.pairUp(e.player("alice"), e.player("bob"))
	spent := [2]time.Duration{}
	for {
		st := e.state(id, "")
		seat := st.View.ToMove
		left := 40*time.Second - spent[seat]
		if left <= 30*time.Second {
			// The allowance is the bank left, not the per-move limit.
			e.time.Advance(left + time.Second)
			if st := e.state(id, ""); !st.Finished || st.View.Result.Reason != e.lostBy(id, seat, "ran out of time") {
				t.Fatalf("%v with %v of bank left was not out of time after %v: %+v", seat, left, left+time.Second, st.View.Result)
			}
			return
		}
		e.time.Advance(25 * time.Second)
		spent[seat] += 25 * time.Second
		if e.move(id, tokens, as).Finished {
			t.Skip("the game ended before a bank ran low")
		}
	}
}

func TestRankedPlayerAwayLongerThanGraceLoses(t *testing.T) {
	e := newRankedEnv(t, func(c *RankedConfig) { c.PerMove, c.Bank, c.Grace = time.Hour, 2*time.Hour, time.Minute })
	id, tokens, as := e.pairUp(e.player("alice"), e.player("bob"))
	ws := e.dialAs(id, tokens[1], as[1]) // p2 keeps the table open, p1 has gone
	ws.next("state")
	e.time.Advance(59 * time.Second)
	e.srv.checkPresence()
	if e.state(id, "").Finished {
		t.Fatal("59 s away with a grace of 60 s lost the game")
	}
	e.time.Advance(2 * time.Second)
	e.srv.checkPresence()
	st := e.state(id, "")
	if r := st.View.Result; !st.Finished || r == nil || r.Winners[0] != 1 || r.Reason != e.lostBy(id, 0, "left the game for too long") {
		t.Fatalf("p1 away 61 s: %+v", r)
	}
}

// TestRankedPresenceOnAnotherReplicaCounts: a player whose page is open
// on another replica (which reports it in the store) is not away.
func TestRankedPresenceOnAnotherReplicaCounts(t *testing.T) {
	e := newRankedEnv(t, func(c *RankedConfig) { c.PerMove, c.Bank, c.Grace = time.Hour, 2*time.Hour, time.Minute })
	id, tokens, as := e.pairUp(e.player("alice"), e.player("bob"))
	e.dialAs(id, tokens[1], as[1]).next("state")
	e.time.Advance(50 * time.Second)
	if err := e.store.(RankedStore).SeenAtTable(t.Context(), id, 0, e.time.Now()); err != nil {
		t.Fatal(err)
	}
	e.time.Advance(20 * time.Second)
	e.srv.checkPresence()
	if st := e.state(id, ""); st.Finished {
		t.Fatalf("p1, reported at the table 20 s ago by another replica, lost: %+v", st.View.Result)
	}
	e.time.Advance(41 * time.Second)
	e.srv.checkPresence()
	if st := e.state(id, ""); !st.Finished || st.View.Result.Winners[0] != 1 {
		t.Fatalf("p1, last reported 61 s ago, did not lose: %+v", st.View.Result)
	}
}

func TestRankedAbuseRefused(t *testing.T) {
	e := newRankedEnv(t, nil)
	anon := e.browser()
	if res, body := anon.do("POST", "/api/ranked/trick/queue", DeckRequest{}); res.StatusCode != http.StatusUnauthorized {
		t.Errorf("queueing without an account: %d %s, want 401", res.StatusCode, body)
	}
	if res, _ := anon.do("GET", "/api/ranked/trick/queue", nil); res.StatusCode != http.StatusUnauthorized {
		t.Errorf("queue status without an account: %d, want 401", res.StatusCode)
	}
	alice, bob, carol := e.player("alice"), e.player("bob"), e.player("carol")
	res, body := alice.do("POST", "/api/ranked/trick/queue", DeckRequest{List: "1 One\n1 Eleven\n"})
	if res.StatusCode != http.StatusBadRequest || !strings.Contains(body, "Eleven") {
		t.Errorf("an illegal deck: %d %s, want 400 naming the card", res.StatusCode, body)
	}
	if res, _ := alice.do("POST", "/api/ranked/nosuchgame/queue", DeckRequest{}); res.StatusCode != http.StatusNotFound {
		t.Errorf("an unknown game: %d, want 404", res.StatusCode)
	}
	csrf := alice.csrf
	alice.csrf = ""
	if res, _ := alice.do("POST", "/api/ranked/trick/queue", DeckRequest{}); res.StatusCode != http.StatusForbidden {
		t.Errorf("queueing without the CSRF token: %d, want 403", res.StatusCode)
	}
	if res, _ := alice.do("DELETE", "/api/ranked/trick/queue", nil); res.StatusCode != http.StatusForbidden {
		t.Errorf("leaving without the CSRF token: %d, want 403", res.StatusCode)
	}
	alice.csrf = csrf
	queue(alice, http.StatusCreated, DeckRequest{})
	queue(alice, http.StatusConflict, DeckRequest{})
	if s := status(alice); s.State != "queued" {
		t.Errorf("after a refused second queueing alice is %q", s.State)
	}
	e.time.Advance(31 * time.Second) // alice closed the page: her entry is stale
	if s := queue(alice, http.StatusCreated, DeckRequest{}); s.State != "queued" || s.WaitingS != 0 {
		t.Errorf("queueing again over a stale entry: %+v, want a fresh wait", s)
	}
	_, raw := alice.expect(http.StatusOK, "DELETE", "/api/ranked/trick/queue", nil)
	if s := decodeStatus(alice, raw); s.State != "idle" {
		t.Errorf("after leaving the queue: %q, want idle", s.State)
	}
	id, tokens, as := e.pairUp(alice, bob)
	queue(alice, http.StatusConflict, DeckRequest{}) // playing already
	if s := status(carol); s.State != "idle" || s.Match != nil {
		t.Errorf("carol's status shows another's game: %+v", s)
	}
	st := e.state(id, "")
	if code, _ := e.call("POST", "/api/games/"+id+"/actions", ActionRequest{Action: "play c1"}, nil); code != http.StatusForbidden {
		t.Errorf("an action without a seat token: %d, want 403", code)
	}
	carolRes, _ := carol.do("POST", "/api/games/"+id+"/actions", ActionRequest{Token: "0123456789abcdef0123456789abcdef", Action: "play c1"})
	if carolRes.StatusCode != http.StatusForbidden {
		t.Errorf("carol acting with a made-up token: %d, want 403", carolRes.StatusCode)
	}
	if st.Viewer != engine.NoSeat || len(st.Legal) != 0 {
		t.Errorf("a spectator of a ranked game sees as %v with %d actions", st.Viewer, len(st.Legal))
	}
	for seat, p := range st.View.Players {
		for _, z := range p.Zones {
			for _, c := range z.Cards {
				if z.Name == "hand" && c.Name != "" {
					t.Errorf("a spectator sees p%d's hand card %q", seat+1, c.Name)
				}
			}
		}
	}
	for i := 0; i < 200 && !e.state(id, "").Finished; i++ {
		e.move(id, tokens, as)
	}
	if code, body := e.callWith(as[0], "POST", "/api/games/"+id+"/rematch", map[string]string{"token": tokens[0]}, nil); code != http.StatusBadRequest {
		t.Errorf("a ranked rematch: %d %s, want 400", code, body)
	}
	seats := CreateRequest{Game: "trick", Seats: []SeatRequest{{Kind: KindRanked}, {Kind: KindRanked}}}
	if code, body := e.call("POST", "/api/games", seats, nil); code != http.StatusBadRequest {
		t.Errorf("a lobby game with ranked seats: %d %s, want 400", code, body)
	}
}

// TestPickOpponentProperties checks pickOpponent over many random queues:
// the opponent is someone else, within the wider of the two windows, and
// nobody eligible is nearer in rating.
func TestPickOpponentProperties(t *testing.T) {
	cfg := RankedConfig{Window: 100, WindowGrowth: 5, WindowMax: 1000}
	rng := rand.New(rand.NewPCG(1, 2))
	now := time.Unix(2_000_000, 0)
	for round := range 2000 {
		queue := make([]QueueEntry, 1+rng.IntN(12))
		for i := range queue {
			queue[i] = QueueEntry{Account: fmt.Sprint("a", i), Rating: 1000 + rng.Float64()*1200,
				Joined: now.Add(-time.Duration(rng.IntN(300)) * time.Second)}
		}
		me := queue[rng.IntN(len(queue))]
		got, ok := cfg.pickOpponent(me, queue, now)
		eligible := func(e QueueEntry) bool {
			return e.Account != me.Account &&
				math.Abs(e.Rating-me.Rating) <= math.Max(cfg.window(now.Sub(me.Joined)), cfg.window(now.Sub(e.Joined)))
		}
		for _, e := range queue {
			if !eligible(e) {
				continue
			}
			if !ok {
				t.Fatalf("round %d: %+v fits %+v but nobody was picked", round, e, me)
			}
			if math.Abs(e.Rating-me.Rating) < math.Abs(got.Rating-me.Rating) {
				t.Fatalf("round %d: picked %+v though %+v is nearer to %+v", round, got, e, me)
			}
		}
		if ok && !eligible(got) {
			t.Fatalf("round %d: picked %+v, who does not fit %+v", round, got, me)
		}
	}
}

func TestRankedPagesAndBadRequests(t *testing.T) {
	e := newRankedEnv(t, nil)
	for _, path := range []string{"/ranked", "/leaderboard", "/leaderboard/trick"} {
		if code, body := e.call("GET", path, nil, nil); code != http.StatusOK || !strings.Contains(body, "<html") {
			t.Errorf("GET %s: %d", path, code)
		}
	}
	for path, want := range map[string]int{
		"/api/leaderboard/nosuchgame":      http.StatusNotFound,
		"/api/leaderboard/trick?limit=0":   http.StatusBadRequest,
		"/api/leaderboard/trick?limit=x":   http.StatusBadRequest,
		"/api/accounts/nobody/matches":     http.StatusNotFound,
		"/api/leaderboard/trick?limit=500": http.StatusOK,
	} {
		if code, body := e.call("GET", path, nil, nil); code != want || (want != http.StatusOK && !strings.Contains(body, `"error"`)) {
			t.Errorf("GET %s: %d %s, want %d", path, code, body, want)
		}
	}
	var board struct{ Players []RatingInfo }
	if code, _ := e.call("GET", "/api/leaderboard/trick", nil, &board); code != http.StatusOK || board.Players == nil || len(board.Players) != 0 {
		t.Errorf("an empty leaderboard: %d %+v, want an empty list", code, board)
	}
}

// TestRankedSeatsKeepTheirUsernames: a ranked seat is named by its
// account. A table that sends the display name its browser remembers
// (as every table does when it connects) does not rename it.
func TestRankedSeatsKeepTheirUsernames(t *testing.T) {
	e := newRankedEnv(t, nil)
	alice, bob := e.player("alice"), e.player("bob")
	id, _, _ := e.pairUp(alice, bob)
	s, err := e.srv.session(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	s.mu.Lock()
	before := slices.Clone(s.names)
	s.setNamesLocked([]engine.Seat{0, 1}, "Mallory")
	after := slices.Clone(s.names)
	s.mu.Unlock()
	want := []string{status(alice).Rating.Username, status(bob).Rating.Username}
	if m, _ := e.srv.rankedStore.MatchOf(context.Background(), id); m.Usernames[0] != want[0] {
		want[0], want[1] = want[1], want[0]
	}
	if !slices.Equal(before, want) || !slices.Equal(after, want) {
		t.Errorf("ranked seats named %q, and %q after a table sent its display name: want %q", before, after, want)
	}
}
