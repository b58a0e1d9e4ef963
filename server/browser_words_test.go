package server

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kartenwerk/engine/enginetest"
	"kartenwerk/engine/i18n"
	"kartenwerk/internal/browsertest"
)

// TestBrowserSpeaksToThePlayerInTheirLanguage opens, in German, English
// and Czech, a table of a game with long card names, a table the
// player's link cannot open, and a finished game's result screen: every
// such game on a phone, and one game a language on a laptop; screenshots
// of each are kept. The refusal is the server's, in the reader's words;
// the result screen says who won once; long card names break only
// between syllables.
func TestBrowserSpeaksToThePlayerInTheirLanguage(t *testing.T) {
	e := newTunedEnv(t, func(c *Config) { c.Rate, c.Burst = 1000, 1000 })
	games := []string{"athernum", "mystimons", "mysticelements"}
	for i, lang := range pageLangs {
		l, _ := i18n.Parse(lang)
		for j, game := range games {
			for _, size := range screenSizes {
				if size.width > 1000 && j != i {
					continue // the laptop's size is roomy: one game a language
				}
				runWordsCheck(t, e, game, lang, l, size.name, size.width, size.height)
			}
		}
	}
}

// runWordsCheck checks one game's table, refusal and result screen in
// one language at one size.
func runWordsCheck(t *testing.T, e *testEnv, game, lang string, l i18n.Lang, sizeName string, width, height int64) {
	name := fmt.Sprintf("words-%s-%s-%s", game, sizeName, lang)
	t.Run(name, func(t *testing.T) {
		tab := browsertest.NewWithin(t, 3*time.Minute)
		useLang(t, tab, e.http.URL, lang)
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, height)); err != nil {
			t.Fatal(err)
		}
		resp := e.create(friendGame(game))
		if err := chromedp.Do(tab, chromedp.Navigate(e.http.URL+resp.Play)); err != nil {
			t.Fatal(err)
		}
		// Mid-game, with cards on the table and in the hand.
		waitTable(t, tab, playOverHTTP(t, e, resp, 16))
		checkNamesBreakBetweenSyllables(t, tab)
		browsertest.Screenshot(t, tab, name+"-table")

		openPage(t, tab, e.http.URL+"/play/"+resp.ID+"?token=expired", "#table .panel p")
		checkRefusalShown(t, tab, l)
		browsertest.Screenshot(t, tab, name+"-error")

		// Random play ends most games; the few it would drag on past the
		// budget (about 1 in 100 of Athernum's deals with a fresh seed),
		// the seat to move gives up.
		if playOverHTTP(t, e, resp, 5000); !e.state(resp.ID, "").Finished {
			concedeSoon(t, e, resp)
		}
		if !e.state(resp.ID, "").Finished {
			t.Fatalf("the game of %s did not end", game)
		}
		openPage(t, tab, e.http.URL+resp.Play, "#result-box .explain")
		checkNamesBreakBetweenSyllables(t, tab)
		checkResultSaysTheWinnerOnce(t, tab)
		browsertest.Screenshot(t, tab, name+"-result")
	})
}

// checkNamesBreakBetweenSyllables fails when a piece of a card name on
// the table (a syllable between soft hyphens, or a short word) runs over
// two lines: a break the browser made inside a syllable.
func checkNamesBreakBetweenSyllables(t *testing.T, ctx context.Context) {
	t.Helper()
	bad := evalJS[[]string](t, ctx, `[...document.querySelectorAll("#table .c-name")].flatMap((n) => {
		const text = n.firstChild;
		if (!text || text.nodeType !== Node.TEXT_NODE) return [];
		const s = text.data, r = document.createRange(), out = [];
		for (const m of s.matchAll(/[^\s\u00AD]+/g)) {
			// From the piece's second letter: a range that starts at a
			// line break also reports the hyphen drawn before it.
			r.setStart(text, m.index + 1); r.setEnd(text, m.index + m[0].length);
			const tops = new Set([...r.getClientRects()].filter((q) => q.width > 1).map((q) => Math.round(q.top)));
			if (tops.size > 1) out.push(s.replaceAll("\u00AD", "-") + ": " + m[0]);
		}
		return out;
	})`)
	if len(bad) > 0 {
		t.Errorf("card names broken inside a syllable: %q", bad)
	}
}

