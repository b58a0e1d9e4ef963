package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// A migration moves the store's schema one version up. Migrations run in
// order, each in its own transaction with the row that records it, so a
// database is always at one version: an interrupted upgrade leaves the
// previous one, and the next open tries again.
type migration struct {
	version int
	what    string
	apply   func(ctx context.Context, tx *sql.Tx, postgres bool) error
}

// migrations is the schema's history. Append only: a released migration
// never changes, since databases out there have run it.
var migrations = []migration{
	{1, "games and actions", migrateGames},
	{2, "replica leases (PostgreSQL)", migrateLeases},
	{3, "accounts, sessions and login attempts", migrateAccounts},
	{4, "publisher role, card codes and flags of copied codes", migrateCodes},
	{5, "ratings, ranked queue and match history", migrateRanked},
	{6, "organiser role and tournaments", migrateTournaments},
	{7, "saved decks and card trades", migrateDecks},
	{8, "companion tables and their logs", migrateCompanion},
	{9, "shared rate limits", migrateRateLimits},
	{10, "the designer's workbench's runs", migrateLabRuns},
	{11, "lab runs' summaries for their lists", migrateLabSummaries},
	{12, "open games counted per creator", migrateOpenGames},
	{13, "an action log in the order of arrival (SQLite)", migrateActionLog},
	{14, "display names chosen at casual games' seats", migrateSeatNames},
	{15, "the installation's settings: the key of address hashes", migrateSettings},
	{16, "the decks unfinished physical-only tournaments hold, by player", migrateTournamentHolds},
	{17, "companion tables' creators and last changes, for the cap on open tables", migrateCompanionCreators},
}

// schemaVersionTable records every migration applied, and when.
const schemaVersionTable = `CREATE TABLE IF NOT EXISTS schema_version (
	version INTEGER PRIMARY KEY,
	applied BIGINT NOT NULL
)`

// migrationLock serialises replicas that open one PostgreSQL database at
// once: the first upgrades it, the others then find nothing to do.
const migrationLock = 0x6b61727465

// migrate brings a database up to the newest version, or refuses one a
// newer server has upgraded.
func migrate(ctx context.Context, db *sql.DB, postgres bool) error {
	have, err := readVersion(ctx, db, postgres)
	if err != nil {
		return err
	}
	if newest := migrations[len(migrations)-1].version; have > newest {
		return fmt.Errorf("the database has schema version %d, newer than this server's %d: run the Kartenwerk that upgraded it, or a newer one", have, newest)
	}
	for _, m := range migrations {
		if err := applyMigration(ctx, db, postgres, m); err != nil {
			return fmt.Errorf("schema migration %d (%s): %w", m.version, m.what, err)
		}
	}
	return nil
}

// lockedTx begins a transaction that holds the migration lock and sees
// the schema_version table.
func lockedTx(ctx context.Context, db *sql.DB, postgres bool) (*sql.Tx, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	if postgres {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, migrationLock); err != nil {
			tx.Rollback()
			return nil, err
		}
	}
	if _, err := tx.ExecContext(ctx, schemaVersionTable); err != nil {
		tx.Rollback()
		return nil, err
	}
	return tx, nil
}

// readVersion is the newest migration a database has (0: none).
func readVersion(ctx context.Context, db *sql.DB, postgres bool) (int, error) {
	tx, err := lockedTx(ctx, db, postgres)
	if err != nil {
		return 0, err
	}
	var v sql.NullInt64
	if err := tx.QueryRowContext(ctx, `SELECT max(version) FROM schema_version`).Scan(&v); err != nil {
		tx.Rollback()
		return 0, err
	}
	return int(v.Int64), tx.Commit()
}

// applyMigration runs m unless the database has it already.
func applyMigration(ctx context.Context, db *sql.DB, postgres bool, m migration) error {
	tx, err := lockedTx(ctx, db, postgres)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var done int
	if err := tx.QueryRowContext(ctx, rebind(postgres, `SELECT count(*) FROM schema_version WHERE version = ?`), m.version).Scan(&done); err != nil {
		return err
	}
	if done > 0 {
		return nil
	}
	if err := m.apply(ctx, tx, postgres); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, rebind(postgres, `INSERT INTO schema_version (version, applied) VALUES (?, ?)`), m.version, time.Now().UnixMilli()); err != nil {
		return err
	}
	return tx.Commit()
}

