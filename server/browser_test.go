package server

import (
	"context"
	"encoding/json"
	"fmt"
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

// autoplayJS clicks through the table as a player would: a highlighted
// card or card tab (then one of the actions its menu offers: an
// Athernum item's "keep it or discard it" is asked on its tab under its
// host, where a page that looked at whole cards only waited for ever) or
// a prompt button, chosen at random, waiting after each click for the
// server's answer. It stops at the result screen, after max clicks, once
// the game has reached version until, or when its time (ms) is up, and
// returns what it did, with what it was waiting for if its time ran out.
// With window.kwKeepSnaps set, each click leaves a snapshot of the
// table's HTML with its version.
// A click's answer may take long on a loaded machine: only a page that
// shows no answer for 30 s fails.
const autoplayJS = `(async (max, seed, until, ms) => {
  let r = seed;
  const rand = (n) => { r = (r * 1103515245 + 12345) % 2147483648; return r % n; };
  const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
  window.kwSnaps = window.kwSnaps || [];
  let clicks = 0, sent = 0;
  // What the page has been waiting for, at which version, since when.
  let waiting = "", waitedAt = -1, waitFrom = 0;
  const deadline = Date.now() + ms;
  while (clicks < max && Date.now() < deadline && window.kw.version < until) {
    const box = document.querySelector("#result-box");
    if (box && !document.querySelector("#result").hidden) return {clicks, result: box.querySelector("h2").textContent, version: window.kw.version};
    const kw = window.kw;
    const choices = [...document.querySelectorAll("#prompt button.act:not(.concede)"), ...document.querySelectorAll("#table .playable")];
    if (!kw.connected || kw.legal === 0 || choices.length === 0) {
      const why = !kw.connected ? "the table to connect" : kw.legal === 0 ? "the other seats to move" : kw.legal + " legal actions to show a choice";
      if (why !== waiting || kw.version !== waitedAt) { waiting = why; waitedAt = kw.version; waitFrom = Date.now(); }
      await sleep(15);
      continue;
    }
    waiting = "";
    // No faster than a person: the server allows 20 messages a second, so
    // a click comes at least 52 ms after the one before, however soon its
    // answer came (then the table is looked at again).
    const gap = sent + 52 - Date.now();
    if (gap > 0) { await sleep(gap); continue; }
    // A test may look at each decision first, and stop the play.
    if (window.kwBeforeClick && window.kwBeforeClick()) return {clicks, result: "", version: kw.version, stopped: true};
    const v = kw.version;
    const c = choices[rand(choices.length)];
    sent = Date.now();
    c.click();
    if (!c.matches("#prompt *")) {
      const acts = [...document.querySelectorAll("#menu button.act:not(.concede)")];
      if (!acts.length) throw new Error("a highlighted card offered no action: " + c.textContent);
      acts[rand(acts.length)].click();
    }
    clicks++;
    const t0 = Date.now();
    while (window.kw.version === v && Date.now() - t0 < 30000) {
      if (window.kw.errors.length) throw new Error("the server refused a click: " + window.kw.errors.join("; "));
      await sleep(10);
    }
    if (window.kw.version === v) throw new Error("no answer after clicking " + c.textContent);
    if (window.kwKeepSnaps) window.kwSnaps.push({version: window.kw.version, html: document.body.innerHTML});
  }
  const waited = waiting && (waiting + " at version " + waitedAt + " for " + Math.round((Date.now() - waitFrom) / 1000) + " s: " + (document.querySelector("#prompt")?.textContent || "").trim().slice(0, 200));
  return {clicks, result: "", version: window.kw.version, waited};
})`

type autoplayResult struct {
	Clicks  int    `json:"clicks"`
	Result  string `json:"result"`
	Version int    `json:"version"`
	Stopped bool   `json:"stopped"`
	// Waited says what the page was waiting for when its time ran out.
	Waited string `json:"waited"`
}

// waited is ", waiting for ..." when the page's time ran out while it
// waited, for a test's message; else "".
func (r autoplayResult) waited() string {
	if r.Waited == "" {
		return ""
	}
	return ", waiting for " + r.Waited
}

func autoplay(t *testing.T, ctx context.Context, max, seed int) autoplayResult {
	t.Helper()
	return autoplayUntil(t, ctx, max, seed, 1<<30)
}

func autoplayUntil(t *testing.T, ctx context.Context, max, seed, until int) autoplayResult {
	t.Helper()
	r, err := runAutoplay(ctx, max, seed, until)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func runAutoplay(ctx context.Context, max, seed, until int) (autoplayResult, error) {
	// The page stops playing 10 s before the browser's time is up, so a
	// slow game ends in a result to check, not in a dead browser.
	budget := 100 * time.Second
	if dl, ok := ctx.Deadline(); ok {
		budget = time.Until(dl) - 10*time.Second
	}
	js := fmt.Sprintf("%s(%d, %d, %d, %d)", autoplayJS, max, seed, until, budget.Milliseconds())
	r, err := chromedp.Run(ctx, chromedp.Evaluate[autoplayResult](js, chromedp.EvalAwaitPromise))
	if err != nil {
		return r, fmt.Errorf("playing through the page: %w", err)
	}
	return r, nil
}

// newBrowser starts headless Chromium, so that tabs opened from it share
// one browser.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	return newBrowserWithin(t, 2*time.Minute)
}

// newBrowserWithin is newBrowser for a browser that lives at most life.
func newBrowserWithin(t *testing.T, life time.Duration) context.Context {
	t.Helper()
	ctx := browsertest.NewWithin(t, life)
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	return ctx
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
	return waitKW(t, ctx, fmt.Sprintf("the table connected at version %d", v), func(k kwState) bool { return k.Connected && k.Version >= v })
}

// waitMyTurn waits until the table's player is to decide: the AI seats
// have moved, so the table stays at its version until the player acts.
func waitMyTurn(t *testing.T, ctx context.Context) kwState {
	t.Helper()
	return waitKW(t, ctx, "the player's turn", func(k kwState) bool { return k.Connected && (k.Legal > 0 || k.Finished) })
}

// waitKW polls the table's window.kw until ok holds; a loaded machine
// gets 45 s.
func waitKW(t *testing.T, ctx context.Context, what string, ok func(kwState) bool) kwState {
	t.Helper()
	var k kwState
	var err error
	if !poll(45*time.Second, func() bool {
		k, err = chromedp.Run(ctx, chromedp.Evaluate[kwState](`window.kw || {}`))
		return err == nil && ok(k)
	}) {
		page, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href + " (" + document.title + ")"`))
		t.Fatalf("timed out waiting for %s on %s: %+v %v", what, page, k, err)
	}
	return k
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
		a.value = "easy";
		a.dispatchEvent(new Event("change"));
		// Random clicks now and then make a very long game where the rules
		// set no end (Athernum: 0.7%% of random games reach turn 200).
		const limit = document.querySelector('#variants select[data-variant="turn-limit"]');
		if (limit) limit.value = "40";
	})()`, game)
	steps := []struct {
		what string
		do   chromedp.Action[chromedp.Void]
	}{
		{"open the lobby", chromedp.Navigate(base + "/")},
		{"wait for the seats", chromedp.WaitReady(`#seats .seat[data-seat="1"] .agent`)},
		{"choose the game", chromedp.Evaluate[chromedp.Void](pick)},
		{"start the game", chromedp.Click("#create")},
		{"wait for the table link", chromedp.WaitVisible("#go")},
		{"read the links without a stray null", chromedp.Evaluate[chromedp.Void](`(() => {
			const said = document.querySelector("#created").textContent;
			if (/null|undefined/.test(said)) throw new Error("the lobby shows " + said);
		})()`)},
		{"go to the table", chromedp.Evaluate[chromedp.Void](`location.assign(document.querySelector("#go").href)`)},
		{"wait for the table page", chromedp.WaitReady("body.play")},
		{"wait for the prompt", chromedp.WaitReady("#prompt p")},
	}
	for _, s := range steps {
		sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		err := chromedp.Do(sctx, s.do)
		cancel()
		if err != nil {
			errs, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#errors") ? document.querySelector("#errors").textContent : document.title`))
			t.Fatalf("starting %s from the lobby: %s: %v (page says %q)", game, s.what, err, errs)
		}
	}
}

func TestBrowserPlaysEveryGameAgainstAnAI(t *testing.T) {
	e := newEnv(t)
	for i, g := range engine.Games() {
		if g.Info().MinSeats > 2 {
			continue
		}
		lang := pageLangs[i%len(pageLangs)]
		t.Run(g.Info().ID+"-"+lang, func(t *testing.T) {
			t.Parallel() // most of a game's time is spent waiting for the server
			// A browser each, for four minutes: a game of random clicks can
			// be long (an Athernum game of 2,703 actions was not over after
			// 110 s while other packages' tests ran).
			tab := newBrowserWithin(t, 4*time.Minute)
			useLang(t, tab, e.http.URL, lang)
			lobbyStart(t, tab, e.http.URL, g.Info().ID)
			waitTable(t, tab, 0)
			r := autoplay(t, tab, 4000, 7)
			if r.Result == "" {
				t.Fatalf("no result screen after %d clicks (version %d)%s", r.Clicks, r.Version, r.waited())
			}
			t.Logf("%s: %d clicks, %d actions: %s", g.Info().ID, r.Clicks, r.Version, r.Result)
			k := readKW(t, tab)
			if !k.Finished {
				t.Error("the result screen shows but the table is not finished")
			}
		})
	}
}

// hiddenAt replays a game's record and returns, for each version, the
// card ids in seat's opponents' hands and those cards' names that seat
// cannot see anywhere at that moment.
func hiddenAt(t *testing.T, e *testEnv, id string, seat engine.Seat) (ids []map[int]bool, names []map[string]bool) {
	t.Helper()
	g, err := e.store.LoadGame(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	game, _ := engine.Lookup(g.Setup.Game)
	st, err := game.New(g.Setup)
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; ; k++ {
		visible := map[string]bool{}
		st.View(seat).Walk(func(_ engine.Seat, _ string, c *engine.CardView) { visible[c.Name] = true })
		hid, hidNames := map[int]bool{}, map[string]bool{}
		for _, p := range st.View(engine.Omniscient).Players {
			if p.Seat == seat {
				continue
			}
			for _, c := range p.Zone("hand").Cards {
				hid[c.ID] = true
				if !visible[c.Name] && !nameInside(c.Name, visible) {
					hidNames[c.Name] = true
				}
			}
		}
		ids, names = append(ids, hid), append(names, hidNames)
		if k == len(g.Actions) {
			return ids, names
		}
		a, _ := game.Info().Actions.Parse(g.Actions[k])
		if err := st.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
}

// nameInside reports whether name is part of a visible card's name.
func nameInside(name string, visible map[string]bool) bool {
	for v := range visible {
		if strings.Contains(v, name) {
			return true
		}
	}
	return false
}

// frameLeaks checks one state message for the opponents' hand cards: its
// text, and its view as views rebuilds it from the messages in turn.
func frameLeaks(frame string, views *viewFollower, ids []map[int]bool, names []map[string]bool) string {
	var raw map[string]any
	if err := json.Unmarshal([]byte(frame), &raw); err != nil || raw["type"] != "state" {
		return ""
	}
	if err := views.follow(raw); err != nil {
		return err.Error()
	}
	var m StateMsg
	if b, err := json.Marshal(raw); err != nil || json.Unmarshal(b, &m) != nil {
		return fmt.Sprintf("frame %.200s does not read as a state message", frame)
	}
	if m.Version >= len(ids) {
		return fmt.Sprintf("frame at version %d is beyond the record", m.Version)
	}
	leak := ""
	m.View.Walk(func(_ engine.Seat, zone string, c *engine.CardView) {
		if ids[m.Version][c.ID] {
			leak = fmt.Sprintf("version %d: the frame shows card c%d (%s) from an opponent's hand", m.Version, c.ID, c.Name)
		}
	})
	for n := range names[m.Version] {
		if strings.Contains(frame, n) {
			leak = fmt.Sprintf("version %d: the frame names %q, in an opponent's hand", m.Version, n)
		}
	}
	return leak
}

// htmlLeaks checks a snapshot of the page the same way, reading card
// names without the soft hyphens the page puts in long ones.
func htmlLeaks(version int, html string, ids []map[int]bool, names []map[string]bool) string {
	html = strings.NewReplacer("\u00AD", "", "&shy;", "").Replace(html)
	for id := range ids[version] {
		if strings.Contains(html, fmt.Sprintf(`data-id="%d"`, id)) {
			return fmt.Sprintf("version %d: the page shows card c%d from an opponent's hand", version, id)
		}
	}
	for n := range names[version] {
		if strings.Contains(html, n) {
			return fmt.Sprintf("version %d: the page names %q, in an opponent's hand", version, n)
		}
	}
	return ""
}

// recordFrames collects the text of every WebSocket message a tab receives.
func recordFrames(t *testing.T, ctx context.Context) func() []string {
	var mu sync.Mutex
	var frames []string
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	err := chromedp.Listen(ctx, func(ev any) {
		if f, ok := ev.(*network.EventWebSocketFrameReceived); ok && f.Response != nil {
			mu.Lock()
			frames = append(frames, string(f.Response.PayloadData))
			mu.Unlock()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), frames...)
	}
}

type snapshot struct {
	Version int    `json:"version"`
	HTML    string `json:"html"`
}

func TestBrowserFriendGameNeverShowsTheOtherHand(t *testing.T) {
	ctx := newBrowser(t)
	e := newEnv(t)
	resp := e.create(friendGame("mysticelements"))
	tabs := make([]context.Context, 2)
	frames := make([]func() []string, 2)
	for i := range tabs {
		tab, cancel := chromedp.NewContext(ctx)
		defer cancel()
		tabs[i] = tab
		frames[i] = recordFrames(t, tab)
		useLang(t, tab, e.http.URL, pageLangs[i])
		link := e.http.URL + "/play/" + resp.ID + "?token=" + tokenOfSeat(resp, engine.Seat(i))
		if err := chromedp.Do(tab, chromedp.Navigate(link)); err != nil {
			t.Fatal(err)
		}
		waitTable(t, tab, 0)
		evalJS[bool](t, tab, `window.kwKeepSnaps = true`)
	}
	var wg sync.WaitGroup
	for i, tab := range tabs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := runAutoplay(tab, 1000, 11+i, 80); err != nil {
				t.Errorf("p%d: %v", i+1, err)
			}
		}()
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	for i, tab := range tabs {
		seat := engine.Seat(i)
		ids, names := hiddenAt(t, e, resp.ID, seat)
		got := frames[i]()
		if len(got) < 10 {
			t.Fatalf("%v's tab received only %d WebSocket messages", seat, len(got))
		}
		var views viewFollower
		for _, f := range got {
			if leak := frameLeaks(f, &views, ids, names); leak != "" {
				t.Fatalf("%v's WebSocket traffic: %s", seat, leak)
			}
		}
		snaps, err := chromedp.Run(tab, chromedp.Evaluate[[]snapshot](`window.kwSnaps || []`))
		if err != nil {
			t.Fatal(err)
		}
		if len(snaps) == 0 {
			t.Fatalf("%v's tab took no snapshots", seat)
		}
		for _, s := range snaps {
			if leak := htmlLeaks(s.Version, s.HTML, ids, names); leak != "" {
				t.Fatalf("%v's page: %s", seat, leak)
			}
		}
		t.Logf("%v: %d frames and %d page snapshots checked", seat, len(got), len(snaps))
	}
}

func TestBrowserReconnectsToTheSameSeat(t *testing.T) {
	ctx := newBrowser(t)
	e := newEnv(t)
	resp := e.create(CreateRequest{Game: "mysticelements", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI, Agent: "random"}}})
	link := e.http.URL + "/play/" + resp.ID + "?token=" + resp.Token
	useLang(t, ctx, e.http.URL, "cs")
	if err := chromedp.Do(ctx, chromedp.Navigate(link)); err != nil {
		t.Fatal(err)
	}
	waitTable(t, ctx, 0)
	autoplay(t, ctx, 12, 5)
	handJS := `[...document.querySelectorAll("#table [data-zone=hand] .card")].map(c => c.dataset.id).join(",")`
	before := waitMyTurn(t, ctx)
	hand, _ := chromedp.Run(ctx, chromedp.Evaluate[string](handJS))
	// The network drops: the page reconnects by itself.
	e.srv.DropClients()
	after := waitTable(t, ctx, before.Version)
	if after.Version != before.Version || after.Viewer != "p1" {
		t.Fatalf("after a dropped connection: %+v, before %+v", after, before)
	}
	// The tab is closed and the link opened again.
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	if err := chromedp.Do(tab, chromedp.Navigate(link)); err != nil {
		t.Fatal(err)
	}
	again := waitTable(t, tab, before.Version)
	hand2, _ := chromedp.Run(tab, chromedp.Evaluate[string](handJS))
	if again.Version != before.Version || again.Viewer != "p1" || hand2 != hand {
		t.Fatalf("a new tab: %+v hand %q, before %+v hand %q", again, hand2, before, hand)
	}
	if r := autoplay(t, tab, 4000, 9); r.Result == "" {
		t.Fatalf("the game did not reach its end after reconnecting (%d clicks)%s", r.Clicks, r.waited())
	}
}

