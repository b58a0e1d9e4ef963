package server

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"kartenwerk/engine"
	"kartenwerk/internal/browsertest"
)

// brokenWordJS is a function telling whether a word of element n breaks
// between lines other than at a space or a soft hyphen: "Gift-schlang"
// over "e" is a word the browser had to break anywhere, as none of its
// syllables' breaks made it fit. (A letter's last box is where it is
// drawn: the range of the first letter after a break also boxes the
// break's end of the line before.)
const brokenWordJS = `((n) => {
  const walk = document.createTreeWalker(n, NodeFilter.SHOW_TEXT);
  let prev = null;
  for (let tn = walk.nextNode(); tn; tn = walk.nextNode()) {
    for (let i = 0; i < tn.data.length; i++) {
      if (!/\p{L}/u.test(tn.data[i])) { prev = null; continue; }
      const r = document.createRange();
      r.setStart(tn, i); r.setEnd(tn, i + 1);
      const box = [...r.getClientRects()].filter((b) => b.width > 0).pop();
      if (!box) continue;
      if (prev !== null && box.top > prev + 2) return true;
      prev = box.top;
    }
  }
  return false;
})`

// sectionFadesJS returns what is wrong with the sections of a drawn
// table (a game's or a replay's) that scroll: a section that holds more
// below its edge fades there, and one that shows its foot does not, as a
// player must see that it scrolls; nor does a section hide what the table
// has room to show (on a laptop the opponents' cards were cut at their
// box's cap above empty table), beside the decision panel, where the
// opponents share one box and the section is not scrolled (its place is
// kept).
const sectionFadesJS = `(() => {
  const out = [];
  const tableBox = document.querySelector("#table .table");
  const spare = tableBox.clientHeight - [...tableBox.children].reduce((n, k) => n + k.getBoundingClientRect().height, 0) -
    (parseFloat(getComputedStyle(tableBox).rowGap) || 0) * (tableBox.children.length - 1);
  const grows = innerWidth > 1100 && innerHeight > 500 && !document.querySelector("#table .others > .player.boxed");
  for (const box of document.querySelectorAll("#table .others, #table .shared, #table .player")) {
    const below = box.scrollHeight - box.scrollTop - box.clientHeight, marked = box.classList.contains("more-below");
    if (marked ? below < 1 : below > 4) {
      out.push("the section " + (box.dataset.seat || box.className) + (marked ? " fades its foot with nothing below" : " hides " + below + " px below its edge unmarked"));
    }
    if (grows && box.parentElement === tableBox && !box.scrollTop && spare > 4 && box.scrollHeight - box.clientHeight > 4) {
      out.push("the section " + (box.dataset.seat || box.className) + " hides " + (box.scrollHeight - box.clientHeight) + " px where the table has " + Math.round(spare) + " px to spare");
    }
  }
  return out;
})`

