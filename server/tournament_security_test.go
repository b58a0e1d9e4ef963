package server

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"kartenwerk/engine/i18n"
	"kartenwerk/platform/tournament"
)

// smallTourney is a 4-player Swiss tournament with a judge, not started.
func smallTourney(t *testing.T) (*tourneyEnv, string, *browser, *browser, field) {
	e := newTourneyEnv(t)
	org := e.organiser("orga")
	judge := e.player("judy")
	_, raw := org.expect(http.StatusCreated, "POST", "/api/tournaments", TournamentRequest{Name: "Club Night", Game: tourneyGame,
		Format: FormatSwiss, Rounds: 2, Judges: []string{"judy"}})
	var v TournamentView
	json.Unmarshal([]byte(raw), &v)
	return e, v.ID, org, judge, e.enter(v.ID, 4)
}

func TestTournamentDeckListsOnlyForTheirPlayerAndOfficials(t *testing.T) {
	e, id, org, judge, f := smallTourney(t)
	p1 := f.players["player01"]
	cases := []struct {
		who  string
		b    *browser
		deck string
		want int
	}{
		{"a player, their own", p1, "player01", http.StatusOK},
		{"a player, another's", p1, "player02", http.StatusForbidden},
		{"a player, an unregistered name", p1, "nobody", http.StatusForbidden},
		{"the judge", judge, "player02", http.StatusOK},
		{"the organiser", org, "PLAYER03", http.StatusOK},
		{"logged out", e.browser(), "player02", http.StatusUnauthorized},
	}
	for _, c := range cases {
		res, raw := c.b.do("GET", "/api/tournaments/"+id+"/decks/"+c.deck, nil)
		if res.StatusCode != c.want {
			t.Errorf("%s: %d %s, want %d", c.who, res.StatusCode, raw, c.want)
		}
		if res.StatusCode != http.StatusOK && strings.Contains(raw, `"list"`) {
			t.Errorf("%s: a refusal shows a list: %s", c.who, raw)
		}
	}
	// The public view names the players but never their cards.
	_, raw := p1.expect(http.StatusOK, "GET", "/api/tournaments/"+id, nil)
	for _, list := range presetLists(t) {
		card := strings.SplitN(strings.Split(list, "\n")[1], " ", 2)[1]
		if strings.Contains(raw, card) {
			t.Errorf("the tournament's view shows the card %q of a registered list", card)
		}
	}
}

func TestTournamentOrganiserActionsRefusedToOthers(t *testing.T) {
	e, id, _, judge, f := smallTourney(t)
	p1 := f.players["player01"]
	base := "/api/tournaments/" + id
	cases := []struct {
		who          string
		b            *browser
		method, path string
		body         any
		want         int
	}{
		{"a player creating a tournament", p1, "POST", "/api/tournaments", TournamentRequest{Name: "Mine", Game: tourneyGame, Format: FormatSwiss}, http.StatusForbidden},
		{"logged out creating a tournament", e.browser(), "POST", "/api/tournaments", TournamentRequest{Name: "Mine", Game: tourneyGame, Format: FormatSwiss}, http.StatusUnauthorized},
		{"a player starting a round", p1, "POST", base + "/rounds", nil, http.StatusForbidden},
		{"a judge starting a round", judge, "POST", base + "/rounds", nil, http.StatusForbidden},
		{"a player naming a judge", p1, "POST", base + "/judges", map[string]string{"username": "player01"}, http.StatusForbidden},
		{"a player correcting", p1, "POST", base + "/corrections", CorrectionRequest{Stage: stageSwiss, Round: 1, Table: 1, Reason: "mine"}, http.StatusForbidden},
		{"a player dropping another", p1, "POST", base + "/drop", map[string]string{"username": "player02"}, http.StatusForbidden},
	}
	for _, c := range cases {
		if res, raw := c.b.do(c.method, c.path, c.body); res.StatusCode != c.want {
			t.Errorf("%s: %d %s, want %d", c.who, res.StatusCode, raw, c.want)
		}
	}
	if v := p1.tournament(id); v.Stage != stageRegistration || len(v.Entrants) != 4 || len(v.Judges) != 1 {
		t.Errorf("after the refusals: stage %s, %d entrants, judges %v", v.Stage, len(v.Entrants), v.Judges)
	}
}

