package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine"
)

// postIn posts body as JSON to path with Accept-Language lang and decodes
// the answer into out.
func postIn(t *testing.T, e *testEnv, path, lang string, body, out any) {
	t.Helper()
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", e.http.URL+path, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept-Language", lang)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if err := json.NewDecoder(res.Body).Decode(out); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// TestDeckProblemsSpeakTheReadersLanguage: a bad deck list posted with
// Accept-Language: de gets its problems in German, from the deck check
// and from a table's deck refusal alike; in English they read as before.
func TestDeckProblemsSpeakTheReadersLanguage(t *testing.T) {
	e := newEnv(t)
	list := "0 Embrix\n2 Flaruu"
	create := CreateRequest{Game: "mystimons", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI, Agent: "random"}},
		Decks: []DeckRequest{{List: list}}}
	for _, c := range []struct {
		lang string
		want []string
	}{
		{"de", []string{"die Anzahl 0 liegt nicht zwischen 1 und 99", "diese Karte gibt es nicht; meintest du Flaru?"}},
		{"cs", []string{"počet 0 není mezi 1 a 99", "taková karta neexistuje; myslíte Flaru?"}},
		{"en", []string{"count 0 is out of range 1..99", "no such card; did you mean Flaru?"}},
	} {
		var checked ValidateResponse
		postIn(t, e, "/api/catalog/mystimons/decks/validate", c.lang, DeckRequest{List: list}, &checked)
		var refused httpErrorBody
		postIn(t, e, "/api/games", c.lang, create, &refused)
		for name, ps := range map[string][]string{"deck check": messages(checked.Problems), "deck refusal": messages(refused.Problems)} {
			for _, want := range c.want {
				if !slices.Contains(ps, want) {
					t.Errorf("%s in %s: problems %q lack %q", name, c.lang, ps, want)
				}
			}
		}
	}
}

// messages is the message of each problem, in order.
func messages(ps []engine.Problem) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Msg
	}
	return out
}

// TestDeckProblemsOnAPagePointToTheCardList: an unknown card's fix, as
// the deck check, a table's deck refusal and the collection check give
// it to a page, points to the server's card list /cards/GAME in the
// reader's language, not to the command line's `kartenwerk cards`.
func TestDeckProblemsOnAPagePointToTheCardList(t *testing.T) {
	e := newEnv(t)
	list := "2 Flaruu\n1 Qqqqqqqqqq"
	create := CreateRequest{Game: "mystimons", Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI, Agent: "random"}},
		Decks: []DeckRequest{{List: list}}}
	for _, c := range []struct{ lang, want string }{
		{"de", "die Kartenliste unter /cards/mystimons zeigt alle Karten"},
		{"cs", "seznam karet na /cards/mystimons ukazuje všechny karty"},
		{"en", "the card list at /cards/mystimons shows every card"},
	} {
		var checked ValidateResponse
		postIn(t, e, "/api/catalog/mystimons/decks/validate", c.lang, DeckRequest{List: list}, &checked)
		var refused httpErrorBody
		postIn(t, e, "/api/games", c.lang, create, &refused)
		for name, ps := range map[string][]engine.Problem{"deck check": checked.Problems, "deck refusal": refused.Problems} {
			unknown := 0
			for _, p := range ps {
				if p.Subject != "Flaruu" && p.Subject != "Qqqqqqqqqq" {
					continue
				}
				unknown++
				if !strings.Contains(p.Fix, c.want) || strings.Contains(p.Fix, "kartenwerk") {
					t.Errorf("%s in %s: fix %q, want one that says %q", name, c.lang, p.Fix, c.want)
				}
			}
			if unknown != 2 {
				t.Errorf("%s in %s: want the two unknown cards, got %+v", name, c.lang, ps)
			}
		}
	}
}