// tableChecksJS looks at the table as a player would at a decision and
// returns what is wrong: the page grown beyond the window, the decision
// panel or the docked hand out of view, the hand over the panel, a card
// the decision can use that cannot be seen (hidden by a scroller or off
// screen), text that overflows its card face, card text with less than
// 4.5:1 contrast against what is behind it, a pile's name and a card's
// cost cut short, a seat's head (its name, counters and piles) not shown
// whole, a section hiding
// cards below its edge without fading there or where the table has room
// for them, a log line naming its seat
// twice, a card's name broken inside a syllable, and what choiceChecksJS
// finds.
const tableChecksJS = `(() => {
  const out = [];
  const W = innerWidth, H = innerHeight;
  const inView = (r) => r.top >= -1 && r.left >= -1 && r.bottom <= H + 1 && r.right <= W + 1 && r.width > 0;
  const doc = document.documentElement;
  if (doc.scrollHeight > H + 1 || doc.scrollWidth > W + 1) out.push("the page grows to " + doc.scrollWidth + "x" + doc.scrollHeight);
  const prompt = document.querySelector("#prompt");
  const pr = prompt.getBoundingClientRect();
  if (!(pr.top >= 0 && pr.top + 24 <= H && pr.left >= 0 && pr.right <= W + 1)) out.push("the decision panel is out of view at " + Math.round(pr.top));
  out.push(...` + choiceChecksJS + `());
  const hand = document.querySelector("#table .zone.hand");
  if (hand && !inView(hand.getBoundingClientRect())) out.push("the docked hand is out of view at " + Math.round(hand.getBoundingClientRect().top));
  if (hand) {
    const hr = hand.getBoundingClientRect();
    if (hr.bottom > pr.top + 1 && hr.top < pr.bottom - 1 && hr.right > pr.left + 1 && hr.left < pr.right - 1) out.push("the docked hand covers the decision panel");
  }
  // seen is the element at the middle of the card's left edge, the part
  // a fan leaves uncovered, when that is the card (else what covers it).
  // Only the part of the card its scrolling section shows counts: a card
  // cut by the section's edge is seen by its visible strip, if at least
  // 12 px of it (or nearly all of a smaller tab) show. A turned card's box is wider than the card by its
  // turn (7 px and more for a tall card turned 5 degrees), so points along
  // the first 16 px of the middle line are tried.
  const seen = (c) => {
    const r = c.getBoundingClientRect();
    let top = r.top, bottom = r.bottom;
    // Clipped by every box that scrolls around it: a seat's own and the
    // opponents' together, which on a small phone is the lower of the two.
    for (let box = c.closest(".player, .shared, .others"); box && box.id !== "table"; box = box.parentElement) {
      if (box !== c.closest(".player, .shared, .others") && getComputedStyle(box).overflowY === "visible") continue;
      const sr = box.getBoundingClientRect();
      top = Math.max(top, sr.top);
      bottom = Math.min(bottom, sr.bottom);
    }
    if (bottom - top < Math.min(12, r.height - 1)) return {hit: null, r};
    const y = (top + bottom) / 2;
    let hit = null;
    for (const dx of [3, 6, 9, 12, 16]) {
      const x = r.left + Math.min(dx, r.width / 2);
      hit = x >= 0 && y >= 0 && x < W && y < H ? document.elementFromPoint(x, y) : null;
      if (hit && c.contains(hit)) return {hit, ok: true, r};
    }
    return {hit, r};
  };
  const choices = [...document.querySelectorAll("#table .playable")];
  const sight = new Map(choices.map((c) => [c, seen(c)]));
  const inSight = (c) => sight.get(c).ok;
  for (const c of choices) {
    if (inSight(c)) continue;
    const {hit, r} = sight.get(c);
    const drawer = c.closest("details:not([open])");
    // A fan too long for its zone scrolls inside itself, in view.
    const fan = c.closest(".fan");
    const scrolls = fan && fan.scrollWidth > fan.clientWidth + 1 && inView(fan.getBoundingClientRect());
    // A seat's side with more rows of choices than its room (on a phone
    // often; on a laptop in a long game's crowded board) scrolls to them:
    // it shows some of them, and the prompt names the rest's places.
    const sect = c.closest(".player, .shared, .others");
    const sideScrolls = sect && sect.scrollHeight > sect.clientHeight + 1 &&
      choices.some((o) => o !== c && inSight(o) && sect.contains(o));
    if (!scrolls && !sideScrolls && !(drawer && drawer.querySelector("summary").textContent.trim())) {
      const seat = (c.closest("[data-seat]") || {dataset: {}}).dataset.seat || "the table";
      const over = hit ? hit.tagName.toLowerCase() + "." + [...hit.classList].join(".") : "nothing";
      out.push("a card the decision can use is out of sight: " + c.dataset.name + " in " + (c.closest("[data-zone]") || {dataset: {}}).dataset.zone +
        " of " + seat + " (" + [...c.classList].join(" ") + " at " + [r.left, r.top, r.width, r.height].map(Math.round).join(",") + ", " + over + " at its edge)");
    }
  }
  // Every seat's head (name, badges, counters and piles) shows whole
  // within the sections that scroll it: however crowded the table, a player
  // sees whom they play and where each seat stands.
  for (const head of document.querySelectorAll("#table .player > .p-head")) {
    const r = head.getBoundingClientRect();
    let top = 0, bottom = H;
    for (let n = head.parentElement; n && n.id !== "table"; n = n.parentElement) {
      const cs = getComputedStyle(n);
      if (cs.overflowY !== "visible") {
        const sr = n.getBoundingClientRect();
        top = Math.max(top, sr.top + n.clientTop);
        bottom = Math.min(bottom, sr.top + n.clientTop + n.clientHeight);
      }
    }
    if (r.top < top - 1 || r.bottom > bottom + 1) {
      out.push("the head of " + head.parentElement.dataset.seat + " shows " + Math.max(0, Math.round(Math.min(bottom, r.bottom) - Math.max(top, r.top))) + " of its " + Math.round(r.height) + " px");
    }
  }
  // The shared zones keep at least their first line (a pile, or a zone's
  // name): squeezed to its padding on a phone held sideways, Athernum's
  // stack showed the top 2 px of "Effekt-Stack 0".
  const shared = document.querySelector("#table .shared");
  const firstLine = shared && shared.querySelector(".piles > *, .zone > .z-head");
  if (firstLine && shared.clientHeight + 1 < firstLine.getBoundingClientRect().height + parseFloat(getComputedStyle(shared).paddingTop)) {
    out.push("the shared zones are " + shared.clientHeight + " px high, below their first line (" + Math.round(firstLine.getBoundingClientRect().height) + " px and the padding)");
  }
  // roomBelow is how far down the cards a decision can use that scroller
  // shows whole can move and still show whole.
  const roomBelow = (scroller) => {
    const top = scroller.getBoundingClientRect().top + scroller.clientTop, bottom = top + scroller.clientHeight;
    let room = Infinity;
    for (const c of scroller.querySelectorAll(".playable")) {
      const r = c.getBoundingClientRect();
      if (r.top >= top - 1 && r.bottom <= bottom + 1) room = Math.min(room, bottom - r.bottom);
    }
    return room;
  };
  // The line naming the zone of a seat's first card the decision can use
  // shows below the seat's head, which stays at the top of a section that
  // scrolls, where the section could show it and keep every card the
  // decision can use that it shows whole; and it is never cut through
  // where it could go wholly under the head. On a phone the head sat 6px
  // lower than the section's scroll-padding said, and scrolled to such a
  // card the section cut "Ve hře" through; on a laptop a card a few px too
  // tall for the room cut "Hlavní postava" through. A section scrolled to
  // its end pads its foot to scroll a line wholly under the head.
  for (const head of document.querySelectorAll("#table .player > .p-head")) {
    const player = head.parentElement;
    const zone = (player.querySelector(".playable") || {closest: () => null}).closest(".zone");
    const line = zone && zone.querySelector(":scope > .z-head");
    if (!line) continue;
    const scroller = player.classList.contains("bottom") || player.classList.contains("boxed") ? player : player.parentElement;
    const n = line.getBoundingClientRect(), over = head.getBoundingClientRect().bottom - n.top, under = Math.min(n.height, Math.max(0, over));
    if (under <= 1) continue;
    if (over <= roomBelow(scroller) - 1 || under < n.height - 1) {
      out.push("the name of " + zone.dataset.zone + " of " + player.dataset.seat + " is " + Math.round(under) + " of its " + Math.round(n.height) + " px under the seat's head");
    }
  }
  out.push(...` + sectionFadesJS + `());
  // The shared section, scrolled down to the cards a decision can use,
  // shows no line (a pile, a zone's name) cut through at its top edge
  // (it shows it whole where that keeps every card the decision can use
  // that it shows whole, else scrolls it out of sight, padding its foot
  // where it was scrolled to its end): on a phone Micro-Life's market,
  // scrolled as far as it went, showed the lower half of "Globaler
  // Ablagestapel".
  if (shared && shared.scrollTop) {
    const top = shared.getBoundingClientRect().top + shared.clientTop;
    for (const line of shared.querySelectorAll(".piles > *, .zone > .z-head")) {
      const n = line.getBoundingClientRect();
      if (n.top >= top - 2 || n.bottom <= top + 2) continue;
      out.push("the shared zones' line " + JSON.stringify(line.textContent.trim()) + " is cut through at their top: " + Math.round(n.bottom - top) + " of its " + Math.round(n.height) + " px in sight");
    }
  }
  // The prompt names where the cards it can use are, each zone as its
  // heading names it ("Hand", "Auslage: Wesen"), not by a word of its own
  // around it ("deine Zone Hand").
  const whereLine = (document.querySelector("#prompt .where") || {}).textContent || "";
  for (const c of choices) {
    const z = c.closest("[data-zone]");
    const name = z && z.querySelector(":scope > .z-head .z-name, :scope > .z-name");
    if (name && !whereLine.includes(name.textContent)) out.push("the prompt's places " + JSON.stringify(whereLine) + " do not name " + JSON.stringify(name.textContent));
  }
  if (/deine Zone|vaše místo/.test(whereLine)) out.push("the prompt's places read " + JSON.stringify(whereLine));
  // The log shows the game's last lines (up to 60), each once and in order,
  // however many messages brought them.
  const numbers = [...document.querySelectorAll("#log li")].map((li) => li.value);
  const total = window.kw.logTotal;
  if (numbers.length !== Math.min(60, total) || numbers.some((n, i) => n !== total - numbers.length + 1 + i)) {
    out.push("the log shows lines " + JSON.stringify(numbers.slice(0, 3)) + "..." + JSON.stringify(numbers.slice(-3)) + " of " + total);
  }
  // The open log shows its last line: it follows the game (the test never
  // scrolls it back). At 1280x800 it grew past its drawer and showed its
  // oldest lines instead. (A decision panel that fills the side may push
  // the log's least height past the side's end: the panel comes first.)
  const logBox = document.querySelector("#log"), drawer = document.querySelector("#log-drawer");
  const lastLine = logBox && logBox.querySelector("li:last-child");
  if (lastLine && drawer.open && !drawer.hidden && logBox.clientHeight > 40) {
    const box = logBox.getBoundingClientRect(), side = document.querySelector(".side").getBoundingClientRect();
    const r = lastLine.getBoundingClientRect();
    if (box.bottom > side.bottom + 1 && box.height > 61) out.push("the log runs " + Math.round(box.bottom - side.bottom) + " px past the side's end");
    else if (box.bottom <= side.bottom + 1 && r.bottom > box.bottom + 1) out.push("the log's last line is " + Math.round(r.bottom - box.bottom) + " px below its sight");
  }
  // A log line names its seat once: "Player 1 keeps one Blue energy", not
  // under a heading "Player 1 (Yellow, Blue, Green)" as well.
  for (const li of document.querySelectorAll("#log li")) {
    const who = li.querySelector(".who");
    if (who && li.textContent.slice(who.textContent.length).trim().startsWith(who.textContent.split(" (")[0])) {
      out.push("a log line names its seat twice: " + li.textContent.trim().slice(0, 80));
    }
  }
  const lum = (rgb) => {
    const [r, g, b] = rgb.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const rgba = (s) => (s.match(/[\d.]+/g) || []).map(Number);
  const behind = (e) => {
    for (let n = e; n; n = n.parentElement) {
      const cs = getComputedStyle(n);
      const c = rgba(cs.backgroundColor);
      if (cs.backgroundImage !== "none" && n.closest(".card")) return null;
      if (c.length === 3 || (c.length === 4 && c[3] > 0.9)) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const brokenWord = ` + brokenWordJS + `;
  for (const card of document.querySelectorAll("#table .card:not(.back)")) {
    const cr = card.getBoundingClientRect();
    const name = card.querySelector(".c-name");
    if (name && brokenWord(name)) out.push("the name " + JSON.stringify(name.textContent.replaceAll("\u00ad", "")) + " breaks inside a syllable");
    let o = 1;
    for (let n = card; n; n = n.parentElement) o *= Number(getComputedStyle(n).opacity);
    if (card.scrollHeight > card.clientHeight + 1 || card.scrollWidth > card.clientWidth + 1) out.push("text overflows the face of " + card.dataset.name);
    for (const t of card.querySelectorAll(".c-name, .c-cost, .c-kind, .c-text, .kw, .stat, .counter, .st, .att")) {
      const r = t.getBoundingClientRect();
      if (r.width && (r.right > cr.right + 2 || r.bottom > cr.bottom + 2 || r.left < cr.left - 2)) out.push("text overflows the face of " + card.dataset.name + ": " + t.textContent);
      const cs = getComputedStyle(t);
      const bg = behind(t);
      if (!bg) continue;
      const fg = rgba(cs.color).slice(0, 3);
      const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      const ratio = (a + 0.05) / (b + 0.05);
      if (ratio < 4.5 || o < 1) out.push("card text " + JSON.stringify(t.textContent.slice(0, 20)) + " on " + card.dataset.name + " has contrast " + ratio.toFixed(2) + (o < 1 ? " at opacity " + o : ""));
    }
  }
  for (const n of document.querySelectorAll("#table .card .c-cost")) {
    if (n.offsetParent && n.scrollWidth > n.clientWidth + 1) out.push("the cost " + JSON.stringify(n.title) + " is cut short on " + n.closest(".card").dataset.name);
  }
  for (const n of document.querySelectorAll("#table button.pile .z-name")) {
    if (n.offsetParent && n.scrollWidth > n.clientWidth + 1) out.push("the pile's name " + JSON.stringify(n.textContent) + " is cut short");
  }
  return [...new Set(out)];
})()`

