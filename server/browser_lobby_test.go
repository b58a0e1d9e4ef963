package server

import (
	"fmt"
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
