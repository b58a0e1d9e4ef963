package server

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// testClock is a settable clock for sessions and throttling.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) add(d time.Duration) { c.mu.Lock(); defer c.mu.Unlock(); c.t = c.t.Add(d) }

// accountEnv is a test server whose account clock the test moves, and
// whose log it reads.
type accountEnv struct {
	*testEnv
	clock *testClock
	log   *syncBuffer
}

// syncBuffer is a log the server writes while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

func newAccountEnv(t *testing.T, tune func(*Config)) *accountEnv {
	t.Helper()
	logs := &syncBuffer{}
	e := newTunedEnv(t, func(c *Config) {
		c.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
		if tune != nil {
			tune(c)
		}
	})
	clock := &testClock{t: time.Now()}
	e.srv.acct.now = clock.now
	return &accountEnv{testEnv: e, clock: clock, log: logs}
}

// browser is a client with a cookie jar, as a browser on the server's pages.
type browser struct {
	t      *testing.T
	base   string
	client *http.Client
	csrf   string // sent as X-CSRF-Token when set
	// header is added to every request (Origin, Sec-Fetch-Site).
	header http.Header
	// bodies collects every answer, to search for secrets.
	bodies *strings.Builder
}

func (e *accountEnv) browser() *browser {
	return newLoginClient(e.t, e.http.URL, e.http.Client())
}

func newLoginClient(t *testing.T, base string, c *http.Client) *browser {
	jar, _ := cookiejar.New(nil)
	client := *c
	client.Jar = jar
	return &browser{t: t, base: base, client: &client, header: http.Header{}, bodies: &strings.Builder{}}
}

// do sends a JSON request and returns the answer, its body read.
func (b *browser) do(method, path string, body any) (*http.Response, string) {
	b.t.Helper()
	var r io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		r = bytes.NewReader(raw)
	}
	return b.send(method, path, r, "application/json")
}

// send sends a request with a body of the given type and returns the
// answer, its body read.
func (b *browser) send(method, path string, r io.Reader, contentType string) (*http.Response, string) {
	b.t.Helper()
	req, _ := http.NewRequest(method, b.base+path, r)
	if r != nil {
		req.Header.Set("Content-Type", contentType)
	}
	for k, v := range b.header {
		req.Header[k] = v
	}
	if b.csrf != "" {
		req.Header.Set(csrfHeader, b.csrf)
	}
	res, err := b.client.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	b.bodies.Write(raw)
	return res, string(raw)
}

// expect sends a request and fails the test unless it gets status want.
func (b *browser) expect(want int, method, path string, body any) (*http.Response, string) {
	b.t.Helper()
	res, raw := b.do(method, path, body)
	if res.StatusCode != want {
		b.t.Fatalf("%s %s: %d %s, want %d", method, path, res.StatusCode, raw, want)
	}
	return res, raw
}

// signup makes an account and keeps its CSRF token.
func (b *browser) signup(user, password string) {
	b.t.Helper()
	_, raw := b.expect(http.StatusCreated, "POST", "/api/signup", Credentials{user, password})
	b.keepCSRF(raw)
}

func (b *browser) login(user, password string) {
	b.t.Helper()
	_, raw := b.expect(http.StatusOK, "POST", "/api/login", Credentials{user, password})
	b.keepCSRF(raw)
}

func (b *browser) keepCSRF(raw string) {
	b.t.Helper()
	var me Me
	if err := json.Unmarshal([]byte(raw), &me); err != nil || me.CSRFToken == "" {
		b.t.Fatalf("no csrf_token in %s (%v)", raw, err)
	}
	b.csrf = me.CSRFToken
}

// sessionToken is the browser's session cookie.
func (b *browser) sessionToken() string {
	for _, c := range b.client.Jar.Cookies(mustURL(b.t, b.base)) {
		if c.Name == sessionCookie {
			return c.Value
		}
	}
	return ""
}

func cookieNamed(res *http.Response, name string) *http.Cookie {
	for _, c := range res.Cookies() {
		if c.Name == name {
			return c
		}
	}
	return nil
}

const (
	alicePassword = "correct horse battery staple"
	bobPassword   = "Tr0ub4dor&3-bob"
)