// choiceChecksJS is a function that returns what is wrong with the
// decision panel's choice buttons: a strip that scrolls sideways (on a
// phone one row of them showed one or two of Athernum's eight start
// cards and hid the rest), a button out of the window or the panel
// across, a button whose words are cut, a button on a row of its own that
// would have fitted beside the one before it (a strip as compact with few
// choices as rows allow).
const choiceChecksJS = `(() => {
  const out = [];
  const prompt = document.querySelector("#prompt");
  const strip = prompt && prompt.querySelector(".choices");
  if (!strip) return out;
  const pr = prompt.getBoundingClientRect();
  const sr = strip.getBoundingClientRect();
  const gap = parseFloat(getComputedStyle(strip).columnGap) || 0;
  if (strip.scrollWidth > strip.clientWidth + 1) out.push("the decision's choices scroll sideways: " + strip.scrollWidth + " px in a strip of " + strip.clientWidth);
  let before = null;
  for (const b of strip.querySelectorAll("button, .button")) {
    const r = b.getBoundingClientRect();
    const label = JSON.stringify(b.textContent.trim());
    if (r.left < -1 || r.right > innerWidth + 1 || r.left < pr.left - 1 || r.right > pr.right + 1) {
      out.push("the choice " + label + " lies outside the decision panel across, at " + Math.round(r.left) + " to " + Math.round(r.right) + " px of " + innerWidth);
    } else if (b.scrollWidth > b.clientWidth + 1) out.push("the choice " + label + " is cut short");
    if (before && r.top >= before.bottom - 1 && before.right + gap + r.width <= sr.right - 1) {
      out.push("the choice " + label + " starts a row though it fits beside the one before it");
    }
    before = r;
  }
  return out;
})`

