package server

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// playSomeone plays a random legal action of whichever seat of tokens has
// one, and says whether one had.
func (e *testEnv) playSomeone(id string, tokens []string, rng *rand.Rand) bool {
	e.t.Helper()
	for _, tok := range tokens {
		m := e.state(id, tok)
		if len(m.Legal) == 0 {
			continue
		}
		a := m.Legal[rng.IntN(len(m.Legal))]
		if code, body := e.call("POST", "/api/games/"+id+"/actions", ActionRequest{Token: tok, Action: a.Action, Version: &m.Version}, nil); code != http.StatusOK {
			e.t.Fatalf("playing %q: %d %s", a.Action, code, body)
		}
		return true
	}
	return false
}

// crowdedGame is a four-seat Athernum game whose seats the tokens play,
// 60 random moves in, with characters, locations and items in play: a
// game that random play has ended by then (one in fifty or so) is left
// for another.
func (e *testEnv) crowdedGame(rng *rand.Rand) (string, []string) {
	e.t.Helper()
	for range 10 {
		resp := e.create(CreateRequest{Game: "athernum", Variant: map[string]string{"turn-limit": "40"},
			Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindFriend}, {Kind: KindFriend}, {Kind: KindFriend}}})
		tokens := []string{resp.Token}
		for _, inv := range resp.Invites {
			tokens = append(tokens, tokenFromLink(inv.Link))
		}
		moves := 0
		for moves < 60 && e.playSomeone(resp.ID, tokens, rng) {
			moves++
		}
		if moves == 60 && !e.state(resp.ID, "").Finished {
			return resp.ID, tokens
		}
	}
	e.t.Fatal("random play ended ten games in 60 moves")
	return "", nil
}

// tablePlaceJS names a box of the table by what it shows (seat, zone and
// kind), so that the same box is found again in the next drawing.
const tablePlaceJS = `const place = (e) => { const s = e.closest("[data-seat]"), z = e.closest("[data-zone]");
	return (s ? s.dataset.seat : "") + "/" + (z ? z.dataset.zone : "") + "/" + e.classList[0]; };
const scrollers = () => [...document.querySelectorAll("#table *")].filter((e) => {
	const st = getComputedStyle(e);
	return (/auto|scroll/.test(st.overflowY) && e.scrollHeight > e.clientHeight + 8) ||
		(/auto|scroll/.test(st.overflowX) && e.scrollWidth > e.clientWidth + 8); });
const frames = () => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));`

// tablePlaces is what a reader did to a table: the boxes they scrolled
// (where to) and the seats' counters they opened.
type tablePlaces struct {
	Scrolled map[string][]int `json:"scrolled"`
	Opened   []string         `json:"opened"`
	Folded   int              `json:"folded"`
	// Focused is the card given the keyboard's focus, and Focus the one
	// that has it; There says whether Focused is still on the table.
	Focused string `json:"focused"`
	Focus   string `json:"focus"`
	There   bool   `json:"there"`
}

// A table is drawn anew for every move. A spectator of a four-seat game
// on a phone and on a laptop opens every seat's counters and scrolls every
// box that scrolls (an opponent's cards, the shared rows, a row of cards
// sideways) and tabs to a card; three moves later each counter is still
// open, each box still shows what they scrolled to, as far as it still
// scrolls, and the card still has the focus if it is still there. So does
// the replay's table, two steps back. Before, each move folded the
// counters and sent every box back to its start: a player reading an
// opponent's cards lost them at every AI move.
func TestBrowserTableKeepsWhatItsReaderOpenedAndScrolled(t *testing.T) {
	// Four seats are played here as fast as the test can: beyond a
	// person's rate.
	e := newTunedEnv(t, func(c *Config) { c.Rate, c.Burst = 1000, 1000 })
	rng := rand.New(rand.NewPCG(7, 7))
	var id string
	var tokens []string
	focusChecked := 0
	for _, size := range [][2]int64{{390, 844}, {1280, 800}} {
		id, tokens = e.crowdedGame(rng)
		ctx := newBrowser(t)
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1])); err != nil {
			t.Fatal(err)
		}
		openPage(t, ctx, e.http.URL+"/play/"+id, "#table .table")
		waitTable(t, ctx, e.state(id, "").Version)
		where := fmt.Sprintf("at %dx%d", size[0], size[1])
		did := readTheTable(t, ctx, where, size[0] < 500)
		drawn := evalJS[int](t, ctx, `window.kw.drawn`)
		// Three moves, or as many as the game has left.
		for range 3 {
			e.playSomeone(id, tokens, rng)
		}
		waitTable(t, ctx, e.state(id, "").Version)
		if evalJS[int](t, ctx, `window.kw.drawn`) <= drawn {
			t.Fatalf("%s the table was not drawn again", where)
		}
		if checkTheTableKept(t, ctx, where, did) {
			focusChecked++
		}
	}
	for i := 0; e.playSomeone(id, tokens, rng); i++ {
		if i == 5000 {
			t.Fatal("the game did not end in 5,000 moves")
		}
	}
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatal(err)
	}
	openPage(t, ctx, e.http.URL+"/replay/"+id, "#table .player")
	replayDo(t, ctx, "going to the last step", func(r replayState) bool { return r.Step == r.Steps }, chromedp.Click("#last"))
	did := readTheTable(t, ctx, "in the replay", false)
	// Stepped back by keyboard, as a reader whose focus is on a card does.
	replayDo(t, ctx, "a step back", func(r replayState) bool { return r.Step == r.Steps-1 }, chromedp.KeyEvent(kb.ArrowLeft))
	replayDo(t, ctx, "another step back", func(r replayState) bool { return r.Step == r.Steps-2 }, chromedp.KeyEvent(kb.ArrowLeft))
	if checkTheTableKept(t, ctx, "in the replay", did) {
		focusChecked++
	}
	if focusChecked == 0 {
		t.Error("no card given the focus was still on the table drawn anew: the focus was not checked")
	}
}

