package server

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"kartenwerk/platform/companion"
)

// companionStoreContract checks a CompanionStore: events load in their
// order, an event number is taken once however many servers race for
// it, and an unknown table is ErrNotFound.
func companionStoreContract(t *testing.T, st Store) {
	ctx := t.Context()
	cs := st.(CompanionStore)
	if _, _, err := cs.LoadCompanionTable(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("an unknown table: %v, want ErrNotFound", err)
	}
	tb, _ := companion.New("t1", "microlife")
	if err := cs.CreateCompanionTable(ctx, "t1", "microlife", "creator", time.Now(), OpenLimit{}); err != nil {
		t.Fatal(err)
	}
	for i, cmd := range []companion.Command{{Verb: "join", Arg: "Ada"}, {Verb: "join", Arg: "Ben"}, {Verb: "add", Target: "p1.sugar", N: 2}} {
		ev, err := tb.Do(0, "", cmd, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if err := cs.AppendCompanionEvent(ctx, "t1", ev); err != nil {
			t.Fatalf("event %d: %v", i+1, err)
		}
	}
	const racers = 6
	var wg sync.WaitGroup
	wins := make(chan int, racers)
	for i := range racers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ev := companion.Event{Seq: 4, By: i % 2, Cmd: companion.Command{Verb: "add", Target: "p2.life", N: -1},
				Changes: []companion.Change{{Key: "p2.life", From: "10", To: "9"}}}
			err := cs.AppendCompanionEvent(ctx, "t1", ev)
			if err == nil {
				wins <- i
			} else if !errors.Is(err, ErrEventTaken) {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	close(wins)
	if n := len(wins); n != 1 {
		t.Errorf("%d servers stored event 4, want exactly 1", n)
	}
	game, log, err := cs.LoadCompanionTable(ctx, "t1")
	if err != nil || game != "microlife" || len(log) != 4 {
		t.Fatalf("loaded %q with %d events (%v)", game, len(log), err)
	}
	again, err := companion.Load("t1", game, log)
	if err != nil {
		t.Fatal(err)
	}
	if s := again.State(); s["p1.sugar"] != "2" || s["p2.life"] != "9" || s["p2.name"] != "Ben" {
		t.Errorf("the stored table replays as %v", s)
	}
}

func TestSQLiteCompanionStore(t *testing.T) {
	st, err := OpenStore(context.Background(), filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	companionStoreContract(t, st)
}

func TestPostgresCompanionStore(t *testing.T) {
	st, err := OpenStore(context.Background(), startPostgres(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	companionStoreContract(t, st)
}

// companionForgetContract checks ForgetCompanionTables: a table whose
// last change (its newest event, or its creation without one) is before
// the cutoff goes with all its events; a table changed since, however old,
// stays whole, also when it was picked as idle before its change; an
// event for a deleted table is refused and leaves nothing behind;
// forgetting again finds nothing.
func companionForgetContract(t *testing.T, st Store) {
	ctx := t.Context()
	cs := st.(CompanionStore)
	old := companionForgetBatch
	companionForgetBatch = 2 // three idle tables take two batches
	t.Cleanup(func() { companionForgetBatch = old })
	cutoff := time.UnixMilli(1_800_000_000_000)
	day := 24 * time.Hour
	event := func(seq int, at time.Time) companion.Event {
		return companion.Event{Seq: seq, At: at.UnixMilli(), Cmd: companion.Command{Verb: "add", Target: "p1.life", N: 1},
			Changes: []companion.Change{{Key: "p1.life", From: strconv.Itoa(seq - 1), To: strconv.Itoa(seq)}}}
	}
	tables := []struct {
		id      string
		created time.Time
		events  []time.Time
		kept    bool
	}{
		{"idle", cutoff.Add(-40 * day), []time.Time{cutoff.Add(-40 * day), cutoff.Add(-31 * day)}, false},
		{"empty", cutoff.Add(-40 * day), nil, false},
		{"old-but-played", cutoff.Add(-40 * day), []time.Time{cutoff.Add(-40 * day), cutoff.Add(-39 * day), cutoff}, true},
		{"hour-before", cutoff.Add(-time.Hour), []time.Time{cutoff.Add(-time.Hour)}, false},
		{"new-empty", cutoff, nil, true},
	}
	for _, tb := range tables {
		if err := cs.CreateCompanionTable(ctx, tb.id, "microlife", "creator", tb.created, OpenLimit{}); err != nil {
			t.Fatal(err)
		}
		for i, at := range tb.events {
			if err := cs.AppendCompanionEvent(ctx, tb.id, event(i+1, at)); err != nil {
				t.Fatal(err)
			}
		}
	}
	gone, err := cs.ForgetCompanionTables(ctx, cutoff)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(gone)
	if want := []string{"empty", "hour-before", "idle"}; !slices.Equal(gone, want) {
		t.Errorf("forgot %v, want %v", gone, want)
	}
	for _, tb := range tables {
		_, log, err := cs.LoadCompanionTable(ctx, tb.id)
		switch {
		case tb.kept && (err != nil || len(log) != len(tb.events)):
			t.Errorf("table %s: %d events (%v), want it whole with %d", tb.id, len(log), err, len(tb.events))
		case !tb.kept && !errors.Is(err, ErrNotFound):
			t.Errorf("table %s: %v, want ErrNotFound", tb.id, err)
		}
	}
	// Picked by one replica as idle, then changed by another before the
	// deletion: it stays.
	if err := cs.CreateCompanionTable(ctx, "raced", "microlife", "creator", cutoff.Add(-40*day), OpenLimit{}); err != nil {
		t.Fatal(err)
	}
	if err := cs.AppendCompanionEvent(ctx, "raced", event(1, cutoff)); err != nil {
		t.Fatal(err)
	}
	if err := st.(*sqlStore).forgetIdleCompanion(ctx, "raced", cutoff.UnixMilli()); !errors.Is(err, errCompanionKept) {
		t.Errorf("deleting a table changed since it was picked: %v, want errCompanionKept", err)
	}
	if _, log, err := cs.LoadCompanionTable(ctx, "raced"); err != nil || len(log) != 1 {
		t.Errorf("the table changed since it was picked: %d events (%v), want it whole", len(log), err)
	}
	if err := cs.AppendCompanionEvent(ctx, "idle", event(3, cutoff)); !errors.Is(err, ErrEventTaken) {
		t.Errorf("an event for a forgotten table: %v, want ErrEventTaken", err)
	}
	var orphans int
	if err := st.(*sqlStore).read.QueryRowContext(ctx, `SELECT count(*) FROM companion_events
		WHERE table_id NOT IN (SELECT id FROM companion_tables)`).Scan(&orphans); err != nil || orphans != 0 {
		t.Errorf("%d events under no table (%v), want none", orphans, err)
	}
	if again, err := cs.ForgetCompanionTables(ctx, cutoff); err != nil || len(again) != 0 {
		t.Errorf("forgetting again: %v (%v), want nothing", again, err)
	}
}

func TestSQLiteForgetsIdleCompanionTables(t *testing.T) {
	st, err := OpenStore(context.Background(), filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	companionForgetContract(t, st)
}

func TestPostgresForgetsIdleCompanionTables(t *testing.T) {
	st, err := OpenStore(context.Background(), startPostgres(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	companionForgetContract(t, st)
}

// companionOpenContract checks OpenCompanionTables: it counts a
// creator's tables whose last change (their creation, or their newest
// event) is after the cutoff, not another creator's; an event makes an
// idle table open again, and an event stamped earlier than the table's
// last change (another replica's clock) does not make it idle.
func companionOpenContract(t *testing.T, st Store) {
	ctx := t.Context()
	cs := st.(CompanionStore)
	cutoff := time.UnixMilli(1_800_000_000_000)
	open := func(creator string) int {
		t.Helper()
		n, err := cs.OpenCompanionTables(ctx, creator, cutoff)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, tb := range []struct {
		id, creator string
		created     time.Time
	}{
		{"new", "ada", cutoff.Add(time.Millisecond)},
		{"at-cutoff", "ada", cutoff},
		{"old", "ada", cutoff.Add(-time.Hour)},
		{"bens", "ben", cutoff.Add(time.Hour)},
	} {
		if err := cs.CreateCompanionTable(ctx, tb.id, "microlife", tb.creator, tb.created, OpenLimit{}); err != nil {
			t.Fatal(err)
		}
	}
	if n := open("ada"); n != 1 {
		t.Errorf("ada's open tables: %d, want 1 (only the one created after the cutoff)", n)
	}
	if n := open("ben"); n != 1 {
		t.Errorf("ben's open tables: %d, want 1", n)
	}
	if n := open("cy"); n != 0 {
		t.Errorf("a creator without tables has %d open, want 0", n)
	}
	event := func(seq int, at time.Time) companion.Event {
		return companion.Event{Seq: seq, At: at.UnixMilli(), Cmd: companion.Command{Verb: "add", Target: "p1.life", N: 1},
			Changes: []companion.Change{{Key: "p1.life", From: strconv.Itoa(seq - 1), To: strconv.Itoa(seq)}}}
	}
	if err := cs.AppendCompanionEvent(ctx, "old", event(1, cutoff.Add(time.Minute))); err != nil {
		t.Fatal(err)
	}
	if n := open("ada"); n != 2 {
		t.Errorf("after a change to an idle table ada has %d open, want 2", n)
	}
	if err := cs.AppendCompanionEvent(ctx, "old", event(2, cutoff.Add(-time.Minute))); err != nil {
		t.Fatal(err)
	}
	if n := open("ada"); n != 2 {
		t.Errorf("after an event stamped before the table's last change ada has %d open, want 2", n)
	}
	if n := open("ben"); n != 1 {
		t.Errorf("ada's changes moved ben's count to %d, want 1", n)
	}
	// A limit counts as OpenCompanionTables does: ada's 2 open tables
	// fill a limit of 2, not ben's 1.
	limit := OpenLimit{Since: cutoff, Max: 2}
	if err := cs.CreateCompanionTable(ctx, "ada3", "microlife", "ada", cutoff.Add(time.Hour), limit); !errors.Is(err, ErrCompanionTablesFull) {
		t.Errorf("a third table for ada under a limit of 2: %v, want ErrCompanionTablesFull", err)
	}
	if _, _, err := cs.LoadCompanionTable(ctx, "ada3"); !errors.Is(err, ErrNotFound) {
		t.Errorf("the table refused was stored: %v", err)
	}
	if err := cs.CreateCompanionTable(ctx, "ben2", "microlife", "ben", cutoff.Add(time.Hour), limit); err != nil {
		t.Errorf("a second table for ben under a limit of 2: %v", err)
	}
	if n := open("ben"); n != 2 {
		t.Errorf("ben's open tables after his second: %d, want 2", n)
	}
}

func TestSQLiteCountsOpenCompanionTables(t *testing.T) {
	st, err := OpenStore(context.Background(), filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	companionOpenContract(t, st)
}

func TestPostgresCountsOpenCompanionTables(t *testing.T) {
	st, err := OpenStore(context.Background(), startPostgres(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	companionOpenContract(t, st)
}

// ageCompanionTable moves a table's last change back by d, as if no phone
// had changed it for that long.
func ageCompanionTable(t *testing.T, st Store, id string, d time.Duration) {
	t.Helper()
	s := st.(*sqlStore)
	if err := s.write(t.Context(), writeOp{what: "age companion table " + id,
		query: `UPDATE companion_tables SET changed = changed - ? WHERE id = ?`, args: []any{d.Milliseconds(), id},
		mustAffect: ErrNotFound}); err != nil {
		t.Fatal(err)
	}
}
