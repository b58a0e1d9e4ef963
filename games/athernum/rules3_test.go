package athernum

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"kartenwerk/engine"
)

func TestAT4_4_EveningAndNightTriggersThenNextMorning(t *testing.T) {
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

// digestIDs are the rule ids of the digest (AT-1 to AT-10).
var digestIDs = strings.Fields(`AT-1.1 AT-1.2 AT-1.3 AT-2.1 AT-2.2 AT-2.3 AT-2.4 AT-2.5 AT-2.6 AT-2.7 AT-2.8 AT-2.9
AT-2.10 AT-2.11 AT-2.12 AT-2.13 AT-2.14 AT-2.15 AT-2.16 AT-2.17 AT-2.18 AT-2.19 AT-2.20 AT-2.21 AT-2.22 AT-2.23
AT-2.24 AT-2.25 AT-3.1 AT-3.2 AT-3.3 AT-3.4 AT-3.5 AT-3.6 AT-4.1 AT-4.2 AT-4.3 AT-4.4 AT-4.5 AT-4.6 AT-4.7
AT-5.1 AT-5.2 AT-5.3 AT-5.4 AT-5.5 AT-5.6 AT-5.7 AT-5.8 AT-5.9 AT-5.10 AT-5.11 AT-5.12 AT-5.13 AT-5.14 AT-5.15
AT-5.16 AT-5.17 AT-5.18 AT-5.19 AT-5.20 AT-5.21 AT-5.22 AT-5.23 AT-5.24 AT-5.25 AT-6.1 AT-6.2 AT-6.3 AT-6.4
AT-6.5 AT-6.6 AT-6.7 AT-6.8 AT-6.9 AT-7.1 AT-7.2 AT-7.3 AT-7.4 AT-7.5 AT-7.6 AT-8.1 AT-8.2 AT-8.3 AT-8.4 AT-8.5
AT-8.6 AT-8.7 AT-9.1 AT-10.1 AT-10.2 AT-10.3 AT-10.4 AT-10.5 AT-10.6 AT-10.7 AT-10.8 AT-10.9 AT-10.10 AT-10.11
AT-10.12 AT-10.13 AT-10.14 AT-10.15 AT-10.16 AT-10.17 AT-10.18 AT-10.19 AT-10.20 AT-10.21 AT-10.U1 AT-10.U2
AT-10.U3 AT-10.U4 AT-10.U5 AT-10.U6 AT-10.U7 AT-10.U8`)

// coveredBy names, for rules no test cites by id, the test that checks
// them, or why none can.
var coveredBy = map[string]string{
	"AT-1.1":   "TestAT3_SetupStartCardsAndInitiative, TestDeckErrors (60 cards, 2-4 seats)",
	"AT-1.2":   "TestAT7_2_PointSuperiority, TestAT7_3_ObjectiveWin, TestAT7_4_DeckOutByForcedDraw, TestAT7_5_EffectWin",
	"AT-1.3":   "summary of the rules below; each part has its own test",
	"AT-2.1":   "TestAT3_SetupStartCardsAndInitiative (53 cards left after the start card and 6 drawn)",
	"AT-2.6":   "TestAT5_6_LocationOncePerTurn (one location slot)",
	"AT-2.8":   "TestAT5_21_FaceDownViewKeepsOnlyIdentity (markers shown on cards)",
	"AT-2.14":  "TestAT7_2_PointSuperiority, TestAT5_6_LocationOncePerTurn (pool follows cards in play)",
	"AT-2.15":  "TestAT5_15_PriorityOrderAndLIFO",
	"AT-2.16":  "TestBrokenCardFiles (duplicate names), TestDeckErrors (copies by name)",
	"AT-2.17":  "TestAT5_5_ItemsFaceUpAndDown (free items), TestAT5_4_PlayCharacter (costs)",
	"AT-2.18":  "TestAT5_4_PlayCharacter (faction resource), TestAT10_8_LocationStart (factionless)",
	"AT-2.19":  "TestCardPoolCoverage (every ability kind, generated text)",
	"AT-2.20":  "TestBrokenCardFiles (card types)",
	"AT-2.21":  "TestAT7_2_PointSuperiority (VP fields as capacity)",
	"AT-2.22":  "TestAT10_12_OneSupportAtATime",
	"AT-2.23":  "TestAT5_5_ItemsFaceUpAndDown (item slots)",
	"AT-2.24":  "TestAT5_13_CombatInterceptAndExhaust (OFV damage)",
	"AT-2.25":  "TestAT10_3_Threshold (DFV)",
	"AT-4.2":   "TestAT5_1to5_3_CommandTokenActions (Day actions), TestAT4_4_EveningAndNightTriggersThenNextMorning (Day ends)",
	"AT-4.7":   "TestAT4_4_EveningAndNightTriggersThenNextMorning (no draw step: hand unchanged by the turn change)",
	"AT-5.7":   "TestAT5_12_ExhaustCostTurnsFaceDown",
	"AT-5.9":   "TestAT5_24_RevealInOpponentsTurn",
	"AT-5.10":  "TestAT4_3_CombatOncePerTurnNotFirstTurn",
	"AT-5.11":  "TestAT4_4_EveningAndNightTriggersThenNextMorning",
	"AT-5.25":  "TestAT5_6_LocationOncePerTurn",
	"AT-6.1":   "TestAT4_1_MorningMarkersResourcesCommand (static on while face up)",
	"AT-6.3":   "TestAT5_12_ExhaustCostTurnsFaceDown",
	"AT-6.9":   "TestAT5_22_TargetGoneFizzles (banish to the Void)",
	"AT-8.5":   "TestAT3_SetupStartCardsAndInitiative (start choices come from the deck)",
	"AT-8.6":   "TestDeckErrors (the presets mix factionless cards; no faction problem exists)",
	"AT-9.1":   "TestCardPoolCoverage (the card data format covers every field)",
	"AT-10.16": "TestAT4_1_MorningMarkersResourcesCommand",
	"AT-10.U1": "TestBrokenCardFiles (factions are data), TestCardPoolCoverage",
	"AT-10.U3": "TestAT2_9_ResourceTokensAndPool",
	"AT-10.U4": "TestAT10_8_LocationStart uses a location; Ruined Watchtower prints a slot: forHosts offers it",
}

func TestEveryRuleIDIsCited(t *testing.T) {
	var text strings.Builder
	files, _ := filepath.Glob("*_test.go")
	more, _ := filepath.Glob("testdata/scenarios/*.yaml")
	for _, f := range append(files, more...) {
		if f == "rules3_test.go" {
			continue
		}
		b, _ := os.ReadFile(f)
		text.Write(b)
	}
	all := text.String()
	src := regexp.MustCompile(`func (Test\w+)`).FindAllStringSubmatch(all, -1)
	tests := map[string]bool{}
	for _, m := range src {
		tests[m[1]] = true
	}
	b, _ := os.ReadFile("rules3_test.go")
	for _, m := range regexp.MustCompile(`func (Test\w+)`).FindAllStringSubmatch(string(b), -1) {
		tests[m[1]] = true
	}
	all += string(b[:strings.Index(string(b), "// digestIDs")])
	for _, id := range digestIDs {
		under := "AT" + strings.ReplaceAll(strings.TrimPrefix(id, "AT-"), ".", "_") + "_"
		if regexp.MustCompile(regexp.QuoteMeta(id)+`\b`).MatchString(all) || strings.Contains(all, under) {
			continue
		}
		why, ok := coveredBy[id]
		if !ok {
			t.Errorf("%s: no test cites it", id)
			continue
		}
		if name, _, _ := strings.Cut(why, " "); strings.HasPrefix(name, "Test") && !tests[strings.TrimSuffix(name, ",")] {
			t.Errorf("%s: covered by %s, which does not exist", id, name)
		}
	}
}
