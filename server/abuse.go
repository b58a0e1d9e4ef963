package server

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"net"
	"net/http"
	"strconv"
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

// clientAddr is the address a request came from, without its port: the
// unit that creation limits and connection caps count by.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// creatorKey is how the store knows a game's creator: a hash of the
// address, so that the store holds no addresses.
func creatorKey(addr string) string {
	sum := sha256.Sum256([]byte("kartenwerk creator " + addr))
	return hex.EncodeToString(sum[:12])
}

// admitCreate applies the creation limits to a request: a token bucket
// per address and a cap on its unfinished games, counted in the store so
// that every replica and a restarted server count alike. It answers 429
// with Retry-After (or the store's failure) and returns false when the
// game may not be created; otherwise the creator's key.
func (srv *Server) admitCreate(w http.ResponseWriter, r *http.Request) (string, bool) {
	addr := clientAddr(r)
	if wait := srv.createLimiter.wait(addr, srv.cfg.CreateRate, srv.cfg.CreateBurst); wait > 0 {
		tooMany(w, wait, fmt.Sprintf("too many new games from your address: at most %g a minute, try again in a moment", srv.cfg.CreateRate*60))
		return "", false
	}
	key := creatorKey(addr)
	open, err := srv.store.OpenGames(r.Context(), key)
	if err != nil {
		srv.httpError(w, err)
		return "", false
	}
	if open >= srv.cfg.MaxOpenGames {
		tooMany(w, openGamesRetry, fmt.Sprintf("your address has %d unfinished games, the most allowed: finish one, or wait until an abandoned one expires", srv.cfg.MaxOpenGames))
		return "", false
	}
	return key, true
}

// tooMany answers 429 with a Retry-After in whole seconds.
func tooMany(w http.ResponseWriter, wait time.Duration, msg string) {
	w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
	writeError(w, http.StatusTooManyRequests, msg)
}
