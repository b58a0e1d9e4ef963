package server

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	"kartenwerk/internal/browsertest"
)

// A spectator sees the table from the seat they choose: that seat sits at
// the bottom with its hand drawn as backs, and no hidden card is named.
func TestBrowserSpectatorWatchesFromTheSeatTheyChoose(t *testing.T) {
	e := newEnv(t)
	resp := e.create(CreateRequest{Game: "trick", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI, Agent: "random"}}})
	ctx := newBrowser(t)
	openPage(t, ctx, e.http.URL+"/play/"+resp.ID+"?from=p2", "#table .player.bottom")
	waitTable(t, ctx, 0)
	type seat struct {
		Bottom     string
		Backs, IDs int
	}
	bottom := `(() => ({Bottom: document.querySelector("#table .player.bottom").dataset.seat,
		Backs: document.querySelectorAll("#table [data-zone=hand] .card.back").length,
		IDs: document.querySelectorAll("#table [data-zone=hand] [data-id]").length}))()`
	if got := evalJS[seat](t, ctx, bottom); got.Bottom != "p2" || got.Backs == 0 || got.IDs != 0 {
		t.Errorf("watching from p2: %+v, want p2 at the bottom with its hand as backs only", got)
	}
	if err := chromedp.Do(ctx, chromedp.SetValue("#from", "p1")); err != nil {
		t.Fatal(err)
	}
	var got seat
	if !poll(20*time.Second, func() bool { got = evalJS[seat](t, ctx, bottom); return got.Bottom == "p1" }) || got.IDs != 0 {
		t.Errorf("after choosing p1: %+v, want p1 at the bottom with no card named", got)
	}
}

// A player's display name is kept in the browser and sent when the table
// opens its WebSocket.
func TestBrowserSendsTheDisplayNameWhenJoining(t *testing.T) {
	e := newEnv(t)
	resp := e.create(CreateRequest{Game: "trick", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI, Agent: "random"}}})
	ctx := newBrowser(t)
	var mu sync.Mutex
	var urls []string
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Listen(ctx, func(ev any) {
		if c, ok := ev.(*network.EventWebSocketCreated); ok {
			mu.Lock()
			urls = append(urls, c.URL)
			mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	openPage(t, ctx, e.http.URL+"/", "#my-name")
	if err := chromedp.Do(ctx, chromedp.SendKeys("#my-name", "Anna\t")); err != nil {
		t.Fatal(err)
	}
	openPage(t, ctx, e.http.URL+resp.Play, "body.play")
	waitTable(t, ctx, 0)
	mu.Lock()
	defer mu.Unlock()
	if len(urls) == 0 || !strings.Contains(urls[len(urls)-1], "name=Anna") {
		t.Errorf("the table's WebSockets: %q, want one carrying name=Anna", urls)
	}
}

// The table speaks the language the reader chose: the status line's
// words, the switcher's choice and the page's lang attribute follow it,
// and no page key is missing. A screenshot in each language is kept.
func TestBrowserTableSpeaksTheChosenLanguage(t *testing.T) {
	e := newEnv(t)
	turn := map[string]string{"de": "Zug", "en": "Turn", "cs": "Tah"}
	for _, lang := range pageLangs {
		t.Run(lang, func(t *testing.T) {
			tab := newBrowser(t)
			useLang(t, tab, e.http.URL, lang)
			resp := e.create(CreateRequest{Game: "mysticelements", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI, Agent: "random"}}})
			if err := chromedp.Do(tab, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(e.http.URL+resp.Play)); err != nil {
				t.Fatal(err)
			}
			waitMyTurn(t, tab)
			type page struct {
				Lang, Chosen, Turn string
				Missing            bool
			}
			got := evalJS[page](t, tab, `({Lang: document.documentElement.lang, Chosen: document.querySelector("select.langs").value,
				Turn: document.querySelector("#status [data-k=turn]").textContent, Missing: document.body.innerText.includes("⟦")})`)
			if got.Lang != lang || got.Chosen != lang || !strings.HasPrefix(got.Turn, turn[lang]) || got.Missing {
				t.Errorf("the table in %s: %+v", lang, got)
			}
			browsertest.Screenshot(t, tab, "mysticelements-1280x800-"+lang+"-start")
		})
	}
}

