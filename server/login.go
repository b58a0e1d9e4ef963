package server

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// Cookies of a logged-in browser. The session cookie is HttpOnly: no
// script reads it. The CSRF cookie carries the session's CSRF token to
// the pages, which send it back in the X-CSRF-Token header; a page of
// another site can neither read it nor set that header.
const (
	sessionCookie = "kw_session"
	csrfCookie    = "kw_csrf"
	csrfHeader    = "X-CSRF-Token"
	// deviceCookie marks a browser that has logged in to an account: the
	// login throttle lets it past the username's count of failures from
	// every address, which an attacker elsewhere can drive up
	// (throttle.go). It outlives a logout, for that is when it serves.
	deviceCookie = "kw_device"
	deviceTTL    = 365 * 24 * time.Hour
)

// defaultSessionTTL is how long a session lasts unused; using it in the
// second half of that time renews it for another full term.
const defaultSessionTTL = 30 * 24 * time.Hour

// accounts is the server's part that signs players up and in.
type accounts struct {
	store AccountStore
	// hashing bounds the argon2id hashes running at once: each takes
	// passwordParams.memory, and a flood of logins must not take it all.
	hashing chan struct{}
	// dummy is the hash an unknown username's password is checked
	// against, so that it costs what a known one's does.
	dummy  string
	hashes atomic.Int64 // argon2id hashes computed, for the metrics
	// logins holds the usernames whose login is being checked: one at a
	// time each, so that parallel guesses cannot all slip in before the
	// first failure is counted.
	loginsMu sync.Mutex
	logins   map[string]bool
	ttl      time.Duration
	secure   bool // every cookie Secure, even over plain HTTP (a TLS proxy in front)
	now      func() time.Time
}

func newAccounts(st Store, cfg Config) *accounts {
	as, ok := st.(AccountStore)
	if !ok {
		return nil
	}
	return &accounts{store: as, hashing: make(chan struct{}, runtime.NumCPU()), dummy: hashPassword(newSessionToken(), passwordParams),
		logins: map[string]bool{}, ttl: cfg.SessionTTL, secure: cfg.SecureCookies, now: time.Now}
}

// hash runs f while holding a hashing slot.
func (a *accounts) hash(ctx context.Context, f func()) error {
	select {
	case a.hashing <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-a.hashing }()
	a.hashes.Add(1)
	f()
	return nil
}

// checking marks a username's login as being checked, unless one is
// already; done unmarks it.
func (a *accounts) checking(username string) (done func(), ok bool) {
	key := usernameKey(username)
	a.loginsMu.Lock()
	defer a.loginsMu.Unlock()
	if a.logins[key] {
		return nil, false
	}
	a.logins[key] = true
	return func() {
		a.loginsMu.Lock()
		defer a.loginsMu.Unlock()
		delete(a.logins, key)
	}, true
}

// verify checks a username's password: right if the account exists and
// the password is its, weaker if its hash has parameters below today's.
// An unknown username costs one hash as a known one does, against a dummy
// hash, so the time taken does not tell which usernames exist.
func (a *accounts) verify(ctx context.Context, username, password string) (acc Account, right, weaker bool, err error) {
	acc, err = a.store.AccountByName(ctx, username)
	known := err == nil
	if err != nil && !errors.Is(err, ErrNoAccount) {
		return acc, false, false, err
	}
	stored := a.dummy
	if known {
		stored = acc.Password
	}
	var badHash error
	if err := a.hash(ctx, func() { right, weaker, badHash = checkPassword(password, stored, passwordParams) }); err != nil {
		return acc, false, false, err
	}
	if badHash != nil {
		return acc, false, false, fmt.Errorf("account %s: %w", acc.ID, badHash)
	}
	return acc, known && right, weaker, nil
}

// newSessionToken is 256 random bits, URL-safe.
func newSessionToken() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// sessionHash is how the store knows a session: the token itself is only
// in the browser's cookie, so a copy of the store logs no one in.
func sessionHash(token string) string {
	sum := sha256.Sum256([]byte("kartenwerk session\x00" + token))
	return hex.EncodeToString(sum[:])
}