func TestSignupMeLogout(t *testing.T) {
	e := newAccountEnv(t, nil)
	b := e.browser()
	b.expect(http.StatusUnauthorized, "GET", "/api/me", nil)
	b.signup("Alice", alicePassword)
	_, raw := b.expect(http.StatusOK, "GET", "/api/me", nil)
	var me Me
	json.Unmarshal([]byte(raw), &me)
	if me.Username != "Alice" || me.CSRFToken != b.csrf {
		t.Errorf("me: %+v, want Alice with the sign-up's csrf token", me)
	}
	stolen := b.sessionToken()
	res, _ := b.expect(http.StatusOK, "POST", "/api/logout", nil)
	if c := cookieNamed(res, sessionCookie); c == nil || c.MaxAge >= 0 {
		t.Errorf("logout did not clear the session cookie: %v", c)
	}
	b.expect(http.StatusUnauthorized, "GET", "/api/me", nil)
	// The token kept from before the logout opens nothing: the session
	// was deleted, not only its cookie.
	replay := e.browser()
	replay.client.Jar.SetCookies(mustURL(t, e.http.URL), []*http.Cookie{{Name: sessionCookie, Value: stolen}})
	replay.expect(http.StatusUnauthorized, "GET", "/api/me", nil)
}

func TestSessionCookieFlags(t *testing.T) {
	check := func(t *testing.T, res *http.Response, secure bool) {
		t.Helper()
		c := cookieNamed(res, sessionCookie)
		if c == nil {
			t.Fatal("no session cookie")
		}
		if !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != "/" || c.Secure != secure || c.MaxAge <= 0 {
			t.Errorf("session cookie %s: want HttpOnly, SameSite=Lax, Path=/, Secure=%v, a Max-Age", c, secure)
		}
		if len(c.Value) < 43 { // 256 bits in unpadded base64
			t.Errorf("session token %d characters: fewer than 256 bits", len(c.Value))
		}
		if csrf := cookieNamed(res, csrfCookie); csrf == nil || csrf.HttpOnly || csrf.Secure != secure || csrf.SameSite != http.SameSiteLaxMode {
			t.Errorf("csrf cookie %v: want readable by pages, SameSite=Lax, Secure=%v", csrf, secure)
		}
	}
	t.Run("plain HTTP", func(t *testing.T) {
		res, _ := newAccountEnv(t, nil).browser().expect(http.StatusCreated, "POST", "/api/signup", Credentials{"alice", alicePassword})
		check(t, res, false)
	})
	t.Run("--secure-cookies behind a TLS proxy", func(t *testing.T) {
		e := newAccountEnv(t, func(c *Config) { c.SecureCookies = true })
		res, _ := e.browser().expect(http.StatusCreated, "POST", "/api/signup", Credentials{"alice", alicePassword})
		check(t, res, true)
	})
	t.Run("TLS", func(t *testing.T) {
		e := newAccountEnv(t, nil)
		ts := httptest.NewTLSServer(e.srv)
		defer ts.Close()
		b := newLoginClient(t, ts.URL, ts.Client())
		res, _ := b.expect(http.StatusCreated, "POST", "/api/signup", Credentials{"alice", alicePassword})
		check(t, res, true)
		b.expect(http.StatusOK, "GET", "/api/me", nil) // the jar sends Secure cookies over TLS
	})
}

func TestPasswordsAndTokensNeverInLogsOrAnswers(t *testing.T) {
	e := newAccountEnv(t, nil)
	b := e.browser()
	b.signup("alice", alicePassword)
	token := b.sessionToken()
	b.do("POST", "/api/login", Credentials{"alice", "wrong " + alicePassword})
	b.do("POST", "/api/login", Credentials{"nobody", alicePassword})
	b.do("POST", "/api/signup", Credentials{"ALICE", alicePassword})
	b.do("POST", "/api/signup", Credentials{"al ice", alicePassword})
	b.do("POST", "/api/signup", Credentials{"carol", "sh0rtPw"})
	b.do("POST", "/api/password", PasswordChange{Old: "not " + alicePassword, New: bobPassword})
	b.expect(http.StatusOK, "POST", "/api/password", PasswordChange{Old: alicePassword, New: bobPassword})
	b.do("POST", "/api/password", PasswordChange{Old: bobPassword, New: "t1nyPw"})
	b.login("alice", bobPassword)
	b.do("GET", "/api/me", nil)
	b.expect(http.StatusOK, "POST", "/api/logout", nil)
	logs := e.log.String()
	if !strings.Contains(logs, "login refused") {
		t.Fatalf("the log was not captured: %q", logs)
	}
	for _, secret := range []string{alicePassword, bobPassword, token, sessionHash(token), "sh0rtPw", "t1nyPw"} {
		if strings.Contains(logs, secret) {
			t.Errorf("the server's log holds the secret %q", secret)
		}
		if strings.Contains(b.bodies.String(), secret) {
			t.Errorf("an answer holds the secret %q", secret)
		}
	}
}

