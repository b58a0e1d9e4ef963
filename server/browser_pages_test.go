package server

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	"kartenwerk/internal/browsertest"
	"kartenwerk/platform/companion"
)

// platformPages are the pages around the table that a player, an
// organiser or a designer opens, logged in. printed says the page lists
// cards by their printed names, which may be words of another language
// ("Fluch der Schwäche").
var platformPages = []struct {
	name, path string
	printed    bool
}{
	{"lobby", "/", false},
	{"account", "/login", false},
	{"collection", "/collection", false},
	{"decks", "/decks/mystimons", false},
	{"ranked", "/ranked", false},
	{"leaderboard", "/leaderboard", false},
	{"tournaments", "/tournaments", false},
	{"lab", "/lab", false},
	{"rules-index", "/rules", false},
	{"rules", "/rules/athernum", false},
	{"cards", "/cards/zynalith", true},
	{"companion", "/companion/mystimons", false},
}

// TestBrowserPlatformPagesSpeakAPlayersWords opens each platform page
// logged out and logged in, in German, English and Czech, at a laptop's
// and two phones' sizes, and keeps a screenshot of each. A page does not
// scroll sideways, shows no word the reader would not say (a missing
// word, an internal name of a message, zone or card: snake_case, dotted
// keys, c12; a word of another language; a decimal point in German or
// Czech), no panel with nothing under its heading, nothing sticking out
// of its panel, nothing off the screen in its header and no field too
// narrow for its example.
func TestBrowserPlatformPagesSpeakAPlayersWords(t *testing.T) {
	e := newEnv(t)
	for _, lang := range pageLangs {
		l, _ := i18n.Parse(lang)
		t.Run(lang, func(t *testing.T) {
			t.Parallel() // half of a page's time is spent waiting for it to settle
			tab := browsertest.NewWithin(t, 4*time.Minute)
			useLang(t, tab, e.http.URL, lang)
			visitPlatformPages(t, tab, e.http.URL, "out", l)
			signUp(t, tab, e.http.URL, "Ada"+lang)
			visitPlatformPages(t, tab, e.http.URL, "in", l)
		})
	}
}

// visitPlatformPages checks every platform page at every screen size;
// who says whether the reader is logged "in" or "out".
func visitPlatformPages(t *testing.T, tab context.Context, base, who string, l i18n.Lang) {
	t.Helper()
	for _, page := range platformPages {
		for _, size := range pageSizes {
			name := fmt.Sprintf("page-%s-%s-%s-%s", page.name, who, size.name, l)
			if err := chromedp.Do(tab, chromedp.EmulateViewport(size.width, size.height), chromedp.Navigate(base+page.path)); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			checkPlatformPage(t, tab, name, l, page.printed)
			if who == "in" {
				checkAsksNoLogIn(t, tab, name, l)
			}
		}
	}
}

// loginRequests are the pages' words that ask a visitor to log in, which
// a logged-in reader must not be shown ("Log in to register." headed the
// tournament list of a player who was).
var loginRequests = []string{"tournament.log_in_to_register", "decks.login_to_save", "decks.test_login", "collection.login_first"}

// checkAsksNoLogIn fails where the page in tab, read logged in, shows one
// of the loginRequests.
func checkAsksNoLogIn(t *testing.T, tab context.Context, name string, l i18n.Lang) {
	t.Helper()
	text := evalJS[string](t, tab, `document.body.innerText`)
	for _, key := range loginRequests {
		if !pageWords.Has(key) {
			t.Fatalf("the pages' words lack %s", key)
		}
		if ask := pageWords.T(l, key); strings.Contains(text, ask) {
			t.Errorf("%s asks a logged-in player: %q", name, ask)
		}
	}
}

