package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"kartenwerk/engine"
)

// unversionedSchema is the schema of the store before versioned
// migrations, as those servers made it; withLimits adds the columns
// that eviction and creation limits brought.
const unversionedSchema = `
CREATE TABLE games (
	id       TEXT PRIMARY KEY,
	setup    TEXT NOT NULL,
	seats    TEXT NOT NULL,
	created  BIGINT NOT NULL,
	finished INTEGER NOT NULL DEFAULT 0,
	result   TEXT NOT NULL DEFAULT '',
	rematch  TEXT NOT NULL DEFAULT ''
);
CREATE TABLE actions (
	game_id TEXT NOT NULL,
	n       INTEGER NOT NULL,
	action  TEXT NOT NULL,
	PRIMARY KEY (game_id, n)
)%s`

const withLimits = `;
ALTER TABLE games ADD COLUMN touched BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN creator TEXT NOT NULL DEFAULT '';
CREATE INDEX games_open_by_creator ON games (creator) WHERE finished = 0`

// makeUnversioned writes an unversioned database with one game of three
// actions, as a server of before made it, and returns the game's id.
func makeUnversioned(t *testing.T, driver, dsn string, postgres, limits bool) string {
	t.Helper()
	db, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	options := sqliteActions
	if postgres {
		options = ""
	}
	script := strings.ReplaceAll(unversionedSchema, "%s", options)
	if limits {
		script += withLimits
	}
	stmts := strings.Split(script, ";")
	if postgres && limits {
		stmts = append(stmts, pgCluster...) // what replicas added
	}
	for _, stmt := range stmts {
		if _, err := db.Exec(stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	setup, _ := json.Marshal(engine.Setup{Game: "trick", Seats: 2, Seed: 7})
	seats, _ := json.Marshal([]SeatConfig{{Kind: KindYou, Token: "tok"}, {Kind: KindFriend, Token: "tok2"}})
	id := newGameID()
	if _, err := db.Exec(rebind(postgres, `INSERT INTO games (id, setup, seats, created) VALUES (?, ?, ?, ?)`), id, string(setup), string(seats), time.Now().UnixMilli()); err != nil {
		t.Fatal(err)
	}
	for i, a := range []string{"play c1", "play c10", "play c2"} {
		if _, err := db.Exec(rebind(postgres, `INSERT INTO actions (game_id, n, action) VALUES (?, ?, ?)`), id, i, a); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

// checkUpgraded opens an unversioned database, and again, and checks that
// it is at the newest version with its game kept and accounts working.
func checkUpgraded(t *testing.T, dsn, id string) {
	t.Helper()
	ctx := context.Background()
	for range 2 { // the second open finds nothing to do
		st, err := OpenStore(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		v, err := readVersion(ctx, st.(*sqlStore).db, st.(*sqlStore).postgres)
		if err != nil || v != newestVersion() {
			t.Errorf("schema version %d (%v), want %d", v, err, newestVersion())
		}
		g, err := st.LoadGame(ctx, id)
		if err != nil || len(g.Actions) != 3 || g.Actions[1] != "play c10" || g.Setup.Seed != 7 || g.Seats[1].Token != "tok2" || g.Owner != "" {
			t.Errorf("the game after the upgrade: %+v %v", g, err)
		}
		if n, err := st.OpenGames(ctx, ""); err != nil || n != 1 {
			t.Errorf("open games after the upgrade: %d %v", n, err)
		}
		accountStoreContract(t, st.(AccountStore))
		st.Close()
	}
}

func TestMigrationUpgradesAnUnversionedSQLiteDatabase(t *testing.T) {
	for _, limits := range []bool{false, true} {
		path := filepath.Join(t.TempDir(), "old.db")
		id := makeUnversioned(t, "sqlite", "file:"+path, false, limits)
		checkUpgraded(t, path, id)
	}
}

func TestMigrationUpgradesAnUnversionedPostgresDatabase(t *testing.T) {
	dsn := startPostgres(t)
	id := makeUnversioned(t, "pgx", dsn, true, true)
	checkUpgraded(t, dsn, id)
}

func TestAFailedMigrationLeavesThePreviousVersion(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	if err := migrate(ctx, db, false); err != nil {
		t.Fatal(err)
	}
	broken := migration{newestVersion() + 1, "a broken one", func(ctx context.Context, tx *sql.Tx, _ bool) error {
		if _, err := tx.ExecContext(ctx, `CREATE TABLE half_done (x INTEGER)`); err != nil {
			return err
		}
		return errors.New("it fails halfway")
	}}
	if err := applyMigration(ctx, db, false, broken); err == nil {
		t.Fatal("a failing migration succeeded")
	}
	if v, _ := readVersion(ctx, db, false); v != newestVersion() {
		t.Errorf("after a failed migration the version is %d, want %d", v, newestVersion())
	}
	if _, err := db.ExecContext(ctx, `SELECT x FROM half_done`); err == nil {
		t.Error("a failed migration left its first table behind")
	}
}

// accountStoreContract checks what every AccountStore must do, and that
// no change reaches another owner's rows.
func accountStoreContract(t *testing.T, st AccountStore) {
	t.Helper()
	ctx := context.Background()
	now := time.Now()
	name := "u" + newGameID()
	a := Account{ID: newToken(), Username: name, Password: "$argon2id$a", Created: now}
	b := Account{ID: newToken(), Username: "v" + name[1:], Password: "$argon2id$b", Created: now}
	for _, acc := range []Account{a, b} {
		if err := st.CreateAccount(ctx, acc); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.CreateAccount(ctx, Account{ID: newToken(), Username: strings.ToUpper(name), Password: "x", Created: now}); !errors.Is(err, ErrUsernameTaken) {
		t.Errorf("a username differing only in case: %v, want ErrUsernameTaken", err)
	}
	if got, err := st.AccountByName(ctx, strings.ToUpper(name)); err != nil || got.ID != a.ID || got.Username != name {
		t.Errorf("AccountByName: %+v %v", got, err)
	}
	if _, err := st.AccountByName(ctx, "nobody-"+name); !errors.Is(err, ErrNoAccount) {
		t.Errorf("an unknown username: %v, want ErrNoAccount", err)
	}
	later := now.Add(time.Hour)
	for _, s := range []struct{ hash, owner string }{{"a1" + a.ID, a.ID}, {"a2" + a.ID, a.ID}, {"b1" + a.ID, b.ID}} {
		if err := st.CreateSession(ctx, s.hash, s.owner, now, later); err != nil {
			t.Fatal(err)
		}
	}
	// b cannot end or renew a's session.
	if err := st.DeleteSession(ctx, "a1"+a.ID, b.ID); err != nil {
		t.Fatal(err)
	}
	if err := st.RenewSession(ctx, "a1"+a.ID, b.ID, now); err != nil {
		t.Fatal(err)
	}
	if ss, err := st.Session(ctx, "a1"+a.ID, now); err != nil || ss.Owner != a.ID || ss.Username != name || !ss.Expires.Equal(later.Truncate(time.Millisecond)) {
		t.Errorf("a's session after b's attempts: %+v %v", ss, err)
	}
	if _, err := st.Session(ctx, "a1"+a.ID, later); !errors.Is(err, ErrNoSession) {
		t.Errorf("an expired session: %v, want ErrNoSession", err)
	}
	if err := st.ChangePassword(ctx, a.ID, "$argon2id$new", "a1"+a.ID); err != nil {
		t.Fatal(err)
	}
	for hash, live := range map[string]bool{"a1" + a.ID: true, "a2" + a.ID: false, "b1" + a.ID: true} {
		if _, err := st.Session(ctx, hash, now); (err == nil) != live {
			t.Errorf("session %s after a's password change: %v, want live %v", hash, err, live)
		}
	}
	if got, _ := st.AccountByID(ctx, b.ID); got.Password != "$argon2id$b" {
		t.Errorf("a's password change reached b: %q", got.Password)
	}
	if err := st.ChangePassword(ctx, "no-such-account", "x", ""); !errors.Is(err, ErrNoAccount) {
		t.Errorf("changing an unknown account's password: %v, want ErrNoAccount", err)
	}
	if err := st.Rehash(ctx, a.ID, "$argon2id$stale", "$argon2id$lost"); err != nil {
		t.Fatal(err)
	}
	if got, _ := st.AccountByID(ctx, a.ID); got.Password != "$argon2id$new" {
		t.Errorf("a rehash of a changed password overwrote it: %q", got.Password)
	}
	key := "user:" + name
	for i := range 3 {
		if err := st.RecordLoginFailure(ctx, key, now.Add(time.Duration(i)*time.Second), now.Add(-time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	if n, last, err := st.LoginFailures(ctx, key, now.Add(-time.Hour)); n != 3 || !last.Equal(now.Add(2*time.Second).Truncate(time.Millisecond)) || err != nil {
		t.Errorf("failures: %d at %v (%v), want 3", n, last, err)
	}
	if n, _, _ := st.LoginFailures(ctx, key, now.Add(time.Minute)); n != 0 {
		t.Errorf("failures older than the window still count: %d", n)
	}
	// A failure after a quiet window starts the count again.
	if err := st.RecordLoginFailure(ctx, key, now.Add(2*time.Hour), now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if n, _, _ := st.LoginFailures(ctx, key, now); n != 1 {
		t.Errorf("a failure after a quiet window counts %d, want 1", n)
	}
	if err := st.ClearLoginFailures(ctx, key); err != nil {
		t.Fatal(err)
	}
	if n, _, _ := st.LoginFailures(ctx, key, now.Add(-time.Hour)); n != 0 {
		t.Errorf("after clearing: %d failures", n)
	}
	if err := st.DeleteExpiredSessions(ctx, later, now); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Session(ctx, "b1"+a.ID, now); !errors.Is(err, ErrNoSession) {
		t.Errorf("an expired session survived the sweep: %v", err)
	}
}

func TestSQLiteAccountStore(t *testing.T) {
	st, _ := openTestSQLite(t)
	accountStoreContract(t, st)
}

func TestPostgresAccountStore(t *testing.T) {
	dsn := startPostgres(t)
	// Replicas starting together upgrade a new database once, in turn.
	stores := make([]Store, 4)
	errs := make([]error, len(stores))
	var wg sync.WaitGroup
	for i := range stores {
		wg.Go(func() { stores[i], errs[i] = OpenStore(context.Background(), dsn) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("replica %d opening a new database: %v", i, err)
		}
		defer stores[i].Close()
	}
	st := stores[0]
	var applied int
	if err := st.(*sqlStore).read.QueryRow(`SELECT count(*) FROM schema_version`).Scan(&applied); err != nil || applied != len(migrations) {
		t.Errorf("%d migrations recorded (%v), want each of %d once", applied, err, len(migrations))
	}
	accountStoreContract(t, st.(AccountStore))
	storeContract(t, st)
}

func TestANewerSchemaIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.db")
	st, err := OpenStore(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	newer := newestVersion() + 1
	if _, err := st.(*sqlStore).db.Exec(`INSERT INTO schema_version (version, applied) VALUES (?, 0)`, newer); err != nil {
		t.Fatal(err)
	}
	st.Close()
	if st, err := OpenStore(context.Background(), path); err == nil || !strings.Contains(err.Error(), "newer than this server's") {
		t.Errorf("a database of schema version %d opened: %v", newer, err)
		if st != nil {
			st.Close()
		}
	}
}

func newestVersion() int { return migrations[len(migrations)-1].version }

func TestMigrationVersionsAscend(t *testing.T) {
	for i := 1; i < len(migrations); i++ {
		if migrations[i].version <= migrations[i-1].version {
			t.Errorf("migration %q has version %d after %d: versions must ascend", migrations[i].what, migrations[i].version, migrations[i-1].version)
		}
	}
}

// TestMigrationIndexesTheDecksOfRunningTournaments: migration 16 fills
// tournament_holds from the tournaments already stored, so that an
// upgrade in the middle of a "physical cards only" tournament still
// holds its players' decks: the players registered and not dropped of
// the unfinished one, and nobody of a finished one or one without the
// rule.
func TestMigrationIndexesTheDecksOfRunningTournaments(t *testing.T) {
	for name, open := range map[string]func() (*sql.DB, bool){
		"sqlite": func() (*sql.DB, bool) {
			db, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "s.db"))
			if err != nil {
				t.Fatal(err)
			}
			return db, false
		},
		"postgres": func() (*sql.DB, bool) {
			db, err := sql.Open("pgx", startPostgres(t))
			if err != nil {
				t.Fatal(err)
			}
			return db, true
		},
	} {
		t.Run(name, func(t *testing.T) {
			db, postgres := open()
			defer db.Close()
			ctx := t.Context()
			for _, m := range migrations {
				if m.version < 16 {
					if err := applyMigration(ctx, db, postgres, m); err != nil {
						t.Fatal(err)
					}
				}
			}
			if _, err := db.ExecContext(ctx, rebind(postgres, `INSERT INTO accounts (id, username, username_key, password, created) VALUES (?, ?, ?, ?, 0)`),
				"org", "orga", "orga", "x"); err != nil {
				t.Fatal(err)
			}
			stored := map[string]tourney{
				"running":  {PhysicalOnly: true, Stage: stageSwiss, Entries: []entry{{Account: "ann"}, {Account: "ben", Dropped: true}}},
				"waiting":  {PhysicalOnly: true, Stage: stageRegistration, Entries: []entry{{Account: "ann"}, {Account: "cid"}}},
				"finished": {PhysicalOnly: true, Stage: stageFinished, Entries: []entry{{Account: "dee"}}},
				"casual":   {Stage: stageSwiss, Entries: []entry{{Account: "eve"}}},
			}
			for id, tt := range stored {
				tt.ID = id
				data, err := tt.encode()
				if err != nil {
					t.Fatal(err)
				}
				if _, err := db.ExecContext(ctx, rebind(postgres, `INSERT INTO tournaments (id, organiser, created, version, data) VALUES (?, 'org', 0, 1, ?)`), id, string(data)); err != nil {
					t.Fatal(err)
				}
			}
			if err := migrate(ctx, db, postgres); err != nil {
				t.Fatal(err)
			}
			rows, err := db.QueryContext(ctx, `SELECT account, tournament FROM tournament_holds ORDER BY account, tournament`)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var got []string
			for rows.Next() {
				var a, id string
				if err := rows.Scan(&a, &id); err != nil {
					t.Fatal(err)
				}
				got = append(got, a+" in "+id)
			}
			if want := "ann in running, ann in waiting, cid in waiting"; strings.Join(got, ", ") != want {
				t.Errorf("decks held after the upgrade: %q, want %q", strings.Join(got, ", "), want)
			}
		})
	}
}
