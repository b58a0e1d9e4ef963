package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"kartenwerk/engine/enginetest"
	"kartenwerk/engine/i18n"
	"kartenwerk/platform/tournament"
)

// tourneyRequest is a request of an organiser, judge or player that the
// tournament's rules or state refuse, with the code it must carry.
type tourneyRequest struct {
	name       string
	by         *browser
	path       string // below /api/tournaments/<id>
	body       any
	wantCode   string
	wantInText string // a username the refusal names, or ""
}

// newTourneyOf creates a tournament of format with these Swiss rounds
// and registers players under the given names, returning its id.
func (e *tourneyEnv) newTourneyOf(org *browser, format string, rounds int, names ...string) (string, field) {
	e.t.Helper()
	_, raw := org.expect(http.StatusCreated, "POST", "/api/tournaments", TournamentRequest{Name: "Cup", Game: tourneyGame, Format: format, Rounds: rounds})
	var v TournamentView
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		e.t.Fatal(err)
	}
	lists := presetLists(e.t)
	f := field{players: map[string]*browser{}}
	for i, name := range names {
		b := e.player(name)
		b.expect(http.StatusOK, "POST", "/api/tournaments/"+v.ID+"/register", DeckRequest{List: lists[i%len(lists)]})
		f.names, f.players[name] = append(f.names, name), b
	}
	return v.ID, f
}

// decide sets round results by judge's corrections, as an organiser does
// for results reported on paper (the reason is the slip's number, which
// reads the same in every language).
func decide(b *browser, id, stage string, round int, tables ...int) {
	for _, table := range tables {
		b.expect(http.StatusOK, "POST", "/api/tournaments/"+id+"/corrections",
			CorrectionRequest{Stage: stage, Round: round, Table: table, Score: tournament.GameScore{WinsA: 2}, Reason: "#17"})
	}
}

// TestTournamentRefusalsSpeakTheReadersLanguage: what the organiser, a
// judge or a player is refused in a tournament (too few players, a
// locked deck, a result for a round whose winners play on, a bad score,
// a round that cannot be paired) carries its code in every language, and
// in German and Czech is neither the English text nor holds an English
// word; players are named by their usernames (MM-7.5).
func TestTournamentRefusalsSpeakTheReadersLanguage(t *testing.T) {
	e := newTourneyEnv(t)
	org := e.organiser("orga")
	empty, _ := e.newTourneyOf(org, FormatSwiss, 0, "lone")
	swiss, duo := e.newTourneyOf(org, FormatSwiss, 2, "ada", "bea")
	trio, three := e.newTourneyOf(org, FormatSwiss, 1, "cleo", "dora", "edda")
	bracket, _ := e.newTourneyOf(org, FormatElimination, 0, "fina", "gesa", "hana", "ines")
	for _, id := range []string{swiss, trio, bracket} {
		org.expect(http.StatusOK, "POST", "/api/tournaments/"+id+"/rounds", nil)
	}
	decide(org, swiss, stageSwiss, 1, 1)
	decide(org, bracket, stageElimination, 1, 1, 2)
	org.expect(http.StatusOK, "POST", "/api/tournaments/"+bracket+"/rounds", nil)
	org.expect(http.StatusOK, "POST", "/api/tournaments/"+trio+"/drop", map[string]string{"username": "dora"})
	score := func(a, b, d int) tournament.GameScore { return tournament.GameScore{WinsA: a, WinsB: b, Draws: d} }
	correction := func(stage string, round, table int, s tournament.GameScore) CorrectionRequest {
		return CorrectionRequest{Stage: stage, Round: round, Table: table, Score: s, Reason: "judge's call"}
	}
	cases := []struct {
		tourney string
		tourneyRequest
	}{
		{empty, tourneyRequest{"starting with one player", org, "/rounds", nil, "too_few_players", ""}},
		{swiss, tourneyRequest{"locking a deck twice", duo.players["ada"], "/register", DeckRequest{List: presetLists(t)[0]}, "deck_locked", "ada"}},
		{swiss, tourneyRequest{"a round that repeats a match", org, "/rounds", nil, "tournament_no_pairing", ""}},
		{swiss, tourneyRequest{"a result for a round not played", org, "/corrections", correction(stageSwiss, 4, 1, score(2, 0, 0)), "tournament_no_round", ""}},
		{swiss, tourneyRequest{"a result for a table not there", org, "/corrections", correction(stageSwiss, 1, 7, score(2, 0, 0)), "tournament_no_table", ""}},
		{swiss, tourneyRequest{"three game wins", org, "/corrections", correction(stageSwiss, 1, 1, score(3, 0, 0)), "tournament_score_wins", ""}},
		{swiss, tourneyRequest{"a match for both", org, "/corrections", correction(stageSwiss, 1, 1, score(2, 2, 0)), "tournament_score_both", ""}},
		{swiss, tourneyRequest{"a stage not played", org, "/corrections", correction("round-robin", 1, 1, score(2, 0, 0)), "tournament_stage", ""}},
		{trio, tourneyRequest{"correcting a bye", org, "/corrections", correction(stageSwiss, 1, 2, score(0, 2, 0)), "tournament_bye_no_result", ""}},
		{trio, tourneyRequest{"dropping a player twice", org, "/drop", map[string]string{"username": "dora"}, "dropped_already", "dora"}},
		{trio, tourneyRequest{"choosing who starts without a game lost", three.players["cleo"], "/match/first", map[string]string{"start": "first"}, "tournament_start_choice", ""}},
		{bracket, tourneyRequest{"a result for a round whose winners play on", org, "/corrections", correction(stageElimination, 1, 1, score(0, 2, 0)), "tournament_round_settled", ""}},
		{bracket, tourneyRequest{"a drawn elimination match", org, "/corrections", correction(stageElimination, 2, 1, score(1, 1, 0)), "tournament_elimination_draw", ""}},
	}
	for _, c := range cases {
		checkSpokenRefusal(t, "/api/tournaments/"+c.tourney+c.path, c.tourneyRequest)
	}
}