func TestCSRFRefused(t *testing.T) {
	e := newAccountEnv(t, nil)
	b := e.browser()
	b.signup("alice", alicePassword)
	good := b.csrf
	cases := []struct {
		name   string
		csrf   string
		header map[string]string
	}{
		{"no token", "", nil},
		{"a wrong token", good[:len(good)-2] + "xx", nil},
		{"another origin", good, map[string]string{"Origin": "https://evil.example"}},
		{"an opaque origin", good, map[string]string{"Origin": "null"}},
		{"a cross-site fetch", good, map[string]string{"Sec-Fetch-Site": "cross-site"}},
		{"a same-site fetch", good, map[string]string{"Sec-Fetch-Site": "same-site"}},
	}
	for _, c := range cases {
		for _, path := range []string{"/api/games", "/api/logout", "/api/password"} {
			b.csrf, b.header = c.csrf, http.Header{}
			for k, v := range c.header {
				b.header.Set(k, v)
			}
			var body any = firstFriendGame()
			if path == "/api/password" {
				body = PasswordChange{Old: alicePassword, New: bobPassword}
			}
			if res, raw := b.do("POST", path, body); res.StatusCode != http.StatusForbidden {
				t.Errorf("%s to %s: %d %s, want 403", c.name, path, res.StatusCode, raw)
			}
		}
	}
	b.csrf, b.header = good, http.Header{"Origin": {e.http.URL}, "Sec-Fetch-Site": {"same-origin"}}
	b.expect(http.StatusOK, "GET", "/api/me", nil) // still logged in: nothing above logged out
	var created CreateResponse
	_, raw := b.expect(http.StatusCreated, "POST", "/api/games", firstFriendGame())
	json.Unmarshal([]byte(raw), &created)
	acc, _ := e.store.(AccountStore).AccountByName(t.Context(), "alice")
	if g, err := e.store.LoadGame(t.Context(), created.ID); err != nil || g.Owner != acc.ID || acc.ID == "" {
		t.Errorf("a game started logged in: owner %q (%v), want alice's account %q", g.Owner, err, acc.ID)
	}
	// Without the cookie, anonymous play is as before: no token needed.
	anon := e.create(firstFriendGame())
	if g, _ := e.store.LoadGame(t.Context(), anon.ID); g.Owner != "" {
		t.Errorf("an anonymous game has the owner %q", g.Owner)
	}
	e.playOne(anon)
	// Nor can another site's page make a browser without a login start
	// games or companion tables from its address.
	for _, h := range []map[string]string{{"Origin": "https://evil.example"}, {"Sec-Fetch-Site": "cross-site"}} {
		visitor := e.browser()
		for k, v := range h {
			visitor.header.Set(k, v)
		}
		for path, body := range map[string]any{"/api/games": firstFriendGame(), "/api/companion/tables": map[string]string{"game": "mystimons", "name": "Ada"}} {
			if res, raw := visitor.do("POST", path, body); res.StatusCode != http.StatusForbidden {
				t.Errorf("an anonymous %v request to %s: %d %s, want 403", h, path, res.StatusCode, raw)
			}
		}
	}
	// Another site cannot log a browser in to its own account.
	other := e.browser()
	other.header.Set("Origin", "https://evil.example")
	if res, _ := other.do("POST", "/api/login", Credentials{"alice", alicePassword}); res.StatusCode != http.StatusForbidden {
		t.Errorf("a cross-origin login: %d, want 403", res.StatusCode)
	}
}

