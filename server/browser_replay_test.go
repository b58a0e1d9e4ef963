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

// TestBrowserReplayThatCannotOpenSaysWhy: the replay of a game that does
// not exist, or of one still played, says why in the reader's language
// in place of an empty viewer, and the one still played offers to watch
// it, which opens its table.
func TestBrowserReplayThatCannotOpenSaysWhy(t *testing.T) {
	e := newEnv(t)
	playing := e.create(friendGame("mystimons"))
	cases := []struct{ name, id, code string }{
		{"unknown", "nosuchgame", "no_game"},
		{"playing", playing.ID, "replay_too_soon"},
	}
	for _, lang := range pageLangs {
		l, _ := i18n.Parse(lang)
		tab := browsertest.New(t)
		useLang(t, tab, e.http.URL, lang)
		for _, c := range cases {
			name := "replay-" + c.name + "-" + lang
			if err := chromedp.Do(tab, chromedp.Navigate(e.http.URL+"/replay/"+c.id), chromedp.WaitVisible("#table .panel h2")); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			checkPlatformPage(t, tab, name, l, false)
			heading, _ := chromedp.Run(tab, chromedp.Evaluate[string](`document.querySelector("#table .panel h2").textContent`))
			said, _ := chromedp.Run(tab, chromedp.Evaluate[string](`document.querySelector("#table .panel p").textContent`))
			controls, _ := chromedp.Run(tab, chromedp.Evaluate[bool](`getComputedStyle(document.querySelector(".controls")).display !== "none"`))
			if heading != pageWords.T(l, "replay.cannot_open") || said != words.T(l, "error."+c.code) || controls {
				t.Errorf("%s: heading %q, message %q, controls shown %v; want %q, %q and no controls", name, heading, said, controls,
					pageWords.T(l, "replay.cannot_open"), words.T(l, "error."+c.code))
			}
			watch, _ := chromedp.Run(tab, chromedp.Evaluate[bool](`[...document.querySelectorAll("#table .panel a")].some((a) => new URL(a.href).pathname === "/play/`+c.id+`")`))
			if watch != (c.code == "replay_too_soon") {
				t.Errorf("%s: a link to watch the game: %v", name, watch)
			}
		}
	}
	tab := browsertest.New(t)
	if err := chromedp.Do(tab, chromedp.Navigate(e.http.URL+"/replay/"+playing.ID), chromedp.WaitVisible("#table .panel a"),
		chromedp.Click("#table .panel a"), chromedp.WaitVisible("#table .player")); err != nil {
		t.Fatalf("watching the game from its replay's page: %v", err)
	}
}
