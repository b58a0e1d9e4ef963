package athernum

import (
	"testing"

	"kartenwerk/engine"
)

func TestAT4_4_EveningAndNightTriggersThenNextMorning(t *testing.T) {
	// AT-5.11: ending the Day leads to the Evening.
	// AT-4.4 Evening triggers only, no actions; AT-4.5 Night belongs to no
	// one; then the next player's Morning (AT-6.8 timing words).
	s := table(t, nil, `
active: p1
seats:
  - zones:
      main: [Tide Sovereign]
      characters: [Deep Scholar]
      location: [Doom Clock]
  - zones: {main: [Ember Warlord], deck: [Cinder Scout, Cinder Scout]}
`)
	s.do(t, "endday")
	if s.cards[s.id(t, "Deep Scholar")].vp != 1 {
		t.Fatal("AT-4.4: the Evening objective trigger resolved")
	}
	if s.pl[1].hand.n != 1 {
		t.Fatal("AT-4.5: the Night trigger made p2 draw")
	}
	if s.active != 1 || s.phase != phDay || s.turn != 3 || s.pl[1].cmd != 2 {
		t.Fatalf("the next player's turn begins: active p%d phase %s turn %d", s.active+1, phaseNames[s.phase], s.turn)
	}
}

func TestAT6_4_CommandAbilityCostsAToken(t *testing.T) {
	s := table(t, nil, `
active: p1
seats:
  - zones: {main: [Tide Sovereign], characters: [Harbor Captain]}
    counters: {command: 1, res.tide: 2}
  - zones: {main: [Ember Warlord]}
`)
	s.do(t, "activate {Harbor Captain} a1 c0 c0")
	if s.pl[0].cmd != 0 || s.pl[0].ready[fTide] != 1 {
		t.Fatal("AT-6.4: a Command ability costs 1 command token besides its cost")
	}
	s.passAll(t)
	if s.isLegal(t, "activate {Harbor Captain} a1 c0 c0") {
		t.Fatal("AT-6.4: no token, no Command ability")
	}
}

func TestAT5_14_CombatEndsWithoutAttackers(t *testing.T) {
	s := table(t, nil, `
active: p1
phase: combat
seats:
  - zones: {main: [{card: Ember Warlord, status: [exhausted]}], characters: [Cinder Scout]}
  - zones: {main: [Tide Sovereign]}
`)
	s.do(t, "attack {Cinder Scout} {Tide Sovereign}", "nodefend")
	if s.phase != phDay || s.isLegal(t, "combat") {
		t.Fatalf("AT-5.14: no ready attacker left: back to the Day for good, phase %s", phaseNames[s.phase])
	}
}

func TestAT10_U6_TurnLimit(t *testing.T) {
	// The rules have no turn limit: by default a game goes on past any
	// turn. The limit is an optional variant; reaching it is a draw.
	s := table(t, nil, "turn: 400\n"+duel[1:])
	s.do(t, "endday")
	if done, out := s.Terminal(); done || s.Turn() != 401 {
		t.Fatalf("AT-10.U6: by default turn 400 ends in turn %d, over %v (%s)", s.Turn(), done, out.Reason)
	}
	for _, limit := range []int{40, 200} {
		s := table(t, map[string]string{varTurnLimit: sprintf("%d", limit)}, sprintf("turn: %d\n", limit-1)+duel[1:])
		s.do(t, "endday")
		if done, _ := s.Terminal(); done {
			t.Fatalf("AT-10.U6: a limit of %d ends the game after turn %d", limit, limit-1)
		}
		s.do(t, "endday") // p2's turn, the last
		wantWinner(t, s, engine.NoSeat, "turn-limit")
	}
}

// AT-10.U6: with no limit in play, a game that reaches the last turn its
// counter can hold ends there as a drawn limit, rather than counting on
// from a negative turn.
func TestAT10_U6_NoGameOutlastsItsTurnCounter(t *testing.T) {
	s := table(t, nil, "turn: 32766\n"+duel[1:])
	s.do(t, "endday")
	if done, _ := s.Terminal(); done || s.Turn() != 32767 {
		t.Fatalf("turn 32766 ends in turn %d, over %v", s.Turn(), done)
	}
	s.do(t, "endday")
	wantWinner(t, s, engine.NoSeat, "turn-limit")
	if s.Turn() < 0 {
		t.Fatalf("the turn counter wrapped to %d", s.Turn())
	}
}

func TestAT10_U8_ReactionsInTheMorning(t *testing.T) {
	s := table(t, nil, `
active: p1
phase: morning
seats:
  - zones: {main: [Ember Warlord], characters: [Flamecaller]}
  - zones:
      main: [{card: Tide Sovereign, attached: [{card: Hidden Snare, status: [face-down]}]}]
`)
	if s.dec != decPriority || s.ToMove() != 1 || !s.isLegal(t, "reveal {Hidden Snare}") {
		t.Fatalf("AT-10.U8: p2 may respond to a Morning trigger: %v", s.legalText())
	}
}

func TestAT2_9_ResourceTokensAndPool(t *testing.T) {
	// AT-2.9, AT-2.10, AT-5.12, AT-10.U3: paying exhausts tokens, which stay
	// in the resource zone exhausted; the pool is spent first.
	s := table(t, nil, `
active: p1
seats:
  - zones: {main: [Ember Warlord], hand: [Pyre Champion]}
    counters: {res.ember: 1, res.tide: 2, pool.grove: 1}
  - zones: {main: [Tide Sovereign]}
`)
	s.do(t, "play {Pyre Champion}")
	p := &s.pl[0]
	if p.pool[fGrove] != 0 || p.ready[fEmber] != 0 || p.exh[fEmber] != 1 || p.exh[fTide] != 2 {
		t.Fatalf("AT-5.12: pool %v ready %v exhausted %v", p.pool, p.ready, p.exh)
	}
}
