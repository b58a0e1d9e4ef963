package mystimons

import (
	"fmt"
	"testing"

	"kartenwerk/engine"
)

// figureMap is s's figures by name.
func figureMap(s *state) map[string]int {
	out := map[string]int{}
	for _, m := range s.Measures(nil) {
		if _, dup := out[m.Name]; dup {
			panic("figure " + m.Name + " reported twice")
		}
		out[m.Name] = m.Value
	}
	return out
}

// wantFigures checks the milestones reported (name: turn; every other
// milestone must be absent) and the given totals.
func wantFigures(t *testing.T, s *state, milestones, totals map[string]int) {
	t.Helper()
	got := figureMap(s)
	for _, name := range milestoneNames {
		w, want := milestones[name]
		g, have := got[name]
		switch {
		case want && !have:
			t.Errorf("%q missing; want turn %d", name, w)
		case !want && have:
			t.Errorf("%q = %d; want it left out (not reached)", name, g)
		case want && g != w:
			t.Errorf("%q = %d, want %d", name, g, w)
		}
	}
	for name, w := range totals {
		if g, ok := got[name]; !ok || g != w {
			t.Errorf("%q = %d (reported %v), want %d", name, g, ok, w)
		}
	}
}

// nextOwnTurn ends p1's turn and p2's, and skips p1's Energy Phase.
func nextOwnTurn(t *testing.T, s *state) {
	t.Helper()
	endTurn(t, s, 2)
	toMain(t, s)
}

// toMain skips the Energy Phase if it is pending.
func toMain(t *testing.T, s *state) {
	t.Helper()
	if s.phase == phEnergy {
		do(t, s, "skip")
	}
}

// MM-5.2: each evolution records the turn its stage is first in play, once;
// a ★★★★ stage 4 is a milestone of its own.
func TestFiguresStagesByEvolution_MM_5_2(t *testing.T) {
	s := pos(t, "", "active: p1\nturn: 3\nseats:\n"+
		"  - zones: {active: [{card: Embrix, counters: {energy: 7}}], bench: [{card: Cindrik, counters: {energy: 3}}], hand: [Flaru, Magmorus, Pyrathor, Magmor], deck: [Fire Energy, Fire Energy]}\n"+
		"  - zones: {active: [Aquor], deck: [Water Energy, Water Energy]}\n")
	wantFigures(t, s, nil, map[string]int{"total knockouts": 0, "total ritual summons": 0, "total status effects applied": 0})
	do(t, s, "evolve {Flaru} {Embrix}")
	wantFigures(t, s, map[string]int{"stage 2 first reached (turn)": 3}, nil)
	nextOwnTurn(t, s)
	do(t, s, "evolve {Magmor} {Cindrik}", "evolve {Magmorus} {Flaru}")
	wantFigures(t, s, map[string]int{"stage 2 first reached (turn)": 3, "stage 3 first reached (turn)": 5}, nil)
	nextOwnTurn(t, s)
	do(t, s, "evolve {Pyrathor} {Magmorus}")
	wantFigures(t, s, map[string]int{"stage 2 first reached (turn)": 3, "stage 3 first reached (turn)": 5,
		"stage 4 first reached (turn)": 7, "stage 4 ★★★★ first reached (turn)": 7}, nil)
}

// MM-5.2, MM-6.4: a ★★★ stage 4 is not the ★★★★ milestone; the confirmed
// Champion evolution is. Stages in play when a position begins, and the
// stages below them, were reached at an unknown turn, so they are left out
// even when evolved into again.
func TestFiguresChampionByEvolution_MM_5_2(t *testing.T) {
	s := pos(t, "", "active: p1\nturn: 9\nseats:\n"+
		"  - zones: {active: [{card: Infernyx, counters: {energy: 10}}], bench: [{card: Embrix, counters: {energy: 3}}], hand: [Flamrion, Flaru], deck: [Fire Energy]}\n"+
		"  - zones: {active: [Aquor], deck: [Water Energy]}\n")
	do(t, s, "evolve {Flamrion} {Infernyx}")
	wantFigures(t, s, nil, nil)
	do(t, s, "confirm", "evolve {Flaru} {Embrix}")
	wantFigures(t, s, map[string]int{"stage 5 champion first seen (turn)": 9}, nil)
}

// MM-5.3: a Ritual Summon brings the Champion into play and is counted.
func TestFiguresRitual_MM_5_3(t *testing.T) {
	s := pos(t, "", "active: p1\nturn: 6\nseats:\n"+
		"  - zones: {active: [Embrix], bench: [Cindrik, Flaru], hand: [Flamrion], pool: [{card: Fire Energy, counters: {units: 8}}], deck: [Fire Energy]}\n"+
		"  - zones: {active: [Aquor], deck: [Water Energy]}\n")
	do(t, s, "ritual {Flamrion}")
	wantFigures(t, s, map[string]int{"stage 5 champion first seen (turn)": 6}, map[string]int{"total ritual summons": 1, "total knockouts": 0})
}

