package server

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	"kartenwerk/internal/browsertest"
)

// editJS replaces text in the lab's card editor as typing would.
const editJS = `((from, to) => {
  const e = document.getElementById("yaml");
  if (!e.value.includes(from)) return false;
  e.value = e.value.replace(from, to);
  e.dispatchEvent(new Event("input"));
  return true;
})`

// TestBrowserLabEditsACardRunsAndCompares: a designer plays 200 games of
// Mystic Elements with the shipped cards and sees the report; then loads
// the same inputs, edits Fireball in the page (first with a mistake,
// shown at its line), plays the same 200 deals again and compares the two
// runs figure by figure; the cheaper Fireball must be played more often.
// With $KARTENWERK_SCREENS set, the page is shot there in each language
// at a desktop's and a phone's size.
func TestBrowserLabEditsACardRunsAndCompares(t *testing.T) {
	e, tab, text, do := openLab(t)
	count := func(sel string) int {
		n, err := chromedp.Run(tab, chromedp.Evaluate[int](`document.querySelectorAll("`+sel+`").length`))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	do("ask for 200 games", chromedp.SetValue("#games", "200"))
	do("name the run", chromedp.SetValue("#label", "shipped"))
	do("fix its deals", chromedp.SetValue("#seed", "1"))
	do("start it", chromedp.Click("#start"))
	waitFor(t, "the first run's end", func() bool { return strings.Contains(text("#detail-status"), "Finished: 200 games") })
	waitFor(t, "the report in its frame", func() bool {
		got, _ := chromedp.Run(tab, chromedp.Evaluate[string](`(document.getElementById("report").contentDocument || {body: {innerHTML: ""}}).body.innerHTML`))
		return strings.Contains(got, "<svg") && strings.Contains(got, "200 games")
	})

	// Cleared, the label and the seed tell when the run's inputs are back.
	do("clear the label and the seed", chromedp.Evaluate[chromedp.Void](`document.getElementById("label").value = document.getElementById("seed").value = ""`))
	do("load the run's inputs", chromedp.Click("#repeat"))
	waitFor(t, "the inputs in the form", func() bool {
		v, _ := chromedp.Run(tab, chromedp.Evaluate[string](`document.getElementById("label").value + "/" + document.getElementById("seed").value`))
		return v == "shipped/1"
	})
	// The form scrolls smoothly to its top: a click at a point could land
	// on what is scrolling by, so the radio is clicked as an element.
	do("edit cards here", chromedp.Evaluate[chromedp.Void](`document.querySelector("input[name=cards][value=edited]").click()`))
	do("pick red.yaml", chromedp.SetValue("#card-file", "red.yaml"))
	do("load it", chromedp.Evaluate[chromedp.Void](`document.getElementById("card-file").dispatchEvent(new Event("change"))`))
	edit := func(from, to string) {
		t.Helper()
		ok, err := chromedp.Run(tab, chromedp.Evaluate[bool](editJS+`(`+jsString(from)+`, `+jsString(to)+`)`))
		if err != nil || !ok {
			t.Fatalf("editing %q: %v, %v", from, ok, err)
		}
	}
	edit("cost: 3, abilities: [\"play: damage 3 to any\"]", "cost: three, abilities: [\"play: damage 3 to any\"]")
	if !poll(20*time.Second, func() bool { return strings.Contains(text("#problems"), "Line 14") && count("#gutter .bad-line") == 1 }) {
		t.Fatalf("the mistake is not shown at line 14: %q, %q, errors %q", text("#check-state"), text("#problems"), text("#errors"))
	}
	// Cheaper and stronger, Fireball is played about three times as often
	// (measured with sim over seeds 1-3): the reports must show it.
	edit("cost: three", "cost: 1")
	edit("play: damage 3 to any\"]}\n  - {name: Wildfire", "play: damage 5 to any\"]}\n  - {name: Wildfire")
	waitFor(t, "Fireball's new text beside the editor", func() bool {
		return strings.Contains(text("#changed"), "Fireball") && strings.Contains(text("#changed"), "5") && count("#problems li") == 0
	})
	shootPart(t, tab, "#editor-box", "lab-editor")
	// A sweep offers the edited card with its numbers as edited.
	do("sweep Fireball", chromedp.Evaluate[chromedp.Void](`(() => { const e = document.getElementById("sweep-card"); e.value = "Fireball"; e.dispatchEvent(new Event("change")); })()`))
	if got := text("#sweep-field"); got != "Cost (now 1)" {
		t.Errorf("the sweep offers Fireball's %q, want its edited cost, 1", got)
	}
	do("rename the run", chromedp.SetValue("#label", "Fireball: cost 1, deals 5"))
	do("start it", chromedp.Click("#start"))
	waitFor(t, "the second run's end", func() bool {
		return strings.Contains(text("#detail-title"), "Fireball: cost 1, deals 5") && strings.Contains(text("#detail-status"), "Finished: 200 games")
	})
	runs := count("#run-rows tr")
	if runs != 2 {
		t.Fatalf("%d runs listed, want 2", runs)
	}
	// The seeds as the server wrote them, not as a script's numbers: a
	// seed above 2^53 would be rounded alike on both sides.
	seeds, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`fetch("/api/lab/runs").then((r) => r.text()).then((b) => b.match(/"seed":\d+/g))`,
		chromedp.EvalAwaitPromise))
	if err != nil || len(seeds) != 2 || seeds[0] != seeds[1] {
		t.Fatalf("seeds of the two runs %v (%v): the edited run must replay the first one's deals", seeds, err)
	}
	do("pick A", chromedp.Click(`#run-rows tr:nth-child(2) input[name=pick-a]`))
	do("pick B", chromedp.Click(`#run-rows tr:nth-child(1) input[name=pick-b]`))
	do("compare", chromedp.Click("#compare"))
	waitFor(t, "the comparison", func() bool {
		return count("#diff-rows tr") > 5 && strings.Contains(text("#diff-rows"), "First player wins") &&
			strings.Contains(text("#comparison-runs"), "Fireball: cost 1, deals 5")
	})
	if strings.Contains(text("body"), "⟦") {
		t.Error("a word is missing from the catalogue: the page shows a key")
	}
	// The runs played the same deals, and the page says they are compared
	// game by game.
	if got := text("#comparison-notes"); !strings.Contains(got, "A and B played the same deals (seed 1)") {
		t.Errorf("the comparison's notes read %q, want them to say that A and B are compared game by game", got)
	}
	// Each figure says on how many games of A and of B it rests.
	games, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`(() => {
		const i = [...document.querySelectorAll(".diff-table thead th")].findIndex((th) => th.textContent === "Games");
		return i < 0 ? [] : [...document.querySelectorAll("#diff-rows tr")].map((tr) => tr.children[i].textContent); })()`))
	if err != nil || len(games) != count("#diff-rows tr") || slices.ContainsFunc(games, func(g string) bool { return g != "200 / 200" }) {
		t.Errorf("the comparison's games column reads %q (%v), want 200 / 200, the games of A and of B, in each of its %d rows", games, err, count("#diff-rows tr"))
	}
	// In English the difference's bounds are parted by a comma, as the
	// reports part them; German and Czech, which write decimals with a
	// comma, take a semicolon.
	diffs, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`(() => {
		const i = [...document.querySelectorAll(".diff-table thead th")].findIndex((th) => th.textContent === "B − A");
		return i < 0 ? [] : [...document.querySelectorAll("#diff-rows tr")].map((tr) => tr.children[i].textContent); })()`))
	if err != nil || len(diffs) == 0 || slices.ContainsFunc(diffs, func(d string) bool { return strings.Contains(d, ";") || !strings.Contains(d, ", ") }) {
		t.Errorf("the comparison's B − A column reads %q (%v), want each interval's bounds parted by a comma", diffs, err)
	}
	// Ticked, the box leaves in sight only the rows that differ
	// significantly; unticked, every row is back.
	shown := func() (all, significant int) {
		got, err := chromedp.Run(tab, chromedp.Evaluate[[]int](`(() => { const rows = [...document.querySelectorAll("#diff-rows tr")].filter((tr) => tr.offsetParent !== null);
			return [rows.length, rows.filter((tr) => tr.classList.contains("significant")).length]; })()`))
		if err != nil || len(got) != 2 {
			t.Fatalf("counting the comparison's rows in sight: %v %v", got, err)
		}
		return got[0], got[1]
	}
	rows := count("#diff-rows tr")
	do("show only the significant figures", chromedp.Click("#only-significant"))
	if all, significant := shown(); all != significant || all == rows {
		t.Errorf("with the box ticked, %d rows are in sight, %d of them significant, of %d", all, significant, rows)
	}
	do("show every figure again", chromedp.Click("#only-significant"))
	if all, _ := shown(); all != rows {
		t.Errorf("with the box unticked, %d rows are in sight of %d", all, rows)
	}
	if changed := fireballPlayRates(t, tab); changed[0] >= changed[1] {
		t.Errorf("Fireball played in %.1f%% of the games it could be with the shipped cards and %.1f%% at cost 1: the edit did not reach the games", 100*changed[0], 100*changed[1])
	}
	shootLab(t, tab, e.http.URL)
}

