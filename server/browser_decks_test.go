package server

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	"kartenwerk/internal/browsertest"
	"kartenwerk/platform/codes"
	"kartenwerk/sim"
)

// buildJS builds a deck in the deck builder as a player would: for each
// card of the list, it picks the card's section, types the name into the
// search field and clicks the card's "+" as often as the list says.
// It returns the names it could not find.
const buildJS = `((entries) => {
  const missing = [];
  const fire = (id, v) => { const e = document.getElementById(id); e.value = v; e.dispatchEvent(new Event("input")); };
  for (const {card, count, section} of entries) {
    fire("section", section || "");
    fire("search", card);
    const row = [...document.querySelectorAll("#pool li")].find((li) => li.dataset.name.toLowerCase() === card.toLowerCase());
    if (!row) { missing.push(card); continue; }
    for (let i = 0; i < count; i++) row.querySelector("button.add").click();
  }
  fire("search", "");
  return missing;
})`

// TestBrowserBuildsSavesAndPlaysADeckOfEveryGame: for each game, from
// an empty list, a player builds a preset's deck by searching and
// clicking, sees it legal, saves it, and starts a game with it against
// the AI, after testing it in a small batch. With $KARTENWERK_SCREENS set, the builder is shot there
// at a desktop's and a phone's size.
func TestBrowserBuildsSavesAndPlaysADeckOfEveryGame(t *testing.T) {
	for _, game := range []string{"athernum", "mystimons", "microlife", "mysticelements", "zynalith"} {
		t.Run(game, func(t *testing.T) { buildSaveAndPlay(t, game) })
	}
}

func buildSaveAndPlay(t *testing.T, game string) {
	e := newAccountEnv(t, nil)
	g, err := e.srv.games.lookup(game)
	if err != nil {
		t.Skip(err)
	}
	preset := g.Presets()[0]
	tab := newBrowser(t)
	text, do := pageDriver(t, tab, "#message")
	savedHidden := func() bool {
		hidden, err := chromedp.Run(tab, chromedp.Evaluate[bool](`document.getElementById("saved").hidden`))
		if err != nil {
			t.Fatal(err)
		}
		return hidden
	}
	do("open the deck builder logged out", chromedp.Navigate(e.http.URL+"/decks/"+game))
	do("wait for its cards", chromedp.WaitVisible("#pool li"))
	waitFor(t, "no list of saved decks while logged out", savedHidden)
	signUpInPage(t, e, do, "alice")
	do("open the deck builder", chromedp.Navigate(e.http.URL+"/decks/"+game))
	do("wait for the cards", chromedp.WaitVisible("#pool li"))
	waitFor(t, "the list of saved decks", func() bool { return !savedHidden() })
	waitFor(t, "an empty deck", func() bool { return strings.Contains(text("#deck"), "empty") })
	// The group filter speaks of the game's own groups ("any faction"),
	// not of every game's at once.
	if want := g.(engine.Speaker).Catalog().T(i18n.EN, "filter.any_group"); text("#f-group option") != want {
		t.Errorf("the group filter offers %q, want %q", text("#f-group option"), want)
	}
	entries, _ := json.Marshal(preset.Entries)
	missing, err := chromedp.Run(tab, chromedp.Evaluate[[]string](fmt.Sprintf("%s(%s)", buildJS, entries)))
	if err != nil || len(missing) > 0 {
		t.Fatalf("building %s's %s: %v, cards not found by searching: %v", game, preset.Name, err, missing)
	}
	waitFor(t, "the deck checked legal", func() bool { return strings.Contains(text("#verdict"), "Legal deck") })
	if verdict := text("#verdict"); noCards.MatchString(verdict) {
		t.Errorf("the %s deck of %s reads %q", game, text("#deck-count"), verdict)
	}
	checkSectionsNamedAsPiles(t, tab, preset.Entries)
	checkSectionsOffered(t, tab, g)
	do("name the deck", chromedp.SetValue("#deck-name", "Clicked "+preset.Name))
	do("save it", chromedp.Click("#save"))
	waitFor(t, "the deck saved", func() bool { return strings.Contains(text("#message"), "Saved") })
	decks, err := e.srv.deckStore().Decks(t.Context(), e.accountID("alice"), game)
	if err != nil || len(decks) != 1 {
		t.Fatalf("saved decks of %s: %v %v, want the one", game, decks, err)
	}
	if _, err := resolveDeck(g, DeckRequest{List: exported(decks[0])}, "saved deck"); err != nil {
		t.Errorf("the saved %s deck is not legal on the server: %v", game, err)
	}
	do("open Test this deck", chromedp.Click("#test-title"))
	do("ask for 10 games", chromedp.SetValue("#test-games", "10"))
	do("start the test", chromedp.Click("#test"))
	// The deck is the preset's list: the test does not play it against
	// that preset, and says so; where the rules let it meet only itself,
	// there is nothing to test.
	if _, err := planTrial(g, preset, 10, i18n.EN); err != nil {
		waitFor(t, "the test refused", func() bool { return strings.Contains(text("#test-result"), "against itself a deck wins exactly half") })
	} else {
		checkTestResult(t, tab, text, g, preset)
	}
	shoot(t, tab, "decks-"+game)
	checkShared(t, e, tab, game, decks[0])
	do("play it against the AI", chromedp.Click("#play"))
	do("wait for the table page", chromedp.WaitReady("body.play"))
	waitTable(t, tab, 0)
	do("wait for the prompt", chromedp.WaitReady("#prompt p"))
}