// migrateGames is the schema from before versions were recorded: it makes
// the tables of a new database, and adds to a database made by an older
// server the columns of eviction and creation limits.
func migrateGames(ctx context.Context, tx *sql.Tx, postgres bool) error {
	tableOptions := sqliteActions
	if postgres {
		tableOptions = ""
	}
	if err := execAll(ctx, tx, fmt.Sprintf(gamesSchema, tableOptions)); err != nil {
		return err
	}
	for _, col := range []string{"touched BIGINT NOT NULL DEFAULT 0", "creator TEXT NOT NULL DEFAULT ''"} {
		if err := addColumn(ctx, tx, postgres, "games", col); err != nil {
			return err
		}
	}
	_, err := tx.ExecContext(ctx, `CREATE INDEX IF NOT EXISTS games_open_by_creator ON games (creator) WHERE finished = 0`)
	return err
}

// migrateLeases adds what replicas sharing a PostgreSQL database need
// (see pgCluster); a SQLite file has one server, and nothing to add.
func migrateLeases(ctx context.Context, tx *sql.Tx, postgres bool) error {
	if !postgres {
		return nil
	}
	for _, stmt := range pgCluster {
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return err
		}
	}
	return nil
}

// migrateAccounts adds the accounts, their sessions, the failed logins
// that throttle guessing, and the account that owns (created) a game.
func migrateAccounts(ctx context.Context, tx *sql.Tx, postgres bool) error {
	if err := execAll(ctx, tx, accountsSchema); err != nil {
		return err
	}
	if err := addColumn(ctx, tx, postgres, "games", "owner TEXT NOT NULL DEFAULT ''"); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `CREATE INDEX IF NOT EXISTS games_by_owner ON games (owner) WHERE owner <> ''`)
	return err
}

// accountsSchema keeps only what authenticates: a password as its
// argon2id PHC string, a session as a hash of its token, a login failure
// under a key that hashes the address. An account row is owned by its
// own id; every other row with user data names its owner account.
const accountsSchema = `
CREATE TABLE accounts (
	id           TEXT PRIMARY KEY,
	username     TEXT NOT NULL,
	username_key TEXT NOT NULL UNIQUE,
	password     TEXT NOT NULL,
	created      BIGINT NOT NULL
);
CREATE TABLE sessions (
	token_hash TEXT PRIMARY KEY,
	owner      TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
	created    BIGINT NOT NULL,
	expires    BIGINT NOT NULL
);
CREATE INDEX sessions_by_owner ON sessions (owner);
CREATE INDEX sessions_by_expiry ON sessions (expires);
CREATE TABLE login_attempts (
	key          TEXT PRIMARY KEY,
	failures     INTEGER NOT NULL,
	last_failure BIGINT NOT NULL
);`

// migrateCodes adds the publisher role and the registration codes: a
// code is kept as its keyed hash only (see platform/codes), with the
// account that registered it; a flag records another account trying a
// code already registered.
func migrateCodes(ctx context.Context, tx *sql.Tx, postgres bool) error {
	if err := addColumn(ctx, tx, postgres, "accounts", "publisher INTEGER NOT NULL DEFAULT 0"); err != nil {
		return err
	}
	return execAll(ctx, tx, codesSchema)
}

const codesSchema = `
CREATE TABLE card_codes (
	hash       TEXT PRIMARY KEY,
	game       TEXT NOT NULL,
	card       TEXT NOT NULL,
	printing   TEXT NOT NULL,
	owner      TEXT NOT NULL DEFAULT '',
	registered BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX card_codes_by_owner ON card_codes (owner) WHERE owner <> '';
CREATE TABLE code_flags (
	hash       TEXT NOT NULL REFERENCES card_codes (hash),
	attempt_by TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
	attempted  BIGINT NOT NULL,
	PRIMARY KEY (hash, attempt_by)
);
CREATE INDEX code_flags_by_time ON code_flags (attempted);`

// migrateDecks adds the decks players save to their accounts and the
// history of cards given from one account to another.
func migrateDecks(ctx context.Context, tx *sql.Tx, postgres bool) error {
	return execAll(ctx, tx, decksSchema)
}

// decksSchema: a saved deck is its list as the player wrote it, with an
// unguessable share token for its read-only link; a trade row records
// every card that changed hands, which codes moved is in card_codes.
const decksSchema = `
CREATE TABLE saved_decks (
	id      TEXT PRIMARY KEY,
	owner   TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
	game    TEXT NOT NULL,
	name    TEXT NOT NULL,
	list    TEXT NOT NULL,
	share   TEXT NOT NULL UNIQUE,
	created BIGINT NOT NULL,
	updated BIGINT NOT NULL
);
CREATE INDEX saved_decks_by_owner ON saved_decks (owner, game);
CREATE TABLE card_trades (
	id       TEXT PRIMARY KEY,
	giver    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
	receiver TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
	game     TEXT NOT NULL,
	card     TEXT NOT NULL,
	printing TEXT NOT NULL,
	count    INTEGER NOT NULL,
	traded   BIGINT NOT NULL
);
CREATE INDEX card_trades_by_giver ON card_trades (giver, traded);
CREATE INDEX card_trades_by_receiver ON card_trades (receiver, traded);`

