package server

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
	"kartenwerk/engine/i18n"
	"kartenwerk/internal/browsertest"
)

// TestBrowserReplaySpeaksTheReadersLanguage opens a finished game's
// replay in German, English and Czech at a laptop's and a phone's size:
// its heading says who won in the reader's words, not as the result is
// stored ("p2 wins (knockout)"), and not why (the last step says that;
// in the heading it took two lines), and the page passes the platform
// pages' checks; the lobby's recent games say it in the reader's words too.
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
			} else if strings.ContainsRune(heading, '(') {
				t.Errorf("the replay's heading in %s reads %q: who won is enough, the last step says why", lang, heading)
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
// not exist, or of one still played, says why in the reader's language,
// as a sentence, in place of an empty viewer, and the one still played offers to watch
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
			why := i18n.Capital(words.T(l, "error."+c.code)) // a sentence on its own
			if heading != pageWords.T(l, "replay.cannot_open") || said != why || controls {
				t.Errorf("%s: heading %q, message %q, controls shown %v; want %q, %q and no controls", name, heading, said, controls,
					pageWords.T(l, "replay.cannot_open"), why)
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

// TestBrowserReplayOfEveryGame opens the replay of a finished game of each
// game, as a spectator and then from a player's seat, at its start and
// part way through, in one language a game at a phone's size: each
// position passes the platform pages' checks (no missing or internal
// word, nothing off the screen, no stray value of a script), its sections
// that scroll fade where more lies below (sectionFadesJS), a hand seen
// from its back is drawn small, and no word of another language stands
// outside a card's printed name.
func TestBrowserReplayOfEveryGame(t *testing.T) {
	e := newTunedEnv(t, func(c *Config) { c.Rate, c.Burst = 1000, 1000 })
	forEachDuelGame(t, e, 0, func(t *testing.T, g engine.Game, l i18n.Lang, tab context.Context) {
		info, lang := g.Info(), l.String()
		resp := e.create(friendGame(info.ID))
		if playOverHTTP(t, e, resp, 5000); !e.state(resp.ID, "").Finished {
			t.Fatal("the game did not end")
		}
		phone := screenSizes[len(screenSizes)-1]
		steps := []struct {
			name string
			do   chromedp.Action[chromedp.Void]
		}{
			{"end", chromedp.Evaluate[chromedp.Void](`0`)},
			{"start-p1", chromedp.Evaluate[chromedp.Void](`(() => {
				const s = document.querySelector("#seat");
				s.value = "p1";
				s.dispatchEvent(new Event("change"));
				document.querySelector("#first").click();
			})()`)},
			{"middle-p1", chromedp.Evaluate[chromedp.Void](`(() => {
				const s = document.querySelector("#slider");
				s.value = Math.floor(Number(s.max) / 2);
				s.dispatchEvent(new Event("input"));
				s.dispatchEvent(new Event("change"));
			})()`)},
		}
		if err := chromedp.Do(tab, chromedp.EmulateViewport(phone.width, phone.height), chromedp.Navigate(e.http.URL+"/replay/"+resp.ID),
			chromedp.WaitVisible("#table .player")); err != nil {
			t.Fatal(err)
		}
		for _, s := range steps {
			if err := chromedp.Do(tab, s.do); err != nil {
				t.Fatalf("%s: %v", s.name, err)
			}
			name := "replay-" + info.ID + "-" + s.name + "-" + lang
			checkPlatformPage(t, tab, name, l, true)
			if problems := evalJS[[]string](t, tab, sectionFadesJS+"()"); len(problems) > 0 {
				t.Errorf("%s: %s", name, strings.Join(problems, "; "))
			}
			// A hand seen from its back says only how many cards it
			// holds: on a phone its backs are small.
			if tall := evalJS[[]float64](t, tab, `[...document.querySelectorAll("#table .zone.hand .card.back")].map((c) => c.getBoundingClientRect().height).filter((h) => h > 70)`); len(tall) > 0 {
				t.Errorf("%s: a hand's backs are %v px high on a phone", name, tall)
			}
			if word := gameForeignWord(g, l, settledText(t, tab)); word != "" {
				t.Errorf("%s shows %q, a word of another language outside a card's printed name", name, word)
			}
			// The table keeps most of a phone's screen: the log, open
			// from the start, took a quarter of it and cut the seats'
			// cards in half.
			if share := evalJS[float64](t, tab, `document.querySelector("#table").getBoundingClientRect().height / innerHeight`); share < 0.5 {
				t.Errorf("%s: the table has %.0f%% of the screen's height, want half at least", name, 100*share)
			}
		}
	})
}

// forEachDuelGame runs test for each game two may play, as a subtest
// in one language a game (taking turns from pageLangs[offset]) with a
// browser tab in that language on e's server.
func forEachDuelGame(t *testing.T, e *testEnv, offset int, test func(t *testing.T, g engine.Game, l i18n.Lang, tab context.Context)) {
	t.Helper()
	for i, g := range engine.Games() {
		if g.Info().MinSeats > 2 {
			continue
		}
		lang := pageLangs[(i+offset)%len(pageLangs)]
		l, _ := i18n.Parse(lang)
		t.Run(g.Info().ID+"-"+lang, func(t *testing.T) {
			tab := browsertest.New(t)
			useLang(t, tab, e.http.URL, lang)
			test(t, g, l, tab)
		})
	}
}

// gameForeignWord is a word of another language than l in a page of
// g's table, outside its cards' printed names, by the games' own list
// (enginetest.ForeignWord): the pages' list takes "die" for German,
// where a Micro-Life log says "Player 1 lets Zecke die".
func gameForeignWord(g engine.Game, l i18n.Lang, text string) string {
	return enginetest.ForeignWord(l, withoutCardNames(g, text))
}

// withoutCardNames is text without g's card names, which stay as printed
// in every language ("Fluch der Schwäche" on a Czech page), nor the
// games' names ("Athernum: The Old World"), and without the soft hyphens
// that break names on narrow card faces.
func withoutCardNames(g engine.Game, text string) string {
	text = strings.ReplaceAll(text, "\u00ad", "")
	var names []string
	for _, c := range g.Cards() {
		names = append(names, c.Name)
	}
	for _, other := range engine.Games() {
		names = append(names, other.Info().Name)
	}
	slices.SortFunc(names, func(a, b string) int { return len(b) - len(a) })
	for _, n := range names {
		text = strings.ReplaceAll(text, n, " ")
	}
	return text
}