// checkTestResult reads a finished deck test of preset's list: a win rate
// with its interval, the preset itself named apart and not rated, and the
// readings it played.
func checkTestResult(t *testing.T, tab context.Context, text func(string) string, g engine.Game, preset engine.DeckList) {
	t.Helper()
	waitFor(t, "the test's win rate", func() bool { return strings.Contains(text("#test-result"), "95% interval") })
	if result := text("#test-result"); strings.Contains(result, "null") || strings.Contains(result, "undefined") {
		t.Errorf("the test's result reads %q", result)
	}
	if want := "against " + preset.Name + ": not played, as it lists the same cards as this deck"; !strings.Contains(text("#test-result"), want) {
		t.Errorf("the test's result %q does not say %q", text("#test-result"), want)
	}
	if strings.Contains(text("#test-result"), "against "+preset.Name+": 50") {
		t.Errorf("the test's result %q rates the deck against itself", text("#test-result"))
	}
	for k, v := range g.Info().OwnDecksVariant {
		if want := sim.VariantSaid(i18n.EN, g.(engine.Speaker).Catalog(), k, v); !strings.Contains(text("#test-result"), want) {
			t.Errorf("the test's result %q does not say it played %s", text("#test-result"), want)
		}
	}
}

// checkShared opens a saved deck's share link: the deck is shown, read-only.
func checkShared(t *testing.T, e *accountEnv, tab context.Context, game string, d SavedDeck) {
	t.Helper()
	text, do := pageDriver(t, tab, "#message")
	do("share the deck", chromedp.Click("#share"))
	link, err := chromedp.Run(tab, chromedp.Evaluate[string](`document.querySelector("#share-link").value`))
	if err != nil || !strings.HasSuffix(link, "/decks/"+game+"?share="+d.Share) {
		t.Fatalf("share link %q (%v), want one ending in /decks/%s?share=%s", link, err, game, d.Share)
	}
	do("open the share link", chromedp.Navigate(link))
	waitFor(t, "the shared deck", func() bool { return strings.Contains(text("#shared-note"), d.Name) })
	adds, err := chromedp.Run(tab, chromedp.Evaluate[int](`document.querySelectorAll("#pool button.add, #deck button.add").length`))
	if err != nil || adds != 0 {
		t.Errorf("a shared deck offers %d add buttons (%v), want none: it is read-only", adds, err)
	}
	do("back to the deck builder", chromedp.Navigate(e.http.URL+"/decks/"+game))
	do("wait for the cards", chromedp.WaitVisible("#pool li"))
	do("load the saved deck", chromedp.SetValue("#saved", d.ID))
	do("pick it", chromedp.Evaluate[chromedp.Void](`document.querySelector("#saved").dispatchEvent(new Event("change"))`))
	waitFor(t, "the saved deck loaded and legal", func() bool { return strings.Contains(text("#verdict"), "Legal deck") })
}

