package server

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kartenwerk/engine"
	"kartenwerk/internal/browsertest"
)

// autoplayJS clicks through the table as a player would: a highlighted
// card (then one of the actions its menu offers) or a prompt button,
// chosen at random, waiting after each click for the server's answer.
// It stops at the result screen or after max clicks, and returns what it
// did. Each click leaves a snapshot of the table's HTML with its version.
const autoplayJS = `(async (max, seed) => {
  let r = seed;
  const rand = (n) => { r = (r * 1103515245 + 12345) % 2147483648; return r % n; };
  const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
  window.kwSnaps = window.kwSnaps || [];
  let clicks = 0;
  const deadline = Date.now() + 150000;
  while (clicks < max && Date.now() < deadline) {
    const box = document.querySelector("#result-box");
    if (box && !document.querySelector("#result").hidden) return {clicks, result: box.querySelector("h2").textContent, version: window.kw.version};
    const kw = window.kw;
    const choices = [...document.querySelectorAll("#prompt button.act"), ...document.querySelectorAll("#table .card.playable")];
    if (!kw.connected || kw.legal === 0 || choices.length === 0) { await sleep(15); continue; }
    const v = kw.version;
    const c = choices[rand(choices.length)];
    c.click();
    if (c.classList.contains("card")) {
      const acts = [...document.querySelectorAll("#menu button.act")];
      if (!acts.length) throw new Error("a highlighted card offered no action: " + c.textContent);
      acts[rand(acts.length)].click();
    }
    clicks++;
    const t0 = Date.now();
    while (window.kw.version === v && Date.now() - t0 < 8000) {
      if (window.kw.errors.length) throw new Error("the server refused a click: " + window.kw.errors.join("; "));
      await sleep(10);
    }
    if (window.kw.version === v) throw new Error("no answer after clicking " + c.textContent);
    window.kwSnaps.push({version: window.kw.version, html: document.body.innerHTML});
  }
  return {clicks, result: "", version: window.kw.version};
})`

type autoplayResult struct {
	Clicks  int    `json:"clicks"`
	Result  string `json:"result"`
	Version int    `json:"version"`
}

func autoplay(t *testing.T, ctx context.Context, max, seed int) autoplayResult {
	t.Helper()
	r, err := chromedp.Run(ctx, chromedp.Evaluate[autoplayResult](fmt.Sprintf("%s(%d, %d)", autoplayJS, max, seed), chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("playing through the page: %v", err)
	}
	return r
}

// kwState reads the table's window.kw.
type kwState struct {
	Version   int    `json:"version"`
	Legal     int    `json:"legal"`
	Finished  bool   `json:"finished"`
	Viewer    string `json:"viewer"`
	Connected bool   `json:"connected"`
}

func readKW(t *testing.T, ctx context.Context) kwState {
	t.Helper()
	k, err := chromedp.Run(ctx, chromedp.Evaluate[kwState](`window.kw`))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// waitTable waits until the table is connected and drawn at least at version v.
func waitTable(t *testing.T, ctx context.Context, v int) kwState {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		k, err := chromedp.Run(ctx, chromedp.Evaluate[kwState](`window.kw || {}`))
		if err == nil && k.Connected && k.Version >= v {
			return k
		}
		if time.Now().After(deadline) {
			t.Fatalf("the table did not connect at version %d: %+v %v", v, k, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// lobbyStart opens the lobby, picks the game with an AI opponent, starts
// it and goes to the table.
func lobbyStart(t *testing.T, ctx context.Context, base, game string) {
	t.Helper()
	pick := fmt.Sprintf(`(() => {
		const g = document.querySelector("#game");
		g.value = %q;
		g.dispatchEvent(new Event("change"));
		const a = document.querySelector('#seats .seat[data-seat="1"] .agent');
		a.value = "random";
		a.dispatchEvent(new Event("change"));
	})()`, game)
	err := chromedp.Do(ctx, chromedp.Navigate(base+"/"),
		chromedp.WaitReady(`#seats .seat[data-seat="1"] .agent`),
		chromedp.Evaluate[chromedp.Void](pick),
		chromedp.Click("#create"),
		chromedp.WaitVisible("#go"),
		chromedp.Click("#go"),
		chromedp.WaitVisible("#prompt p"))
	if err != nil {
		t.Fatalf("starting %s from the lobby: %v", game, err)
	}
}

func TestBrowserPlaysEveryGameAgainstAnAI(t *testing.T) {
	ctx := browsertest.New(t)
	e := newEnv(t)
	for _, g := range engine.Games() {
		if g.Info().MinSeats > 2 {
			continue
		}
		t.Run(g.Info().ID, func(t *testing.T) {
			tab, cancel := chromedp.NewContext(ctx)
			defer cancel()
			tab, cancelTime := context.WithTimeout(tab, 90*time.Second)
			defer cancelTime()
			lobbyStart(t, tab, e.http.URL, g.Info().ID)
			waitTable(t, tab, 0)
			r := autoplay(t, tab, 4000, 7)
			if r.Result == "" {
				t.Fatalf("no result screen after %d clicks (version %d)", r.Clicks, r.Version)
			}
			t.Logf("%s: %d clicks, %d actions: %s", g.Info().ID, r.Clicks, r.Version, r.Result)
			k := readKW(t, tab)
			if !k.Finished {
				t.Error("the result screen shows but the table is not finished")
			}
		})
	}
}
