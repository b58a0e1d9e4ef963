package server

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kartenwerk/engine/enginetest"
	"kartenwerk/engine/i18n"
	"kartenwerk/internal/browsertest"
)

// TestBrowserLobbySaysWhyAGameCannotBegin: a player who picks the same
// Mystic Elements preset for both seats reads, under the lobby's form and
// in their own language, that the decks share a colour and which variant
// would let them (ME-8.2, ME-10.2), as a sentence: no English, no
// command-line flag, and nothing more below it ("null" stood there once).
func TestBrowserLobbySaysWhyAGameCannotBegin(t *testing.T) {
	e := newEnv(t)
	want := map[string]string{"de": "Beide Decks spielen Blau", "en": "Both decks use Blue", "cs": "Oba balíčky hrají barvu Modrá"}
	for _, lang := range pageLangs {
		t.Run(lang, func(t *testing.T) {
			tab := browsertest.NewWithin(t, time.Minute)
			useLang(t, tab, e.http.URL, lang)
			pick := `(() => {
				const g = document.querySelector("#game");
				g.value = "mysticelements";
				g.dispatchEvent(new Event("change"));
				for (const d of document.querySelectorAll("#seats .deck")) d.value = "Deepwood";
			})()`
			err := chromedp.Do(tab, chromedp.Navigate(e.http.URL+"/"), chromedp.WaitReady(`#seats .seat[data-seat="1"] .deck`),
				chromedp.Evaluate[chromedp.Void](pick), chromedp.Click("#create"), chromedp.WaitVisible("#errors p"))
			if err != nil {
				t.Fatal(err)
			}
			said, err := chromedp.Run(tab, chromedp.Evaluate[string](`document.querySelector("#errors").textContent`))
			if err != nil {
				t.Fatal(err)
			}
			l, _ := i18n.Parse(lang)
			if !strings.Contains(said, want[lang]) || strings.Contains(said, "--") || strings.Contains(said, "null") || enginetest.ForeignWord(l, said) != "" {
				t.Errorf("the lobby says %q, want %q in %s words", said, want[lang], l.Name())
			}
			shoot(t, tab, fmt.Sprintf("lobby-colours-taken-%s", lang))
		})
	}
}

// TestBrowserLobbyLinksKeepTheLanguage: a lobby opened as /?lang=de (no
// cookie) makes its links to the table, for the invited friend, for
// spectators and in the lists with ?lang=de, so the table it opens speaks
// German as the lobby did.
func TestBrowserLobbyLinksKeepTheLanguage(t *testing.T) {
	e := newEnv(t)
	tab := browsertest.NewWithin(t, 2*time.Minute)
	// Where the link to the table stands on the page, at every change of
	// the page from the creation on: it must stay put while the lobby's
	// lists take in the new game.
	friend := `(() => {
		const k = document.querySelector('#seats .seat[data-seat="1"] .kind');
		k.value = "friend";
		k.dispatchEvent(new Event("change"));
		window.goAt = [];
		new MutationObserver(() => {
			const go = document.querySelector("#go");
			if (go && go.offsetParent) window.goAt.push(Math.round(go.getBoundingClientRect().top + scrollY));
		}).observe(document.body, {subtree: true, childList: true, attributes: true});
	})()`
	err := chromedp.Do(tab, chromedp.Navigate(e.http.URL+"/?lang=de"), chromedp.WaitReady(`#seats .seat[data-seat="1"] .kind`),
		chromedp.Evaluate[chromedp.Void](friend), chromedp.Click("#create"), chromedp.WaitVisible("#go"))
	if err != nil {
		t.Fatal(err)
	}
	links, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`[document.querySelector("#go").href, ...[...document.querySelectorAll("#created input.invite")].map((i) => i.value)]`))
	if err != nil {
		t.Fatal(err)
	}
	if len(links) < 3 {
		t.Fatalf("the lobby made the links %q: want the table's, a friend's and the spectators'", links)
	}
	for _, l := range links {
		if !strings.Contains(l, "lang=de") {
			t.Errorf("the lobby's link %q drops the language", l)
		}
	}
	shoot(t, tab, "lobby-created-de")
	// The lobby's lists show the new game at once, without a reload.
	if !poll(20*time.Second, func() bool {
		ok, err := chromedp.Run(tab, chromedp.Evaluate[bool](`!!document.querySelector("#recent a") && !!document.querySelector("#mine a")`))
		return err == nil && ok
	}) {
		lists, _ := chromedp.Run(tab, chromedp.Evaluate[string](`document.querySelector("#recent").innerText + " | " + document.querySelector("#mine").innerText`))
		t.Errorf("after creating a game the lobby lists: %s", lists)
	}
	// The box of the reader's games, above the link, once appeared after
	// it and pushed it down: a click could land beside it (CI found the
	// lobby still open 45 s later).
	if at := evalJS[[]float64](t, tab, `window.goAt`); len(at) == 0 || slices.Min(at) != slices.Max(at) {
		t.Errorf("the link to the table stood at %v px down the page as the lobby took in the new game: want one place", at)
	}
	if err := chromedp.Do(tab, chromedp.Click("#go")); err != nil {
		t.Fatal(err)
	}
	waitTable(t, tab, 0)
	if !poll(30*time.Second, func() bool {
		ok, err := chromedp.Run(tab, chromedp.Evaluate[bool](`document.documentElement.lang === "de" && !document.body.innerText.includes("⟦")`))
		return err == nil && ok
	}) {
		lang, _ := chromedp.Run(tab, chromedp.Evaluate[string](`location.href + " " + document.documentElement.lang`))
		t.Fatalf("the table opened from the German lobby speaks %s", lang)
	}
	shoot(t, tab, "table-from-german-lobby")

	// Back in the lobby, its lists of games link in German too.
	err = chromedp.Do(tab, chromedp.Navigate(e.http.URL+"/?lang=de"), chromedp.WaitVisible(`#mine a`), chromedp.WaitReady(`#recent a`))
	if err != nil {
		t.Fatal(err)
	}
	hrefs, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#mine a, #recent a, nav.subnav a")].map((a) => a.href)`))
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hrefs {
		if !strings.Contains(h, "lang=de") {
			t.Errorf("the lobby's link %q drops the language", h)
		}
	}

	// The header's language switch wins over the address's ?lang=.
	err = chromedp.Do(tab, chromedp.Evaluate[chromedp.Void](`(() => {
		const pick = document.querySelector("select.langs");
		pick.value = "en";
		pick.dispatchEvent(new Event("change"));
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if !poll(30*time.Second, func() bool {
		ok, err := chromedp.Run(tab, chromedp.Evaluate[bool](`document.readyState === "complete" && document.documentElement.lang === "en"`))
		return err == nil && ok
	}) {
		lang, _ := chromedp.Run(tab, chromedp.Evaluate[string](`location.href + " " + document.documentElement.lang`))
		t.Errorf("choosing English in the header of %s", lang)
	}
}
