package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"kartenwerk/engine/i18n"
)

// TestTournamentPhysicalDeckTradedAwayIsRefusedAtPairing: in a "physical
// cards only" tournament alice registers her deck, then trades a card of
// it to bob, who registers with it in turn. Ownership is checked again
// as the round is paired: the round is refused, in the organiser's
// language, naming alice and the card she lacks (and neither bob nor
// carol, who own theirs), and nothing starts; once the organiser drops
// alice, the round starts for the players who own their decks.
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
	if res, raw := trade(alice, "bob", "Five"); res.StatusCode != http.StatusCreated {
		t.Fatalf("alice giving her Five to bob: %d %s", res.StatusCode, raw)
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
