package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"kartenwerk/engine"
)

// storeContract checks what every Store must do.
func storeContract(t *testing.T, st Store) {
	ctx := context.Background()
	id := newGameID()
	g := StoredGame{ID: id, Setup: engine.Setup{Game: "trick", Seats: 2, Seed: 42}, Created: time.Now(),
		Seats: []SeatConfig{{Kind: KindYou, Token: "a"}, {Kind: KindAI, Agent: "random"}}}
	if err := st.CreateGame(ctx, g, 0); err != nil {
		t.Fatal(err)
	}
	if err := st.CreateGame(ctx, g, 0); err == nil {
		t.Error("a second game with the same id was stored")
	}
	for i, a := range []string{"play c1", "play c10", "play c2"} {
		if err := st.AppendAction(ctx, id, i, a); err != nil {
			t.Fatal(err)
		}
	}
	// The refusal names the action and the game, on both stores (the
	// fenced append of replicas too).
	if err := st.AppendAction(ctx, id, 1, "play c3"); err == nil || !strings.Contains(err.Error(), "save action 2 of game "+id) {
		t.Errorf("action 2 stored twice: %v, want an error that names it", err)
	}
	if err := st.Finish(ctx, id, "p1 wins (tricks)"); err != nil {
		t.Fatal(err)
	}
	if err := st.SetRematch(ctx, id, "next"); err != nil {
		t.Fatal(err)
	}
	if named, err := st.LoadGame(ctx, id); err != nil || !slices.Equal(named.Names, []string{"", ""}) {
		t.Errorf("a game no seat named: names %q (%v), want two empty ones", named.Names, err)
	}
	// A seat's name replaces its name before, and no other seat's.
	for _, n := range []struct {
		seat int
		name string
	}{{0, "Anna"}, {1, "Bert"}, {0, "Ann"}} {
		if err := st.SetSeatName(ctx, id, n.seat, n.name); err != nil {
			t.Fatal(err)
		}
	}
	got, err := st.LoadGame(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Actions) != 3 || got.Actions[1] != "play c10" || !got.Finished || got.Result != "p1 wins (tricks)" ||
		got.Rematch != "next" || got.Setup.Seed != 42 || got.Seats[1].Agent != "random" || got.Seats[0].Token != "a" ||
		!slices.Equal(got.Names, []string{"Ann", "Bert"}) {
		t.Errorf("loaded %+v", got)
	}
	if _, err := st.LoadGame(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("an unknown game: %v, want ErrNotFound", err)
	}
	list, err := st.ListGames(ctx, 10)
	if err != nil || len(list) == 0 || list[0].ID != id || list[0].Actions != nil {
		t.Errorf("list: %+v %v", list, err)
	}
}

func TestSQLiteStore(t *testing.T) {
	st, err := OpenStore(context.Background(), filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	storeContract(t, st)
}

// TestPostgresStore runs against the PostgreSQL server named by
// KARTENWERK_TEST_POSTGRES (a postgres:// URL), when one is given.
func TestPostgresStore(t *testing.T) {
	url := os.Getenv("KARTENWERK_TEST_POSTGRES")
	if url == "" {
		t.Skip("set KARTENWERK_TEST_POSTGRES=postgres://... to test the PostgreSQL store")
	}
	st, err := OpenStore(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	storeContract(t, st)
}

func TestOpenStoreErrors(t *testing.T) {
	if _, err := OpenStore(context.Background(), ""); err == nil {
		t.Error("an empty --db was accepted")
	}
	if _, err := OpenStore(context.Background(), filepath.Join(t.TempDir(), "no", "such", "dir", "x.db")); err == nil {
		t.Error("a SQLite file in a missing directory was accepted")
	}
}

// openTestSQLite opens a SQLite store in a fresh directory.
func openTestSQLite(t *testing.T) (*sqlStore, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "s.db")
	st, err := OpenStore(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st.(*sqlStore), path
}

// createTestGame stores a new trick game with no actions.
func createTestGame(t *testing.T, st Store) StoredGame {
	t.Helper()
	g := StoredGame{ID: newGameID(), Setup: engine.Setup{Game: "trick", Seats: 2}, Created: time.Now()}
	if err := st.CreateGame(context.Background(), g, 0); err != nil {
		t.Fatal(err)
	}
	return g
}

// holdWriter takes the writer's one connection, so writes queue up until
// the returned function gives it back; a first write is sent to be the
// batch the writer is stuck on.
func holdWriter(t *testing.T, st *sqlStore, errs chan error) func() {
	t.Helper()
	conn, err := st.db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() }) // a failed test must not leave the writer stuck
	waits := st.db.Stats().WaitCount
	first := writeOp{what: "a first write", query: st.q(`UPDATE games SET result = '' WHERE id = ''`), reply: make(chan error, 1)}
	st.ops <- first
	waitFor(t, "the writer to wait for its connection", func() bool { return st.db.Stats().WaitCount > waits })
	go func() { errs <- <-first.reply }()
	return func() { conn.Close() }
}