func TestLoginThrottled(t *testing.T) {
	e := newAccountEnv(t, nil)
	b := e.browser()
	b.signup("alice", alicePassword)
	for i := range pairFailuresFree {
		if res, raw := b.do("POST", "/api/login", Credentials{"ALICE", "guess " + strconv.Itoa(i)}); res.StatusCode != http.StatusUnauthorized {
			t.Fatalf("wrong password %d: %d %s, want 401", i+1, res.StatusCode, raw)
		}
	}
	res, raw := b.do("POST", "/api/login", Credentials{"alice", alicePassword})
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Fatalf("the right password while throttled: %d %s (Retry-After %q), want 429 with Retry-After",
			res.StatusCode, raw, res.Header.Get("Retry-After"))
	}
	wait, _ := strconv.Atoi(res.Header.Get("Retry-After"))
	e.clock.add(time.Duration(wait) * time.Second)
	b.do("POST", "/api/login", Credentials{"alice", "one more guess"})
	res, _ = b.do("POST", "/api/login", Credentials{"alice", alicePassword})
	next, _ := strconv.Atoi(res.Header.Get("Retry-After"))
	if res.StatusCode != http.StatusTooManyRequests || next <= wait {
		t.Errorf("after a sixth failure: %d, Retry-After %d s, want 429 and a longer wait than %d s", res.StatusCode, next, wait)
	}
	e.clock.add(time.Duration(next) * time.Second)
	b.login("alice", alicePassword)
	// The success cleared this address's count of the username: one
	// failure is not throttled.
	if res, _ := b.do("POST", "/api/login", Credentials{"alice", "guess"}); res.StatusCode != http.StatusUnauthorized {
		t.Errorf("a failure after a success: %d, want 401", res.StatusCode)
	}
}

func TestLoginThrottledForUnknownUsersAndPerAddress(t *testing.T) {
	e := newAccountEnv(t, nil)
	b := e.browser()
	for i := range pairFailuresFree {
		b.do("POST", "/api/login", Credentials{"ghost", "guess " + strconv.Itoa(i)})
	}
	// An unknown username is throttled like a known one: 429 does not
	// tell which usernames exist.
	if res, _ := b.do("POST", "/api/login", Credentials{"ghost", "guess"}); res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("an unknown username after %d failures: %d, want 429", pairFailuresFree, res.StatusCode)
	}
	for i := pairFailuresFree; i < addrFailuresFree; i++ {
		b.do("POST", "/api/login", Credentials{"ghost" + strconv.Itoa(i), "guess"})
	}
	if res, _ := b.do("POST", "/api/login", Credentials{"fresh-name", "guess"}); res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("a new username from an address with %d failures: %d, want 429", addrFailuresFree, res.StatusCode)
	}
}

func TestForeignExpiredAndLoggedOutSessionsRefused(t *testing.T) {
	e := newAccountEnv(t, nil)
	alice, bob := e.browser(), e.browser()
	alice.signup("alice", alicePassword)
	bob.signup("bob", bobPassword)
	// Alice's cookie with Bob's CSRF token: the token is the session's own.
	alice.csrf, bob.csrf = bob.csrf, alice.csrf
	alice.expect(http.StatusForbidden, "POST", "/api/logout", nil)
	alice.expect(http.StatusForbidden, "POST", "/api/password", PasswordChange{Old: bobPassword, New: "n3w password"})
	alice.csrf, bob.csrf = bob.csrf, alice.csrf
	// Alice's session cannot change Bob's password: the old one is checked
	// for the session's own account.
	alice.expect(http.StatusUnauthorized, "POST", "/api/password", PasswordChange{Old: bobPassword, New: "n3w password"})
	bob.login("bob", bobPassword)

	// Renewed in the second half of its term, a session outlives its first expiry.
	e.clock.add(e.srv.cfg.SessionTTL * 3 / 4)
	res, _ := alice.expect(http.StatusOK, "GET", "/api/me", nil)
	if c := cookieNamed(res, sessionCookie); c == nil || c.MaxAge <= 0 {
		t.Errorf("a renewed session's cookie: %v, want it set again", c)
	}
	e.clock.add(e.srv.cfg.SessionTTL / 2)
	alice.expect(http.StatusOK, "GET", "/api/me", nil)
	// Bob's was not used meanwhile: it expired.
	bob.expect(http.StatusUnauthorized, "GET", "/api/me", nil)
	e.srv.sweepSessions(t.Context(), e.clock.now())
	if _, err := e.store.(AccountStore).Session(t.Context(), sessionHash(alice.sessionToken()), e.clock.now()); err != nil {
		t.Errorf("the sweep deleted a live session: %v", err)
	}
}

