package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
	"kartenwerk/engine/i18n"
	"kartenwerk/platform/tournament"
)

// TestTournamentOfficialsDoNotPlay: the organiser and the judges may not
// register as players, and a registered player may not be named a
// judge: an official who played could read every other list and rule on
// their own matches. Each refusal speaks the reader's language.
func TestTournamentOfficialsDoNotPlay(t *testing.T) {
	e, id, org, judge, f := smallTourney(t)
	list := DeckRequest{List: presetLists(t)[0]}
	// A name of no language, which the refusal's words must carry.
	e.player("zora").expect(http.StatusOK, "POST", "/api/tournaments/"+id+"/register", DeckRequest{List: presetLists(t)[1]})
	for _, c := range []tourneyRequest{
		{"the judge registering as a player", judge, "/register", list, "judge_cannot_play", "judy"},
		{"the organiser registering as a player", org, "/register", list, "organiser_cannot_play", "orga"},
		{"naming a registered player a judge", org, "/judges", map[string]string{"username": "Zora"}, "player_cannot_judge", "zora"},
	} {
		checkSpokenRefusal(t, "/api/tournaments/"+id+c.path, c)
	}
	v := f.players["player01"].tournament(id)
	if len(v.Entrants) != 5 || len(v.Judges) != 1 {
		t.Errorf("after the refusals: %d entrants, judges %v; want the 5 players and judy alone", len(v.Entrants), v.Judges)
	}
	// A judge named at creation stays free to judge, and a player who is
	// no official still registers.
	e.player("umpire")
	_, raw := org.expect(http.StatusCreated, "POST", "/api/tournaments", TournamentRequest{Name: "Second", Game: tourneyGame,
		Format: FormatSwiss, Judges: []string{"umpire"}})
	var second TournamentView
	json.Unmarshal([]byte(raw), &second)
	f.players["player01"].expect(http.StatusOK, "POST", "/api/tournaments/"+second.ID+"/register", list)
	res, raw := org.do("POST", "/api/tournaments/"+second.ID+"/judges", map[string]string{"username": "player01"})
	if res.StatusCode != http.StatusConflict || !strings.Contains(raw, "player_cannot_judge") {
		t.Errorf("naming a player of the second tournament its judge: %d %s, want 409 player_cannot_judge", res.StatusCode, raw)
	}
}

