package server

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kartenwerk/engine"
	"kartenwerk/internal/browsertest"
)

// evalJS runs script in the tab and fails the test on an error.
func evalJS[T any](t *testing.T, ctx context.Context, script string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](script))
	if err != nil {
		t.Fatalf("%s: %v", script, err)
	}
	return v
}

// openPage navigates to url and waits (as long as a loaded machine takes)
// until sel is on the page.
func openPage(t *testing.T, ctx context.Context, url, sel string) {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, 45*time.Second)
	defer cancel()
	if err := chromedp.Do(sctx, chromedp.Navigate(url), chromedp.WaitReady(sel)); err != nil {
		t.Fatalf("opening %s and waiting for %s: %v", url, sel, err)
	}
}

// A finished game has no active seat and no one to decide: the view says
// "nobody", which the status line must not draw as a seat.
func TestBrowserFinishedZynalithTableNamesNoSeatForNobody(t *testing.T) {
	e := newEnv(t)
	resp := e.create(CreateRequest{Game: "zynalith", Seats: []SeatRequest{{Kind: KindAI, Agent: "random"}, {Kind: KindAI, Agent: "random"}}})
	if !poll(90*time.Second, func() bool { return e.state(resp.ID, "").Finished }) {
		t.Fatal("the AIs did not finish the game")
	}
	if v := e.state(resp.ID, "").View; v.Active != engine.NoSeat || v.ToMove != engine.NoSeat {
		t.Fatalf("the finished view: active %v, to move %v; the test needs nobody for both", v.Active, v.ToMove)
	}
	ctx := newBrowser(t)
	openPage(t, ctx, e.http.URL+"/play/"+resp.ID, "#status .status")
	waitKW(t, ctx, "the finished table", func(k kwState) bool { return k.Finished })
	type status struct {
		Text           string
		Active, Over   bool
		Decision       bool
		SpectatorInLog bool
	}
	s := evalJS[status](t, ctx, `({Text: document.querySelector("#status").textContent,
		Active: !!document.querySelector("#status [data-k=active]"),
		Over: !!document.querySelector("#status [data-k=over]"),
		Decision: !!document.querySelector("#status [data-k=decision]"),
		SpectatorInLog: /spectator/i.test(document.querySelector("#log").textContent)})`)
	if strings.Contains(strings.ToLower(s.Text), "spectator") || s.Active || s.Decision || !s.Over || s.SpectatorInLog {
		t.Errorf("the finished table's status line reads %q (active shown %v, decision shown %v, game over shown %v, spectator in the log %v)",
			s.Text, s.Active, s.Decision, s.Over, s.SpectatorInLog)
	}
}

// MystiMons gives a player a "pool" total and "pool.<element>" counts
// (MM-4.2): one chip, not two "pool 0" chips. Its prompts cite rules
// (MM-3.5), drawn as tags with a tooltip rather than words of the sentence.
func TestBrowserMystiMonsTableDrawsOnePoolChipAndRuleTags(t *testing.T) {
	e := newEnv(t)
	resp := e.create(CreateRequest{Game: "mystimons", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI, Agent: "random"}}})
	ctx := newBrowser(t)
	openPage(t, ctx, e.http.URL+resp.Play, "body.play")
	waitMyTurn(t, ctx)
	type table struct {
		Players, PoolChips int
		Chips              []string
		Prompt             string
		Tags               []string
		Titles             []string
	}
	got := evalJS[table](t, ctx, `(() => {
		const tags = [...document.querySelectorAll("#prompt p abbr.rule")];
		return {Players: document.querySelectorAll("#table .player").length,
			PoolChips: document.querySelectorAll("#table .player [data-counter=pool]").length,
			Chips: [...document.querySelectorAll("#table .player .chip")].map((c) => c.textContent),
			Prompt: document.querySelector("#prompt p").textContent,
			Tags: tags.map((a) => a.textContent), Titles: tags.map((a) => a.title)};
	})()`)
	if got.Players != 2 || got.PoolChips != 2 {
		t.Errorf("%d pool chips for %d players, want one each: %q", got.PoolChips, got.Players, got.Chips)
	}
	if len(got.Tags) == 0 || strings.Contains(got.Prompt, "(MM-") || !strings.Contains(got.Titles[0], "MystiMons") {
		t.Errorf("the prompt %q: rule tags %q with tooltips %q, want the rule ids as tags naming the game", got.Prompt, got.Tags, got.Titles)
	}
}