// checkPlatformPage waits for the page in tab to settle, keeps its
// screenshot as name and reports what a reader in language l would
// stumble on; printed pages may name cards in another language.
func checkPlatformPage(t *testing.T, tab context.Context, name string, l i18n.Lang, printed bool) {
	t.Helper()
	text := settledText(t, tab)
	browsertest.Screenshot(t, tab, name)
	if missing := missingWord.FindString(text); missing != "" {
		t.Errorf("%s shows %s: the pages' catalogue lacks the word", name, missing)
	}
	if word := internalWord(text); word != "" {
		t.Errorf("%s shows %q, a name from inside the program, not a player's word", name, word)
	}
	if word := foreignWord(l, text); word != "" && !printed {
		t.Errorf("%s shows %q, a word of another language", name, word)
	}
	if l != i18n.EN && pointPercent.MatchString(text) {
		t.Errorf("%s writes %q with a decimal point: German and Czech write a comma", name, pointPercent.FindString(text))
	}
	if sideways(t, tab) {
		t.Errorf("%s scrolls sideways", name)
	}
	for _, problem := range layoutProblems(t, tab) {
		t.Errorf("%s: %s", name, problem)
	}
}

// signUp creates an account through the login page and stays logged in.
func signUp(t *testing.T, tab context.Context, base, name string) {
	t.Helper()
	_, do := pageDriver(t, tab, "#login-errors")
	do("open the login page", chromedp.Navigate(base+"/login"))
	do("wait for the form", chromedp.WaitVisible("#login-form"))
	do("type a username", chromedp.SendKeys("#username", name))
	do("type a password", chromedp.SendKeys("#password", alicePassword))
	do("create the account", chromedp.Click("#signup"))
	do("wait to be logged in", chromedp.WaitVisible("#signed-in"))
}

// settledText is the page's visible text once its scripts have filled
// it in: read twice, a moment apart, while the page awaits no request
// (browsertest.Quiet), and the same both times.
func settledText(t *testing.T, tab context.Context) string {
	t.Helper()
	last := ""
	for deadline := time.Now().Add(6 * time.Second); time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
		text, err := chromedp.Run(tab, chromedp.Evaluate[string](browsertest.Quiet+` ? document.body.innerText : ""`))
		if err != nil {
			t.Fatal(err)
		}
		if text != "" && text == last {
			return text
		}
		last = text
	}
	return last
}

// internalNames finds what a program calls things and a player does not:
// snake_case ("logged_in_as"), a dotted key ("mm.pool.fire",
// "table.tag_turn") and a card's id ("c12").
var internalNames = regexp.MustCompile(`(^|[\s(])([a-z]+_[a-z_]+|[a-z]+\.[a-z_]+\.[a-z_.]+|[a-z]+\.[a-z]+_[a-z_]+|c\d{1,3})($|[\s),.:;])`)

// internalWord is the first internal name in text, or "".
func internalWord(text string) string {
	if m := internalNames.FindStringSubmatch(text); m != nil {
		return m[2]
	}
	return ""
}