// fireballPlayRates are the shares of seat-games with Fireball in the
// deck in which it was played, in the run with the shipped cards and in
// the one with the edit, from the runs' reports as the page reads them.
func fireballPlayRates(t *testing.T, tab context.Context) [2]float64 {
	t.Helper()
	rates, err := chromedp.Run(tab, chromedp.Evaluate[[]float64](`fetch("/api/lab/runs").then((r) => r.json()).then((l) =>
		Promise.all(["shipped", "Fireball: cost 1, deals 5"].map((label) =>
			fetch("/api/lab/runs/" + l.runs.find((r) => r.spec.label === label).id + "/report.json").then((r) => r.json()))))
	.then((reports) => reports.map((report) => {
		const own = report.card_stats.filter((c) => c.name === "Fireball" && !c.pooled);
		const played = own.reduce((n, c) => n + c.played, 0), all = own.reduce((n, c) => n + c.played + c.not_played, 0);
		return all ? played / all : -1;
	}))`, chromedp.EvalAwaitPromise))
	if err != nil || len(rates) != 2 || rates[0] < 0 || rates[1] < 0 {
		t.Fatalf("Fireball's play rates in the two runs' reports: %v (%v)", rates, err)
	}
	return [2]float64{rates[0], rates[1]}
}

// openLab opens the lab on Mystic Elements in English, in a new browser
// over a new server, and returns the page's driver.
// TestBrowserLabShowsARenamedCard: the edited file replaces the game's
// file of its name, so a card renamed in the editor shows as new, and the
// old one as removed with its old text, in the page's language.
func TestBrowserLabShowsARenamedCard(t *testing.T) {
	_, tab, text, do := openLabAt(t, "game=mystimons&lang=de")
	do("edit cards here", chromedp.Evaluate[chromedp.Void](`document.querySelector("input[name=cards][value=edited]").click()`))
	do("pick fire.yaml", chromedp.SetValue("#card-file", "fire.yaml"))
	do("load it", chromedp.Evaluate[chromedp.Void](`document.getElementById("card-file").dispatchEvent(new Event("change"))`))
	waitFor(t, "the file in the editor", func() bool {
		ok, _ := chromedp.Run(tab, chromedp.Evaluate[bool](`document.getElementById("yaml").value.includes("{name: Pyrathor,")`))
		return ok
	})
	if ok, err := chromedp.Run(tab, chromedp.Evaluate[bool](editJS+`("{name: Pyrathor,", "{name: Pyrathox,")`)); err != nil || !ok {
		t.Fatalf("renaming Pyrathor: %v, %v", ok, err)
	}
	waitFor(t, "the new card and the removed one", func() bool {
		items, _ := chromedp.Run(tab, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#changed li")].map((li) => li.innerText.replace(/\s+/g, ""))`))
		return len(items) == 2 && strings.HasPrefix(items[0], "PyrathoxneuStufe4") && strings.HasPrefix(items[1], "PyrathorentferntVorher:Stufe4")
	})
	if got := text("#problems"); got != "" {
		t.Errorf("problems shown for a rename: %q", got)
	}
	shootPart(t, tab, "#editor-box", "lab-renamed")
}

// TestBrowserLabLeavesOutAPresetARemovedCardBreaks: a card removed in
// the editor makes the preset holding it illegal; the page says so, in
// the reader's language, and the seats can no longer choose it.
func TestBrowserLabLeavesOutAPresetARemovedCardBreaks(t *testing.T) {
	_, tab, text, do := openLabAt(t, "game=athernum&lang=cs")
	do("seat 1 plays Ember Assault", chromedp.SetValue("#seat-rows tr:first-child select.deck", "Ember Assault"))
	do("edit cards here", chromedp.Evaluate[chromedp.Void](`document.querySelector("input[name=cards][value=edited]").click()`))
	do("pick ember.yaml", chromedp.SetValue("#card-file", "ember.yaml"))
	do("load it", chromedp.Evaluate[chromedp.Void](`document.getElementById("card-file").dispatchEvent(new Event("change"))`))
	remove := `(() => { const e = document.getElementById("yaml"); const i = e.value.indexOf("  - name: Cinder Scout\n");
		if (i < 0) return false; const j = e.value.indexOf("  - name: ", i + 1);
		e.value = e.value.slice(0, i) + e.value.slice(j); e.dispatchEvent(new Event("input")); return true; })()`
	waitFor(t, "Cinder Scout in the editor", func() bool {
		ok, _ := chromedp.Run(tab, chromedp.Evaluate[bool](remove))
		return ok
	})
	waitFor(t, "the preset left out, and why", func() bool {
		return strings.Contains(text("#left-out"), "bez připraveného balíčku Ember Assault") && strings.Contains(text("#left-out"), "Cinder Scout")
	})
	disabled, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#seat-rows select.deck option:disabled")].map((o) => o.value)`))
	if err != nil || len(disabled) == 0 || slices.ContainsFunc(disabled, func(v string) bool { return v != "Ember Assault" }) {
		t.Errorf("disabled deck choices %q (%v), want Ember Assault's in each seat", disabled, err)
	}
	if seat1, _ := chromedp.Run(tab, chromedp.Evaluate[string](`document.querySelector("#seat-rows select.deck").value`)); seat1 != "" {
		t.Errorf("seat 1 still plays %q, a preset left out; want the rules' deal", seat1)
	}
	shootPart(t, tab, "#editor-box", "lab-left-out")
	do("play the shipped cards again", chromedp.Evaluate[chromedp.Void](`document.querySelector("input[name=cards][value=shipped]").click()`))
	waitFor(t, "the preset back", func() bool {
		n, _ := chromedp.Run(tab, chromedp.Evaluate[int](`document.querySelectorAll("#seat-rows select.deck option:disabled").length`))
		return n == 0 && text("#left-out") == ""
	})
}

func openLab(t *testing.T) (*testEnv, context.Context, func(string) string, func(string, chromedp.Action[chromedp.Void])) {
	t.Helper()
	return openLabAt(t, "game=mysticelements&lang=en")
}

// openLabAt opens the lab with the query given.
func openLabAt(t *testing.T, query string) (*testEnv, context.Context, func(string) string, func(string, chromedp.Action[chromedp.Void])) {
	t.Helper()
	e := newEnv(t)
	tab := newBrowser(t)
	text, do := pageDriver(t, tab, "#errors")
	do("open the lab", chromedp.Navigate(e.http.URL+"/lab?"+query))
	do("wait for the seats", chromedp.WaitVisible("#seat-rows select.agent"))
	return e, tab, text, do
}

// jsString quotes s for a script.
func jsString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

// shootPart keeps the part of the page that sel picks, scrolled into
// view, at a desktop's and a phone's size, as name-en-WxH.png.
func shootPart(t *testing.T, tab context.Context, sel, name string) {
	t.Helper()
	for _, size := range []struct{ w, h int64 }{{1280, 800}, {390, 844}} {
		err := chromedp.Do(tab, chromedp.EmulateViewport(size.w, size.h), chromedp.ScrollIntoView(sel),
			chromedp.Sleep(300*time.Millisecond))
		var png []byte
		if err == nil {
			png, err = chromedp.Run(tab, chromedp.CaptureScreenshot())
		}
		if err != nil {
			t.Fatalf("%s at %dx%d: %v", sel, size.w, size.h, err)
		}
		browsertest.Keep(t, fmt.Sprintf("%s-en-%dx%d.png", name, size.w, size.h), png)
	}
	if err := chromedp.Do(tab, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
}

// hyphenMinus is a negative number written with a hyphen for its sign.
var hyphenMinus = regexp.MustCompile(`(^|[^\p{L}\d])-\d`)

// shootLab opens the page with its two runs compared in each language and
// keeps full-page screenshots at a desktop's and a phone's size, checking
// that the report in its frame speaks the page's language and that
// nothing is wider than the screen.
func shootLab(t *testing.T, tab context.Context, base string) {
	t.Helper()
	ids, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#run-rows tr")].map((r) => r.dataset.run)`))
	if err != nil || len(ids) != 2 {
		t.Fatalf("run ids %v: %v", ids, err)
	}
	for _, lang := range []string{"de", "en", "cs"} {
		url := base + "/lab?game=mysticelements&lang=" + lang + "&run=" + ids[0] + "&a=" + ids[1] + "&b=" + ids[0]
		for _, size := range []struct{ w, h int64 }{{1280, 800}, {390, 844}} {
			ctx, cancel := context.WithTimeout(tab, 60*time.Second)
			err := chromedp.Do(ctx, chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate(url),
				chromedp.WaitVisible("#diff-rows tr"), chromedp.Sleep(500*time.Millisecond))
			if err == nil { // the report in its frame speaks the page's language
				waitFor(t, "the report in "+lang, func() bool {
					got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.getElementById("report").contentDocument || {documentElement: {}}).documentElement.lang || ""`))
					return got == lang
				})
			}
			var png []byte
			if err == nil {
				png, err = browsertest.FullPage(ctx, 100)
			}
			wide, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > innerWidth`))
			// The comparison fits the screen, each row's games in sight
			// with their column's name, on a phone as on a desktop.
			cramped, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const w = document.querySelector("#comparison .runs-wrap"); return w.scrollWidth > w.clientWidth; })()`))
			games, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const td = document.querySelector("#diff-rows tr td:nth-child(4)");
				return td.getBoundingClientRect().right <= innerWidth ? (getComputedStyle(td).display === "block" ? getComputedStyle(td, "::before").content.replace(/^"|"$/g, "") : "") + td.textContent : ""; })()`))
			diffs, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("diff-rows").innerText`))
			cancel()
			if err != nil {
				t.Fatalf("lab in %s at %dx%d: %v", lang, size.w, size.h, err)
			}
			if wide {
				t.Errorf("lab in %s at %dx%d: the page is wider than the screen", lang, size.w, size.h)
			}
			if cramped {
				t.Errorf("lab in %s at %dx%d: the comparison is wider than its panel", lang, size.w, size.h)
			}
			want := "200 / 200"
			if size.w < 600 {
				l, _ := i18n.Parse(lang)
				want = pageWords.T(l, "lab.col_games") + ": " + want
			}
			if games != want {
				t.Errorf("lab in %s at %dx%d: a row's games read %q, want %q", lang, size.w, size.h, games, want)
			}
			if m := hyphenMinus.FindString(diffs); lang != "en" && m != "" {
				t.Errorf("lab in %s: a difference written with a hyphen, %q, where the report sets the minus sign −", lang, m)
			}
			browsertest.Keep(t, fmt.Sprintf("lab-%s-%dx%d.png", lang, size.w, size.h), png)
		}
	}
}

// TestBrowserLabSweepsACardsCost: a designer slides a sweep of
// Fireball's cost from 2 to 4 and sees the report's chart of the first
// player's win rate at each value.
func TestBrowserLabSweepsACardsCost(t *testing.T) {
	_, tab, text, do := openLab(t)
	do("ask for 60 games a value", chromedp.SetValue("#games", "60"))
	do("sweep", chromedp.Click("#sweep-on"))
	do("pick Fireball", chromedp.Evaluate[chromedp.Void](`(() => { const e = document.getElementById("sweep-card"); e.value = "Fireball"; e.dispatchEvent(new Event("change")); })()`))
	waitFor(t, "Fireball's fields with its cost now", func() bool {
		return text("#sweep-field") == "Cost (now 3)" && text("#sweep-from-out") == "1" && text("#sweep-to-out") == "5"
	})
	slide := func(id, v string) {
		do("slide "+id, chromedp.Evaluate[chromedp.Void](`(() => { const e = document.getElementById("`+id+`"); e.value = "`+v+`"; e.dispatchEvent(new Event("input")); })()`))
	}
	pick := func(id, v string) {
		do("pick "+v, chromedp.Evaluate[chromedp.Void](`(() => { const e = document.getElementById("`+id+`"); e.value = "`+v+`"; e.dispatchEvent(new Event("change")); })()`))
	}
	pick("sweep-card", "Wolf Pack")
	pick("sweep-field2", "health")
	waitFor(t, "a second field's lines", func() bool {
		return strings.Contains(text("#sweep-help"), "5 values of the first field, 3 of the second: 15 settings, 900 games in all") &&
			text("#sweep-from2-out") == "1" && text("#sweep-to2-out") == "3"
	})
	deck := func(v string) {
		do("player 1 plays "+v, chromedp.Evaluate[chromedp.Void](`(() => { const e = document.querySelector("#seat-rows tr[data-seat='1'] select.deck"); e.value = "`+v+`"; e.dispatchEvent(new Event("change")); })()`))
	}
	deck("Deepwood")
	waitFor(t, "the figure of player 1's deck", func() bool { return strings.Contains(text("#sweep-figure"), "Win rate of Deepwood") })
	shootPart(t, tab, "#sweep-box", "lab-sweep2")
	deck("")
	waitFor(t, "no deck's figure", func() bool { return !strings.Contains(text("#sweep-figure"), "Deepwood") })
	pick("sweep-field2", "")
	pick("sweep-card", "Fireball")
	slide("sweep-from", "2")
	slide("sweep-to", "4")
	waitFor(t, "the sweep's size", func() bool { return strings.Contains(text("#sweep-help"), "3 values, 180 games") })
	do("start it", chromedp.Click("#start"))
	waitFor(t, "the sweep's end", func() bool { return strings.Contains(text("#detail-status"), "Finished: 180 games over 3 values") })
	waitFor(t, "the sweep's chart", func() bool {
		got, _ := chromedp.Run(tab, chromedp.Evaluate[string](`(document.getElementById("report").contentDocument || {body: {innerHTML: ""}}).body.innerHTML`))
		return strings.Contains(got, "<svg") && strings.Contains(got, "Fireball")
	})
	if !strings.Contains(text("#detail-inputs"), "sweep Fireball cost 2..4") {
		t.Errorf("the run's inputs do not name its sweep: %q", text("#detail-inputs"))
	}
	pick("sweep-card", "Wolf Pack")
	do("load the run's inputs", chromedp.Click("#repeat"))
	waitFor(t, "the sweep's inputs back in the form", func() bool {
		got, _ := chromedp.Run(tab, chromedp.Evaluate[string](`["sweep-card", "sweep-field", "sweep-field2", "sweep-from", "sweep-to"].map((id) => document.getElementById(id).value).join(" ")`))
		return got == "Fireball cost  2 4" && strings.Contains(text("#sweep-help"), "3 values, 180 games")
	})
	png, err := browsertest.FullPage(tab, 100)
	if err != nil {
		t.Fatal(err)
	}
	browsertest.Keep(t, "lab-sweep-en-1280x900.png", png)
}

// TestBrowserLabDefaultSweepRunsInEveryGame: a designer ticks "Sweep a
// card's number" and presses Start without changing anything else (but
// the games, a few a value): the form's first choice plays in every game,
// and its sliders offer only values the card may take (MystiMons'
// Terrix has stage 1 to 5, never 0). A sweep the cards do not allow is
// refused in the page's language, naming the card, the field and value.
func TestBrowserLabDefaultSweepRunsInEveryGame(t *testing.T) {
	e, tab, text, do := openLabAt(t, "game=mystimons&lang=de")
	pick := func(id, v string) {
		do("pick "+v, chromedp.Evaluate[chromedp.Void](`(() => { const e = document.getElementById("`+id+`"); e.value = "`+v+`"; e.dispatchEvent(new Event("change")); })()`))
	}
	do("sweep", chromedp.Click("#sweep-on"))
	pick("sweep-card", "Terrix")
	pick("sweep-field", "stage")
	waitFor(t, "Terrix's stage from 1", func() bool { return text("#sweep-from-out") == "1" })
	if low, _ := chromedp.Run(tab, chromedp.Evaluate[string](`document.getElementById("sweep-from").min`)); low != "1" {
		t.Errorf("the stage slider starts at %q, want 1", low)
	}
	do("start the stage sweep", chromedp.Click("#start"))
	waitFor(t, "the refusal", func() bool { return text("#errors") != "" })
	if got := text("#errors"); !strings.Contains(got, "Terrix mit Stufe 2 lässt sich nicht spielen") || strings.Contains(got, "setting ") {
		t.Errorf("the refusal reads %q, want it in German naming Terrix, its stage and the value", got)
	}
	shootPart(t, tab, "#errors", "lab-sweep-refused-de")
	for _, g := range e.srv.games.list {
		id := g.Info().ID
		do("open "+id, chromedp.Navigate(e.http.URL+"/lab?lang=de&game="+id))
		do("wait for the seats", chromedp.WaitVisible("#seat-rows select.agent"))
		if _, ok := g.(engine.CardOverrider); !ok { // no cards to vary: no sweep offered
			waitFor(t, id+"'s sweep box disabled", func() bool {
				off, _ := chromedp.Run(tab, chromedp.Evaluate[bool](`document.getElementById("sweep-on").disabled`))
				return off
			})
			continue
		}
		do("sweep", chromedp.Click("#sweep-on"))
		// Where players pick a start card, the swept card's win rate as
		// start card is offered, and only there.
		s, err := g.New(engine.Setup{Game: id, Seats: g.Info().MinSeats, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		_, starts := s.(engine.AsideHolder)
		if offered := strings.Contains(text("#sweep-figure"), "als Startkarte"); offered != starts {
			t.Errorf("%s: the start card's win rate offered: %v, want %v (%q)", id, offered, starts, text("#sweep-figure"))
		}
		do("a few games a value", chromedp.SetValue("#games", "2"))
		do("start", chromedp.Click("#start"))
		waitFor(t, id+"'s default sweep to finish", func() bool {
			if got := text("#errors"); got != "" {
				t.Fatalf("%s: the default sweep was refused: %s", id, got)
			}
			return strings.HasPrefix(text("#detail-status"), "Fertig:")
		})
		if id == "mystimons" {
			shootPart(t, tab, "#sweep-box", "lab-sweep-default-de")
		}
	}
}

// TestBrowserLabTunesACardsCost: a designer tunes Fireball's cost
// toward an even first-player win rate in a few evaluations and reads the
// best setting, measured again, in the run's status; a tuning run has no
// report to open.
func TestBrowserLabTunesACardsCost(t *testing.T) {
	_, tab, text, do := openLab(t)
	do("ask for 20 games an evaluation", chromedp.SetValue("#games", "20"))
	do("ask for a precision first", chromedp.Click("input[name=size][value=ci]"))
	do("tune", chromedp.Click("#tune-on"))
	if size, _ := chromedp.Run(tab, chromedp.Evaluate[string](`document.querySelector("input[name=size]:checked").value`)); size != "games" {
		t.Errorf("tuning left the run's size at %q, where a tuning run plays a number of games", size)
	}
	waitFor(t, "a row for a card number", func() bool { return strings.Contains(text("#tune-rows"), "(now") })
	do("tune Fireball", chromedp.Evaluate[chromedp.Void](`(() => { const e = document.querySelector("#tune-rows .tune-card"); e.value = "Fireball"; e.dispatchEvent(new Event("change")); })()`))
	do("three evaluations", chromedp.SetValue("#tune-budget", "3"))
	do("a check of 100 games", chromedp.Evaluate[chromedp.Void](`(() => { const e = document.getElementById("tune-confirm"); e.value = "100"; e.dispatchEvent(new Event("input")); })()`))
	waitFor(t, "the run's size", func() bool {
		return strings.Contains(text("#tune-help"), "3 evaluations of 20 games, then 100 games to check the best setting: 160 games in all")
	})
	if on, _ := chromedp.Run(tab, chromedp.Evaluate[bool](`document.getElementById("sweep-on").checked`)); on {
		t.Fatal("the sweep stayed on beside the tuning")
	}
	do("add a number", chromedp.Click("#tune-add"))
	rows := func() int {
		n, _ := chromedp.Run(tab, chromedp.Evaluate[int](`document.querySelectorAll("#tune-rows .tune-row").length`))
		return n
	}
	waitFor(t, "a second row", func() bool { return rows() == 2 })
	cards, _ := chromedp.Run(tab, chromedp.Evaluate[string](`[...document.querySelectorAll("#tune-rows .tune-card")].map((e) => e.value).join(" / ")`))
	if first, second, _ := strings.Cut(cards, " / "); first != "Fireball" || second == first {
		t.Errorf("the rows tune %s: a new row should take another card", cards)
	}
	shootPart(t, tab, "#tune-box", "lab-tune")
	do("remove it", chromedp.Click("#tune-rows .tune-row:last-child .tune-remove"))
	waitFor(t, "one row again", func() bool { return rows() == 1 })
	do("add a rule variant", chromedp.Click("#tune-add-variant"))
	waitFor(t, "the variant's options, each ticked, in the game's words", func() bool {
		got, _ := chromedp.Run(tab, chromedp.Evaluate[string](`[...document.querySelectorAll("#tune-rows .tune-variant-row .tune-options label")].map((l) => l.textContent.trim() + (l.querySelector("input").checked ? "+" : "-")).join(" / ")`))
		return rows() == 2 && got != "" && !strings.Contains(got, "-") && !strings.Contains(got, "any-card")
	})
	shootPart(t, tab, "#tune-box", "lab-tune-variant")
	do("remove the variant", chromedp.Click("#tune-rows .tune-variant-row .tune-remove"))
	waitFor(t, "one row again", func() bool { return rows() == 1 })
	do("start it", chromedp.Click("#start"))
	waitFor(t, "the best setting", func() bool {
		s := text("#detail-status")
		return strings.Contains(s, "Finished: 160 games. Best setting: Fireball: Cost ") && strings.Contains(s, "Measured again on 100 fresh games, the first player won ") &&
			(strings.Contains(s, "Target met") || strings.Contains(s, "Target not met"))
	})
	if !strings.Contains(text("#detail-title"), "tune Fireball cost 1..5 toward 50.0%") {
		t.Errorf("the run is named %q", text("#detail-title"))
	}
	waitFor(t, "the tuning report with its chart and the settings nearest the target", func() bool {
		got, _ := chromedp.Run(tab, chromedp.Evaluate[string](`(document.getElementById("report").contentDocument || {body: {innerText: ""}}).body.innerText`))
		svg, _ := chromedp.Run(tab, chromedp.Evaluate[bool](`!!(document.getElementById("report").contentDocument || {querySelector: () => null}).querySelector("#chart-tuning svg")`))
		return svg && strings.Contains(got, "Best setting") && strings.Contains(got, "The settings tried nearest the target, each by the mean of its evaluations (20 games an evaluation)")
	})
	shootPart(t, tab, "#detail", "lab-tuned")
	do("edit the cards with the best setting", chromedp.Click("#tuned-edit"))
	waitFor(t, "the tuned file in the editor", func() bool {
		// The tuned file is the shipped one, its comments and a card a line, with Fireball's cost set.
		got, _ := chromedp.Run(tab, chromedp.Evaluate[string](`document.getElementById("card-file").value + " " +
			document.querySelector("input[name=cards]:checked").value + " " + !document.getElementById("editor-box").hidden + " " +
			(document.getElementById("yaml").value.includes("{name: Fireball, type: wonder, cost: ") && document.getElementById("yaml").value.startsWith("# Red: fire."))`))
		return got == "red.yaml edited true true"
	})
}

// TestBrowserLabTunesARuleVariant: a tuning run of a rule variant alone
// puts its best option into the form's variants.
func TestBrowserLabTunesARuleVariant(t *testing.T) {
	_, tab, text, do := openLab(t)
	do("ask for 10 games an evaluation", chromedp.SetValue("#games", "10"))
	do("tune", chromedp.Click("#tune-on"))
	do("add a rule variant", chromedp.Click("#tune-add-variant"))
	do("tune colours", chromedp.Evaluate[chromedp.Void](`(() => { const e = document.querySelector("#tune-rows .tune-variant"); e.value = "colours"; e.dispatchEvent(new Event("change")); })()`))
	do("leave the card number out", chromedp.Click("#tune-rows .tune-row:first-child .tune-remove"))
	do("two evaluations", chromedp.SetValue("#tune-budget", "2"))
	do("a check of 100 games", chromedp.SetValue("#tune-confirm", "100"))
	do("start it", chromedp.Click("#start"))
	waitFor(t, "the best option", func() bool { return strings.Contains(text("#detail-status"), "Best setting: Colours: ") })
	best, err := chromedp.Run(tab, chromedp.Evaluate[string](`fetch("/api/lab/runs").then((r) => r.json()).then((l) => fetch("/api/lab/runs/" + l.runs[0].id)).then((r) => r.json()).then((r) => r.tune.best["variant:colours"])`,
		chromedp.EvalAwaitPromise))
	if err != nil || best == "" {
		t.Fatalf("the run's best option: %q, %v", best, err)
	}
	if best == "exclusive" {
		do("choose shared", chromedp.SetValue(`#variants select[data-variant='colours']`, "shared"))
	} else {
		do("choose exclusive", chromedp.SetValue(`#variants select[data-variant='colours']`, "exclusive"))
	}
	do("use the setting", chromedp.Click("#tuned-edit"))
	waitFor(t, "the best option in the form", func() bool {
		got, _ := chromedp.Run(tab, chromedp.Evaluate[string](`document.querySelector("#variants select[data-variant=colours]").value`))
		return got == best
	})
}

