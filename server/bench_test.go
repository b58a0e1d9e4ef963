package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// BenchmarkStateMessage measures building and encoding one seat's state
// message in a Mystic Elements game, the server's work per client per move.
func BenchmarkStateMessage(b *testing.B) {
	s := midgameSession(b)
	seat := s.state.ToMove()
	defer reportCPU(b)()
	for range b.N {
		m := s.stateLocked(seatsOf(s.seats, s.seats[seat].Token), i18n.EN)
		if _, err := json.Marshal(m); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLogEntry measures putting one action into words for the log,
// for every viewer in one language (a table whose readers share one): the
// server's work per move besides the state messages.
func BenchmarkLogEntry(b *testing.B) {
	s := midgameSession(b)
	s.legal = s.state.Legal(s.legal[:0])
	b.ResetTimer()
	for i := range b.N {
		describeIn(s.state, s.legal[i%len(s.legal)], 1<<i18n.EN)
	}
}

// midgameSession is a Mystic Elements friend game 30 actions in, read in
// English.
func midgameSession(b testing.TB) *session { return midgameSessionIn(b, i18n.EN) }

// midgameSessionIn is a Mystic Elements friend game 30 actions in, read
// in language l from the start.
func midgameSessionIn(b testing.TB, l i18n.Lang) *session {
	b.Helper()
	st, err := OpenStore(context.Background(), b.TempDir()+"/b.db")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	srv, _ := New(Config{Store: st})
	b.Cleanup(srv.Close)
	resp, err := srv.Create(context.Background(), friendGame("mysticelements"))
	if err != nil {
		b.Fatal(err)
	}
	s, _ := srv.session(context.Background(), resp.ID)
	s.speakLocked(l)
	for i := 0; i < 30; i++ {
		s.legal = s.state.Legal(s.legal[:0])
		s.applyLocked(s.legal[0])
	}
	return s
}

// BenchmarkMoveBroadcast measures telling both seats of a game about a
// move: each seat's delta (its view, its legal actions, the new log
// line) built and encoded, the server's work per move besides the rules,
// the store and the sockets.
func BenchmarkMoveBroadcast(b *testing.B) {
	s := midgameSession(b)
	var seats []*client
	for i := range s.seats {
		c := &client{controls: []engine.Seat{engine.Seat(i)}, lang: i18n.EN, send: make(chan *outMsg, 1), closed: make(chan struct{})}
		s.clients[c] = struct{}{}
		seats = append(seats, c)
	}
	b.ReportAllocs()
	defer reportCPU(b)()
	for range b.N {
		for _, c := range seats {
			c.has = s.log.len() - 1
		}
		s.broadcastLocked()
		for _, c := range seats {
			(<-c.send).done()
		}
	}
}

// BenchmarkViewPatch measures the merge patch of a seat's view after a
// move against its view before, the work a delta adds per client kind.
func BenchmarkViewPatch(b *testing.B) { benchViewPatch(b, false) }

// BenchmarkViewPatchSpans is BenchmarkViewPatch given the spans of the
// view before, as the server diffs, which spare scanning what is unchanged.
func BenchmarkViewPatchSpans(b *testing.B) { benchViewPatch(b, true) }

func benchViewPatch(b *testing.B, withSpans bool) {
	g, _ := engine.Lookup("mysticelements")
	st, err := g.New(engine.Setup{Game: "mysticelements", Seats: 2, Seed: 5})
	if err != nil {
		b.Fatal(err)
	}
	var legal []engine.Action
	var before, after []byte
	for range 40 { // the same midgame position every run
		before = engine.Localized(st, 0, engine.Words{Lang: i18n.EN}).AppendJSON(nil)
		legal = st.Legal(legal[:0])
		if err := st.Apply(legal[len(legal)/2]); err != nil {
			b.Fatal(err)
		}
		after = engine.Localized(st, 0, engine.Words{Lang: i18n.EN}).AppendJSON(nil)
	}
	var spans, next []span
	if withSpans {
		spans = indexJSON(nil, before)
	}
	var patch []byte
	b.ReportAllocs()
	defer reportCPU(b)()
	for range b.N {
		var ok bool
		if withSpans {
			patch, next, ok = mergePatchSpans(patch[:0], before, after, spans, next[:0])
		} else {
			patch, ok = mergePatch(patch[:0], before, after)
		}
		if !ok {
			b.Fatal("no patch")
		}
	}
	b.ReportMetric(float64(len(patch)), "patch-bytes")
	b.ReportMetric(float64(len(after)), "view-bytes")
}

// reportCPU resets b's timer and returns a func that reports the
// process's CPU time per op since (cpu-ns/op): unlike ns/op, it does not
// grow when other processes share the machine. Defer it.
func reportCPU(b *testing.B) func() { return reportCPUPer(b, 1) }

// reportCPUPer is reportCPU for ops that each do k things: it reports the
// CPU time per thing.
func reportCPUPer(b *testing.B, k int) func() {
	start := processCPU()
	b.ResetTimer()
	return func() { b.ReportMetric(float64(processCPU()-start)/float64(b.N*k), "cpu-ns/op") }
}

// processCPU is the CPU time this process has used, user and system.
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkAppendAction measures saving the actions of a move in a SQLite
// store, committed: one game's alone (a quiet server, a commit each), and
// sixteen games' at once (a busy one, whose writer commits them
// together), those sixteen being always the same games or each time the
// next sixteen of 10,000 (a server with many games), whose file holds no
// actions yet or already 100 a game (a server that has played a while,
// whose actions table is a million rows deep). cpu-ns/op is per action,
// the writer's and the callers', moving the action log into the games
// included (store_actionlog.go).
func BenchmarkAppendAction(b *testing.B) {
	for _, c := range []struct{ batch, games, played int }{{1, 1, 0}, {16, 16, 0}, {16, 10000, 0}, {16, 10000, 100}} {
		b.Run(fmt.Sprintf("batch=%d/games=%d/played=%d", c.batch, c.games, c.played), func(b *testing.B) {
			st, err := OpenStore(context.Background(), b.TempDir()+"/b.db")
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			ids := make([]string, c.games)
			for g := range ids {
				ids[g] = newGameID()
			}
			played(b, st.(*sqlStore), ids, c.played)
			ctx := context.Background()
			var wg sync.WaitGroup
			b.ReportAllocs()
			defer reportCPUPer(b, c.batch)()
			for n := range b.N {
				for i := range c.batch {
					k := n*c.batch + i
					wg.Add(1)
					go func() {
						defer wg.Done()
						if err := st.AppendAction(ctx, ids[k%c.games], c.played+k/c.games, "play c12"); err != nil {
							b.Error(err)
						}
					}()
				}
				wg.Wait()
			}
		})
	}
}

// played stores n actions for each of the games, checkpointed, as a
// server that has played a while has them.
func played(b *testing.B, st *sqlStore, ids []string, n int) {
	if n == 0 {
		return
	}
	tx, err := st.db.Begin()
	if err != nil {
		b.Fatal(err)
	}
	for _, id := range ids {
		for k := range n {
			if _, err := tx.Exec(`INSERT INTO actions (game_id, n, action) VALUES (?, ?, ?)`, id, k, "play c12 on c7"); err != nil {
				b.Fatal(err)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	if _, err := st.db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkClientMsg measures reading the action message a client sends
// for every move.
func BenchmarkClientMsg(b *testing.B) {
	data := []byte(`{"type":"act","token":"5f2c9a1b7e","action":"attack c3 c9","version":42}`)
	b.ReportAllocs()
	for range b.N {
		var m ClientMsg
		if err := decodeClientMsg(data, &m); err != nil || m.Action == "" {
			b.Fatal(err)
		}
	}
}

// BenchmarkMove measures a whole move as the server plays it, short of
// the sockets: the player's message read, the action checked, saved in a
// SQLite store (committed alone, as on a quiet server) and played, and
// both seats' deltas built, encoded and queued. B/op is the garbage a
// move leaves the collector; games that end are replaced, off the clock.
func BenchmarkMove(b *testing.B) {
	var s *session
	var seats []*client
	start := func() {
		s = midgameSession(b)
		seats = seats[:0]
		for i := range s.seats {
			c := &client{controls: []engine.Seat{engine.Seat(i)}, lang: i18n.EN, send: make(chan *outMsg, 4), closed: make(chan struct{})}
			s.clients[c] = struct{}{}
			seats = append(seats, c)
		}
	}
	start()
	rng := rand.New(rand.NewPCG(1, 2))
	var msg []byte
	b.ReportAllocs()
	defer reportCPU(b)()
	for range b.N {
		s.legal = s.state.Legal(s.legal[:0])
		a := s.legal[rng.IntN(len(s.legal))]
		seat := s.state.ToMove()
		msg = append(append(msg[:0], `{"type":"act","token":"`...), s.seats[seat].Token...)
		msg = append(s.codec.AppendFormat(append(msg, `","action":"`...), a), `","version":`...)
		msg = append(strconv.AppendInt(msg, int64(len(s.actions)), 10), '}')
		s.srv.handleMsg(s, seats[seat], msg)
		for _, c := range seats {
			for len(c.send) > 0 {
				(<-c.send).done()
			}
		}
		if s.finished {
			b.StopTimer()
			start()
			b.StartTimer()
		}
	}
}