// readTheTable does what a reader of a table might: opens every seat's
// counters that are folded (on a phone, where they fold: there the test
// needs one), scrolls every box that scrolls half way (the test needs
// one) and moves the keyboard's focus to a card, an opponent's if there
// is one. It returns what it did.
func readTheTable(t *testing.T, ctx context.Context, where string, phone bool) tablePlaces {
	t.Helper()
	did, err := chromedp.Run(ctx, chromedp.Evaluate[tablePlaces](`(async () => {
		`+tablePlaceJS+`
		const folded = [...document.querySelectorAll("#table .p-info:not([open]) > summary")];
		for (const s of folded) s.click();
		await frames();
		for (const b of scrollers()) {
			b.scrollTop = Math.ceil((b.scrollHeight - b.clientHeight) / 2);
			b.scrollLeft = Math.ceil((b.scrollWidth - b.clientWidth) / 2);
		}
		await frames();
		const scrolled = {};
		for (const b of scrollers()) if (b.scrollTop || b.scrollLeft) scrolled[place(b)] = [b.scrollTop, b.scrollLeft];
		const card = document.querySelector("#table .others [data-id], #table .shared [data-id], #table [data-id]");
		card.focus({preventScroll: true});
		return {scrolled, opened: [...document.querySelectorAll("#table .p-info[open]")].map(place), folded: folded.length,
			focused: card.dataset.id};
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if len(did.Scrolled) == 0 {
		t.Fatalf("%s nothing on the table scrolls: the test needs a crowded table", where)
	}
	if phone && did.Folded == 0 {
		t.Fatalf("%s no seat's counters were folded on a phone: the test needs them folded", where)
	}
	return did
}

// checkTheTableKept checks that the table, drawn anew, shows every
// counter that did opened and every box where did scrolled it, as far as
// the box still scrolls, and that the card did focused has the focus if it
// is still on the table (which it says).
func checkTheTableKept(t *testing.T, ctx context.Context, where string, did tablePlaces) (focusKept bool) {
	t.Helper()
	now, err := chromedp.Run(ctx, chromedp.Evaluate[tablePlaces](`(async () => {
		`+tablePlaceJS+`
		await frames();
		const scrolled = {};
		for (const b of document.querySelectorAll("#table *")) scrolled[place(b)] = [b.scrollTop, b.scrollLeft, b.scrollHeight - b.clientHeight, b.scrollWidth - b.clientWidth];
		return {scrolled, opened: [...document.querySelectorAll("#table .p-info[open]")].map(place),
			focus: document.activeElement.dataset.id || document.activeElement.tagName,
			there: !!document.querySelector("#table [data-id='`+did.Focused+`']")};
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if now.There && now.Focus != did.Focused {
		t.Errorf("%s card %s had the keyboard's focus and is still on the table; drawn anew the focus is on %s", where, did.Focused, now.Focus)
	}
	open := map[string]bool{}
	for _, p := range now.Opened {
		open[p] = true
	}
	for _, p := range did.Opened {
		if !open[p] {
			t.Errorf("%s the counters of %s were opened, and the next drawing folded them", where, p)
		}
	}
	for p, was := range did.Scrolled {
		v, ok := now.Scrolled[p]
		if !ok {
			continue // the box went with its cards
		}
		want := [2]int{min(was[0], max(0, v[2])), min(was[1], max(0, v[3]))}
		if max(v[0]-want[0], want[0]-v[0]) > 2 || max(v[1]-want[1], want[1]-v[1]) > 2 {
			t.Errorf("%s %s was scrolled to %v (down, across); drawn anew it shows %v, where it could show %v", where, p, was, v[:2], want)
		}
	}
	return now.There
}

// A pile's list open while the others play follows the game: a spectator
// opens a seat's discard pile, and once moves have changed that pile the
// open list names as many cards as it now holds. Before, it kept the
// cards of the moment it opened. A card's menu stays open while its card
// is on the table.
func TestBrowserOpenPileFollowsTheGame(t *testing.T) {
	e := newTunedEnv(t, func(c *Config) { c.Rate, c.Burst = 1000, 1000 })
	rng := rand.New(rand.NewPCG(8, 8))
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatal(err)
	}
	// Random play may end a game, or leave every discard pile as it is,
	// before the test has seen one change: it then takes another game.
	for range 5 {
		id, tokens := e.crowdedGame(rng)
		if pileFollowed(t, e, ctx, id, tokens, rng) {
			cardMenuFollowed(t, e, ctx, id, tokens, rng)
			return
		}
	}
	t.Fatal("in five games no discard pile with cards changed before the game ended")
}

// discardOf is how many cards seat's discard pile of game id holds.
func (e *testEnv) discardOf(id, seat string) int {
	e.t.Helper()
	for _, p := range e.state(id, "").View.Players {
		if p.Seat.String() != seat {
			continue
		}
		for _, z := range p.Zones {
			if z.Name == "discard" {
				return z.Count
			}
		}
	}
	e.t.Fatalf("seat %s has no discard pile", seat)
	return 0
}

// pileFollowed opens the list of a seat's discard pile on a spectator's
// table of game id, plays until the pile changes and checks that the open
// list names as many cards as it now holds. It says false, having checked
// nothing, when the game ends first or no discard pile holds a card.
func pileFollowed(t *testing.T, e *testEnv, ctx context.Context, id string, tokens []string, rng *rand.Rand) bool {
	t.Helper()
	openPage(t, ctx, e.http.URL+"/play/"+id, "#table .table")
	waitTable(t, ctx, e.state(id, "").Version)
	seat := evalJS[string](t, ctx, `(() => {
		const chip = document.querySelector('#table [data-seat] button.pile[data-zone="discard"]:not(:disabled)');
		return chip ? chip.closest("[data-seat]").dataset.seat : "";
	})()`)
	if seat == "" {
		return false
	}
	chip := fmt.Sprintf(`#table [data-seat=%q] button.pile[data-zone="discard"]`, seat)
	if err := chromedp.Do(ctx, chromedp.Click(chip)); err != nil {
		t.Fatal(err)
	}
	was := e.discardOf(id, seat)
	listed := `document.querySelector("#menu").hidden ? -1 : document.querySelectorAll("#menu .pile-list li").length`
	if n := evalJS[int](t, ctx, listed); n != was {
		t.Fatalf("the open list names %d cards of %s's discard pile of %d", n, seat, was)
	}
	for e.discardOf(id, seat) == was {
		if !e.playSomeone(id, tokens, rng) {
			return false
		}
	}
	now := e.discardOf(id, seat)
	waitTable(t, ctx, e.state(id, "").Version)
	if n := evalJS[int](t, ctx, listed); n != now {
		t.Errorf("%s's discard pile went from %d cards to %d; the list open meanwhile names %d (-1: it closed)", seat, was, now, n)
	}
	return true
}

// cardMenuFollowed opens the menu of an opponent's card on the table,
// plays three moves (or what the game has left) and checks that the menu
// is open if and only if the card is still on the table.
func cardMenuFollowed(t *testing.T, e *testEnv, ctx context.Context, id string, tokens []string, rng *rand.Rand) {
	t.Helper()
	// The card is clicked where it is, however little of it shows: a
	// click at a point of the page may land on a card in front of it.
	card := evalJS[string](t, ctx, `(() => {
		document.querySelector("#menu .close").click();
		const card = document.querySelector("#table .card[data-id]");
		if (!card) return "";
		card.click();
		return document.querySelector("#menu").hidden ? "not opened" : card.dataset.id;
	})()`)
	if card == "" || card == "not opened" {
		t.Fatalf("no card on the table opened its menu (%q): the test needs one", card)
	}
	for range 3 {
		e.playSomeone(id, tokens, rng)
	}
	waitTable(t, ctx, e.state(id, "").Version)
	shown := evalJS[[2]bool](t, ctx, `[!document.querySelector("#menu").hidden, !!document.querySelector('#table [data-id="`+card+`"]')]`)
	if shown[0] != shown[1] {
		t.Errorf("card %s's menu is open %v, and the card is on the table %v", card, shown[0], shown[1])
	}
}
