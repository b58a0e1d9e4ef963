package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"kartenwerk/engine/i18n"
	"kartenwerk/internal/browsertest"
)

// TestBrowserTournamentPage registers on the tournament page (an illegal
// list first, whose problems the page lists), then, once a round is
// played, reads the standings with their tiebreakers, at a desktop's and
// a phone's size.
func TestBrowserTournamentPage(t *testing.T) {
	e := newTourneyEnv(t)
	org := e.organiser("orga")
	_, raw := org.expect(http.StatusCreated, "POST", "/api/tournaments", TournamentRequest{Name: "Friday Night", Game: tourneyGame, Format: FormatSwiss, Rounds: 3})
	var v TournamentView
	json.Unmarshal([]byte(raw), &v)
	f := e.enter(v.ID, 3)
	f.names = append(f.names, "player04")
	f.players["player04"] = e.player("player04")

	tab := newBrowser(t)
	text, do := pageDriver(t, tab, "#register-errors")
	do("set a desktop's size", chromedp.EmulateViewport(1280, 800))
	do("open the login page", chromedp.Navigate(e.http.URL+"/login"))
	logInOnPage(do, "player04")
	do("open the list", chromedp.Navigate(e.http.URL+"/tournaments"))
	do("wait for the tournament", chromedp.WaitVisible(`a[href="/tournaments/`+v.ID+`"]`))
	do("open it", chromedp.Click(`a[href="/tournaments/`+v.ID+`"]`))
	do("wait for the registration form", chromedp.WaitVisible("#register-form"))
	do("paste an illegal list", chromedp.SendKeys("#deck", "3 No Such Card\n"))
	do("register", chromedp.Click(`#register-form button[type=submit]`))
	waitFor(t, "the list's problems", func() bool { return strings.Contains(text("#register-errors"), "No Such Card") })
	if got := text(`#register-errors a[href='/cards/` + tourneyGame + `']`); got == "" {
		t.Errorf("the unknown card's fix does not link the card list /cards/%s: %q", tourneyGame, text("#register-errors"))
	}
	if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](`document.querySelector("#deck").value = ""; document.querySelector("#preset").value = "Feuer-Aggro"; true`)); err != nil {
		t.Fatalf("choosing a preset instead: %v", err)
	}
	do("register", chromedp.Click(`#register-form button[type=submit]`))
	do("wait for the lock", chromedp.WaitNotVisible("#register-form"))
	if got := text("#register-box"); !strings.Contains(got, "locked") {
		t.Errorf("after registering the page says %q, want that the deck is locked", got)
	}
	org.expect(http.StatusOK, "POST", "/api/tournaments/"+v.ID+"/rounds", nil)
	f.playRound(t, v.ID, 1)
	do("reload", chromedp.Reload())
	do("wait for the standings", chromedp.WaitVisible("table.standings"))
	rows, err := chromedp.Run(tab, chromedp.Evaluate[int](`document.querySelectorAll("table.standings tbody tr").length`))
	if err != nil || rows != 4 {
		t.Errorf("%d standings rows (%v), want 4", rows, err)
	}
	if got := text("table.standings"); !strings.Contains(got, "OMW%") || !strings.Contains(got, "player04") {
		t.Errorf("the standings read %q", got)
	}
	shootPage(t, tab, "player")

	// The organiser sees the controls, and every player's list.
	do("open the login page", chromedp.Navigate(e.http.URL+"/login"))
	do("log out", chromedp.Click("#logout"))
	logInOnPage(do, "orga")
	do("open the tournament", chromedp.Navigate(e.http.URL+"/tournaments/"+v.ID))
	do("wait for the controls", chromedp.WaitVisible("#start-round"))
	do("ask for a list", chromedp.Click(`#officials-box form:nth-of-type(3) button`))
	do("wait for the list", chromedp.WaitVisible("#officials-box pre.deck-list"))
	if got := text("#officials-box pre.deck-list"); !strings.Contains(got, "name:") {
		t.Errorf("the organiser's view of a list: %q", got)
	}
	shootPage(t, tab, "organiser")

	// A round started and not played: asking for the next one is refused
	// until its timer runs out, at a time the page gives in the reader's
	// zone as it gives the timer, not in the server's UTC.
	org.expect(http.StatusOK, "POST", "/api/tournaments/"+v.ID+"/rounds", nil)
	do("reload", chromedp.Reload())
	do("wait for the controls", chromedp.WaitVisible("#start-round"))
	do("start a round too early", chromedp.Click("#start-round"))
	do("wait for the refusal", chromedp.WaitVisible("#toast"))
	if got := text("#toast"); strings.Contains(got, "UTC") || !clockTime.MatchString(got) {
		t.Errorf("the refusal gives its time as %q, want the reader's local time as the page gives the timer", got)
	}

	// The organiser creates the next tournament from the list's form.
	do("open the list", chromedp.Navigate(e.http.URL+"/tournaments"))
	do("wait for the form", chromedp.WaitVisible("#create-box"))
	do("name it", chromedp.SendKeys("#name", "Saturday Swiss"))
	do("create it", chromedp.Click(`#create-form button[type=submit]`))
	do("wait for its page", chromedp.WaitVisible("#head h2"))
	waitFor(t, "the new tournament's name", func() bool { return strings.Contains(text("#head h2"), "Saturday Swiss") })
	if list, err := e.store.(TournamentStore).ListTournaments(t.Context(), 10); err != nil || len(list) != 2 {
		t.Errorf("%d tournaments stored (%v), want 2", len(list), err)
	}
}

