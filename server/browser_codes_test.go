package server

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserRegistersACard types a card's code, sloppily, on the account
// page: the card lands in the collection, and the same code again says
// it is already the player's.
func TestBrowserRegistersACard(t *testing.T) {
	e := newCodesEnv(t, 1)
	tab := newBrowser(t)
	text, do := pageDriver(t, tab, "#register-result")
	do("open the login page", chromedp.Navigate(e.http.URL+"/login"))
	do("wait for the form", chromedp.WaitVisible("#login-form"))
	do("type a username", chromedp.SendKeys("#username", "Alice"))
	do("type a password", chromedp.SendKeys("#password", alicePassword))
	do("create the account", chromedp.Click("#signup"))
	do("wait for the card form", chromedp.WaitVisible("#register-form"))
	waitFor(t, "an empty collection", func() bool { return strings.Contains(text("#collection"), "No cards") })
	typed := strings.ToLower(e.run.Codes[0].String())
	do("type the code", chromedp.SendKeys("#card-code", typed))
	do("register it", chromedp.Click("#register-form button"))
	waitFor(t, "the card registered", func() bool { return strings.Contains(text("#register-result"), "now in your collection") })
	waitFor(t, "the card listed", func() bool { return strings.Contains(text("#collection"), "1 × Ember Fox (first edition") })
	do("type the code again", chromedp.SendKeys("#card-code", typed))
	do("register it again", chromedp.Click("#register-form button"))
	waitFor(t, "already yours", func() bool { return strings.Contains(text("#register-result"), "registered this Ember Fox already") })
}