// migrateTournaments adds the organiser role and the tournaments. A
// tournament is one row holding its whole state as JSON (its entries,
// locked decks, judges and the platform/tournament records), with a
// version that every save must match, so that two replicas recording
// results at once cannot lose one. tournament_games finds the tournament
// of a game as it ends.
func migrateTournaments(ctx context.Context, tx *sql.Tx, postgres bool) error {
	if err := addColumn(ctx, tx, postgres, "accounts", "organiser INTEGER NOT NULL DEFAULT 0"); err != nil {
		return err
	}
	return execAll(ctx, tx, tournamentsSchema)
}

const tournamentsSchema = `
CREATE TABLE tournaments (
	id        TEXT PRIMARY KEY,
	organiser TEXT NOT NULL REFERENCES accounts (id),
	created   BIGINT NOT NULL,
	version   BIGINT NOT NULL,
	data      TEXT NOT NULL
);
CREATE INDEX tournaments_by_created ON tournaments (created);
CREATE TABLE tournament_games (
	game       TEXT PRIMARY KEY,
	tournament TEXT NOT NULL REFERENCES tournaments (id)
);`

// migrateTournamentHolds adds tournament_holds, which finds the
// tournaments an account's registered deck is held in without reading
// every tournament's JSON: a trade of the deck's copies is refused while
// one holds it (Server.inTournament). SaveTournament keeps it with each
// tournament's state; the rows of the tournaments already stored are
// read from their state here.
func migrateTournamentHolds(ctx context.Context, tx *sql.Tx, postgres bool) error {
	if err := execAll(ctx, tx, tournamentHoldsSchema); err != nil {
		return err
	}
	rows, err := tx.QueryContext(ctx, `SELECT id, data FROM tournaments`)
	if err != nil {
		return err
	}
	type hold struct{ tournament, account string }
	var holds []hold
	for rows.Next() {
		var id, data string
		if err := rows.Scan(&id, &data); err != nil {
			rows.Close()
			return err
		}
		// The fields of a tournament's state as this migration was
		// written, so that later changes of tourney leave it as it ran.
		var t struct {
			PhysicalOnly bool   `json:"physical_only"`
			Stage        string `json:"stage"`
			Entries      []struct {
				Account string `json:"account"`
				Dropped bool   `json:"dropped"`
			} `json:"entries"`
		}
		if err := json.Unmarshal([]byte(data), &t); err != nil {
			rows.Close()
			return fmt.Errorf("tournament %s: %w", id, err)
		}
		if !t.PhysicalOnly || t.Stage == "finished" {
			continue
		}
		for _, e := range t.Entries {
			if !e.Dropped {
				holds = append(holds, hold{id, e.Account})
			}
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, h := range holds {
		if _, err := tx.ExecContext(ctx, rebind(postgres, `INSERT INTO tournament_holds (account, tournament) VALUES (?, ?)`), h.account, h.tournament); err != nil {
			return err
		}
	}
	return nil
}

// tournamentHoldsSchema: a row for each player whose registered deck an
// unfinished "physical cards only" tournament holds (registered, not
// dropped); a tournament's rows go as it finishes.
const tournamentHoldsSchema = `
CREATE TABLE tournament_holds (
	account    TEXT NOT NULL,
	tournament TEXT NOT NULL REFERENCES tournaments (id),
	PRIMARY KEY (account, tournament)
);
CREATE INDEX tournament_holds_by_tournament ON tournament_holds (tournament);`

// addColumn adds a column to a table unless it is there already.
func addColumn(ctx context.Context, tx *sql.Tx, postgres bool, table, column string) error {
	if postgres {
		_, err := tx.ExecContext(ctx, `ALTER TABLE `+table+` ADD COLUMN IF NOT EXISTS `+column)
		return err
	}
	name, _, _ := strings.Cut(column, " ")
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM pragma_table_info(?) WHERE name = ?`, table, name).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	_, err := tx.ExecContext(ctx, `ALTER TABLE `+table+` ADD COLUMN `+column)
	return err
}

// execAll runs each statement of a script.
func execAll(ctx context.Context, tx *sql.Tx, script string) error {
	for _, stmt := range strings.Split(script, ";") {
		if strings.TrimSpace(stmt) == "" {
			continue
		}
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return err
		}
	}
	return nil
}
