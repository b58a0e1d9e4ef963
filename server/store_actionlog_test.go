package server

import (
	"bufio"
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// smallRounds makes st move its action log after a few actions, a few
// at a time, so that a test sees many rounds, each over several commits,
// and puts every action through the log, even one committed alone.
func smallRounds(st *sqlStore) {
	st.commitMu.Lock()
	defer st.commitMu.Unlock()
	l := st.actlog
	l.minRows, l.perGame, l.maxRows, l.moveRows, l.deleteRows = 6, 2, 40, 3, 5
	l.aloneDirect = false
}

// setAloneDirect sets whether st saves an action committed alone straight
// into actions.
func setAloneDirect(st *sqlStore, direct bool) {
	st.commitMu.Lock()
	defer st.commitMu.Unlock()
	st.actlog.aloneDirect = direct
}

// logRows counts the rows of a table of st's file.
func logRows(t *testing.T, st *sqlStore, table string) int {
	t.Helper()
	var n int
	if err := st.read.QueryRow(`SELECT count(*) FROM ` + table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// Actions saved to several games in turn are moved from the log into
// their games in rounds, and every game reads whole after every save,
// whether its actions are in the log, in actions or in both, and whether
// some went straight into actions (a third of them here); a store that
// closes leaves the log empty.
func TestActionLogMovesActionsIntoTheirGamesInRounds(t *testing.T) {
	st, path := openTestSQLite(t)
	smallRounds(st)
	ctx := context.Background()
	games := make([]StoredGame, 4)
	want := make([][]string, len(games))
	for i := range games {
		games[i] = createTestGame(t, st)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for k := range 120 {
		i := rng.IntN(len(games))
		a := fmt.Sprintf("play c%d", k)
		setAloneDirect(st, rng.IntN(3) == 0)
		if err := st.AppendAction(ctx, games[i].ID, len(want[i]), a); err != nil {
			t.Fatal(err)
		}
		want[i] = append(want[i], a)
		for j, g := range games {
			got, err := st.LoadGame(ctx, g.ID)
			if err != nil {
				t.Fatalf("after save %d: %v", k, err)
			}
			if !slices.Equal(got.Actions, want[j]) {
				t.Fatalf("after save %d game %d reads %q, want %q", k, j, got.Actions, want[j])
			}
		}
	}
	if st.actlog.rounds < 3 {
		t.Errorf("120 saves made %d rounds of the log", st.actlog.rounds)
	}
	again := reopen(t, st, path)
	if moved, logged := logRows(t, again, "actions"), logRows(t, again, "action_log"); moved != 120 || logged != 0 {
		t.Errorf("after closing, actions holds %d rows and the log %d, want 120 and 0", moved, logged)
	}
}

// reopen closes st and opens its file again.
func reopen(t *testing.T, st Store, path string) *sqlStore {
	t.Helper()
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	again, err := OpenStore(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { again.Close() })
	return again.(*sqlStore)
}

// An action saved out of turn, a number stored already or one after a
// gap, is refused with what the game holds, and changes nothing: in the
// log, once moved, and after the file is opened again.
func TestActionLogRefusesAnActionOutOfTurn(t *testing.T) {
	st, path := openTestSQLite(t)
	smallRounds(st)
	ctx := context.Background()
	g := createTestGame(t, st)
	saved := []string{}
	save := func(n int) error { return st.AppendAction(ctx, g.ID, n, fmt.Sprintf("play c%d", n)) }
	refused := func(st Store, n, stored int) {
		t.Helper()
		err := st.AppendAction(ctx, g.ID, n, "play c99")
		want := fmt.Sprintf("save action %d of game %s: the game has %d actions stored", n+1, g.ID, stored)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("saving action %d of %d: %v, want %q", n+1, stored, err, want)
		}
		if got, err := st.LoadGame(ctx, g.ID); err != nil || !slices.Equal(got.Actions, saved) {
			t.Errorf("after the refusal the game reads %q (%v), want %q", got.Actions, err, saved)
		}
	}
	for n := range 3 {
		if err := save(n); err != nil {
			t.Fatal(err)
		}
		saved = append(saved, fmt.Sprintf("play c%d", n))
	}
	refused(st, 1, 3)
	refused(st, 4, 3)
	other := createTestGame(t, st) // enough saves elsewhere to move the log
	for n := range 10 {
		if err := st.AppendAction(ctx, other.ID, n, "pass"); err != nil {
			t.Fatal(err)
		}
	}
	if logRows(t, st, "actions") == 0 {
		t.Fatal("the log was not moved")
	}
	refused(st, 2, 3)
	again := reopen(t, st, path)
	refused(again, 0, 3)
	refused(again, 5, 3)
	if err := again.AppendAction(ctx, g.ID, 3, "play c3"); err != nil {
		t.Errorf("the next action after reopening: %v", err)
	}
}

// leaveInLog writes rows into a closed store's file as a killed server
// leaves them: in the log, some also in actions.
func leaveInLog(t *testing.T, path string, actions, log [][3]any) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, r := range actions {
		if _, err := db.Exec(`INSERT INTO actions (game_id, n, action) VALUES (?, ?, ?)`, r[0], r[1], r[2]); err != nil {
			t.Fatal(err)
		}
	}
	for i, r := range log {
		if _, err := db.Exec(`INSERT INTO action_log (id, game_id, n, action) VALUES (?, ?, ?, ?)`, i+1, r[0], r[1], r[2]); err != nil {
			t.Fatal(err)
		}
	}
}

// Opening a file moves what a killed server left in the log into the
// games, once even where a round had moved it and not yet deleted it;
// an action stored twice with different texts stops the opening and is
// named, and the file is left as it was.
func TestOpeningAStoreMovesWhatAStoppedServerLeftInTheLog(t *testing.T) {
	ctx := context.Background()
	st, path := openTestSQLite(t)
	g := createTestGame(t, st)
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	leaveInLog(t, path, [][3]any{{g.ID, 0, "play c0"}, {g.ID, 1, "play c1"}},
		[][3]any{{g.ID, 1, "play c1"}, {g.ID, 2, "play c2"}, {g.ID, 3, "play c3"}})
	again, err := OpenStore(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	got, err := again.LoadGame(ctx, g.ID)
	if want := []string{"play c0", "play c1", "play c2", "play c3"}; err != nil || !slices.Equal(got.Actions, want) {
		t.Errorf("the game reads %q (%v), want %q", got.Actions, err, want)
	}
	if n := logRows(t, again.(*sqlStore), "action_log"); n != 0 {
		t.Errorf("the log holds %d rows after opening, want none", n)
	}
	if err := again.AppendAction(ctx, g.ID, 4, "play c4"); err != nil {
		t.Errorf("the next action: %v", err)
	}
	again.Close()

	leaveInLog(t, path, nil, [][3]any{{g.ID, 2, "play c7"}})
	if _, err := OpenStore(ctx, path); err == nil || !strings.Contains(err.Error(), "game "+g.ID+": action 3 is stored twice with different texts") {
		t.Fatalf("opening a file with a forked action: %v, want the game and action named", err)
	}
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var logged int
	if err := db.QueryRow(`SELECT count(*) FROM action_log`).Scan(&logged); err != nil || logged != 1 {
		t.Errorf("the refused opening left %d rows in the log (%v), want the 1 it found", logged, err)
	}
}

// While one goroutine saves actions to many games and the log moves in
// small rounds, every game read meanwhile is a beginning of its actions,
// holding at least every action saved before the read began.
func TestGamesReadWholeWhileTheLogMoves(t *testing.T) {
	st, _ := openTestSQLite(t)
	smallRounds(st)
	ctx := context.Background()
	const games, saves = 12, 1500
	ids := make([]string, games)
	saved := make([]atomic.Int64, games)
	for i := range ids {
		ids[i] = createTestGame(t, st).ID
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		defer close(stop)
		rng := rand.New(rand.NewPCG(3, 4))
		for range saves {
			i := rng.IntN(games)
			n := int(saved[i].Load())
			if err := st.AppendAction(ctx, ids[i], n, "play c"+strconv.Itoa(n)); err != nil {
				t.Error(err)
				return
			}
			saved[i].Add(1)
		}
	})
	for r := range 2 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(5, uint64(r)))
			for {
				select {
				case <-stop:
					return
				default:
				}
				i := rng.IntN(games)
				before := int(saved[i].Load())
				g, err := st.LoadGame(ctx, ids[i])
				if err != nil {
					t.Error(err)
					return
				}
				if len(g.Actions) < before {
					t.Errorf("game %d read with %d actions after %d were saved", i, len(g.Actions), before)
					return
				}
				for n, a := range g.Actions {
					if a != "play c"+strconv.Itoa(n) {
						t.Errorf("game %d reads %q as action %d", i, a, n+1)
						return
					}
				}
			}
		})
	}
	wg.Wait()
	if moved := logRows(t, st, "actions"); moved == 0 {
		t.Error("the log never moved")
	}
}

