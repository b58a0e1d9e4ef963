package server

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"kartenwerk/engine/i18n"
)

// clickAddJS searches the deck builder's pool for a card, clicks its "+"
// as often as asked (a button that is off takes no click) and then its
// "−" as often as asked, and reads the card's count and both of its "+"
// buttons, in the pool and in the deck list.
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
  return {count: row().querySelector(".in-deck").textContent, off: pool.disabled, title: pool.title,
    deck_off: inDeck ? inDeck.disabled : false, deck_title: inDeck ? inDeck.title : ""};
})`

// addButton is what clickAddJS reads of a card's "+".
type addButton struct {
	Count     string `json:"count"`
	Off       bool   `json:"off"`
	Title     string `json:"title"`
	DeckOff   bool   `json:"deck_off"`
	DeckTitle string `json:"deck_title"`
}

// TestBrowserDeckBuilderStopsAtTheCopyLimit: a card's "+" goes off once
// the deck holds as many copies as the game allows, in the pool and in
// the deck list, saying why in the page's language with the rule (3
// Embrix, MM-8.2, in German; 1 of each Mystic Elements card, ME-2, in
// Czech); "−" turns it on again; a basic energy, which has no limit,
// never goes off (MM-10.2). With $KARTENWERK_SCREENS set, the builder is
// shot there at a desktop's and a phone's size.
func TestBrowserDeckBuilderStopsAtTheCopyLimit(t *testing.T) {
	e := newAccountEnv(t, nil)
	tab := newBrowser(t)
	_, do := pageDriver(t, tab, "#message")
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
	if got := click("Embrix", 2, 0); got.Off || got.DeckOff || got.Count != "2" {
		t.Errorf("2 Embrix: %+v, want both \"+\" on", got)
	}
	got := click("Embrix", 2, 0) // the fourth click meets a button that is off
	if !got.Off || !got.DeckOff || got.Count != "3" || got.Title != why || got.DeckTitle != why {
		t.Errorf("3 Embrix: %+v, want 3 in the deck and both \"+\" off, saying %q", got, why)
	}
	if got := click("Embrix", 0, 1); got.Off || got.DeckOff || got.Count != "2" || got.Title == why {
		t.Errorf("one Embrix taken out: %+v, want both \"+\" on again, without the limit's words", got)
	}
	if got := click("Fire Energy", 13, 0); got.Off || got.Count != "13" {
		t.Errorf("13 Fire Energy: %+v, want the \"+\" on: basic energy has no limit", got)
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
	if got := click(card, 2, 0); !got.Off || got.Count != "1" || got.Title != why {
		t.Errorf("%s clicked twice: %+v, want 1 in the deck and the \"+\" off, saying %q", card, got, why)
	}
	shoot(t, tab, "decks-limit-cs")
}
