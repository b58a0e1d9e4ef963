package server

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Errors of an AccountStore.
var (
	ErrUsernameTaken = errors.New("username taken")
	ErrNoAccount     = errors.New("no such account")
	ErrNoSession     = errors.New("no such session, or it has expired")
)

// Account is a player's account as the store keeps it.
type Account struct {
	ID       string
	Username string // as it was signed up, case kept
	// Password is the password's argon2id PHC string, never the password.
	Password string
	Created  time.Time
}

// AccountSession is a logged-in session: its owner account and expiry.
type AccountSession struct {
	Owner    string
	Username string
	Expires  time.Time
}

// AccountStore keeps accounts, their sessions and failed logins. Every
// change names the owner account it is allowed for, and changes nothing
// of another account.
type AccountStore interface {
	// CreateAccount saves a new account, or returns ErrUsernameTaken if
	// a username equal but for case exists.
	CreateAccount(ctx context.Context, a Account) error
	// AccountByName finds an account by username, whatever its case, or
	// returns ErrNoAccount.
	AccountByName(ctx context.Context, username string) (Account, error)
	// AccountByID finds an account, or returns ErrNoAccount.
	AccountByID(ctx context.Context, id string) (Account, error)
	// ChangePassword sets owner's password hash and ends every session
	// of owner but keep, at once.
	ChangePassword(ctx context.Context, owner, phc, keep string) error
	// Rehash replaces owner's password hash old with one of the same
	// password under newer parameters, unless it has changed meanwhile.
	Rehash(ctx context.Context, owner, old, phc string) error
	// CreateSession saves a session under the hash of its token.
	CreateSession(ctx context.Context, tokenHash, owner string, created, expires time.Time) error
	// Session returns the session with this token hash if it has not
	// expired by now, or ErrNoSession.
	Session(ctx context.Context, tokenHash string, now time.Time) (AccountSession, error)
	// RenewSession moves the expiry of owner's session.
	RenewSession(ctx context.Context, tokenHash, owner string, expires time.Time) error
	// DeleteSession ends owner's session.
	DeleteSession(ctx context.Context, tokenHash, owner string) error
	// DeleteExpiredSessions removes the sessions expired by now, and the
	// failed logins older than forgetBefore.
	DeleteExpiredSessions(ctx context.Context, now, forgetBefore time.Time) error
	// LoginFailures returns the failed logins under key since the last
	// success or forgetBefore, and when the last one was.
	LoginFailures(ctx context.Context, key string, forgetBefore time.Time) (int, time.Time, error)
	// RecordLoginFailure counts a failed login under key at a time;
	// failures before forgetBefore no longer count.
	RecordLoginFailure(ctx context.Context, key string, at, forgetBefore time.Time) error
	// ClearLoginFailures forgets the failed logins under key.
	ClearLoginFailures(ctx context.Context, key string) error
}

func (s *sqlStore) CreateAccount(ctx context.Context, a Account) error {
	err := s.write(ctx, writeOp{what: "create an account",
		query: `INSERT INTO accounts (id, username, username_key, password, created) VALUES (?, ?, ?, ?, ?)`,
		args:  []any{a.ID, a.Username, usernameKey(a.Username), a.Password, a.Created.UnixMilli()}})
	if err != nil {
		if _, taken := s.AccountByName(ctx, a.Username); taken == nil {
			return ErrUsernameTaken
		}
	}
	return err
}

func (s *sqlStore) AccountByName(ctx context.Context, username string) (Account, error) {
	return s.account(ctx, `username_key = ?`, usernameKey(username))
}

func (s *sqlStore) AccountByID(ctx context.Context, id string) (Account, error) {
	return s.account(ctx, `id = ?`, id)
}

func (s *sqlStore) account(ctx context.Context, where string, arg string) (Account, error) {
	var a Account
	var created int64
	err := s.read.QueryRowContext(ctx, s.q(`SELECT id, username, password, created FROM accounts WHERE `+where), arg).
		Scan(&a.ID, &a.Username, &a.Password, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return a, ErrNoAccount
	}
	a.Created = time.UnixMilli(created)
	return a, err
}

