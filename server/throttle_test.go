package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/netip"
	"strconv"
	"testing"
)

// newProxiedAccountEnv is an account server behind a trusted proxy on
// loopback, so that a test browser comes from the address it names in
// X-Forwarded-For (from).
func newProxiedAccountEnv(t *testing.T) *accountEnv {
	t.Helper()
	return newAccountEnv(t, func(c *Config) { c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")} })
}

// from is a new browser at addr: no cookies, as a browser never used here.
func (e *accountEnv) from(addr string) *browser {
	b := e.browser()
	b.header.Set("X-Forwarded-For", addr)
	return b
}

// refusalCode is the code of a refusal's body.
func refusalCode(body string) string {
	var got httpErrorBody
	json.Unmarshal([]byte(body), &got)
	return got.Code
}

// cheapHashes lowers the argon2id parameters for a test that fails many
// logins: the counting is under test, not the hash.
func cheapHashes(t *testing.T) {
	old := passwordParams
	passwordParams = argonParams{memory: 64, time: 1, threads: 1, keyLen: 32, saltLen: 16}
	t.Cleanup(func() { passwordParams = old })
}

// Failures from another address never lock a player out: the attacker's
// address waits (429 with Retry-After, the right password too), the
// player logs in from theirs.
func TestLoginFailuresElsewhereDoNotLockThePlayerOut(t *testing.T) {
	e := newProxiedAccountEnv(t)
	e.from("198.51.100.7").signup("alice", alicePassword)
	attacker := e.from("203.0.113.66")
	for i := range pairFailuresFree + 1 {
		res, raw := attacker.do("POST", "/api/login", Credentials{"alice", "guess " + strconv.Itoa(i)})
		if i < pairFailuresFree && res.StatusCode != http.StatusUnauthorized {
			t.Fatalf("guess %d: %d %s, want 401", i+1, res.StatusCode, raw)
		}
		if i == pairFailuresFree && (res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" || refusalCode(raw) != "failed_logins") {
			t.Fatalf("guess %d after %d failures: %d %s (Retry-After %q), want 429 failed_logins with Retry-After",
				i+1, pairFailuresFree, res.StatusCode, raw, res.Header.Get("Retry-After"))
		}
	}
	if res, raw := attacker.do("POST", "/api/login", Credentials{"alice", alicePassword}); res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("the right password from the throttled address: %d %s, want 429", res.StatusCode, raw)
	}
	// A browser of the player's never used before, from the player's
	// address: not held back by the attacker's failures.
	e.from("198.51.100.7").login("alice", alicePassword)
	// The attacker's address stays throttled after the player's success.
	if res, _ := attacker.do("POST", "/api/login", Credentials{"alice", "guess"}); res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("the attacker after the player's login: %d, want 429", res.StatusCode)
	}
}

// Guessing spread over many addresses, each within its own allowance,
// still ends throttled once the username has userFailuresFree failures:
// a new address then waits too. A browser that logged in to the account
// before is let past that count (it is the one an attacker elsewhere
// drives up); a forged device cookie, or another account's, is not.
func TestSpreadLoginGuessingEndsThrottled(t *testing.T) {
	cheapHashes(t)
	e := newProxiedAccountEnv(t)
	home := e.from("198.51.100.7")
	home.signup("alice", alicePassword)
	home.expect(http.StatusOK, "POST", "/api/logout", nil)
	bob := e.from("198.51.100.8")
	bob.signup("bob", bobPassword)
	addrs := userFailuresFree / pairFailuresFree
	for a := range addrs {
		guesser := e.from(fmt.Sprintf("203.0.113.%d", 1+a))
		for i := range pairFailuresFree {
			if res, raw := guesser.do("POST", "/api/login", Credentials{"alice", fmt.Sprintf("guess %d-%d", a, i)}); res.StatusCode != http.StatusUnauthorized {
				t.Fatalf("address %d, guess %d (within every allowance): %d %s, want 401", a+1, i+1, res.StatusCode, raw)
			}
		}
	}
	fresh := e.from("192.0.2.200")
	res, raw := fresh.do("POST", "/api/login", Credentials{"alice", "one more guess"})
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" || refusalCode(raw) != "failed_logins" {
		t.Fatalf("a new address after %d failures from %d addresses: %d %s (Retry-After %q), want 429 failed_logins with Retry-After",
			userFailuresFree, addrs, res.StatusCode, raw, res.Header.Get("Retry-After"))
	}
	if res, _ := e.from("198.51.100.7").do("POST", "/api/login", Credentials{"alice", alicePassword}); res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("a browser never logged in, with the right password: %d, want 429 while the username waits", res.StatusCode)
	}
	// The browser that signed up logs in, logged out meanwhile, from home
	// and from another address alike.
	home.login("alice", alicePassword)
	home.expect(http.StatusOK, "POST", "/api/logout", nil)
	home.header.Set("X-Forwarded-For", "192.0.2.201")
	home.login("alice", alicePassword)
	// Forged, or another account's: held back like any unknown browser.
	for name, value := range map[string]string{"a forged": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "bob's": cookieValue(t, bob, deviceCookie)} {
		b := e.from("192.0.2.202")
		b.client.Jar.SetCookies(mustURL(t, e.http.URL+"/api/"), []*http.Cookie{{Name: deviceCookie, Value: value, Path: "/api/"}})
		if res, _ := b.do("POST", "/api/login", Credentials{"alice", alicePassword}); res.StatusCode != http.StatusTooManyRequests {
			t.Errorf("%s device cookie: %d, want 429", name, res.StatusCode)
		}
	}
}

