package server

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// Sign-ups from one address: a few at once, then one every 20 seconds.
const (
	signupRate  = 0.05
	signupBurst = 5
)

// Credentials is the body of POST /api/signup and /api/login.
type Credentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// PasswordChange is the body of POST /api/password.
type PasswordChange struct {
	Old string `json:"old"`
	New string `json:"new"`
}

// Me is who a session is logged in as, and the CSRF token its requests
// that change something carry in X-CSRF-Token.
type Me struct {
	Username  string `json:"username"`
	CSRFToken string `json:"csrf_token"`
}

func (srv *Server) accountRoutes(m *http.ServeMux) {
	m.HandleFunc("POST /api/signup", srv.withAccounts(srv.handleSignup))
	m.HandleFunc("POST /api/login", srv.withAccounts(srv.handleLogin))
	m.HandleFunc("POST /api/logout", srv.withAccounts(srv.handleLogout))
	m.HandleFunc("GET /api/me", srv.withAccounts(srv.handleMe))
	m.HandleFunc("POST /api/password", srv.withAccounts(srv.handlePassword))
}

// withAccounts answers 501 on a store that keeps no accounts.
func (srv *Server) withAccounts(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if srv.acct == nil {
			writeRefusal(w, refuse(http.StatusNotImplemented, "no_accounts"))
			return
		}
		h(w, r)
	}
}

func (srv *Server) handleSignup(w http.ResponseWriter, r *http.Request) {
	var req Credentials
	if err := decodeBody(w, r, &req); err != nil {
		srv.httpError(w, err)
		return
	}
	if err := checkUsername(req.Username); err != nil {
		srv.httpError(w, err)
		return
	}
	if err := checkNewPassword(req.Password, req.Username); err != nil {
		srv.httpError(w, err)
		return
	}
	if !srv.admitAddress(w, r, "signup:addr:", signupRate, signupBurst, refuse(http.StatusTooManyRequests, "accounts_from_address")) {
		return
	}
	a := srv.acct
	acc := Account{ID: newToken(), Username: req.Username, Created: a.now()}
	if err := a.hash(r.Context(), func() { acc.Password = hashPassword(req.Password, passwordParams) }); err != nil {
		srv.httpError(w, err)
		return
	}
	err := a.store.CreateAccount(r.Context(), acc)
	if errors.Is(err, ErrUsernameTaken) {
		writeRefusal(w, refuse(http.StatusConflict, "username_taken", "name", req.Username))
		return
	}
	if err != nil {
		srv.httpError(w, err)
		return
	}
	srv.log.Info("account created", "username", acc.Username)
	srv.loggedIn(w, r, acc, http.StatusCreated)
}

// loggedIn starts a session of acc, in place of the one the request
// carried if any, and answers with who is logged in.
func (srv *Server) loggedIn(w http.ResponseWriter, r *http.Request, acc Account, status int) {
	if err := srv.endSession(w, r); err != nil {
		srv.httpError(w, err)
		return
	}
	token, err := srv.acct.startSession(r.Context(), w, r, acc.ID)
	if err != nil {
		srv.httpError(w, err)
		return
	}
	srv.acct.setDevice(w, r, acc)
	writeJSON(w, status, Me{Username: acc.Username, CSRFToken: csrfToken(token)})
}

func (srv *Server) handleLogin(w http.ResponseWriter, r *http.Request) {
	var req Credentials
	if err := decodeBody(w, r, &req); err != nil {
		srv.httpError(w, err)
		return
	}
	acc, ok := srv.checkLogin(w, r, req.Username, req.Password)
	if !ok {
		return
	}
	srv.log.Info("logged in", "username", acc.Username)
	srv.loggedIn(w, r, acc, http.StatusOK)
}

// checkLogin checks a username and password under the login throttle
// (throttle.go). It answers the request and returns false unless they are
// right. Unknown usernames count failures like known ones.
func (srv *Server) checkLogin(w http.ResponseWriter, r *http.Request, username, password string) (Account, bool) {
	a, ctx := srv.acct, r.Context()
	unit := clientUnit(r)
	keys := srv.loginKeys(username, unit)
	checked := keys.checked(a.knownDevice(ctx, r, username))
	// The throttle is asked before the username's lock is taken, so that
	// refused tries never hold the lock: else an attacker's flood of them
	// would keep it taken, and the player's own login busy.
	if !srv.loginAllowed(w, r, checked) {
		return Account{}, false
	}
	done, ok := a.checking(username)
	if !ok {
		tooMany(w, time.Second, refuse(http.StatusTooManyRequests, "login_in_progress"))
		return Account{}, false
	}
	defer done()
	// And again under the lock: a failure counted meanwhile counts.
	if !srv.loginAllowed(w, r, checked) {
		return Account{}, false
	}
	acc, right, weaker, err := a.verify(ctx, username, password)
	if err != nil {
		srv.httpError(w, err)
		return Account{}, false
	}
	if !right {
		if err := a.failed(ctx, keys.all()); err != nil {
			srv.httpError(w, err)
			return Account{}, false
		}
		// Not the username: a password typed into its field would land
		// in the log.
		srv.log.Info("login refused", "account", acc.ID, "address", srv.creatorKey(unit))
		// One answer to a wrong username and a wrong password alike, so
		// that it does not tell which usernames exist.
		writeRefusal(w, refuse(http.StatusUnauthorized, "wrong_login"))
		return Account{}, false
	}
	// Only this address's count of the username: the username's count
	// of every address stays, or each of the player's logins would give
	// guessing spread over many addresses its allowance again.
	if err := a.store.ClearLoginFailures(ctx, keys.pair.key); err != nil {
		srv.httpError(w, err)
		return Account{}, false
	}
	if weaker {
		acc.Password = srv.rehash(r, acc, password)
	}
	return acc, true
}