// TestTournamentOfficialWhoPlaysRulesNotOnOwnMatch: a judge registered
// as a player (stored before officials were kept from playing) may not
// read the others' lists, correct their own match or drop their
// opponent; another table's result they still correct.
func TestTournamentOfficialWhoPlaysRulesNotOnOwnMatch(t *testing.T) {
	e, id, org, judge, f := smallTourney(t)
	acc, err := e.srv.acct.store.AccountByName(t.Context(), "judy")
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.Lookup(tourneyGame)
	if err != nil {
		t.Fatal(err)
	}
	ts := e.store.(TournamentStore)
	st, err := ts.LoadTournament(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	tt, _ := decodeTourney(st)
	tt.Entries = append(tt.Entries, entry{Account: acc.ID, Username: "judy", Deck: g.Presets()[1], Registered: time.Now()})
	st.Data, _ = tt.encode()
	if err := ts.SaveTournament(t.Context(), st, nil); err != nil {
		t.Fatal(err)
	}
	// An even field, so that the judge plays rather than gets a bye.
	f.players["player04"].expect(http.StatusOK, "POST", "/api/tournaments/"+id+"/drop", map[string]string{})
	org.expect(http.StatusOK, "POST", "/api/tournaments/"+id+"/rounds", nil)
	mine := judge.match(id)
	if mine == nil || mine.Opponent == "" {
		t.Fatalf("the judge has no match against a player: %+v", mine)
	}
	base := "/api/tournaments/" + id
	if res, raw := judge.do("GET", base+"/decks/"+mine.Opponent, nil); res.StatusCode != http.StatusForbidden || strings.Contains(raw, `"list"`) {
		t.Errorf("a judge who plays reading the opponent's list: %d %s, want 403", res.StatusCode, raw)
	}
	judge.expect(http.StatusOK, "GET", base+"/decks/judy", nil)
	own := CorrectionRequest{Stage: stageSwiss, Round: 1, Table: mine.Table, Score: tournament.GameScore{WinsA: 2}, Reason: "my win"}
	for _, c := range []tourneyRequest{
		{"a judge correcting their own match", judge, "/corrections", own, "official_own_match", ""},
		{"a judge dropping their opponent", judge, "/drop", map[string]string{"username": mine.Opponent}, "official_own_match", ""},
	} {
		checkSpokenRefusal(t, base+c.path, c)
	}
	if m := judge.match(id); m.Result != "playing" || m.Wins != 0 || len(m.Games) != 1 {
		t.Errorf("after the refusals the judge's match is %+v, want still playing its first game", m)
	}
	for _, en := range org.tournament(id).Entrants {
		if en.Dropped {
			t.Errorf("%s dropped", en.Username)
		}
	}
	other := 1
	if mine.Table == 1 {
		other = 2
	}
	judge.expect(http.StatusOK, "POST", base+"/corrections", CorrectionRequest{Stage: stageSwiss, Round: 1, Table: other,
		Score: tournament.GameScore{WinsA: 2}, Reason: "slip #3"})
}

// concedeFirstGame plays the first game of a's match (against b) until a
// seat may concede, which it does, and waits until the match records it.
func concedeFirstGame(t *testing.T, id string, a, b *browser) GameLink {
	t.Helper()
	links := []GameLink{a.match(id).Games[0], b.match(id).Games[0]}
	conceded := false
	for move := 0; move < 200 && !conceded; move++ {
		acted := false
		for i, p := range []*browser{a, b} {
			g := links[i]
			var st StateMsg
			if _, raw := p.doQuiet("GET", "/api/games/"+g.ID+"?token="+g.Token, nil); json.Unmarshal([]byte(raw), &st) != nil || len(st.Legal) == 0 {
				continue
			}
			next := st.Legal[0]
			for _, l := range st.Legal {
				if l.Concedes {
					next, conceded = l, true
					break
				}
				if next.Concedes {
					next = l
				}
			}
			v := st.Version
			if code, raw := p.doQuiet("POST", "/api/games/"+g.ID+"/actions", ActionRequest{Token: g.Token, Action: next.Action, Version: &v}); code != http.StatusOK {
				t.Fatalf("action %q: %d %s", next.Action, code, raw)
			}
			acted = true
			break
		}
		if !acted {
			time.Sleep(5 * time.Millisecond)
		}
	}
	if !conceded {
		t.Fatal("no seat could concede the game")
	}
	waitFor(t, "the game recorded in its match", func() bool {
		m := a.matchQuiet(id)
		return m != nil && m.Games[0].Finished
	})
	return a.match(id).Games[0]
}

// TestTournamentReplaySeatsPrivateUntilTheEnd: a finished game of a
// tournament still being played shows a seat's hand in its replay only
// to that seat's player and the officials; anyone else, logged in or
// not, is refused in their language and may watch as a spectator. Once
// the tournament is finished every seat's replay is public.
func TestTournamentReplaySeatsPrivateUntilTheEnd(t *testing.T) {
	e, id, org, judge, f := smallTourney(t)
	org.expect(http.StatusOK, "POST", "/api/tournaments/"+id+"/rounds", nil)
	p1 := f.players["player01"]
	mine := p1.match(id)
	opponent := f.players[mine.Opponent]
	var outsider *browser
	for _, name := range f.names {
		if name != "player01" && name != mine.Opponent {
			outsider = f.players[name]
		}
	}
	g := concedeFirstGame(t, id, p1, opponent)
	own := fmt.Sprintf("p%d", g.Seat+1)
	theirs := fmt.Sprintf("p%d", 2-g.Seat)
	replay := func(seat string) string { return "/api/games/" + g.ID + "/replay?step=0&seat=" + seat }
	anonymous := e.browser()
	cases := []struct {
		who  string
		b    *browser
		seat string
		want int
	}{
		{"logged out, as a spectator", anonymous, "spectator", http.StatusOK},
		{"logged out, without a seat", anonymous, "", http.StatusOK},
		{"logged out, as a seat", anonymous, own, http.StatusForbidden},
		{"logged out, as the other seat", anonymous, theirs, http.StatusForbidden},
		{"another player, as a seat", outsider, own, http.StatusForbidden},
		{"another player, as a spectator", outsider, "spectator", http.StatusOK},
		{"the player, as their seat", p1, own, http.StatusOK},
		{"the player, as the opponent's seat", p1, theirs, http.StatusForbidden},
		{"the opponent, as their seat", opponent, theirs, http.StatusOK},
		{"the judge, as a seat", judge, own, http.StatusOK},
		{"the organiser, as a seat", org, theirs, http.StatusOK},
	}
	for _, c := range cases {
		res, raw := c.b.do("GET", replay(c.seat), nil)
		if res.StatusCode != c.want {
			t.Errorf("%s: %d %s, want %d", c.who, res.StatusCode, raw, c.want)
		}
		if res.StatusCode == http.StatusOK && c.want == http.StatusOK && strings.HasPrefix(c.seat, "p") {
			if cc := res.Header.Get("Cache-Control"); !strings.Contains(cc, "no-store") {
				t.Errorf("%s: a seat's private replay is cacheable (Cache-Control %q)", c.who, cc)
			}
		}
	}
	texts := map[i18n.Lang]string{}
	for _, l := range []i18n.Lang{i18n.EN, i18n.DE, i18n.CS} {
		anonymous.header.Set("Accept-Language", l.String())
		res, raw := anonymous.do("GET", replay(own), nil)
		var got httpErrorBody
		if err := json.Unmarshal([]byte(raw), &got); err != nil || res.StatusCode != http.StatusForbidden || got.Code != "replay_seat_private" {
			t.Errorf("a seat's replay during the tournament in %s: %d %s, want 403 replay_seat_private", l, res.StatusCode, raw)
		}
		texts[l] = got.Error
		name := "player01" // the player of seat own
		if !strings.Contains(got.Error, name) {
			t.Errorf("in %s the refusal %q does not name the seat's player %s", l, got.Error, name)
		}
		// The players' names here are English words ("player01").
		if word := enginetest.ForeignWord(l, strings.ReplaceAll(got.Error, name, "")); word != "" {
			t.Errorf("in %s the refusal %q is not %s (%q)", l, got.Error, l.Name(), word)
		}
	}
	anonymous.header.Del("Accept-Language")
	checkNotEnglish(t, "a seat's replay during the tournament", texts)

	// Finished, the tournament's lists are no secret any more.
	ts := e.store.(TournamentStore)
	st, err := ts.LoadTournament(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	tt, _ := decodeTourney(st)
	tt.Stage = stageFinished
	st.Data, _ = tt.encode()
	if err := ts.SaveTournament(t.Context(), st, nil); err != nil {
		t.Fatal(err)
	}
	anonymous.expect(http.StatusOK, "GET", replay(own), nil)
	outsider.expect(http.StatusOK, "GET", replay(theirs), nil)
}
