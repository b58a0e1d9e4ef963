package server

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"kartenwerk/internal/browsertest"
	"kartenwerk/platform/companion"
)

// phone is a browser tab of its own storage (a browser context each, as
// two phones share nothing) at a phone's size, 390x844.
type phone struct {
	t    *testing.T
	ctx  context.Context
	name string
}

func newPhone(t *testing.T, browser context.Context, name string) *phone {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	return &phone{t: t, ctx: ctx, name: name}
}

// open loads a companion page and waits until its script drew it.
func (p *phone) open(url string) {
	p.t.Helper()
	openPage(p.t, p.ctx, url, "#c-main > *")
}

// js runs a script, failing the test on an error.
func (p *phone) js(script string) {
	p.t.Helper()
	if _, err := chromedp.Run(p.ctx, chromedp.Evaluate[any](script)); err != nil {
		p.t.Fatalf("%s: %s: %v", p.name, script, err)
	}
}

// click clicks the first element sel finds, waiting for it to be drawn.
func (p *phone) click(sel string) {
	p.t.Helper()
	p.wait("a "+sel+" to click", fmt.Sprintf(`!!document.querySelector(%q)`, sel))
	p.js(fmt.Sprintf(`document.querySelector(%q).click()`, sel))
}

// typeIn types text into an input as a person would. The page may draw
// itself anew while the keys go in (a snapshot arrives): the field is
// then emptied and typed again.
func (p *phone) typeIn(sel, text string) {
	p.t.Helper()
	var err error
	for range 5 {
		p.wait("the field "+sel, fmt.Sprintf(`!!document.querySelector(%q)`, sel))
		p.js(fmt.Sprintf(`document.querySelector(%q).value = ""`, sel))
		if err = chromedp.Do(p.ctx, chromedp.SendKeys(sel, text)); err == nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.t.Fatalf("%s: typing into %s: %v", p.name, sel, err)
}

// wait polls a JavaScript condition; a loaded machine gets 45 s.
func (p *phone) wait(what, cond string) {
	p.t.Helper()
	var last error
	if !poll(45*time.Second, func() bool {
		ok, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](cond))
		last = err
		return err == nil && ok
	}) {
		p.t.Fatalf("%s: timed out waiting for %s (%s; last error %v; page errors %v)", p.name, what, cond, last, p.errors())
	}
}

func (p *phone) errors() string {
	s, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](`JSON.stringify((window.kwc || {}).errors || [])`))
	return s
}

