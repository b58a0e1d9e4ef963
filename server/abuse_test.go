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
