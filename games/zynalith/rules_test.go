package zynalith

import (
	"fmt"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// Rules that need no test of their own, with the reason:
//   - ZY-2.3 "no hand limit": there is nothing to enforce; TestZY_2_3 only
//     shows a large hand still taking cards.

func TestZY_1_1_ZY_8_2_SeatCounts(t *testing.T) {
	for n := 1; n <= 7; n++ {
		_, err := Game{}.New(engine.Setup{Game: "zynalith", Seats: n, Seed: 1})
		if ok := n >= 2 && n <= 6; ok != (err == nil) {
			t.Errorf("%d seats: err = %v", n, err)
		}
		if err != nil && !strings.Contains(err.Error(), "2 to 6") {
			t.Errorf("%d seats: error %q does not say the range", n, err)
		}
	}
}

// The rules reference players read gives the seat count the game
// offers: it said "two to five" while the lobby offered six. The digest
// recommends 2-5 (ZY-8.2), but the rulebook's start moves through six
// rounds, P_i to P_i+5, so that six players each start once.
func TestZY_8_2_TheRulesReferenceGivesTheSeatCount(t *testing.T) {
	to := map[i18n.Lang]string{i18n.EN: "to", i18n.DE: "bis", i18n.CS: "až"}
	for _, l := range i18n.Langs {
		if r, _ := (Game{}).Reference(l).Rule("ZY-8.2"); !strings.Contains(r.Text, fmt.Sprintf("2 %s %d", to[l], maxSeats)) {
			t.Errorf("%s: ZY-8.2 reads %q, but the game seats 2 to %d", l, r.Text, maxSeats)
		}
	}
}

func TestZY_2_2_ZY_3_1_StartingResources(t *testing.T) {
	st, err := Game{}.New(engine.Setup{Game: "zynalith", Seats: 4, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for p := 0; p < 4; p++ {
		pv := s.View(engine.NoSeat).Player(engine.Seat(p))
		hp, _ := pv.Counter(counterHP)
		z, _ := pv.Counter(counterZyn)
		if hp != 30 || z < 3 {
			t.Errorf("p%d starts with HP %d, Zynalith %d", p+1, hp, z)
		}
		// Silver is 20 unless an event revealed into the first market changed it.
		if sv := s.silver[p]; sv < 14 || sv > 29 {
			t.Errorf("p%d starts with %d Silver", p+1, sv)
		}
	}
	eq(t, "phase", s.phase, phDraft)
}

func TestZY_3_1_StartingResourcesExact(t *testing.T) {
	// A stack list without events: exactly 30 HP, 20 Silver, 3 Zynalith.
	d := shippedPreset("Standard")
	var entries []engine.DeckEntry
	for _, e := range d.Entries {
		if id, _ := builtin.lookup(e.Card); builtin.defs[id].Kind != kEvent {
			entries = append(entries, e)
		}
	}
	d.Entries = entries
	st, err := Game{}.New(engine.Setup{Game: "zynalith", Seats: 3, Seed: 2, Decks: []engine.DeckList{d}})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for p := 0; p < 3; p++ {
		if s.hp[p] != 30 || s.silver[p] != 20 || s.zyn[p] != 3 {
			t.Errorf("p%d: HP %d Silver %d Zynalith %d", p+1, s.hp[p], s.silver[p], s.zyn[p])
		}
	}
}

func TestZY_3_2_StartPlayer(t *testing.T) {
	st, _ := Game{}.New(engine.Setup{Game: "zynalith", Seats: 4, Seed: 1, First: 3})
	eq(t, "first to draft with First=3", st.ToMove(), engine.Seat(2))
	seen := map[engine.Seat]bool{}
	for seed := uint64(0); seed < 40; seed++ {
		st, _ := Game{}.New(engine.Setup{Game: "zynalith", Seats: 4, Seed: seed})
		seen[st.ToMove()] = true
	}
	if len(seen) != 4 {
		t.Errorf("random start players over 40 seeds: %v", seen)
	}
}

func TestZY_2_5_ZY_2_6_ZY_3_3_MarketAndHiddenStacks(t *testing.T) {
	st, _ := Game{}.New(engine.Setup{Game: "zynalith", Seats: 2, Seed: 5})
	v := st.View(0)
	for _, z := range v.Shared {
		switch z.Name {
		case zoneMarketC, zoneMarketE:
			if z.Count != 5 || len(z.Cards) != 5 {
				t.Errorf("%s has %d cards", z.Name, z.Count)
			}
			for _, c := range z.Cards {
				if k := builtin.defs[mustLookup(t, c.Name)].Kind; k == kEvent {
					t.Errorf("event %s lies in the market", c.Name)
				}
			}
		case zoneStackC, zoneStackE:
			if z.Count == 0 || len(z.Cards) != 0 || z.Visibility != engine.Private {
				t.Errorf("%s shows %d of %d cards", z.Name, len(z.Cards), z.Count)
			}
		}
	}
}

func mustLookup(t *testing.T, name string) int16 {
	t.Helper()
	id, ok := builtin.lookup(name)
	if !ok {
		t.Fatalf("no card %q", name)
	}
	return id
}

func draftPosition() engine.Position {
	return engine.Position{Phase: "draft", Active: 0,
		Seats: []engine.SeatPosition{seatPos(nil, nil, nil), seatPos(nil, nil, nil)},
		Shared: map[string][]engine.CardSpec{
			zoneMarketC: cards("Sumpfratte", "Grubenwurm", "Heiler", "Orakel", "Aasgeier"),
			zoneMarketE: cards("Wut", "Kurzschwert", "Heilung", "Zoll", "Ruhm"),
			zoneStackC:  cards("Märtyrer", "Totengräber", "Hügeltroll", "Steinkoloss", "Bergriese", "Flammenwolf", "Blutfledermaus"),
			zoneStackE:  cards("Segen", "Turmschild", "Langschwert", "Zähigkeit", "Flinkheit", "Goldregen", "Feuerball"),
		}}
}

func TestZY_3_4_DraftOneCardAtATime(t *testing.T) {
	s := build(t, draftPosition(), nil)
	do(t, s, "pick {Sumpfratte}")
	eq(t, "p1 hand after a pick", s.handSize(0), 1)
	eq(t, "draft picks are free", s.silver[0], int16(20))
	eq(t, "the market is not refilled", s.market[stCreatures][0], int16(-1))
	eq(t, "next to pick", s.ToMove(), engine.Seat(1))
	refuse(t, s, "main take", "in the draft")
	do(t, s, "blind creatures")
	eq(t, "p2 drew blind", s.handSize(1), 1)
	eq(t, "blind draft picks are free", s.silver[1], int16(20))
	for i := 0; i < 7; i++ {
		do(t, s, "blind extras")
	}
	refuse(t, s, "blind extras", "the extras stack and its discard pile are empty")
	do(t, s, "blind creatures")
	eq(t, "round after everyone holds 5", s.round, int8(1))
	eq(t, "hands", s.handSize(0)+s.handSize(1), 10)
	eq(t, "round 1 starts with P_i+1", s.ToMove(), engine.Seat(1))
	eq(t, "income after the draft (ZY-4.2)", s.silver[0], int16(30))
}

func TestZY_2_3_NoHandLimit(t *testing.T) {
	s := build(t, engine.Position{Seats: []engine.SeatPosition{
		seatPos(cards("Sumpfratte", "Sumpfratte", "Sumpfratte", "Sumpfratte", "Sumpfratte", "Sumpfratte", "Grubenwurm", "Grubenwurm", "Grubenwurm", "Grubenwurm", "Grubenwurm"), nil, nil),
		seatPos(nil, nil, nil)}, Shared: map[string][]engine.CardSpec{zoneMarketC: cards("Heiler")}}, nil)
	do(t, s, "main take", "pick {Heiler}")
	eq(t, "hand", s.handSize(0), 12)
}

func TestZY_4_1_ZY_10_16_ZY_10_U5_StartRotation(t *testing.T) {
	s := build(t, engine.Position{Seats: make([]engine.SeatPosition, 4), Props: map[string]string{"first": "p1"}}, nil)
	for r, want := range []int8{1, 2, 3, 0, 1} {
		s.startRound(int8(r + 1))
		eq(t, "start player of round "+itoa(r+1), s.active, want)
	}
	s.alive[2] = false
	s.startRound(2)
	eq(t, "start player skips an eliminated seat", s.active, int8(3))
}

func TestZY_4_2_ZY_4_3_ZY_4_4_NewRound(t *testing.T) {
	pos := engine.Position{Seats: []engine.SeatPosition{seatPos(nil, nil, nil), seatPos(nil, nil, nil)},
		Shared: map[string][]engine.CardSpec{zoneMarketC: cards("Sumpfratte"), zoneStackC: cards("Heiler", "Orakel", "Aasgeier", "Märtyrer", "Totengräber")}}
	s := build(t, pos, nil)
	eq(t, "slots in round 1", s.slots(), int8(3))
	old := id(t, s, "Sumpfratte")
	do(t, s, "pass", "pass")
	eq(t, "round", s.round, int8(2))
	eq(t, "slots in round 2", s.slots(), int8(4))
	eq(t, "income", s.silver[0], int16(30))
	eq(t, "old market card discarded", zoneOf(s, old), zDiscard)
	eq(t, "new market card", zoneOf(s, id(t, s, "Heiler")), zMarket)
	s.startRound(3)
	eq(t, "slots in round 3", s.slots(), int8(5))
}

func TestZY_2_4_ZY_4_3_SlotsLimitPlays(t *testing.T) {
	s := build(t, engine.Position{Seats: []engine.SeatPosition{
		seatPos(cards("Heiler"), cards("Sumpfratte", "Grubenwurm", "Aasgeier"), nil), seatPos(nil, nil, nil)}}, nil)
	if legal(t, s, "main play") {
		t.Error("main play is legal with every slot taken")
	}
	refuse(t, s, "play {Heiler}", "all 3 slots of round 1 are taken")
}

func TestZY_4_5_ZY_5_5_OneMainActionTurnsUntilAllPass(t *testing.T) {
	pos := engine.Position{Seats: []engine.SeatPosition{seatPos(nil, nil, nil), seatPos(nil, nil, nil)},
		Shared: map[string][]engine.CardSpec{zoneMarketC: cards("Sumpfratte", "Grubenwurm")}}
	s := build(t, pos, nil)
	do(t, s, "main take", "pick {Sumpfratte}")
	refuse(t, s, "main take", "already took your main action")
	do(t, s, "end")
	eq(t, "p2's turn", s.ToMove(), engine.Seat(1))
	do(t, s, "pass")
	eq(t, "p1 again, p2 has passed", s.ToMove(), engine.Seat(0))
	do(t, s, "main take", "pick {Grubenwurm}", "end")
	eq(t, "p1 again: p2 passed for the round", s.ToMove(), engine.Seat(0))
	do(t, s, "pass")
	eq(t, "the next round after all passed", s.round, int8(2))
}

func TestZY_4_6_ZY_10_1_CombatAfterAllPassed(t *testing.T) {
	s := duel(t, cards("Sumpfratte"), nil, nil)
	do(t, s, "pass")
	eq(t, "no combat before all passed", s.hp[1], int16(30))
	do(t, s, "pass")
	eq(t, "combat after all passed", s.hp[1], int16(29))
}

func TestZY_10_1_CombatAfterEveryTurn(t *testing.T) {
	s := duel(t, cards("Sumpfratte"), nil, map[string]string{"combat": "turn"})
	do(t, s, "sell", "main banish")
	s = duel(t, cards("Sumpfratte"), nil, map[string]string{"combat": "turn"})
	do(t, s, "sell", "pass")
	eq(t, "combat after p1's turn", s.hp[1], int16(29))
}

func TestZY_10_1_CombatOnlyAtTheEnd(t *testing.T) {
	s := duel(t, cards("Sumpfratte"), nil, map[string]string{"combat": "end"})
	do(t, s, "pass", "pass")
	eq(t, "no combat in round 1", s.hp[1], int16(30))
	for s.round < 5 {
		do(t, s, "pass", "pass")
	}
	do(t, s, "pass", "pass")
	eq(t, "one combat after round 5", s.hp[1], int16(29))
	eq(t, "game over", s.phase, phOver)
}

func TestZY_10_2_OneTurnPerRound(t *testing.T) {
	pos := engine.Position{Seats: []engine.SeatPosition{seatPos(nil, nil, nil), seatPos(nil, nil, nil)},
		Shared: map[string][]engine.CardSpec{zoneMarketC: cards("Sumpfratte", "Grubenwurm")}}
	s := build(t, pos, map[string]string{"actions": "one-per-round"})
	do(t, s, "main take", "pick {Sumpfratte}", "end")
	do(t, s, "main take", "pick {Grubenwurm}", "end")
	eq(t, "round after one turn each", s.round, int8(2))
}

func TestZY_1_2_ZY_4_7_ZY_6_3_GameEndAfterRound5(t *testing.T) {
	s := build(t, engine.Position{Round: 5, Seats: []engine.SeatPosition{seatPos(nil, cards("Goldgräber"), nil), seatPos(nil, nil, nil)}}, map[string]string{"unopposed": "nothing"})
	do(t, s, "pass", "pass")
	done, out := s.Terminal()
	if !done || out.Reason != "points" || !out.Winners.Has(0) {
		t.Fatalf("game end: %v %v", done, out)
	}
	eq(t, "Spielende gave 2 VP", s.vp[0], int16(2))
}

func TestZY_5_1_ZY_10_9_TakeACard(t *testing.T) {
	pos := engine.Position{Seats: []engine.SeatPosition{seatPos(nil, nil, nil), seatPos(nil, nil, nil)},
		Shared: map[string][]engine.CardSpec{zoneMarketC: cards("Sumpfratte", "Grubenwurm"), zoneStackC: cards("Wanderzirkus", "Heiler")}}
	s := build(t, pos, nil)
	do(t, s, "main take", "pick {Sumpfratte}")
	eq(t, "take costs 1 Silver", s.silver[0], int16(19))
	eq(t, "the gap stays empty", s.market[stCreatures][0], int16(-1))
	eq(t, "card in hand", zoneOf(s, id(t, s, "Sumpfratte")), zHand)
	do(t, s, "end", "main take", "blind creatures")
	eq(t, "ZY-10.8: blind draw from the stack", s.cards[id(t, s, "Heiler")].owner, int8(1))
	eq(t, "the event drawn blind was executed", s.silver[0], int16(22))
	eq(t, "and discarded", zoneOf(s, id(t, s, "Wanderzirkus")), zDiscard)
}

func TestZY_5_2_PayAndPlay(t *testing.T) {
	pos := engine.Position{Seats: []engine.SeatPosition{seatPos(cards("Sumpfratte"), cards("Grubenwurm"), nil), seatPos(nil, cards("Aasgeier"), nil)},
		Shared: map[string][]engine.CardSpec{zoneMarketC: cards("Heiler"), zoneMarketE: cards("Kurzschwert", "Fluch der Schwäche")}}
	s := build(t, pos, nil)
	do(t, s, "main play", "play {Sumpfratte}")
	eq(t, "cost paid", s.silver[0], int16(18))
	eq(t, "sorted by INIT", s.row[0][0], id(t, s, "Sumpfratte"))
	eq(t, "attack position", s.cards[id(t, s, "Sumpfratte")].flags&fDefend, uint8(0))
	do(t, s, "end", "pass", "main play", "play {Heiler}")
	eq(t, "from the market", zoneOf(s, id(t, s, "Heiler")), zFront)
	do(t, s, "end", "main play")
	if legal(t, s, "attach {Kurzschwert} {Aasgeier}") {
		t.Error("equipment attaches to an opposing creature")
	}
	if legal(t, s, "attach {Fluch der Schwäche} {Grubenwurm}") {
		t.Error("a curse attaches to an own creature")
	}
	do(t, s, "attach {Kurzschwert} {Grubenwurm}")
	eq(t, "equipment adds ATK", s.atkOf(id(t, s, "Grubenwurm")), 3)
}

func TestZY_2_7_ZY_5_3_ZY_10_11_Banish(t *testing.T) {
	s := build(t, engine.Position{Seats: []engine.SeatPosition{
		seatPos(nil, []engine.CardSpec{{Card: "Steinkoloss", Attached: cards("Kurzschwert")}, {Card: "Zynalithgolem"}}, map[string]int{counterZyn: 0}),
		seatPos(nil, nil, nil)}}, nil)
	do(t, s, "main banish", "banish {Steinkoloss}")
	eq(t, "refund cost - 1", s.silver[0], int16(29))
	eq(t, "banished", zoneOf(s, id(t, s, "Steinkoloss")), zBanished)
	eq(t, "extra discarded", zoneOf(s, id(t, s, "Kurzschwert")), zDiscard)
	do(t, s, "end", "pass", "main banish", "banish {Zynalithgolem}")
	eq(t, "only the Silver part is refunded", s.silver[0], int16(34))
	eq(t, "no Zynalith back", s.zyn[0], int16(0))
}

func TestZY_5_4_RedrawARow(t *testing.T) {
	pos := engine.Position{Seats: []engine.SeatPosition{seatPos(cards("Sumpfratte"), nil, nil), seatPos(nil, nil, nil)},
		Shared: map[string][]engine.CardSpec{zoneMarketC: cards("Grubenwurm"), zoneStackC: cards("Heiler", "Orakel", "Aasgeier", "Märtyrer", "Totengräber", "Hügeltroll")}}
	s := build(t, pos, nil)
	do(t, s, "main redraw", "redraw creatures {Sumpfratte}")
	eq(t, "hand card discarded", zoneOf(s, id(t, s, "Sumpfratte")), zDiscard)
	eq(t, "old row discarded", zoneOf(s, id(t, s, "Grubenwurm")), zDiscard)
	eq(t, "new row from the top", s.market[stCreatures][0], id(t, s, "Heiler"))
	eq(t, "five revealed", s.stackN[stCreatures], int16(1))
}

func TestZY_5_6_ZY_10_17_SwapEqualInit(t *testing.T) {
	s := duel(t, cards("Sumpfratte", "Aasgeier", "Grubenwurm"), nil, nil)
	do(t, s, "swap {Sumpfratte} {Aasgeier}")
	eq(t, "swapped", s.row[0][0], id(t, s, "Aasgeier"))
	refuse(t, s, "swap {Aasgeier} {Grubenwurm}", "same INIT")
}

func TestZY_5_7_ZY_5_11_DefensePosition(t *testing.T) {
	s := duel(t, cards("Kriegstrommler", "Grubenwurm"), cards("Sumpfratte"), nil)
	do(t, s, "defend {Kriegstrommler}")
	eq(t, "defense", s.defense(0), 1)
	do(t, s, "pass", "pass")
	eq(t, "no Kampf for a defender", s.atkOf(id(t, s, "Kriegstrommler")), 1)
	eq(t, "the defender took no damage", s.cards[id(t, s, "Kriegstrommler")].dmg, int8(0))
	// Line 1: p1 absent (defending), Sumpfratte hits p1 for 1 - 1 defense.
	eq(t, "defense absorbed the direct hit", s.hp[0], int16(30))
}

// ZY-4.5, ZY-5.6, ZY-5.7: side actions any number of times a turn, before
// and after the main action; the capped variant allows one position change
// per creature and 4 swaps.
func TestZY_4_5_SideActionsAnyNumberOfTimes(t *testing.T) {
	front := cards("Sumpfratte", "Aasgeier", "Grubenwurm")
	s := duel(t, front, nil, nil)
	// A swap names the creatures in row order.
	swaps := [2]string{"swap {Sumpfratte} {Aasgeier}", "swap {Aasgeier} {Sumpfratte}"}
	for i := 0; i < 6; i++ {
		do(t, s, "defend {Grubenwurm}", "attack {Grubenwurm}", swaps[i%2])
	}
	do(t, s, "main banish", "banish {Grubenwurm}")
	for i := 6; i < 9; i++ {
		do(t, s, "defend {Sumpfratte}", "attack {Sumpfratte}", swaps[i%2])
	}
	eq(t, "nine swaps leave the pair swapped", s.row[0][0], id(t, s, "Aasgeier"))
	eq(t, "back in attack position", s.defense(0), 0)

	s = duel(t, front, nil, map[string]string{"side-actions": "capped"})
	do(t, s, "defend {Grubenwurm}")
	if legal(t, s, "attack {Grubenwurm}") {
		t.Error("capped: a creature changes position twice in a turn")
	}
	do(t, s, swaps[0], swaps[1], swaps[0], swaps[1])
	if legal(t, s, swaps[0]) {
		t.Error("capped: a fifth swap in a turn")
	}
	do(t, s, "pass", "pass") // round 2
	if s.ToMove() != 0 {
		do(t, s, "pass")
	}
	if !legal(t, s, "attack {Grubenwurm}") || !legal(t, s, "swap {Sumpfratte} {Aasgeier}") {
		t.Error("capped: the next turn does not allow side actions again")
	}
}

func TestZY_5_8_SellZynalith(t *testing.T) {
	s := duel(t, nil, nil, nil)
	do(t, s, "sell", "sell")
	eq(t, "Zynalith", s.zyn[0], int16(1))
	eq(t, "Silver", s.silver[0], int16(24))
}

func TestZY_5_9_CounterCancelsAPlay(t *testing.T) {
	s := build(t, engine.Position{Seats: []engine.SeatPosition{
		seatPos(cards("Steinkoloss"), nil, nil),
		{Zones: map[string][]engine.CardSpec{zoneHand: cards("Gegenzauber")}, Props: map[string]string{"passed": "true"}}}}, nil)
	if legal(t, s, "counter {Gegenzauber}") {
		t.Error("p1 may play p2's counter")
	}
	do(t, s, "main play", "play {Steinkoloss}")
	eq(t, "p2 is asked, though passed", s.ToMove(), engine.Seat(1))
	refuse(t, s, "sell", "must first decide whether to counter")
	do(t, s, "counter {Gegenzauber}")
	eq(t, "cancelled card", zoneOf(s, id(t, s, "Steinkoloss")), zDiscard)
	eq(t, "the cost is lost", s.silver[0], int16(10))
	eq(t, "counter paid", s.silver[1], int16(16))
	eq(t, "counter discarded", zoneOf(s, id(t, s, "Gegenzauber")), zDiscard)
	eq(t, "p1 continues the turn", s.ToMove(), engine.Seat(0))
	eq(t, "after the main action", s.step, stAfter)
}

func TestZY_5_9_CounterFromMarketAndDecline(t *testing.T) {
	pos := engine.Position{Seats: []engine.SeatPosition{seatPos(cards("Heiler", "Sumpfratte"), nil, map[string]int{counterHP: 20}), seatPos(nil, nil, nil)},
		Shared: map[string][]engine.CardSpec{zoneMarketE: cards("Zoll")}}
	s := build(t, pos, nil)
	do(t, s, "main play", "play {Heiler}")
	eq(t, "asked", s.ToMove(), engine.Seat(1))
	do(t, s, "decline")
	eq(t, "Sofort after the window", s.hp[0], int16(24))
	do(t, s, "end", "main take", "pick {Zoll}", "end", "main play", "play {Sumpfratte}", "counter {Zoll}")
	eq(t, "Zoll took 3 Silver from the player", s.silver[0], int16(20-5-2-3))
}

func TestZY_5_9_CounterInOwnTurn(t *testing.T) {
	s := build(t, engine.Position{Seats: []engine.SeatPosition{
		seatPos(cards("Schutzzauber", "Gegenzauber"), nil, map[string]int{counterHP: 20}), seatPos(nil, nil, nil)}}, nil)
	if legal(t, s, "counter {Gegenzauber}") {
		t.Error("a counter against a played card is legal with none played")
	}
	do(t, s, "counter {Schutzzauber}")
	eq(t, "healed", s.hp[0], int16(23))
	eq(t, "still before the main action", s.step, stBefore)
}

func TestZY_5_10_ExtrasStayAndGoWithTheCreature(t *testing.T) {
	s := build(t, engine.Position{Seats: []engine.SeatPosition{
		seatPos(cards("Heilung"), cards("Sumpfratte"), map[string]int{counterHP: 20}), seatPos(nil, cards("Steinkoloss"), nil)}}, nil)
	do(t, s, "main play", "attach {Heilung} {Sumpfratte}")
	eq(t, "spell acted", s.hp[0], int16(25))
	eq(t, "and stays bound", zoneOf(s, id(t, s, "Heilung")), zAttached)
	s.combat()
	eq(t, "the creature died", zoneOf(s, id(t, s, "Sumpfratte")), zDiscard)
	eq(t, "its extra is discarded", zoneOf(s, id(t, s, "Heilung")), zDiscard)
}

func TestZY_5_11_ZY_10_6_DefenseAndDurchschlag(t *testing.T) {
	s := build(t, engine.Position{Seats: []engine.SeatPosition{
		seatPos(cards("Blitzschlag"), cards("Sumpfratte"), nil), seatPos(nil, []engine.CardSpec{defending("Grubenwurm"), defending("Aasgeier")}, nil)}}, nil)
	do(t, s, "main play", "attach {Blitzschlag} {Sumpfratte}")
	eq(t, "effect damage reduced by defense", s.hp[1], int16(29))
	s = duel(t, cards("Schattenklinge"), []engine.CardSpec{defending("Grubenwurm"), defending("Aasgeier")}, nil)
	s.combat()
	eq(t, "Durchschlag ignores defense", s.hp[1], int16(26))
}

func TestZY_5_12_CreatureDEF(t *testing.T) {
	s := build(t, engine.Position{Seats: []engine.SeatPosition{
		seatPos(cards("Feuerball"), cards("Sumpfratte"), nil), seatPos(nil, cards("Hügeltroll"), nil)}}, nil)
	do(t, s, "main play", "attach {Feuerball} {Sumpfratte}")
	eq(t, "effect damage ignores DEF", s.cards[id(t, s, "Hügeltroll")].dmg, int8(3))
	s = duel(t, cards("Flammenwolf"), cards("Grubenwurm"), nil)
	s.combat()
	eq(t, "combat damage minus DEF", s.cards[id(t, s, "Grubenwurm")].dmg, int8(2))
}

func TestZY_5_13_RowSortedByInit(t *testing.T) {
	s := build(t, engine.Position{Seats: []engine.SeatPosition{
		seatPos(cards("Flinkheit"), cards("Kriegstrommler", "Grubenwurm"), nil), seatPos(nil, nil, nil)}}, nil)
	eq(t, "before", s.row[0][0], id(t, s, "Kriegstrommler"))
	do(t, s, "main play", "attach {Flinkheit} {Grubenwurm}")
	eq(t, "re-sorted at once", s.row[0][0], id(t, s, "Grubenwurm"))
}

// The k-th creatures of all players form line k, each line won earns 1
// Zynalith, and a creature in defense position gives armour (the summary
// of ZY-1.4).
func TestZY_5_14_ZY_10_3_LinesByPosition(t *testing.T) {
	f1 := []engine.CardSpec{defending("Sumpfratte"), {Card: "Grubenwurm"}}
	f2 := cards("Aasgeier", "Totengräber")
	s := duel(t, f1, f2, nil)
	s.combat()
	eq(t, "line 1: p1 absent, hit for 2 - 1 defense", s.hp[0], int16(29))
	eq(t, "line 2: Grubenwurm beat Totengräber", s.cards[id(t, s, "Totengräber")].dmg, int8(1))
	eq(t, "line 2 won by p1", s.zyn[0], int16(4))
	eq(t, "p2 won no opposed line", s.zyn[1], int16(3))

	s = duel(t, f1, f2, map[string]string{"lines": "packed"})
	s.combat()
	eq(t, "packed: Grubenwurm meets Aasgeier and loses on INIT", s.cards[id(t, s, "Grubenwurm")].dmg, int8(1))
	eq(t, "packed: p2 won line 1", s.zyn[1], int16(4))
	eq(t, "packed: Totengräber's 1 ATK is absorbed", s.hp[0], int16(30))
}

func TestZY_5_15_SourceExample(t *testing.T) {
	s := duel(t, cards("Flammenwolf"), []engine.CardSpec{{Card: "Grubenwurm", Counters: map[string]int{counterDamage: 2}}}, nil)
	s.combat()
	eq(t, "the loser died", zoneOf(s, id(t, s, "Grubenwurm")), zDiscard)
	eq(t, "overflow 1 to its player", s.hp[1], int16(29))
	eq(t, "refund cost - 1 (ZY-10.13)", s.silver[1], int16(22))
	eq(t, "1 Zynalith for the line", s.zyn[0], int16(4))
	eq(t, "the winner took nothing", s.cards[id(t, s, "Flammenwolf")].dmg, int8(0))
}

func TestZY_5_15_ZY_10_5_WinnerTieBreaks(t *testing.T) {
	// Equal ATK 2: higher INIT wins.
	s := duel(t, cards("Aasgeier"), cards("Grubenwurm"), nil)
	s.combat()
	eq(t, "INIT breaks the ATK tie", s.cards[id(t, s, "Grubenwurm")].dmg, int8(1))
	// Equal ATK and INIT: DEF decides.
	s = duel(t, cards("Sumpfratte"), []engine.CardSpec{{Card: "Sumpfratte", Counters: map[string]int{"def": 1}}}, nil)
	s.combat()
	eq(t, "DEF breaks the tie: the winner is unhurt", s.cards[s.row[1][0]].dmg, int8(0))
	eq(t, "the lower DEF lost", s.cards[s.row[0][0]].dmg, int8(1))
	eq(t, "p2 won", s.zyn[1], int16(4))
	// Equal but remaining HP: more HP left wins.
	s = duel(t, cards("Grubenwurm"), []engine.CardSpec{{Card: "Grubenwurm", Counters: map[string]int{counterDamage: 1}}}, nil)
	s.combat()
	eq(t, "more HP left wins", s.zyn[0], int16(4))
	// A full tie: one of them wins, by the seeded RNG.
	s = duel(t, cards("Grubenwurm"), cards("Grubenwurm"), nil)
	s.combat()
	eq(t, "exactly one winner", s.zyn[0]+s.zyn[1], int16(7))
}

func TestZY_5_15_ZY_6_2_KampfOrder(t *testing.T) {
	// Flinker Dieb (INIT 8) fires before Giftschlange (INIT 5): Silver, then poison.
	s := duel(t, cards("Giftschlange"), []engine.CardSpec{{Card: "Flinker Dieb", Counters: map[string]int{counterDamage: 1}}}, nil)
	s.combat()
	eq(t, "Dieb's Kampf fired first", s.silver[1], int16(20+1+3))
	// With Flinkheit, Giftschlange ties INIT 8 and wins on ATK: the Dieb dies first.
	s = duel(t, []engine.CardSpec{{Card: "Giftschlange", Attached: cards("Flinkheit")}}, []engine.CardSpec{{Card: "Flinker Dieb", Counters: map[string]int{counterDamage: 1}}}, nil)
	s.combat()
	eq(t, "Dieb died before its Kampf: only the refund", s.silver[1], int16(23))
	eq(t, "the line is unopposed now: no Zynalith", s.zyn[0], int16(3))
	// Kampf changes the winner: Kriegstrommler gains 1 ATK and ties Grubenwurm, winning on INIT.
	s = duel(t, cards("Kriegstrommler"), cards("Grubenwurm"), nil)
	s.combat()
	eq(t, "Kriegstrommler won", s.zyn[0], int16(4))
	// No Kampf without an opponent in the line.
	s = duel(t, cards("Kriegstrommler"), nil, nil)
	s.combat()
	eq(t, "unopposed: no Kampf", s.atkOf(id(t, s, "Kriegstrommler")), 1)
}

func TestZY_5_15_ZY_6_13_Blutsaugen(t *testing.T) {
	s := duel(t, cards("Blutfledermaus"), nil, nil)
	s.hp[0] = 20
	s.combat()
	eq(t, "damage dealt", s.hp[1], int16(28))
	eq(t, "healed by it", s.hp[0], int16(22))
	s = duel(t, cards("Vampirfürst"), []engine.CardSpec{{Card: "Sumpfratte"}}, nil)
	s.hp[0] = 29
	s.combat()
	eq(t, "overflow 5 - 0 - 2 = 3", s.hp[1], int16(27))
	eq(t, "heals up to 30 only (ZY-2.1)", s.hp[0], int16(30))
}

func TestZY_5_16_ZY_10_7_Sturmangriff(t *testing.T) {
	s := build(t, engine.Position{Seats: []engine.SeatPosition{seatPos(cards("Flammenwolf"), nil, nil), seatPos(nil, cards("Sumpfratte"), nil)}}, nil)
	do(t, s, "main play", "play {Flammenwolf}")
	eq(t, "its line fought at once", zoneOf(s, id(t, s, "Sumpfratte")), zDiscard)
	eq(t, "overflow", s.hp[1], int16(29))
	eq(t, "line won", s.zyn[0], int16(4))
	eq(t, "still p1's turn", s.ToMove(), engine.Seat(0))

	s = build(t, engine.Position{Seats: []engine.SeatPosition{seatPos(cards("Lanzenritter"), nil, nil), seatPos(nil, cards("Hügeltroll"), nil)}}, map[string]string{"charge": "twice"})
	do(t, s, "main play", "play {Lanzenritter}")
	eq(t, "twice: no fight when played", s.cards[id(t, s, "Hügeltroll")].dmg, int8(0))
	s.combat()
	eq(t, "twice: the line fights two rounds", s.cards[id(t, s, "Hügeltroll")].dmg, int8(6))
	eq(t, "two lines won", s.zyn[0], int16(5))
}

func TestZY_5_17_DamageStays(t *testing.T) {
	s := duel(t, cards("Hügeltroll"), cards("Steinkoloss"), nil)
	s.combat()
	do(t, s, "pass", "pass")
	eq(t, "damage carried over and added", s.cards[id(t, s, "Steinkoloss")].dmg, int8(4))
	s = duel(t, cards("Totengräber"), cards("Steinkoloss", "Sumpfratte"), nil)
	s.die(id(t, s, "Sumpfratte"))
	eq(t, "healing never above printed HP", s.hpLeft(id(t, s, "Totengräber")), 4)
}

func TestZY_5_18_EffectDestroyRefundsWithoutOverflow(t *testing.T) {
	s := build(t, engine.Position{Seats: []engine.SeatPosition{
		seatPos(cards("Seelenraub"), cards("Sumpfratte"), nil), seatPos(nil, cards("Steinkoloss"), nil)}}, nil)
	do(t, s, "main play", "attach {Seelenraub} {Sumpfratte}")
	eq(t, "destroyed", zoneOf(s, id(t, s, "Steinkoloss")), zDiscard)
	eq(t, "refund", s.silver[1], int16(29))
	eq(t, "no overflow from effects", s.hp[1], int16(30))
}

func TestZY_6_1_Sofort(t *testing.T) {
	s := build(t, engine.Position{Seats: []engine.SeatPosition{seatPos(cards("Heiler"), nil, map[string]int{counterHP: 10}), seatPos(nil, nil, nil)}}, nil)
	do(t, s, "main play", "play {Heiler}")
	eq(t, "healed on play", s.hp[0], int16(14))
}

func TestZY_6_4_ZY_6_5_TodAndTrauer(t *testing.T) {
	s := duel(t, cards("Flammenwolf", "Aasgeier"), cards("Märtyrer"), nil)
	s.combat()
	eq(t, "Märtyrer died", zoneOf(s, id(t, s, "Märtyrer")), zDiscard)
	// Line 1 Flammenwolf kills Märtyrer; Tod: 2 to p1. Line 2: Aasgeier hits p2 for 2.
	eq(t, "Tod hit its opponents", s.hp[0], int16(28))
	eq(t, "Trauer gave Silver", s.silver[0], int16(21))
}

func TestZY_2_10_ZY_6_6_Event(t *testing.T) {
	pos := engine.Position{Seats: []engine.SeatPosition{seatPos(cards("Sumpfratte"), cards("Orakel", "Sturmkrähe"), nil), seatPos(nil, nil, nil)},
		Shared: map[string][]engine.CardSpec{zoneStackC: cards("Wanderzirkus", "Heiler", "Aasgeier", "Märtyrer", "Totengräber", "Hügeltroll")}}
	s := build(t, pos, nil)
	do(t, s, "main redraw", "redraw creatures {Sumpfratte}")
	eq(t, "event and Event trigger", s.silver[0], int16(25))
	eq(t, "Event trigger on Sturmkrähe", s.atkOf(id(t, s, "Sturmkrähe")), 3)
	eq(t, "replaced", s.market[stCreatures][0], id(t, s, "Heiler"))
}

func TestZY_6_7_ZY_6_8_ZY_6_9_KindTriggers(t *testing.T) {
	s := build(t, engine.Position{Seats: []engine.SeatPosition{
		seatPos(cards("Beschleunigung", "Kurzschwert", "Wut"), cards("Runenweber", "Schmiedegolem", "Gestaltwandler"), nil),
		seatPos(nil, nil, nil)}}, nil)
	do(t, s, "main play", "attach {Beschleunigung} {Runenweber}", "end", "pass")
	eq(t, "Zauber", s.atkOf(id(t, s, "Runenweber")), 3)
	do(t, s, "main play", "attach {Kurzschwert} {Runenweber}", "end")
	eq(t, "Ausrüstung", s.defOf(id(t, s, "Schmiedegolem")), 3)
	do(t, s, "main play", "attach {Wut} {Runenweber}", "end")
	eq(t, "Eigenschaft", s.maxHP(id(t, s, "Gestaltwandler")), 5)
}

func TestZY_6_10_Gier(t *testing.T) {
	s := build(t, engine.Position{Seats: []engine.SeatPosition{
		seatPos(cards("Schatzdrache"), nil, nil), seatPos(cards("Bergriese", "Zynalithgolem"), nil, map[string]int{counterSilver: 30, counterZyn: 4})}}, nil)
	do(t, s, "main play", "play {Schatzdrache}")
	eq(t, "Gier on its own purchase", s.zyn[0], int16(4))
	do(t, s, "end", "main play", "play {Bergriese}")
	eq(t, "Gier on another player's purchase", s.zyn[0], int16(5))
	do(t, s, "end", "pass", "main play", "play {Zynalithgolem}")
	eq(t, "Gier on a 4-Zynalith card", s.zyn[0], int16(6))
}

func TestZY_6_11_Verteidigung(t *testing.T) {
	s := duel(t, cards("Sumpfratte"), []engine.CardSpec{defending("Eisenwächter")}, nil)
	s.hp[1] = 20
	s.combat()
	eq(t, "absorbed hit, then healed 2", s.hp[1], int16(22))
	s = duel(t, cards("Schattenklinge"), []engine.CardSpec{defending("Eisenwächter")}, nil)
	s.hp[1] = 20
	s.combat()
	eq(t, "Durchschlag: no Verteidigung", s.hp[1], int16(16))
}

func TestZY_6_14_DurchschlagOnEffects(t *testing.T) {
	s := build(t, engine.Position{Seats: []engine.SeatPosition{
		seatPos(cards("Blitzschlag"), []engine.CardSpec{{Card: "Sumpfratte", Attached: cards("Durchbohren")}}, nil),
		seatPos(nil, []engine.CardSpec{defending("Grubenwurm")}, nil)}}, nil)
	do(t, s, "main play", "attach {Blitzschlag} {Sumpfratte}")
	eq(t, "pierce from the creature", s.hp[1], int16(27))
}

func TestZY_10_15_PlayerLifesteal(t *testing.T) {
	s := build(t, engine.Position{Seats: []engine.SeatPosition{
		seatPos(cards("Blutritual", "Blitzschlag"), cards("Sumpfratte"), nil), seatPos(nil, nil, nil)}}, nil)
	do(t, s, "main play", "attach {Blutritual} {Sumpfratte}", "end", "pass")
	eq(t, "ritual cost 2 HP", s.hp[0], int16(28))
	do(t, s, "main play", "attach {Blitzschlag} {Sumpfratte}")
	eq(t, "damage to p2", s.hp[1], int16(27))
	eq(t, "heals p1", s.hp[0], int16(30))
}

func TestZY_7_1_LastAliveWins(t *testing.T) {
	s := duel(t, cards("Sumpfratte"), nil, nil)
	s.hp[1] = 1
	do(t, s, "pass", "pass")
	done, out := s.Terminal()
	if !done || out.Reason != "elimination" || !out.Winners.Has(0) || out.Winners.Len() != 1 {
		t.Fatalf("%v %v", done, out)
	}
	eq(t, "no one to move", s.ToMove(), engine.NoSeat)
}

func TestZY_7_1_EliminatedPlayerLeaves(t *testing.T) {
	s := build(t, engine.Position{Seats: []engine.SeatPosition{
		seatPos(nil, cards("Sumpfratte"), nil), seatPos(nil, cards("Grubenwurm"), nil), seatPos(cards("Heiler"), nil, map[string]int{counterHP: 1})}}, nil)
	s.combat()
	eq(t, "p3 out", s.alive[2], false)
	eq(t, "its hand discarded", zoneOf(s, id(t, s, "Heiler")), zDiscard)
	eq(t, "the game goes on", s.phase, phTurn)
}

func TestZY_7_2_MutualElimination(t *testing.T) {
	pos := engine.Position{Seats: []engine.SeatPosition{seatPos(cards("Sumpfratte"), nil, map[string]int{counterHP: 2}), seatPos(nil, nil, map[string]int{counterHP: 1})},
		Shared: map[string][]engine.CardSpec{zoneStackE: cards("Erdbeben", "Wut", "Wut", "Wut", "Wut", "Wut")}}
	s := build(t, pos, nil)
	do(t, s, "main redraw", "redraw extras {Sumpfratte}")
	done, out := s.Terminal()
	if !done || out.Reason != "mutual-elimination" || out.Winners.Len() != 2 {
		t.Fatalf("%v %v", done, out)
	}
}

func TestZY_7_3_ZY_10_12_Scoring(t *testing.T) {
	s := build(t, engine.Position{Seats: []engine.SeatPosition{
		seatPos(cards("Schatzdrache"), []engine.CardSpec{{Card: "Steinkoloss", Attached: cards("Ruhm")}}, map[string]int{counterSilver: 25, counterVP: 1}),
		seatPos(nil, nil, nil)}}, nil)
	eq(t, "front VP 2+2, effect VP 1, Zynalith 3, Silver 25/10", s.score(0), 10)
}

func TestZY_7_4_TieBreaks(t *testing.T) {
	s := build(t, engine.Position{Round: 5, Seats: []engine.SeatPosition{
		seatPos(nil, nil, map[string]int{counterHP: 10}), seatPos(nil, nil, map[string]int{counterHP: 11})}}, nil)
	s.gameEnd()
	_, out := s.Terminal()
	eq(t, "more HP wins a VP tie", out.Winners, engine.SeatSet(0).With(1))
	s = build(t, engine.Position{Round: 5, Seats: []engine.SeatPosition{
		seatPos(nil, nil, map[string]int{counterSilver: 9}), seatPos(nil, nil, map[string]int{counterSilver: 8})}}, nil)
	s.gameEnd()
	_, out = s.Terminal()
	eq(t, "then more Silver", out.Winners, engine.SeatSet(0).With(0))
	s = build(t, engine.Position{Round: 5, Seats: []engine.SeatPosition{seatPos(nil, nil, nil), seatPos(nil, nil, nil)}}, nil)
	s.gameEnd()
	_, out = s.Terminal()
	eq(t, "then a shared win", out.Winners.Len(), 2)
}

func TestZY_9_1_GesichtsloserKrieger(t *testing.T) {
	s := build(t, engine.Position{Seats: []engine.SeatPosition{
		seatPos(cards("Gesichtsloser Krieger"), []engine.CardSpec{{Card: "Hügeltroll", Attached: cards("Langschwert")}}, nil), seatPos(nil, nil, nil)}}, nil)
	do(t, s, "main play", "play {Gesichtsloser Krieger}")
	g := id(t, s, "Gesichtsloser Krieger")
	eq(t, "sits last (INIT 0)", s.row[0][1], g)
	eq(t, "copies printed ATK, not the sword", s.atkOf(g), 5)
	eq(t, "copies DEF", s.defOf(g), 2)
	eq(t, "copies HP", s.maxHP(g), 7)
	do(t, s, "end", "pass", "main banish", "banish {Hügeltroll}")
	eq(t, "with none to copy: 0/0/1", s.maxHP(g), 1)
	eq(t, "alive", zoneOf(s, g), zFront)
}

func TestZY_9_1_CopyIsContinuous(t *testing.T) {
	s := duel(t, []engine.CardSpec{{Card: "Hügeltroll"}, {Card: "Gesichtsloser Krieger", Counters: map[string]int{counterDamage: 2}}}, nil, nil)
	s.die(id(t, s, "Hügeltroll"))
	s.checkDeaths()
	eq(t, "2 damage with 1 HP to copy: it dies", zoneOf(s, id(t, s, "Gesichtsloser Krieger")), zDiscard)
}

func TestZY_9_2_DefenseByCost(t *testing.T) {
	f := []engine.CardSpec{defending("Sumpfratte"), defending("Steinkoloss"), defending("Bergriese")}
	s := duel(t, f, nil, map[string]string{"defense": "by-cost"})
	eq(t, "0 + 1 + 2", s.defense(0), 3)
	s = duel(t, f, nil, nil)
	eq(t, "per creature", s.defense(0), 3)
}

func TestZY_10_4_UnopposedDoesNothing(t *testing.T) {
	s := duel(t, cards("Sturmkrähe"), nil, map[string]string{"unopposed": "nothing"})
	s.combat()
	eq(t, "no direct hit", s.hp[1], int16(30))
}

func TestZY_10_14_NoDamageThroughDEF(t *testing.T) {
	s := duel(t, cards("Sumpfratte"), []engine.CardSpec{{Card: "Grubenwurm", Counters: map[string]int{counterDamage: 2}}}, nil)
	s.cards[id(t, s, "Sumpfratte")].atk = 2 // ATK 3 would beat Grubenwurm's 2 ATK ... keep equal DEF:
	s.cards[id(t, s, "Grubenwurm")].def = 2
	s.combat()
	eq(t, "ATK 3 vs DEF 3: no damage, no overflow", s.hp[1], int16(30))
	eq(t, "alive", zoneOf(s, id(t, s, "Grubenwurm")), zFront)
}

func TestZY_10_U1_StackReshuffle(t *testing.T) {
	pos := engine.Position{Seats: []engine.SeatPosition{seatPos(nil, nil, nil), seatPos(nil, nil, nil)},
		Shared: map[string][]engine.CardSpec{zoneDiscard: cards("Heiler", "Wut")}}
	s := build(t, pos, nil)
	do(t, s, "main take", "blind creatures")
	eq(t, "the discard was shuffled back and drawn", s.cards[id(t, s, "Heiler")].owner, int8(0))
	eq(t, "extras stay in the discard", zoneOf(s, id(t, s, "Wut")), zDiscard)
	if legal(t, s, "main take") {
		t.Error("nothing left to take")
	}
}

func TestZY_10_U2_Deterministic(t *testing.T) {
	a, _ := Game{}.New(engine.Setup{Game: "zynalith", Seats: 3, Seed: 77})
	b, _ := Game{}.New(engine.Setup{Game: "zynalith", Seats: 3, Seed: 77})
	eq(t, "same seed, same state", a.Hash(), b.Hash())
}

func TestZY_10_U4_RowsStayPacked(t *testing.T) {
	s := duel(t, cards("Sumpfratte", "Grubenwurm"), cards("Steinkoloss"), nil)
	s.combat()
	eq(t, "row packed after a death", s.rowN[0], int8(1))
	eq(t, "Grubenwurm moved up", s.row[0][0], id(t, s, "Grubenwurm"))
}

func TestZY_10_U6_HiddenHands(t *testing.T) {
	pos := engine.Position{Seats: []engine.SeatPosition{seatPos(cards("Heiler"), nil, nil), seatPos(nil, nil, nil)},
		Shared: map[string][]engine.CardSpec{zoneMarketC: cards("Orakel")}}
	s := build(t, pos, nil)
	do(t, s, "main take", "pick {Orakel}")
	hand := s.View(1).Player(0).Zone(zoneHand)
	eq(t, "count", hand.Count, 2)
	names := []string{}
	for _, c := range hand.Cards {
		names = append(names, c.Name)
	}
	eq(t, "p2 sees the card taken from the market and one back", strings.Join(names, ","), "Orakel,")
}

func TestEvaluate(t *testing.T) {
	s := duel(t, cards("Steinkoloss"), nil, nil)
	if a, b := s.Evaluate(0), s.Evaluate(1); a <= b || a+b < 0.99 || a+b > 1.01 {
		t.Errorf("evaluations %v %v", a, b)
	}
	s.hp[1] = 1
	do(t, s, "pass", "pass")
	eq(t, "the winner's evaluation", s.Evaluate(0), 1.0)
}

func TestDescribe(t *testing.T) {
	s := build(t, engine.Position{Seats: []engine.SeatPosition{seatPos(cards("Kurzschwert"), cards("Grubenwurm"), nil), seatPos(nil, nil, nil)}}, nil)
	do(t, s, "main play")
	a, _ := codec.Parse(expand(t, s, "attach {Kurzschwert} {Grubenwurm}"))
	got := s.Describe(a, 1)
	if !strings.HasPrefix(got, "Attach Kurzschwert (c") || !strings.Contains(got, "to Grubenwurm") {
		t.Errorf("Describe = %q", got)
	}
	eq(t, "blind", s.Describe(engine.Act(vBlind, 1), engine.NoSeat), "Take the top card of the extras stack blind")
}

func TestZY_5_9_WhoIsAskedDependsOnPublicFacts(t *testing.T) {
	pos := engine.Position{Seats: []engine.SeatPosition{
		seatPos(cards("Sumpfratte", "Grubenwurm"), nil, nil),
		seatPos(cards("Heiler"), nil, nil),
		seatPos(cards("Wut"), nil, nil),
		{Zones: map[string][]engine.CardSpec{zoneHand: {{Card: "Kurzschwert", Status: []string{"known"}}}}}},
		Shared: map[string][]engine.CardSpec{zoneDiscard: cards("Gegenzauber")}}
	s := build(t, pos, nil)
	do(t, s, "main play", "play {Sumpfratte}")
	// p2 holds only a creature and p4 only a card everyone saw taken: neither
	// can hold a counter. p3's hidden extra might be one: p3 is asked, and
	// having none, may only decline.
	eq(t, "asked", s.ToMove(), engine.Seat(2))
	eq(t, "only decline", len(s.Legal(nil)), 1)
	do(t, s, "decline")
	eq(t, "back to p1", s.ToMove(), engine.Seat(0))
}

func TestZY_3_3_ZY_4_4_EventsRevealedIntoTheMarket(t *testing.T) {
	pos := engine.Position{Phase: "draft", Seats: []engine.SeatPosition{seatPos(nil, nil, nil), seatPos(nil, nil, map[string]int{counterHP: 25})},
		Shared: map[string][]engine.CardSpec{
			zoneStackC: cards("Heiler", "Wanderzirkus", "Orakel", "Aasgeier", "Märtyrer", "Totengräber", "Hügeltroll"),
			zoneStackE: cards("Heilquelle", "Wut", "Kurzschwert", "Heilung", "Zoll", "Ruhm")}}
	s := build(t, pos, nil)
	s.refillMarket()
	eq(t, "Wanderzirkus executed", s.silver[0], int16(23))
	eq(t, "Heilquelle executed", s.hp[1], int16(28))
	eq(t, "events discarded", zoneOf(s, id(t, s, "Wanderzirkus"))+zoneOf(s, id(t, s, "Heilquelle")), 2*zDiscard)
	for st := range s.market {
		for i, m := range s.market[st] {
			if m < 0 {
				t.Errorf("market row %d slot %d is empty: events are replaced", st, i)
			}
		}
	}
}
