package server

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"kartenwerk/engine/i18n"
	"kartenwerk/internal/browsertest"
)

// clickAddJS searches the deck builder's pool for a card, clicks its "+"
// as often as asked (a button that is off takes no click) and then its
// "−" as often as asked, and reads the card's count and both of its "+"
// buttons, in the pool and in the deck list, and the words the card's row
// in the pool shows on the screen (its innerText, which no title is part
// of), with what of them stands outside the window, is cut or covered.
const clickAddJS = `((card, adds, removes) => {
  const fire = (id, v) => { const e = document.getElementById(id); e.value = v; e.dispatchEvent(new Event("input")); };
  fire("search", card);
  const row = () => [...document.querySelectorAll("#pool li")].find((li) => li.dataset.name === card);
  if (!row()) return null;
  for (let i = 0; i < adds; i++) row().querySelector("button.add").click();
  for (let i = 0; i < removes; i++) row().querySelector("button.remove").click();
  const pool = row().querySelector("button.add");
  const deck = [...document.querySelectorAll("#deck li")].find((li) => li.dataset.card === card);
  const inDeck = deck ? deck.querySelector("button.add") : null;
  row().scrollIntoView({block: "center"});
  const unseen = [];
  for (const n of row().querySelectorAll(".p-name, .in-deck, .p-limit")) {
    const r = n.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + Math.min(4, r.width / 2), r.top + r.height / 2);
    if (!r.width || r.left < 0 || r.right > innerWidth || r.top < 0 || r.bottom > innerHeight || n.scrollWidth > n.clientWidth + 1 || !at || !n.contains(at)) {
      unseen.push(n.className + " " + JSON.stringify(n.innerText) + " at " + [r.left, r.top, r.width, r.height].map(Math.round).join(","));
    }
  }
  const limit = row().querySelector(".p-limit");
  return {count: row().querySelector(".in-deck").textContent, off: pool.disabled, title: pool.title,
    deck_off: inDeck ? inDeck.disabled : false, deck_title: inDeck ? inDeck.title : "",
    deck_count: deck ? deck.querySelector(".in-deck").textContent : "",
    shown: row().innerText.replace(/\s+/g, " ").trim(), limit: limit ? limit.innerText.replace(/\s+/g, " ").trim() : "", unseen};
})`

// addButton is what clickAddJS reads of a card's "+".
type addButton struct {
	Count     string   `json:"count"`
	Off       bool     `json:"off"`
	Title     string   `json:"title"`
	DeckOff   bool     `json:"deck_off"`
	DeckTitle string   `json:"deck_title"`
	DeckCount string   `json:"deck_count"`
	Shown     string   `json:"shown"`
	Limit     string   `json:"limit"`
	Unseen    []string `json:"unseen"`
}

// shownWords are the words of a message as the page shows them: its rule
// ids as tags, without the parenthesis around them.
func shownWords(s string) string { return strings.NewReplacer(" (", " ", ")", "").Replace(s) }

// TestBrowserDeckBuilderStopsAtTheCopyLimit: a card's "+" goes off once
// the deck holds as many copies as the game allows, in the pool and in
// the deck list, saying why in the page's language with the rule (3
// Embrix, MM-8.2, in German; 1 of each Mystic Elements card, ME-2, in
// Czech); "−" turns it on again; a basic energy, which has no limit,
// never goes off (MM-10.2). On a phone (390x844), which shows no tooltip,
// the card's count reads "2/3" beside its limit, "3/3" at it, and its row
// says why its "+" is off on the screen, whole, where a phone's player saw
// a dimmed button and no reason. With $KARTENWERK_SCREENS set, the builder
// is shot there at a desktop's and a phone's size, and with the card at
// its limit in view on a phone.
func TestBrowserDeckBuilderStopsAtTheCopyLimit(t *testing.T) {
	e := newAccountEnv(t, nil)
	tab := newBrowser(t)
	_, do := pageDriver(t, tab, "#message")
	do("take a phone's size", chromedp.EmulateViewport(390, 844))
	click := func(card string, adds, removes int) addButton {
		t.Helper()
		got, err := chromedp.Run(tab, chromedp.Evaluate[*addButton](fmt.Sprintf("%s(%q, %d, %d)", clickAddJS, card, adds, removes)))
		if err != nil || got == nil {
			t.Fatalf("clicking %s: %v (no such card in the pool: %v)", card, err, got == nil)
		}
		return *got
	}

	do("open the MystiMons deck builder in German", chromedp.Navigate(e.http.URL+"/decks/mystimons?lang=de"))
	do("wait for its cards", chromedp.WaitVisible("#pool li"))
	why := pageWords.T(i18n.DE, "decks.at_limit", "n", 3, "rule", "MM-8.2")
	if why != "höchstens 3 Exemplare pro Deck (MM-8.2)" {
		t.Errorf("the German words for the limit read %q", why)
	}
	if got := click("Embrix", 2, 0); got.Off || got.DeckOff || got.Count != "2/3" || got.DeckCount != "2/3" || got.Limit != "" {
		t.Errorf("2 Embrix: %+v, want both \"+\" on, the count 2/3 and no limit's words", got)
	}
	got := click("Embrix", 2, 0) // the fourth click meets a button that is off
	if !got.Off || !got.DeckOff || got.Count != "3/3" || got.DeckCount != "3/3" || got.Title != why || got.DeckTitle != why {
		t.Errorf("3 Embrix: %+v, want 3/3 in the deck and both \"+\" off, saying %q", got, why)
	}
	if want := shownWords(why); got.Limit != want || !strings.Contains(got.Shown, want) || len(got.Unseen) > 0 {
		t.Errorf("3 Embrix on a phone: the row shows %q (limit %q; not seen: %q), want %q on the screen", got.Shown, got.Limit, got.Unseen, want)
	}
	browsertest.Screenshot(t, tab, "decks-limit-de-row-390x844")
	if got := click("Embrix", 0, 1); got.Off || got.DeckOff || got.Count != "2/3" || got.Title == why || got.Limit != "" || strings.Contains(got.Shown, shownWords(why)) {
		t.Errorf("one Embrix taken out: %+v, want both \"+\" on again, without the limit's words", got)
	}
	if got := click("Fire Energy", 13, 0); got.Off || got.Count != "13" || got.DeckCount != "13×" {
		t.Errorf("13 Fire Energy: %+v, want the \"+\" on and the count 13: basic energy has no limit", got)
	}
	click("Embrix", 1, 0)
	shoot(t, tab, "decks-limit-de")

	do("open the Mystic Elements deck builder in Czech", chromedp.Navigate(e.http.URL+"/decks/mysticelements?lang=cs"))
	do("wait for its cards", chromedp.WaitVisible("#pool li"))
	g, err := e.srv.games.lookup("mysticelements")
	if err != nil {
		t.Skip(err)
	}
	card := g.Cards()[0].Name
	why = pageWords.T(i18n.CS, "decks.at_limit", "n", 1, "rule", "ME-2")
	if got := click(card, 2, 0); !got.Off || got.Count != "1/1" || got.Title != why {
		t.Errorf("%s clicked twice: %+v, want 1/1 in the deck and the \"+\" off, saying %q", card, got, why)
	} else if want := shownWords(why); got.Limit != want || len(got.Unseen) > 0 {
		t.Errorf("%s at its limit on a phone: the row shows %q (limit %q; not seen: %q), want %q on the screen", card, got.Shown, got.Limit, got.Unseen, want)
	}
	shoot(t, tab, "decks-limit-cs")
}