// checkJS makes autoplayJS run tableChecksJS at each decision before it
// clicks, keeping each problem the first time it is seen; with
// stopAtProblem true a new problem stops the play.
const checkJS = `((stopAtProblem) => {
  const problems = window.kwProblems = window.kwProblems || [];
  const seen = window.kwSeen = window.kwSeen || new Set();
  window.kwDecisions = window.kwDecisions || 0;
  window.kwBeforeClick = () => {
    window.kwDecisions++;
    const before = problems.length;
    for (const p of ` + tableChecksJS + `) {
      if (!seen.has(p) && problems.length < 40) problems.push("first at version " + window.kw.version + ": " + p);
      seen.add(p);
    }
    return stopAtProblem && problems.length > before;
  };
  return true;
})`

type checkedPlay struct {
	autoplayResult
	Decisions int      `json:"decisions"`
	Problems  []string `json:"problems"`
}

// screenSizes are the sizes every table must fit: a laptop and a phone.
var screenSizes = []struct {
	name          string
	width, height int64
}{{"1280x800", 1280, 800}, {"390x844", 390, 844}}

// tableSizes are the sizes a table of two, four or six seats must fit at
// every decision: screenSizes, a small phone (an iPhone SE), 15 px
// narrower and 177 px lower than their phone, where an opponent's head
// was cut, and a phone held sideways, where the hand was below the
// screen and the page grew.
var tableSizes = append(screenSizes[:len(screenSizes):len(screenSizes)], []struct {
	name          string
	width, height int64
}{{"375x667", 375, 667}, {"844x390", 844, 390}}...)

// pageSizes are the sizes the platform pages must fit: screenSizes and
// a small Android phone, where the deck builder's German search field
// was too narrow for its example.
var pageSizes = append(screenSizes[:len(screenSizes):len(screenSizes)], struct {
	name          string
	width, height int64
}{"360x640", 360, 640})

// pageLangs are the languages the browser tests rotate through.
var pageLangs = []string{"de", "en", "cs"}

