package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"kartenwerk/engine/i18n"
	"kartenwerk/platform/tournament"
)

// TestTournamentPhysicalDeckTradedAwayIsRefusedAtPairing: in a "physical
// cards only" tournament alice registers her deck, and a card of it goes
// to bob, who registers with it in turn. (The trade API refuses that
// trade, see TestTradeOfTournamentDeckRefused; the store's trade stands
// for one that committed as her registration did, unseen by the check.)
// Ownership is checked again as the round is paired: the round is
// refused, in the organiser's language, naming alice and the card she
// lacks (and neither bob nor carol, who own theirs), and nothing starts;
// once the organiser drops alice, the round starts for the players who
// own their decks.
func TestTournamentPhysicalDeckTradedAwayIsRefusedAtPairing(t *testing.T) {
	e := newCodesEnv(t, 1)
	tc := newTrickCodes(e, 3)
	org := e.player("orga")
	if err := e.store.(TournamentStore).SetOrganiser(t.Context(), "orga", true); err != nil {
		t.Fatal(err)
	}
	_, raw := org.expect(http.StatusCreated, "POST", "/api/tournaments", TournamentRequest{Name: "Paper night", Game: "trick",
		Format: FormatSwiss, Rounds: 1, PhysicalOnly: true})
	var v TournamentView
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		t.Fatal(err)
	}
	register := "/api/tournaments/" + v.ID + "/register"
	alice, bob, carol := e.player("alice"), e.player("bob"), e.player("carol")
	tc.give(alice)
	tc.give(bob, "Five")
	tc.give(carol)
	alice.expect(http.StatusOK, "POST", register, DeckRequest{Preset: "standard"})
	if res, raw := bob.do("POST", register, DeckRequest{Preset: "standard"}); res.StatusCode != http.StatusBadRequest || !strings.Contains(raw, "Five") {
		t.Fatalf("bob registering without a Five: %d %s, want 400 naming Five", res.StatusCode, raw)
	}
	if err := e.store.(DeckStore).TradeCards(t.Context(), Trade{ID: newToken(), Giver: e.accountID("alice"), Receiver: e.accountID("bob"),
		From: "alice", To: "bob", Card: CardPrinting{Game: "trick", Card: "Five", Printing: "first"}, Count: 1, At: time.Now()}); err != nil {
		t.Fatalf("alice's Five going to bob: %v", err)
	}
	bob.expect(http.StatusOK, "POST", register, DeckRequest{Preset: "standard"})
	carol.expect(http.StatusOK, "POST", register, DeckRequest{Preset: "standard"})

	texts := map[i18n.Lang]string{}
	for _, l := range []i18n.Lang{i18n.EN, i18n.DE, i18n.CS} {
		org.header.Set("Accept-Language", l.String())
		res, raw := org.do("POST", "/api/tournaments/"+v.ID+"/rounds", nil)
		texts[l] = checkRefusalIn(t, "a round with a deck no longer owned", l, res.StatusCode, raw, "physical_tournament_lost")
		if res.StatusCode != http.StatusConflict || !strings.Contains(raw, "alice (Five)") || strings.Contains(raw, "bob") || strings.Contains(raw, "carol") {
			t.Errorf("starting the round in %s: %d %s, want 409 naming alice and her Five only", l, res.StatusCode, raw)
		}
	}
	org.header.Del("Accept-Language")
	checkNotEnglish(t, "a round with a deck no longer owned", texts)
	if got := org.tournament(v.ID); got.Stage != stageRegistration || len(got.Entrants) != 3 {
		t.Fatalf("after the refused round: stage %s with %d entrants, want registration unchanged", got.Stage, len(got.Entrants))
	}

	org.expect(http.StatusOK, "POST", "/api/tournaments/"+v.ID+"/drop", map[string]string{"username": "alice"})
	org.expect(http.StatusOK, "POST", "/api/tournaments/"+v.ID+"/rounds", nil)
	if m := bob.match(v.ID); m == nil || m.Opponent != "carol" || len(m.Games) != 1 {
		t.Errorf("bob's match once alice is dropped: %+v, want a game against carol", m)
	}
}