// pasteJS sets a seat's deck to a pasted list and types the list in.
const pasteJS = `((seat, list) => {
  const row = document.querySelector('#seat-rows tr[data-seat="' + seat + '"]');
  const pick = row.querySelector("select.deck");
  pick.value = "paste-list";
  pick.dispatchEvent(new Event("change"));
  const area = document.querySelector('tr[data-list-seat="' + seat + '"] textarea');
  area.value = list;
  area.dispatchEvent(new Event("input"));
  return !area.closest("tr").hidden;
})`

// TestBrowserLabPlaysAPastedDeck: a designer pastes a deck list with a
// misspelt card for player 1; starting the run shows the problem under
// the list at its line, in the page's language, and queues nothing; the
// corrected list plays. With $KARTENWERK_SCREENS set, the form with
// the list and its problem is shot there in each language at a
// desktop's and a phone's size.
func TestBrowserLabPlaysAPastedDeck(t *testing.T) {
	e, tab, text, do := openLab(t)
	good := presetListText(t, "mysticelements")
	bad := strings.Replace(good, "1 Wolf Pack\n", "1 Wolf Pak\n", 1)
	fill := func(list string) {
		t.Helper()
		do("share the colours", chromedp.SetValue(`#variants select[data-variant='colours']`, "shared"))
		do("player 2 plays Deepwood", chromedp.SetValue(`#seat-rows tr[data-seat='2'] select.deck`, "Deepwood"))
		shown, err := chromedp.Run(tab, chromedp.Evaluate[bool](pasteJS+`(1, `+jsString(list)+`)`))
		if err != nil || !shown {
			t.Fatalf("pasting player 1's list: shown %v, %v", shown, err)
		}
	}
	do("ask for 20 games", chromedp.SetValue("#games", "20"))
	fill(bad)
	do("start it", chromedp.Click("#start"))
	var problems, errs string
	if !poll(20*time.Second, func() bool {
		problems, errs = text(`tr[data-list-seat='1'] .list-problems`), text("#errors")
		return strings.Contains(problems, "Line 2") && strings.Contains(problems, "Wolf Pak") &&
			strings.Contains(errs, "Player 1's deck list has 2 problems")
	}) {
		t.Fatalf("no misspelt card at line 2 under the list after 20 s: under the list %q, the form's errors %q", problems, errs)
	}
	if n := strings.Count(text("#run-rows"), "Mystic Elements"); n != 0 {
		t.Fatalf("a run with a bad list was queued (%d listed)", n)
	}
	for _, lang := range []string{"de", "en", "cs"} {
		do("open the lab in "+lang, chromedp.Navigate(e.http.URL+"/lab?game=mysticelements&lang="+lang))
		do("wait for the seats", chromedp.WaitVisible("#seat-rows select.agent"))
		fill(bad)
		do("start it", chromedp.Click("#start"))
		waitFor(t, "the problem in "+lang, func() bool { return strings.Contains(text(`tr[data-list-seat='1'] .list-problems`), "Wolf Pak") })
		if text(`tr[data-list-seat='1'] .list-problems a[href='/cards/mysticelements']`) == "" {
			t.Errorf("%s: the misspelt card's fix does not link the card list: %q", lang, text(`tr[data-list-seat='1'] .list-problems`))
		}
		if strings.Contains(text("body"), "⟦") {
			t.Errorf("%s: a word is missing from the catalogue: the page shows a key", lang)
		}
		shootDeckList(t, tab, lang)
	}
	do("open the lab in English", chromedp.Navigate(e.http.URL+"/lab?game=mysticelements&lang=en"))
	do("wait for the seats", chromedp.WaitVisible("#seat-rows select.agent"))
	do("ask for 20 games", chromedp.SetValue("#games", "20"))
	fill(good)
	do("start it", chromedp.Click("#start"))
	waitFor(t, "the run with the pasted list", func() bool {
		return strings.Contains(text("#detail-status"), "Finished: 20 games") && strings.Contains(text("#detail-inputs"), "pasted list / Deepwood")
	})
}