func TestPasswordChangeEndsOtherSessions(t *testing.T) {
	e := newAccountEnv(t, nil)
	here, there := e.browser(), e.browser()
	here.signup("alice", alicePassword)
	there.login("alice", alicePassword)
	here.expect(http.StatusUnauthorized, "POST", "/api/password", PasswordChange{Old: "not it at all", New: bobPassword})
	here.expect(http.StatusBadRequest, "POST", "/api/password", PasswordChange{Old: alicePassword, New: "alice"})
	here.expect(http.StatusOK, "POST", "/api/password", PasswordChange{Old: alicePassword, New: bobPassword})
	here.expect(http.StatusOK, "GET", "/api/me", nil)
	there.expect(http.StatusUnauthorized, "GET", "/api/me", nil)
	e.browser().expect(http.StatusUnauthorized, "POST", "/api/login", Credentials{"alice", alicePassword})
	e.browser().login("alice", bobPassword)
}

func TestUsernamesDifferingInCaseCollide(t *testing.T) {
	e := newAccountEnv(t, nil)
	e.browser().signup("Alice", alicePassword)
	e.browser().expect(http.StatusConflict, "POST", "/api/signup", Credentials{"aLICE", bobPassword})
	b := e.browser()
	b.login("ALICE", alicePassword)
	_, raw := b.expect(http.StatusOK, "GET", "/api/me", nil)
	if !strings.Contains(raw, `"username":"Alice"`) {
		t.Errorf("me: %s, want the username as signed up", raw)
	}
}

func TestSignupChecksUsernamesAndPasswords(t *testing.T) {
	e := newAccountEnv(t, nil)
	cases := []struct {
		user, password, want string
	}{
		{"al", alicePassword, "3 to 24"},
		{strings.Repeat("a", 25), alicePassword, "3 to 24"},
		{"al ice", alicePassword, "only letters"},
		{"älice", alicePassword, "only letters"},
		{"<script>", alicePassword, "only letters"},
		{"alice", "seven77", "at least 8"},
		{"alice", strings.Repeat("x", maxPassword+1), "at most"},
		{"alice", "ALICE", "at least 8"},
		{"alicealice", "AliceAlice", "is the username"},
	}
	for _, c := range cases {
		res, raw := e.browser().do("POST", "/api/signup", Credentials{c.user, c.password})
		if res.StatusCode != http.StatusBadRequest || !strings.Contains(raw, c.want) {
			t.Errorf("sign up %q: %d %s, want 400 saying %q", c.user, res.StatusCode, raw, c.want)
		}
	}
	e.browser().signup("a_b-9", alicePassword)
}

func TestStoredPasswordIsArgon2idPHC(t *testing.T) {
	e := newAccountEnv(t, nil)
	e.browser().signup("alice", alicePassword)
	e.browser().signup("bob", alicePassword)
	as := e.store.(AccountStore)
	alice, _ := as.AccountByName(t.Context(), "alice")
	bob, _ := as.AccountByName(t.Context(), "bob")
	for _, a := range []Account{alice, bob} {
		if !strings.HasPrefix(a.Password, "$argon2id$v=19$m=19456,t=2,p=1$") || strings.Contains(a.Password, alicePassword) {
			t.Errorf("stored password %q: want an argon2id PHC string", a.Password)
		}
		if _, salt, key, err := parsePHC(a.Password); err != nil || len(salt) != 16 || len(key) != 32 {
			t.Errorf("stored password %q: %v, salt %d bytes, key %d", a.Password, err, len(salt), len(key))
		}
	}
	if alice.Password == bob.Password {
		t.Error("one password hashed twice gave one hash: the salt is not per user")
	}
}

func TestWeakerHashRehashedAtLogin(t *testing.T) {
	e := newAccountEnv(t, nil)
	as := e.store.(AccountStore)
	old := hashPassword(alicePassword, argonParams{memory: 8 * 1024, time: 1, threads: 1, keyLen: 32, saltLen: 16})
	if err := as.CreateAccount(t.Context(), Account{ID: newToken(), Username: "alice", Password: old, Created: time.Now()}); err != nil {
		t.Fatal(err)
	}
	e.browser().login("alice", alicePassword)
	acc, _ := as.AccountByName(t.Context(), "alice")
	if !strings.HasPrefix(acc.Password, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("after a login the hash is %q, want the current parameters", acc.Password)
	}
	e.browser().login("alice", alicePassword)
}

