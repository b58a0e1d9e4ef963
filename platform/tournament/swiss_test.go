package tournament

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// pairing is a round's matches as "A v B" (or "A bye"), table order.
func pairing(matches []Match) []string {
	out := make([]string, len(matches))
	for i, m := range matches {
		if m.IsBye() {
			out[i] = m.A + " bye"
		} else {
			out[i] = m.A + " v " + m.B
		}
	}
	return out
}

func order(standings []Standing) []string {
	out := make([]string, len(standings))
	for i, s := range standings {
		out[i] = s.Player
	}
	return out
}

func mustPair(t *testing.T, event *Swiss, want ...string) {
	t.Helper()
	matches, err := event.PairRound()
	if err != nil {
		t.Fatal(err)
	}
	if got := pairing(matches); strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Fatalf("round %d pairing %v, want %v", event.Paired(), got, want)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestSwissHandComputedEvent plays 8 players over 3 rounds (MM-7.5
// tournament, best-of-3 matches) with a drop after round 1, a bye in rounds
// 2 and 3, a drawn match, a match ended at time and a judge's correction,
// and checks pairings and standings against the computation below.
//
// Registration order: ann ben cat dan eve fay gus hal.
//
// Round 1: everybody at 0 points and floor tiebreakers, so registration
// order pairs 1-2, 3-4, 5-6, 7-8:
//
//	T1 ann v ben 2-0   T2 cat v dan 2-1   T3 eve v fay 1-2   T4 gus v hal 1-1-1 (draw)
//
// After round 1 (MW, GW floored at 0.33):
//
//	ann 3 pts, GW 6/6 = 1;     cat 3, GW 6/9 = .667, OGW (dan) .333
//	fay 3, GW 6/9 = .667, OGW (eve) .333  -> cat and fay tie on all; cat registered first
//	gus 1, hal 1: same figures -> gus first
//	ben 0, GW 0 -> .33; dan 0, GW 3/9 = .333; eve 0, GW .333 (OMW all 1) -> dan, eve, ben
//
// Ranking: ann cat fay gus hal dan eve ben. hal drops. Seven remain: the
// bye goes to the lowest without a bye, ben; then ann v cat, fay v gus,
// dan v eve.
//
// Round 2: T1 ann v cat 1-2, T2 fay v gus 2-0, T3 dan v eve 2-1 (game by
// game: eve, dan, dan), T4 ben bye (2-0).
//
// After round 2: cat 6 (OMW avg(dan .5, ann .5) = .5), fay 6 (OMW avg(eve
// .33, gus .33) = .33); ann 3 (OMW avg(ben .5, cat 1) = .75), dan 3 (avg(cat
// 1, eve .33) = .665), ben 3 (avg(ann .5) = .5; the bye is no opponent);
// gus 1 (avg(hal .333, fay 1) = .667), hal 1 (.33); eve 0. Ranking: cat fay
// ann dan ben gus hal eve. The bye goes to eve (lowest, none yet); then cat
// v fay, ann v dan, ben v gus, none of them a rematch.
//
// Round 3: T1 cat v fay 0-2, T2 ann v dan ended at time 1-1 (draw), T3 ben
// v gus reported 1-2 then corrected by a judge to 2-1, T4 eve bye.
//
// Final records (games won-lost-drawn; MW, GW floored at 0.33):
//
//	ann W ben 2-0, L cat 1-2, D dan 1-1: 4 pts, MW 4/9 .4444, games 4-3-0, GW 12/21 .5714
//	ben L ann 0-2, bye 2-0, W gus 2-1:   6 pts, MW 6/9 .6667, games 4-3-0, GW 12/21 .5714
//	cat W dan 2-1, W ann 2-1, L fay 0-2: 6 pts, MW .6667,     games 4-4-0, GW 12/24 .5
//	dan L cat 1-2, W eve 2-1, D ann 1-1: 4 pts, MW .4444,     games 4-4-0, GW .5
//	eve L fay 1-2, L dan 1-2, bye 2-0:   3 pts, MW 3/9 .3333, games 4-4-0, GW .5
//	fay W eve 2-1, W gus 2-0, W cat 2-0: 9 pts, MW 1,         games 6-1-0, GW 18/21 .8571
//	gus D hal 1-1-1, L fay 0-2, L ben 1-2: 1 pt, MW 1/9 -> .33, games 2-5-1, GW 7/24 -> .33
//	hal D gus 1-1-1 (dropped):           1 pt, MW 1/3 .3333, games 1-1-1, GW 4/9 .4444
//
//	     OMW                              OGW
//	ann (ben .6667 + cat .6667 + dan .4444)/3 = .5926   (.5714 + .5 + .5)/3 = .5238
//	ben (ann .4444 + gus .33)/2 = .3872                (.5714 + .33)/2 = .4507
//	cat (dan .4444 + ann .4444 + fay 1)/3 = .6296      (.5 + .5714 + .8571)/3 = .6429
//	dan (cat .6667 + eve .3333 + ann .4444)/3 = .4815  (.5 + .5 + .5714)/3 = .5238
//	eve (fay 1 + dan .4444)/2 = .7222                  (.8571 + .5)/2 = .6786
//	fay (eve .3333 + gus .33 + cat .6667)/3 = .4433    (.5 + .33 + .5)/3 = .4433
//	gus (hal .3333 + fay 1 + ben .6667)/3 = .6667      (.4444 + .8571 + .5714)/3 = .6243
//	hal (gus .33) = .33                                (gus .33) = .33
//
// Final standings: 1 fay 9; 2 cat 6 (OMW .6296) and 3 ben 6 (.3872); 4 ann
// 4 (.5926) and 5 dan 4 (.4815); 6 eve 3; 7 gus 1 (.6667) and 8 hal 1 (.33).
func TestSwissHandComputedEvent(t *testing.T) {
	event, err := NewSwiss([]string{"ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal"}, 3)
	must(t, err)

	mustPair(t, event, "ann v ben", "cat v dan", "eve v fay", "gus v hal")
	must(t, event.Report(1, 1, GameScore{WinsA: 2}))
	must(t, event.Report(1, 2, GameScore{WinsA: 2, WinsB: 1}))
	must(t, event.Report(1, 3, GameScore{WinsA: 1, WinsB: 2}))
	must(t, event.Report(1, 4, GameScore{WinsA: 1, WinsB: 1, Draws: 1}))
	if got := strings.Join(order(event.Standings()), " "); got != "ann cat fay gus hal dan eve ben" {
		t.Fatalf("standings after round 1: %s", got)
	}
	must(t, event.Drop("hal"))

	mustPair(t, event, "ann v cat", "fay v gus", "dan v eve", "ben bye")
	must(t, event.Report(2, 1, GameScore{WinsA: 1, WinsB: 2}))
	must(t, event.Report(2, 2, GameScore{WinsA: 2}))
	for _, winner := range []string{"eve", "dan", "dan"} {
		must(t, event.RecordGame(2, 3, winner))
	}
	if got := strings.Join(order(event.Standings()), " "); got != "cat fay ann dan ben gus hal eve" {
		t.Fatalf("standings after round 2: %s", got)
	}

	mustPair(t, event, "cat v fay", "ann v dan", "ben v gus", "eve bye")
	must(t, event.Report(3, 1, GameScore{WinsB: 2}))
	must(t, event.RecordGame(3, 2, "ann"))
	must(t, event.RecordGame(3, 2, "dan"))
	must(t, event.EndMatch(3, 2))
	must(t, event.Report(3, 3, GameScore{WinsA: 1, WinsB: 2}))
	must(t, event.Correct(3, 3, GameScore{WinsA: 2, WinsB: 1}, "result slip filled in for the wrong player"))

	want := []Standing{
		{Rank: 1, Player: "fay", MatchPoints: 9, Wins: 3, MatchWin: 1, OpponentsMatchWin: 1.33 / 3, GameWin: 18.0 / 21, OpponentsGameWin: 1.33 / 3},
		{Rank: 2, Player: "cat", MatchPoints: 6, Wins: 2, Losses: 1, MatchWin: 6.0 / 9, OpponentsMatchWin: (4.0/9 + 4.0/9 + 1) / 3, GameWin: 0.5, OpponentsGameWin: (0.5 + 12.0/21 + 18.0/21) / 3},
		{Rank: 3, Player: "ben", MatchPoints: 6, Wins: 2, Losses: 1, Byes: 1, MatchWin: 6.0 / 9, OpponentsMatchWin: (4.0/9 + 0.33) / 2, GameWin: 12.0 / 21, OpponentsGameWin: (12.0/21 + 0.33) / 2},
		{Rank: 4, Player: "ann", MatchPoints: 4, Wins: 1, Losses: 1, Draws: 1, MatchWin: 4.0 / 9, OpponentsMatchWin: (6.0/9 + 6.0/9 + 4.0/9) / 3, GameWin: 12.0 / 21, OpponentsGameWin: (12.0/21 + 0.5 + 0.5) / 3},
		{Rank: 5, Player: "dan", MatchPoints: 4, Wins: 1, Losses: 1, Draws: 1, MatchWin: 4.0 / 9, OpponentsMatchWin: (6.0/9 + 3.0/9 + 4.0/9) / 3, GameWin: 0.5, OpponentsGameWin: (0.5 + 0.5 + 12.0/21) / 3},
		{Rank: 6, Player: "eve", MatchPoints: 3, Wins: 1, Losses: 2, Byes: 1, MatchWin: 3.0 / 9, OpponentsMatchWin: (1 + 4.0/9) / 2, GameWin: 0.5, OpponentsGameWin: (18.0/21 + 0.5) / 2},
		{Rank: 7, Player: "gus", MatchPoints: 1, Losses: 2, Draws: 1, MatchWin: 0.33, OpponentsMatchWin: (1.0/3 + 1 + 6.0/9) / 3, GameWin: 0.33, OpponentsGameWin: (4.0/9 + 18.0/21 + 12.0/21) / 3},
		{Rank: 8, Player: "hal", MatchPoints: 1, Draws: 1, MatchWin: 1.0 / 3, OpponentsMatchWin: 0.33, GameWin: 4.0 / 9, OpponentsGameWin: 0.33, Dropped: true},
	}
	got := event.Standings()
	for i := range want {
		if !sameStanding(got[i], want[i]) {
			t.Errorf("place %d:\n got %+v\nwant %+v", i+1, got[i], want[i])
		}
	}
	corrected := event.Round(3)[2]
	if len(corrected.Corrections) != 1 || corrected.Corrections[0].From != (GameScore{1, 2, 0}) || corrected.Corrections[0].Reason == "" {
		t.Errorf("the correction is not on record: %+v", corrected)
	}

	// A top-4 cut of this event seeds fay, cat, ben, ann: 1 v 4, 2 v 3.
	top, err := event.Cut(4)
	must(t, err)
	if got := strings.Join(pairing(top.Round(1)), ", "); got != "fay v ann, cat v ben" {
		t.Errorf("top-4 cut pairs %s", got)
	}
	// A top-8 cut leaves out hal, who dropped: seven seeds, and the bye of
	// the eighth place goes to the first seed.
	top, err = event.Cut(8)
	must(t, err)
	if got := strings.Join(pairing(top.Round(1)), ", "); got != "fay bye, ann v dan, cat v gus, ben v eve" {
		t.Errorf("top-8 cut pairs %s", got)
	}
}

func sameStanding(a, b Standing) bool {
	close := func(x, y float64) bool { return math.Abs(x-y) < 1e-9 }
	return a.Rank == b.Rank && a.Player == b.Player && a.MatchPoints == b.MatchPoints &&
		a.Wins == b.Wins && a.Losses == b.Losses && a.Draws == b.Draws && a.Byes == b.Byes &&
		a.Dropped == b.Dropped && close(a.MatchWin, b.MatchWin) && close(a.GameWin, b.GameWin) &&
		close(a.OpponentsMatchWin, b.OpponentsMatchWin) && close(a.OpponentsGameWin, b.OpponentsGameWin)
}

func TestSwissRefusesAndLeavesTheEventUnchanged(t *testing.T) {
	if _, err := NewSwiss([]string{"a", "b", "a"}, 2); err == nil || !strings.Contains(err.Error(), `"a" is registered twice`) {
		t.Errorf("duplicate registration: %v", err)
	}
	if _, err := NewSwiss([]string{"a", ""}, 2); err == nil || !strings.Contains(err.Error(), "player 2 has an empty id") {
		t.Errorf("empty id: %v", err)
	}
	if _, err := NewSwiss([]string{"a", "b"}, 0); err == nil {
		t.Error("zero rounds accepted")
	}

	event, _ := NewSwiss([]string{"a", "b", "c", "d"}, 2)
	mustPair(t, event, "a v b", "c v d")
	must(t, event.Report(1, 1, GameScore{WinsA: 2}))
	before := event.Standings()
	cases := []struct {
		name string
		do   func() error
		want string
	}{
		{"pair with a result missing", func() error { _, err := event.PairRound(); return err }, "round 1 has no result yet at table 2"},
		{"unknown table", func() error { return event.RecordGame(1, 3, "a") }, "tables 1 to 2, not 3"},
		{"unknown round", func() error { return event.RecordGame(2, 1, "a") }, "no round 2"},
		{"report a decided match", func() error { return event.Report(1, 1, GameScore{WinsB: 2}) }, "already decided"},
		{"correct without reason", func() error { return event.Correct(1, 1, GameScore{WinsB: 2}, "") }, "needs a reason"},
		{"drop a stranger", func() error { return event.Drop("zed") }, `"zed" is not registered`},
		{"cut before the end", func() error { _, err := event.Cut(8); return err }, "1 of 2 Swiss rounds are paired"},
	}
	for _, c := range cases {
		if err := c.do(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
	after := event.Standings()
	for i := range before {
		if !sameStanding(before[i], after[i]) {
			t.Errorf("refused calls changed the standings: %+v, was %+v", after[i], before[i])
		}
	}
	must(t, event.Drop("d"))
	if err := event.Drop("d"); err == nil || !strings.Contains(err.Error(), "already dropped") {
		t.Errorf("second drop: %v", err)
	}
}

func TestSwissCorrectionOfAnEarlierRoundRecomputesStandings(t *testing.T) {
	event, _ := NewSwiss([]string{"a", "b", "c", "d"}, 2)
	mustPair(t, event, "a v b", "c v d")
	must(t, event.Report(1, 1, GameScore{WinsA: 2}))
	must(t, event.Report(1, 2, GameScore{WinsA: 2}))
	mustPair(t, event, "a v c", "b v d")
	must(t, event.Report(2, 1, GameScore{WinsA: 2}))
	must(t, event.Report(2, 2, GameScore{WinsA: 2}))
	// a 6; b and c 3 with equal tiebreakers (b registered first); d 0.
	if got := strings.Join(order(event.Standings()), " "); got != "a b c d" {
		t.Fatalf("standings %s", got)
	}
	// Round 1 table 1 was really won by b: b beat a and d (6 points), a beat
	// c and c beat d (3 each), d lost both.
	must(t, event.Correct(1, 1, GameScore{WinsB: 2}, "slip signed by the wrong player"))
	s := event.Standings()
	points := map[string]int{}
	for _, st := range s {
		points[st.Player] = st.MatchPoints
	}
	if points["a"] != 3 || points["b"] != 6 || points["c"] != 3 || points["d"] != 0 {
		t.Errorf("points after correction %v, want a 3, b 6, c 3, d 0", points)
	}
	if s[0].Player != "b" {
		t.Errorf("b leads after the correction: %+v", s)
	}
}

func TestSwissReportsWhenEveryPairingWouldRepeat(t *testing.T) {
	// Four players can play three rounds without a rematch (a round robin);
	// a fourth round cannot.
	event, _ := NewSwiss([]string{"a", "b", "c", "d"}, 4)
	for round := 1; round <= 3; round++ {
		if _, err := event.PairRound(); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		for table := 1; table <= 2; table++ {
			must(t, event.Report(round, table, GameScore{WinsA: 2, WinsB: 1}))
		}
	}
	_, err := event.PairRound()
	if !errors.Is(err, ErrNoPairing) {
		t.Fatalf("round 4: %v, want ErrNoPairing", err)
	}
	if event.Paired() != 3 {
		t.Errorf("a refused round was kept: %d rounds paired", event.Paired())
	}
}

func TestRecommendedRounds(t *testing.T) {
	for n, want := range map[int]int{2: 1, 3: 2, 4: 2, 5: 3, 8: 3, 9: 4, 16: 4, 17: 5, 33: 6} {
		if got := RecommendedRounds(n); got != want {
			t.Errorf("RecommendedRounds(%d) = %d, want %d", n, got, want)
		}
	}
}
