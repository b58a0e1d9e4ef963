package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"kartenwerk/engine/i18n"
	"kartenwerk/platform/codes"
)

// trickCards are the cards of trick's one deck, each once (TR-2).
var trickCards = []string{"One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine"}

// trickCodes are print runs of every trick card, whose codes players
// register as they get the cards.
type trickCodes struct {
	e    *codesEnv
	runs map[string]*codes.Run
	next map[string]int
}

// newTrickCodes prints and imports n codes of each trick card.
func newTrickCodes(e *codesEnv, n int) *trickCodes {
	e.t.Helper()
	pepper, err := codes.NewPepper([]byte(testPepperSecret))
	if err != nil {
		e.t.Fatal(err)
	}
	tc := &trickCodes{e: e, runs: map[string]*codes.Run{}, next: map[string]int{}}
	for _, name := range trickCards {
		run, err := codes.NewRun(codes.Printing{Game: "trick", Card: name, Printing: "first"}, n)
		if err != nil {
			e.t.Fatal(err)
		}
		var hashes bytes.Buffer
		if err := run.WriteHashes(&hashes, pepper); err != nil {
			e.t.Fatal(err)
		}
		if res, raw := e.pub.post("/api/codes/import", hashes.String()); res.StatusCode != http.StatusOK || !strings.Contains(raw, `"added":`+strconv.Itoa(n)) {
			e.t.Fatalf("importing the %s codes: %d %s", name, res.StatusCode, raw)
		}
		tc.runs[name] = run
	}
	return tc
}

// give registers a copy of each trick card to b, but those left out.
func (tc *trickCodes) give(b *browser, leftOut ...string) {
	tc.e.t.Helper()
	for _, name := range trickCards {
		if !slices.Contains(leftOut, name) {
			b.expect(http.StatusCreated, "POST", "/api/codes/register", CodeEntry{tc.runs[name].Codes[tc.next[name]].String()})
			tc.next[name]++
		}
	}
}

// trade gives one copy of a trick card from a to the account to, and
// returns the answer.
func trade(a *browser, to, card string) (*http.Response, string) {
	a.t.Helper()
	return a.do("POST", "/api/trades", TradeRequest{To: to, Game: "trick", Card: card, Printing: "first", Count: 1})
}

// TestRankedPhysicalDeckTradedAwayIsRefusedAtPairing: under the "physical
// cards only" rule, alice queues with her deck, then trades a card of it
// to bob, who queues with it in turn. Ownership is checked again as the
// game is made: bob is not paired with alice, alice is refused (in her
// language, naming the card) and leaves the queue, and bob plays someone
// who owns their deck.
func TestRankedPhysicalDeckTradedAwayIsRefusedAtPairing(t *testing.T) {
	e := newCodesEnv(t, 1)
	e.srv.cfg.Ranked.PhysicalOnly = true
	tc := newTrickCodes(e, 3)
	alice, bob, carol := e.player("alice"), e.player("bob"), e.player("carol")
	tc.give(alice)
	tc.give(bob, "Five")
	tc.give(carol)

	queue(alice, http.StatusCreated, DeckRequest{})
	if res, raw := bob.do("POST", "/api/ranked/trick/queue", DeckRequest{}); res.StatusCode != http.StatusBadRequest || !strings.Contains(raw, "Five") {
		t.Fatalf("bob queueing without a Five: %d %s, want 400 naming Five", res.StatusCode, raw)
	}
	if res, raw := trade(alice, "bob", "Five"); res.StatusCode != http.StatusCreated {
		t.Fatalf("alice giving her Five to bob: %d %s", res.StatusCode, raw)
	}
	if st := queue(bob, http.StatusCreated, DeckRequest{}); st.State != "queued" {
		t.Fatalf("bob, with alice's Five, was paired with alice, who no longer owns it: %+v", st)
	}

	alice.header.Set("Accept-Language", "de")
	res, raw := alice.do("GET", "/api/ranked/trick/queue", nil)
	alice.header.Del("Accept-Language")
	texts := map[i18n.Lang]string{i18n.DE: checkRefusalIn(t, "a queued deck no longer owned", i18n.DE, res.StatusCode, raw, "physical_ranked_lost")}
	if res.StatusCode != http.StatusConflict || !strings.Contains(raw, "Five") {
		t.Errorf("alice asking after the queue: %d %s, want 409 naming Five", res.StatusCode, raw)
	}
	// Refused once, alice has left the queue; the other languages' words
	// are read from the catalogue.
	if st := status(alice); st.State != "idle" {
		t.Errorf("alice after the refusal: %+v, want idle", st)
	}
	for _, l := range []i18n.Lang{i18n.EN, i18n.CS} {
		said, _ := json.Marshal(httpErrorBody{Error: refuse(http.StatusConflict, "physical_ranked_lost").In(l), Code: "physical_ranked_lost"})
		texts[l] = checkRefusalIn(t, "a queued deck no longer owned", l, http.StatusConflict, string(said), "physical_ranked_lost")
	}
	checkNotEnglish(t, "a queued deck no longer owned", texts)

	if st := queue(carol, http.StatusCreated, DeckRequest{}); st.State != "playing" || st.Match.Opponent != "bob" {
		t.Fatalf("carol, owning her deck, was not paired with bob, who owns his: %+v", st)
	}
	if res, raw := alice.do("POST", "/api/ranked/trick/queue", DeckRequest{}); res.StatusCode != http.StatusBadRequest || !strings.Contains(raw, "Five") {
		t.Errorf("alice queueing again without her Five: %d %s, want 400", res.StatusCode, raw)
	}
}

