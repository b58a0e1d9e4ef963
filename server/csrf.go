package server

import (
	"crypto/subtle"
	"net/http"
	"net/url"
)

// CSRF: a browser sends the session cookie with every request to this
// server, also one another site's page makes it send. So every request
// that may change something and carries the cookie must come from this
// server's own pages: from its origin (Origin and Sec-Fetch-Site, when the
// browser sends them) and with the session's CSRF token, which only this
// origin's pages can read. Requests without the cookie (anonymous play,
// authorised by seat tokens) need no token, but a browser's request that
// another site's page made is refused too: else any page could make its
// visitors' browsers create games and companion tables from their
// addresses, past each address's limits. Programs send no Origin and no
// Sec-Fetch-Site, and pass.

// csrfExempt are the requests that start a session: they carry no
// session's token yet (a stale cookie may be there), so only their
// origin is checked; that stops another site logging a browser in.
var csrfExempt = map[string]bool{"/api/login": true, "/api/signup": true}

// csrfRefusal says why a request is refused as cross-site, or nil.
func csrfRefusal(r *http.Request) *refusal {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return nil
	}
	c, err := r.Cookie(sessionCookie)
	hasCookie := err == nil && c.Value != ""
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" {
		return refuse(http.StatusForbidden, "other_site", "site", site)
	}
	if otherOrigin(r) {
		return refuse(http.StatusForbidden, "other_origin")
	}
	if !hasCookie || csrfExempt[r.URL.Path] {
		return nil
	}
	want := csrfToken(c.Value)
	if subtle.ConstantTimeCompare([]byte(r.Header.Get(csrfHeader)), []byte(want)) != 1 {
		return refuse(http.StatusForbidden, "csrf_token", "header", csrfHeader, "cookie", csrfCookie)
	}
	return nil
}

// otherOrigin tells whether a request names an Origin other than the
// host it was sent to; a request without one (not from a browser's page,
// or a page's own GET) names none.
func otherOrigin(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	return origin != "" && !sameHost(origin, r.Host)
}

// sameHost tells whether an Origin header names the host a request was
// sent to.
func sameHost(origin, host string) bool {
	u, err := url.Parse(origin)
	return err == nil && u.Host != "" && u.Host == host
}