// TestBrowserSpectatorTableOfEveryGame: a spectator watching a game of
// each game part way through, at a phone's and a laptop's size in one
// language a game, sees a table that passes the pages' checks (no missing
// or internal word, nothing off the screen, no stray value of a script,
// no word of another language outside a card's printed name), and names
// no card of a hand but those everyone saw (Zynalith's cards taken from
// the open market).
func TestBrowserSpectatorTableOfEveryGame(t *testing.T) {
	e := newTunedEnv(t, func(c *Config) { c.Rate, c.Burst = 1000, 1000 })
	forEachDuelGame(t, e, 1, func(t *testing.T, g engine.Game, l i18n.Lang, tab context.Context) {
		resp := e.create(friendGame(g.Info().ID))
		playOverHTTP(t, e, resp, 40)
		watched := e.state(resp.ID, "")
		public := publicHandCards(watched)
		for _, size := range screenSizes {
			if err := chromedp.Do(tab, chromedp.EmulateViewport(size.width, size.height), chromedp.Navigate(e.http.URL+"/play/"+resp.ID),
				chromedp.WaitVisible("#table .player.bottom")); err != nil {
				t.Fatal(err)
			}
			name := "spectator-" + g.Info().ID + "-" + size.name + "-" + l.String()
			checkPlatformPage(t, tab, name, l, true)
			if word := gameForeignWord(g, l, settledText(t, tab)); word != "" {
				t.Errorf("%s shows %q, a word of another language outside a card's printed name", name, word)
			}
			checkOpponentsKnownHand(t, tab, name, watched)
			checkPhaseNamedOnce(t, tab, name)
			for _, id := range evalJS[[]string](t, tab, `[...document.querySelectorAll("#table [data-zone=hand] [data-id]")].map((c) => c.dataset.id)`) {
				if !public[id] {
					t.Errorf("%s names the card %s of a hand, which a spectator's view hides", name, id)
				}
			}
		}
	})
}

// checkPhaseNamedOnce fails when an item of the status line says its
// label twice, as "Fáze Fáze akcí" or "Phase Main phase 1" did: a phase
// whose name holds the word needs no label before it.
func checkPhaseNamedOnce(t *testing.T, tab context.Context, name string) {
	t.Helper()
	items := evalJS[[]string](t, tab, `[...document.querySelectorAll("#status .status > span:not(.note)")].map((s) => s.textContent)`)
	for _, item := range items {
		words := strings.Fields(strings.ToLower(item))
		if len(words) > 1 && strings.Contains(strings.Join(words[1:], " "), words[0]) {
			t.Errorf("%s says %q in its status line, a word twice", name, item)
		}
	}
}

// publicHandCards are the ids of the cards in hands that a spectator's
// state shows face up.
func publicHandCards(st StateMsg) map[string]bool {
	out := map[string]bool{}
	for _, p := range st.View.Players {
		for _, c := range p.Zone("hand").Cards {
			if !c.Hidden && c.ID >= 0 {
				out[strconv.Itoa(c.ID)] = true
			}
		}
	}
	return out
}

// checkOpponentsKnownHand opens the hand of each opponent drawn at the
// top whose hand holds cards everyone saw, and finds each of them named.
func checkOpponentsKnownHand(t *testing.T, tab context.Context, name string, st StateMsg) {
	t.Helper()
	for _, p := range st.View.Players {
		var known []string
		for _, c := range p.Zone("hand").Cards {
			if c.Name != "" {
				known = append(known, c.Name)
			}
		}
		chip := fmt.Sprintf(`#table .player.opponent[data-seat=%q] .pile[data-zone=hand]`, p.Seat.String())
		if len(known) == 0 || evalJS[int](t, tab, `document.querySelectorAll(`+strconv.Quote(chip)+`).length`) == 0 {
			continue
		}
		listed := evalJS[string](t, tab, `(() => { const c = document.querySelector(`+strconv.Quote(chip)+`);
			c.closest("details").open = true; c.click(); return document.querySelector("#menu").textContent; })()`)
		for _, k := range known {
			if !strings.Contains(listed, k) {
				t.Errorf("%s: the hand of %s opens to %q, without %s, which everyone saw taken", name, p.Seat, listed, k)
			}
		}
		_ = evalJS[int](t, tab, `(() => { document.querySelector("#menu").hidden = true; return 0; })()`)
	}
}