// signUpInPage creates an account on the login page, logging the tab in.
// checkSectionsNamedAsPiles fails when the deck list heads a section
// with its list keyword ("creatures", "extra") where the game has a word
// for the pile it fills.
func checkSectionsNamedAsPiles(t *testing.T, tab context.Context, entries []engine.DeckEntry) {
	t.Helper()
	heads, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#deck .d-section")].map((e) => e.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Section != "" && slices.ContainsFunc(heads, func(h string) bool { return strings.EqualFold(h, e.Section) }) {
			t.Errorf("the deck list heads the section %q with its keyword: %q", e.Section, heads)
			return
		}
	}
}

// checkSectionsOffered: the piles the builder offers to add a card to are
// those g's presets use, so no main deck beside Zynalith's two stacks.
func checkSectionsOffered(t *testing.T, tab context.Context, g engine.Game) {
	t.Helper()
	var want []string
	for _, p := range g.Presets() {
		for _, e := range p.Entries {
			if !slices.Contains(want, e.Section) {
				want = append(want, e.Section)
			}
		}
	}
	got, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#section option")].map((o) => o.value)`))
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("the builder offers the piles %q, want the presets' %q", got, want)
	}
}

// noCards finds a count of no cards: "a legal deck of 0 cards".
var noCards = regexp.MustCompile(`\b0 cards`)

func signUpInPage(t *testing.T, e *accountEnv, do func(string, chromedp.Action[chromedp.Void]), name string) {
	t.Helper()
	do("open the login page", chromedp.Navigate(e.http.URL+"/login"))
	do("wait for the form", chromedp.WaitVisible("#login-form"))
	do("type a username", chromedp.SendKeys("#username", name))
	do("type a password", chromedp.SendKeys("#password", alicePassword))
	do("create the account", chromedp.Click("#signup"))
	do("wait until logged in", chromedp.WaitVisible("#signed-in"))
}