// csrfToken is a session's CSRF token: derived from the session token
// (under another label than the stored hash), so nothing more is stored
// and it changes with every session.
func csrfToken(token string) string {
	sum := sha256.Sum256([]byte("kartenwerk csrf\x00" + token))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// startSession saves a new session of owner and sets its cookies.
func (a *accounts) startSession(ctx context.Context, w http.ResponseWriter, r *http.Request, owner string) (string, error) {
	token := newSessionToken()
	now := a.now()
	if err := a.store.CreateSession(ctx, sessionHash(token), owner, now, now.Add(a.ttl)); err != nil {
		return "", err
	}
	a.setCookies(w, r, token, a.ttl)
	return token, nil
}

// setCookies sets (maxAge > 0) or clears the session's cookies.
func (a *accounts) setCookies(w http.ResponseWriter, r *http.Request, token string, maxAge time.Duration) {
	age, csrf := int(maxAge.Seconds()), csrfToken(token)
	if maxAge <= 0 {
		age, token, csrf = -1, "", ""
	}
	secure := a.secure || r.TLS != nil
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: token, Path: "/", MaxAge: age,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: secure})
	http.SetCookie(w, &http.Cookie{Name: csrfCookie, Value: csrf, Path: "/", MaxAge: age,
		SameSite: http.SameSiteLaxMode, Secure: secure})
}

// deviceToken is the token of a browser known to acc: an HMAC of the
// account's id keyed with its password hash, which only the store holds.
// So it needs no row of its own, every replica checks it alike, no one
// makes one for another's account, and a new password (or a rehash
// under stronger parameters) voids every older one.
func deviceToken(acc Account) string {
	mac := hmac.New(sha256.New, []byte(acc.Password))
	mac.Write([]byte("kartenwerk device\x00" + acc.ID))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// setDevice marks the browser as known to acc. The cookie goes only to
// the API (logins and password changes are there), never to scripts.
func (a *accounts) setDevice(w http.ResponseWriter, r *http.Request, acc Account) {
	http.SetCookie(w, &http.Cookie{Name: deviceCookie, Value: deviceToken(acc), Path: "/api/", MaxAge: int(deviceTTL.Seconds()),
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: a.secure || r.TLS != nil})
}

// knownDevice reports whether the request comes from a browser that has
// logged in to username's account under its current password. Without
// the cookie it asks the store nothing.
func (a *accounts) knownDevice(ctx context.Context, r *http.Request, username string) bool {
	c, err := r.Cookie(deviceCookie)
	if err != nil || c.Value == "" {
		return false
	}
	acc, err := a.store.AccountByName(ctx, username)
	if err != nil {
		return false // an unknown username, or a store the throttle asks next
	}
	return hmac.Equal([]byte(c.Value), []byte(deviceToken(acc)))
}

// errNotLoggedIn is a request without a live session.
var errNotLoggedIn = errors.New("not logged in")

// authenticate returns the request's session and its token, renewing a
// session in the second half of its term. A request without a live
// session gets errNotLoggedIn (and its stale cookies cleared).
func (a *accounts) authenticate(w http.ResponseWriter, r *http.Request) (AccountSession, string, error) {
	c, err := r.Cookie(sessionCookie)
	if err != nil || c.Value == "" {
		return AccountSession{}, "", errNotLoggedIn
	}
	now := a.now()
	ss, err := a.store.Session(r.Context(), sessionHash(c.Value), now)
	if errors.Is(err, ErrNoSession) {
		a.setCookies(w, r, "", 0)
		return ss, "", errNotLoggedIn
	}
	if err != nil {
		return ss, "", err
	}
	if ss.Expires.Sub(now) < a.ttl/2 {
		ss.Expires = now.Add(a.ttl)
		if err := a.store.RenewSession(r.Context(), sessionHash(c.Value), ss.Owner, ss.Expires); err != nil {
			return ss, "", err
		}
		a.setCookies(w, r, c.Value, a.ttl)
	}
	return ss, c.Value, nil
}

// owner is the account a request is logged in as, or "" for none: games
// are started alike with or without an account.
func (srv *Server) owner(w http.ResponseWriter, r *http.Request) (string, error) {
	if srv.acct == nil {
		return "", nil
	}
	ss, _, err := srv.acct.authenticate(w, r)
	if errors.Is(err, errNotLoggedIn) {
		return "", nil
	}
	return ss.Owner, err
}
