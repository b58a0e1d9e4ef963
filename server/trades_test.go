package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"kartenwerk/engine/i18n"
)

func tradesOf(t *testing.T, b *browser) []Trade {
	t.Helper()
	_, raw := b.expect(http.StatusOK, "GET", "/api/trades", nil)
	var v struct{ Trades []Trade }
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		t.Fatalf("trades %s: %v", raw, err)
	}
	return v.Trades
}

func owned(t *testing.T, b *browser) int {
	t.Helper()
	n := 0
	for _, c := range collectionOf(t, b, "").Cards {
		n += c.Count
	}
	return n
}

func emberFox(to string, n int) TradeRequest {
	return TradeRequest{To: to, Game: "athernum", Card: "Ember Fox", Printing: "first edition", Count: n}
}

func TestTradeMovesCardsAndKeepsHistory(t *testing.T) {
	e := newCodesEnv(t, 3)
	alice, bob := e.player("alice"), e.player("bob")
	e.registerCodes(alice, 0, 3)
	_, raw := alice.expect(http.StatusCreated, "POST", "/api/trades", emberFox("BOB", 2))
	if !strings.Contains(raw, `"from":"alice"`) || !strings.Contains(raw, `"to":"bob"`) {
		t.Errorf("trade answer %s, want both parties named", raw)
	}
	if a, b := owned(t, alice), owned(t, bob); a != 1 || b != 2 {
		t.Errorf("after giving 2 of 3: alice owns %d, bob %d; want 1 and 2", a, b)
	}
	e.clock.add(time.Second)
	bob.expect(http.StatusCreated, "POST", "/api/trades", emberFox("alice", 1))
	for name, b := range map[string]*browser{"alice": alice, "bob": bob} {
		h := tradesOf(t, b)
		if len(h) != 2 || h[0].From != "bob" || h[0].Count != 1 || h[1].From != "alice" || h[1].To != "bob" || h[1].Count != 2 {
			t.Errorf("%s's history: %+v, want bob's 1 to alice after alice's 2 to bob", name, h)
		}
	}
	carol := e.player("carol")
	if h := tradesOf(t, carol); len(h) != 0 {
		t.Errorf("carol sees others' trades: %+v", h)
	}
}

// TestTradeRefusals: a trade gives only cards the giver owns, only as
// the giver, to someone else who exists; each refusal says why and
// moves nothing.
func TestTradeRefusals(t *testing.T) {
	e := newCodesEnv(t, 3)
	alice, bob := e.player("alice"), e.player("bob")
	e.registerCodes(alice, 0, 2)
	anonymous := e.browser()
	cases := []struct {
		name   string
		who    *browser
		req    TradeRequest
		status int
		says   string
	}{
		{"one more than owned", alice, emberFox("bob", 3), http.StatusConflict, "you own 2 of Ember Fox"},
		{"a card not owned", bob, emberFox("alice", 1), http.StatusConflict, "you own 0 of Ember Fox"},
		{"another printing", alice, TradeRequest{To: "bob", Game: "athernum", Card: "Ember Fox", Printing: "second", Count: 1}, http.StatusConflict, "you own 0"},
		{"as someone else", bob, TradeRequest{From: "alice", To: "bob", Game: "athernum", Card: "Ember Fox", Printing: "first edition", Count: 1}, http.StatusForbidden, "only your own cards"},
		{"not logged in", anonymous, emberFox("bob", 1), http.StatusUnauthorized, "not logged in"},
		{"to nobody", alice, emberFox("nobody-here", 1), http.StatusNotFound, "no account"},
		{"to oneself", alice, emberFox("ALICE", 1), http.StatusBadRequest, "yourself"},
		{"no copies", alice, emberFox("bob", 0), http.StatusBadRequest, "out of range"},
		{"no card", alice, TradeRequest{To: "bob", Count: 1}, http.StatusBadRequest, "name the game, card and printing"},
	}
	for _, c := range cases {
		res, raw := c.who.do("POST", "/api/trades", c.req)
		if res.StatusCode != c.status || !strings.Contains(raw, c.says) {
			t.Errorf("%s: %d %s, want %d saying %q", c.name, res.StatusCode, raw, c.status, c.says)
		}
	}
	if a, b := owned(t, alice), owned(t, bob); a != 2 || b != 0 {
		t.Errorf("after refused trades alice owns %d and bob %d, want 2 and 0", a, b)
	}
	if h := tradesOf(t, alice); len(h) != 0 {
		t.Errorf("refused trades in the history: %+v", h)
	}
}

// TestTradeNeedsCSRF: another site cannot make a logged-in browser give
// its cards away.
func TestTradeNeedsCSRF(t *testing.T) {
	e := newCodesEnv(t, 1)
	alice, _ := e.player("alice"), e.player("bob")
	e.registerCodes(alice, 0, 1)
	good := alice.csrf
	for _, c := range []struct {
		name, csrf string
		header     http.Header
	}{
		{"no token", "", nil},
		{"a wrong token", good[:len(good)-2] + "xx", nil},
		{"another origin", good, http.Header{"Origin": {"https://evil.example"}}},
	} {
		alice.csrf, alice.header = c.csrf, c.header
		if alice.header == nil {
			alice.header = http.Header{}
		}
		if res, raw := alice.do("POST", "/api/trades", emberFox("bob", 1)); res.StatusCode != http.StatusForbidden {
			t.Errorf("%s: %d %s, want 403", c.name, res.StatusCode, raw)
		}
	}
	alice.csrf, alice.header = good, http.Header{}
	if n := owned(t, alice); n != 1 {
		t.Errorf("alice owns %d after forged trades, want 1", n)
	}
}

// TestTradesBeyondTheBurstAreRefused: an account makes at most tradeBurst
// trades at once, refused ones included (each reads the store), then 429
// with Retry-After, in its language; another account's trades go on.
func TestTradesBeyondTheBurstAreRefused(t *testing.T) {
	old := tradeBurst
	tradeBurst = 3
	t.Cleanup(func() { tradeBurst = old })
	e := newCodesEnv(t, 1)
	alice, bob := e.player("alice"), e.player("bob")
	for i := range tradeBurst {
		if res, raw := alice.do("POST", "/api/trades", emberFox("bob", 1)); res.StatusCode != http.StatusConflict {
			t.Fatalf("alice's trade %d of the burst, of a card she lacks: %d %s, want 409", i+1, res.StatusCode, raw)
		}
	}
	texts := map[i18n.Lang]string{}
	for _, l := range []i18n.Lang{i18n.EN, i18n.DE, i18n.CS} {
		alice.header.Set("Accept-Language", l.String())
		res, raw := alice.do("POST", "/api/trades", emberFox("bob", 1))
		texts[l] = checkRefusalIn(t, "a trade beyond the burst", l, res.StatusCode, raw, "trades_from_account")
		if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
			t.Errorf("alice's trade beyond the burst in %s: %d (Retry-After %q) %s, want 429 with Retry-After", l, res.StatusCode, res.Header.Get("Retry-After"), raw)
		}
	}
	checkNotEnglish(t, "a trade beyond the burst", texts)
	if res, raw := bob.do("POST", "/api/trades", emberFox("alice", 1)); res.StatusCode != http.StatusConflict {
		t.Errorf("bob's first trade while alice waits: %d %s, want 409 (he lacks the card), not 429", res.StatusCode, raw)
	}
}