// useLang makes the browser ask for lang, as the header's switcher does.
func useLang(t *testing.T, ctx context.Context, base, lang string) {
	t.Helper()
	if _, err := chromedp.Call(ctx, network.SetCookie, network.SetCookieParams{Name: "lang", Value: lang, URL: base + "/"}); err != nil {
		t.Fatal(err)
	}
}

// At every decision of a full game against an AI, in each game at a
// laptop's and three phones' sizes (tableSizes): the page does not grow, the decision
// panel, the docked hand and every card the decision can use are in
// view, no text overflows a card face, and card text has at least 4.5:1
// contrast. Screenshots of the middle and the end of each game are kept.
func TestBrowserTableFitsEveryDecision(t *testing.T) {
	e := newEnv(t)
	i := 0
	for _, g := range engine.Games() {
		if g.Info().MinSeats > 2 {
			continue
		}
		for _, size := range tableSizes {
			lang := pageLangs[i%len(pageLangs)]
			i++
			name := fmt.Sprintf("%s-%s-%s", g.Info().ID, size.name, lang)
			t.Run(name, func(t *testing.T) {
				t.Parallel()                                   // most of a game's time is spent waiting for the server
				tab := browsertest.NewWithin(t, 4*time.Minute) // a long game checked at every decision
				useLang(t, tab, e.http.URL, lang)
				resp := e.create(CreateRequest{Game: g.Info().ID, Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI, Agent: "random"}}})
				if err := chromedp.Do(tab, chromedp.EmulateViewport(size.width, size.height), chromedp.Navigate(e.http.URL+resp.Play)); err != nil {
					t.Fatal(err)
				}
				waitTable(t, tab, 0)
				first := playChecked(t, tab, 12, 3, false)
				browsertest.Screenshot(t, tab, name+"-play")
				// The first problem is kept as a picture too, then play goes on.
				rest := playChecked(t, tab, 4000, 5, true)
				if rest.Stopped {
					browsertest.Screenshot(t, tab, name+"-problem")
					more := playChecked(t, tab, 4000, 5, false)
					more.Clicks += rest.Clicks
					rest = more
				}
				browsertest.Screenshot(t, tab, name+"-end")
				if rest.Result == "" && first.Result == "" {
					t.Errorf("no result screen after %d clicks%s", first.Clicks+rest.Clicks, rest.waited())
				} else {
					checkResultScreen(t, tab)
				}
				t.Logf("%d decisions checked, %d clicks: %s", rest.Decisions, first.Clicks+rest.Clicks, rest.Result+first.Result)
				if len(rest.Problems) > 0 {
					t.Errorf("%d problems:\n%s", len(rest.Problems), strings.Join(rest.Problems, "\n"))
				}
			})
		}
	}
}

// A table of four or six seats shows every seat's head and meets every
// other check of tableChecksJS at each decision: on a laptop three
// opponents share one row, where the third used to wrap out of sight; on a
// phone, where they stand in a column, each has a box of its head and a
// strip of its cards, where only the first one's side used to show, and
// five keep at least their heads, where the fifth's was cut; on a phone
// held sideways (four seats) the shared zones keep their first line.
func TestBrowserCrowdedTableShowsEverySeat(t *testing.T) {
	e := newEnv(t)
	for _, c := range []struct {
		game  string
		seats int
	}{{"athernum", 4}, {"zynalith", 4}, {"zynalith", 6}} {
		for _, size := range tableSizes {
			if c.seats > 4 && size.height < size.width {
				continue // five opponents on a phone held sideways leave your side a line, where a card of yours may be out of sight
			}
			name := fmt.Sprintf("%s-%d-seats-%s", c.game, c.seats, size.name)
			t.Run(name, func(t *testing.T) {
				t.Parallel() // much of a game's time is spent waiting for the server
				manySeatsChecked(t, e, c.game, c.seats, size.width, size.height, name)
			})
		}
	}
}

// TestBrowserSidewaysOpponentsKeepToOneLine: on a phone held sideways
// (844x390) five opponents' heads each keep to one line, in every
// language and whichever AI sits there, the AI's level without the words
// in brackets that explain it, which its tag keeps in its title and a
// laptop shows. Two lines each took the market's room: the cards a
// decision could use were a 14 px sliver. (In English, "Player 3 AI
// medium" with its drawer overran the box by 9 px; "random moves" had no
// brackets to leave out.)
func TestBrowserSidewaysOpponentsKeepToOneLine(t *testing.T) {
	e := newEnv(t)
	req := CreateRequest{Game: "zynalith", Seats: []SeatRequest{{Kind: KindYou}}}
	for _, agent := range []string{"random", "medium", "easy", "hard", "greedy"} {
		req.Seats = append(req.Seats, SeatRequest{Kind: KindAI, Agent: agent})
	}
	resp := e.create(req)
	tab := newBrowser(t)
	type head struct {
		Name, Shown, Title string
		Lines              float64
		OnTheMove          bool
	}
	heads := func(width, height int64) []head {
		t.Helper()
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, height), chromedp.Navigate(e.http.URL+resp.Play)); err != nil {
			t.Fatal(err)
		}
		waitTable(t, tab, 0)
		return evalJS[[]head](t, tab, `[...document.querySelectorAll("#table .others .player > .p-head")].map((h) => {
			const name = h.querySelector(".p-name"), tag = h.querySelector(".tag.kind");
			return {Name: name.textContent, Shown: tag && tag.checkVisibility() ? tag.innerText : "", Title: tag ? tag.title : "",
				Lines: h.getBoundingClientRect().height / name.getBoundingClientRect().height,
				OnTheMove: !!h.querySelector(".tag.active, .tag.tomove")}; })`)
	}
	for _, lang := range pageLangs {
		t.Run(lang, func(t *testing.T) {
			useLang(t, tab, e.http.URL, lang)
			sideways := heads(844, 390)
			if len(sideways) != 5 {
				t.Fatalf("%d opponents' heads, want 5", len(sideways))
			}
			for _, h := range sideways {
				level, _, explained := strings.Cut(h.Title, " (")
				if h.OnTheMove {
					level = "" // the seat on the move shows that alone
				}
				if h.Lines > 1.9 || !explained || h.Shown != level {
					t.Errorf("sideways, %s's head is %.1f lines high, its tag shows %q with the title %q: want one line, the level alone (none while on the move: %v), and the level with its explanation in the title", h.Name, h.Lines, h.Shown, h.Title, h.OnTheMove)
				}
			}
			browsertest.Screenshot(t, tab, "zynalith-6-seats-sideways-"+lang)
			for _, h := range heads(1280, 800) {
				if h.Shown != h.Title {
					t.Errorf("on a laptop %s's tag shows %q, want the level with its explanation, %q", h.Name, h.Shown, h.Title)
				}
			}
		})
	}
}

