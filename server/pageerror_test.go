package server

import (
	"html"
	"io"
	"net/http"
	"strings"
	"testing"

	"kartenwerk/engine/i18n"
)

// TestPagesThatCannotBeShownSayWhyAsAPage: a reader who follows a link
// to a page of a game the server does not offer, or to a day that is no
// day, meets a page in their language, not the API's JSON: it says what
// is wrong and links to the pages there are.
func TestPagesThatCannotBeShownSayWhyAsAPage(t *testing.T) {
	e := newEnv(t)
	cases := []struct {
		path   string
		status int
		code   string
		args   []any
		link   string
	}{
		{"/rules/nosuch", http.StatusNotFound, "no_game_here", []any{"game", "nosuch"}, `href="/rules/trick"`},
		{"/cards/nosuch", http.StatusNotFound, "no_game_here", []any{"game", "nosuch"}, `href="/cards/trick"`},
		{"/decks/nosuch", http.StatusNotFound, "no_game_here", []any{"game", "nosuch"}, `href="/decks/trick"`},
		{"/leaderboard/nosuch", http.StatusNotFound, "no_game_here", []any{"game", "nosuch"}, `href="/leaderboard/trick"`},
		{"/cards/trick?at=2026-13-01", http.StatusBadRequest, "bad_date", []any{"date", "2026-13-01"}, `href="/cards/trick"`},
		{"/companion/nosuch", http.StatusNotFound, "no_companion", []any{"game", "nosuch"}, `href="/companion/mystimons"`},
		{"/nosuch/page", http.StatusNotFound, "no_page", nil, `href="/"`},
	}
	for _, c := range cases {
		for _, l := range i18n.Langs {
			sep := "?"
			if strings.Contains(c.path, "?") {
				sep = "&"
			}
			res, err := http.Get(e.http.URL + c.path + sep + "lang=" + l.String())
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := io.ReadAll(res.Body)
			res.Body.Close()
			body := string(raw)
			name := c.path + " in " + l.String()
			if res.StatusCode != c.status || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") || res.Header.Get("Content-Language") != l.String() {
				t.Errorf("%s: %d %q %q, want %d, an HTML page in %s", name, res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Content-Language"), c.status, l)
				continue
			}
			if !strings.Contains(body, html.EscapeString(words.T(l, "page_error.title"))) || !strings.Contains(body, c.link) {
				t.Errorf("%s: the page lacks its title or the link %s:\n%s", name, c.link, body)
			}
			want := html.EscapeString(asSentence(words.T(l, "error."+c.code, c.args...)))
			if !strings.Contains(strings.ReplaceAll(body, "&#34;", "&quot;"), strings.ReplaceAll(want, "&#34;", "&quot;")) {
				t.Errorf("%s: the page does not say %q:\n%s", name, want, body)
			}
		}
	}
}

// TestTheAPIKeepsItsOwnAnswersAtAddressesWithoutAPage: only pages get
// the page that says there is none; the API and the pages' files answer
// as before, and a page's address asked with the wrong method still
// says so.
func TestTheAPIKeepsItsOwnAnswersAtAddressesWithoutAPage(t *testing.T) {
	e := newEnv(t)
	cases := []struct {
		method, path string
		status       int
	}{
		{"GET", "/api/nosuch", http.StatusNotFound},
		{"GET", "/static/nosuch.js", http.StatusNotFound},
		{"GET", "/api/login", http.StatusMethodNotAllowed},
		{"POST", "/nosuch/page", http.StatusNotFound},
		{"GET", "/rules", http.StatusOK},
	}
	for _, c := range cases {
		req, _ := http.NewRequest(c.method, e.http.URL+c.path, nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != c.status || strings.Contains(string(raw), words.T(i18n.EN, "page_error.title")) {
			t.Errorf("%s %s: %d %.100s, want %d and not the page error", c.method, c.path, res.StatusCode, raw, c.status)
		}
	}
}

// TestEveryAnswerCarriesTheBrowsersGuards: pages and the API carry the
// content policy, nosniff, the frame and referrer policies; the lab's
// report keeps its stricter policy of its own.
func TestEveryAnswerCarriesTheBrowsersGuards(t *testing.T) {
	e := newEnv(t)
	for _, path := range []string{"/", "/rules", "/api/catalog", "/nosuch/page"} {
		res, err := http.Get(e.http.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		h := res.Header
		if h.Get("Content-Security-Policy") != pagePolicy || h.Get("X-Content-Type-Options") != "nosniff" ||
			h.Get("X-Frame-Options") != "SAMEORIGIN" || h.Get("Referrer-Policy") != "same-origin" {
			t.Errorf("%s: guards %q %q %q %q", path, h.Get("Content-Security-Policy"), h.Get("X-Content-Type-Options"), h.Get("X-Frame-Options"), h.Get("Referrer-Policy"))
		}
	}
	if !strings.Contains(pagePolicy, "script-src 'self';") || strings.Contains(pagePolicy, "unsafe-eval") {
		t.Errorf("the policy lets pages run scripts from elsewhere: %s", pagePolicy)
	}
}
