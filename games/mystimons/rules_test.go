package mystimons

import (
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// Rules not tested on their own, and why:
//   MM-7.5's modes and best-of-3 are outside a single game (its "no turn limit" is tested).
//   MM-6.12 only points to definitions tested under their own ids.

const decks = `
      deck: [Fire Energy, Fire Energy, Fire Energy, Fire Energy]`

func duel(mine, theirs string) string {
	return "active: p1\nseats:\n  - zones:\n      " + mine + decks + "\n  - zones:\n      " + theirs + strings.ReplaceAll(decks, "Fire", "Water") + "\n"
}

// MM-5.8 step 4, MM-10.16, MM-10.U1: damage = max(1, ATK-DEF) x element multiplier, rounded down, at least 1.
func TestDamageFormula_MM_5_8(t *testing.T) {
	cases := []struct {
		name, variant, att, def string
		want                    int
	}{
		{"neutral same element", "", "Embrix", "Cindrik", 40 - (12 - 5)},
		{"super-effective x2 fire->earth", "", "Embrix", "Terrix", 40 - 2*(12-6)},
		{"resistant x0.5 rounds down fire->water", "", "Embrix", "Aquor", 40 - 3},
		{"minimum 1 after x0.5", "", "Bubblit", "Titanor", 190 - 1},
		{"variant chart=neutral: every multiplier x1 (MM-10.U1)", "chart=neutral", "Embrix", "Aquor", 40 - 7},
		{"base minimum 1 when DEF exceeds ATK", "chart=neutral", "Bubblit", "Titanor", 190 - 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := pos(t, c.variant, duel("active: ["+c.att+"]", "active: ["+c.def+"]"))
			do(t, s, "attack a0 {p2:"+c.def+"}")
			if got := hp(t, s, "p2:"+c.def); got != c.want {
				t.Fatalf("%s HP %d, want %d", c.def, got, c.want)
			}
		})
	}
}

// MM-5.8, MM-6.10: abilities cost pool energy of any element (MM-10.15), attached energy cannot pay (MM-2.7),
// spent cards go to the discard pile (MM-6.2), and statuses are applied.
func TestAbilityAttack_MM_5_8(t *testing.T) {
	s := pos(t, "", duel("active: [{card: Embrix, counters: {energy: 3}}]", "active: [Cindrik]"))
	if legalHas(t, s, "attack a1 {p2:Cindrik}") {
		t.Fatal("Spark offered with an empty pool: attached energy must not pay (MM-2.7)")
	}
	s = pos(t, "", duel("active: [Embrix]\n      pool: [Water Energy]", "active: [Cindrik]"))
	do(t, s, "attack a1 {p2:Cindrik}")
	if got := hp(t, s, "p2:Cindrik"); got != 40-(12+3-5) {
		t.Fatalf("Spark dealt %d, want %d", 40-got, 10)
	}
	c := id(t, s, "p2:Cindrik")
	if s.cards[c].flags&fBurn == 0 {
		t.Fatal("Spark should Burn its target")
	}
	if s.p[0].pool.n != 0 || s.cards[id(t, s, "p1:Water Energy")].zone != zDiscard {
		t.Fatal("the spent energy card should be in the discard pile (MM-6.2)")
	}
}

// MM-2.3, MM-5.8 step 3: only the Active attacks; basic attacks hit only the opposing Active; "reach" abilities may hit the Bench.
func TestTargets_MM_5_8(t *testing.T) {
	s := pos(t, "", duel("active: [Hydron]\n      pool: [Water Energy, Water Energy]", "active: [Embrix]\n      bench: [Cindrik]"))
	refused(t, s, "attack a0 {p2:Cindrik}", "not legal")
	if !legalHas(t, s, "attack a1 {p2:Cindrik}") {
		t.Fatal("Undertow (reach) should target the Bench")
	}
}

// MM-2.6, MM-5.8 step 5, MM-5.9, MM-6.1, MM-6.9, MM-10.U4: a KO'd Active goes to the discard pile with its energy and relic; a single
// Bench MystiMon moves up at once, with two the owner chooses.
func TestKnockoutAndRefill_MM_5_9(t *testing.T) {
	s := pos(t, "", duel("active: [Flaru]", "active: [{card: Aquor, counters: {hp: 5, energy: 1}, attached: [Attack Boost]}]\n      bench: [Bubblit]"))
	do(t, s, "attack a0 {p2:Aquor}")
	for c := int16(1); c <= s.nCards; c++ {
		if z := s.cards[c].zone; z == zEnergy || z == zRelic || c == id(t, s, "p2:Aquor") && z != zDiscard {
			t.Fatalf("%s still in play", s.def(c).name)
		}
	}
	if s.p[1].field[0] != id(t, s, "p2:Bubblit") {
		t.Fatal("the only Bench MystiMon should become Active at once")
	}
	s = pos(t, "", duel("active: [Flaru]", "active: [{card: Aquor, counters: {hp: 5}}]\n      bench: [Bubblit, Mossel]"))
	do(t, s, "attack a0 {p2:Aquor}")
	if s.ToMove() != 1 || !legalHas(t, s, "promote {p2:Mossel}") || legalHas(t, s, "end") {
		t.Fatal("p2 should choose the new Active")
	}
	refused(t, s, "end", "MM-5.9")
	do(t, s, "promote {p2:Mossel}")
	if s.p[1].field[0] != id(t, s, "p2:Mossel") || s.active != 1 {
		t.Fatal("Mossel should be Active and p2's turn should start")
	}
}