func TestBrowserSurvivesAServerRestart(t *testing.T) {
	ctx := newBrowser(t)
	e := newEnv(t)
	resp := e.create(CreateRequest{Game: "mysticelements", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI, Agent: "random"}}})
	useLang(t, ctx, e.http.URL, "de")
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+"/play/"+resp.ID+"?token="+resp.Token)); err != nil {
		t.Fatal(err)
	}
	waitTable(t, ctx, 0)
	autoplay(t, ctx, 15, 3)
	before := waitMyTurn(t, ctx)
	e.restart()
	after := waitTable(t, ctx, before.Version)
	if after.Version != before.Version {
		t.Fatalf("after the restart the table is at version %d, before it was %d", after.Version, before.Version)
	}
	if r := autoplay(t, ctx, 4000, 4); r.Result == "" {
		t.Fatalf("the game did not reach its end after the restart (%d clicks)%s", r.Clicks, r.waited())
	}
	g, err := e.store.LoadGame(context.Background(), resp.ID)
	if err != nil || !g.Finished || len(g.Actions) < before.Version {
		t.Fatalf("stored game after the restart: finished %v, %d actions, %v", g.Finished, len(g.Actions), err)
	}
}

func TestLeakCheckCatchesAShownHand(t *testing.T) {
	e := newEnv(t)
	resp := e.create(friendGame("trick"))
	ids, names := hiddenAt(t, e, resp.ID, 0)
	s, err := e.srv.session(context.Background(), resp.ID)
	if err != nil {
		t.Fatal(err)
	}
	m := s.stateLocked([]engine.Seat{0}, i18n.EN)
	m.View = s.state.View(engine.Omniscient)
	frame, _ := json.Marshal(m)
	if frameLeaks(string(frame), &viewFollower{}, ids, names) == "" {
		t.Error("a frame with every hand in it passed the leak check")
	}
	if htmlLeaks(0, `<div class="card" data-id="12">`, ids, names) == "" && ids[0][12] {
		t.Error("a page with an opponent's card passed the leak check")
	}
}

