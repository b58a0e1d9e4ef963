package companion

import (
	"strconv"
	"testing"
)

// mmTable: Ada and Ben with an Embrix (fire, 40 HP) each, Ada to move
// in her Energy Phase.
func mmTable(t *testing.T) *Table {
	t.Helper()
	tb := table(t, "mystimons", "Ada", "Ben")
	do(t, tb, 0, Command{Verb: "summon", Target: "p1", Arg: "Embrix"})
	do(t, tb, 1, Command{Verb: "summon", Target: "p2", Arg: "embrix"})
	do(t, tb, 0, Command{Verb: "phase", Arg: "energy"})
	return tb
}

// MM-5.2: the threshold into stage 2 is 3 attached energy of the
// element (wildcards count), lowered by 1 by an Evolution Stone (MM-9.3),
// shown as have/need; later stages need 5, 7 and 10.
func TestMystiMonsEvolutionThresholdMM52(t *testing.T) {
	for _, c := range []struct {
		stone      bool
		fire, any  int
		water      int
		have, need string
		ready      bool
	}{
		{false, 2, 0, 0, "2", "3", false},
		{false, 2, 1, 0, "3", "3", true},
		{false, 2, 0, 4, "2", "3", false},
		{true, 2, 0, 0, "2", "2", true},
		{true, 1, 0, 0, "1", "2", false},
	} {
		tb := mmTable(t)
		if c.stone {
			do(t, tb, 0, Command{Verb: "relic", Target: "p1.m1", Arg: "evolution stone"})
		}
		for _, a := range []struct {
			el string
			n  int
		}{{"fire", c.fire}, {"any", c.any}, {"water", c.water}} {
			if a.n > 0 {
				do(t, tb, 0, Command{Verb: "attach", Target: "p1.m1", Arg: a.el, N: a.n})
			}
		}
		n, ok := noteOf(tb.Hints(), "mm.evolve", "p1.m1")
		if !ok || n.Vars["into"] != "Flaru" || n.Vars["have"] != c.have || n.Vars["need"] != c.need || (n.Level == Hint) != c.ready {
			t.Errorf("%+v: the hint reads %+v (found %v)", c, n, ok)
		}
	}
	tb := mmTable(t)
	do(t, tb, 0, Command{Verb: "attach", Target: "p1.m1", Arg: "fire", N: 10})
	for _, step := range []struct{ into, need string }{{"Flaru", "3"}, {"Magmorus", "5"}, {"Pyrathor", "7"}} {
		n, _ := noteOf(evolveHints(tb, "p1.m1", step.into), "mm.evolve", "p1.m1")
		if n.Vars["need"] != step.need {
			t.Errorf("into %s: need %s, want %s", step.into, n.Vars["need"], step.need)
		}
		do(t, tb, 0, Command{Verb: "evolve", Target: "p1.m1", Arg: step.into, Confirm: true})
	}
}

// evolveHints are the hints of id toward one form.
func evolveHints(tb *Table, id, into string) []Note {
	var out []Note
	for _, n := range tb.Hints() {
		if n.Target == id && n.Vars["into"] == into {
			out = append(out, n)
		}
	}
	return out
}

// MM-5.2 and MM-10.5: current HP stays on evolution, max HP becomes the
// new card's: 30/40 -> 30/60.
func TestMystiMonsEvolutionKeepsHPMM52(t *testing.T) {
	tb := mmTable(t)
	do(t, tb, 0, Command{Verb: "add", Target: "p1.m1.hp", N: -10})
	do(t, tb, 0, Command{Verb: "attach", Target: "p1.m1", Arg: "fire", N: 3})
	do(t, tb, 0, Command{Verb: "phase", Arg: "main"})
	ev := do(t, tb, 0, Command{Verb: "evolve", Target: "p1.m1", Arg: "Flaru"})
	st := tb.State()
	if st["p1.m1.card"] != "Flaru" || st["p1.m1.hp"] != "30" || st["p1.m1.max"] != "60" || st["p1.m1.e.fire"] != "3" {
		t.Errorf("after evolving: %v", st)
	}
	if len(ev.Notes) != 0 {
		t.Errorf("a rule-abiding evolution gave notes: %+v", ev.Notes)
	}
}

