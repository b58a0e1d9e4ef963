package server

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"kartenwerk/internal/browsertest"
)

// TestBrowserRankedMatchChangesBothRatings signs two browsers up, queues
// both for ranked trick on the /ranked page, which pairs them and sends
// each to its table; the test plays the moves through the API to keep it
// short, and the leaderboard then shows both ratings changed and the
// account page the match.
func TestBrowserRankedMatchChangesBothRatings(t *testing.T) {
	e := newEnv(t)
	names := [2]string{"Alice", "Bob"}
	tabs := [2]rankedTab{}
	for i, name := range names {
		tabs[i] = newRankedTab(t, name)
		tabs[i].signup(e.http.URL)
	}
	tabs[0].do("open the ranked page", chromedp.Navigate(e.http.URL+"/ranked?game=trick"))
	tabs[0].do("wait for the queue form", chromedp.WaitVisible("#queue"))
	tabs[0].shoot("ranked")
	tabs[0].do("queue", chromedp.Click("#queue"))
	tabs[0].do("wait in the queue", chromedp.WaitVisible("#waiting-text"))
	tabs[0].shoot("ranked-waiting")
	tabs[1].do("open the ranked page", chromedp.Navigate(e.http.URL+"/ranked?game=trick"))
	tabs[1].do("wait for the queue form", chromedp.WaitVisible("#queue"))
	tabs[1].do("queue", chromedp.Click("#queue"))
	var tokens [2]string
	var as [2]http.Header
	var id string
	for i := range tabs {
		waitTable(t, tabs[i].ctx, 0)
		loc, err := chromedp.Run(tabs[i].ctx, chromedp.Evaluate[string](`location.href`))
		if err != nil {
			t.Fatal(err)
		}
		u, _ := url.Parse(loc)
		id = strings.TrimPrefix(u.Path, "/play/")
		seat := readKWSeat(t, tabs[i])
		tokens[seat], as[seat] = u.Query().Get("token"), tabSeatHeader(t, tabs[i].ctx, e.http.URL)
		tabs[i].do("wait for the clock", chromedp.WaitVisible(`[data-k=clock]`))
		// The clock and the table name the seats by their accounts'
		// usernames, not "P1", "Player 2".
		if got := tabs[i].text(`[data-k=clock]`); !strings.Contains(got, "Alice ") || !strings.Contains(got, "Bob ") || !strings.Contains(got, "this move: ") || strings.Contains(got, "P1") {
			t.Errorf("%s's table shows the clock %q", names[i], got)
		}
		if got := tabs[i].text(`.player[data-seat=p1] .p-name`) + " / " + tabs[i].text(`.player[data-seat=p2] .p-name`); !strings.Contains(got, "Alice") || !strings.Contains(got, "Bob") || strings.Contains(got, "Player") {
			t.Errorf("%s's table names the players %q, want Alice and Bob", names[i], got)
		}
		if named, _ := chromedp.Run(tabs[i].ctx, chromedp.Evaluate[bool](`!!document.querySelector("#my-name")`)); named {
			t.Errorf("%s's ranked table offers to choose a display name: the seat is named by the account", names[i])
		}
	}
	tabs[0].shoot("ranked-table")
	// In German the clock reads German, with the same names.
	de, _ := chromedp.Run(tabs[0].ctx, chromedp.Evaluate[string](`location.href + "&lang=de"`))
	tabs[0].do("open the table in German", chromedp.Navigate(de))
	waitTable(t, tabs[0].ctx, 0)
	tabs[0].do("wait for the clock", chromedp.WaitVisible(`[data-k=clock]`))
	if got := tabs[0].text(`[data-k=clock]`); !strings.HasPrefix(got, "Uhr: ") || !strings.Contains(got, "dieser Zug: ") || !strings.Contains(got, "Alice ") || !strings.Contains(got, "Bob ") {
		t.Errorf("the German table shows the clock %q", got)
	}
	tabs[0].shoot("ranked-table-de")
	if tokens[0] == "" || tokens[1] == "" {
		t.Fatalf("the two browsers hold seats %q: want one each", tokens)
	}
	for i := 0; i < 200 && !e.state(id, "").Finished; i++ {
		playFirstLegal(e, id, tokens, as)
	}
	for i := range tabs {
		waitKW(t, tabs[i].ctx, "the table to show the end", func(k kwState) bool { return k.Finished })
		tabs[i].do("see the way back to the queue", chromedp.WaitVisible("#ranked-again"))
	}
	tabs[1].do("open the leaderboard", chromedp.Navigate(e.http.URL+"/leaderboard/trick"))
	tabs[1].do("wait for the rows", chromedp.WaitVisible(`#board tbody tr`))
	rows, err := chromedp.Run(tabs[1].ctx, chromedp.Evaluate[map[string][]string](`Object.fromEntries([...document.querySelectorAll("#board tbody tr")]
		.map((tr) => [tr.dataset.player, [...tr.cells].map((c) => c.textContent)]))`))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		r := rows[name]
		// Columns: rank, player, rating, RD, games...; a draw from equal
		// ratings moves only the deviation.
		if len(r) < 5 || r[4] != "1" || (r[2] == "1500.0" && r[3] == "350") {
			t.Errorf("%s on the leaderboard: %q, want one game and a changed rating", name, r)
		}
	}
	tabs[1].shoot("leaderboard")
	tabs[0].do("open the account page", chromedp.Navigate(e.http.URL+"/login"))
	tabs[0].do("wait for the match history", chromedp.WaitVisible(`#matches li`))
	if got := tabs[0].text("#matches"); !strings.Contains(got, "Bob") || !strings.Contains(got, "rating 1500 →") {
		t.Errorf("Alice's match history reads %q", got)
	}
}