type replayState struct {
	Step   int    `json:"step"`
	Steps  int    `json:"steps"`
	Viewer string `json:"viewer"`
	Loads  int    `json:"loads"`
}

func TestBrowserRematchAndReplay(t *testing.T) {
	ctx := newBrowser(t)
	e := newEnv(t)
	resp := e.create(CreateRequest{Game: "trick", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI, Agent: "random"}}})
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+resp.Play)); err != nil {
		t.Fatal(err)
	}
	waitTable(t, ctx, 0)
	if r := autoplay(t, ctx, 100, 1); r.Result == "" {
		t.Fatalf("no result screen%s", r.waited())
	}
	// Rematch: a new game at version 0, for the same seat.
	if err := chromedp.Do(ctx, chromedp.Click("#rematch")); err != nil {
		t.Fatal(err)
	}
	if !poll(45*time.Second, func() bool {
		url, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.pathname`))
		return url != "/play/"+resp.ID && strings.HasPrefix(url, "/play/")
	}) {
		t.Fatal("the rematch button did not open a new table")
	}
	if k := waitTable(t, ctx, 0); k.Version != 0 && k.Viewer != "p1" {
		t.Errorf("the rematch table: %+v", k)
	}
	// The replay of the first game: step forward and back, as p1 and p2.
	step := func(sel string, want int) {
		t.Helper()
		replayDo(t, ctx, fmt.Sprintf("clicking %s for step %d", sel, want), func(r replayState) bool { return r.Step == want && r.Steps == 18 }, chromedp.Click(sel))
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(e.http.URL+"/replay/"+resp.ID), chromedp.WaitVisible("#table .player")); err != nil {
		t.Fatal(err)
	}
	step("#next", 1)
	step("#next", 2)
	step("#prev", 1)
	step("#last", 18)
	step("#first", 0)
	hands := `[...document.querySelectorAll("[data-zone=hand] .card[data-id]")].length`
	for _, c := range []struct {
		seat, viewer string
		want         int
	}{{"spectator", "nobody", 0}, {"p1", "p1", 3}, {"p2", "p2", 3}} {
		// SetValue fires the select's change event, as a person's choice does.
		replayDo(t, ctx, "viewing as "+c.seat, func(r replayState) bool { return r.Viewer == c.viewer }, chromedp.SetValue("#seat", c.seat))
		if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](hands)); n != c.want {
			t.Errorf("the replay as %s shows %d hand cards, want %d", c.seat, n, c.want)
		}
	}
}

// replayDo does something on the replay page and waits until the page has
// drawn what it asked for: a new drawing (window.kw.loads counts them) for
// which drawn holds, as long as a loaded machine takes.
func replayDo(t *testing.T, ctx context.Context, what string, drawn func(replayState) bool, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	before, err := chromedp.Run(ctx, chromedp.Evaluate[replayState](`window.kw`))
	if err == nil {
		err = chromedp.Do(ctx, actions...)
	}
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	var r replayState
	if !poll(45*time.Second, func() bool {
		r, err = chromedp.Run(ctx, chromedp.Evaluate[replayState](`window.kw`))
		return err == nil && r.Loads > before.Loads && drawn(r)
	}) {
		t.Fatalf("%s: the replay shows %+v (%v)", what, r, err)
	}
}

func TestBrowserTableFitsAPhone(t *testing.T) {
	ctx := newBrowser(t)
	e := newEnv(t)
	for _, game := range []string{"mysticelements", "zynalith"} {
		if _, err := engine.Lookup(game); err != nil {
			continue
		}
		resp := e.create(CreateRequest{Game: game, Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI, Agent: "random"}}})
		err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844), chromedp.Navigate(e.http.URL+resp.Play))
		if err != nil {
			t.Fatal(err)
		}
		waitTable(t, ctx, 0)
		type fit struct {
			Width, Scroll int
			PromptTop     float64
		}
		f, err := chromedp.Run(ctx, chromedp.Evaluate[fit](`({Width: innerWidth, Scroll: document.documentElement.scrollWidth,
			PromptTop: document.querySelector("#prompt").getBoundingClientRect().top})`))
		if err != nil {
			t.Fatal(err)
		}
		if f.Scroll > f.Width || f.PromptTop > 844 {
			t.Errorf("%s at phone width: page %dpx wide in a %dpx screen, prompt at %.0fpx", game, f.Scroll, f.Width, f.PromptTop)
		}
	}
}