// TestTradeOfTournamentDeckRefused: the copies of a deck registered in a
// "physical cards only" tournament stay with their player until the
// tournament ends, so that they cannot pass to another account between
// rounds and back before the next pairing. A trade that would leave the
// player fewer copies than the deck lists is refused, before the first
// round and during one, in each language, naming the card and the
// tournament; once the player drops out, or the tournament has finished,
// the copies are free to go, as are those of a deck registered in a
// tournament without the rule.
func TestTradeOfTournamentDeckRefused(t *testing.T) {
	e := newCodesEnv(t, 1)
	tc := newTrickCodes(e, 6)
	org := e.player("orga")
	if err := e.store.(TournamentStore).SetOrganiser(t.Context(), "orga", true); err != nil {
		t.Fatal(err)
	}
	create := func(name string, physical bool) string {
		_, raw := org.expect(http.StatusCreated, "POST", "/api/tournaments", TournamentRequest{Name: name, Game: "trick",
			Format: FormatSwiss, Rounds: 1, PhysicalOnly: physical})
		var v TournamentView
		if err := json.Unmarshal([]byte(raw), &v); err != nil {
			t.Fatal(err)
		}
		return v.ID
	}
	paper, casual := create("Paper night", true), create("Open night", false)
	// Accounts made in the store: more than one address may sign up.
	te := &tourneyEnv{e.accountEnv}
	players := map[string]*browser{}
	for _, name := range []string{"alice", "bob", "carol", "dave", "erin"} {
		players[name] = te.player(name)
		tc.give(players[name])
	}
	alice, carol, erin := players["alice"], players["carol"], players["erin"]
	for _, name := range []string{"alice", "bob", "carol", "dave"} {
		players[name].expect(http.StatusOK, "POST", "/api/tournaments/"+paper+"/register", DeckRequest{Preset: "standard"})
	}
	erin.expect(http.StatusOK, "POST", "/api/tournaments/"+casual+"/register", DeckRequest{Preset: "standard"})

	refused := func(who *browser, name, when string) {
		t.Helper()
		if res, raw := trade(who, "erin", "Five"); res.StatusCode != http.StatusConflict || !strings.Contains(raw, `"trade_in_tournament"`) {
			t.Errorf("%s giving the Five of their deck %s: %d %s, want 409 trade_in_tournament", name, when, res.StatusCode, raw)
		}
	}
	texts := map[i18n.Lang]string{}
	for _, l := range []i18n.Lang{i18n.EN, i18n.DE, i18n.CS} {
		alice.header.Set("Accept-Language", l.String())
		res, raw := trade(alice, "erin", "Five")
		texts[l] = checkRefusalIn(t, "a trade of a tournament deck's card", l, res.StatusCode, raw, "trade_in_tournament")
		if res.StatusCode != http.StatusConflict || !strings.Contains(texts[l], "Five") || !strings.Contains(texts[l], "Paper night") ||
			!strings.Contains(texts[l], "1× Five") || !strings.Contains(texts[l], " 0") {
			t.Errorf("alice giving the Five of her registered deck in %s: %d %s, want 409 naming Five, Paper night, 1 listed and 0 left", l, res.StatusCode, raw)
		}
	}
	alice.header.Del("Accept-Language")
	checkNotEnglish(t, "a trade of a tournament deck's card", texts)

	org.expect(http.StatusOK, "POST", "/api/tournaments/"+paper+"/rounds", nil)
	refused(alice, "alice", "during the first round")
	refused(carol, "carol", "during the first round")
	if res, raw := trade(erin, "alice", "Five"); res.StatusCode != http.StatusCreated {
		t.Errorf("erin giving the Five of her deck in a tournament without the rule: %d %s", res.StatusCode, raw)
	}
	// With the second Five erin gave her, alice may give one: one is left
	// for her deck, but not two.
	if res, raw := trade(alice, "erin", "Five"); res.StatusCode != http.StatusCreated {
		t.Errorf("alice giving a Five her deck does not need: %d %s", res.StatusCode, raw)
	}
	refused(alice, "alice", "with one Five left")

	alice.expect(http.StatusOK, "POST", "/api/tournaments/"+paper+"/drop", map[string]string{})
	if res, raw := trade(alice, "erin", "Five"); res.StatusCode != http.StatusCreated {
		t.Errorf("alice giving her Five once she has dropped out: %d %s", res.StatusCode, raw)
	}
	refused(carol, "carol", "with the tournament still running")

	for _, m := range org.tournament(paper).Pairings[0].Matches {
		if !m.Decided {
			org.expect(http.StatusOK, "POST", "/api/tournaments/"+paper+"/corrections", CorrectionRequest{Stage: stageSwiss, Round: 1, Table: m.Table,
				Score: tournament.GameScore{WinsA: 2}, Reason: "the match was played at the table"})
		}
	}
	if st := org.tournament(paper).Stage; st != stageFinished {
		t.Fatalf("after every result of its one round the tournament is at %s, want finished", st)
	}
	if res, raw := trade(carol, "erin", "Five"); res.StatusCode != http.StatusCreated {
		t.Errorf("carol giving her Five once the tournament has finished: %d %s", res.StatusCode, raw)
	}
}