// queuedActions opens a store, holds its writer, and queues n actions of
// a new game behind it; every write's error goes to errs (the held
// write's too), and release lets the writer go on.
func queuedActions(t *testing.T, n int) (st *sqlStore, path string, g StoredGame, errs chan error, release func()) {
	t.Helper()
	st, path = openTestSQLite(t)
	g = createTestGame(t, st)
	errs = make(chan error, n+2)
	release = holdWriter(t, st, errs)
	for i := range n { // in order, as a game's moves are saved
		go func() { errs <- st.AppendAction(context.Background(), g.ID, i, fmt.Sprintf("play c%d", i)) }()
		waitFor(t, fmt.Sprintf("%d queued writes", i+1), func() bool { return len(st.ops) == i+1 })
	}
	return st, path, g, errs, release
}

func TestOneBadWriteFailsOnlyItself(t *testing.T) {
	st, _, g, errs, release := queuedActions(t, 10)
	go func() { errs <- st.CreateGame(context.Background(), g, 0) }() // the same id again
	waitFor(t, "11 queued writes", func() bool { return len(st.ops) == 11 })
	release()
	failed := 0
	for range 12 {
		if err := <-errs; err != nil {
			failed++
			if !strings.Contains(err.Error(), "create game "+g.ID) {
				t.Errorf("a good write failed: %v", err)
			}
		}
	}
	if failed != 1 {
		t.Errorf("%d writes failed, want the one that stores a game twice", failed)
	}
}

func TestCloseCommitsQueuedWrites(t *testing.T) {
	// The writer picks queued writes or the close at random when both are
	// there: ten rounds make a store that drops them fail all but surely.
	for range 10 {
		closeWithQueuedWrites(t)
	}
}

func closeWithQueuedWrites(t *testing.T) {
	st, path, g, errs, release := queuedActions(t, 5)
	closed := make(chan error)
	go func() { closed <- st.Close() }()
	waitFor(t, "Close to begin", func() bool {
		select {
		case <-st.done:
			return true
		default:
			return false
		}
	})
	release()
	if err := <-closed; err != nil {
		t.Fatal(err)
	}
	for range 6 {
		if err := <-errs; err != nil {
			t.Fatalf("a write queued before Close failed: %v", err)
		}
	}
	ctx := context.Background()
	again, err := OpenStore(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if got, err := again.LoadGame(ctx, g.ID); err != nil || len(got.Actions) != 5 {
		t.Fatalf("after Close the store holds %d of 5 queued actions (%v)", len(got.Actions), err)
	}
}

func TestSQLiteCommitsReachTheDatabaseFile(t *testing.T) {
	st, path := openTestSQLite(t)
	ctx := context.Background()
	g := createTestGame(t, st)
	if err := st.AppendAction(ctx, g.ID, 0, "play c7"); err != nil {
		t.Fatal(err)
	}
	// The database file alone, without its write-ahead log, is what a
	// power failure leaves if the log was never synced and checkpointed.
	waitFor(t, "the action to be checkpointed into the database file", func() bool {
		b, err := os.ReadFile(path)
		return err == nil && bytes.Contains(b, []byte("play c7"))
	})
}

// A batch is what has queued, in order, up to the batch's room; the
// rest waits for the next commit.
func TestTheStoreBatchesWhatHasQueuedInOrder(t *testing.T) {
	s := &sqlStore{ops: make(chan writeOp, 400)}
	for i := range 300 {
		s.ops <- writeOp{what: strconv.Itoa(i)}
	}
	batch := s.gatherReady(make([]writeOp, 0, 256))
	if len(batch) != 256 || len(s.ops) != 44 {
		t.Fatalf("a batch of %d with %d left queued, want 256 and 44", len(batch), len(s.ops))
	}
	for i, op := range batch {
		if op.what != strconv.Itoa(i) {
			t.Fatalf("write %d of the batch is %s", i, op.what)
		}
	}
	if batch = s.gatherReady(batch[:0]); len(batch) != 44 || batch[0].what != "256" {
		t.Fatalf("the next batch has %d writes from %v, want the 44 left from 256", len(batch), batch[0].what)
	}
}

// A write whose caller has already given up is refused and stored
// nowhere, even with the writer idle and free to commit it at once.
func TestAWriteGivenUpBeforeItBeginsIsNotStored(t *testing.T) {
	st, _ := openTestSQLite(t)
	g := createTestGame(t, st)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := st.AppendAction(ctx, g.ID, 0, "play c7"); !errors.Is(err, context.Canceled) {
		t.Fatalf("saving with a cancelled context: %v, want context.Canceled", err)
	}
	if got, err := st.LoadGame(context.Background(), g.ID); err != nil || len(got.Actions) != 0 {
		t.Fatalf("the store holds %v (%v), want no action", got.Actions, err)
	}
}
