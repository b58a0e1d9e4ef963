package server

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"time"
)

// Defaults of the limits on game creation (see Config).
const (
	defaultCreateRate   = 0.5 // games a second per address: 30 a minute
	defaultCreateBurst  = 10
	defaultMaxOpenGames = 20
	// openGamesRetry is the Retry-After of a creator at its cap of
	// unfinished games: one of them must end or expire first.
	openGamesRetry = 60 * time.Second
)

// clientAddr is the address a request came from, without its port.
// Behind a trusted proxy it is the client's address the proxy forwarded
// (see fromProxy). Limits count by its clientUnit; the address itself is
// for matching exact addresses and prefixes (trusted proxies, who may
// read the metrics).
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// limitUnit is what every per-address limit counts by: an IPv4 address as
// it is (an IPv4-mapped IPv6 address as its IPv4 address), and an IPv6
// address's /64. One subscriber is usually given a whole /64 and picks
// addresses in it at will, so counting IPv6 addresses one by one would
// give one client 2^64 allowances. Anything that is not an address (a
// test's pipe) counts as itself.
func limitUnit(addr string) string {
	ip, err := netip.ParseAddr(addr)
	if err != nil {
		return addr
	}
	ip = ip.Unmap().WithZone("")
	if ip.Is4() {
		return ip.String()
	}
	p, err := ip.Prefix(64)
	if err != nil {
		return addr
	}
	return p.String()
}

// clientUnit is the unit a request counts against in per-address limits
// (limitUnit of its clientAddr).
func clientUnit(r *http.Request) string { return limitUnit(clientAddr(r)) }