// MM-5.2: evolving below the threshold or into a card of another line is
// warned of, not refused; evolving into ★★★★ or ★★★★★ asks to confirm.
func TestMystiMonsEvolutionWarnsAndConfirmsMM52(t *testing.T) {
	tb := mmTable(t)
	ev := do(t, tb, 0, Command{Verb: "evolve", Target: "p1.m1", Arg: "Magmor"})
	for _, code := range []string{"mm.not_next_form", "mm.below_threshold", "mm.main_phase"} {
		if !hasNote(ev.Notes, code) {
			t.Errorf("evolving Embrix into Magmor with no energy: no %s note in %+v", code, ev.Notes)
		}
	}
	for _, c := range []struct{ into, code string }{{"Pyrathor", "mm.drain_5"}, {"Flamrion", "mm.drain_10"}} {
		err := refused(t, tb, 0, Command{Verb: "evolve", Target: "p1.m1", Arg: c.into})
		if !needsConfirm(err) {
			t.Errorf("evolving into %s without confirming: %v, want NeedsConfirm", c.into, err)
		}
	}
	ev = do(t, tb, 0, Command{Verb: "evolve", Target: "p1.m1", Arg: "Pyrathor", Confirm: true})
	if !hasNote(ev.Notes, "mm.drain_5") {
		t.Errorf("confirmed evolution into a ★★★★ form: notes %+v", ev.Notes)
	}
}

// MM-4.5A, MM-6.4: the End Phase takes 5 HP from each own ★★★★ form and
// 10 from a ★★★★★ one, then MM-4.5B, MM-5.10: Burn 1 and Poison X; only
// the active player's MystiMons; then the turn passes.
func TestMystiMonsEndPhaseDrainAndStatusesMM45(t *testing.T) {
	for _, c := range []struct {
		card         string
		burn, poison int
		want         int
	}{
		{"Pyrathor", 0, 0, 180 - 5},
		{"Flamrion", 0, 0, 250 - 10},
		{"Embrix", 1, 0, 39},
		{"Embrix", 0, 3, 37},
		{"Pyrathor", 1, 2, 180 - 8},
	} {
		tb := table(t, "mystimons", "Ada", "Ben")
		do(t, tb, 0, Command{Verb: "summon", Target: "p1", Arg: c.card})
		do(t, tb, 1, Command{Verb: "summon", Target: "p2", Arg: c.card})
		for _, id := range []string{"p1.m1", "p2.m1"} {
			if c.burn > 0 {
				do(t, tb, 0, Command{Verb: "status", Target: id, Arg: "burn", N: 1})
			}
			if c.poison > 0 {
				do(t, tb, 0, Command{Verb: "status", Target: id, Arg: "poison", N: c.poison})
			}
		}
		full := tb.State().Int("p2.m1.hp")
		do(t, tb, 0, Command{Verb: "end-turn"})
		st := tb.State()
		if st.Int("p1.m1.hp") != c.want || st.Int("p2.m1.hp") != full {
			t.Errorf("%+v: after Ada's End Phase her MystiMon has %d HP (want %d), Ben's %d (want %d)", c, st.Int("p1.m1.hp"), c.want, st.Int("p2.m1.hp"), full)
		}
		if st["active"] != "1" || st["turn"] != "2" || st["phase"] != "draw" {
			t.Errorf("the turn did not pass: %v", st)
		}
	}
}

// MM-5.8 step 4: damage = max(1, ATK-DEF) x element multiplier, with the
// relics' ATK and DEF; step 5: at 0 HP the target is knocked out; MM-7.1:
// a player with no MystiMon left loses.
func TestMystiMonsAttackKnockoutAndWinMM58(t *testing.T) {
	tb := table(t, "mystimons", "Ada", "Ben")
	do(t, tb, 0, Command{Verb: "summon", Target: "p1", Arg: "Embrix"}) // fire ATK 12
	var water string
	for _, m := range mmCards().list {
		if m.Element == "water" && m.Stage == 1 {
			water = m.Name
			break
		}
	}
	do(t, tb, 1, Command{Verb: "summon", Target: "p2", Arg: water})
	do(t, tb, 1, Command{Verb: "summon", Target: "p2", Arg: "Embrix"}) // fire DEF 4
	w, _ := mmCards().mons[lower(water)]
	cases := []struct {
		target string
		power  int
		want   int
	}{
		{"p2.m1", 0, max(1, max(1, 12-w.DEF)/2)}, // fire into water: x0.5
		{"p2.m2", 0, 12 - 4},                     // neutral
		{"p2.m2", 5, 12 + 5 - 4},
	}
	for _, c := range cases {
		before := tb.State().Int(c.target + ".hp")
		ev := do(t, tb, 0, Command{Verb: "attack", Target: "p1.m1", Arg: c.target, N: c.power})
		n, _ := noteOf(ev.Notes, "mm.damage", c.target)
		if got := before - tb.State().Int(c.target+".hp"); got != c.want || n.Vars["damage"] != strconv.Itoa(c.want) {
			t.Errorf("attack on %s with power %d: %d damage, note %v; want %d", c.target, c.power, got, n.Vars, c.want)
		}
	}
	do(t, tb, 0, Command{Verb: "relic", Target: "p1.m1", Arg: "Attack Boost"}) // ATK +5
	before := tb.State().Int("p2.m2.hp")
	do(t, tb, 0, Command{Verb: "attack", Target: "p1.m1", Arg: "p2.m2"})
	if got := before - tb.State().Int("p2.m2.hp"); got != 13 {
		t.Errorf("with Attack Boost: %d damage, want 13", got)
	}
	ev := do(t, tb, 0, Command{Verb: "add", Target: "p2.m2.hp", N: -100})
	if !hasNote(ev.Notes, "mm.knockout") || tb.State()["p2.m2.card"] != "" || hasNote(ev.Notes, "win") {
		t.Fatalf("p2's Embrix at 0 HP: notes %+v, state %v", ev.Notes, tb.State())
	}
	for tb.State()["p2.m1.card"] != "" {
		ev = do(t, tb, 0, Command{Verb: "attack", Target: "p1.m1", Arg: "p2.m1", N: 40})
	}
	if !hasNote(ev.Notes, "win") || tb.State()["winner"] != "1" {
		t.Errorf("Ben's last MystiMon knocked out: notes %+v, winner %q", ev.Notes, tb.State()["winner"])
	}
}