// The lobby lists the games this browser holds a seat in, with a link
// back to the seat, and forgets a game the server no longer knows or
// that the kept token holds no seat of.
func TestBrowserLobbyListsMyGames(t *testing.T) {
	e := newEnv(t)
	ctx := newBrowser(t)
	lobbyStart(t, ctx, e.http.URL, "mysticelements")
	id := evalJS[string](t, ctx, `location.pathname.split("/").pop()`)
	// A game the server never knew, and a game whose token holds no seat.
	gone, notMine := "00000000deadbeef", e.create(friendGame("trick")).ID
	evalJS[bool](t, ctx, fmt.Sprintf(`(() => {
		const seats = JSON.parse(localStorage.getItem("kartenwerk.seats"));
		seats.push({id: %q, token: "0123", at: 1}, {id: %q, token: "0123", at: 2});
		localStorage.setItem("kartenwerk.seats", JSON.stringify(seats));
		return true;
	})()`, gone, notMine))
	openPage(t, ctx, e.http.URL+"/", fmt.Sprintf("#mine li[data-game=%q] a", id))
	type row struct {
		Text, Href string
		Rows       int
		Kept       string
	}
	var r row
	if !poll(45*time.Second, func() bool {
		r = evalJS[row](t, ctx, fmt.Sprintf(`(() => {
			const li = document.querySelector('#mine li[data-game=%q]');
			return {Text: li.textContent, Href: li.querySelector("a").href, Rows: document.querySelectorAll("#mine li").length,
				Kept: localStorage.getItem("kartenwerk.seats")};
		})()`, id))
		return r.Rows == 1 && !strings.Contains(r.Kept, gone) && !strings.Contains(r.Kept, notMine)
	}) {
		t.Fatalf("My games shows %d rows (want 1), keeps %s", r.Rows, r.Kept)
	}
	if !strings.Contains(r.Text, "Mystic Elements") || !strings.Contains(r.Text, "you (Player 1) against Player 2 AI easy (often careless)") {
		t.Errorf("My games row %q: want the game's name and the opponent", r.Text)
	}
	openPage(t, ctx, r.Href, "body.play")
	if k := waitTable(t, ctx, 0); k.Viewer != "p1" {
		t.Errorf("the My games link opened the table as %q, want the seat p1", k.Viewer)
	}
}