// TestTradeAndRegistrationAtOnceCannotBothPass: a player registers their
// deck in a "physical cards only" tournament and, at the same moment,
// gives away its Five. Each check read the other's state before it
// changed, so both could pass, leaving the registered deck without its
// card until the next pairing. They now take turns on the player's
// holdings: in every round exactly one of the two goes through.
func TestTradeAndRegistrationAtOnceCannotBothPass(t *testing.T) {
	const rounds = 24
	e := newCodesEnv(t, 1)
	tc := newTrickCodes(e, rounds)
	te := &tourneyEnv{e.accountEnv}
	org := te.organiser("orga")
	te.player("erin")
	both := 0
	for round := range rounds {
		_, raw := org.expect(http.StatusCreated, "POST", "/api/tournaments", TournamentRequest{Name: fmt.Sprint("Paper night ", round+1), Game: "trick",
			Format: FormatSwiss, Rounds: 1, PhysicalOnly: true})
		var v TournamentView
		if err := json.Unmarshal([]byte(raw), &v); err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprint("player", round+1)
		player := te.player(name)
		tc.give(player)
		elsewhere := te.browser() // the same player on another device: a browser sends one request at a time
		elsewhere.login(name, tourneyPassword)
		var registered, traded *http.Response
		var regBody, tradeBody string
		atOnce(
			func() {
				registered, regBody = player.do("POST", "/api/tournaments/"+v.ID+"/register", DeckRequest{Preset: "standard"})
			},
			func() { traded, tradeBody = trade(elsewhere, "erin", "Five") })
		regOK, tradeOK := registered.StatusCode == http.StatusOK, traded.StatusCode == http.StatusCreated
		switch {
		case regOK && tradeOK:
			both++
		case !regOK && !tradeOK:
			t.Errorf("round %d: neither went through: registration %d %s, trade %d %s", round+1, registered.StatusCode, regBody, traded.StatusCode, tradeBody)
		case !regOK && (registered.StatusCode != http.StatusBadRequest || !strings.Contains(regBody, "Five")):
			t.Errorf("round %d: the registration after the trade: %d %s, want 400 naming Five", round+1, registered.StatusCode, regBody)
		case !tradeOK && (traded.StatusCode != http.StatusConflict || !strings.Contains(tradeBody, "trade_in_tournament")):
			t.Errorf("round %d: the trade after the registration: %d %s, want 409 trade_in_tournament", round+1, traded.StatusCode, tradeBody)
		}
	}
	if both > 0 {
		t.Errorf("in %d of %d rounds a registration and a trade of its deck's Five at once both went through", both, rounds)
	}
}