// MM-4.2: one energy card per turn, in the Energy Phase: a second one is
// warned of (and recorded: the players may know of an Energy Surge).
func TestMystiMonsOneEnergyPerTurnMM42(t *testing.T) {
	tb := mmTable(t)
	if ev := do(t, tb, 0, Command{Verb: "attach", Target: "p1.m1", Arg: "fire"}); len(ev.Notes) != 0 {
		t.Errorf("the first energy card: notes %+v", ev.Notes)
	}
	ev := do(t, tb, 0, Command{Verb: "pool", Target: "p1", Arg: "fire", N: 1})
	if !hasNote(ev.Notes, "mm.one_energy") || tb.State()["p1.pool.fire"] != "1" {
		t.Errorf("a second energy card: notes %+v, pool %q", ev.Notes, tb.State()["p1.pool.fire"])
	}
	ev = do(t, tb, 0, Command{Verb: "attach", Target: "p1.m1", Arg: "water"})
	if !hasNote(ev.Notes, "mm.element_mismatch") {
		t.Errorf("water on a fire MystiMon: notes %+v", ev.Notes)
	}
	do(t, tb, 0, Command{Verb: "end-turn"})
	do(t, tb, 1, Command{Verb: "phase", Arg: "energy"})
	if ev := do(t, tb, 1, Command{Verb: "attach", Target: "p2.m1", Arg: "fire"}); len(ev.Notes) != 0 {
		t.Errorf("Ben's first energy card of his turn: notes %+v", ev.Notes)
	}
	if ev := do(t, tb, 1, Command{Verb: "pool", Target: "p2", Arg: "fire", N: -3}); !hasNote(ev.Notes, "mm.pool_short") || tb.State()["p2.pool.fire"] != "" {
		t.Errorf("spending energy the pool lacks: notes %+v", ev.Notes)
	}
}

// Bad commands are refused with what, where and how, and change nothing.
func TestMystiMonsRefusesBadCommands(t *testing.T) {
	tb := mmTable(t)
	for _, c := range []Command{
		{Verb: "summon", Target: "p1", Arg: "Embrox"},
		{Verb: "summon", Target: "p3", Arg: "Embrix"},
		{Verb: "attach", Target: "p1.m9", Arg: "fire"},
		{Verb: "attach", Target: "p1.m1", Arg: "plasma"},
		{Verb: "status", Target: "p1.m1", Arg: "sleepy", N: 1},
		{Verb: "phase", Arg: "lunch"},
		{Verb: "fly"},
		{Verb: "add", Target: "p1.name", N: 1},
		{Verb: "add", Target: "p5.sugar", N: 1},
		{Verb: "relic", Target: "p1.m1", Arg: "Rubber Duck"},
	} {
		if err := refused(t, tb, 0, c); err.Error() == "" {
			t.Errorf("%+v: an empty error", c)
		}
	}
	if _, err := tb.Do(5, "", Command{Verb: "add", Target: "turn", N: 1}, t0); err == nil {
		t.Error("a seat that has not joined changed the table")
	}
}