func TestTournamentCSRFRefused(t *testing.T) {
	e, id, org, _, _ := smallTourney(t)
	late := e.player("latecomer")
	good := late.csrf
	late.csrf = ""
	if res, _ := late.do("POST", "/api/tournaments/"+id+"/register", DeckRequest{List: presetLists(t)[0]}); res.StatusCode != http.StatusForbidden {
		t.Errorf("a registration without the CSRF token: %d, want 403", res.StatusCode)
	}
	late.csrf, org.csrf = good, org.csrf[:len(org.csrf)-2]+"xx"
	if res, _ := org.do("POST", "/api/tournaments/"+id+"/rounds", nil); res.StatusCode != http.StatusForbidden {
		t.Errorf("starting a round with a wrong CSRF token: %d, want 403", res.StatusCode)
	}
	if v := late.tournament(id); v.Stage != stageRegistration || len(v.Entrants) != 4 {
		t.Errorf("after refused requests: stage %s, %d entrants", v.Stage, len(v.Entrants))
	}
	late.expect(http.StatusOK, "POST", "/api/tournaments/"+id+"/register", DeckRequest{List: presetLists(t)[0]})
}

func TestTournamentMatchesBelongToTheirPlayers(t *testing.T) {
	e, id, org, judge, f := smallTourney(t)
	org.expect(http.StatusOK, "POST", "/api/tournaments/"+id+"/rounds", nil)
	mine := f.players["player01"].match(id)
	opponent := f.players[mine.Opponent]
	var other *browser
	for _, name := range f.names {
		if name != "player01" && name != mine.Opponent {
			other = f.players[name]
		}
	}
	theirs := other.match(id)
	g := mine.Games[0]
	// Another player's own seat token holds no seat of this match's game.
	if code, _ := other.doQuiet("GET", "/api/games/"+g.ID+"?token="+theirs.Games[0].Token, nil); code != http.StatusForbidden {
		t.Errorf("another player's token on the game: %d, want 403", code)
	}
	if code, _ := other.doQuiet("POST", "/api/games/"+g.ID+"/actions", ActionRequest{Token: theirs.Games[0].Token, Action: "pass"}); code != http.StatusForbidden {
		t.Errorf("another player acting in the game: %d, want 403", code)
	}
	// Nobody but the seat's player is told its token.
	for who, b := range map[string]*browser{"the other player": other, "the judge": judge, "the organiser": org} {
		_, raw := b.do("GET", "/api/tournaments/"+id, nil)
		_, match := b.do("GET", "/api/tournaments/"+id+"/match", nil)
		if strings.Contains(raw+match, g.Token) {
			t.Errorf("%s was told player01's seat token", who)
		}
	}
	if res, raw := other.do("POST", "/api/tournaments/"+id+"/match/first", map[string]string{"start": "me"}); res.StatusCode != http.StatusConflict {
		t.Errorf("a player with no choice to make choosing who starts: %d %s, want 409", res.StatusCode, raw)
	}
	// MM-10.U2: the loser of a game chooses who starts the next.
	playBoth(t, f.players["player01"], opponent, id)
	m1, m2 := f.players["player01"].match(id), opponent.match(id)
	loser, winner := f.players["player01"], opponent
	if m2.Choose {
		loser, winner, m1 = opponent, f.players["player01"], m2
	}
	if !m1.Choose || len(m1.Games) != 1 {
		t.Fatalf("after game 1 the loser has no choice: %+v", m1)
	}
	winner.expect(http.StatusConflict, "POST", "/api/tournaments/"+id+"/match/first", map[string]string{"start": "me"})
	loser.expect(http.StatusOK, "POST", "/api/tournaments/"+id+"/match/first", map[string]string{"start": "me"})
	m := loser.match(id)
	sg, err := e.store.LoadGame(t.Context(), m.Games[1].ID)
	if err != nil || sg.Setup.First != int(m.Games[1].Seat)+1 {
		t.Errorf("game 2 starts with seat %d (%v); the loser chose to start from seat %d", sg.Setup.First, err, m.Games[1].Seat+1)
	}
}