// MM-1.2 (a), MM-7.1: no MystiMon on the field loses, also by one's own drain (MM-10.18).
func TestKnockoutWin_MM_7_1(t *testing.T) {
	s := pos(t, "", duel("active: [Flaru]", "active: [{card: Aquor, counters: {hp: 3}}]"))
	do(t, s, "attack a0 {p2:Aquor}")
	if w := winner(s); w != "p1:knockout" {
		t.Fatalf("winner %s", w)
	}
	s = pos(t, "", duel("active: [{card: Pyrathor, counters: {hp: 5}}]", "active: [Aquor]"))
	do(t, s, "end")
	if w := winner(s); w != "p2:knockout" {
		t.Fatalf("own HP drain to 0 should lose: winner %s", w)
	}
}

// MM-7.4: both players lose at once: a draw. With drain=every (MM-10.6) both last MystiMons drain to 0.
func TestSimultaneousLossDraw_MM_7_4(t *testing.T) {
	s := pos(t, "drain=every", duel("active: [{card: Pyrathor, counters: {hp: 5}}]", "active: [{card: Leviathor, counters: {hp: 4}}]"))
	do(t, s, "end")
	if w := winner(s); w != "draw:knockout" {
		t.Fatalf("winner %s, want a draw", w)
	}
}

// MM-1.2 (b), MM-4.1, MM-7.2: drawing from an empty deck loses at once.
func TestDeckOut_MM_7_2(t *testing.T) {
	s := pos(t, "", "active: p1\nseats:\n  - zones: {active: [Embrix], deck: [Fire Energy]}\n  - zones: {active: [Aquor]}\n")
	do(t, s, "end")
	if w := winner(s); w != "p1:deck-out" {
		t.Fatalf("winner %s", w)
	}
	// MM-10.U6: an effect that draws from an empty deck loses too.
	s = pos(t, "", "active: p1\nseats:\n  - zones: {active: [Embrix], hand: [Card Draw], pool: [Fire Energy], deck: [Fire Energy]}\n  - zones: {active: [Aquor], deck: [Water Energy]}\n")
	do(t, s, "play {Card Draw}")
	if w := winner(s); w != "p2:deck-out" {
		t.Fatalf("winner %s", w)
	}
}

// MM-1.2 (c), MM-4.6, MM-7.3: surrender is allowed at any time of one's own
// turn and ends the game at once; the variant last-stand offers it only at
// a last stand, with a confirmation.
func TestSurrender_MM_7_3(t *testing.T) {
	s := pos(t, "", duel("active: [Embrix]", "active: [Aquor]"))
	do(t, s, "surrender")
	if w := winner(s); w != "p2:surrender" {
		t.Fatalf("winner %s", w)
	}
	s = pos(t, "", duel("active: [Embrix]", "active: [Aquor]"))
	endTurn(t, s, 1)
	if !legalHas(t, s, "surrender") || s.ToMove() != 1 {
		t.Fatal("p2 may surrender in its own turn")
	}
	s = pos(t, "surrender=last-stand", duel("active: [Embrix]", "active: [Aquor]"))
	refused(t, s, "surrender", "last stand")
	s = pos(t, "surrender=last-stand", duel("active: [{card: Embrix, counters: {hp: 2}}]", "active: [Aquor]\n      bench: [Bubblit]"))
	do(t, s, "surrender", "cancel")
	if winner(s) != "none" || legalHas(t, s, "surrender") {
		t.Fatal("cancel plays on; the offer comes once per turn")
	}
	s = pos(t, "surrender=last-stand", duel("active: [{card: Embrix, counters: {hp: 2}}]", "active: [Aquor]\n      bench: [Bubblit]"))
	do(t, s, "surrender", "confirm")
	if w := winner(s); w != "p2:surrender" {
		t.Fatalf("winner %s", w)
	}
}