// tabSeatHeader is the header of a request logged in as a tab is: its
// session cookie and CSRF token (seatHeader).
func tabSeatHeader(t *testing.T, tab context.Context, base string) http.Header {
	t.Helper()
	got, err := chromedp.Call(tab, network.GetCookies, network.GetCookiesParams{URLs: []string{base}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range got.Cookies {
		if c.Name == sessionCookie {
			return http.Header{"Cookie": {sessionCookie + "=" + c.Value}, csrfHeader: {csrfToken(c.Value)}}
		}
	}
	t.Fatal("the tab is not logged in")
	return nil
}

// rankedTab is one player's browser.
type rankedTab struct {
	t    *testing.T
	ctx  context.Context
	name string
	text func(string) string
	do   func(string, chromedp.Action[chromedp.Void])
}

func newRankedTab(t *testing.T, name string) rankedTab {
	ctx := newBrowser(t)
	text, do := pageDriver(t, ctx, "#errors, #login-errors")
	return rankedTab{t: t, ctx: ctx, name: name, text: text, do: do}
}

func (b rankedTab) signup(base string) { signUp(b.t, b.ctx, base, b.name) }

// shoot saves the page at a desktop's and a phone's size and fails the
// test if the phone has to scroll sideways or the page lacks a word
// (⟦seat.kind_ranked⟧).
func (b rankedTab) shoot(name string) {
	if missing := missingWord.FindString(settledText(b.t, b.ctx)); missing != "" {
		b.t.Errorf("%s shows %s: the pages' catalogue lacks the word", name, missing)
	}
	for _, size := range [][2]int64{{1280, 800}, {390, 844}} {
		b.do("resize", chromedp.EmulateViewport(size[0], size[1]))
		png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
		if err != nil {
			b.t.Fatal(err)
		}
		browsertest.Keep(b.t, fmt.Sprintf("%s-%dx%d.png", name, size[0], size[1]), png)
		wide, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > innerWidth`))
		if err != nil || wide {
			b.t.Errorf("%s at %dx%d scrolls sideways (%v)", name, size[0], size[1], err)
		}
	}
	b.do("resize back", chromedp.EmulateViewport(1280, 900))
}

// readKWSeat is the seat a table shows.
func readKWSeat(t *testing.T, b rankedTab) int {
	k := readKW(t, b.ctx)
	if k.Viewer != "p1" && k.Viewer != "p2" {
		t.Fatalf("%s's table views as %q, want a seat", b.name, k.Viewer)
	}
	return int(k.Viewer[1] - '1')
}

// playFirstLegal plays the seat to move's first legal action over HTTP,
// logged in as its player (as, in seat order: seatHeader), and returns
// the state that follows.
func playFirstLegal(e *testEnv, id string, tokens [2]string, as [2]http.Header) StateMsg {
	e.t.Helper()
	st := e.state(id, "")
	tok, h := tokens[st.View.ToMove], as[st.View.ToMove]
	var mine StateMsg
	if code, body := e.callWith(h, "GET", "/api/games/"+id+"?token="+tok, nil, &mine); code != http.StatusOK {
		e.t.Fatalf("state: %d %s", code, body)
	}
	if len(mine.Legal) == 0 {
		e.t.Fatalf("seat %v to move has no legal action", st.View.ToMove)
	}
	var after StateMsg
	if code, body := e.callWith(h, "POST", "/api/games/"+id+"/actions", ActionRequest{Token: tok, Action: mine.Legal[0].Action}, &after); code != http.StatusOK {
		e.t.Fatalf("action: %d %s", code, body)
	}
	return after
}

// TestBrowserRankedSeatLinkWithoutItsAccount: a ranked seat's link opened
// logged out (passed on, or in another browser) does not open the seat:
// the table says whose seat it is and to log in as that account, in the
// reader's language, and stops reconnecting; the same link opened logged
// in as the seat's account shows the seat's hand.
func TestBrowserRankedSeatLinkWithoutItsAccount(t *testing.T) {
	e := newRankedEnv(t, nil)
	alice, bob := e.player("alice"), e.player("bob")
	id, tokens, _ := e.pairUp(alice, bob)
	seat := status(alice).Match.Seat
	for _, c := range []struct{ lang, want string }{{"en", "log in as alice"}, {"de", "Melde dich als alice an"}} {
		tab := newRankedTab(t, "mallory")
		tab.do("open alice's seat logged out", chromedp.Navigate(e.http.URL+"/play/"+id+"?token="+tokens[seat]+"&lang="+c.lang))
		tab.do("wait for the refusal", chromedp.WaitVisible(`#table .panel`))
		if got := tab.text("#table .panel"); !strings.Contains(got, c.want) || strings.Contains(got, tokens[seat]) {
			t.Errorf("the table in %s says %q, want %q and never the token", c.lang, got, c.want)
		}
		if k := readKW(t, tab.ctx); k.Viewer != "" || k.Connected {
			t.Errorf("the refused table in %s: %+v, want no seat and no connection", c.lang, k)
		}
		tab.shoot("ranked-seat-other-account-" + c.lang)
	}
	// The refusal's "Log in" leads to the login page, and logging in there
	// as alice brings the same tab back to her seat.
	other := newRankedTab(t, "elsewhere")
	other.do("open alice's seat logged out", chromedp.Navigate(e.http.URL+"/play/"+id+"?token="+tokens[seat]))
	other.do("follow the refusal's log in", chromedp.Click("#log-in-for-seat"))
	other.do("wait for the login form", chromedp.WaitVisible("#login-form"))
	other.do("type her username", chromedp.SendKeys("#username", "alice"))
	other.do("type her password", chromedp.SendKeys("#password", alicePassword))
	other.do("log in", chromedp.Click("#login"))
	waitTable(t, other.ctx, 0)
	if got := readKWSeat(t, other); got != int(seat) {
		t.Errorf("after logging in from the refusal the table views seat %d, want %d", got, seat)
	}
	tab := newRankedTab(t, "alice")
	session := network.SetCookieParams{Name: sessionCookie, Value: alice.sessionToken(), URL: e.http.URL + "/"}
	if _, err := chromedp.Call(tab.ctx, network.SetCookie, session); err != nil {
		t.Fatal(err)
	}
	tab.do("open her seat logged in", chromedp.Navigate(e.http.URL+"/play/"+id+"?token="+tokens[seat]))
	waitTable(t, tab.ctx, 0)
	if got := readKWSeat(t, tab); got != int(seat) {
		t.Errorf("alice's table views seat %d, want %d", got, seat)
	}
}