// playBoth plays the current game of a match between two bots.
func playBoth(t *testing.T, a, b *browser, id string) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, 2)
	for i, p := range []*browser{a, b} {
		m := p.match(id)
		wg.Go(func() {
			if err := p.playGame(m.Games[len(m.Games)-1], rand.New(rand.NewPCG(7, uint64(i))), time.Now().Add(time.Minute)); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	waitFor(t, "the game recorded in its match", func() bool {
		m := a.matchQuiet(id)
		return m != nil && m.Games[len(m.Games)-1].Finished
	})
}

func TestTournamentRefusesARoundAfterTheCardTextsChanged(t *testing.T) {
	e, id, org, _, f := smallTourney(t)
	org.expect(http.StatusOK, "POST", "/api/tournaments/"+id+"/rounds", nil)
	ts := e.store.(TournamentStore)
	st, err := ts.LoadTournament(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	tampered, _ := decodeTourney(st)
	tampered.CardPool = strings.Repeat("0", 64) // as if the cards had been edited since
	st.Data, _ = tampered.encode()
	if err := ts.SaveTournament(t.Context(), st, nil); err != nil {
		t.Fatal(err)
	}
	for _, name := range f.names {
		f.players[name].expect(http.StatusOK, "POST", "/api/tournaments/"+id+"/drop", map[string]string{}) // round 1 conceded
	}
	res, raw := org.do("POST", "/api/tournaments/"+id+"/rounds", nil)
	if res.StatusCode != http.StatusConflict || !strings.Contains(raw, "card texts") {
		t.Errorf("a round after the card texts changed: %d %s, want 409 naming the card texts", res.StatusCode, raw)
	}
}

// TestTournamentGamesPlayTheTextsOfItsStart: every game of a tournament
// plays the card texts in force on the day it started (AT-8.7), whatever
// errata come after.
func TestTournamentGamesPlayTheTextsOfItsStart(t *testing.T) {
	e, id, org, _, _ := smallTourney(t)
	org.expect(http.StatusOK, "POST", "/api/tournaments/"+id+"/rounds", nil)
	st, err := e.store.(TournamentStore).LoadTournament(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	tt, _ := decodeTourney(st)
	if tt.CardsDate != e.srv.today() || len(tt.Matches) == 0 {
		t.Fatalf("the tournament records the texts of %q, want %q, with matches %d", tt.CardsDate, e.srv.today(), len(tt.Matches))
	}
	// A match's later game begins on a later day, after an erratum: it
	// still plays the texts of the tournament's start.
	e.srv.cfg.Today = func() string { return "2099-01-01" }
	m := tt.Matches[0]
	if err := e.srv.nextGame(t.Context(), tt, tt.play(m.Round, m.Table), 0); err != nil {
		t.Fatal(err)
	}
	for _, m := range tt.Matches {
		for _, g := range m.Games {
			sg, err := e.store.LoadGame(t.Context(), g.ID)
			if err != nil || sg.Setup.CardsDate != tt.CardsDate {
				t.Errorf("game %s plays the texts of %q (%v), want the tournament's %q", g.ID, sg.Setup.CardsDate, err, tt.CardsDate)
			}
		}
	}
}

// A correction's reason is stored, logged and shown with the result: one
// of 60,000 characters is refused with its code in every language, before
// anything is kept, and one of 500 is taken.
func TestTournamentCorrectionReasonIsBoundedForSecurity(t *testing.T) {
	e, id, org, judge, _ := smallTourney(t)
	org.expect(http.StatusOK, "POST", "/api/tournaments/"+id+"/rounds", nil)
	m := judge.tournament(id).Pairings[0].Matches[0]
	long := strings.Repeat("zq", 30000)
	texts := map[i18n.Lang]string{}
	for _, l := range []i18n.Lang{i18n.EN, i18n.DE, i18n.CS} {
		judge.header.Set("Accept-Language", l.String())
		res, raw := judge.do("POST", "/api/tournaments/"+id+"/corrections", CorrectionRequest{Stage: stageSwiss, Round: 1, Table: m.Table,
			Score: tournament.GameScore{WinsA: 2}, Reason: long})
		if res.StatusCode != http.StatusBadRequest {
			t.Fatalf("a reason of 60,000 characters in %s: %d %.200s, want 400", l, res.StatusCode, raw)
		}
		texts[l] = checkRefusalIn(t, "a long correction reason", l, res.StatusCode, raw, "correction_reason_long")
		if !strings.Contains(texts[l], "60000") || !strings.Contains(texts[l], "500") {
			t.Errorf("in %s: %q, want it to say 60000 and 500", l, texts[l])
		}
	}
	checkNotEnglish(t, "a long correction reason", texts)
	judge.header.Del("Accept-Language")
	if v := judge.tournament(id); len(v.Pairings[0].Matches[0].Corrections) != 0 || strings.Contains(e.log.String(), strings.Repeat("zq", 100)) {
		t.Fatalf("the refused correction was kept or logged: %+v", v.Pairings[0].Matches[0])
	}
	ok := strings.Repeat("ü", 500)
	_, raw := judge.expect(http.StatusOK, "POST", "/api/tournaments/"+id+"/corrections", CorrectionRequest{Stage: stageSwiss, Round: 1, Table: m.Table,
		Score: tournament.GameScore{WinsA: 2}, Reason: ok})
	if !strings.Contains(raw, ok) {
		t.Errorf("a reason of 500 characters was not kept")
	}
}