// Surrender is offered at every decision of one's own turn and never in
// the other's (MM-4.6): a promotion owed in the opponent's turn offers none.
func TestSurrenderOnlyInOwnTurn_MM_4_6(t *testing.T) {
	for i := 0; i < 20; i++ {
		setup := randomSetup(i)
		setup.Variant[varSurrender] = "any-time"
		st, _ := New().New(setup)
		s := st.(*state)
		r := engine.NewRNG(uint64(i))
		for step := 0; step < 300 && !s.over; step++ {
			legal := s.Legal(nil)
			offered := engine.Contains(legal, act(vSurrender, 0, 0))
			if want := s.phase != phSetup && s.ToMove() == engine.Seat(s.active); offered != want {
				t.Fatalf("game %d, phase %s, %v to move in %v's turn: surrender offered %v", i, phaseNames[s.phase], s.ToMove(), engine.Seat(s.active), offered)
			}
			a := legal[r.IntN(len(legal))]
			for a.Verb == vSurrender && len(legal) > 1 {
				a = legal[r.IntN(len(legal))]
			}
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// MM-2.2, MM-4.5D, MM-10.U7: more than 10 cards at the end of the turn: the owner discards down to 10.
func TestHandLimit_MM_4_5D(t *testing.T) {
	s := pos(t, "", duel("active: [Embrix]\n      hand: [Potion, Potion, Potion, Switch, Switch, Switch, Revive, Revive, Card Draw, Card Draw, Card Draw, Fire Blast]", "active: [Aquor]"))
	do(t, s, "end")
	if s.phase != phDiscard || s.ToMove() != 0 {
		t.Fatal("p1 should discard")
	}
	do(t, s, "discard {p1:Fire Blast}")
	if s.phase != phDiscard {
		t.Fatal("11 cards: discard once more")
	}
	c := s.p[0].hand.a[0]
	do(t, s, "discard c"+itoa(c))
	if s.active != 1 || s.p[0].hand.n != 10 {
		t.Fatalf("hand %d, active p%d", s.p[0].hand.n, s.active+1)
	}
}

func itoa(c int16) string { return strings.TrimPrefix(codec.Format(act(vPromote, c, 0)), "promote c") }

// MM-2.4, MM-5.1: one Stufe-1 summon per turn, onto the Bench while the field has room; Stufe 2-4 never directly.
func TestSummon_MM_5_1(t *testing.T) {
	s := pos(t, "", duel("active: [Embrix]\n      hand: [Cindrik, Embrix, Flaru, Flamrion]", "active: [Aquor]"))
	refused(t, s, "summon {Flaru}", "Stage 1")
	refused(t, s, "summon {Flamrion}", "Stage 1")
	do(t, s, "summon {p1:Cindrik}")
	refused(t, s, "summon c"+itoa(s.p[0].hand.a[0]), "already summoned")
	s = pos(t, "", duel("active: [Embrix]\n      bench: [Cindrik, Cindrik]\n      hand: [Embrix]", "active: [Aquor]"))
	refused(t, s, "summon c"+itoa(s.p[0].hand.a[0]), "field is full")
}

// MM-2.5, MM-2.11, MM-4.2: one energy card per turn, attached (element must match; Aetherion's Gabe is a wildcard)
// or into the pool, where it stays across turns. Rainbow Energy goes only to the pool. MM-6.8, MM-6.13, MM-9.1.
func TestEnergyPhase_MM_4_2(t *testing.T) {
	s := pos(t, "", "active: p1\nphase: energy\nseats:\n  - zones: {active: [Embrix], bench: [Aquor], hand: [Fire Energy, \"Aetherion's Gabe\", Rainbow Energy], deck: [Fire Energy, Fire Energy]}\n  - zones: {active: [Aquor], deck: [Water Energy, Water Energy]}\n")
	refused(t, s, "attach {h1:Fire Energy} {p1:Aquor}", "element")
	refused(t, s, "attach {Rainbow Energy} {p1:Embrix}", "not legal")
	if !legalHas(t, s, "attach {Aetherion's Gabe} {p1:Aquor}") || !legalHas(t, s, "skip") {
		t.Fatal("the Gabe attaches anywhere, and placing is optional (MM-10.17)")
	}
	do(t, s, "pool {h1:Fire Energy}")
	if s.phase != phMain {
		t.Fatal("after one placement the Main Phase begins")
	}
	refused(t, s, "pool {Rainbow Energy}", "Energy Phase")
	endTurn(t, s, 2)
	if s.active != 0 || s.poolUnits(0, elemAny) != 1 {
		t.Fatal("pool energy persists across turns (MM-2.5)")
	}
}

// MM-4.2, MM-9.4, MM-10.8: Double Energy makes the next energy card count 1 more; two stack additively.
func TestDoubleEnergy_MM_10_8(t *testing.T) {
	for _, c := range []struct {
		variant string
		first   int8
		second  int8
	}{{"", 3, 1}, {"double-energy=doubling", 4, 1}, {"double-energy=per-card", 2, 2}} {
		s := pos(t, c.variant, "active: p1\nseats:\n  - zones: {active: [Embrix], hand: [Double Energy, Double Energy, Fire Energy, Fire Energy], pool: [{card: Fire Energy, counters: {units: 2}}], deck: [Fire Energy, Fire Energy, Fire Energy]}\n  - zones: {active: [Aquor], deck: [Water Energy, Water Energy]}\n")
		do(t, s, "play {h1:Double Energy}")
		do(t, s, "play {h1:Double Energy}")
		endTurn(t, s, 2)
		e := s.p[0].hand.a[0]
		do(t, s, "attach c"+itoa(e)+" {p1:Embrix}")
		if got := s.cards[id(t, s, "p1:Embrix")].energy; got != c.first {
			t.Fatalf("%s: first card counts %d, want %d", c.variant, got, c.first)
		}
		endTurn(t, s, 2)
		e = s.p[0].hand.a[0]
		do(t, s, "attach c"+itoa(e)+" {p1:Embrix}")
		if got := s.cards[id(t, s, "p1:Embrix")].energy - c.first; got != c.second {
			t.Fatalf("%s: second card counts %d, want %d", c.variant, got, c.second)
		}
	}
}

// MM-9.2, MM-10.22: Energy Surge attaches 2 more energy cards this turn, elements still matching.
func TestEnergySurge_MM_9_2(t *testing.T) {
	s := pos(t, "", duel("active: [Embrix]\n      bench: [Aquor]\n      hand: [Energy Surge, Fire Energy, Fire Energy, Water Energy]\n      pool: [Fire Energy, Fire Energy]", "active: [Aquor]"))
	do(t, s, "play {Energy Surge}")
	refused(t, s, "attach {p1:Water Energy} {p1:Embrix}", "element")
	hand := s.p[0].hand.s()
	do(t, s, "attach c"+itoa(hand[0])+" {p1:Embrix}", "attach {p1:Water Energy} {p1:Aquor}")
	if s.phase != phMain || s.cards[id(t, s, "p1:Embrix")].energy != 1 || s.cards[id(t, s, "p1:Aquor")].energy != 1 {
		t.Fatal("Energy Surge attaches up to 2, then the Main Phase goes on")
	}
}

// MM-5.2, MM-6.5, MM-10.5: evolution by attached-energy totals; HP stays (30/40 -> 30/60); energy, relic and
// statuses carry over; both paths are offered at stage 3 and the choice is permanent.
func TestEvolve_MM_5_2(t *testing.T) {
	s := pos(t, "", duel("active: [{card: Embrix, counters: {energy: 2, hp: 30}}]\n      hand: [Flaru]", "active: [Aquor]"))
	refused(t, s, "evolve {Flaru} {Embrix}", "needs 3")
	s = pos(t, "", duel("active: [{card: Embrix, counters: {energy: 3, hp: 30}, status: [burn]}]\n      hand: [Flaru, Pyralux, Magmor]", "active: [Aquor]"))
	refused(t, s, "evolve {Magmor} {Embrix}", "evolves from Cindrik")
	refused(t, s, "evolve {Pyralux} {Embrix}", "evolves from Flaru")
	do(t, s, "evolve {Flaru} {Embrix}")
	f := id(t, s, "Flaru")
	v := s.View(engine.Omniscient).Player(0).Zone(znActive).Cards[0]
	if hp, _ := v.Stat("hp"); hp != 30 {
		t.Fatalf("HP %d, want 30 (30/40 -> 30/60)", hp)
	}
	if max, _ := v.Stat("maxhp"); max != 60 || !v.HasStatus("burn") || v.Counter("energy") != 3 || len(v.Attached) != 4 {
		t.Fatalf("after evolving: %+v", v)
	}
	if s.p[0].field[0] != f || s.cards[id(t, s, "Embrix")].zone != zUnder {
		t.Fatal("Flaru lies on Embrix")
	}
	// Both stage-3 paths need 5 in total.
	s = pos(t, "", duel("active: [{card: Flaru, counters: {energy: 5}}]\n      hand: [Pyralux, Magmorus]", "active: [Aquor]"))
	if !legalHas(t, s, "evolve {Pyralux} {Flaru}") || !legalHas(t, s, "evolve {Magmorus} {Flaru}") {
		t.Fatal("both paths should be offered at 5")
	}
	do(t, s, "evolve {Magmorus} {Flaru}")
	if s.def(s.p[0].field[0]).path != "tank" {
		t.Fatal("tank path")
	}
	// Stage 4 needs 7, the Champion 10.
	s = pos(t, "", duel("active: [{card: Magmorus, counters: {energy: 6}}]\n      bench: [{card: Infernyx, counters: {energy: 9}}]\n      hand: [Pyrathor, Flamrion]", "active: [Aquor]"))
	refused(t, s, "evolve {Pyrathor} {Magmorus}", "needs 7")
	refused(t, s, "evolve {Flamrion} {Infernyx}", "needs 10")
}

// MM-9.3: Evolution Stone lowers every later threshold by 1 (3 -> 2, 5 -> 4).
func TestEvolutionStone_MM_9_3(t *testing.T) {
	s := pos(t, "", duel("active: [{card: Aquor, counters: {energy: 2}, attached: [Evolution Stone]}]\n      hand: [Hydron, Torrentia]", "active: [Embrix]"))
	do(t, s, "evolve {Hydron} {Aquor}")
	refused(t, s, "evolve {Torrentia} {Hydron}", "needs 4")
	if s.cards[id(t, s, "Evolution Stone")].host != id(t, s, "Hydron") {
		t.Fatal("the relic carries over")
	}
}

// MM-5.2: the warnings. ★★★★ shows "HP-Drain aktiv!" (English "HP drain
// active!") in the label and view; ★★★★★ asks for confirmation with
// "Warnung: -10 HP/Zug!".
func TestEvolutionWarnings_MM_5_2(t *testing.T) {
	s := pos(t, "", duel("active: [{card: Magmorus, counters: {energy: 7}}]\n      bench: [{card: Infernyx, counters: {energy: 10}}]\n      hand: [Pyrathor, Flamrion]", "active: [Aquor]"))
	a, _ := codec.Parse(text(t, s, "evolve {Pyrathor} {Magmorus}"))
	if l := s.Describe(a, 0); !strings.Contains(l, "HP drain active!") {
		t.Fatalf("label %q lacks the warning", l)
	}
	de := engine.Words{Lang: i18n.DE}
	if l := s.Say(a, 0, engine.Button, de); !strings.Contains(l, "HP-Drain aktiv!") {
		t.Fatalf("German button %q lacks the rulebook's warning", l)
	}
	for _, c := range engine.Localized(s, 0, de).Player(0).Zone(znHand).Cards {
		if !strings.Contains(c.Note, "HP-Drain aktiv!") && !strings.Contains(c.Note, "Warnung: -10 HP/Zug!") {
			t.Fatalf("hand card %s has no warning note: %q", c.Name, c.Note)
		}
	}
	a, _ = codec.Parse(text(t, s, "evolve {Flamrion} {Infernyx}"))
	if l := s.Describe(a, 0); !strings.Contains(l, "-10 HP/turn!") {
		t.Fatalf("label %q lacks the Champion warning", l)
	}
	if l := s.Say(a, 0, engine.Button, de); !strings.Contains(l, "Warnung: -10 HP/Zug!") {
		t.Fatalf("German button %q lacks the rulebook's Champion warning", l)
	}
	do(t, s, "evolve {Flamrion} {Infernyx}")
	if s.phase != phConfirm || !strings.Contains(s.View(0).Prompt, "Warning: -10 HP/turn!") || !strings.Contains(engine.Localized(s, 0, de).Prompt, "Warnung: -10 HP/Zug!") {
		t.Fatal("the Champion evolution needs confirmation")
	}
	do(t, s, "cancel")
	if s.p[0].field[1] != id(t, s, "Infernyx") {
		t.Fatal("cancel keeps Infernyx")
	}
	do(t, s, "evolve {Flamrion} {Infernyx}", "confirm")
	if s.p[0].field[1] != id(t, s, "Flamrion") {
		t.Fatal("confirm evolves")
	}
}

// MM-4.5A, MM-6.4, MM-10.6: HP drain in the owner's End Phase: ★★★★ -5, ★★★★★ -10; variant drain=every.
func TestHPDrain_MM_4_5A(t *testing.T) {
	s := pos(t, "", duel("active: [Pyrathor]\n      bench: [Flamrion, Infernyx]", "active: [Leviathor]"))
	do(t, s, "end")
	if hp(t, s, "Pyrathor") != 175 || hp(t, s, "Flamrion") != 240 || hp(t, s, "Infernyx") != 140 || hp(t, s, "Leviathor") != 185 {
		t.Fatal("drain: Pyrathor -5, Flamrion -10, Infernyx (★★★) none, and not the opponent's")
	}
	s = pos(t, "drain=every", duel("active: [Pyrathor]", "active: [Leviathor]"))
	do(t, s, "end")
	if hp(t, s, "Leviathor") != 180 {
		t.Fatal("drain=every: the opponent's ★★★★ drains too (MM-10.6)")
	}
}

// MM-4.5B, MM-5.10, MM-10.7: Burn -1 and Poison -X in the owner's End Phase, until the MystiMon leaves play.
func TestBurnPoison_MM_5_10(t *testing.T) {
	s := pos(t, "", duel("active: [{card: Embrix, status: [burn], counters: {poison: 3}}]\n      bench: [{card: Cindrik, status: [burn]}]", "active: [{card: Aquor, status: [burn]}]"))
	do(t, s, "end")
	if hp(t, s, "Embrix") != 36 || hp(t, s, "Cindrik") != 39 || hp(t, s, "Aquor") != 40 {
		t.Fatal("burn/poison tick for the owner only")
	}
	endTurn(t, s, 1)
	if hp(t, s, "Aquor") != 39 {
		t.Fatal("Aquor burns in p2's End Phase")
	}
	// Poison stacks (MM-5.10): Brine adds 3 to 2.
	s = pos(t, "", duel("active: [Tidalon]\n      pool: [Water Energy, Water Energy, Water Energy]", "active: [{card: Embrix, counters: {poison: 2}}]"))
	do(t, s, "attack a1 {p2:Embrix}")
	if s.cards[id(t, s, "p2:Embrix")].poison != 5 {
		t.Fatal("poison should add up to 5")
	}
}

// MM-5.8 step 1, MM-10.7: Frozen skips the next attack and thaws at the end of that turn.
func TestFrozen_MM_5_8(t *testing.T) {
	s := pos(t, "", duel("active: [{card: Embrix, status: [frozen]}]", "active: [Aquor]"))
	refused(t, s, "attack a0 {p2:Aquor}", "Frozen")
	endTurn(t, s, 2)
	do(t, s, "skip")
	if !legalHas(t, s, "attack a0 {p2:Aquor}") {
		t.Fatal("Frozen should be gone after one attack opportunity")
	}
	// A freeze ability inflicts it.
	s = pos(t, "", duel("active: [Bubblit]\n      pool: [Water Energy, Water Energy]", "active: [Embrix]"))
	do(t, s, "attack a1 {p2:Embrix}")
	if s.cards[id(t, s, "p2:Embrix")].flags&fFrozen == 0 {
		t.Fatal("Chill should freeze")
	}
}

// MM-5.8 step 1, MM-10.U3: Paralyze: a seeded 50% roll; on failure nothing happens and nothing is paid.
func TestParalyze_MM_5_8(t *testing.T) {
	fails, hits := 0, 0
	for seed := uint64(1); seed < 40; seed++ {
		s := pos(t, "", duel("active: [{card: Embrix, status: [paralyzed]}]\n      pool: [Fire Energy]", "active: [Cindrik]"))
		s.rng = engine.NewRNG(seed)
		do(t, s, "attack a1 {p2:Cindrik}")
		if s.cards[id(t, s, "p1:Embrix")].flags&fParalyzed != 0 {
			t.Fatal("Paralyze is removed either way")
		}
		notes := strings.Join(s.View(engine.NoSeat).Notes, "; ")
		if hp(t, s, "p2:Cindrik") == 40 {
			if !strings.Contains(notes, "failed its 50% roll") {
				t.Fatalf("the roll is not shown: %q", notes)
			}
			fails++
			if s.poolUnits(0, elemAny) != 1 {
				t.Fatal("a failed attack pays nothing")
			}
		} else {
			hits++
		}
	}
	if fails == 0 || hits == 0 {
		t.Fatalf("fails %d hits %d: both outcomes should occur", fails, hits)
	}
}

// MM-5.7: the free Switch, once per turn; MM-10.14: the Switch card is an extra swap.
func TestSwitch_MM_5_7(t *testing.T) {
	s := pos(t, "", duel("active: [Embrix]\n      bench: [Cindrik]\n      hand: [Switch]\n      pool: [Fire Energy]", "active: [Aquor]"))
	do(t, s, "switch {p1:Cindrik}")
	refused(t, s, "switch {p1:Embrix}", "already used")
	do(t, s, "play-on {Switch} {p1:Embrix}")
	if s.p[0].field[0] != id(t, s, "p1:Embrix") {
		t.Fatal("the Switch card swaps again")
	}
}

// MM-5.3, MM-6.7, MM-10.11: Ritual Summon: 3 MystiMons of the Champion's element, 8 pool energy of it; the
// Champion enters as Active with 0 attached energy and drains at once.
func TestRitualSummon_MM_5_3(t *testing.T) {
	field := "active: [{card: Embrix, counters: {energy: 2}}]\n      bench: [Cindrik, Flaru]\n      hand: [Flamrion]\n"
	s := pos(t, "", duel(field+"      pool: [Fire Energy, Fire Energy, Fire Energy, Fire Energy, Fire Energy, Fire Energy, Fire Energy]", "active: [Aquor]"))
	refused(t, s, "ritual {Flamrion}", "8 pool energy")
	s = pos(t, "", duel(field+"      pool: [Fire Energy, Fire Energy, Fire Energy, Fire Energy, Fire Energy, Water Energy, \"Aetherion's Gabe\", {card: Fire Energy, counters: {units: 2}}]", "active: [Aquor]"))
	do(t, s, "ritual {Flamrion}")
	fl := id(t, s, "Flamrion")
	if s.p[0].field != [3]int16{fl, 0, 0} || s.cards[fl].energy != 0 || hp(t, s, "Flamrion") != 250 {
		t.Fatal("the Champion should be alone, Active, at full HP with 0 energy")
	}
	if s.poolUnits(0, elemAny) != 1 || s.p[0].pool.n != 1 || s.def(s.p[0].pool.a[0]).name != "Water Energy" {
		t.Fatal("8 fire units (the Gabe as wildcard) paid; the Water Energy stays")
	}
	if s.p[0].summoned || winner(s) != "none" {
		t.Fatal("not a summon; no knockout while the Ritual resolves")
	}
	do(t, s, "end")
	if hp(t, s, "Flamrion") != 240 {
		t.Fatal("drain is active at once")
	}
	// Mixed elements: no Ritual.
	s = pos(t, "", duel("active: [Embrix]\n      bench: [Cindrik, Aquor]\n      hand: [Flamrion]\n      pool: [{card: Fire Energy, counters: {units: 8}}]", "active: [Aquor]"))
	refused(t, s, "ritual {Flamrion}", "3 MystiMons of its element")
}

// MM-2.8, MM-2.13, MM-5.5, MM-10.20: max 1 relic per MystiMon and 3 in play per player; Attack Boost raises damage.
func TestRelics_MM_5_5(t *testing.T) {
	s := pos(t, "", duel("active: [{card: Embrix, attached: [Evolution Stone]}]\n      bench: [Cindrik]\n      relics: [Guardian Idol]\n      hand: [Attack Boost, Attack Boost]\n      pool: [{card: Fire Energy, counters: {units: 9}}]", "active: [Cindrik]"))
	refused(t, s, "play-on c"+itoa(s.p[0].hand.a[0])+" {p1:Embrix}", "valid target")
	do(t, s, "play-on c"+itoa(s.p[0].hand.a[0])+" {p1:Cindrik}")
	if s.relicsInPlay(0) != 3 || legalHas(t, s, "play-on c"+itoa(s.p[0].hand.a[0])+" {p1:Cindrik}") {
		t.Fatal("3 relics in play: no more")
	}
	do(t, s, "switch {p1:Cindrik}", "attack a0 {p2:Cindrik}")
	if got := hp(t, s, "p2:Cindrik"); got != 40-(11+5-5) {
		t.Fatalf("Attack Boost: p2 Cindrik HP %d", got)
	}
}

// MM-2.9, MM-2.14, MM-5.6: a Terrain affects both players and replaces the old one (to its owner's discard pile).
func TestTerrain_MM_5_6(t *testing.T) {
	s := pos(t, "", "active: p1\nshared: {terrain: [{card: Sunken Reef, owner: p2}]}\nseats:\n  - zones: {active: [Embrix], hand: [Volcanic Caldera], pool: [Fire Energy, Fire Energy, Fire Energy], deck: [Fire Energy]}\n  - zones: {active: [Cindrik], deck: [Water Energy]}\n")
	do(t, s, "play {Volcanic Caldera}")
	if s.terrain != id(t, s, "Volcanic Caldera") || s.cards[id(t, s, "Sunken Reef")].zone != zDiscard || s.p[1].discard.n != 1 {
		t.Fatal("the new Terrain replaces the old, which goes to p2's discard")
	}
	do(t, s, "attack a0 {p2:Cindrik}")
	if got := hp(t, s, "p2:Cindrik"); got != 40-(12+4-5) {
		t.Fatalf("Caldera +4 ATK to fire: HP %d", got)
	}
}

// MM-5.4, MM-2.12, MM-2.15, MM-9.7 named actions: Healing Wave, Fire Blast, Card Draw, Potion, Field Wipe, Revive.
// Every action card is paid from the pool and discarded once resolved (MM-5.4).
func TestActionCards_MM_9_7(t *testing.T) {
	s := pos(t, "", "active: p1\nshared: {terrain: [Sunken Reef]}\nseats:\n  - zones: {active: [{card: Embrix, counters: {hp: 10}, status: [burn]}], bench: [{card: Cindrik, counters: {hp: 30}, attached: [Attack Boost]}], hand: [Healing Wave, Potion, Fire Blast, Card Draw, Field Wipe, Revive], discard: [Mossel, Flaru], pool: [{card: Fire Energy, counters: {units: 20}}], deck: [Fire Energy, Fire Energy, Fire Energy]}\n  - zones: {active: [Aquor], bench: [{card: Bubblit, counters: {hp: 25}}], relics: [Guardian Idol], deck: [Water Energy]}\n")
	playAction(t, s, "play {Healing Wave}", "Healing Wave")
	if hp(t, s, "p1:Embrix") != 30 || hp(t, s, "p1:Cindrik") != 40 {
		t.Fatal("Healing Wave heals each own MystiMon 20")
	}
	playAction(t, s, "play-on {Potion} {p1:Embrix}", "Potion")
	if hp(t, s, "p1:Embrix") != 40 || s.cards[s.p[0].field[0]].flags&fBurn != 0 {
		t.Fatal("Potion heals 30 and cures")
	}
	playAction(t, s, "play-on {Fire Blast} {p2:Bubblit}", "Fire Blast")
	if s.p[1].field[1] != 0 {
		t.Fatal("Fire Blast 30 KOs the 25-HP Bubblit")
	}
	playAction(t, s, "play {Card Draw}", "Card Draw")
	if s.p[0].hand.n != 4 {
		t.Fatalf("Card Draw: hand %d", s.p[0].hand.n)
	}
	playAction(t, s, "play {Field Wipe}", "Field Wipe")
	if s.terrain != 0 || s.p[1].nRelics != 0 || s.cards[s.p[0].field[1]].relic != 0 {
		t.Fatal("Field Wipe discards the Terrain and every relic")
	}
	refused(t, s, "play-on {Revive} {Flaru}", "valid target")
	playAction(t, s, "play-on {Revive} {Mossel}", "Revive")
	if s.p[0].field[2] != id(t, s, "Mossel") {
		t.Fatal("Revive puts Mossel on the Bench")
	}
}

// playAction plays an action card and checks that its cost left the pool
// and the card went to the discard pile (MM-5.4).
func playAction(t *testing.T, s *state, action, card string) {
	t.Helper()
	c := id(t, s, card)
	seat := int(s.cards[c].owner)
	before, cost := s.poolUnits(seat, elemAny), int(s.def(c).cost)
	do(t, s, action)
	if got := s.poolUnits(seat, elemAny); got != before-cost {
		t.Fatalf("%s: the pool went from %d to %d; %s costs %d (MM-5.4)", action, before, got, card, cost)
	}
	if s.cards[c].zone != zDiscard || s.p[seat].discard.a[s.p[seat].discard.n-1] != c {
		t.Fatalf("%s: %s is in zone %s, not on top of the discard pile (MM-5.4)", action, card, zoneNames[s.cards[c].zone])
	}
}

// MM-1.3, MM-5.8 step 7, MM-4.3, MM-4.4, MM-4.5: the target never strikes back, nothing is tapped; one attack,
// then the End Phase runs and the turn passes.
func TestOneAttackNoStrikeBack_MM_4_4(t *testing.T) {
	s := pos(t, "", duel("active: [Embrix]\n      bench: [Cindrik]\n      hand: [Card Draw]\n      pool: [Fire Energy]", "active: [Aquor]"))
	do(t, s, "play {Card Draw}", "switch {p1:Cindrik}") // any order in the Main Phase
	do(t, s, "attack a0 {p2:Aquor}")
	if hp(t, s, "p1:Cindrik") != 40 || hp(t, s, "p2:Aquor") != 40-3 {
		t.Fatal("Cindrik hits Aquor for 3 (6 x0.5) and takes nothing back")
	}
	if s.active != 1 || s.turn != 2 {
		t.Fatal("after the one attack the End Phase passes the turn")
	}
}

// MM-10.19: the first player may attack on turn 1; MM-3.6: pools empty, nothing attached, no Terrain.
func TestFirstTurn_MM_10_19(t *testing.T) {
	st, _ := New().New(presetSetup(5))
	s := st.(*state)
	for s.phase == phSetup {
		l := s.Legal(nil)
		do(t, s, codec.Format(l[0]))
	}
	if s.turn != 1 || s.terrain != 0 || s.p[0].pool.n+s.p[1].pool.n != 0 {
		t.Fatal("the game starts with empty pools and no Terrain (MM-3.6)")
	}
	for c := int16(1); c <= s.nCards; c++ {
		if s.cards[c].zone == zEnergy {
			t.Fatal("nothing is attached at the start (MM-3.6)")
		}
	}
	if s.phase == phEnergy {
		do(t, s, "skip")
	}
	has := false
	for _, a := range s.Legal(nil) {
		has = has || a.Verb == vAttack
	}
	if !has {
		t.Fatal("the first player may attack on turn 1")
	}
}

// MM-10.U8: a Frozen or Paralyzed MystiMon may still evolve and switch.
func TestFrozenMayEvolve_MM_10_U8(t *testing.T) {
	s := pos(t, "", duel("active: [{card: Embrix, status: [frozen, paralyzed], counters: {energy: 3}}]\n      bench: [Cindrik]\n      hand: [Flaru]", "active: [Aquor]"))
	do(t, s, "evolve {Flaru} {Embrix}", "switch {p1:Cindrik}")
}

// MM-10.12: Champions use their printed stats; MM-10.3: Magmorus evolves from Flaru (data);
// MM-2.10, MM-6.3, MM-6.6, MM-9.6: stages and lines as card data.
func TestPrintedStats_MM_10_12(t *testing.T) {
	s := pos(t, "", duel("active: [Flamrion]", "active: [Aquor]"))
	if v := s.View(engine.Omniscient).Player(0).Zone(znActive).Cards[0]; v.Counter("energy") != 0 {
		t.Fatal("energy")
	} else if atk, _ := v.Stat("atk"); atk != 44 {
		t.Fatalf("Flamrion ATK %d, printed 44", atk)
	}
	p := builtin
	if p.defs[p.defs[p.byName["magmorus"]].from].name != "Flaru" {
		t.Fatal("Magmorus evolves from Flaru (MM-10.3)")
	}
}

// Errors and labels never name a card the seat cannot see (MM-3.5 secret placement, hidden hands).
func TestErrorsHideHiddenCards(t *testing.T) {
	s := pos(t, "", "active: p1\nseats:\n  - zones: {active: [Embrix], deck: [Fire Energy]}\n  - zones: {active: [Aquor], hand: [Okeanos], deck: [Water Energy]}\n")
	err := try(t, s, "summon {Okeanos}")
	if err == nil || strings.Contains(err.Error(), "Okeanos") {
		t.Fatalf("error %v names p2's hidden card", err)
	}
}

func TestPositionErrors(t *testing.T) {
	for _, c := range []struct{ pos, want string }{
		{"active: p1\nseats:\n  - zones: {active: [Embrix], hnad: [Potion]}\n  - zones: {active: [Aquor]}\n", "p1.hnad: unknown zone"},
		{"active: p1\nseats:\n  - zones: {active: [Embrixx]}\n  - zones: {active: [Aquor]}\n", `no card named "Embrixx"`},
		{"active: p1\nseats:\n  - zones: {bench: [Embrix]}\n  - zones: {active: [Aquor]}\n", "p1.active: no Active MystiMon"},
		{"active: p1\nseats:\n  - zones: {active: [{card: Embrix, id: 7}]}\n  - zones: {active: [Aquor]}\n", "fixed card ids are not supported"},
		{"active: p1\nseats:\n  - zones: {active: [{card: Embrix, attached: [Water Energy]}]}\n  - zones: {active: [Aquor]}\n", "cannot be attached to Embrix (MM-4.2A)"},
	} {
		var p engine.Position
		if err := yamlUnmarshal(c.pos, &p); err != nil {
			t.Fatal(err)
		}
		_, err := New().FromPosition(engine.Setup{Game: "mystimons", Seats: 2}, p)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want %q", err, c.want)
		}
	}
}

// MM-10.15: ability costs are any element unless the card prints one (Great Flood: 8 water); wildcards pay any.
func TestAbilityCostElement_MM_10_15(t *testing.T) {
	s := pos(t, "", duel("active: [Okeanos]\n      pool: [{card: Fire Energy, counters: {units: 9}}]", "active: [Embrix]"))
	refused(t, s, "attack a2 {p2:Embrix}", "not legal")
	if !legalHas(t, s, "attack a1 {p2:Embrix}") {
		t.Fatal("Healing Rain costs 3 of any element")
	}
	s = pos(t, "", duel("active: [Okeanos]\n      pool: [{card: Fire Energy, counters: {units: 2}}, {card: Water Energy, counters: {units: 7}}, \"Aetherion's Gabe\"]", "active: [Embrix]"))
	do(t, s, "attack a2 {p2:Embrix}")
	if s.poolUnits(0, elemAny) != 2 || s.def(s.p[0].pool.a[0]).name != "Fire Energy" {
		t.Fatal("7 water and the wildcard pay; the fire energy stays")
	}
}

// MM-7.5, MM-10.U10: there is no turn limit: two players who only pass
// play on until a deck runs out (MM-7.2), and even that longest game ends
// before the simulator's turn cap, which therefore stops stalled games only.
func TestNoTurnLimit_MM_7_5(t *testing.T) {
	deck := strings.TrimSuffix(strings.Repeat("Fire Energy, ", 60), ", ")
	s := pos(t, "", "active: p1\nseats:\n  - zones: {active: [Embrix], deck: ["+deck+"]}\n  - zones: {active: [Aquor], deck: ["+strings.ReplaceAll(deck, "Fire", "Water")+"]}\n")
	for !s.over {
		switch s.phase {
		case phEnergy:
			do(t, s, "skip")
		case phDiscard:
			do(t, s, "discard c"+itoa(s.p[s.active].hand.a[0]))
		default:
			do(t, s, "end")
		}
	}
	turnCap := New().Info().TurnCap
	if turnCap == 0 {
		turnCap = engine.DefaultTurnCap
	}
	if _, o := s.Terminal(); o.Reason != "deck-out" || s.turn < 120 || int(s.turn) >= turnCap {
		t.Fatalf("the game ended by %s at turn %d; want deck-out after 120 turns, before the cap %d", o.Reason, s.turn, turnCap)
	}
}

// MM-10.23: SPD is printed and shown but has no rule: the view shows it,
// and changing it changes no damage.
func TestSpeedHasNoRule_MM_10_23(t *testing.T) {
	s := pos(t, "", duel("active: [Embrix]", "active: [Aquor]"))
	att, def := id(t, s, "Embrix"), id(t, s, "Aquor")
	v := s.cardView(engine.Omniscient, att)
	if i := slices.IndexFunc(v.Stats, func(st engine.Stat) bool { return st.Name == "spd" }); i < 0 || v.Stats[i].Value != int(s.def(att).spd) {
		t.Fatalf("the view shows no printed spd: %v", v.Stats)
	}
	before := s.damage(att, def, 0, false)
	s.defs = slices.Clone(s.defs)
	s.defs[s.cards[att].def].spd += 50
	s.defs[s.cards[def].def].spd -= 5
	if got := s.damage(att, def, 0, false); got != before {
		t.Fatalf("SPD changed the damage from %d to %d", before, got)
	}
}
