package server

import (
	"context"
	"time"
)

// Login throttling: failed logins are counted in the store (so replicas
// and a restarted server count alike) under three keys, each with its own
// allowance. Past an allowance each further failure doubles the wait
// before the next try under that key, from 2 seconds up to 15 minutes,
// and while it lasts every such try is refused, the right password too.
//
//   - Per username and address unit (limitUnit) together, 5: a player
//     mistyping, and what one address may guess at one username before
//     the waits begin. Failures from elsewhere never use up a player's
//     own allowance.
//   - Per address unit, 20 across all usernames, as many players may
//     share an address behind a NAT: this bounds an address trying a
//     password on many usernames, 5 each.
//   - Per username, 100 from all addresses together. No player comes near
//     it by mistyping (5 on each of a few devices), but guessing spread
//     over many addresses (a botnet, the 65536 /64s of an IPv6 /48) meets
//     it after 20 of them, and from then on all of them together get one
//     guess per wait: after a few doublings one in 15 minutes, about 100
//     a day, however many addresses guess.
//
// The username's count is the one an attacker elsewhere can drive up: 20
// addresses do it at once, and so does one address in a day, guessing
// once per 15-minute wait of its own. A browser that has logged in to the
// account before (knownDevice) is therefore exempt from it, and waits
// only for its own address's failures.
const (
	pairFailuresFree = 5   // of one username from one address
	addrFailuresFree = 20  // of one address, whatever the username
	userFailuresFree = 100 // of one username, from every address together
	firstLoginWait   = 2 * time.Second
	longestLoginWait = 15 * time.Minute
	// forgetFailures is how long a failure counts.
	forgetFailures = 24 * time.Hour
)

// throttleKey is a login counter's key: a username, an address unit
// hashed (the store holds no addresses), or both. Each kind has its own
// prefix and the hash its fixed length, so that no username typed at the
// login (any text) makes the key of another counter.
type throttleKey struct {
	key  string
	free int
}

// loginCounters are a login's failure counters.
type loginCounters struct {
	pair, addr, user throttleKey
}

// loginKeys are the counters of a login to username from an address unit
// (clientUnit).
func (srv *Server) loginKeys(username, unit string) loginCounters {
	name, where := usernameKey(username), srv.creatorKey(unit)
	return loginCounters{
		pair: throttleKey{"pair:" + where + ":" + name, pairFailuresFree},
		addr: throttleKey{"addr:" + where, addrFailuresFree},
		user: throttleKey{"user:" + name, userFailuresFree},
	}
}

// all are every counter, each failure counts under.
func (c loginCounters) all() []throttleKey { return []throttleKey{c.pair, c.addr, c.user} }

// checked are the counters that hold a login back: all of them, or for a
// browser known to the account, all but the username's.
func (c loginCounters) checked(known bool) []throttleKey {
	if known {
		return []throttleKey{c.pair, c.addr}
	}
	return c.all()
}

// loginWait is how long after the last of n failures the next try waits.
func loginWait(n, free int) time.Duration {
	if n < free {
		return 0
	}
	wait := firstLoginWait
	for i := free; i < n && wait < longestLoginWait; i++ {
		wait *= 2
	}
	return min(wait, longestLoginWait)
}

// throttled returns how long until a login under these keys may be tried
// (0: now).
func (a *accounts) throttled(ctx context.Context, keys []throttleKey) (time.Duration, error) {
	now := a.now()
	var longest time.Duration
	for _, k := range keys {
		n, last, err := a.store.LoginFailures(ctx, k.key, now.Add(-forgetFailures))
		if err != nil {
			return 0, err
		}
		longest = max(longest, last.Add(loginWait(n, k.free)).Sub(now))
	}
	return longest, nil
}

// failed counts a failed login under every key.
func (a *accounts) failed(ctx context.Context, keys []throttleKey) error {
	now := a.now()
	for _, k := range keys {
		if err := a.store.RecordLoginFailure(ctx, k.key, now, now.Add(-forgetFailures)); err != nil {
			return err
		}
	}
	return nil
}