func mustURL(t *testing.T, raw string) *url.URL {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func TestLoginPageServed(t *testing.T) {
	e := newAccountEnv(t, nil)
	b := e.browser()
	for path, want := range map[string]string{"/login": `src="/static/login.js"`, "/static/login.js": `"/api/login"`,
		"/static/account.js": `"/api/me"`, "/": `href="/login"`, "/static/common.js": `"X-CSRF-Token"`} {
		if _, raw := b.expect(http.StatusOK, "GET", path, nil); !strings.Contains(raw, want) {
			t.Errorf("%s does not hold %s", path, want)
		}
	}
}

func TestUnknownUsernamesCostAHashLikeKnownOnes(t *testing.T) {
	e := newAccountEnv(t, nil)
	b := e.browser()
	b.signup("alice", alicePassword)
	cost := func(user string) int64 {
		t.Helper()
		before := e.srv.acct.hashes.Load()
		b.expect(http.StatusUnauthorized, "POST", "/api/login", Credentials{user, "not the password"})
		return e.srv.acct.hashes.Load() - before
	}
	if known, unknown := cost("alice"), cost("nobody"); known != 1 || unknown != known {
		t.Errorf("a wrong password cost %d hashes for a known username and %d for an unknown one, want 1 each", known, unknown)
	}
	_, metrics := b.expect(http.StatusOK, "GET", "/metrics", nil)
	if !strings.Contains(metrics, "kartenwerk_password_hashes_total 3") {
		t.Errorf("the metrics do not count the 3 hashes: %s", metrics)
	}
}

func TestOneLoginAtATimePerUsername(t *testing.T) {
	e := newAccountEnv(t, nil)
	b := e.browser()
	b.signup("alice", alicePassword)
	done, ok := e.srv.acct.checking("ALICE")
	if !ok {
		t.Fatal("no login is being checked, yet the username is taken")
	}
	// A second guess while the first is checked waits for its outcome.
	res, raw := b.do("POST", "/api/login", Credentials{"alice", alicePassword})
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") != "1" {
		t.Errorf("a login while another of the username is checked: %d %s (Retry-After %q), want 429 after 1 s",
			res.StatusCode, raw, res.Header.Get("Retry-After"))
	}
	e.browser().signup("bob", bobPassword)
	e.browser().login("bob", bobPassword) // another username is not held up meanwhile
	done()
	b.login("alice", alicePassword)
}

func TestSignupsPerAddressLimited(t *testing.T) {
	e := newAccountEnv(t, nil)
	for i := range signupBurst {
		e.browser().signup("player"+strconv.Itoa(i), alicePassword)
	}
	res, raw := e.browser().do("POST", "/api/signup", Credentials{"one-more", alicePassword})
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Errorf("sign-up %d from one address: %d %s, want 429 with Retry-After", signupBurst+1, res.StatusCode, raw)
	}
}

func TestRematchAskedLoggedInRecordsTheAccount(t *testing.T) {
	e := newAccountEnv(t, nil)
	resp := e.create(friendGame("trick")) // started anonymously
	playHTTP(e.testEnv, resp, 100)
	b := e.browser()
	b.signup("alice", alicePassword)
	var next map[string]string
	_, raw := b.expect(http.StatusOK, "POST", "/api/games/"+resp.ID+"/rematch", map[string]string{"token": resp.Token})
	json.Unmarshal([]byte(raw), &next)
	acc, _ := e.store.(AccountStore).AccountByName(t.Context(), "alice")
	if g, err := e.store.LoadGame(t.Context(), next["id"]); err != nil || g.Owner != acc.ID {
		t.Errorf("the rematch asked for by alice: owner %q (%v), want %q", g.Owner, err, acc.ID)
	}
}

func TestLoggingInAgainEndsTheFormerSession(t *testing.T) {
	e := newAccountEnv(t, nil)
	b := e.browser()
	b.signup("alice", alicePassword)
	e.browser().signup("bob", bobPassword)
	before := b.sessionToken()
	b.login("bob", bobPassword) // the same browser, another account
	if after := b.sessionToken(); after == before || after == "" {
		t.Fatalf("logging in kept the session token %q", after)
	}
	if _, err := e.store.(AccountStore).Session(t.Context(), sessionHash(before), e.clock.now()); err == nil {
		t.Error("alice's session outlived a login as bob in the same browser")
	}
	_, raw := b.expect(http.StatusOK, "GET", "/api/me", nil)
	if !strings.Contains(raw, `"username":"bob"`) {
		t.Errorf("me: %s, want bob", raw)
	}
}