// sideways reports whether the page is wider than the window.
func sideways(t *testing.T, tab context.Context) bool {
	t.Helper()
	wide, err := chromedp.Run(tab, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > innerWidth`))
	if err != nil {
		t.Fatal(err)
	}
	return wide
}

// TestInternalWordFindsWhatOnlyTheProgramSays keeps internalWord able to
// fail: it finds each kind of internal name and passes a player's words.
func TestInternalWordFindsWhatOnlyTheProgramSays(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Logged in as Ada", ""},
		{"account.logged_in_as Ada", "account.logged_in_as"},
		{"Pool: mm.pool.fire 2", "mm.pool.fire"},
		{"Hand: c12, c3", "c12"},
		{"no_seat_token", "no_seat_token"},
		{"Version 2.0 of kartenwerk.db", ""},
		{"Deck (52 cards)", ""},
	} {
		if got := internalWord(c.text); got != c.want {
			t.Errorf("internalWord(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// missingWord is how a page shows a key its catalogue lacks.
var missingWord = regexp.MustCompile(`⟦[^⟧]*⟧`)

// pointPercent is a share written with a decimal point: "12.5 %".
var pointPercent = regexp.MustCompile(`\d\.\d+\s?%`)

// layoutProblemsJS lists what a reader of the page would stumble on: a
// panel that shows nothing but its heading, a chart with nothing in it,
// something that sticks out of its panel (where nothing between them
// scrolls or clips), a part of the header off the screen, two buttons
// side by side without a gap, and a field too narrow for the example it
// shows.
const layoutProblemsJS = `(() => {
  const out = [];
  const what = (e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + " " + JSON.stringify((e.innerText || e.placeholder || "").trim().slice(0, 40));
  for (const p of document.querySelectorAll("section.panel")) {
    const h = p.querySelector("h2, h3");
    if (p.offsetParent && h && p.innerText.trim() === h.innerText.trim()) out.push("the panel " + JSON.stringify(h.innerText.trim()) + " shows only its heading: say that it is empty");
  }
  for (const f of document.querySelectorAll("figure")) {
    if (f.offsetParent && !f.querySelector("svg *, img, canvas, table")) out.push("the chart " + JSON.stringify(f.innerText.trim()) + " is an empty frame");
  }
  for (const e of document.querySelectorAll(".panel *")) {
    const r = e.getBoundingClientRect(), p = e.closest(".panel").getBoundingClientRect();
    if (!e.offsetParent || !r.width || (r.right <= p.right + 1 && r.left >= p.left - 1)) continue;
    let clipped = false;
    for (let a = e.parentElement; a && !a.classList.contains("panel"); a = a.parentElement) if (getComputedStyle(a).overflowX !== "visible") clipped = true;
    if (!clipped) out.push(what(e) + " sticks out of its panel");
  }
  for (const e of document.querySelectorAll(".bar > *")) {
    const r = e.getBoundingClientRect();
    if (e.offsetParent && (r.right > document.documentElement.clientWidth + 1 || r.left < -1)) out.push(what(e) + " in the header runs off the screen");
  }
  // Buttons side by side read as two only with a gap between them: the
  // replay's "Watch the game" and "Back to the lobby" touched.
  for (const b of document.querySelectorAll("button, .button")) {
    const n = b.nextElementSibling;
    if (!b.offsetParent || !n || !n.offsetParent || !n.matches("button, .button")) continue;
    const r = b.getBoundingClientRect(), s = n.getBoundingClientRect();
    if (Math.abs(r.top - s.top) < r.height / 2 && s.left >= r.left && s.left - r.right < 2) out.push(what(b) + " and " + what(n) + " touch: put a gap between them");
  }
  const ctx = document.createElement("canvas").getContext("2d");
  for (const i of document.querySelectorAll("input[placeholder]")) {
    if (!i.offsetParent) continue;
    const st = getComputedStyle(i);
    ctx.font = st.font;
    const room = i.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight);
    if (ctx.measureText(i.placeholder).width > room + 1) out.push(what(i) + " is too narrow for its example");
  }
  return out.slice(0, 5);
})()`

// layoutProblems runs layoutProblemsJS on the page in tab.
func layoutProblems(t *testing.T, tab context.Context) []string {
	t.Helper()
	out, err := chromedp.Run(tab, chromedp.Evaluate[[]string](layoutProblemsJS))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestBrowserGamePagesOfEveryGame opens each page that is about one game
// (its rules, its cards, its deck builder, its leaderboard, the lab set
// to it, its companion where it has one) for every game, in one language a game at
// a phone's and a laptop's size: each passes the platform pages' checks,
// words of another language counted outside the cards' printed names.
// The platform pages' test opens each with one game only.
func TestBrowserGamePagesOfEveryGame(t *testing.T) {
	e := newEnv(t)
	companions := map[string]bool{}
	for _, id := range companion.Games() {
		companions[id] = true
	}
	for i, g := range engine.Games() {
		id := g.Info().ID
		lang := pageLangs[i%len(pageLangs)]
		l, _ := i18n.Parse(lang)
		t.Run(id+"-"+lang, func(t *testing.T) {
			t.Parallel()
			tab := browsertest.NewWithin(t, 3*time.Minute)
			useLang(t, tab, e.http.URL, lang)
			pages := []string{"/rules/" + id, "/cards/" + id, "/decks/" + id, "/leaderboard/" + id, "/lab?game=" + id}
			if companions[id] {
				pages = append(pages, "/companion/"+id)
			}
			for _, path := range pages {
				for _, size := range screenSizes {
					name := fmt.Sprintf("game-page%s-%s-%s", strings.NewReplacer("/", "-", "?", "-", "=", "-").Replace(path), size.name, lang)
					if err := chromedp.Do(tab, chromedp.EmulateViewport(size.width, size.height), chromedp.Navigate(e.http.URL+path)); err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					checkPlatformPage(t, tab, name, l, true)
					if word := gameForeignWord(g, l, settledText(t, tab)); word != "" {
						t.Errorf("%s shows %q, a word of another language outside a card's printed name", name, word)
					}
				}
			}
		})
	}
}
