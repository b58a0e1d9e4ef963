package companion

import (
	"slices"
	"testing"
)

// ME-4.3: energy gained equals the round, 5 from round 5 on; ME-4.6: at
// Cleanup at most 5 carry over.
func TestMysticElementsEnergyCapAndCarryOverME43(t *testing.T) {
	tb := table(t, "mysticelements", "Ada", "Ben")
	var gained []int
	for round := 1; round <= 6; round++ {
		before := tb.State().Int("p1.energy")
		do(t, tb, 0, Command{Verb: "gain", Target: "p1"})
		gained = append(gained, tb.State().Int("p1.energy")-before)
		do(t, tb, 0, Command{Verb: "add", Target: "p1.energy", N: -min(2, tb.State().Int("p1.energy"))}) // spends 2
		ev := do(t, tb, 0, Command{Verb: "end-turn"})
		if e := tb.State().Int("p1.energy"); e > 5 || (before+gained[round-1]-2 > 5 && !hasNote(ev.Notes, "me.cap")) {
			t.Errorf("round %d: %d energy after Cleanup, notes %+v", round, e, ev.Notes)
		}
		do(t, tb, 1, Command{Verb: "end-turn"})
	}
	if want := []int{1, 2, 3, 4, 5, 5}; !slices.Equal(gained, want) {
		t.Errorf("energy gained per round: %v, want %v", gained, want)
	}
	// Carry-over: 0+1-1=0, 0+2-2=0, 0+3-2=1, 1+4-2=3, 3+5-2=6 -> 5, 5+5-2=8 -> 5
	if e := tb.State().Int("p1.energy"); e != 5 {
		t.Errorf("energy carried over after six rounds: %d, want 5", e)
	}
	if r := tb.State().Int("round"); r != 7 {
		t.Errorf("round %d after six, want 7", r)
	}
}

// ZY-7.3: score = printed VP + Zynalith + ⌊Silver/10⌋; ZY-7.4: ties by HP,
// then Silver; ZY-4.2: 10 Silver income each round.
func TestZynalithScoreZY73(t *testing.T) {
	tb := table(t, "zynalith", "Ada", "Ben")
	for range 4 {
		do(t, tb, 0, Command{Verb: "next-round"})
	}
	refused(t, tb, 0, Command{Verb: "next-round"})
	st := tb.State()
	if st["round"] != "5" || st["p1.silver"] != "60" {
		t.Fatalf("after four rounds of income: %v", st)
	}
	do(t, tb, 0, Command{Verb: "add", Target: "p1.vp", N: 7})
	do(t, tb, 0, Command{Verb: "add", Target: "p1.silver", N: -41})  // 19 -> 1
	do(t, tb, 1, Command{Verb: "add", Target: "p2.vp", N: 5})        // 5 + 3 + 6 = 14
	do(t, tb, 1, Command{Verb: "add", Target: "p2.zynalith", N: -1}) // 5 + 2 + 6 = 13
	ev := do(t, tb, 0, Command{Verb: "score"})
	st = tb.State()
	if st["p1.score"] != "11" || st["p2.score"] != "13" || st["winner"] != "2" || !hasNote(ev.Notes, "win") {
		t.Errorf("scores %s and %s, winner %s; want 11 and 13, Ben", st["p1.score"], st["p2.score"], st["winner"])
	}
	if got := ZynalithScore(4, 3, 29); got != 9 {
		t.Errorf("ZynalithScore(4, 3, 29) = %d, want 9", got)
	}
	tie := table(t, "zynalith", "Ada", "Ben")
	do(t, tie, 0, Command{Verb: "add", Target: "p1.hp", N: -1})
	if ev := do(t, tie, 0, Command{Verb: "score"}); !hasNote(ev.Notes, "zy.early") || tie.State()["winner"] != "2" {
		t.Errorf("a tie on score broken by HP, scored early: notes %+v, winner %s", ev.Notes, tie.State()["winner"])
	}
	if ev := do(t, tie, 1, Command{Verb: "add", Target: "p1.hp", N: 5}); !hasNote(ev.Notes, "limit") {
		t.Errorf("HP above 30 (ZY-2.1): notes %+v", ev.Notes)
	}
}

// AT-5.3: claiming spends 2 command tokens and moves 1 VP from the pool;
// AT-7.2: a player whose VP exceed every opponent's plus the pool wins;
// AT-2.13: never more than 2 command tokens.
func TestAthernumPoolAndSuperiorityAT72(t *testing.T) {
	tb := table(t, "athernum", "Ada", "Ben")
	do(t, tb, 0, Command{Verb: "add", Target: "pool", N: 3})
	do(t, tb, 0, Command{Verb: "claim", Target: "p1"})
	st := tb.State()
	if st["pool"] != "2" || st["p1.vp"] != "1" || st["p1.command"] != "" {
		t.Fatalf("after a claim: %v", st)
	}
	if n, _ := noteOf(tb.Hints(), "at.superiority", "p1"); n.Vars["need"] != "2" {
		t.Errorf("Ada needs %s more VP for superiority, want 2 (1 > 0 + 2 fails; 3 > 0 + 0)", n.Vars["need"])
	}
	ev := do(t, tb, 0, Command{Verb: "claim", Target: "p1"})
	if !hasNote(ev.Notes, "at.claim_tokens") || !hasNote(ev.Notes, "win") || tb.State()["winner"] != "1" {
		t.Errorf("a claim without tokens that makes 2 VP against 0 with 1 in the pool: notes %+v", ev.Notes)
	}
	do(t, tb, 0, Command{Verb: "end-turn"})
	if tb.State()["p2.command"] != "2" {
		t.Errorf("Ben's Morning: %s command tokens, want 2 (capped)", tb.State()["p2.command"])
	}
	if ev := do(t, tb, 1, Command{Verb: "add", Target: "p2.command", N: 1}); !hasNote(ev.Notes, "limit") {
		t.Errorf("3 command tokens: notes %+v", ev.Notes)
	}
}

// ML-2.7, ML-2.8: 10 life and 0 sugar to start; ML-4.2: 1 sugar at the
// turn's start; ML-4.6: the reminder to draw up to 3; ML-7.1: 0 life loses.
func TestMicroLifeLifeAndSugarML27(t *testing.T) {
	tb := table(t, "microlife", "Ada", "Ben")
	if st := tb.State(); st["p1.life"] != "10" || st.Int("p1.sugar") != 0 {
		t.Fatalf("start: %v", st)
	}
	ev := do(t, tb, 0, Command{Verb: "end-turn"})
	if !hasNote(ev.Notes, "ml.draw_up") || tb.State()["p2.sugar"] != "1" {
		t.Errorf("Ada's turn ends: notes %+v, Ben's sugar %q", ev.Notes, tb.State()["p2.sugar"])
	}
	if ev := do(t, tb, 1, Command{Verb: "add", Target: "p2.sugar", N: -2}); !hasNote(ev.Notes, "limit") {
		t.Errorf("sugar below 0: notes %+v", ev.Notes)
	}
	do(t, tb, 1, Command{Verb: "add", Target: "p1.life", N: -5})
	if !hasNote(tb.Hints(), "ml.half_life") {
		t.Error("at 5 life no Opportunistic hint (ML-6.8)")
	}
	ev = do(t, tb, 1, Command{Verb: "add", Target: "p1.life", N: -5})
	if !hasNote(ev.Notes, "win") || tb.State()["winner"] != "2" {
		t.Errorf("Ada at 0 life: notes %+v", ev.Notes)
	}
}