// checkRefusalShown asks the page to show why the table cannot open in
// the reader's language: the server's words, no internal id; the header
// says the table is not open instead of "reconnecting…", and the empty
// decision panel is gone.
func checkRefusalShown(t *testing.T, ctx context.Context, l i18n.Lang) {
	t.Helper()
	conn := evalJS[string](t, ctx, `document.querySelector("#conn").textContent + (document.querySelector("#prompt").hidden ? "" : " with a decision panel")`)
	if want := pageWords.T(l, "table.not_open"); conn != want {
		t.Errorf("the table that cannot open says %q in its header, want %q", conn, want)
	}
	got := evalJS[string](t, ctx, `document.querySelector("#table .panel p").textContent`)
	if want := asSentence(words.T(l, "error.no_seat_token")); got != want {
		t.Errorf("the table that cannot open says %q, want %q", got, want)
	}
	if word := enginetest.ForeignWord(l, got); word != "" || internalID.MatchString(got) {
		t.Errorf("the refusal %q is not all %s (%q)", got, l.Name(), word+internalID.FindString(got))
	}
}

// checkResultSaysTheWinnerOnce fails when a line under the result
// screen's headline says again who won.
func checkResultSaysTheWinnerOnce(t *testing.T, ctx context.Context) {
	t.Helper()
	type screen struct {
		Title string
		Lines []string
	}
	got := evalJS[screen](t, ctx, `({Title: document.querySelector("#result-title").textContent,
		Lines: [...document.querySelectorAll("#result-box .explain li")].map((l) => l.textContent)})`)
	for _, l := range []i18n.Lang{i18n.EN, i18n.DE, i18n.CS} {
		for _, verb := range []string{i18n.Shared.T(l, "result.draw"), strings.TrimPrefix(i18n.Shared.T(l, "result.wins", "name", ""), " ")} {
			for _, line := range got.Lines {
				if strings.Contains(line, verb) {
					t.Errorf("under %q the result screen says again %q", got.Title, line)
				}
			}
		}
	}
	if len(got.Lines) == 0 {
		t.Errorf("the result screen %q explains nothing", got.Title)
	}
}

// playing is the actions that play on, unless giving up is all there is.
func playing(legal []LegalAction) []LegalAction {
	on := slices.DeleteFunc(slices.Clone(legal), func(a LegalAction) bool { return a.Concedes })
	if len(on) == 0 {
		return legal
	}
	return on
}

// playOverHTTP plays up to n random legal actions (giving up only when
// nothing else is legal) for both seats of a friend game, stopping when
// it ends, and returns the game's version.
// concedeSoon has the seat to move give up as soon as it may (not
// during the setup of some games), playing at random until then.
func concedeSoon(t *testing.T, e *testEnv, resp CreateResponse) {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		st := e.state(resp.ID, "")
		if st.Finished {
			return
		}
		tok := tokenOfSeat(resp, st.View.ToMove)
		legal := e.state(resp.ID, tok).Legal
		play := legal[rng.IntN(len(legal))].Action
		for _, a := range legal {
			if a.Concedes {
				play = a.Action
				break
			}
		}
		if code, body := e.call("POST", "/api/games/"+resp.ID+"/actions", ActionRequest{Token: tok, Action: play}, nil); code != http.StatusOK {
			t.Fatalf("action %q: %d %s", play, code, body)
		}
	}
}

func playOverHTTP(t *testing.T, e *testEnv, resp CreateResponse, n int) int {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	st := e.state(resp.ID, "")
	for range n {
		if st.Finished {
			break
		}
		tok := tokenOfSeat(resp, st.View.ToMove)
		legal := playing(e.state(resp.ID, tok).Legal)
		if code, body := e.call("POST", "/api/games/"+resp.ID+"/actions", ActionRequest{Token: tok, Action: legal[rng.IntN(len(legal))].Action}, &st); code != http.StatusOK {
			t.Fatalf("action: %d %s", code, body)
		}
	}
	return st.Version
}
