package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestClientAddressBehindTrustedProxies(t *testing.T) {
	proxies := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	cases := []struct {
		name, peer, xff, want string
	}{
		{"no proxy: the header is ignored", "203.0.113.7:5000", "198.51.100.1", "203.0.113.7"},
		{"a trusted proxy forwards its client", "10.0.0.2:4000", "198.51.100.1", "198.51.100.1"},
		{"forged entries left of the client are ignored", "10.0.0.2:4000", "6.6.6.6, 198.51.100.1", "198.51.100.1"},
		{"a chain of trusted proxies", "10.0.0.2:4000", "198.51.100.1, 10.1.1.1", "198.51.100.1"},
		{"a garbled chain counts as the proxy", "10.0.0.2:4000", "198.51.100.1, nonsense", "10.0.0.2"},
		{"a trusted proxy without the header", "10.0.0.2:4000", "", "10.0.0.2"},
		{"IPv6 loopback proxy, IPv4-mapped client", "[::1]:4000", "::ffff:198.51.100.9", "198.51.100.9"},
	}
	for _, c := range cases {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = c.peer
		if c.xff != "" {
			r.Header.Set("X-Forwarded-For", c.xff)
		}
		if got := clientAddr(fromProxy(r, proxies)); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

func TestSharedRateBucketsInSQLite(t *testing.T) {
	rateBucketContract(t, filepath.Join(t.TempDir(), "g.db"))
}

func TestSharedRateBucketsInPostgres(t *testing.T) {
	rateBucketContract(t, startPostgres(t))
}

// rateBucketContract checks the store's token buckets: a burst, then a
// wait, per key, refilled over time, and a refusal takes nothing.
func rateBucketContract(t *testing.T, db string) {
	st, err := OpenStore(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	tt := st.(tokenTaker)
	now := time.UnixMilli(1_800_000_000_000)
	ctx := context.Background()
	for i := range 3 {
		if wait, err := tt.TakeToken(ctx, "k", 1, 3, now); err != nil || wait != 0 {
			t.Fatalf("take %d of a burst of 3: wait %v, %v", i+1, wait, err)
		}
	}
	wait, err := tt.TakeToken(ctx, "k", 1, 3, now)
	if err != nil || wait <= 0 || wait > time.Second {
		t.Fatalf("the fourth take: wait %v, %v; want up to a second", wait, err)
	}
	if wait, _ := tt.TakeToken(ctx, "other", 1, 3, now); wait != 0 {
		t.Error("another key's bucket is not full")
	}
	if wait, err := tt.TakeToken(ctx, "k", 1, 3, now.Add(time.Second)); err != nil || wait != 0 {
		t.Errorf("a second later: wait %v, %v; want a token", wait, err)
	}
	if wait, _ := tt.TakeToken(ctx, "k", 1, 3, now.Add(time.Second)); wait == 0 {
		t.Error("a refused take must not fill the bucket: a second token at once")
	}
}

func TestCreationLimitsCountTheAccount(t *testing.T) {
	e := newAccountEnv(t, func(c *Config) { c.CreateRate, c.CreateBurst, c.MaxOpenGames = 1e6, 1e6, 2 })
	anna := e.browser()
	anna.signup("anna", alicePassword)
	game := friendGame("trick")
	for range 2 {
		anna.expect(http.StatusCreated, "POST", "/api/games", game)
	}
	res, body := anna.do("POST", "/api/games", game)
	if res.StatusCode != http.StatusTooManyRequests || !strings.Contains(body, "your account has 2 unfinished games") {
		t.Fatalf("Anna's third game: %d %s, want 429 naming her account", res.StatusCode, body)
	}
	// The cap is Anna's, not her address's: a player next to her, not
	// logged in, still starts games.
	if res, body := e.browser().do("POST", "/api/games", game); res.StatusCode != http.StatusCreated {
		t.Fatalf("a guest at Anna's address: %d %s", res.StatusCode, body)
	}
	// Logging in from elsewhere does not reset it.
	again := e.browser()
	again.login("anna", alicePassword)
	if res, _ := again.do("POST", "/api/games", game); res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("Anna from a second browser: %d, want 429", res.StatusCode)
	}
}

func TestCreationRatePerAccount(t *testing.T) {
	e := newAccountEnv(t, func(c *Config) { c.CreateRate, c.CreateBurst, c.MaxOpenGames = 0.001, 2, 1e6 })
	anna := e.browser()
	anna.signup("anna", alicePassword)
	game := friendGame("trick")
	anna.expect(http.StatusCreated, "POST", "/api/games", game)
	// One address-bucket token is left, but the account's bucket is the
	// same size and now holds one too; the guest takes the address's last.
	e.browser().expect(http.StatusCreated, "POST", "/api/games", game)
	res, body := anna.do("POST", "/api/games", game)
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Fatalf("beyond the rate: %d %s", res.StatusCode, body)
	}
}

func TestMetricsOnlyForTheOperatorsNetwork(t *testing.T) {
	srv := &Server{}
	for addr, want := range map[string]bool{"127.0.0.1": true, "10.2.3.4": true, "192.168.1.9": true, "::1": true, "203.0.113.7": false, "2001:db8::1": false} {
		if got := srv.mayScrape(addr); got != want {
			t.Errorf("default: %s may scrape: %v, want %v", addr, got, want)
		}
	}
	srv.cfg.MetricsFrom = []netip.Prefix{netip.MustParsePrefix("203.0.113.0/24")}
	if !srv.mayScrape("203.0.113.7") || srv.mayScrape("127.0.0.1") {
		t.Error("--metrics-from does not replace the default networks")
	}
	e := newTunedEnv(t, func(c *Config) { c.MetricsFrom = []netip.Prefix{netip.MustParsePrefix("203.0.113.0/24")} })
	if code, _ := e.call("GET", "/metrics", nil, nil); code != http.StatusForbidden {
		t.Errorf("/metrics from outside --metrics-from: %d, want 403", code)
	}
}

// An IPv6 address counts with its /64, the block one subscriber is
// usually given; IPv4 addresses count one by one.
func TestLimitUnit(t *testing.T) {
	for addr, want := range map[string]string{
		"203.0.113.7":                      "203.0.113.7",
		"::ffff:203.0.113.7":               "203.0.113.7",
		"2001:db8:1:2::1":                  "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff:ffff:ffff:fffe": "2001:db8:1:2::/64",
		"2001:db8:1:3::1":                  "2001:db8:1:3::/64",
		"fe80::1%eth0":                     "fe80::/64",
		"pipe":                             "pipe",
	} {
		if got := limitUnit(addr); got != want {
			t.Errorf("the unit of %s: %s, want %s", addr, got, want)
		}
	}
}

// Behind a trusted proxy, clients in one IPv6 /64 share every limit of
// an address: the creation rate, the cap of unfinished games, the cap of
// companion tables. Another /64 does not, nor does another IPv4 address.
func TestNeighboursInOneIPv6SlashSixtyFourShareTheLimits(t *testing.T) {
	proxied := func(c *Config) { c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")} }
	from := func(addr string) http.Header { return http.Header{"X-Forwarded-For": {addr}} }
	type try struct {
		addr string
		want int
	}
	check := func(t *testing.T, e *testEnv, path string, body any, code string, tries []try) {
		t.Helper()
		for _, c := range tries {
			status, raw := e.callWith(from(c.addr), "POST", path, body, nil)
			if status != c.want || c.want == http.StatusTooManyRequests && refusalCode(raw) != code {
				t.Errorf("POST %s from %s: %d %s, want %d", path, c.addr, status, raw, c.want)
			}
		}
	}
	tries := func(code int) []try {
		return []try{{"2001:db8:1:2::1", http.StatusCreated}, {"2001:db8:1:2:ffff:ffff:ffff:fffe", code},
			{"2001:db8:1:3::1", http.StatusCreated}, {"198.51.100.1", http.StatusCreated}, {"198.51.100.2", http.StatusCreated}}
	}
	t.Run("creation rate", func(t *testing.T) {
		e := newTunedEnv(t, func(c *Config) { proxied(c); c.CreateRate, c.CreateBurst = 0.001, 1 })
		check(t, e, "/api/games", friendGame("trick"), "games_from_address", tries(http.StatusTooManyRequests))
	})
	t.Run("unfinished games", func(t *testing.T) {
		e := newTunedEnv(t, func(c *Config) { proxied(c); c.MaxOpenGames = 1 })
		check(t, e, "/api/games", friendGame("trick"), "open_games_address", tries(http.StatusTooManyRequests))
	})
	t.Run("companion tables", func(t *testing.T) {
		old := maxCompanionTables
		maxCompanionTables = 1
		t.Cleanup(func() { maxCompanionTables = old })
		e := newTunedEnv(t, proxied)
		check(t, e, "/api/companion/tables", map[string]string{"game": "mystimons", "name": "Ada"}, "companion_tables_open", tries(http.StatusTooManyRequests))
	})
}

// The connection cap counts an IPv6 /64 as one address; a trusted proxy
// is matched by its exact address and fills no /64's cap.
func TestConnectionCapCountsAnIPv6SlashSixtyFour(t *testing.T) {
	ll := &limitListener{max: 100, perAddr: 1, open: map[string]int{}, proxies: []netip.Prefix{netip.MustParsePrefix("2001:db8:0:5::1/128")}}
	for _, c := range []struct {
		addr string
		want bool
	}{
		{"2001:db8::1", true},
		{"2001:db8::2", false}, // the same /64
		{"2001:db8:0:1::1", true},
		{"198.51.100.1", true},
		{"198.51.100.2", true},
		{"2001:db8:0:5::1", true}, // the proxy, beyond the cap
		{"2001:db8:0:5::1", true},
		{"2001:db8:0:5::2", true}, // in the proxy's /64
		{"2001:db8:0:5::3", false},
	} {
		if _, ok := ll.admit(c.addr); ok != c.want {
			t.Errorf("a connection from %s: admitted %v, want %v", c.addr, ok, c.want)
		}
	}
	ll.release(limitUnit("2001:db8::1"))
	if _, ok := ll.admit("2001:db8::2"); !ok {
		t.Error("a place freed in the /64 is not given to another address in it")
	}
}
