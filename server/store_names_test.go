package server

import (
	"database/sql"
	"encoding/json"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"kartenwerk/engine"
)

// seatNamesOf are the names of a state message's or replay's seats.
func seatNamesOf(seats []SeatInfo) []string {
	out := make([]string, len(seats))
	for i, s := range seats {
		out[i] = s.Name
	}
	return out
}

// nameSeats connects each seat of a casual game once with a display name
// (names[i] for seat i) and waits until the table has taken them all.
func nameSeats(e *testEnv, resp CreateResponse, names ...string) {
	e.t.Helper()
	for i, name := range names {
		nameSeat(e, resp, engine.Seat(i), name)
	}
}

// nameSeat connects seat of a casual game with a display name, and waits
// until the table has taken it.
func nameSeat(e *testEnv, resp CreateResponse, seat engine.Seat, name string) {
	e.t.Helper()
	c := e.dial(resp.ID, tokenOfSeat(resp, seat)+"&name="+name)
	c.next("state") // sent once the name is set, and so saved
	c.conn.CloseNow()
}

// playThenConcede plays at least n actions (the first legal one that
// does not give the game up) for whoever is to move, then has the seat
// to move concede as soon as it may: a MystiMons seat concedes only in
// its own turn, after the setup (MM-7.3), which a deal of many Stufe-1
// MystiMons makes longer than n actions.
func playThenConcede(e *testEnv, resp CreateResponse, n int) {
	e.t.Helper()
	for i := 0; i < n+500; i++ {
		st := e.state(resp.ID, "")
		tok := tokenOfSeat(resp, st.View.ToMove)
		var play, concede string
		for _, a := range e.state(resp.ID, tok).Legal {
			switch {
			case a.Concedes && concede == "":
				concede = a.Action
			case !a.Concedes && play == "":
				play = a.Action
			}
		}
		if i >= n && concede != "" {
			play = concede
		}
		if play == "" {
			e.t.Fatalf("action %d: seat %v has no action to play", i+1, st.View.ToMove)
		}
		if code, body := e.call("POST", "/api/games/"+resp.ID+"/actions", ActionRequest{Token: tok, Action: play}, nil); code != http.StatusOK {
			e.t.Fatalf("action %d %q: %d %s", i+1, play, code, body)
		}
		if play == concede {
			return
		}
	}
	e.t.Fatalf("no seat could concede in %d actions", n+500)
}

// The display names the players of a casual game chose outlive the
// server: a restarted server, a game back from eviction and the game's
// replay (its seats and its log) name the seats as the table did, where
// they read "Player 1" and "Player 2". A name longer than the bound is
// still refused.
func TestChosenNamesOutliveRestartEvictionAndShowInTheReplay(t *testing.T) {
	evict := time.Hour
	e := newTunedEnv(t, func(c *Config) { c.EvictAfter, c.SweepEvery = evict, 10*time.Millisecond })
	resp := e.create(friendGame("mystimons"))
	nameSeats(e, resp, "Anna", "Bert")
	long := strings.Repeat("a", maxNameRunes+1)
	code, body := e.call("GET", "/api/games/"+resp.ID+"/ws?token="+resp.Token+"&name="+long, nil, nil)
	if code != http.StatusBadRequest || !strings.Contains(body, "name_too_long") {
		t.Errorf("a name of %d letters: %d %s, want 400 name_too_long", maxNameRunes+1, code, body)
	}
	want := []string{"Anna", "Bert"}
	if got := seatNamesOf(e.state(resp.ID, "").Seats); !reflect.DeepEqual(got, want) {
		t.Fatalf("the table names its seats %q, want %q", got, want)
	}

	e.restart()
	if got := seatNamesOf(e.state(resp.ID, "").Seats); !reflect.DeepEqual(got, want) {
		t.Errorf("after a restart the seats are named %q, want %q", got, want)
	}

	playThenConcede(e, resp, 4)
	table := e.state(resp.ID, "")
	if !table.Finished {
		t.Fatal("the game goes on after a concession")
	}
	evict = time.Millisecond // from the next start on
	e.restart()
	e.state(resp.ID, "") // loaded, then left idle
	waitFor(t, "the idle game to leave memory", func() bool { return !e.srv.inMemory(resp.ID) })
	if got := seatNamesOf(e.state(resp.ID, "").Seats); !reflect.DeepEqual(got, want) {
		t.Errorf("back from eviction the seats are named %q, want %q", got, want)
	}

	var r ReplayMsg
	if code, body := e.call("GET", "/api/games/"+resp.ID+"/replay?step="+strconv.Itoa(table.Version), nil, &r); code != http.StatusOK {
		t.Fatalf("replay: %d %s", code, body)
	}
	if got := seatNamesOf(r.Seats); !reflect.DeepEqual(got, want) {
		t.Errorf("the replay names its seats %q, want %q", got, want)
	}
	var told, replayed []string
	for _, l := range table.Log {
		told = append(told, l.Label)
	}
	for _, l := range r.Log[len(r.Log)-len(table.Log):] {
		replayed = append(replayed, l.Label)
	}
	if !reflect.DeepEqual(replayed, told) || !strings.Contains(strings.Join(told, "\n"), "Anna") {
		t.Errorf("the replay's log reads\n%s\nwhere the table's read\n%s", strings.Join(replayed, "\n"), strings.Join(told, "\n"))
	}
}