// saverEnv makes this test binary a process that saves actions until it
// is killed (runSaverProcess).
const saverEnv = "KARTENWERK_TEST_SAVER_DB"

// runSaverProcess saves actions to the games its file holds, taking each
// game up from the actions it has, in small log rounds (a third of them
// straight into actions), and prints each save once it is committed; it
// reports whether the binary was started as such a process.
func runSaverProcess() bool {
	path := os.Getenv(saverEnv)
	if path == "" {
		return false
	}
	ctx := context.Background()
	st, err := OpenStore(ctx, path)
	if err != nil {
		fmt.Println("saver:", err)
		os.Exit(1)
	}
	smallRounds(st.(*sqlStore))
	games, err := st.ListGames(ctx, 100)
	if err != nil {
		fmt.Println("saver:", err)
		os.Exit(1)
	}
	next := map[string]int{}
	for _, g := range games {
		full, err := st.LoadGame(ctx, g.ID)
		if err != nil {
			fmt.Println("saver:", err)
			os.Exit(1)
		}
		next[g.ID] = len(full.Actions)
	}
	fmt.Println("saving")
	out := bufio.NewWriter(os.Stdout)
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	for {
		g := games[rng.IntN(len(games))].ID
		n := next[g]
		setAloneDirect(st.(*sqlStore), rng.IntN(3) == 0) // a third straight into actions
		if err := st.AppendAction(ctx, g, n, "play c"+strconv.Itoa(n)); err != nil {
			fmt.Fprintln(out, "saver:", err)
			out.Flush()
			os.Exit(1)
		}
		next[g]++
		fmt.Fprintln(out, g, n)
		out.Flush()
	}
}