// trusts reports whether addr is one of the configured proxies.
func trusts(proxies []netip.Prefix, addr string) bool {
	ip, err := netip.ParseAddr(addr)
	if err != nil {
		return false
	}
	ip = ip.Unmap()
	for _, p := range proxies {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// fromProxy returns r with RemoteAddr set to the client's address when
// the request came through a trusted proxy: the right-most address of
// X-Forwarded-For that is not itself a trusted proxy. Addresses left of
// it are the client's own claims, which anyone can forge, so they are
// never believed. A request from anywhere else keeps its peer address,
// whatever headers it carries.
func fromProxy(r *http.Request, proxies []netip.Prefix) *http.Request {
	if len(proxies) == 0 || !trusts(proxies, clientAddr(r)) {
		return r
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		hop := strings.TrimSpace(hops[i])
		ip, err := netip.ParseAddr(hop)
		if err != nil {
			return r // a garbled chain: the proxy's own address counts
		}
		if !trusts(proxies, hop) {
			r2 := r.Clone(r.Context())
			r2.RemoteAddr = net.JoinHostPort(ip.Unmap().String(), "0")
			return r2
		}
	}
	return r
}

// addressKeySize is the size of the secret that keys address hashes.
const addressKeySize = 32

// addressKeyer is a store that keeps the installation's address key (see
// creatorKey): every replica on it, and a server restarted over it, read
// the same key.
type addressKeyer interface {
	AddressKey(ctx context.Context) ([]byte, error)
}

// processAddressKey keys the address hashes of a server whose store keeps
// no key: counts that live no longer than the process need no more.
var processAddressKey = func() []byte {
	k := make([]byte, addressKeySize)
	rand.Read(k)
	return k
}()

// loadAddressKey is the key of st's installation, or the process's when st
// keeps none.
func loadAddressKey(st Store) ([]byte, error) {
	ak, ok := st.(addressKeyer)
	if !ok {
		return processAddressKey, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	k, err := ak.AddressKey(ctx)
	if err != nil {
		return nil, fmt.Errorf("server: the address key: %w", err)
	}
	return k, nil
}

// creatorKey is how the store knows a game's creator, and how the rate
// buckets and login counters know an address: an HMAC of the address's
// unit (clientUnit) under the installation's secret key, so that the
// store holds no addresses. A plain hash would not do: every IPv4
// address hashed, 2^32 of them, recovers any one of them; without the
// key, none can be tried.
//
// Keys made before the secret was (a plain SHA-256) match none made
// now: an existing installation's counts of unfinished games per
// creator, and its login failures, start afresh once, which is harmless.
func (srv *Server) creatorKey(unit string) string {
	mac := hmac.New(sha256.New, srv.addressKey)
	mac.Write([]byte("kartenwerk creator " + unit))
	return hex.EncodeToString(mac.Sum(nil)[:12])
}

// accountCreatorKey is the creator key of a logged-in account's games.
func (srv *Server) accountCreatorKey(account string) string {
	return srv.creatorKey("account " + account)
}

// tokenTaker is a store that keeps rate-limit buckets, shared by every
// replica on it.
type tokenTaker interface {
	TakeToken(ctx context.Context, key string, rate float64, burst int, now time.Time) (time.Duration, error)
}

// takeToken takes a token from key's bucket: in the store when it keeps
// buckets (so replicas count together), in memory otherwise.
func (srv *Server) takeToken(ctx context.Context, key string, rate float64, burst int) (time.Duration, error) {
	if tt, ok := srv.store.(tokenTaker); ok {
		return tt.TakeToken(ctx, key, rate, burst, time.Now())
	}
	return srv.createLimiter.wait(key, rate, burst), nil
}

// admitAddress takes a token from the bucket of the request's address
// unit under prefix (its key hashed, see creatorKey), counted in the
// store like the creation limits so that replicas share one allowance. It
// answers 429 with Retry-After and why (or the store's failure) and
// returns false when no token is left.
func (srv *Server) admitAddress(w http.ResponseWriter, r *http.Request, prefix string, rate float64, burst int, why *refusal) bool {
	return srv.admitBucket(w, r, prefix+srv.creatorKey(clientUnit(r)), rate, burst, why)
}

// admitBucket takes a token from the named bucket, as admitAddress does
// from an address's.
func (srv *Server) admitBucket(w http.ResponseWriter, r *http.Request, bucket string, rate float64, burst int, why *refusal) bool {
	wait, err := srv.takeToken(r.Context(), bucket, rate, burst)
	if err != nil {
		srv.httpError(w, err)
		return false
	}
	if wait > 0 {
		tooMany(w, wait, why)
		return false
	}
	return true
}

// admitCreate applies the creation limits to a request: a token bucket
// per address and, for a logged-in account, one per account, and a cap
// on the unfinished games of the creator (the account, or else the
// address). Buckets and games are counted in the store, so that every
// replica and a restarted server count alike. It answers 429 with
// Retry-After (or the store's failure) and returns false when the game
// may not be created; otherwise the creator's key.
func (srv *Server) admitCreate(w http.ResponseWriter, r *http.Request, account string) (string, bool) {
	unit := clientUnit(r)
	perMinute := srv.cfg.CreateRate * 60
	limits := []struct {
		bucket  string
		refusal *refusal
	}{{"create:addr:" + srv.creatorKey(unit), refuse(http.StatusTooManyRequests, "games_from_address", "rate", perMinute)}}
	if account != "" {
		limits = append(limits, limits[0])
		limits[1].bucket, limits[1].refusal = "create:account:"+account, refuse(http.StatusTooManyRequests, "games_from_account", "rate", perMinute)
	}
	for _, l := range limits {
		wait, err := srv.takeToken(r.Context(), l.bucket, srv.cfg.CreateRate, srv.cfg.CreateBurst)
		if err != nil {
			srv.httpError(w, err)
			return "", false
		}
		if wait > 0 {
			tooMany(w, wait, l.refusal)
			return "", false
		}
	}
	key := srv.creatorKey(unit)
	if account != "" {
		key = srv.accountCreatorKey(account)
	}
	open, err := srv.store.OpenGames(r.Context(), key)
	if err != nil {
		srv.httpError(w, err)
		return "", false
	}
	if open >= srv.cfg.MaxOpenGames {
		srv.refuseOpenGames(w, account)
		return "", false
	}
	return key, true
}

// refuseOpenGames answers 429: the creator, the account if one is logged
// in, else the address, has as many unfinished games as it may. The store
// refuses such a game too (CreateGame's cap), for requests that passed
// admitCreate's count together.
func (srv *Server) refuseOpenGames(w http.ResponseWriter, account string) {
	whose := "open_games_address"
	if account != "" {
		whose = "open_games_account"
	}
	tooMany(w, openGamesRetry, refuse(http.StatusTooManyRequests, whose, "n", srv.cfg.MaxOpenGames))
}

// tooMany answers 429 with a Retry-After in whole seconds.
func tooMany(w http.ResponseWriter, wait time.Duration, why *refusal) {
	w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
	writeRefusal(w, why)
}