// Only a seat whose player names it shows a stored name, and only one a
// player could have chosen: a hot seat keeps the table's name, a
// tournament seat its account's, and a name beyond the bound or with
// other characters than a player may use (written to the store by other
// means) is not shown.
func TestStoredNamesKeepTheSeatsRules(t *testing.T) {
	g := StoredGame{
		Seats: []SeatConfig{{Kind: KindYou}, {Kind: KindHotseat}, {Kind: KindFriend, Name: "Organised", Event: "cup"},
			{Kind: KindFriend}, {Kind: KindFriend}, {Kind: KindRanked}},
		Names: []string{"Anna", "Hot", "Mallory", strings.Repeat("b", maxNameRunes+1), "<b>Eve</b>", "Ranked"},
	}
	want := []string{"Anna", "", "Organised", "", "", ""}
	if got := seatNames(g); !reflect.DeepEqual(got, want) {
		t.Errorf("seatNames = %q, want %q", got, want)
	}
	g.Names = nil // a game stored before names were kept
	if got := seatNames(g); !reflect.DeepEqual(got, []string{"", "", "Organised", "", "", ""}) {
		t.Errorf("seatNames without stored names = %q", got)
	}
}

// Replicas sharing one store share the names chosen at a game: a name
// chosen through the replica that follows the game, and one chosen through
// its owner, are both what a replica that restores the game shows, a new
// one or the owner once it evicted the game.
func TestANameChosenOnOneReplicaShowsOnAnother(t *testing.T) {
	dsn := startPostgres(t)
	a, b := startReplica(t, dsn), startReplica(t, dsn)
	ea, eb := &testEnv{t: t, http: a.http}, &testEnv{t: t, http: b.http}
	resp := ea.create(friendGame("trick"))
	nameSeat(eb, resp, 1, "Bert") // b follows the game a owns
	nameSeat(ea, resp, 0, "Anna")
	want := []string{"Anna", "Bert"}
	c := startReplica(t, dsn)
	ec := &testEnv{t: t, http: c.http}
	if got := seatNamesOf(ec.state(resp.ID, "").Seats); !reflect.DeepEqual(got, want) {
		t.Errorf("a replica that restores the game names its seats %q, want %q", got, want)
	}
	a.srv.sweep(time.Now().Add(time.Hour)) // a has been idle an hour: it evicts the game
	if a.srv.inMemory(resp.ID) {
		t.Fatal("the idle game is still in a's memory")
	}
	if got := seatNamesOf(ea.state(resp.ID, "").Seats); !reflect.DeepEqual(got, want) {
		t.Errorf("the owner, back from eviction, names the seats %q, want %q", got, want)
	}
}

// A name chosen through one replica reaches the tables open on the others
// at once: a watcher connected to the game's owner sees the name chosen
// through the replica that follows the game, and a watcher there the one
// chosen through the owner, without reconnecting (they saw the old names
// until they reloaded the page).
func TestANameChosenOnOneReplicaReachesTheOthersTables(t *testing.T) {
	dsn := startPostgres(t)
	a, b := startReplica(t, dsn), startReplica(t, dsn)
	ea, eb := &testEnv{t: t, http: a.http}, &testEnv{t: t, http: b.http}
	resp := ea.create(friendGame("trick"))
	atOwner, atFollower := ea.dial(resp.ID, ""), eb.dial(resp.ID, "")
	atOwner.next("state")
	atFollower.next("state")
	nameSeat(eb, resp, 1, "Bert")
	waitForSeatNames(atOwner, "the owner", "", "Bert")
	nameSeat(ea, resp, 0, "Anna")
	waitForSeatNames(atFollower, "the follower", "Anna", "Bert")
	waitForSeatNames(atOwner, "the owner", "Anna", "Bert")
}

// A replica that stopped hearing the others reads the names chosen
// meanwhile when it hears them again, as it catches up on actions: a
// table open there shows a name chosen through the owner while the
// replica's connection to the database's notices was down, and until it
// is back the replica is not ready for clients.
func TestANameChosenWhileAReplicaWasDeafReachesItsTables(t *testing.T) {
	dsn := startPostgres(t)
	a, b := startReplica(t, dsn), startReplica(t, dsn)
	ea, eb := &testEnv{t: t, http: a.http}, &testEnv{t: t, http: b.http}
	resp := ea.create(friendGame("trick"))
	atFollower := eb.dial(resp.ID, "")
	atFollower.next("state")
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// Cut every replica's connection for notices; each reconnects after a
	// second.
	if _, err := db.Exec(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN ` + notifyChannel + `'`); err != nil {
		t.Fatal(err)
	}
	if !poll(5*time.Second, func() bool { return !b.srv.cluster.following.Load() }) {
		t.Fatal("the replica never noticed it was cut off")
	}
	if code, _ := eb.call("GET", "/readyz", nil, nil); code != http.StatusServiceUnavailable {
		t.Errorf("/readyz of a replica that hears no notices: %d, want 503", code)
	}
	nameSeat(ea, resp, 0, "Anna") // announced while b hears nothing
	waitForSeatNames(atFollower, "the follower", "Anna", "")
	if code, _ := eb.call("GET", "/readyz", nil, nil); code != http.StatusOK {
		t.Errorf("/readyz of a replica that hears again: %d, want 200", code)
	}
}

// waitForSeatNames reads c's messages until a seats message names the
// seats as want, failing when c's time runs out first.
func waitForSeatNames(c *wsClient, where string, want ...string) {
	c.t.Helper()
	for {
		m := c.next("seats")
		data, _ := json.Marshal(m["seats"])
		var seats []SeatInfo
		if err := json.Unmarshal(data, &seats); err != nil {
			c.t.Fatalf("a seats message on %s: %v", where, err)
		}
		if slices.Equal(seatNamesOf(seats), want) {
			return
		}
	}
}