// loginAllowed answers 429 with Retry-After (or the store's failure) and
// returns false while a login under these counters must wait.
func (srv *Server) loginAllowed(w http.ResponseWriter, r *http.Request, keys []throttleKey) bool {
	wait, err := srv.acct.throttled(r.Context(), keys)
	if err != nil {
		srv.httpError(w, err)
		return false
	}
	if wait > 0 {
		tooMany(w, wait, refuse(http.StatusTooManyRequests, "failed_logins", "n", waitSeconds(wait)))
		return false
	}
	return true
}

// rehash stores a password hashed under the current parameters in place
// of a hash under weaker ones, and returns the hash the account has now:
// failing, the old one stays and serves.
func (srv *Server) rehash(r *http.Request, acc Account, password string) string {
	var phc string
	if srv.acct.hash(r.Context(), func() { phc = hashPassword(password, passwordParams) }) != nil {
		return acc.Password
	}
	if err := srv.acct.store.Rehash(r.Context(), acc.ID, acc.Password, phc); err != nil {
		srv.log.Error("storing a stronger password hash failed", "account", acc.ID, "err", err)
		return acc.Password
	}
	return phc
}

func (srv *Server) handleLogout(w http.ResponseWriter, r *http.Request) {
	if err := srv.endSession(w, r); err != nil {
		srv.httpError(w, err)
		return
	}
	srv.acct.setCookies(w, r, "", 0)
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

// endSession deletes the session a request carries, if it has a live one.
func (srv *Server) endSession(w http.ResponseWriter, r *http.Request) error {
	ss, token, err := srv.acct.authenticate(w, r)
	if errors.Is(err, errNotLoggedIn) {
		return nil
	}
	if err != nil {
		return err
	}
	return srv.acct.store.DeleteSession(r.Context(), sessionHash(token), ss.Owner)
}

func (srv *Server) handleMe(w http.ResponseWriter, r *http.Request) {
	ss, token, ok := srv.mustLogIn(w, r)
	if !ok {
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, Me{Username: ss.Username, CSRFToken: csrfToken(token)})
}

// mustLogIn returns the request's session, or answers 401 and false.
func (srv *Server) mustLogIn(w http.ResponseWriter, r *http.Request) (AccountSession, string, bool) {
	ss, token, err := srv.acct.authenticate(w, r)
	if errors.Is(err, errNotLoggedIn) {
		writeRefusal(w, refuse(http.StatusUnauthorized, "not_logged_in"))
		return ss, "", false
	}
	if err != nil {
		srv.httpError(w, err)
		return ss, "", false
	}
	return ss, token, true
}

func (srv *Server) handlePassword(w http.ResponseWriter, r *http.Request) {
	var req PasswordChange
	if err := decodeBody(w, r, &req); err != nil {
		srv.httpError(w, err)
		return
	}
	ss, token, ok := srv.mustLogIn(w, r)
	if !ok {
		return
	}
	if err := checkNewPassword(req.New, ss.Username); err != nil {
		srv.httpError(w, err)
		return
	}
	acc, ok := srv.checkLogin(w, r, ss.Username, req.Old)
	if !ok {
		return
	}
	if acc.ID != ss.Owner {
		writeRefusal(w, refuse(http.StatusForbidden, "other_account"))
		return
	}
	var phc string
	if err := srv.acct.hash(r.Context(), func() { phc = hashPassword(req.New, passwordParams) }); err != nil {
		srv.httpError(w, err)
		return
	}
	if err := srv.acct.store.ChangePassword(r.Context(), ss.Owner, phc, sessionHash(token)); err != nil {
		srv.httpError(w, err)
		return
	}
	// The new hash voids every browser's device token: this one gets a
	// new token, the others must log in again to be known.
	srv.acct.setDevice(w, r, Account{ID: ss.Owner, Password: phc})
	srv.log.Info("password changed; the account's other sessions ended", "username", ss.Username)
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

// sweepSessions deletes expired sessions and old login failures.
func (srv *Server) sweepSessions(ctx context.Context, now time.Time) {
	if srv.acct == nil {
		return
	}
	if err := srv.acct.store.DeleteExpiredSessions(ctx, now, now.Add(-forgetFailures)); err != nil && srv.ctx.Err() == nil {
		srv.log.Error("deleting expired sessions failed", "err", err)
	}
}
