package server

import (
	"context"
	"time"
)

// Login throttling: failed logins are counted in the store (so replicas
// and a restarted server count alike) per username and per address. Past
// a threshold each further failure doubles the wait before the next try,
// and while it lasts every login is refused, the right password too.
const (
	userFailuresFree = 5  // failures of one username before waits begin
	addrFailuresFree = 20 // of one address (many players may share one)
	firstLoginWait   = 2 * time.Second
	longestLoginWait = 15 * time.Minute
	// forgetFailures is how long a failure counts.
	forgetFailures = 24 * time.Hour
)

// throttleKey is a login counter's key: a username, or an address hashed
// (the store holds no addresses).
type throttleKey struct {
	key  string
	free int
}

func loginKeys(username, addr string) []throttleKey {
	return []throttleKey{{"user:" + usernameKey(username), userFailuresFree}, {"addr:" + creatorKey(addr), addrFailuresFree}}
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
