package server

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"time"
)

// Shared rate limits: a token bucket per key kept in the store, so that
// every replica on one PostgreSQL (and a restarted server) counts a
// client's requests together. Each bucket is one row holding its
// theoretical arrival time (the generic cell rate algorithm): a request
// at now is allowed when the bucket's time, brought up to now, is at most
// (burst-1) intervals ahead of now, and then moves it one interval on.
// Taking a token is one conditional upsert, atomic in SQLite and
// PostgreSQL alike.

// errRateLimited marks a refused take; the wait is read afterwards.
var errRateLimited = errors.New("rate limited")

const rateSchema = `
CREATE TABLE rate_limits (
	key TEXT PRIMARY KEY,
	tat BIGINT NOT NULL
);
CREATE INDEX rate_limits_by_time ON rate_limits (tat)`

func migrateRateLimits(ctx context.Context, tx *sql.Tx, postgres bool) error {
	return execAll(ctx, tx, rateSchema)
}

// TakeToken takes a token from key's bucket (rate a second, burst at
// most) and returns 0, or how long until a token is due.
func (s *sqlStore) TakeToken(ctx context.Context, key string, rate float64, burst int, now time.Time) (time.Duration, error) {
	interval := int64(math.Ceil(1000 / rate)) // ms
	tolerance := int64(max(burst-1, 0)) * interval
	at := now.UnixMilli()
	greatest := "MAX"
	if s.postgres {
		greatest = "GREATEST"
	}
	op := writeOp{what: "take a rate-limit token",
		query: `INSERT INTO rate_limits (key, tat) VALUES (?, ?)
			ON CONFLICT (key) DO UPDATE SET tat = ` + greatest + `(rate_limits.tat, ?) + ?
			WHERE ` + greatest + `(rate_limits.tat, ?) - ? <= ?`,
		args:       []any{key, at + interval, at, interval, at, at, tolerance},
		mustAffect: errRateLimited}
	var err error
	if s.postgres {
		// In a transaction of its own. In the writer's batch, the bucket's
		// row stayed locked until the batch committed, together with the
		// rows of the batch's other writes: replicas creating games at
		// once took a creator's bucket and its open-games count in
		// opposite orders and deadlocked, each a second of waiting.
		err = s.execAlone(ctx, op)
	} else {
		err = s.write(ctx, op)
	}
	if !errors.Is(err, errRateLimited) {
		return 0, err
	}
	var tat int64
	if err := s.read.QueryRowContext(ctx, s.q(`SELECT tat FROM rate_limits WHERE key = ?`), key).Scan(&tat); err != nil {
		return 0, err
	}
	return max(time.Millisecond, time.Duration(tat-at-tolerance)*time.Millisecond), nil
}

// ForgetRateLimits deletes the buckets that are full again by now.
func (s *sqlStore) ForgetRateLimits(ctx context.Context, now time.Time) error {
	return s.write(ctx, writeOp{what: "forget full rate-limit buckets",
		query: `DELETE FROM rate_limits WHERE tat < ?`, args: []any{now.UnixMilli()}})
}

// settingsSchema is the installation's own settings: one row, made at
// the first start after this migration. address_key is the secret that
// keys the hashes standing for addresses (creatorKey), kept in the store
// so that every replica and a restarted server hash an address alike.
const settingsSchema = `
CREATE TABLE settings (
	id          INTEGER PRIMARY KEY CHECK (id = 1),
	address_key TEXT NOT NULL
)`

func migrateSettings(ctx context.Context, tx *sql.Tx, postgres bool) error {
	return execAll(ctx, tx, settingsSchema)
}

// AddressKey is the installation's secret for hashing addresses: made
// at random the first time it is asked for, and read back, so that
// replicas starting at once all keep the one whose insert came first.
func (s *sqlStore) AddressKey(ctx context.Context) ([]byte, error) {
	fresh := make([]byte, addressKeySize)
	if _, err := rand.Read(fresh); err != nil {
		return nil, err
	}
	if err := s.write(ctx, writeOp{what: "keep the address key",
		query: `INSERT INTO settings (id, address_key) VALUES (1, ?) ON CONFLICT (id) DO NOTHING`,
		args:  []any{hex.EncodeToString(fresh)}}); err != nil {
		return nil, err
	}
	var text string
	if err := s.read.QueryRowContext(ctx, `SELECT address_key FROM settings WHERE id = 1`).Scan(&text); err != nil {
		return nil, err
	}
	key, err := hex.DecodeString(text)
	if err != nil || len(key) != addressKeySize {
		return nil, fmt.Errorf("the stored address key is not %d bytes in hex", addressKeySize)
	}
	return key, nil
}