// MM-5.8 steps 4 and 5: an ability's status is counted, and so is the
// knockout it causes, on either side; MM-3.4: both seats' mulligans count.
func TestFiguresTotals_MM_5_8(t *testing.T) {
	s := pos(t, "", "active: p1\nseats:\n"+
		"  - zones: {active: [Embrix], bench: [Cindrik], pool: [Fire Energy, Fire Energy], deck: [Fire Energy, Fire Energy]}\n    counters: {mulligans: 2}\n"+
		"  - zones: {active: [{card: Aquor, counters: {hp: 30}}], bench: [{card: Bubblit, counters: {hp: 3}}], deck: [Water Energy, Water Energy]}\n    counters: {mulligans: 1}\n")
	do(t, s, "attack a1 {p2:Aquor}")
	wantFigures(t, s, nil, map[string]int{"total status effects applied": 1, "total knockouts": 0, "total mulligans": 3})
	toMain(t, s) // the attack ended p1's turn
	do(t, s, "switch {p2:Bubblit}", "end")
	toMain(t, s)
	do(t, s, "attack a1 {p2:Bubblit}")
	wantFigures(t, s, nil, map[string]int{"total status effects applied": 2, "total knockouts": 1})
}

// The figures are history, not position: Clone keeps them, and Hash
// ignores them, so that states differing only there hash alike.
func TestFiguresClonedNotHashed(t *testing.T) {
	s := pos(t, "", duel("active: [{card: Embrix, counters: {energy: 3}}]\n      hand: [Flaru]", "active: [Aquor]"))
	do(t, s, "evolve {Flaru} {Embrix}")
	c := s.Clone().(*state)
	if fmt.Sprint(c.Measures(nil)) != fmt.Sprint(s.Measures(nil)) {
		t.Fatalf("clone reports %v, the original %v", c.Measures(nil), s.Measures(nil))
	}
	c.fig.knockouts++
	c.fig.first[msChampion] = 1
	if c.Hash() != s.Hash() {
		t.Fatal("the figures changed the hash")
	}
}

// isMilestone: a MystiMon of definition d in play reaches milestone ms.
// It restates the milestones apart from state.reached, as its check.
func isMilestone(d *cardDef, ms uint8) bool {
	switch ms {
	case msStage2, msStage3, msStage4:
		return int(d.stage) == int(ms-msStage2)+2
	case msStage4Drain:
		return d.stage == 4 && d.grade == 4
	}
	return d.stage == 5
}

// observe notes the milestones in play now, and counts the MystiMons in
// play before action a that it sent to the discard pile: knockouts, unless
// a was a Ritual Summon (MM-5.3), which sacrifices them.
func observe(s *state, before [2][3]int16, a engine.Action, seen *[nMilestones]int16, knocked *int) {
	for seat := range s.p {
		for _, m := range s.p[seat].field {
			for ms := uint8(0); ms < nMilestones; ms++ {
				if m != 0 && seen[ms] == 0 && isMilestone(s.def(m), ms) {
					seen[ms] = s.turn
				}
			}
		}
		for _, m := range before[seat] {
			if m != 0 && s.cards[m].zone == zDiscard && a.Verb != vRitual {
				*knocked++
			}
		}
	}
}

// TestFiguresOverRandomGames plays random games with mixed variants and
// checks every figure against what a watcher of the field saw: the turn
// each milestone first appeared (within [1, last turn]) and the knockouts.
func TestFiguresOverRandomGames(t *testing.T) {
	g := New()
	var legal []engine.Action
	var games [nMilestones]int
	for i := 0; i < 400; i++ {
		st, err := g.New(randomSetup(i))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*state)
		r := engine.NewRNG(uint64(i))
		var seen [nMilestones]int16
		knocked := 0
		for !s.over {
			legal = s.Legal(legal[:0])
			a := legal[r.IntN(len(legal))]
			before := [2][3]int16{s.p[0].field, s.p[1].field}
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
			observe(s, before, a, &seen, &knocked)
		}
		got := figureMap(s)
		for ms, name := range milestoneNames {
			v, ok := got[name]
			if ok != (seen[ms] != 0) || v != int(seen[ms]) || ok && (v < 1 || v > int(s.turn)) {
				t.Fatalf("game %d (%d turns): %q = %d (reported %v); the field showed it first on turn %d", i, s.turn, name, v, ok, seen[ms])
			}
			if ok {
				games[ms]++
			}
		}
		if got["total knockouts"] != knocked {
			t.Fatalf("game %d: %d knockouts reported, %d seen", i, got["total knockouts"], knocked)
		}
	}
	for ms := range msChampion { // Champions are rare in random play; the scripted tests cover them
		if games[ms] == 0 {
			t.Errorf("no random game reached %q: nothing was checked", milestoneNames[ms])
		}
	}
}