func (s *sqlStore) ChangePassword(ctx context.Context, owner, phc, keep string) error {
	return s.write(ctx, writeOp{what: "change a password",
		query: `UPDATE accounts SET password = ? WHERE id = ?`, args: []any{phc, owner}, mustAffect: ErrNoAccount,
		also: []stmt{{s.q(`DELETE FROM sessions WHERE owner = ? AND token_hash <> ?`), []any{owner, keep}}}})
}

func (s *sqlStore) Rehash(ctx context.Context, owner, old, phc string) error {
	return s.write(ctx, writeOp{what: "store a stronger password hash",
		query: `UPDATE accounts SET password = ? WHERE id = ? AND password = ?`, args: []any{phc, owner, old}})
}

func (s *sqlStore) CreateSession(ctx context.Context, tokenHash, owner string, created, expires time.Time) error {
	return s.write(ctx, writeOp{what: "start a session",
		query: `INSERT INTO sessions (token_hash, owner, created, expires) VALUES (?, ?, ?, ?)`,
		args:  []any{tokenHash, owner, created.UnixMilli(), expires.UnixMilli()}})
}

func (s *sqlStore) Session(ctx context.Context, tokenHash string, now time.Time) (AccountSession, error) {
	var ss AccountSession
	var expires int64
	err := s.read.QueryRowContext(ctx, s.q(`SELECT s.owner, a.username, s.expires FROM sessions s
		JOIN accounts a ON a.id = s.owner WHERE s.token_hash = ? AND s.expires > ?`), tokenHash, now.UnixMilli()).
		Scan(&ss.Owner, &ss.Username, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return ss, ErrNoSession
	}
	ss.Expires = time.UnixMilli(expires)
	return ss, err
}

func (s *sqlStore) RenewSession(ctx context.Context, tokenHash, owner string, expires time.Time) error {
	return s.write(ctx, writeOp{what: "renew a session",
		query: `UPDATE sessions SET expires = ? WHERE token_hash = ? AND owner = ?`, args: []any{expires.UnixMilli(), tokenHash, owner}})
}

func (s *sqlStore) DeleteSession(ctx context.Context, tokenHash, owner string) error {
	return s.write(ctx, writeOp{what: "end a session",
		query: `DELETE FROM sessions WHERE token_hash = ? AND owner = ?`, args: []any{tokenHash, owner}})
}

func (s *sqlStore) DeleteExpiredSessions(ctx context.Context, now, forgetBefore time.Time) error {
	return s.write(ctx, writeOp{what: "delete expired sessions",
		query: `DELETE FROM sessions WHERE expires <= ?`, args: []any{now.UnixMilli()},
		also: []stmt{{s.q(`DELETE FROM login_attempts WHERE last_failure < ?`), []any{forgetBefore.UnixMilli()}}}})
}

func (s *sqlStore) LoginFailures(ctx context.Context, key string, forgetBefore time.Time) (int, time.Time, error) {
	var n int
	var last int64
	err := s.read.QueryRowContext(ctx, s.q(`SELECT failures, last_failure FROM login_attempts WHERE key = ? AND last_failure >= ?`),
		key, forgetBefore.UnixMilli()).Scan(&n, &last)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, time.Time{}, nil
	}
	return n, time.UnixMilli(last), err
}

func (s *sqlStore) RecordLoginFailure(ctx context.Context, key string, at, forgetBefore time.Time) error {
	return s.write(ctx, writeOp{what: "count a failed login",
		query: `INSERT INTO login_attempts (key, failures, last_failure) VALUES (?, 1, ?)
			ON CONFLICT (key) DO UPDATE SET last_failure = excluded.last_failure,
			failures = CASE WHEN login_attempts.last_failure < ? THEN 1 ELSE login_attempts.failures + 1 END`,
		args: []any{key, at.UnixMilli(), forgetBefore.UnixMilli()}})
}

func (s *sqlStore) ClearLoginFailures(ctx context.Context, key string) error {
	return s.write(ctx, writeOp{what: "forget failed logins",
		query: `DELETE FROM login_attempts WHERE key = ?`, args: []any{key}})
}