func manySeatsChecked(t *testing.T, e *testEnv, game string, seats int, width, height int64, screen string) {
	tab := browsertest.NewWithin(t, 2*time.Minute)
	useLang(t, tab, e.http.URL, "de")
	req := CreateRequest{Game: game, Seats: []SeatRequest{{Kind: KindYou}}}
	for range seats - 1 {
		req.Seats = append(req.Seats, SeatRequest{Kind: KindAI, Agent: "random"})
	}
	resp := e.create(req)
	if err := chromedp.Do(tab, chromedp.EmulateViewport(width, height), chromedp.Navigate(e.http.URL+resp.Play)); err != nil {
		t.Fatal(err)
	}
	waitTable(t, tab, 0)
	got := playChecked(t, tab, 30, 3, false)
	browsertest.Screenshot(t, tab, screen)
	if got.Decisions == 0 {
		t.Fatal("no decision was checked")
	}
	if len(got.Problems) > 0 {
		t.Errorf("%d problems in %d decisions:\n%s", len(got.Problems), got.Decisions, strings.Join(got.Problems, "\n"))
	}
}

func playChecked(t *testing.T, ctx context.Context, max, seed int, stopAtProblem bool) checkedPlay {
	t.Helper()
	evalJS[bool](t, ctx, fmt.Sprintf("%s(%v)", checkJS, stopAtProblem))
	r := autoplay(t, ctx, max, seed)
	c := evalJS[checkedPlay](t, ctx, `({decisions: window.kwDecisions, problems: window.kwProblems})`)
	c.autoplayResult = r
	return c
}

// checkResultScreen asks the result screen to explain the result (the
// game's lines, or its reason) and to offer a rematch and the lobby.
func checkResultScreen(t *testing.T, ctx context.Context) {
	t.Helper()
	type screen struct {
		Lines          []string
		Rematch, Lobby bool
	}
	got := evalJS[screen](t, ctx, `({Lines: [...document.querySelectorAll("#result-box .explain li")].map((l) => l.textContent),
		Rematch: !!document.querySelector("#result-box #rematch"), Lobby: !!document.querySelector("#result-box #to-lobby")})`)
	if len(got.Lines) == 0 || strings.TrimSpace(got.Lines[0]) == "" || !got.Rematch || !got.Lobby {
		t.Errorf("the result screen: %+v, want the result explained with a rematch and a lobby button", got)
	}
}

