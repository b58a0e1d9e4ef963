package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"

	"kartenwerk/platform/codes"
)

// replicaPair is two servers on one store, as replicas behind a load
// balancer that sends a client's requests to either.
type replicaPair struct{ a, b *Server }

// sqliteReplicas starts two servers over one SQLite store.
func sqliteReplicas(t *testing.T, tune func(*Config)) (replicaPair, []*httptest.Server) {
	t.Helper()
	st, err := OpenStore(context.Background(), filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	var pair []*Server
	var hs []*httptest.Server
	for range 2 {
		cfg := Config{Store: st, CreateRate: 1e6, CreateBurst: 1e6, MaxOpenGames: 1e6}
		if tune != nil {
			tune(&cfg)
		}
		srv, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		h := httptest.NewServer(srv)
		t.Cleanup(func() { srv.Close(); h.Close() })
		pair, hs = append(pair, srv), append(hs, h)
	}
	return replicaPair{pair[0], pair[1]}, hs
}

// postgresReplicas starts two replicas on one new PostgreSQL database.
func postgresReplicas(t *testing.T, tune func(*Config)) (replicaPair, []*httptest.Server) {
	t.Helper()
	dsn := startPostgres(t)
	a, b := startTunedReplica(t, dsn, tune), startTunedReplica(t, dsn, tune)
	return replicaPair{a.srv, b.srv}, []*httptest.Server{a.http, b.http}
}

// postTo sends a JSON body and returns the status, the Retry-After and
// the body of the answer.
func postTo(t *testing.T, base, path string, body any) (int, string, string) {
	t.Helper()
	raw, _ := json.Marshal(body)
	res, err := http.Post(base+path, "application/json", bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	answer, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header.Get("Retry-After"), string(answer)
}

func TestAddressLimitsAreSharedByReplicasInSQLite(t *testing.T) {
	addressLimitsShared(t, sqliteReplicas)
}

func TestAddressLimitsAreSharedByReplicasInPostgres(t *testing.T) {
	addressLimitsShared(t, postgresReplicas)
}

// addressLimitsShared checks that signups, companion tables and card code
// lookups from one address count together on two replicas: a client
// whose requests alternate between them gets one burst in all, not one
// on each, and then 429 with Retry-After from both.
func addressLimitsShared(t *testing.T, start func(*testing.T, func(*Config)) (replicaPair, []*httptest.Server)) {
	cheapHashes(t)
	pepper, err := codes.NewPepper([]byte(testPepperSecret))
	if err != nil {
		t.Fatal(err)
	}
	const tablesBurst = 3
	_, hs := start(t, func(c *Config) {
		c.CodesPepper = &pepper
		c.Logger = slog.New(slog.DiscardHandler)
		c.CreateRate, c.CreateBurst = 0.001, tablesBurst
	})
	n := 0
	for _, l := range []struct {
		name, path string
		burst      int
		admitted   int
		body       func() any
		refusal    string
	}{
		{"signups", "/api/signup", signupBurst, http.StatusCreated, func() any {
			n++
			return Credentials{fmt.Sprintf("player%d", n), alicePassword}
		}, "accounts_from_address"},
		{"companion tables", "/api/companion/tables", tablesBurst, http.StatusCreated, func() any {
			return map[string]string{"game": "mystimons", "name": "Ada"}
		}, "tables_from_address"},
		// A code no print run holds: the lookup is counted all the same.
		{"code lookups", "/api/companion/code", companionCodeBurst, http.StatusNotFound, func() any {
			return map[string]string{"code": "7KQ2M-XP0AH-3VTBD-9RW4F"}
		}, "code_lookups"},
	} {
		for i := range l.burst {
			if code, _, body := postTo(t, hs[i%2].URL, l.path, l.body()); code != l.admitted {
				t.Errorf("%s: request %d of the burst of %d, to replica %d: %d %s", l.name, i+1, l.burst, i%2, code, body)
			}
		}
		for i, h := range hs {
			code, retry, body := postTo(t, h.URL, l.path, l.body())
			if code != http.StatusTooManyRequests || refusalCode(body) != l.refusal || retry == "" {
				t.Errorf("%s beyond the burst, to replica %d: %d (Retry-After %q) %s; want 429 %s with Retry-After",
					l.name, i, code, retry, body, l.refusal)
			}
		}
	}
}

// plainCreatorKey is how address keys were made before the installation's
// secret: a hash anyone can compute for every IPv4 address.
func plainCreatorKey(unit string) string {
	sum := sha256.Sum256([]byte("kartenwerk creator " + unit))
	return hex.EncodeToString(sum[:12])
}

// The key of an address is the installation's: the same on every
// replica and after a restart, another on another installation, and not
// the plain hash of the address.
func TestAddressKeysAreTheInstallationsInSQLite(t *testing.T) {
	const unit = "203.0.113.7"
	db := filepath.Join(t.TempDir(), "g.db")
	keyOn := func(db string) string {
		t.Helper()
		st, err := OpenStore(context.Background(), db)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		srv, err := New(Config{Store: st})
		if err != nil {
			t.Fatal(err)
		}
		defer srv.Close()
		return srv.creatorKey(unit)
	}
	first := keyOn(db)
	if first == plainCreatorKey(unit) {
		t.Fatal("the address key is the plain SHA-256 of the address")
	}
	if len(first) != len(plainCreatorKey(unit)) {
		t.Errorf("the address key %q is not as long as before: the login counters' keys rely on it", first)
	}
	if again := keyOn(db); again != first {
		t.Errorf("after a restart the address's key is %s, was %s", again, first)
	}
	if other := keyOn(filepath.Join(t.TempDir(), "other.db")); other == first {
		t.Error("a new installation hashes the address as the first did: its key is not its own")
	}
	pair, _ := sqliteReplicas(t, nil)
	if a, b := pair.a.creatorKey(unit), pair.b.creatorKey(unit); a != b || a == first {
		t.Errorf("two servers on one new store: keys %s and %s (the first installation's %s)", a, b, first)
	}
}

// Replicas starting at once on a new PostgreSQL database all keep the
// key whose insert came first; replicas started later read it too.
func TestAddressKeysAreTheInstallationsInPostgres(t *testing.T) {
	const unit = "203.0.113.7"
	dsn := startPostgres(t)
	stores := make([]Store, 4)
	for i := range stores {
		st, err := OpenStore(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		stores[i] = st
	}
	keys := make([][]byte, len(stores))
	errs := make([]error, len(stores))
	var wg sync.WaitGroup
	for i, st := range stores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			keys[i], errs[i] = st.(addressKeyer).AddressKey(t.Context())
		}()
	}
	wg.Wait()
	for i := range keys {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if len(keys[i]) != addressKeySize || !bytes.Equal(keys[i], keys[0]) {
			t.Fatalf("stores opened at once read keys %x and %x", keys[0], keys[i])
		}
	}
	a, b := startReplica(t, dsn), startReplica(t, dsn)
	ka := a.srv.creatorKey(unit)
	if kb := b.srv.creatorKey(unit); ka != kb {
		t.Errorf("two replicas key the address as %s and %s", ka, kb)
	}
	if ka == plainCreatorKey(unit) {
		t.Error("the address key is the plain SHA-256 of the address")
	}
	fresh := startReplica(t, startPostgres(t))
	if fresh.srv.creatorKey(unit) == ka {
		t.Error("a new database hashes the address as the first did")
	}
}

// A store that keeps no key (a test's store in memory) hashes addresses
// under the process's own random key.
func TestAddressKeyWithoutAStoreToKeepIt(t *testing.T) {
	k, err := loadAddressKey(nopStore{})
	if err != nil || len(k) != addressKeySize || !bytes.Equal(k, processAddressKey) {
		t.Errorf("the key of a store without one: %x, %v; want the process's", k, err)
	}
	if bytes.Equal(processAddressKey, make([]byte, addressKeySize)) {
		t.Error("the process's key is all zeros")
	}
}

func TestCapsHoldForRacingRequestsInSQLite(t *testing.T) {
	capsRaced(t, sqliteReplicas)
}

func TestCapsHoldForRacingRequestsInPostgres(t *testing.T) {
	capsRaced(t, postgresReplicas)
}

// capsRaced sends many requests from one address at once, spread over
// two replicas, against a cap of 3: of unfinished games, and of open
// companion tables. Exactly 3 are created, and every other one is
// refused with 429 and a Retry-After. Each request's count said "under
// the cap" before any of the others had saved its own, so the caps held
// only for requests one after the other (24 requests for games created 6
// to 11); the store now counts and saves in one step.
func capsRaced(t *testing.T, start func(*testing.T, func(*Config)) (replicaPair, []*httptest.Server)) {
	const maxOpen, requests = 3, 24
	old := maxCompanionTables
	maxCompanionTables = maxOpen
	t.Cleanup(func() { maxCompanionTables = old })
	_, hs := start(t, func(c *Config) {
		c.Logger = slog.New(slog.DiscardHandler)
		c.MaxOpenGames = maxOpen
	})
	for _, tc := range []struct {
		name, path, refusal string
		body                any
	}{
		{"unfinished games", "/api/games", "open_games_address", friendGame("trick")},
		{"companion tables", "/api/companion/tables", "companion_tables_open", map[string]string{"game": "microlife", "name": "Ada"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			codes := raceRequests(hs, tc.path, tc.body, requests)
			created := 0
			for _, a := range codes {
				switch {
				case a.code == http.StatusCreated:
					created++
				case a.code != http.StatusTooManyRequests || refusalCode(a.body) != tc.refusal || a.retry == "":
					t.Errorf("a request beyond the cap: %d (Retry-After %q) %s; want 429 %s with Retry-After", a.code, a.retry, a.body, tc.refusal)
				}
			}
			if created != maxOpen {
				t.Errorf("%d requests at once, over two replicas, against a cap of %d %s: %d created", requests, maxOpen, tc.name, created)
			}
		})
	}
}

// raced is one answer of raceRequests.
type raced struct {
	code        int
	retry, body string
}

// raceRequests posts body to path n times at once, alternating between
// the servers, and returns the answers.
func raceRequests(hs []*httptest.Server, path string, body any, n int) []raced {
	raw, _ := json.Marshal(body)
	answers := make([]raced, n)
	ready := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			<-ready
			res, err := http.Post(hs[i%len(hs)].URL+path, "application/json", bytes.NewReader(raw))
			if err != nil {
				answers[i] = raced{body: err.Error()}
				return
			}
			defer res.Body.Close()
			got, _ := io.ReadAll(res.Body)
			answers[i] = raced{res.StatusCode, res.Header.Get("Retry-After"), string(got)}
		})
	}
	close(ready)
	wg.Wait()
	return answers
}