// checkSpokenRefusal sends c in English, German and Czech and checks the
// refusal's code and words in each.
func checkSpokenRefusal(t *testing.T, path string, c tourneyRequest) {
	t.Helper()
	texts := map[i18n.Lang]string{}
	for _, l := range []i18n.Lang{i18n.EN, i18n.DE, i18n.CS} {
		c.by.header.Set("Accept-Language", l.String())
		res, raw := c.by.do("POST", path, c.body)
		texts[l] = checkRefusalIn(t, c.name, l, res.StatusCode, raw, c.wantCode)
		if c.wantInText != "" && !strings.Contains(texts[l], c.wantInText) {
			t.Errorf("%s in %s: %q does not name %s", c.name, l, texts[l], c.wantInText)
		}
	}
	c.by.header.Del("Accept-Language")
	checkNotEnglish(t, c.name, texts)
}

// TestTournamentLogSpeaksTheReadersLanguage: the officials' log of a
// tournament (rounds started, results corrected, players dropped) and
// the game's name read in the reader's language, whatever language the
// changes were made in.
func TestTournamentLogSpeaksTheReadersLanguage(t *testing.T) {
	e := newTourneyEnv(t)
	org := e.organiser("orga")
	id, players := e.newTourneyOf(org, FormatSwiss, 2, "ada", "bea", "cleo")
	org.expect(http.StatusOK, "POST", "/api/tournaments/"+id+"/rounds", nil)
	decide(org, id, stageSwiss, 1, 1)
	org.expect(http.StatusOK, "POST", "/api/tournaments/"+id+"/drop", map[string]string{"username": "cleo"})
	logs := map[i18n.Lang][]logLine{}
	for _, l := range []i18n.Lang{i18n.EN, i18n.DE, i18n.CS} {
		org.header.Set("Accept-Language", l.String())
		v := org.tournament(id)
		if v.GameName != "MystiMons TCG v2.0" {
			t.Errorf("in %s the game is named %q", l, v.GameName)
		}
		if len(v.Log) != 3 {
			t.Fatalf("in %s the log has %d lines, want 3: %+v", l, len(v.Log), v.Log)
		}
		for _, line := range v.Log {
			what := strings.NewReplacer(players.names[2], "", "#17", "").Replace(line.What)
			if word := enginetest.ForeignWord(l, what); word != "" || strings.Contains(what, "⟦") {
				t.Errorf("log line in %s: %q is not %s (%q)", l, line.What, l.Name(), word)
			}
		}
		logs[l] = v.Log
	}
	org.header.Del("Accept-Language")
	for i := range logs[i18n.EN] {
		checkNotEnglish(t, "log line "+logs[i18n.EN][i].What, map[i18n.Lang]string{
			i18n.EN: logs[i18n.EN][i].What, i18n.DE: logs[i18n.DE][i].What, i18n.CS: logs[i18n.CS][i].What})
	}
}
