package server

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"kartenwerk/engine/i18n"
)

func TestLangOfPrefersParameterThenCookieThenHeader(t *testing.T) {
	cases := []struct {
		name, query, cookie, header string
		want                        i18n.Lang
	}{
		{"header only", "", "", "cs-CZ,cs;q=0.9", i18n.CS},
		{"cookie over header", "", "de", "cs", i18n.DE},
		{"parameter over cookie", "?lang=en", "de", "cs", i18n.EN},
		{"unknown cookie ignored", "", "xx", "de", i18n.DE},
		{"unknown parameter ignored", "?lang=fr", "", "cs", i18n.CS},
		{"nothing", "", "", "", i18n.EN},
	}
	for _, c := range cases {
		r := httptest.NewRequest("GET", "/"+c.query, nil)
		if c.cookie != "" {
			r.AddCookie(&http.Cookie{Name: langCookie, Value: c.cookie})
		}
		if c.header != "" {
			r.Header.Set("Accept-Language", c.header)
		}
		if got := langOf(r); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}