// A process saving actions is killed with SIGKILL five times, mid-round
// or not; after each kill the file holds every save the process reported
// committed, each game's actions whole and in order, and the next
// process takes every game up where it stopped.
func TestSavedActionsSurviveKills(t *testing.T) {
	st, path := openTestSQLite(t)
	var ids []string
	for range 6 {
		ids = append(ids, createTestGame(t, st).ID)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	acked := map[string]int{} // game: how many actions were reported saved
	for kill := range 5 {
		cmd, lines := spawnTestProcess(t, "saving", saverEnv+"="+path)
		for k := 0; k < 300+97*kill && lines.Scan(); k++ {
			var g string
			var n int
			if _, err := fmt.Sscan(lines.Text(), &g, &n); err != nil {
				t.Fatalf("the saver said %q", lines.Text())
			}
			if n != acked[g] {
				t.Fatalf("kill %d: the saver saved action %d of game %s after %d", kill+1, n+1, g, acked[g])
			}
			acked[g]++
		}
		cmd.Process.Kill() // SIGKILL, with saves on their way
		for lines.Scan() { // what it reported before it died
			var g string
			var n int
			if _, err := fmt.Sscan(lines.Text(), &g, &n); err == nil && n == acked[g] {
				acked[g]++
			}
		}
		cmd.Wait()
		check, err := OpenStore(context.Background(), path)
		if err != nil {
			t.Fatalf("kill %d: %v", kill+1, err)
		}
		for _, id := range ids {
			g, err := check.LoadGame(context.Background(), id)
			if err != nil {
				t.Fatalf("kill %d: %v", kill+1, err)
			}
			if len(g.Actions) < acked[id] {
				t.Errorf("kill %d: game %s holds %d actions, %d were reported saved", kill+1, id, len(g.Actions), acked[id])
			}
			for n, a := range g.Actions {
				if a != "play c"+strconv.Itoa(n) {
					t.Fatalf("kill %d: game %s holds %q as action %d", kill+1, id, a, n+1)
				}
			}
			acked[id] = len(g.Actions) // a save committed as the process died counts too
		}
		check.Close()
	}
}

// On a quiet store an action committed alone goes straight into actions,
// as it costs a page wherever it goes; actions committed together, as on
// a busy one, go to the log.
func TestOnlyActionsCommittedTogetherGoToTheLog(t *testing.T) {
	st, _ := openTestSQLite(t)
	ctx := context.Background()
	quiet := createTestGame(t, st)
	if err := st.AppendAction(ctx, quiet.ID, 0, "play c1"); err != nil {
		t.Fatal(err)
	}
	if moved, logged := logRows(t, st, "actions"), logRows(t, st, "action_log"); moved != 1 || logged != 0 {
		t.Fatalf("an action committed alone: %d rows in actions and %d in the log, want 1 and 0", moved, logged)
	}
	games := make([]StoredGame, 4)
	for i := range games {
		games[i] = createTestGame(t, st)
	}
	st.pace.wait = 300 * time.Millisecond // every write queues before the writer commits
	st.pace.linger.Store(true)
	var wg sync.WaitGroup
	for _, g := range games {
		wg.Go(func() {
			if err := st.AppendAction(ctx, g.ID, 0, "play c2"); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if logged := logRows(t, st, "action_log"); logged < 2 {
		t.Errorf("actions committed together: %d rows in the log, want them there", logged)
	}
}

// The writer forgets the games it knows beyond a bound when they have no
// actions in the log, and reads a forgotten game's number from actions
// again when it saves: a quiet server, which begins no rounds, does not
// keep every game it ever saved to.
func TestTheWriterForgetsGamesBeyondABound(t *testing.T) {
	st, _ := openTestSQLite(t)
	st.commitMu.Lock()
	st.actlog.forgetAbove, st.actlog.knownGames = 3, 3
	st.commitMu.Unlock()
	ctx := context.Background()
	games := make([]StoredGame, 8)
	for i := range games {
		games[i] = createTestGame(t, st)
	}
	for n := range 3 {
		for _, g := range games {
			if err := st.AppendAction(ctx, g.ID, n, fmt.Sprintf("play c%d", n)); err != nil {
				t.Fatal(err)
			}
			st.commitMu.Lock()
			known := len(st.actlog.games)
			st.commitMu.Unlock()
			if known > 2*len(games) {
				t.Fatalf("the writer knows %d games of %d", known, len(games))
			}
		}
	}
	st.commitMu.Lock()
	known := len(st.actlog.games)
	st.commitMu.Unlock()
	if known >= len(games) {
		t.Errorf("the writer knows all %d games after saving to each thrice beyond its bound", known)
	}
	for _, g := range games {
		if err := st.AppendAction(ctx, g.ID, 2, "play c9"); err == nil {
			t.Errorf("game %s took action 3 twice after being forgotten", g.ID)
		}
	}
	// Games with actions in the log are never forgotten: the writer alone
	// knows to read the log for them.
	setAloneDirect(st, false)
	for _, g := range games {
		if err := st.AppendAction(ctx, g.ID, 3, "play c3"); err != nil {
			t.Fatal(err)
		}
	}
	st.commitMu.Lock()
	known = len(st.actlog.games)
	st.commitMu.Unlock()
	if known < len(games) {
		t.Errorf("the writer knows %d of the %d games with actions in the log", known, len(games))
	}
	for _, g := range games {
		if got, err := st.LoadGame(ctx, g.ID); err != nil || !slices.Equal(got.Actions, []string{"play c0", "play c1", "play c2", "play c3"}) {
			t.Errorf("game %s reads %q (%v)", g.ID, got.Actions, err)
		}
	}
}