// cookieValue is the value of b's cookie name sent to the API ("" for none).
func cookieValue(t *testing.T, b *browser, name string) string {
	t.Helper()
	for _, c := range b.client.Jar.Cookies(mustURL(t, b.base+"/api/login")) {
		if c.Name == name {
			return c.Value
		}
	}
	t.Fatalf("the browser has no %s cookie", name)
	return ""
}

// A new password voids the device tokens made under the old one: only
// the browser that changed it stays known.
func TestDeviceTokensEndWithThePassword(t *testing.T) {
	cheapHashes(t)
	e := newProxiedAccountEnv(t)
	laptop := e.from("198.51.100.7")
	laptop.signup("alice", alicePassword)
	phone := e.from("198.51.100.9")
	phone.login("alice", alicePassword)
	laptop.expect(http.StatusOK, "POST", "/api/password", PasswordChange{Old: alicePassword, New: bobPassword})
	for a := range userFailuresFree / pairFailuresFree {
		guesser := e.from(fmt.Sprintf("203.0.113.%d", 1+a))
		for i := range pairFailuresFree {
			guesser.do("POST", "/api/login", Credentials{"alice", fmt.Sprintf("guess %d-%d", a, i)})
		}
	}
	if res, _ := phone.do("POST", "/api/login", Credentials{"alice", bobPassword}); res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("a browser known under the old password: %d, want 429 while the username waits", res.StatusCode)
	}
	laptop.login("alice", bobPassword)
}

// A throttled try is refused before it takes the username's lock (here
// held by the player's login being checked), so that a flood of them
// cannot keep the player's own login busy.
func TestThrottledLoginsAreRefusedBeforeTheUsernamesLock(t *testing.T) {
	e := newProxiedAccountEnv(t)
	e.from("198.51.100.7").signup("alice", alicePassword)
	attacker := e.from("203.0.113.66")
	for i := range pairFailuresFree {
		attacker.do("POST", "/api/login", Credentials{"alice", "guess " + strconv.Itoa(i)})
	}
	done, ok := e.srv.acct.checking("alice") // the player's login, being checked
	if !ok {
		t.Fatal("no login is being checked, yet the username is taken")
	}
	defer done()
	res, raw := attacker.do("POST", "/api/login", Credentials{"alice", "guess"})
	if res.StatusCode != http.StatusTooManyRequests || refusalCode(raw) != "failed_logins" {
		t.Errorf("a throttled guess while the player's login is checked: %d %s, want 429 failed_logins (its own wait)", res.StatusCode, raw)
	}
}

// The login counters count an IPv6 /64 as one address: a client cannot
// renew its allowance by moving to the next address of its block.
func TestLoginCountsAnIPv6SlashSixtyFourAsOneAddress(t *testing.T) {
	e := newProxiedAccountEnv(t)
	e.from("198.51.100.7").signup("alice", alicePassword)
	for i := range pairFailuresFree {
		e.from(fmt.Sprintf("2001:db8:1:2::%x", i+1)).do("POST", "/api/login", Credentials{"alice", "guess " + strconv.Itoa(i)})
	}
	if res, raw := e.from("2001:db8:1:2::ff").do("POST", "/api/login", Credentials{"alice", "guess"}); res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("a sixth guess from the same /64: %d %s, want 429", res.StatusCode, raw)
	}
	if res, raw := e.from("2001:db8:1:3::1").do("POST", "/api/login", Credentials{"alice", "guess"}); res.StatusCode != http.StatusUnauthorized {
		t.Errorf("a guess from another /64: %d %s, want 401", res.StatusCode, raw)
	}
}