// TestRankedTradeOfCardsInPlayRefused: under the "physical cards only"
// rule, the copies of a ranked game's deck stay with their player until
// the game ends: a trade that would leave fewer is refused, naming the
// card and the opponent, in each language; a trade that leaves enough,
// and any trade once the game is over, goes through.
func TestRankedTradeOfCardsInPlayRefused(t *testing.T) {
	e := newCodesEnv(t, 1)
	e.srv.cfg.Ranked.PhysicalOnly = true
	tc := newTrickCodes(e, 3)
	alice, bob, carol := e.player("alice"), e.player("bob"), e.player("carol")
	tc.give(alice)
	tc.give(alice, "One", "Two", "Three", "Four", "Six", "Seven", "Eight", "Nine") // a second Five
	tc.give(bob)
	queue(alice, http.StatusCreated, DeckRequest{})
	st := queue(bob, http.StatusCreated, DeckRequest{})
	if st.State != "playing" {
		t.Fatalf("alice and bob were not paired: %+v", st)
	}
	if res, raw := trade(alice, "carol", "Five"); res.StatusCode != http.StatusCreated {
		t.Errorf("alice giving her second Five, one left for her game: %d %s", res.StatusCode, raw)
	}
	texts := map[i18n.Lang]string{}
	for _, l := range []i18n.Lang{i18n.EN, i18n.DE, i18n.CS} {
		alice.header.Set("Accept-Language", l.String())
		res, raw := trade(alice, "carol", "Five")
		texts[l] = checkRefusalIn(t, "a trade of a card in play", l, res.StatusCode, raw, "trade_in_ranked_game")
		if res.StatusCode != http.StatusConflict || !strings.Contains(raw, "Five") || !strings.Contains(raw, "bob") {
			t.Errorf("alice giving the Five of her game in %s: %d %s, want 409 naming Five and bob", l, res.StatusCode, raw)
		}
	}
	alice.header.Del("Accept-Language")
	checkNotEnglish(t, "a trade of a card in play", texts)
	if res, raw := trade(bob, "carol", "Nine"); res.StatusCode != http.StatusConflict {
		t.Errorf("bob giving the Nine of his game: %d %s, want 409", res.StatusCode, raw)
	}
	_, raw := carol.expect(http.StatusOK, "GET", "/api/trades", nil)
	var got struct{ Trades []Trade }
	json.Unmarshal([]byte(raw), &got)
	if len(got.Trades) != 1 {
		t.Errorf("carol's trades %+v: want alice's second Five only", got.Trades)
	}

	// Once the game is over the cards are free to go.
	id, tokens, as := st.Match.ID, [2]string{}, [2]http.Header{}
	for _, b := range []*browser{alice, bob} {
		m := status(b).Match
		tokens[m.Seat], as[m.Seat] = tokenFromLink(m.Play), b.seatHeader()
	}
	for i := 0; i < 50 && !e.state(id, "").Finished; i++ {
		playFirstLegal(e.testEnv, id, tokens, as)
	}
	if res, raw := trade(alice, "carol", "Five"); res.StatusCode != http.StatusCreated {
		t.Errorf("alice giving her Five after the game: %d %s", res.StatusCode, raw)
	}
}

// TestRankedPairingAndTradeAtOnceCannotBothPass: under the "physical
// cards only" rule alice waits in the queue; bob joins it, which pairs
// them, at the moment alice gives away her deck's Five. The pairing's
// check of her copies and the trade's check for a game in play each read
// the other's state before it changed, so both could pass: a game made
// with a deck whose card had left. They now take turns on alice's
// holdings: in every round either the game is made and the trade refused,
// or the trade goes through and bob waits.
func TestRankedPairingAndTradeAtOnceCannotBothPass(t *testing.T) {
	const rounds = 48
	e := newCodesEnv(t, 1)
	e.srv.cfg.Ranked.PhysicalOnly = true
	tc := newTrickCodes(e, 2*rounds)
	te := &tourneyEnv{e.accountEnv} // accounts made in the store: no signup limit
	te.player("carol")
	both := 0
	for round := range rounds {
		alice, bob := te.player(fmt.Sprint("alice", round+1)), te.player(fmt.Sprint("bob", round+1))
		tc.give(alice)
		tc.give(bob)
		queue(alice, http.StatusCreated, DeckRequest{})
		var joined, traded *http.Response
		var joinBody, tradeBody string
		atOnce(
			func() { joined, joinBody = bob.do("POST", "/api/ranked/trick/queue", DeckRequest{}) },
			func() { traded, tradeBody = trade(alice, "carol", "Five") })
		if joined.StatusCode != http.StatusCreated {
			t.Fatalf("round %d: bob joining the queue: %d %s", round+1, joined.StatusCode, joinBody)
		}
		paired := decodeStatus(bob, joinBody).State == "playing"
		switch {
		case paired && traded.StatusCode == http.StatusCreated:
			both++
		case paired && (traded.StatusCode != http.StatusConflict || !strings.Contains(tradeBody, "trade_in_ranked_game")):
			t.Errorf("round %d: the trade once the game is made: %d %s, want 409 trade_in_ranked_game", round+1, traded.StatusCode, tradeBody)
		case !paired && traded.StatusCode != http.StatusCreated:
			t.Errorf("round %d: neither went through: bob waits, the trade: %d %s", round+1, traded.StatusCode, tradeBody)
		}
		for _, b := range []*browser{alice, bob} {
			b.do("DELETE", "/api/ranked/trick/queue", nil) // whoever still waits leaves
		}
	}
	if both > 0 {
		t.Errorf("in %d of %d rounds a ranked game was made with alice's deck as she gave its Five away", both, rounds)
	}
}
