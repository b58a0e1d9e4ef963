package server

import (
	"fmt"
	"math"
	"net"
	"net/http"
	"strconv"
	"sync"
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

// creators counts each address's unfinished games, so that no one can
// fill the server's memory and store with games nobody plays.
type creators struct {
	mu    sync.Mutex
	open  map[string]int    // address -> its unfinished games
	games map[string]string // unfinished game id -> its creator's address
}

// reserve counts one more unfinished game for addr, or says false when it
// is at max.
func (c *creators) reserve(addr string, max int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.open == nil {
		c.open, c.games = map[string]int{}, map[string]string{}
	}
	if c.open[addr] >= max {
		return false
	}
	c.open[addr]++
	return true
}

// bind ties a created game to the reservation of addr.
func (c *creators) bind(addr, id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.games[id] = addr
}

// release gives back a reservation that made no game.
func (c *creators) release(addr string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.drop(addr)
}

// ended frees the place of a game that finished or expired.
func (c *creators) ended(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if addr, ok := c.games[id]; ok {
		delete(c.games, id)
		c.drop(addr)
	}
}

func (c *creators) drop(addr string) {
	if c.open[addr] <= 1 {
		delete(c.open, addr)
		return
	}
	c.open[addr]--
}

// admitCreate applies the creation limits to a request: a token bucket
// per address and a cap on its unfinished games. It answers 429 with
// Retry-After and returns false when either is reached; otherwise the
// caller must bind or release the reservation.
func (srv *Server) admitCreate(w http.ResponseWriter, r *http.Request) (string, bool) {
	addr := clientAddr(r)
	if wait := srv.createLimiter.wait(addr, srv.cfg.CreateRate, srv.cfg.CreateBurst); wait > 0 {
		tooMany(w, wait, fmt.Sprintf("too many new games from your address: at most %g a minute, try again in a moment", srv.cfg.CreateRate*60))
		return "", false
	}
	if !srv.creators.reserve(addr, srv.cfg.MaxOpenGames) {
		tooMany(w, openGamesRetry, fmt.Sprintf("your address has %d unfinished games, the most allowed: finish one, or wait until an abandoned one expires", srv.cfg.MaxOpenGames))
		return "", false
	}
	return addr, true
}

// tooMany answers 429 with a Retry-After in whole seconds.
func tooMany(w http.ResponseWriter, wait time.Duration, msg string) {
	w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
	writeError(w, http.StatusTooManyRequests, msg)
}