// shootPage saves full-page screenshots of a tab at a desktop's and a
// phone's size, and fails the test if the page scrolls sideways at either
// or shows one of layoutProblems.
func shootPage(t *testing.T, tab context.Context, name string) {
	t.Helper()
	for _, size := range []struct {
		name string
		w, h int64
	}{{"desktop", 1280, 800}, {"phone", 390, 844}} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(size.w, size.h)); err != nil {
			t.Fatal(err)
		}
		// Before the screenshot, which leaves the window at its own size.
		for _, problem := range layoutProblems(t, tab) {
			t.Errorf("%s at %dx%d: %s", name, size.w, size.h, problem)
		}
		png, err := browsertest.FullPage(tab, 100)
		if err != nil {
			t.Fatal(err)
		}
		browsertest.Keep(t, "tournament-"+name+"-"+size.name+".png", png)
		wide, _ := chromedp.Run(tab, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > document.documentElement.clientWidth`))
		if wide {
			t.Errorf("%s at %dx%d: the page is wider than the screen", name, size.w, size.h)
		}
	}
}

// clockTime is a time of day as a page writes it ("15:40").
var clockTime = regexp.MustCompile(`\b\d{1,2}:\d\d\b`)

// tiebreak finds a tiebreaker as the standings show it, "33.00" (in
// German and Czech "33,00").
var tiebreak = regexp.MustCompile(`\b\d{1,3}[.,]\d\d\b`)

// TestBrowserStandingsFitAPhone reads the standings of eight players with
// the longest usernames allowed on a phone (390x844) in every language:
// the standings and the pairings fit the screen without scrolling
// sideways, each row still shows the three tiebreakers, and every
// abbreviated column head carries its full words as its title.
// Screenshots at 1280x800 and 390x844 go to $KARTENWERK_SCREENS.
func TestBrowserStandingsFitAPhone(t *testing.T) {
	e := newTourneyEnv(t)
	org := e.organiser("turnierleitung_nord") // a long name, as the header must hold it
	var names []string
	for i := range 8 {
		names = append(names, fmt.Sprintf("Maximiliane_Wunderlich%02d", i+1)[:maxUsername])
	}
	id, _ := e.newTourneyOf(org, FormatSwiss, 3, names...)
	org.expect(http.StatusOK, "POST", "/api/tournaments/"+id+"/rounds", nil)
	decide(org, id, stageSwiss, 1, 1, 2, 3, 4)

	tab := newBrowser(t)
	text, do := pageDriver(t, tab, "#toast")
	do("open the login page", chromedp.Navigate(e.http.URL+"/login"))
	logInOnPage(do, "turnierleitung_nord")
	for _, l := range i18n.Langs {
		do("set a phone's size", chromedp.EmulateViewport(390, 844))
		do("open the tournament in "+l.Name(), chromedp.Navigate(e.http.URL+"/tournaments/"+id+"?lang="+l.String()))
		do("wait for the standings", chromedp.WaitVisible("table.standings"))
		waitFor(t, "eight standings", func() bool { return strings.Count(text("table.standings tbody"), "Maximiliane") == 8 })
		over, err := chromedp.Run(tab, chromedp.Evaluate[int](`Math.max(...[...document.querySelectorAll("#standings-box .scroll, #pairings-box .scroll")]
			.map((box) => box.scrollWidth - box.clientWidth))`))
		if err != nil || over > 0 {
			t.Errorf("in %s on a phone the standings or pairings are %dpx wider than their box (%v)", l, over, err)
		}
		row, err := chromedp.Run(tab, chromedp.Evaluate[string](`document.querySelector("table.standings tbody tr").innerText`))
		if err != nil || len(tiebreak.FindAllString(row, -1)) != 3 {
			t.Errorf("in %s on a phone the leader's row reads %q: want its three tiebreakers (%v)", l, row, err)
		}
		untitled, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`[...document.querySelectorAll("table.standings th")]
			.filter((th) => !th.classList.contains("name") && !th.classList.contains("byes"))
			.filter((th) => ((th.querySelector("abbr") || {}).title || "").length <= th.textContent.length).map((th) => th.textContent)`))
		if err != nil || len(untitled) != 0 {
			t.Errorf("in %s the short column heads %q lack their full words as a title (%v)", l, untitled, err)
		}
		// The header keeps its account link and language switch on the screen.
		cut, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`[...document.querySelectorAll("header.bar > *")]
			.filter((e) => e.getBoundingClientRect().right > innerWidth + 1 || e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent || e.id)`))
		if err != nil || len(cut) != 0 {
			t.Errorf("in %s on a phone the header's %q reach past the screen's edge (%v)", l, cut, err)
		}
		shootPage(t, tab, "standings-"+l.String())
	}
}

// TestBrowserTournamentThatIsNotThereLinksToTheList: the page of a
// tournament that does not exist says so in the reader's language,
// shows no empty boxes and links to the list.
func TestBrowserTournamentThatIsNotThereLinksToTheList(t *testing.T) {
	e := newTourneyEnv(t)
	for _, lang := range pageLangs {
		l, _ := i18n.Parse(lang)
		tab := browsertest.New(t)
		useLang(t, tab, e.http.URL, lang)
		if err := chromedp.Do(tab, chromedp.Navigate(e.http.URL+"/tournaments/nosuch"), chromedp.WaitVisible("#head a.button")); err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		checkPlatformPage(t, tab, "tournament-missing-"+lang, l, false)
		said, _ := chromedp.Run(tab, chromedp.Evaluate[string](`document.querySelector("#head .errors").textContent`))
		list, _ := chromedp.Run(tab, chromedp.Evaluate[string](`new URL(document.querySelector("#head a.button").href).pathname`))
		entrants, _ := chromedp.Run(tab, chromedp.Evaluate[bool](`document.querySelector("#entrants-box").hidden`))
		if said != words.T(l, "error.no_tournament") || list != "/tournaments" || !entrants {
			t.Errorf("%s: says %q, links to %q, entrants box hidden %v; want %q, /tournaments and hidden", lang, said, list, entrants, words.T(l, "error.no_tournament"))
		}
	}
}

// TestBrowserTournamentRegistrationNeedsADeck: pressing "Register with
// this deck" with no preset chosen and no list pasted sends nothing and
// says, in the page's language, what to choose; at a game with a single
// preset deck (Micro-Life's Starter) that deck is chosen already, so one
// press registers.
func TestBrowserTournamentRegistrationNeedsADeck(t *testing.T) {
	e := newTourneyEnv(t)
	org := e.organiser("orga")
	ids := map[string]string{}
	for _, game := range []string{tourneyGame, "microlife"} {
		_, raw := org.expect(http.StatusCreated, "POST", "/api/tournaments", TournamentRequest{Name: "Cup " + game, Game: game, Format: FormatSwiss, Rounds: 3})
		var v TournamentView
		json.Unmarshal([]byte(raw), &v)
		ids[game] = v.ID
	}
	e.enter(ids[tourneyGame], 1) // player01, so that the entrants are not empty
	e.player("player02")
	tab := newBrowser(t)
	text, do := pageDriver(t, tab, "#register-errors")
	do("set a phone's size", chromedp.EmulateViewport(390, 844))
	do("open the login page", chromedp.Navigate(e.http.URL+"/login"))
	logInOnPage(do, "player02")

	do("open the tournament in German", chromedp.Navigate(e.http.URL+"/tournaments/"+ids[tourneyGame]+"?lang=de"))
	do("wait for the registration form", chromedp.WaitVisible("#register-form"))
	waitFor(t, "the presets", func() bool { return text("#preset option") != "" })
	count := `(() => { window.registerSent = 0; const f = window.fetch;
		window.fetch = (u, o) => { if (String(u).includes("/register")) window.registerSent++; return f(u, o); }; return true; })()`
	if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](count)); err != nil {
		t.Fatal(err)
	}
	if got, _ := chromedp.Run(tab, chromedp.Evaluate[string](`document.querySelector("#preset").value`)); got != "" {
		t.Errorf("at a game of several presets the page chose %q for the player", got)
	}
	do("register with nothing chosen", chromedp.Click(`#register-form button[type=submit]`))
	const want = "Wähle ein vorgefertigtes Deck oder füge deine Deckliste ein."
	waitFor(t, "the page to say what to choose", func() bool { return strings.Contains(text("#register-errors"), want) })
	if got := text("#register-errors"); strings.Contains(got, "preset") || strings.Contains(got, `""`) {
		t.Errorf("the page says %q", got)
	}
	if sent, _ := chromedp.Run(tab, chromedp.Evaluate[int](`window.registerSent`)); sent != 0 {
		t.Errorf("the page sent %d registrations with nothing chosen", sent)
	}
	shootPage(t, tab, "register-nothing-chosen-de")

	do("open the Micro-Life tournament", chromedp.Navigate(e.http.URL+"/tournaments/"+ids["microlife"]+"?lang=de"))
	do("wait for the registration form", chromedp.WaitVisible("#register-form"))
	waitFor(t, "the one preset chosen", func() bool {
		got, _ := chromedp.Run(tab, chromedp.Evaluate[string](`document.querySelector("#preset").value`))
		return got == "Starter"
	})
	do("register", chromedp.Click(`#register-form button[type=submit]`))
	do("wait for the lock", chromedp.WaitNotVisible("#register-form"))
	if v := org.tournament(ids["microlife"]); len(v.Entrants) != 1 || v.Entrants[0].Username != "player02" {
		t.Errorf("the Micro-Life tournament's entrants: %+v", v.Entrants)
	}
}