// shootDeckList keeps the seats with the pasted list and its problem.
func shootDeckList(t *testing.T, tab context.Context, lang string) {
	t.Helper()
	for _, size := range []struct{ w, h int64 }{{1280, 800}, {390, 844}} {
		err := chromedp.Do(tab, chromedp.EmulateViewport(size.w, size.h), chromedp.ScrollIntoView(`#seat-rows`),
			chromedp.Sleep(300*time.Millisecond))
		var png []byte
		if err == nil {
			png, err = chromedp.Run(tab, chromedp.CaptureScreenshot())
		}
		wide, _ := chromedp.Run(tab, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > innerWidth`))
		if err != nil {
			t.Fatalf("the pasted list in %s at %dx%d: %v", lang, size.w, size.h, err)
		}
		if wide {
			t.Errorf("the pasted list in %s at %dx%d: the page is wider than the screen", lang, size.w, size.h)
		}
		browsertest.Keep(t, fmt.Sprintf("lab-decklist-%s-%dx%d.png", lang, size.w, size.h), png)
	}
	if err := chromedp.Do(tab, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserLabOpensTheFirstGameForAnUnknownOne: ?game= naming a game
// the server does not offer opens the lab with its first game, seats
// and all, not an empty form.
func TestBrowserLabOpensTheFirstGameForAnUnknownOne(t *testing.T) {
	e, tab, _, _ := openLabAt(t, "game=nosuch&lang=de")
	picked, err := chromedp.Run(tab, chromedp.Evaluate[string](`document.getElementById("game").value`))
	if first := e.srv.games.list[0].Info().ID; err != nil || picked != first {
		t.Fatalf("the lab picked %q (%v), want the first game, %s", picked, err, first)
	}
}

// TestBrowserLabEditorShowsAOneLineCardWhole: on a desktop the card
// editor takes the setup's width and wraps its lines, so that a
// MystiMons card written on one line shows every field; a mistake in it
// is said in the page's language with the card and field, and a changed
// number shows as "HP 40 → 43" with the rules text once. On a phone the
// editor fits the screen.
func TestBrowserLabEditorShowsAOneLineCardWhole(t *testing.T) {
	_, tab, text, do := openLabAt(t, "game=mystimons&lang=de")
	do("a desktop's size", chromedp.EmulateViewport(1366, 768))
	do("edit cards here", chromedp.Evaluate[chromedp.Void](`document.querySelector("input[name=cards][value=edited]").click()`))
	do("pick earth.yaml", chromedp.SetValue("#card-file", "earth.yaml"))
	do("load it", chromedp.Evaluate[chromedp.Void](`document.getElementById("card-file").dispatchEvent(new Event("change"))`))
	edit := func(from, to string) {
		t.Helper()
		waitFor(t, "the edit "+to, func() bool {
			ok, _ := chromedp.Run(tab, chromedp.Evaluate[bool](editJS+`(`+jsString(from)+`, `+jsString(to)+`)`))
			return ok
		})
	}
	edit("hp: 40,", "hp: vierzig,")
	waitFor(t, "the mistake in German", func() bool {
		got := text("#problems")
		return strings.Contains(got, "Zeile 4") && strings.Contains(got, "Terrix · HP") && strings.Contains(got, "ganze Zahl") && !strings.Contains(got, "$.cards")
	})
	// The editor is wide, and its lines wrap rather than run off it; the
	// marked number stands at its line.
	fit, err := chromedp.Run(tab, chromedp.Evaluate[[]int](`(() => { const a = document.getElementById("yaml");
		const bad = document.querySelector("#gutter .bad-line"); const n = [...document.querySelectorAll("#gutter span")];
		return [a.clientWidth, a.scrollWidth - a.clientWidth, bad ? Number(bad.textContent) : 0, n.length === a.value.split("\n").length ? 1 : 0,
			document.getElementById("gutter").scrollHeight - a.scrollHeight]; })()`))
	if err != nil || len(fit) != 5 || fit[0] < 1000 || fit[1] > 0 || fit[2] != 4 || fit[3] != 1 || fit[4] < -2 || fit[4] > 2 {
		t.Errorf("editor [width, overflow, marked line, numbered, gutter-text height] %v (%v): want at least 1000 px wide, no overflow, line 4 marked, the gutter as high as the text", fit, err)
	}
	shootPart(t, tab, "#editor-box", "lab-editor-problem-de")
	edit("hp: vierzig,", "hp: 43,")
	waitFor(t, "the changed field", func() bool {
		return strings.Contains(strings.Join(strings.Fields(text("#changed")), " "), "HP 40 → 43")
	})
	texts, err := chromedp.Run(tab, chromedp.Evaluate[[]int](`[document.querySelectorAll("#changed .card-text").length, document.querySelectorAll("#changed .card-was").length]`))
	if err != nil || len(texts) != 2 || texts[0] != 1 || texts[1] != 0 {
		t.Errorf("rules texts shown [now, before] %v (%v), want the text once", texts, err)
	}
	shootPart(t, tab, "#editor-box", "lab-editor-changed-de")
	do("a phone's size", chromedp.EmulateViewport(390, 844))
	phone, err := chromedp.Run(tab, chromedp.Evaluate[[]int](`[document.getElementById("yaml").clientWidth, document.documentElement.scrollWidth]`))
	if err != nil || len(phone) != 2 || phone[0] < 250 || phone[1] > 390 {
		t.Errorf("on a phone [editor width, page width] %v (%v): want an editor of at least 250 px in a page no wider than 390", phone, err)
	}
}
