package server

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"kartenwerk/engine/i18n"
	"kartenwerk/internal/browsertest"
)

// TestBrowserReplaySpeaksTheReadersLanguage opens a finished game's
// replay in German, English and Czech at a laptop's and a phone's size:
// its heading says who won in the reader's words, not as the result is
// stored ("p2 wins (knockout)"), and the page passes the platform pages'
// checks; the lobby's recent games say it in the reader's words too.
// Screenshots are kept.
func TestBrowserReplaySpeaksTheReadersLanguage(t *testing.T) {
	e := newTunedEnv(t, func(c *Config) { c.Rate, c.Burst = 1000, 1000 })
	resp := e.create(friendGame("mystimons"))
	if playOverHTTP(t, e, resp, 5000); !e.state(resp.ID, "").Finished {
		t.Fatal("the game did not end")
	}
	g, err := e.store.LoadGame(t.Context(), resp.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range pageLangs {
		l, _ := i18n.Parse(lang)
		tab := browsertest.New(t)
		useLang(t, tab, e.http.URL, lang)
		for _, size := range screenSizes {
			if err := chromedp.Do(tab, chromedp.EmulateViewport(size.width, size.height), chromedp.Navigate(e.http.URL+"/replay/"+resp.ID),
				chromedp.WaitVisible("#table .player")); err != nil {
				t.Fatal(err)
			}
			if heading := replayHeading(t, tab); strings.Contains(heading, g.Result) {
				t.Errorf("the replay's heading in %s reads %q: the stored result, not the reader's words", lang, heading)
			}
			checkPlatformPage(t, tab, "replay-"+size.name+"-"+lang, l, false)
		}
		if err := chromedp.Do(tab, chromedp.Navigate(e.http.URL+"/"), chromedp.WaitVisible("#recent a")); err != nil {
			t.Fatal(err)
		}
		if recent := settledText(t, tab); strings.Contains(recent, g.Result) {
			t.Errorf("the lobby's recent games in %s show the stored result %q", lang, g.Result)
		}
	}
}

// replayHeading is the replay page's heading once it names the game.
func replayHeading(t *testing.T, tab context.Context) string {
	t.Helper()
	var heading string
	waitFor(t, "the replay's heading", func() bool {
		heading, _ = chromedp.Run(tab, chromedp.Evaluate[string](`document.querySelector("#title").textContent`))
		return strings.Contains(heading, "MystiMons")
	})
	return heading
}