// TestBrowserLobbyShowsANewGameAfterOneRequest: starting a game asks the
// server for the new game's row of "My games" alone, not again for every
// game the browser remembers (up to fifty), which kept the new game's
// links waiting for the slowest of them. The new game's row stands on top.
func TestBrowserLobbyShowsANewGameAfterOneRequest(t *testing.T) {
	e := newEnv(t)
	ctx := newBrowser(t)
	const kept = 12
	var seats []string
	for i := range kept {
		r := e.create(friendGame("trick"))
		seats = append(seats, fmt.Sprintf(`{"id":%q,"token":%q,"at":%d}`, r.ID, r.Token, i))
	}
	openPage(t, ctx, e.http.URL+"/", "#seats .seat")
	evalJS[bool](t, ctx, fmt.Sprintf(`(localStorage.setItem("kartenwerk.seats", %q), true)`, "["+strings.Join(seats, ",")+"]"))
	openPage(t, ctx, e.http.URL+"/", fmt.Sprintf(`#mine li:nth-child(%d) a`, kept))
	type after struct {
		Asked   []string
		TopGame string
		Rows    int
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[after](`new Promise((done) => {
		performance.clearResourceTimings();
		document.querySelector("#create").click();
		const wait = setInterval(() => {
			if (document.querySelector("#created").hidden) return;
			clearInterval(wait);
			const asked = performance.getEntriesByType("resource").map((r) => new URL(r.name).pathname).filter((p) => /^\/api\/games\/[^/]+$/.test(p));
			const rows = document.querySelectorAll("#mine li");
			done({Asked: asked, TopGame: rows[0].dataset.game, Rows: rows.length});
		}, 20);
	})`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("starting a game from the lobby: %v", err)
	}
	newID := strings.TrimPrefix(evalJS[string](t, ctx, `new URL(document.querySelector("#go").href).pathname`), "/play/")
	if len(got.Asked) != 1 || got.Asked[0] != "/api/games/"+newID {
		t.Errorf("before the new game's links showed, the lobby asked for %q, want only the new game %s", got.Asked, newID)
	}
	if got.TopGame != newID || got.Rows != kept+1 {
		t.Errorf("My games: %d rows with %s on top, want %d with the new game %s on top", got.Rows, got.TopGame, kept+1, newID)
	}
}

// An Athernum item shows only as a tab under its character: when its
// effect has resolved and its owner is asked to keep or discard it
// (AT-5.24), the prompt offers both as buttons, where on a phone the
// only place to answer was that tab, a line of 9 px type cut at the
// card's edge; the tab stays highlighted, and every tab shows its item's
// whole name, on two lines where it must. The answer given there is
// played.
func TestBrowserItemToKeepIsAskedInThePrompt(t *testing.T) {
	e := newTunedEnv(t, func(c *Config) { c.Rate, c.Burst = 1e6, 1e6 }) // random play over HTTP, faster than a person
	id, token, labels := e.itemToKeep(rand.New(rand.NewPCG(9, 9)))
	tab := browsertest.NewWithin(t, 2*time.Minute)
	if err := chromedp.Do(tab, chromedp.EmulateViewport(390, 844), chromedp.Navigate(e.http.URL+"/play/"+id+"?token="+token)); err != nil {
		t.Fatal(err)
	}
	before := waitMyTurn(t, tab)
	type asked struct {
		Buttons []string
		Tabs    int
		Cut     []string // tabs whose name does not show whole
	}
	got := evalJS[asked](t, tab, `({Buttons: [...document.querySelectorAll("#prompt button.act:not(.concede)")].map((b) => b.textContent),
		Tabs: document.querySelectorAll("#table .card-tab.playable").length,
		Cut: [...document.querySelectorAll("#table .card-tab")].filter((e) => {
			const r = e.getBoundingClientRect(), card = e.closest(".card").getBoundingClientRect();
			return e.scrollWidth > e.clientWidth + 1 || r.left < card.left - 1 || r.right > card.right + 1;
		}).map((e) => e.dataset.name + " (" + e.textContent + ")")})`)
	browsertest.Screenshot(t, tab, "athernum-item-to-keep")
	if !slices.Equal(got.Buttons, labels) || got.Tabs != 1 {
		t.Fatalf("asked to keep or discard an item: prompt buttons %q and %d highlighted tabs, want buttons %q and its tab", got.Buttons, got.Tabs, labels)
	}
	if len(got.Cut) > 0 {
		t.Errorf("at 390x844 these items' tabs cut their names at the card's edge: %q", got.Cut)
	}
	evalJS[bool](t, tab, `(document.querySelector("#prompt button.act:not(.concede):last-of-type").click(), true)`)
	waitKW(t, tab, "the item's answer played", func(k kwState) bool { return k.Version > before.Version })
}

// itemToKeep plays random two-seat Athernum games over HTTP until a seat
// is asked to keep or discard an item (one game in three or so), and
// returns the game, that seat's token and the labels of its two answers.
func (e *testEnv) itemToKeep(rng *rand.Rand) (id, token string, labels []string) {
	e.t.Helper()
	for range 30 {
		resp := e.create(friendGame("athernum"))
		tokens := []string{resp.Token, tokenOfSeat(resp, 1)}
		for range 1500 {
			for _, tok := range tokens {
				m := e.state(resp.ID, tok)
				var item []string
				for _, a := range m.Legal {
					if strings.HasPrefix(a.Action, "item ") {
						item = append(item, a.Label)
					}
				}
				if len(item) > 0 && len(item) == len(m.Legal) {
					return resp.ID, tok, item
				}
			}
			if !e.playSomeone(resp.ID, tokens, rng) {
				break
			}
		}
	}
	e.t.Fatal("no seat was asked to keep or discard an item in 30 random games")
	return "", "", nil
}