// TestBrowserTournamentOfficialsAreNotOfferedToRegister: the organiser
// reads that officials do not play, where the server would refuse their
// registration, and no registration form.
func TestBrowserTournamentOfficialsAreNotOfferedToRegister(t *testing.T) {
	e := newTourneyEnv(t)
	org := e.organiser("orga")
	_, raw := org.expect(http.StatusCreated, "POST", "/api/tournaments", TournamentRequest{Name: "Cup", Game: tourneyGame, Format: FormatSwiss, Rounds: 3})
	var v TournamentView
	json.Unmarshal([]byte(raw), &v)
	tab := newBrowser(t)
	text, do := pageDriver(t, tab, "#register-box")
	do("open the login page", chromedp.Navigate(e.http.URL+"/login"))
	logInOnPage(do, "orga")
	do("open the tournament in German", chromedp.Navigate(e.http.URL+"/tournaments/"+v.ID+"?lang=de"))
	const want = "Du leitest dieses Turnier als Veranstalter oder Schiedsrichter"
	waitFor(t, "the organiser's note", func() bool { return strings.Contains(text("#register-box"), want) })
	if shown, _ := chromedp.Run(tab, chromedp.Evaluate[bool](`!document.querySelector("#register-form").hidden`)); shown {
		t.Error("the organiser is offered the registration form")
	}
}
