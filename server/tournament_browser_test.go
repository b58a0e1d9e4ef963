package server

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"kartenwerk/engine/enginetest"
	"kartenwerk/engine/i18n"
)

// englishClock is a time of day as an English browser writes it.
var englishClock = regexp.MustCompile(`\d [AP]M\b`)

// TestBrowserOrganiserPageSpeaksGermanAndCzech opens the organiser's page
// of a running Swiss tournament with ?lang=de and ?lang=cs in a browser
// whose own language is English: the head names the game, not its id, and
// writes times the reader's way; the log is in the reader's words; and a
// refusal (a round started while one is played) comes in the page's
// language. Screenshots at 1280x800 and 390x844 go to
// $KARTENWERK_SCREENS.
func TestBrowserOrganiserPageSpeaksGermanAndCzech(t *testing.T) {
	e := newTourneyEnv(t)
	org := e.organiser("orga")
	_, raw := org.expect(http.StatusCreated, "POST", "/api/tournaments", TournamentRequest{Name: "Cup", Game: tourneyGame, Format: FormatSwissTop8, Rounds: 2})
	var v TournamentView
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		t.Fatal(err)
	}
	players := e.enter(v.ID, 5)
	org.expect(http.StatusOK, "POST", "/api/tournaments/"+v.ID+"/rounds", nil)
	decide(org, v.ID, stageSwiss, 1, 1, 2)
	org.expect(http.StatusOK, "POST", "/api/tournaments/"+v.ID+"/rounds", nil)
	org.expect(http.StatusOK, "POST", "/api/tournaments/"+v.ID+"/drop", map[string]string{"username": "player03"})

	tab := newBrowser(t)
	text, do := pageDriver(t, tab, "#toast")
	do("open the login page", chromedp.Navigate(e.http.URL+"/login"))
	logInOnPage(do, "orga")
	for _, l := range []i18n.Lang{i18n.DE, i18n.CS} {
		do("open the tournament in "+l.Name(), chromedp.Navigate(e.http.URL+"/tournaments/"+v.ID+"?lang="+l.String()))
		do("wait for the controls", chromedp.WaitVisible("#start-round"))
		do("start a round while one is played", chromedp.Click("#start-round"))
		waitFor(t, "the refusal", func() bool { return text("#toast") != "" })
		checkPageWords(t, l, "the head", text("#head"), players.names)
		checkPageWords(t, l, "the log", text("ul.log-lines"), players.names)
		checkPageWords(t, l, "the refusal", text("#toast"), players.names)
		if head := text("#head"); !strings.Contains(head, "MystiMons") || strings.Contains(head, tourneyGame) || englishClock.MatchString(head) {
			t.Errorf("the head in %s reads %q: want the game's name and the reader's clock", l, head)
		}
		shoot(t, tab, "tournament-organiser-"+l.String())
	}
}

// checkPageWords fails where text shown in language l holds a word of
// another language, an internal id or an English clock; the usernames
// are taken out first, as players chose them.
func checkPageWords(t *testing.T, l i18n.Lang, what, text string, usernames []string) {
	t.Helper()
	if text == "" {
		t.Errorf("%s in %s shows nothing", what, l)
	}
	for _, name := range usernames {
		text = strings.ReplaceAll(text, name, " ")
	}
	if word := enginetest.ForeignWord(l, text); word != "" {
		t.Errorf("%s in %s: %q is not %s (%q)", what, l, text, l.Name(), word)
	}
	if m := internalID.FindString(text); m != "" || englishClock.MatchString(text) {
		t.Errorf("%s in %s: %q shows %q", what, l, text, m+englishClock.FindString(text))
	}
}

// logInOnPage logs a tournament account in on the open login page.
func logInOnPage(do func(string, chromedp.Action[chromedp.Void]), username string) {
	do("wait for the login form", chromedp.WaitVisible("#login-form"))
	do("type the username", chromedp.SendKeys("#username", username))
	do("type the password", chromedp.SendKeys("#password", tourneyPassword))
	do("log in", chromedp.Click("#login"))
	do("wait to be logged in", chromedp.WaitVisible("#signed-in"))
}
