package server

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserEveryCardNameBreaksBetweenSyllables: at a phone's size, the
// name of every card of every game, as the table draws it on the
// narrowest face (a small card in defence, whose shield edge takes room)
// and on a card in the hand, breaks between lines only at a space or at
// a soft hyphen hyphenate.js put between syllables. "Gift-schlang" over
// "e" on a Zynalith front row was a name whose last syllable hyphenate.js
// would not split off ("ge"), so the browser broke it anywhere. Random
// play meets a few names a game at the table checks; this meets them all.
func TestBrowserEveryCardNameBreaksBetweenSyllables(t *testing.T) {
	e := newEnv(t)
	tab := newBrowser(t)
	for _, g := range e.srv.games.list {
		id := g.Info().ID
		var cards []ListedCard
		if code, body := e.call("GET", "/api/catalog/"+id+"/cards", nil, &cards); code != 200 {
			t.Fatalf("%s's cards: %d %s", id, code, body)
		}
		names := make([]string, len(cards))
		for i, c := range cards {
			names[i] = c.Name
		}
		resp := e.create(CreateRequest{Game: id, Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindHotseat}}})
		if err := chromedp.Do(tab, chromedp.EmulateViewport(390, 844), chromedp.Navigate(e.http.URL+resp.Play),
			chromedp.WaitVisible("#table .player.bottom")); err != nil {
			t.Fatal(err)
		}
		list, _ := json.Marshal(names)
		broken, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`(async (names) => {
			const {hyphenate} = await import("/static/hyphenate.js");
			const brokenWord = `+brokenWordJS+`;
			const face = (rowClass, cardClass) => {
				const name = document.createElement("span");
				name.className = "c-name";
				const head = document.createElement("div");
				head.className = "c-head";
				head.innerHTML = '<svg class="icon"></svg>';
				head.append(name);
				const card = document.createElement("div");
				card.className = cardClass;
				card.append(head);
				const row = document.createElement("div");
				row.className = rowClass;
				row.innerHTML = '<div class="fan"><div class="slot"></div></div>';
				row.querySelector(".slot").append(card);
				document.querySelector("#table").append(row);
				return name;
			};
			const faces = {"a small card in defence": face("zone row", "card mini defence"), "a card in the hand": face("zone row hand", "card")};
			const out = [];
			for (const n of names) {
				for (const [where, name] of Object.entries(faces)) {
					name.textContent = hyphenate(n);
					const head = name.parentElement, room = head.getBoundingClientRect().right - parseFloat(getComputedStyle(head).paddingRight);
					if (brokenWord(name)) out.push(n + " on " + where + ": broken inside a syllable");
					else if (name.getBoundingClientRect().right > room + 1) out.push(n + " on " + where + ": wider than the card");
				}
			}
			return out;
		})(`+string(list)+`)`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		if len(broken) > 0 {
			t.Errorf("%s: %d card names do not fit a phone's card faces:\n%s", id, len(broken), strings.Join(broken, "\n"))
		}
	}
}