// text reads the text of the first element sel finds.
func (p *phone) text(sel string) string {
	p.t.Helper()
	s, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || ""`, sel)))
	return s
}

// shows waits until the element sel finds reads want.
func (p *phone) shows(sel, want string) {
	p.t.Helper()
	p.wait(fmt.Sprintf("%s to read %q (it reads %q)", sel, want, p.text(sel)), fmt.Sprintf(`((document.querySelector(%q) || {}).textContent || "").trim() === %q`, sel, want))
}

// value waits until a counter reads want on this phone.
func (p *phone) value(key, want string) {
	p.t.Helper()
	p.shows(fmt.Sprintf(`[data-value=%q]`, key), want)
}

func (p *phone) seq() int {
	n, _ := chromedp.Run(p.ctx, chromedp.Evaluate[int](`window.kwc ? kwc.seq : -1`))
	return n
}

// state is the phone's copy of the table's counters, as JSON.
func (p *phone) state() string {
	s, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](`JSON.stringify(Object.entries(kwc.snap.state).sort())`))
	return s
}

// agree waits until both phones hold the same table with nothing queued.
func agree(t *testing.T, a, b *phone) {
	t.Helper()
	const settled = `window.kwc && kwc.pending === 0 && kwc.connected`
	if !poll(45*time.Second, func() bool {
		ok1, _ := chromedp.Run(a.ctx, chromedp.Evaluate[bool](settled))
		ok2, _ := chromedp.Run(b.ctx, chromedp.Evaluate[bool](settled))
		return ok1 && ok2 && a.seq() == b.seq()
	}) {
		t.Fatalf("the phones did not settle on one table: %s at %d, %s at %d (errors %s %s)", a.name, a.seq(), b.name, b.seq(), a.errors(), b.errors())
	}
	if sa, sb := a.state(), b.state(); sa != sb {
		t.Fatalf("at event %d the phones disagree:\n%s: %s\n%s: %s", a.seq(), a.name, sa, b.name, sb)
	}
}

// shot saves the page, scrolled to its top with no field focused, as the
// other browser tests do (browsertest.Screenshot).
func (p *phone) shot(name string) {
	p.t.Helper()
	p.js(`document.activeElement && document.activeElement.blur(); scrollTo(0, 0)`)
	browsertest.Screenshot(p.t, p.ctx, name)
}

// setOffline cuts or restores the phone's network.
func (p *phone) setOffline(off bool) {
	p.t.Helper()
	if _, err := chromedp.Call(p.ctx, network.Enable, network.EnableParams{}); err != nil {
		p.t.Fatal(err)
	}
	cond := []*network.Conditions{{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}}
	params := network.EmulateNetworkConditionsByRuleParams{MatchedNetworkConditions: cond, EmulateOfflineServiceWorker: &off}
	if _, err := chromedp.Call(p.ctx, network.EmulateNetworkConditionsByRule, params); err != nil {
		p.t.Fatal(err)
	}
	if _, err := chromedp.Call(p.ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
		p.t.Fatal(err)
	}
}

// missingWords fails the test if the page looked up a word that a
// language lacks, or if the three languages do not have the same words.
func (p *phone) missingWords() {
	p.t.Helper()
	r, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](`(async () => {
		const {catalogue} = await import("/static/companion-i18n.js");
		const keys = (l) => Object.keys(catalogue[l]).sort().join(",");
		const odd = ["de", "cs"].filter((l) => keys(l) !== keys("en"));
		return [...(window.kwcMissing || []), ...odd.map((l) => l + " has other words than en")].join("; ");
	})()`, chromedp.EvalAwaitPromise))
	if err != nil || r != "" {
		p.t.Errorf("%s: words missing: %s %v", p.name, r, err)
	}
}

// rowsAligned fails the test unless every counter row reads as one line:
// its name level with its counter, the counter at the row's right edge.
// The large counters of the seat's own panel took the large buttons'
// margin and width, and sat lower than their names.
func (p *phone) rowsAligned() {
	p.t.Helper()
	r, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](`[...document.querySelectorAll(".c-line")].flatMap((row) => {
		const name = row.querySelector(".c-name"), counter = row.querySelector(".c-counter");
		if (!name || !counter) return [];
		const n = name.getBoundingClientRect(), c = counter.getBoundingClientRect(), box = row.getBoundingClientRect();
		const off = Math.abs((n.top + n.bottom) / 2 - (c.top + c.bottom) / 2), right = box.right - c.right;
		return off > 3 || right > 2 ? [name.textContent + ": name " + off.toFixed(1) + " px off the counter's middle, counter " + right.toFixed(1) + " px from the edge"] : [];
	}).join("; ")`))
	if err != nil || r != "" {
		p.t.Errorf("%s: counter rows out of line: %s %v", p.name, r, err)
	}
}

// startTable has phone a start a table of game and b join it by its link.
func startTable(t *testing.T, e *testEnv, game string, a, b *phone) {
	t.Helper()
	a.open(e.http.URL + "/companion/" + game)
	a.typeIn("#c-name", a.name)
	a.click("#c-start")
	a.wait("the new table", `window.kwc && kwc.seat === 1 && kwc.seq === 1`)
	a.wait("the QR code drawn", `(document.querySelector("#c-qr") || {}).naturalWidth > 0`)
	link, err := chromedp.Run(a.ctx, chromedp.Evaluate[string](`document.querySelector("#c-link").value`))
	if err != nil || !strings.Contains(link, "/companion/"+game+"?t=") {
		t.Fatalf("the join link reads %q (%v)", link, err)
	}
	b.open(link)
	b.typeIn("#c-name", b.name)
	b.click("#c-join")
	b.wait("the join", `window.kwc && kwc.seat === 2`)
	agree(t, a, b)
}

// The flow on one MystiMons table with two phones: add
// MystiMons, attach energy until one can evolve (the threshold shown as
// 2/3, then 3/3), evolve with HP kept (30/40 becomes 30/60), evolve on to
// a ★★★★ form after a confirmation, run its End Phase (-5, MM-6.4), knock
// out the last opposing MystiMon and see the win (MM-7.1). Each phone
// sees the other's changes; a reload and a server restart keep the table.
func TestBrowserCompanionMystiMonsFlow(t *testing.T) {
	e := newEnv(t)
	browser := newBrowser(t)
	ada, ben := newPhone(t, browser, "Ada"), newPhone(t, browser, "Ben")
	startTable(t, e, "mystimons", ada, ben)
	ada.click(`[data-phase=energy]`)
	ada.typeIn("#c-mon-name", "Embrix")
	ada.click("#c-mon-add")
	ben.typeIn("#c-mon-name", "Embrix")
	ben.click("#c-mon-add")
	ben.shows(`[data-hp="p1.m1"]`, "40/40") // Ben sees Ada's MystiMon
	ada.shows(`[data-hp="p2.m1"]`, "40/40")
	ada.click(`[data-key="p1.m1.hp"][data-n="-10"]`)
	ben.shows(`[data-hp="p1.m1"]`, "30/40")

	// Attach fire energy until Embrix can evolve into Flaru (MM-5.2: 3).
	for i, want := range []string{"1/3", "2/3", "3/3"} {
		ada.click(`[data-attach=fire][data-mon="p1.m1"]`)
		ada.wait("the evolution's progress "+want, fmt.Sprintf(`(document.querySelector('[data-evolve=Flaru]') || {}).textContent?.includes(%q)`, want))
		ready := i == 2
		ada.wait("the Evolve button's readiness", fmt.Sprintf(`document.querySelector('[data-evolve=Flaru]').classList.contains("ready") === %v`, ready))
	}
	ada.wait("the warning of a second energy card in one turn (MM-4.2)", `document.querySelector("#c-last-notes")?.textContent.includes("second energy card")`)
	ben.value("p1.m1.e.fire", "3")
	ada.click(`[data-phase=main]`)
	ada.click(`[data-evolve=Flaru]`)
	ada.shows(`[data-hp="p1.m1"]`, "30/60") // MM-5.2: current HP kept, max HP the new card's
	ben.shows(`[data-hp="p1.m1"]`, "30/60")
	ada.shot("mystimons-1-evolved")

	// On to Magmorus (5) and Pyrathor (★★★★, 7), confirming the drain.
	for range 2 {
		ada.click(`[data-attach=fire][data-mon="p1.m1"]`)
	}
	ada.wait("Magmorus ready", `document.querySelector('[data-evolve=Magmorus]')?.classList.contains("ready")`)
	ada.click(`[data-evolve=Magmorus]`)
	ada.wait("Magmorus on the field", `document.querySelector('[data-mon="p1.m1"] .c-mon-name')?.textContent === "Magmorus"`)
	for range 2 {
		ada.click(`[data-attach=fire][data-mon="p1.m1"]`)
	}
	ada.wait("Pyrathor ready", `document.querySelector('[data-evolve=Pyrathor]')?.classList.contains("ready")`)
	ada.click(`[data-evolve=Pyrathor]`)
	ada.wait("the confirmation before a ★★★★ form", `!document.querySelector("#c-modal").hidden && document.querySelector("#c-modal").textContent.includes("HP-Drain")`)
	ada.shot("mystimons-2-confirm")
	ada.click("#c-confirm-yes")
	ada.shows(`[data-hp="p1.m1"]`, "30/180")
	ben.wait("Pyrathor on Ben's phone", `document.querySelector('[data-mon="p1.m1"] .c-mon-name')?.textContent === "Pyrathor"`)

	// The End Phase with a ★★★★ form: -5 HP (MM-4.5A, MM-6.4).
	ada.click(`[data-act=end-turn]`)
	ada.shows(`[data-hp="p1.m1"]`, "25/180")
	ben.shows(`[data-hp="p1.m1"]`, "25/180")
	ben.shows("#c-turnno", "2")
	agree(t, ada, ben)

	// A reload keeps the table and the seat.
	ben.open(e.http.URL + "/companion/mystimons?t=" + evalJS[string](t, ada.ctx, `kwc.id`))
	ben.wait("Ben's seat after a reload", `kwc.seat === 2`)
	ben.shows(`[data-hp="p1.m1"]`, "25/180")

	// A server restart keeps it too; the phones reconnect.
	e.restart()
	ada.click(`[data-pool=fire][data-n="1"]`)
	ben.value("p1.pool.fire", "1")
	agree(t, ada, ben)

	// Knock out Ben's last MystiMon: damage from ATK, DEF and the chart.
	ada.js(`document.querySelector("#c-attacker").value = "p1.m1"; document.querySelector("#c-target").value = "p2.m1"`)
	ada.click("#c-attack")
	ada.wait("the damage note", `document.querySelector("#c-last-notes")?.textContent.includes("deals 26")`) // Pyrathor ATK 30 - Embrix DEF 4, fire on fire x1
	ben.shows(`[data-hp="p2.m1"]`, "14/40")
	ada.js(`document.querySelector("#c-attacker").value = "p1.m1"; document.querySelector("#c-target").value = "p2.m1"`)
	ada.click("#c-attack")
	ada.shows("#c-win", "Ada wins!")
	ben.shows("#c-win", "Ada wins!")
	agree(t, ada, ben)
	ada.shot("mystimons-3-win")
	ben.shot("mystimons-4-win-other-phone")
	if err := chromedp.Do(ben.ctx, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
	ben.shows(`[data-hp="p1.m1"]`, "25/180") // the desktop draws the same table
	ben.wait("the table in two columns on a wide screen", `getComputedStyle(document.querySelector("#c-main")).gridTemplateColumns.split(" ").length === 2`)
	ben.shot("mystimons-5-desktop")

	// The next game at the same table: every counter as the players
	// joined, on both phones; the log keeps the game and undo brings it
	// back.
	ada.click("#c-new-game")
	ben.wait("the new game on Ben's phone", `!document.querySelector("#c-win") && !document.querySelector('[data-mon="p1.m1"]')`)
	ada.wait("the new game on Ada's phone", `!document.querySelector("#c-win") && kwc.snap.state["p1.pool.fire"] === undefined`)
	agree(t, ada, ben)
	ada.wait("the new game in the log", `document.querySelector("#c-log li")?.textContent.includes("began a new game")`)
	ada.click(fmt.Sprintf(`[data-undo="%d"]`, evalJS[int](t, ada.ctx, `kwc.snap.seq`)))
	ben.shows("#c-win", "Ada wins!")
	ben.shows(`[data-hp="p1.m1"]`, "25/180")
	agree(t, ada, ben)
	ada.missingWords()
	ben.missingWords()
}

// The companion speaks the language its address asks for, as every page
// of the site does, over the browser's.
func TestBrowserCompanionTakesTheAddressLanguage(t *testing.T) {
	e := newEnv(t)
	p := newPhone(t, newBrowser(t), "Ada")
	for lang, title := range map[string]string{"de": "Tisch eröffnen", "cs": "Založit stůl"} {
		p.open(e.http.URL + "/companion/mystimons?lang=" + lang)
		p.wait("the start in "+lang, fmt.Sprintf(`document.documentElement.lang === %q && document.body.innerText.includes(%q)`, lang, title))
	}
}

// The lobby's link leads to a chooser of the five games' companions, in
// the language the address asks for; each game's link opens its companion
// in that language, which links back to the chooser.
func TestBrowserCompanionChooserOpensEveryGame(t *testing.T) {
	e := newEnv(t)
	p := newPhone(t, newBrowser(t), "Ada")
	openPage(t, p.ctx, e.http.URL+"/", `a[data-t="nav.companion"]`)
	if href := evalJS[string](t, p.ctx, `document.querySelector('a[data-t="nav.companion"]').getAttribute("href")`); href != "/companion/" {
		t.Fatalf("the lobby's companion link leads to %q, want the chooser", href)
	}
	p.js(`document.querySelector('a[data-t="nav.companion"]').click()`)
	p.wait("the chooser", `location.pathname === "/companion/" && document.querySelectorAll(".c-game").length > 0`)
	p.open(e.http.URL + "/companion?lang=de")
	p.wait("the chooser in German", `location.pathname === "/companion/" && document.body.innerText.includes("Welches Spiel spielt ihr?")`)
	if ids := evalJS[[]string](t, p.ctx, `[...document.querySelectorAll(".c-game")].map((a) => a.dataset.game)`); !slices.Equal(ids, companion.Games()) {
		t.Fatalf("the chooser offers %v, want %v", ids, companion.Games())
	}
	for _, game := range companion.Games() {
		p.open(e.http.URL + "/companion/?lang=de")
		p.click(fmt.Sprintf(`[data-game=%q]`, game))
		p.wait(game+"'s companion in German", fmt.Sprintf(`location.pathname === "/companion/%s" && !!document.querySelector("#c-start")
			&& document.documentElement.lang === "de" && document.querySelector("#c-title").textContent.endsWith("Begleiter")`, game))
	}
	// A table started here is offered on the chooser, to go back to.
	p.typeIn("#c-name", p.name)
	p.click("#c-start")
	p.wait("the new table", `window.kwc && kwc.seat === 1 && kwc.seq === 1`)
	id := evalJS[string](t, p.ctx, `kwc.id`)
	p.open(e.http.URL + "/companion/?lang=de")
	p.click(`a.c-recent[href*="t=` + id + `"]`)
	p.wait("the table again", fmt.Sprintf(`location.pathname === "/companion/zynalith" && window.kwc && kwc.id === %q && kwc.seat === 1`, id))
	p.open(e.http.URL + "/companion/zynalith?lang=de")
	p.click(".c-other-game")
	p.wait("the chooser again", `location.pathname === "/companion/" && document.body.innerText.includes("Welches Spiel spielt ihr?")`)
	p.missingWords()
	// On a wide screen the forms before the table stand in one column in
	// the middle, with the link to another game under the form, not in a
	// second column beside it.
	if err := chromedp.Do(p.ctx, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
	p.open(e.http.URL + "/companion/zynalith?lang=de")
	p.wait("the start, centred, on a wide screen", `(() => {
		const card = document.querySelector(".c-card")?.getBoundingClientRect(), other = document.querySelector(".c-other-game")?.getBoundingClientRect();
		return !!card && !!other && Math.abs(card.left + card.right - innerWidth) < 40 && other.top >= card.bottom && card.width < innerWidth / 2;
	})()`)
}

// One shorter flow per other game, each in one of the three languages.
func TestBrowserCompanionOtherGames(t *testing.T) {
	for _, c := range []struct {
		game, lang string
		flow       func(t *testing.T, a, b *phone)
	}{
		{"mysticelements", "de", meFlow},
		{"microlife", "en", mlFlow},
		{"athernum", "cs", atFlow},
		{"zynalith", "de", zyFlow},
	} {
		t.Run(c.game, func(t *testing.T) {
			e := newEnv(t)
			browser := newBrowser(t)
			a, b := newPhone(t, browser, "Ada"), newPhone(t, browser, "Ben")
			startTable(t, e, c.game, a, b)
			for _, p := range []*phone{a, b} {
				p.js(fmt.Sprintf(`(() => { const s = document.querySelector("#c-lang"); s.value = %q; s.dispatchEvent(new Event("change")); })()`, c.lang))
				p.wait("the language "+c.lang, fmt.Sprintf(`document.documentElement.lang === %q`, c.lang))
			}
			c.flow(t, a, b)
			agree(t, a, b)
			a.shot(c.game)
			a.missingWords()
			a.rowsAligned()
			b.open(strings.Split(evalJS[string](t, b.ctx, `location.href`), "#")[0])
			b.wait("the chosen language kept across a reload", fmt.Sprintf(`document.documentElement.lang === %q && document.querySelector("#c-lang").value === %q`, c.lang, c.lang))
		})
	}
}

// ME-4.3: the round's energy (1 in round 1); ME-4.6: at most 5 carry over.
func meFlow(t *testing.T, a, b *phone) {
	a.click(`[data-act=gain]`)
	b.value("p1.energy", "1")
	for range 6 {
		a.click(`[data-key="p1.energy"][data-n="1"]`)
	}
	a.value("p1.energy", "7")
	a.click(`[data-act=end-turn]`)
	a.value("p1.energy", "5")
	b.value("p1.energy", "5")
	a.wait("the cap's note", `document.querySelector("#c-last-notes")?.textContent.includes("Aufräumen: 2 Energie")`)
	b.click(`[data-act=gain]`)
	b.click(`[data-act=end-turn]`)
	a.shows("#c-round", "2")
}

// ML-4.2: the next player's sugar; ML-4.6: draw up to 3; ML-7.1: 0 life loses.
func mlFlow(t *testing.T, a, b *phone) {
	a.click(`[data-act=end-turn]`)
	b.value("p2.sugar", "1")
	a.wait("the draw-up reminder", `document.querySelector("#c-last-notes")?.textContent.includes("Draw up to 3")`)
	for range 10 {
		b.click(`[data-key="p1.life"][data-n="-1"]`)
	}
	a.value("p1.life", "0")
	a.shows("#c-win", "Ben wins!")
}

// AT-5.3: a claim moves 1 VP from the pool; AT-7.2: superiority wins.
func atFlow(t *testing.T, a, b *phone) {
	a.click(`[data-key="pool"][data-n="1"]`)
	a.click(`[data-key="pool"][data-n="1"]`)
	b.value("pool", "2")
	a.click(`[data-act=claim]`)
	b.value("p1.vp", "1")
	b.value("pool", "1")
	a.wait("the superiority hint in Czech", `document.querySelector('[data-code="at.superiority"]')?.textContent.includes("potřebuje")`)
	a.click(`[data-key="p1.vp"][data-n="1"]`)
	b.shows("#c-win", "Vítězí Ada!")
}

// ZY-4.2: 10 Silver a round; ZY-7.3: the score after round 5.
func zyFlow(t *testing.T, a, b *phone) {
	for range 4 {
		a.click(`[data-act=next-round]`)
	}
	b.shows("#c-round", "5")
	b.value("p2.silver", "60")
	b.click(`[data-key="p2.vp"][data-n="1"]`)
	a.value("p2.vp", "1") // Ben's point reached Ada's phone before she scores
	a.click(`[data-act=score]`)
	b.value("p2.score", "10") // 1 VP + 3 Zynalith + 60/10
	a.value("p1.score", "9")
	b.shows("#c-win", "Ben gewinnt!")
}

// A phone whose network is cut keeps counting: its changes wait in the
// queue, show at once, and reach the other phone when the network is
// back; both phones then hold the same table in the server's order.
func TestBrowserCompanionOffline(t *testing.T) {
	e := newEnv(t)
	browser := newBrowser(t)
	a, b := newPhone(t, browser, "Ada"), newPhone(t, browser, "Ben")
	startTable(t, e, "microlife", a, b)
	b.setOffline(true)
	b.wait("the phone to notice it is offline", `!kwc.connected`)
	b.click(`[data-key="p2.sugar"][data-n="1"]`)
	b.click(`[data-key="p2.sugar"][data-n="1"]`)
	b.click(`[data-key="p1.life"][data-n="-1"]`)
	b.value("p2.sugar", "2") // shown at once, offline
	b.wait("three changes queued", `kwc.pending === 3 && document.querySelector("#c-conn").textContent.includes("3")`)
	b.shot("offline-queued")
	a.click(`[data-key="p2.sugar"][data-n="1"]`) // meanwhile, online
	a.value("p2.sugar", "1")
	b.setOffline(false)
	agree(t, a, b)
	a.value("p2.sugar", "3")
	a.value("p1.life", "9")
	b.value("p2.sugar", "3")

	// Undo from the log: Ben's -1 life goes back, Ada's changes stay.
	seq := evalJS[int](t, b.ctx, `kwc.snap.log.find((e) => e.cmd.target === "p1.life").seq`)
	a.click(fmt.Sprintf(`[data-undo="%d"]`, seq))
	b.value("p1.life", "10")
	b.wait("the undone event struck through", fmt.Sprintf(`document.querySelector('#c-log li[data-seq="%d"]').classList.contains("undone")`, seq))
	agree(t, a, b)
	// A log row reads "Ben: …", the colon against the name.
	gap := evalJS[float64](t, b.ctx, fmt.Sprintf(`(() => {
		const name = document.querySelector('#c-log li[data-seq="%d"] b'), colon = document.createRange();
		colon.setStart(name.nextSibling, 0);
		colon.setEnd(name.nextSibling, 1);
		return colon.getBoundingClientRect().left - name.getBoundingClientRect().right;
	})()`, seq))
	if gap > 0.5 || gap < -0.5 {
		t.Errorf("a log row's colon stands %.1f px from the name", gap)
	}

	// Once loaded, the page opens without the network (the service
	// worker's cache, the table as last seen) and keeps counting.
	b.wait("the service worker in control", `!!navigator.serviceWorker.controller`)
	link := evalJS[string](t, b.ctx, `location.href`)
	b.setOffline(true)
	b.open(link)
	b.wait("the table drawn offline", `window.kwc && kwc.seat === 2 && !kwc.connected`)
	if reached, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`fetch("/healthz", {cache: "no-store"}).then(() => true, () => false)`, chromedp.EvalAwaitPromise)); err != nil || reached {
		t.Fatalf("the phone reached the server while cut off (%v): the offline page proves nothing", err)
	}
	b.value("p2.sugar", "3")
	b.click(`[data-key="p2.sugar"][data-n="-1"]`)
	b.value("p2.sugar", "2")
	b.setOffline(false)
	agree(t, a, b)
	a.value("p2.sugar", "2")
}

// A MystiMon is added by its card's registration code, typed as printed.
func TestBrowserCompanionAddsACardByItsCode(t *testing.T) {
	e, run := newCompanionCodesEnv(t)
	ada := newPhone(t, newBrowser(t), "Ada")
	ada.open(e.http.URL + "/companion/mystimons")
	ada.typeIn("#c-name", "Ada")
	ada.click("#c-start")
	ada.wait("the new table", `window.kwc && kwc.seat === 1`)
	ada.click(".c-code summary")
	ada.typeIn("#c-code", strings.ToLower(run.Codes[0].String()))
	ada.click("#c-code-add")
	ada.shows(`[data-mon="p1.m1"] .c-mon-name`, "Embrix")
	ada.shows(`[data-hp="p1.m1"]`, "40/40")
}

// The MystiMons "Deal damage" form shows a real choice once there are
// MystiMons (the first of each side, or the choice made before while it
// still exists), and pressed with nothing to choose it says what is
// missing, in the page's language, and sends nothing.
func TestBrowserCompanionAttackFormChooses(t *testing.T) {
	e := newEnv(t)
	browser := newBrowser(t)
	ada, ben := newPhone(t, browser, "Ada"), newPhone(t, browser, "Ben")
	startTable(t, e, "mystimons", ada, ben)
	ada.js(`(() => { const s = document.querySelector("#c-lang"); s.value = "de"; s.dispatchEvent(new Event("change")); })()`)
	ada.wait("German", `document.documentElement.lang === "de"`)
	const toast = `(!document.querySelector("#c-toast").hidden && document.querySelector("#c-toast").textContent.includes(%q))`
	seq := ada.seq()
	ada.click("#c-attack")
	ada.wait("the hint that there is no attacker", fmt.Sprintf(toast, "keinen MystiMon"))
	if got := ada.seq(); got != seq || evalJS[int](t, ada.ctx, `kwc.pending`) != 0 {
		t.Fatalf("pressing with nothing to choose sent a command (seq %d → %d)", seq, got)
	}

	ada.click(`[data-phase=energy]`)
	ada.typeIn("#c-mon-name", "Embrix")
	ada.click("#c-mon-add")
	ben.typeIn("#c-mon-name", "Embrix")
	ben.click("#c-mon-add")
	ada.shows(`[data-hp="p2.m1"]`, "40/40")
	agree(t, ada, ben)
	const shown = `(() => { const a = document.querySelector("#c-attacker"), b = document.querySelector("#c-target");
		return a.selectedIndex === 0 && a.value === %q && b.selectedIndex === 0 && b.value === "p2.m1"; })()`
	ada.wait("the attacker and the target shown, not empty", fmt.Sprintf(shown, "p1.m1"))
	ada.shot("mystimons-attack-form-de")

	// Nothing chosen (a select emptied by hand): the button names what to choose.
	ada.js(`document.querySelector("#c-attacker").selectedIndex = -1`)
	ada.click("#c-attack")
	ada.wait("the hint to choose the attacker", fmt.Sprintf(toast, "Wähle den MystiMon, der angreift"))
	ada.js(`document.querySelector("#c-attacker").selectedIndex = 0; document.querySelector("#c-target").selectedIndex = -1`)
	ada.click("#c-attack")
	ada.wait("the hint to choose the target", fmt.Sprintf(toast, "Wähle den MystiMon, den er angreift"))
	if got := ada.seq(); got != evalJS[int](t, ben.ctx, `kwc.seq`) || evalJS[int](t, ada.ctx, `kwc.pending`) != 0 {
		t.Fatalf("pressing with nothing chosen sent a command")
	}

	// A second MystiMon chosen as attacker stays chosen while the page redraws.
	ada.typeIn("#c-mon-name", "Embrix")
	ada.click("#c-mon-add")
	ada.shows(`[data-hp="p1.m2"]`, "40/40")
	ada.js(`document.querySelector("#c-attacker").value = "p1.m2"`)
	ben.click(`[data-key="p2.m1.hp"][data-n="-1"]`)
	ada.shows(`[data-hp="p2.m1"]`, "39/40")
	ada.wait("the choice kept across a redraw", fmt.Sprintf(`document.querySelector("#c-attacker").value === %q`, "p1.m2"))

	// Pressed as shown, the attack is dealt.
	ada.click("#c-attack")
	ben.wait("the damage on Ben's MystiMon", `(document.querySelector('[data-hp="p2.m1"]') || {}).textContent !== "39/40"`)
	agree(t, ada, ben)
	ada.missingWords()
}
