package server

import (
	"net/http"

	"kartenwerk/engine/i18n"
)

// langCookie remembers the language a reader picked with the switcher.
const langCookie = "lang"

// langOf is the language to speak to r's reader: a ?lang= parameter, then
// the switcher's remembered choice, then the browser's Accept-Language.
// A parameter or cookie naming no language we speak is ignored.
func langOf(r *http.Request) i18n.Lang {
	if l, err := i18n.Parse(r.URL.Query().Get("lang")); err == nil {
		return l
	}
	if c, err := r.Cookie(langCookie); err == nil {
		if l, err := i18n.Parse(c.Value); err == nil {
			return l
		}
	}
	return i18n.Match(r.Header.Get("Accept-Language"))
}
