package server

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"kartenwerk/engine"
	"kartenwerk/platform/tournament"
)

// tourneyGame is the game the tournament tests play: MystiMons names the
// Tournament mode with best-of-3 matches and locked decks (MM-7.5), and
// its loser chooses who starts the next game (MM-10.U2).
const tourneyGame = "mystimons"

// presetLists are the game's presets as deck lists a player pastes.
func presetLists(t *testing.T) []string {
	g, err := engine.Lookup(tourneyGame)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range g.Presets() {
		out = append(out, deckText(p))
	}
	return out
}

// field is a tournament's players with their browsers, by username.
type field struct {
	names   []string
	players map[string]*browser
}

// enter makes n players and registers each with a preset's list.
func (e *tourneyEnv) enter(id string, n int) field {
	e.t.Helper()
	lists := presetLists(e.t)
	f := field{players: map[string]*browser{}}
	for i := range n {
		name := fmt.Sprintf("player%02d", i+1)
		b := e.player(name)
		b.expect(http.StatusOK, "POST", "/api/tournaments/"+id+"/register", DeckRequest{List: lists[i%len(lists)]})
		f.names = append(f.names, name)
		f.players[name] = b
	}
	return f
}

// playRound plays every match of the current round between bots, each
// player on its own goroutine through the API.
func (f field) playRound(t *testing.T, id string, seed uint64) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, len(f.names))
	deadline := time.Now().Add(5 * time.Minute)
	for i, name := range f.names {
		b := f.players[name]
		wg.Go(func() {
			if m := b.matchQuiet(id); m == nil || m.Result != "playing" {
				return // eliminated, dropped, or a bye
			}
			if err := b.playMatch(id, rand.New(rand.NewPCG(seed, uint64(i))), deadline); err != nil {
				errs <- fmt.Errorf("%s: %w", name, err)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

func TestWholeTournamentThroughTheAPI(t *testing.T) {
	e := newTourneyEnv(t)
	org := e.organiser("orga")
	e.player("judy")
	_, raw := org.expect(http.StatusCreated, "POST", "/api/tournaments", TournamentRequest{Name: "Spring Open", Game: tourneyGame,
		Format: FormatSwissTop8, Rounds: 4, Judges: []string{"Judy"}})
	var created TournamentView
	json.Unmarshal([]byte(raw), &created)
	id := created.ID
	f := e.enter(id, 16)
	checkDeckLocked(t, f.players["player01"], id)
	checkDeckProblemsListed(t, e, id)

	for round := 1; round <= 4; round++ {
		org.expect(http.StatusOK, "POST", "/api/tournaments/"+id+"/rounds", nil)
		f.playRound(t, id, uint64(round))
		switch round {
		case 1:
			checkCorrection(t, e, id)
		case 2:
			// A drop (an odd field from round 3: a bye each round), and a
			// restart that the tournament survives.
			f.players["player16"].expect(http.StatusOK, "POST", "/api/tournaments/"+id+"/drop", map[string]string{})
			before := org.tournament(id)
			e.restart()
			if after := org.tournament(id); fmt.Sprint(after.Standings) != fmt.Sprint(before.Standings) || after.Round != 2 {
				t.Fatalf("after a restart the standings are\n%v\nnot\n%v", after.Standings, before.Standings)
			}
		}
	}
	for range 3 { // quarter-finals, semi-finals, final
		org.expect(http.StatusOK, "POST", "/api/tournaments/"+id+"/rounds", nil)
		f.playRound(t, id, 99)
	}
	final := org.tournament(id)
	if final.Stage != stageFinished || final.Champion == "" || len(final.Placings) != 16 {
		t.Fatalf("after the final: stage %s, champion %q, %d placings", final.Stage, final.Champion, len(final.Placings))
	}
	checkAgainstRecords(t, e, id, final)
	logStandings(t, final)
}

// checkDeckLocked: a registered deck cannot change (MM-7.5, AT-8.7).
func checkDeckLocked(t *testing.T, b *browser, id string) {
	t.Helper()
	res, raw := b.do("POST", "/api/tournaments/"+id+"/register", DeckRequest{List: presetLists(t)[1]})
	if res.StatusCode != http.StatusConflict || !strings.Contains(raw, "locked") {
		t.Errorf("a deck change after registration: %d %s, want 409 saying the deck is locked", res.StatusCode, raw)
	}
	_, raw = b.expect(http.StatusOK, "GET", "/api/tournaments/"+id+"/decks/player01", nil)
	var d DeckView
	json.Unmarshal([]byte(raw), &d)
	if d.List != presetLists(t)[0] {
		t.Errorf("after a refused change the registered list is\n%s\nwant the first\n%s", d.List, presetLists(t)[0])
	}
}

// checkDeckProblemsListed: an illegal list is refused with every problem.
func checkDeckProblemsListed(t *testing.T, e *tourneyEnv, id string) {
	t.Helper()
	late := e.player("latecomer")
	res, raw := late.do("POST", "/api/tournaments/"+id+"/register", DeckRequest{List: "3 No Such Card\n2 Nor This One\n"})
	var body httpErrorBody
	json.Unmarshal([]byte(raw), &body)
	if res.StatusCode != http.StatusBadRequest || len(body.Problems) < 2 {
		t.Errorf("an illegal list: %d %s, want 400 listing both unknown cards", res.StatusCode, raw)
	}
	// A Czech reader gets the same problems in Czech.
	late.header.Set("Accept-Language", "cs")
	_, raw = late.do("POST", "/api/tournaments/"+id+"/register", DeckRequest{List: "3 No Such Card\n"})
	var czech httpErrorBody
	json.Unmarshal([]byte(raw), &czech)
	if got := messages(czech.Problems); !slices.Equal(got, []string{"balíček má 0 karet; musí jich mít 40 až 60 (MM-8.1)", "taková karta neexistuje"}) {
		t.Errorf("an illegal list read in Czech: %s, want its problem in Czech", raw)
	}
	if v := late.tournament(id); len(v.Entrants) != 16 || v.You.Registered {
		t.Errorf("a refused registration entered: %d entrants, registered %v", len(v.Entrants), v.You.Registered)
	}
}

// checkCorrection: a judge's correction with a reason changes the result
// and is logged; a player cannot correct.
func checkCorrection(t *testing.T, e *tourneyEnv, id string) {
	t.Helper()
	judge := e.browser()
	judge.login("judy", tourneyPassword)
	m := judge.tournament(id).Pairings[0].Matches[0]
	to := tournament.GameScore{WinsA: m.Score.WinsB, WinsB: m.Score.WinsA, Draws: m.Score.Draws}
	req := CorrectionRequest{Stage: stageSwiss, Round: 1, Table: m.Table, Score: to, Reason: "the players reported the result the wrong way round"}
	player := e.browser()
	player.login(m.A, tourneyPassword)
	player.expect(http.StatusForbidden, "POST", "/api/tournaments/"+id+"/corrections", req)
	_, raw := judge.expect(http.StatusOK, "POST", "/api/tournaments/"+id+"/corrections", req)
	var v TournamentView
	json.Unmarshal([]byte(raw), &v)
	got := v.Pairings[0].Matches[0]
	if got.Score != to || len(got.Corrections) != 1 || got.Corrections[0].Reason != req.Reason {
		t.Errorf("corrected match: %+v, want %s with the reason", got, to)
	}
	if l := v.Log[len(v.Log)-1]; l.By != "judy" || !strings.Contains(l.What, req.Reason) {
		t.Errorf("the log's last line %+v does not record judy's reason", l)
	}
	if !strings.Contains(e.log.String(), req.Reason) {
		t.Error("the server's log does not record the correction's reason")
	}
}

// checkAgainstRecords checks the API's results against the store: every
// match's score is the tally of its games' stored results (unless a judge
// corrected it), the standings are platform/tournament's own from the
// stored Swiss record, the cut seeds the top 8 who did not drop, and the
// bracket's champion is the one its record gives.
func checkAgainstRecords(t *testing.T, e *tourneyEnv, id string, v TournamentView) {
	t.Helper()
	st, err := e.store.(TournamentStore).LoadTournament(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	var stored tourney
	if err := json.Unmarshal(st.Data, &stored); err != nil {
		t.Fatal(err)
	}
	checkScoresTallyGames(t, e, &stored)
	swiss, err := tournament.RestoreSwiss(*stored.Swiss)
	if err != nil {
		t.Fatal(err)
	}
	want := swiss.Standings()
	if len(want) != len(v.Standings) {
		t.Fatalf("%d standings, want %d", len(v.Standings), len(want))
	}
	var seeds []string
	for i, s := range want {
		got := v.Standings[i]
		name := stored.username(s.Player)
		if got.Player != name || got.MatchPoints != s.MatchPoints || got.OMW != s.OpponentsMatchWin || got.GW != s.GameWin || got.OGW != s.OpponentsGameWin || got.Dropped != s.Dropped {
			t.Errorf("standing %d: %+v, want %s %+v", i+1, got, name, s)
		}
		if got.OMW < tournament.PercentageFloor || got.GW < tournament.PercentageFloor || got.OGW < tournament.PercentageFloor {
			t.Errorf("standing %d: a tiebreaker under the 33%% floor: %+v", i+1, got)
		}
		if !s.Dropped && len(seeds) < cutSize {
			seeds = append(seeds, s.Player)
		}
	}
	bracket, err := tournament.RestoreBracket(*stored.Bracket)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(stored.Bracket.Seeds) != fmt.Sprint(seeds) {
		t.Errorf("the cut seeded %v, want the top 8 who did not drop %v", stored.Bracket.Seeds, seeds)
	}
	if champion, done := bracket.Champion(); !done || stored.username(champion) != v.Champion || v.Placings[0] != v.Champion {
		t.Errorf("champion %q, placings from %q; the bracket's record gives %q", v.Champion, v.Placings[0], stored.username(champion))
	}
}

// checkScoresTallyGames compares each uncorrected match's score with its
// games' results as the store recorded them when the games ended.
func checkScoresTallyGames(t *testing.T, e *tourneyEnv, stored *tourney) {
	t.Helper()
	rounds := map[string][][]tournament.Match{stageSwiss: stored.Swiss.Matches, stageElimination: stored.Bracket.Matches}
	for _, p := range stored.Matches {
		m := rounds[p.Stage][p.Round-1][p.Table-1]
		if len(m.Corrections) > 0 {
			continue
		}
		var tally tournament.GameScore
		for _, g := range p.Games {
			sg, err := e.store.LoadGame(t.Context(), g.ID)
			if err != nil || !sg.Finished {
				t.Fatalf("game %s of %s round %d table %d: finished %v (%v)", g.ID, p.Stage, p.Round, p.Table, sg.Finished, err)
			}
			winner := ""
			if strings.HasPrefix(sg.Result, "p1 wins") {
				winner = g.Seats[0]
			} else if strings.HasPrefix(sg.Result, "p2 wins") {
				winner = g.Seats[1]
			}
			switch winner {
			case m.A:
				tally.WinsA++
			case m.B:
				tally.WinsB++
			default:
				tally.Draws++
			}
		}
		if tally != m.Score {
			t.Errorf("%s round %d table %d: score %s, but its games were %s", p.Stage, p.Round, p.Table, m.Score, tally)
		}
	}
}

// logStandings prints the final Swiss standings and placings.
func logStandings(t *testing.T, v TournamentView) {
	var b strings.Builder
	fmt.Fprintf(&b, "final Swiss standings of %q (%d rounds), then the top-8 cut:\n", v.Name, v.Rounds)
	fmt.Fprintf(&b, "%4s  %-9s %3s  %-7s %4s  %6s %6s %6s\n", "rank", "player", "pts", "W-L-D", "byes", "OMW%", "GW%", "OGW%")
	for _, s := range v.Standings {
		drop := ""
		if s.Dropped {
			drop = " dropped"
		}
		fmt.Fprintf(&b, "%4d  %-9s %3d  %d-%d-%d %4d  %6.2f %6.2f %6.2f%s\n", s.Rank, s.Player, s.MatchPoints, s.Wins, s.Losses, s.Draws, s.Byes,
			100*s.OMW, 100*s.GW, 100*s.OGW, drop)
	}
	for _, r := range v.Pairings {
		if r.Stage != stageElimination {
			continue
		}
		fmt.Fprintf(&b, "top 8, round %d:", r.Round)
		for _, m := range r.Matches {
			fmt.Fprintf(&b, "  %s v %s %s", m.A, m.B, m.Score)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "champion: %s; final placings: %s", v.Champion, strings.Join(v.Placings, ", "))
	t.Log(b.String())
}