// shoot saves the page at 1280x800 and 390x844 into
// $KARTENWERK_SCREENS as name-WxH.png (nothing when it is not set).
func shoot(t *testing.T, tab context.Context, name string) {
	if os.Getenv(browsertest.ScreensEnv) == "" {
		return
	}
	for _, size := range [][2]int64{{1280, 800}, {390, 844}} {
		ctx, cancel := context.WithTimeout(tab, 30*time.Second)
		err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1]), chromedp.Evaluate[chromedp.Void](`scrollTo(0, 0)`),
			chromedp.Sleep(300*time.Millisecond))
		var png []byte
		if err == nil {
			png, err = chromedp.Run(ctx, chromedp.CaptureScreenshot())
		}
		cancel()
		if err != nil {
			t.Fatalf("screenshot of %s: %v", name, err)
		}
		browsertest.Keep(t, fmt.Sprintf("%s-%dx%d.png", name, size[0], size[1]), png)
	}
	if err := chromedp.Do(tab, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserRegistersACardOnTheCollectionPage types a code on the
// collection page: the card is listed with its count, and its game's
// share is shown; a card's printed link fills in its code.
func TestBrowserRegistersACardOnTheCollectionPage(t *testing.T) {
	e := newCodesEnv(t, 2)
	tab := newBrowser(t)
	text, do := pageDriver(t, tab, "#register-result")
	signUpInPage(t, e.accountEnv, do, "alice")
	do("open the collection", chromedp.Navigate(e.http.URL+"/collection"))
	do("wait for the card form", chromedp.WaitVisible("#register-form"))
	waitFor(t, "an empty collection", func() bool { return strings.Contains(text("#owned"), "No cards registered") })
	do("type the code", chromedp.SendKeys("#card-code", strings.ToLower(e.run.Codes[0].String())))
	do("register it", chromedp.Click("#register"))
	waitFor(t, "the card registered", func() bool { return strings.Contains(text("#register-result"), "now in your collection") })
	waitFor(t, "the card listed", func() bool { return strings.Contains(text("#owned"), "Ember Fox") })
	if s := text("#shares"); !strings.Contains(s, "Athernum") {
		t.Errorf("shares %q, want every game's", s)
	}
	link, err := codes.NewLink(e.http.URL)
	if err != nil {
		t.Fatal(err)
	}
	do("open a card's printed link", chromedp.Navigate(link.Payload(e.run.Codes[1])))
	do("wait for the card form", chromedp.WaitVisible("#register-form"))
	if got, _ := chromedp.Run(tab, chromedp.Evaluate[string](`document.querySelector("#card-code").value`)); got != e.run.Codes[1].String() {
		t.Errorf("the linked code filled in as %q, want %s", got, e.run.Codes[1])
	}
	do("register it", chromedp.Click("#register"))
	waitFor(t, "two copies listed", func() bool { return text("#owned td.num") == "2" })
	shoot(t, tab, "collection")
}

// TestBrowserCollectionNamesPrintingsAndGames: a card of the printing
// "first" (the print run's id, kartenwerk codes generate's default) is
// registered and listed as the German page reads it, "Erstauflage", never
// as "first"; on a phone, where the game's column is hidden, the game of
// each card still shows, under its name.
func TestBrowserCollectionNamesPrintingsAndGames(t *testing.T) {
	e := newCodesEnv(t, 1)
	pepper, err := codes.NewPepper([]byte(testPepperSecret))
	if err != nil {
		t.Fatal(err)
	}
	run, err := codes.NewRun(codes.Printing{Game: "mystimons", Card: "Terrix", Printing: "first"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	var hashes strings.Builder
	if err := run.WriteHashes(&hashes, pepper); err != nil {
		t.Fatal(err)
	}
	if res, raw := e.pub.post("/api/codes/import", hashes.String()); res.StatusCode != 200 {
		t.Fatalf("import: %d %s", res.StatusCode, raw)
	}
	g, _ := e.srv.games.lookup("mystimons")
	game := g.Info().Name
	tab := newBrowser(t)
	text, do := pageDriver(t, tab, "#register-result")
	signUpInPage(t, e.accountEnv, do, "alice")
	do("open the collection in German", chromedp.Navigate(e.http.URL+"/collection?lang=de"))
	do("wait for the card form", chromedp.WaitVisible("#register-form"))
	do("type the code", chromedp.SendKeys("#card-code", run.Codes[0].String()))
	do("register it", chromedp.Click("#register"))
	want := "Terrix (Erstauflage, " + game + ") ist jetzt in deiner Sammlung."
	waitFor(t, "the card registered", func() bool { return text("#register-result") == want })
	waitFor(t, "the card listed", func() bool { return strings.Contains(text("#owned"), "Terrix") })
	if printing := text("#owned tr[data-card=Terrix] td:nth-child(2)"); printing != "Erstauflage" {
		t.Errorf("the printing column reads %q, want Erstauflage", printing)
	}
	if err := chromedp.Do(tab, chromedp.EmulateViewport(390, 844), chromedp.Sleep(200*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	shown, err := chromedp.Run(tab, chromedp.Evaluate[string](`[...document.querySelectorAll("#owned tr[data-card=Terrix] td")]
		.filter((td) => getComputedStyle(td).display !== "none").map((td) => td.innerText).join(" | ")`))
	if err != nil || !strings.Contains(shown, game) || strings.Contains(shown, "first") {
		t.Errorf("on a phone the row reads %q (%v), want its game, %s, and no printing id", shown, err, game)
	}
	if err := chromedp.Do(tab, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
	shown, _ = chromedp.Run(tab, chromedp.Evaluate[string](`document.querySelector("#owned tr[data-card=Terrix]").innerText`))
	if strings.Count(shown, game) != 1 {
		t.Errorf("on a desktop the row reads %q, want its game once, in its column", shown)
	}
	shoot(t, tab, "collection-de")
}

// TestBrowserDeckBuilderOpensFromAShareLinkThatLeadsNowhere: a share link
// of a deleted deck (or a mistyped one) says so, and the builder still
// shows the game's cards, ready to build.
func TestBrowserDeckBuilderOpensFromAShareLinkThatLeadsNowhere(t *testing.T) {
	e := newAccountEnv(t, nil)
	tab := newBrowser(t)
	text, do := pageDriver(t, tab, "#message")
	do("open a share link that leads nowhere", chromedp.Navigate(e.http.URL+"/decks/mystimons?share=nosuchlink&lang=de"))
	do("wait for the cards", chromedp.WaitVisible("#pool li"))
	want := words.T(i18n.DE, "error.no_shared_deck")
	waitFor(t, "the builder to say the link leads nowhere", func() bool { return text("#message") == want })
	if count := text("#deck-count"); count == "" {
		t.Errorf("the deck's count is empty: the builder did not draw the deck")
	}
}

// TestBrowserDeckBuilderSpeaksOfThePage: in German, a MystiMons deck of
// 3 cards built by clicking lists its problems by card, without the
// line numbers of a list the reader never typed ("Zeile 2"); its cards,
// which have no cost, show no "–" pill that looks like a remove button
// and no cost curve of one bar; and an Athernum preset with an Extradeck
// says its main deck's count and its Extradeck's apart, the same in the
// header, the verdict and the import's message.
func TestBrowserDeckBuilderSpeaksOfThePage(t *testing.T) {
	e := newAccountEnv(t, nil)
	tab := newBrowser(t)
	text, do := pageDriver(t, tab, "#message")
	g, err := e.srv.games.lookup("mystimons")
	if err != nil {
		t.Skip(err)
	}
	do("open the MystiMons deck builder in German", chromedp.Navigate(e.http.URL+"/decks/mystimons?lang=de"))
	do("wait for its cards", chromedp.WaitVisible("#pool li"))
	entries, _ := json.Marshal([]engine.DeckEntry{{Card: g.Presets()[0].Entries[0].Card, Count: 3}})
	if _, err := chromedp.Run(tab, chromedp.Evaluate[[]string](fmt.Sprintf("%s(%s)", buildJS, entries))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the deck checked", func() bool { return strings.Contains(text("#verdict"), "Noch nicht gültig") })
	if v := text("#verdict"); strings.Contains(v, "Zeile") {
		t.Errorf("the problems of a clicked deck name lines: %q", v)
	}
	// The curve is drawn after the verdict: waited for, on a loaded machine.
	var layout string
	if !poll(20*time.Second, func() bool {
		layout, err = chromedp.Run(tab, chromedp.Evaluate[string](`[...document.querySelectorAll("#pool .p-cost")].filter((p) => p.textContent.trim() === "–").length + "|" + document.getElementById("curve").hidden`))
		return err == nil && layout == "0|true"
	}) {
		deck, _ := chromedp.Run(tab, chromedp.Evaluate[string](`JSON.stringify(window.kwDecks?.entries) + " curve: " + document.getElementById("curve").textContent`))
		t.Errorf("cost pills and a hidden curve: %q %v, want none and hidden (the deck %s)", layout, err, deck)
	}
	shoot(t, tab, "decks-mystimons-problems-de")

	do("open the Athernum deck builder in Czech", chromedp.Navigate(e.http.URL+"/decks/athernum?lang=cs"))
	do("wait for its cards", chromedp.WaitVisible("#pool li"))
	ath, _ := e.srv.games.lookup("athernum")
	var preset engine.DeckList
	for _, p := range ath.Presets() {
		if p.Size("extra") > 0 {
			preset = p
		}
	}
	if preset.Name == "" {
		t.Fatal("no Athernum preset with an Extradeck")
	}
	pick := fmt.Sprintf(`(() => { const p = document.getElementById("preset"); p.value = %q; p.dispatchEvent(new Event("change"));
		document.getElementById("import").click(); return document.getElementById("import-text").value.length; })()`, preset.Name)
	if n, err := chromedp.Run(tab, chromedp.Evaluate[int](pick)); err != nil || n == 0 {
		t.Fatalf("importing the preset %s: %v, a list of %d characters", preset.Name, err, n)
	}
	waitFor(t, "the deck checked legal", func() bool { return strings.Contains(text("#verdict"), "Platný balíček") })
	main, extra := fmt.Sprint(preset.Size("")), fmt.Sprint(preset.Size("extra"))
	head, verdict, said := text("#deck-count"), text("#verdict"), text("#message")
	for _, s := range []string{head, verdict, said} {
		if !strings.Contains(s, main+" karet") || !strings.Contains(s, extra+" kart") || strings.Contains(s, fmt.Sprint(preset.Size("")+preset.Size("extra"))) {
			t.Errorf("%q does not say the main deck's %s cards and the Extradeck's %s apart", s, main, extra)
		}
		if !strings.Contains(strings.ToLower(s), strings.ToLower(head)) {
			t.Errorf("%q says the size otherwise than the header, %q", s, head)
		}
	}
	shoot(t, tab, "decks-athernum-import-cs")
}
