package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"kartenwerk/engine"
)

// presetText is the list of game's preset deck called name, as a player
// pastes it.
func presetText(t *testing.T, game, name string) string {
	t.Helper()
	g, err := engine.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range g.Presets() {
		if p.Name == name {
			return deckText(p)
		}
	}
	t.Fatalf("%s has no preset %q", game, name)
	return ""
}

// newTourneyOfGame has org create a Swiss tournament of game.
func newTourneyOfGame(t *testing.T, org *browser, game string) TournamentView {
	t.Helper()
	_, raw := org.expect(http.StatusCreated, "POST", "/api/tournaments", TournamentRequest{Name: "Cup", Game: game, Format: FormatSwiss, Rounds: 1})
	var v TournamentView
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestTournamentDecksOfOneColourMeet: in a Mystic Elements tournament
// every player brings their own deck, so two may both play blue; the
// colours are exclusive only because one box holds one set (ME-10.2).
// Before, the round could not start ("both decks use blue"), and with
// the decks locked nothing could mend it.
func TestTournamentDecksOfOneColourMeet(t *testing.T) {
	e := newTourneyEnv(t)
	org := e.organiser("orga")
	v := newTourneyOfGame(t, org, "mysticelements")
	deepwood := presetText(t, "mysticelements", "Deepwood")
	for i := range 4 {
		e.player(fmt.Sprintf("mage%d", i+1)).expect(http.StatusOK, "POST", "/api/tournaments/"+v.ID+"/register", DeckRequest{List: deepwood})
	}
	org.expect(http.StatusOK, "POST", "/api/tournaments/"+v.ID+"/rounds", nil)
	st, err := e.store.(TournamentStore).LoadTournament(t.Context(), v.ID)
	if err != nil {
		t.Fatal(err)
	}
	tt, _ := decodeTourney(st)
	games := 0
	for _, m := range tt.Matches {
		for _, g := range m.Games {
			checkSharedColours(t, e.testEnv, g.ID)
			games++
		}
	}
	if games != 2 {
		t.Fatalf("round 1 of four players made %d games, want 2", games)
	}
}

// checkSharedColours checks that the stored game id plays Mystic
// Elements with shared colours, and that it can be played.
func checkSharedColours(t *testing.T, e *testEnv, id string) {
	t.Helper()
	sg, err := e.store.LoadGame(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if sg.Setup.Variant["colours"] != "shared" {
		t.Errorf("game %s plays the variant %v, want colours=shared", id, sg.Setup.Variant)
	}
	if _, err := e.srv.session(t.Context(), id); err != nil {
		t.Errorf("game %s does not load: %v", id, err)
	}
}

// TestRankedDecksOfOneColourMeet: two players who queue for ranked
// Mystic Elements with the same preset are paired into a game (before,
// every such pairing failed and both waited for ever).
func TestRankedDecksOfOneColourMeet(t *testing.T) {
	e := newRankedEnv(t, nil)
	a, b := e.player("ada"), e.player("bea")
	a.expect(http.StatusCreated, "POST", "/api/ranked/mysticelements/queue", DeckRequest{Preset: "Deepwood"})
	_, raw := b.expect(http.StatusCreated, "POST", "/api/ranked/mysticelements/queue", DeckRequest{Preset: "Deepwood"})
	st := decodeStatus(b, raw)
	if st.State != "playing" || st.Match == nil {
		t.Fatalf("two players with one preset were not paired: %+v", st)
	}
	checkSharedColours(t, e.testEnv, st.Match.ID)
}

// TestZynalithStacksThatCannotMeetAreRefusedAtEntry: Zynalith has no
// decks of its own, only the shared stacks every player draws from
// (ZY-8.1). A tournament refuses a list of stacks other than those
// entered before, when it is entered and in the player's language, naming
// the preset stacks it plays, rather than failing the round later; the ranked queue pairs only
// players who bring the same stacks.
func TestZynalithStacksThatCannotMeetAreRefusedAtEntry(t *testing.T) {
	e := newTourneyEnv(t)
	org := e.organiser("orga")
	v := newTourneyOfGame(t, org, "zynalith")
	standard, open := presetText(t, "zynalith", "Standard"), presetText(t, "zynalith", "Offene Ideen")
	e.player("ada").expect(http.StatusOK, "POST", "/api/tournaments/"+v.ID+"/register", DeckRequest{List: standard})
	bea := e.player("bea")
	checkSpokenRefusal(t, "/api/tournaments/"+v.ID+"/register", tourneyRequest{"other stacks", bea, "/register", DeckRequest{List: open}, "deck_cannot_meet_preset", "Standard"})
	bea.expect(http.StatusOK, "POST", "/api/tournaments/"+v.ID+"/register", DeckRequest{List: standard})
	org.expect(http.StatusOK, "POST", "/api/tournaments/"+v.ID+"/rounds", nil)

	r := newRankedEnv(t, nil)
	cleo, dora, edda := r.player("cleo"), r.player("dora"), r.player("edda")
	cleo.expect(http.StatusCreated, "POST", "/api/ranked/zynalith/queue", DeckRequest{Preset: "Standard"})
	_, raw := dora.expect(http.StatusCreated, "POST", "/api/ranked/zynalith/queue", DeckRequest{Preset: "Offene Ideen"})
	if st := decodeStatus(dora, raw); st.State == "playing" {
		t.Fatalf("players with different stacks were paired: %+v", st)
	}
	_, raw = edda.expect(http.StatusCreated, "POST", "/api/ranked/zynalith/queue", DeckRequest{Preset: "Standard"})
	if st := decodeStatus(edda, raw); st.State != "playing" {
		t.Fatalf("a player with the stacks of one waiting was not paired: %+v", st)
	}
}

// TestEveryDuelGamePairsInRankedAndTournaments: for every game two
// players may play, two players who queue for ranked play with the
// default deck are paired into a game that can be played (to its end, or
// given up where random play goes on), and
// a tournament whose players enter the preset decks can start its first
// round. Mystic Elements failed both until its players' own decks could
// share colours.
func TestEveryDuelGamePairsInRankedAndTournaments(t *testing.T) {
	for _, g := range engine.Games() {
		info := g.Info()
		if info.MinSeats > 2 || info.MaxSeats < 2 {
			continue
		}
		t.Run(info.ID, func(t *testing.T) {
			t.Parallel()
			r := newRankedEnv(t, nil)
			r.srv.cfg.Rate, r.srv.cfg.Burst = 1e6, 1e6 // a bot's pace, not a person's
			a, b := r.player("ada"), r.player("bea")
			a.expect(http.StatusCreated, "POST", "/api/ranked/"+info.ID+"/queue", DeckRequest{})
			_, raw := b.expect(http.StatusCreated, "POST", "/api/ranked/"+info.ID+"/queue", DeckRequest{})
			second := decodeStatus(b, raw)
			_, raw = a.expect(http.StatusOK, "GET", "/api/ranked/"+info.ID+"/queue", nil)
			first := decodeStatus(a, raw)
			if second.Match == nil || first.Match == nil {
				t.Fatalf("two players with the default deck were not paired: %+v, %+v", first, second)
			}
			var tokens [2]string
			var as [2]http.Header
			for i, m := range []*MatchLink{first.Match, second.Match} {
				tokens[m.Seat], as[m.Seat] = tokenFromLink(m.Play), []*browser{a, b}[i].seatHeader()
			}
			playRankedToTheEnd(t, r.testEnv, second.Match.ID, tokens, as, 1500)

			e := newTourneyEnv(t)
			org := e.organiser("orga")
			v := newTourneyOfGame(t, org, info.ID)
			presets := g.Presets()
			for i := range 4 {
				// Zynalith's players all draw from one list of stacks.
				p := presets[i%len(presets)]
				if info.ID == "zynalith" {
					p = presets[0]
				}
				e.player(fmt.Sprintf("player%d", i+1)).expect(http.StatusOK, "POST", "/api/tournaments/"+v.ID+"/register", DeckRequest{List: deckText(p)})
			}
			org.expect(http.StatusOK, "POST", "/api/tournaments/"+v.ID+"/rounds", nil)
		})
	}
}

// playRankedToTheEnd plays random legal actions of whoever is to move
// through the API, at most limit of them, then has the seat to move give
// the game up where the game offers that (random play can go on for
// thousands of actions where the rules set no end); it fails on any
// refused action, and on a game that offers a surrender and is not over.
// Each seat plays logged in as its player (as, in seat order).
func playRankedToTheEnd(t *testing.T, e *testEnv, id string, tokens [2]string, as [2]http.Header, limit int) {
	t.Helper()
	rng := engine.NewRNG(uint64(len(id)))
	for n := 0; ; n++ {
		st := e.state(id, "")
		if st.Finished {
			return
		}
		tok, h := tokens[st.View.ToMove], as[st.View.ToMove]
		var mine StateMsg
		if code, body := e.callWith(h, "GET", "/api/games/"+id+"?token="+tok, nil, &mine); code != http.StatusOK {
			t.Fatalf("state: %d %s", code, body)
		}
		if len(mine.Legal) == 0 {
			t.Fatalf("the seat to move has no legal action at version %d", st.Version)
		}
		act := mine.Legal[rng.IntN(len(mine.Legal))]
		if n >= limit {
			i := slices.IndexFunc(mine.Legal, func(a LegalAction) bool { return a.Concedes })
			if i < 0 {
				t.Logf("game %s goes on after %d actions and offers no surrender now", id, n)
				return
			}
			act = mine.Legal[i]
		}
		if code, body := e.callWith(h, "POST", "/api/games/"+id+"/actions", ActionRequest{Token: tok, Action: act.Action}, nil); code != http.StatusOK {
			t.Fatalf("action %q: %d %s", act.Action, code, body)
		}
		if n > limit {
			t.Fatalf("game %s did not end when its seat to move gave it up", id)
		}
	}
}

// TestLobbyGivesAnUnchosenSeatADeckThatMayMeetTheChosen: a player who
// picks a deck for themselves and leaves the AI's at "default" gets a
// game, not a refusal: the AI takes the first preset the rules let meet
// the chosen deck (another colour in Mystic Elements, ME-8.2; the same
// stacks in Zynalith, ZY-8.1), and otherwise the first preset as before.
func TestLobbyGivesAnUnchosenSeatADeckThatMayMeetTheChosen(t *testing.T) {
	e := newEnv(t)
	for _, c := range []struct {
		game, mine string
		variant    map[string]string
		want       string // the preset the unchosen seat gets
	}{
		{"mysticelements", "Deepwood", nil, "Sunfire"},
		{"mysticelements", "Sunfire", nil, "Deepwood"},
		{"mysticelements", "Deepwood", map[string]string{"colours": "shared"}, "Deepwood"},
		{"zynalith", "Standard", nil, "Standard"},
		{"zynalith", "Offene Ideen", nil, "Offene Ideen"},
		{"athernum", "Tide Control", nil, "Ember Assault"},
	} {
		g, _ := engine.Lookup(c.game)
		req := CreateRequest{Game: c.game, Seats: []SeatRequest{{Kind: KindYou}, {Kind: KindAI, Agent: "random"}},
			Decks: []DeckRequest{{Preset: c.mine}, {}}, Variant: c.variant}
		created := e.create(req)
		sg, err := e.store.LoadGame(t.Context(), created.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got := sg.Setup.Decks[1].Name; got != c.want {
			t.Errorf("%s with %s (%v): the unchosen seat plays %s, want %s (the presets: %s)", c.game, c.mine, c.variant, got, c.want, presetNames(g))
		}
	}
}