// TestBrowserPhoneLogTakesTheWholeRow: on a phone, the log opened beside
// the closed drawer of names and links takes the whole row, where it
// stood in half of it, a word a line.
func TestBrowserPhoneLogTakesTheWholeRow(t *testing.T) {
	e := newEnv(t)
	tab := browsertest.NewWithin(t, 2*time.Minute)
	resp := e.create(CreateRequest{Game: "athernum", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI, Agent: "random"}}})
	if err := chromedp.Do(tab, chromedp.EmulateViewport(390, 844), chromedp.Navigate(e.http.URL+resp.Play)); err != nil {
		t.Fatal(err)
	}
	waitTable(t, tab, 0)
	got, err := chromedp.Run(tab, chromedp.Evaluate[[]float64](`(() => {
		document.querySelector("#links-drawer").open = false;
		document.querySelector("#log-drawer").open = true;
		return [document.querySelector("#log-drawer").getBoundingClientRect().width, document.querySelector(".side").clientWidth];
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if got[0] < 0.9*got[1] {
		t.Errorf("the open log is %.0f px wide in a side of %.0f px", got[0], got[1])
	}
	browsertest.Screenshot(t, tab, "athernum-phone-log")
}

// TestBrowserTabletUprightGivesTheHandTheWidth: a tablet held upright
// (768x1024, 834x1194) lays the table out in one column, the decision
// below it, so MystiMons' opening hand of seven shows at least half of
// each card: with the laptop's panel beside the table, each card but the
// last showed 35% of itself at 768 px (42% at 834), its name cut to a
// syllable; now 72% (79%).
func TestBrowserTabletUprightGivesTheHandTheWidth(t *testing.T) {
	e := newEnv(t)
	for _, size := range []struct {
		name          string
		width, height int64
	}{{"768x1024", 768, 1024}, {"834x1194", 834, 1194}} {
		t.Run(size.name, func(t *testing.T) {
			tab := browsertest.NewWithin(t, 2*time.Minute)
			shown := openingHandShown(t, e, tab, size.width, size.height)
			for i, pc := range shown {
				if pc < 50 {
					t.Errorf("hand card %d of %d shows %.0f%% of its width, want at least half: %.0f", i+1, len(shown), pc, shown)
					break
				}
			}
			browsertest.Screenshot(t, tab, "mystimons-tablet-"+size.name)
		})
	}
}

// openingHandShown opens a MystiMons table at the given size and returns
// how much of each card of the player's opening hand of seven shows, in
// percent of its width: up to the next card's left edge. Each mulligan of
// the opponent gives the player a card more (MM-3.4), and a hand of twelve
// rightly overlaps more; such deals are dealt again (the seed is the
// server's secret), at most ten times.
func openingHandShown(t *testing.T, e *testEnv, tab context.Context, width, height int64) []float64 {
	t.Helper()
	var shown []float64
	for deal := 0; deal < 10; deal++ {
		resp := e.create(CreateRequest{Game: "mystimons", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI, Agent: "random"}}})
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, height), chromedp.Navigate(e.http.URL+resp.Play)); err != nil {
			t.Fatal(err)
		}
		waitMyTurn(t, tab)
		shown = evalJS[[]float64](t, tab, `(() => {
			const cs = [...document.querySelectorAll("#table .hand .card")].map((c) => c.getBoundingClientRect());
			return cs.map((r, i) => 100 * ((i + 1 < cs.length ? Math.min(cs[i + 1].left, r.right) : r.right) - r.left) / r.width);
		})()`)
		if len(shown) == 7 {
			return shown
		}
	}
	t.Fatalf("ten deals gave no opening hand of seven (the last held %d cards)", len(shown))
	return nil
}

// TestBrowserChoicesWrapIntoRows: a decision with many choices shows them
// all across the window, at a laptop's and a phone's size and in German
// and Czech, whose words are long: Athernum's start cards and Mystic
// Elements' colours wrap into rows, where on a phone they stood in one
// row that scrolled sideways and showed one or two of them. Short choices
// share a row where it has room for them, and with no card on the table to
// use, the panel shows every choice without scrolling.
func TestBrowserChoicesWrapIntoRows(t *testing.T) {
	e := newEnv(t)
	type strip struct {
		Buttons, Rows int
		Hidden        []string
		PanelScrolls  bool
		Problems      []string
	}
	for _, game := range []string{"athernum", "mysticelements"} {
		for _, size := range screenSizes {
			for _, lang := range []string{"de", "cs"} {
				name := fmt.Sprintf("%s-choices-%s-%s", game, size.name, lang)
				t.Run(name, func(t *testing.T) {
					tab := browsertest.New(t)
					useLang(t, tab, e.http.URL, lang)
					req := CreateRequest{Game: game, Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI, Agent: "random"}}}
					if game == "athernum" {
						// Eight cards with a VP field, the most a preset has: the
						// longest list of start cards.
						req.Decks = []DeckRequest{{Preset: "Tide Control"}, {}}
					}
					resp := e.create(req)
					if err := chromedp.Do(tab, chromedp.EmulateViewport(size.width, size.height), chromedp.Navigate(e.http.URL+resp.Play)); err != nil {
						t.Fatal(err)
					}
					waitMyTurn(t, tab)
					got := evalJS[strip](t, tab, `(() => {
						const bs = [...document.querySelectorAll("#prompt .choices button.act")];
						// A choice shows within the window, the side and the panel, each
						// of which may scroll (the panel on a laptop, the side on a phone).
						const boxes = [document.querySelector(".side"), document.querySelector("#prompt")].map((n) => {
							const r = n.getBoundingClientRect();
							return {top: r.top + n.clientTop, bottom: r.top + n.clientTop + n.clientHeight};
						});
						const top = Math.max(0, ...boxes.map((b) => b.top)), bottom = Math.min(innerHeight, ...boxes.map((b) => b.bottom));
						const hidden = bs.filter((b) => {
							const r = b.getBoundingClientRect();
							return r.top < top - 1 || r.bottom > bottom + 1;
						});
						return {Buttons: bs.length, Rows: new Set(bs.map((b) => Math.round(b.getBoundingClientRect().top))).size,
							Hidden: hidden.map((b) => b.textContent), Problems: `+choiceChecksJS+`(),
							PanelScrolls: document.querySelector("#prompt").scrollHeight > document.querySelector("#prompt").clientHeight + 1};
					})()`)
					browsertest.Screenshot(t, tab, name)
					if got.Buttons < 6 {
						t.Fatalf("the first decision offers %d choices in the panel; the test needs the game's opening choice of six or more", got.Buttons)
					}
					if len(got.Problems) > 0 {
						t.Errorf("%d choices:\n%s", got.Buttons, strings.Join(got.Problems, "\n"))
					}
					// No card on the table is to be used yet: the panel has the room
					// to show every choice without scrolling to it.
					if len(got.Hidden) > 0 {
						t.Errorf("%d of %d choices are scrolled out of the panel's view: %q", len(got.Hidden), got.Buttons, got.Hidden)
					}
					if got.PanelScrolls {
						t.Errorf("the panel of %d choices scrolls", got.Buttons)
					}
					// A colour's words ("Rot wählen", "Zvolit barvu: Modrá") are short:
					// on a phone, which has a row to itself for the panel, two fit in
					// a row.
					if game == "mysticelements" && size.width < 760 && got.Rows >= got.Buttons {
						t.Errorf("the %d colours take %d rows: short choices should share a row", got.Buttons, got.Rows)
					}
				})
			}
		}
	}
}

// TestBrowserPanelGivesTheCrowdedTableItsRoom: on a phone whose browser
// bars leave it 390x720, the first decision of a six-seat Zynalith table
// (two long choices, wrapped into rows, and the market's cards to take)
// keeps every seat's head and the cards it can use in view, and meets the
// other checks of tableChecksJS: the decision panel below the table gives
// up the room the table lacks and scrolls to its last choice, where it
// kept its room and cut the sixth seat's head. Its first choice stays in
// view.
func TestBrowserPanelGivesTheCrowdedTableItsRoom(t *testing.T) {
	e := newEnv(t)
	tab := browsertest.New(t)
	useLang(t, tab, e.http.URL, "de")
	req := CreateRequest{Game: "zynalith", Seats: []SeatRequest{{Kind: KindYou}}}
	for range 5 {
		req.Seats = append(req.Seats, SeatRequest{Kind: KindAI, Agent: "random"})
	}
	resp := e.create(req)
	if err := chromedp.Do(tab, chromedp.EmulateViewport(390, 720), chromedp.Navigate(e.http.URL+resp.Play)); err != nil {
		t.Fatal(err)
	}
	waitMyTurn(t, tab)
	browsertest.Screenshot(t, tab, "zynalith-6-seats-390x720")
	if problems := evalJS[[]string](t, tab, tableChecksJS); len(problems) > 0 {
		t.Errorf("%d problems:\n%s", len(problems), strings.Join(problems, "\n"))
	}
	first := evalJS[bool](t, tab, `(() => {
		const b = document.querySelector("#prompt .choices button.act");
		const r = b && b.getBoundingClientRect(), side = document.querySelector(".side").getBoundingClientRect();
		return !!b && r.top >= side.top && r.bottom <= Math.min(side.bottom, innerHeight);
	})()`)
	if !first {
		t.Error("the decision's first choice is out of the panel's view")
	}
}

// TestBrowserSidewaysHandFoldsForABoardDecision: on a phone held sideways,
// a decision that uses cards on the board and none in the hand (a spell's
// target, an attacker) folds the hand's cards to their name and cost (no
// stats), and gives
// the board their room: a resolving spell's line once left the targets in
// both battle rows a strip of under 12 px. A decision that uses the hand
// shows it whole.
func TestBrowserSidewaysHandFoldsForABoardDecision(t *testing.T) {
	e := newEnv(t)
	tab := browsertest.NewWithin(t, 4*time.Minute)
	type folds struct {
		Board, Hand int
		Wrong       []string
	}
	var got folds
	// A random game may end before a decision on the board finds
	// creatures in the hand: games are played until one has.
	for game := 0; game < 6 && got.Board == 0; game++ {
		resp := e.create(CreateRequest{Game: "mysticelements", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI, Agent: "random"}}})
		if err := chromedp.Do(tab, chromedp.EmulateViewport(844, 390), chromedp.Navigate(e.http.URL+resp.Play)); err != nil {
			t.Fatal(err)
		}
		waitTable(t, tab, 0)
		evalJS[bool](t, tab, `(() => {
			const seen = window.kwFolds = {board: 0, hand: 0, wrong: []};
			window.kwBeforeClick = () => {
				const stats = [...document.querySelectorAll("#table .zone.hand .card:not(.back) .c-stats")];
				if (!document.querySelector("#table .playable") || !stats.length) return false;
				const shown = stats.filter((s) => s.offsetParent !== null).length;
				const fromHand = Boolean(document.querySelector("#table .zone.hand .playable"));
				if (fromHand) seen.hand++;
				else seen.board++;
				if (fromHand ? shown < stats.length : shown > 0) seen.wrong.push((fromHand ? "a decision from the hand" : "a decision on the board") + " at version " + window.kw.version + ": " + shown + " of the hand's " + stats.length + " cards show their stats");
				return seen.board >= 3 && seen.hand >= 3;
			};
			return true;
		})()`)
		autoplay(t, tab, 600, 7+game)
		g := evalJS[folds](t, tab, `window.kwFolds`)
		got.Board, got.Hand, got.Wrong = got.Board+g.Board, got.Hand+g.Hand, append(got.Wrong, g.Wrong...)
	}
	if got.Board == 0 || got.Hand == 0 {
		t.Fatalf("six games gave %d decisions on the board and %d from the hand with creatures in hand; the test needs both", got.Board, got.Hand)
	}
	t.Logf("%d decisions on the board, %d from the hand", got.Board, got.Hand)
	if len(got.Wrong) > 0 {
		t.Errorf("%d of %d decisions:\n%s", len(got.Wrong), got.Board+got.Hand, strings.Join(got.Wrong, "\n"))
	}
	browsertest.Screenshot(t, tab, "mysticelements-844x390-hand-folded")
}
