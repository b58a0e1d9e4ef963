package server

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserSignsUpPlaysAndLogsOut signs up on the login page, starts a
// game from the lobby while logged in (its requests carry the CSRF token,
// or the server would refuse them) and logs out.
func TestBrowserSignsUpPlaysAndLogsOut(t *testing.T) {
	e := newEnv(t)
	tab := newBrowser(t)
	text, do := pageDriver(t, tab, "#login-errors")
	do("open the login page", chromedp.Navigate(e.http.URL+"/login"))
	do("wait for the form", chromedp.WaitVisible("#login-form"))
	do("type a username", chromedp.SendKeys("#username", "Alice"))
	do("type a password", chromedp.SendKeys("#password", alicePassword))
	do("create the account", chromedp.Click("#signup"))
	do("wait to be logged in", chromedp.WaitVisible("#signed-in"))
	if got := text("#who"); got != "Alice" {
		t.Errorf("logged in as %q, want Alice", got)
	}
	lobbyStart(t, tab, e.http.URL, "trick")
	acc, err := e.store.(AccountStore).AccountByName(t.Context(), "alice")
	if err != nil {
		t.Fatal(err)
	}
	list, _ := e.store.ListGames(t.Context(), 1)
	if len(list) != 1 || list[0].Owner != acc.ID {
		t.Errorf("the game started logged in: %+v, want owner %s", list, acc.ID)
	}
	do("open the lobby", chromedp.Navigate(e.http.URL+"/"))
	do("wait for the lobby", chromedp.WaitReady("#account"))
	waitFor(t, "the header to name the player", func() bool { return strings.Contains(text("#account"), "Alice") })
	do("open the login page", chromedp.Navigate(e.http.URL+"/login"))
	do("wait to be shown logged in", chromedp.WaitVisible("#logout"))
	do("log out", chromedp.Click("#logout"))
	do("wait for the login form", chromedp.WaitVisible("#login-form"))
	if got := text("#account"); got != "Log in" {
		t.Errorf("after logging out the header says %q", got)
	}
}

// TestBrowserLoginSendsBackOnlyWithinTheSite: a login page opened with
// ?next= (as a refused seat's "Log in" opens it) returns there after
// logging in, but only to a path of this site: anyone can make a link
// with ?next=, and it must not lead a player who logs in to another site.
func TestBrowserLoginSendsBackOnlyWithinTheSite(t *testing.T) {
	e := newEnv(t)
	for i, c := range []struct{ next, want string }{
		{"/leaderboard?lang=de", "/leaderboard?lang=de"},
		{"//example.com/x", "/login"},
		{"https://example.com/x", "/login"},
		{`/\example.com/x`, "/login"},
		{"javascript:alert(1)", "/login"},
	} {
		tab := newBrowser(t)
		_, do := pageDriver(t, tab, "#login-errors")
		do("open the login page", chromedp.Navigate(e.http.URL+"/login?next="+url.QueryEscape(c.next)))
		do("wait for the form", chromedp.WaitVisible("#login-form"))
		do("type a username", chromedp.SendKeys("#username", fmt.Sprintf("next%d", i)))
		do("type a password", chromedp.SendKeys("#password", alicePassword))
		do("create the account", chromedp.Click("#signup"))
		// A login that goes on leaves the login page; one that stays shows
		// the account, and a moment later is still there.
		var at string
		waitFor(t, "the page after logging in", func() bool {
			got, err := chromedp.Run(tab, chromedp.Evaluate[string](`location.pathname !== "/login" || !document.querySelector("#signed-in").hidden ? location.pathname + location.search : ""`))
			at = got
			return err == nil && got != "" && (c.want == "/login" || !strings.HasPrefix(got, "/login"))
		})
		if c.want == "/login" {
			do("give a wrong redirect its time", chromedp.Sleep(time.Second))
			got, err := chromedp.Run(tab, chromedp.Evaluate[string](`location.origin + location.pathname`))
			if err != nil {
				t.Fatal(err)
			}
			at = strings.TrimPrefix(got, e.http.URL)
		}
		if !strings.HasPrefix(at, c.want) {
			t.Errorf("logged in from /login?next=%s, the tab is at %q, want %q", c.next, at, c.want)
		}
	}
}

// pageDriver gives a test on a page two helpers: text reads an element's
// text, do runs an action or fails the test with what the page shows in
// the errors element.
func pageDriver(t *testing.T, tab context.Context, errorsSel string) (text func(string) string, do func(string, chromedp.Action[chromedp.Void])) {
	text = func(sel string) string {
		t.Helper()
		// An element not there yet (the page still loading) reads as no
		// text, so a wait goes on waiting.
		got, err := chromedp.Run(tab, chromedp.Evaluate[string](`(document.querySelector("`+sel+`") || {}).textContent || ""`))
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	do = func(what string, a chromedp.Action[chromedp.Void]) {
		t.Helper()
		ctx, cancel := context.WithTimeout(tab, 30*time.Second)
		defer cancel()
		if err := chromedp.Do(ctx, a); err != nil {
			t.Fatalf("%s: %v (errors shown: %q)", what, err, text(errorsSel))
		}
	}
	return text, do
}
