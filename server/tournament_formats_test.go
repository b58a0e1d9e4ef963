package server

import (
	"encoding/json"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestTournamentFormatsRunToTheEnd plays each format to its end: Swiss
// finishes after its rounds, a bracket of five gives its top three seeds
// byes (filled up to eight) and ends with a champion.
func TestTournamentFormatsRunToTheEnd(t *testing.T) {
	cases := []struct {
		format          string
		players, rounds int
		wantRounds      int // rounds the organiser starts
	}{
		{FormatSwiss, 4, 2, 2},
		{FormatElimination, 5, 0, 3},
	}
	for _, c := range cases {
		t.Run(c.format, func(t *testing.T) {
			e := newTourneyEnv(t)
			org := e.organiser("orga")
			_, raw := org.expect(http.StatusCreated, "POST", "/api/tournaments", TournamentRequest{Name: c.format, Game: tourneyGame, Format: c.format, Rounds: c.rounds})
			var v TournamentView
			json.Unmarshal([]byte(raw), &v)
			f := e.enter(v.ID, c.players)
			for round := 1; round <= c.wantRounds; round++ {
				org.expect(http.StatusOK, "POST", "/api/tournaments/"+v.ID+"/rounds", nil)
				f.playRound(t, v.ID, uint64(round))
			}
			end := org.tournament(v.ID)
			if end.Stage != stageFinished || len(end.Placings) != c.players {
				t.Fatalf("after %d rounds: stage %s, placings %v", c.wantRounds, end.Stage, end.Placings)
			}
			if c.format == FormatElimination {
				byes := 0
				for _, m := range end.Pairings[0].Matches {
					if m.B == "" {
						byes++
					}
				}
				if byes != 3 || end.Champion == "" || end.Champion != end.Placings[0] {
					t.Errorf("bracket of 5: %d byes in round 1, champion %q, placings %v", byes, end.Champion, end.Placings)
				}
			}
			if res, raw := org.do("POST", "/api/tournaments/"+v.ID+"/rounds", nil); res.StatusCode != http.StatusConflict || !strings.Contains(raw, "over") {
				t.Errorf("a round after the end: %d %s, want 409", res.StatusCode, raw)
			}
		})
	}
}

// TestTournamentRoundTimer: the next round waits for the matches still
// being played until the round's timer runs out; then time is called and
// the games so far stand.
func TestTournamentRoundTimer(t *testing.T) {
	e, id, org, _, _ := smallTourney(t)
	org.expect(http.StatusOK, "POST", "/api/tournaments/"+id+"/rounds", nil)
	res, raw := org.do("POST", "/api/tournaments/"+id+"/rounds", nil)
	if res.StatusCode != http.StatusConflict || !strings.Contains(raw, "still being played") {
		t.Fatalf("a round while matches are played: %d %s, want 409", res.StatusCode, raw)
	}
	ts := e.store.(TournamentStore)
	st, _ := ts.LoadTournament(t.Context(), id)
	late, _ := decodeTourney(st)
	late.RoundStarted = late.RoundStarted.Add(-time.Duration(late.RoundMinutes+1) * time.Minute)
	st.Data, _ = late.encode()
	if err := ts.SaveTournament(t.Context(), st, nil); err != nil {
		t.Fatal(err)
	}
	_, raw = org.expect(http.StatusOK, "POST", "/api/tournaments/"+id+"/rounds", nil)
	var v TournamentView
	json.Unmarshal([]byte(raw), &v)
	for _, m := range v.Pairings[0].Matches {
		if !m.Decided || m.Score.WinsA+m.Score.WinsB != 0 || m.Winner != "" {
			t.Errorf("round 1 table %d after time was called: %+v, want drawn 0-0", m.Table, m)
		}
	}
	if v.Round != 2 || !strings.Contains(v.Log[len(v.Log)-2].What, "time called") {
		t.Errorf("round %d, log %+v: want round 2 after time was called", v.Round, v.Log)
	}
}

// TestTournamentOnPostgres runs a small Swiss tournament on a PostgreSQL
// store, through a restart of its server.
func TestTournamentOnPostgres(t *testing.T) {
	dsn := startPostgres(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	logs := &syncBuffer{}
	te := &testEnv{t: t, db: dsn, addr: addr, tune: func(c *Config) {
		c.Advertise, c.Rate, c.Burst = "http://"+addr, 1e6, 1e6
		c.Logger = slog.New(slog.NewTextHandler(logs, nil))
	}}
	te.start()
	t.Cleanup(te.stop)
	e := &tourneyEnv{&accountEnv{testEnv: te, clock: &testClock{t: time.Now()}, log: logs}}
	org := e.organiser("orga")
	_, raw := org.expect(http.StatusCreated, "POST", "/api/tournaments", TournamentRequest{Name: "On PostgreSQL", Game: tourneyGame, Format: FormatSwiss, Rounds: 2})
	var v TournamentView
	json.Unmarshal([]byte(raw), &v)
	f := e.enter(v.ID, 4)
	for round := 1; round <= 2; round++ {
		org.expect(http.StatusOK, "POST", "/api/tournaments/"+v.ID+"/rounds", nil)
		f.playRound(t, v.ID, uint64(round))
		e.restart()
	}
	end := org.tournament(v.ID)
	if end.Stage != stageFinished || len(end.Standings) != 4 || end.Standings[0].MatchPoints < 3 {
		t.Errorf("after 2 rounds on PostgreSQL: stage %s, standings %+v", end.Stage, end.Standings)
	}
}

func TestTournamentCreationRefusesBadSettings(t *testing.T) {
	e := newTourneyEnv(t)
	org := e.organiser("orga")
	now := time.Now()
	before := now.Add(-time.Hour)
	cases := []struct {
		name string
		req  TournamentRequest
		want string
	}{
		{"no name", TournamentRequest{Game: tourneyGame, Format: FormatSwiss}, "name"},
		{"an unknown game", TournamentRequest{Name: "x", Game: "chess", Format: FormatSwiss}, "chess"},
		{"an unknown format", TournamentRequest{Name: "x", Game: tourneyGame, Format: "round-robin"}, `"code":"tournament_format"`},
		{"too many rounds", TournamentRequest{Name: "x", Game: tourneyGame, Format: FormatSwiss, Rounds: 99}, `"code":"tournament_rounds"`},
		{"a negative timer", TournamentRequest{Name: "x", Game: tourneyGame, Format: FormatSwiss, RoundMinutes: -5}, `"code":"tournament_round_minutes"`},
		{"a window that closes before it opens", TournamentRequest{Name: "x", Game: tourneyGame, Format: FormatSwiss, RegistrationOpens: &now, RegistrationCloses: &before}, `"code":"tournament_registration_window"`},
		{"an unknown judge", TournamentRequest{Name: "x", Game: tourneyGame, Format: FormatSwiss, Judges: []string{"nobody"}}, "nobody"},
	}
	for _, c := range cases {
		res, raw := org.do("POST", "/api/tournaments", c.req)
		if res.StatusCode != http.StatusBadRequest || !strings.Contains(raw, c.want) {
			t.Errorf("%s: %d %s, want 400 naming %q", c.name, res.StatusCode, raw, c.want)
		}
	}
	if list, _ := e.store.(TournamentStore).ListTournaments(t.Context(), 10); len(list) != 0 {
		t.Errorf("%d tournaments stored after refusals", len(list))
	}
}

func TestTournamentRegistrationWindow(t *testing.T) {
	now := time.Now()
	open := &tourney{Stage: stageRegistration, RegistrationOpens: now.Add(-time.Hour), RegistrationCloses: now.Add(time.Hour)}
	cases := []struct {
		name string
		t    *tourney
		at   time.Time
		want string // "" for open
	}{
		{"inside the window", open, now, ""},
		{"before it opens", open, now.Add(-2 * time.Hour), "opens at"},
		{"after it closes", open, now.Add(2 * time.Hour), "closed at"},
		{"no closing time", &tourney{Stage: stageRegistration, RegistrationOpens: now}, now.Add(1000 * time.Hour), ""},
		{"after round 1", &tourney{Stage: stageSwiss, RegistrationOpens: now}, now, "has started"},
	}
	for _, c := range cases {
		err := c.t.mayRegister(AccountSession{Owner: "a", Username: "alice"}, c.at)
		if (c.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}
