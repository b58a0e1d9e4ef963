package athernum

import (
	"testing"

	"kartenwerk/engine"
)

const duel = `
active: p1
phase: day
seats:
  - zones:
      main: [Ember Warlord]
      deck: [Cinder Scout, Cinder Scout, Cinder Scout]
    counters: {command: 2}
  - zones:
      main: [Tide Sovereign]
      deck: [Mist Seer, Mist Seer, Mist Seer]
    counters: {command: 2}
`

func TestAT3_SetupStartCardsAndInitiative(t *testing.T) {
	// AT-2.1, AT-8.5: the start card comes from the 60-card deck, 53 are left
	// after it and 6 drawn.
	// AT-3.2 start card face down, hidden from others; AT-3.3 revealed at
	// once; AT-3.4/AT-10.1 lowest cost first; AT-3.5 hands of 6;
	// AT-7.1 the pool is the sum of the start cards' VP fields.
	for _, tc := range []struct {
		variant map[string]string
		first   engine.Seat
	}{{nil, 1}, {map[string]string{varInitiative: "high-first"}, 0}} {
		st, err := theGame.New(engine.Setup{Game: "athernum", Seats: 2, Seed: 3, Variant: tc.variant})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		pick := func(name string) {
			for _, a := range s.Legal(nil) {
				if s.def(a.Args[0]).name == name {
					s.do(t, codec.Format(a))
					return
				}
			}
			t.Fatalf("%s is not a start choice: %v", name, s.legalText())
		}
		// Seats get presets by seed: p1 starts with a cost-4 card, p2 a cost-3 one.
		choose := func(costWant int8) {
			for _, a := range s.Legal(nil) {
				if d := s.def(a.Args[0]); d.hasCost && d.cost == costWant {
					pick(d.name)
					return
				}
			}
			t.Fatalf("no start choice of cost %d: %v", costWant, s.legalText())
		}
		choose(4)
		if v := s.View(1); v.Players[0].Zone("main").Cards[0].Hidden != true && v.Players[0].Zone("location").Count == 0 {
			t.Fatalf("AT-3.2: p1's start card is visible to p2 before the reveal")
		}
		choose(3)
		if s.ToMove() != tc.first || s.active != int8(tc.first) {
			t.Errorf("AT-3.4 (%v): first player %v, want %v", tc.variant, s.ToMove(), tc.first)
		}
		for p := 0; p < 2; p++ {
			if s.pl[p].hand.n != 6 || s.pl[p].deck.n != 53 {
				t.Errorf("AT-3.5: p%d has %d in hand, %d in deck", p+1, s.pl[p].hand.n, s.pl[p].deck.n)
			}
			if s.cards[s.pl[p].main].faceDown() {
				t.Errorf("AT-3.3: start card still face down")
			}
		}
		if got := s.vpPool() + s.vpOf(0) + s.vpOf(1); got != int(s.g.pool.defs[s.pl[0].startDef].vp+s.g.pool.defs[s.pl[1].startDef].vp) {
			t.Errorf("AT-7.1: pool %d", got)
		}
		if s.pl[tc.first].cmd != 2 {
			t.Errorf("AT-3.6: the first player has %d command tokens", s.pl[tc.first].cmd)
		}
	}
}

func TestAT3_4_InitiativeTiesAndMultiplayerOrder(t *testing.T) {
	// AT-3.4, AT-10.20, AT-10.21: ascending initiative, ties by the RNG.
	firsts := map[int8]bool{}
	for seed := uint64(1); seed < 40; seed++ {
		st, _ := theGame.New(engine.Setup{Game: "athernum", Seats: 4, Seed: seed})
		s := st.(*State)
		for s.phase == phSetup {
			s.do(t, codec.Format(s.Legal(nil)[0]))
		}
		for i := 1; i < 4; i++ {
			if s.pl[s.order[i-1]].initiative > s.pl[s.order[i]].initiative {
				t.Fatalf("seed %d: order %v by initiative is not ascending", seed, s.order)
			}
		}
		if s.pl[0].initiative == s.pl[1].initiative {
			firsts[s.order[0]] = true
		}
	}
	if len(firsts) < 2 {
		t.Errorf("AT-10.21: ties always go the same way: %v", firsts)
	}
}

func TestAT4_1_MorningMarkersResourcesCommand(t *testing.T) {
	// AT-1.3: 2 command tokens a turn; AT-6.1, AT-10.16: a revealed card's
	// static ability goes on the stack once, then applies while the card is
	// face up.
	s := table(t, nil, `
active: p1
phase: morning
seats:
  - zones:
      main: [Ember Warlord]
      characters: [{card: Furnace Guard, counters: {exhaustion: 1}}, {card: Cinder Scout, counters: {exhaustion: 2}}]
      deck: [Kindle Mage]
    counters: {command: 0, exhausted.ember: 2}
  - zones:
      main: [Tide Sovereign]
      deck: [Mist Seer]
`)
	// The Furnace Guard turns face up: its static ability goes on the stack.
	g := s.id(t, "Furnace Guard")
	if s.cards[g].faceDown() || s.cards[g].exh != 0 {
		t.Fatalf("AT-4.1: one marker removed, none left: face up")
	}
	for _, x := range s.zs(s.pl[0].chars) {
		if s.def(x).name == "Cinder Scout" && (s.cards[x].exh != 1 || !s.cards[x].faceDown()) {
			t.Fatalf("AT-4.1/AT-10.15: two markers become one, still face down")
		}
	}
	if s.hist.deepest != 1 || s.cards[g].flags&fStaticOn == 0 {
		t.Fatalf("AT-5.17: the revealed card's static ability went on the stack and resolved")
	}
	if s.dfv(g) != 4 {
		t.Errorf("AT-5.16: static dfv +1 applies after resolving, dfv %d", s.dfv(g))
	}
	if s.pl[0].ready[fEmber] != 2 || s.pl[0].cmd != 2 || s.phase != phDay {
		t.Errorf("AT-4.1/AT-10.2: resources ready %d, command %d, phase %s", s.pl[0].ready[fEmber], s.pl[0].cmd, phaseNames[s.phase])
	}
	// AT-10.2 single-use: tokens stay exhausted.
	s = table(t, map[string]string{varResources: "single-use"}, `
active: p1
phase: morning
seats:
  - zones: {main: [Ember Warlord]}
    counters: {exhausted.ember: 2}
  - zones: {main: [Tide Sovereign]}
`)
	if s.pl[0].ready[fEmber] != 0 || s.pl[0].exh[fEmber] != 2 {
		t.Errorf("AT-10.2 single-use: tokens readied")
	}
}

func TestAT4_3_CombatOncePerTurnNotFirstTurn(t *testing.T) {
	// AT-5.10: going to combat is a Day action.
	s := table(t, nil, "turn: 1\n"+duel[1:])
	if s.isLegal(t, "combat") {
		t.Fatal("AT-4.3: combat in the first turn of the game")
	}
	s.refuse(t, "combat", "first turn")
	s = table(t, nil, duel)
	s.do(t, "combat", "endcombat")
	if s.phase != phDay {
		t.Fatalf("AT-4.3: leaving combat returns to the Day")
	}
	s.refuse(t, "combat", "one Combat phase")
	// AT-10.13 every-first-turn: a player's own first turn has no combat.
	s = table(t, map[string]string{varFirstTurn: "every-first-turn"}, duel)
	s.inFirst = true
	s.legalOK = false
	if s.isLegal(t, "combat") {
		t.Fatal("AT-10.13: combat in a player's first turn")
	}
}

func TestAT4_6_PoolEmptiesBetweenPhases(t *testing.T) {
	s := table(t, nil, `
active: p1
seats:
  - zones:
      main: [Grove Matriarch]
      characters: [Bloom Druid]
    counters: {command: 2}
  - zones: {main: [Tide Sovereign], characters: [Wave Binder]}
`)
	s.do(t, "activate {Bloom Druid} a1 c0 c0")
	s.passAll(t)
	if s.pl[0].pool[fGrove] != 2 {
		t.Fatalf("pool.grove %d, want 2", s.pl[0].pool[fGrove])
	}
	s.do(t, "combat")
	if s.pl[0].pool[fGrove] != 0 {
		t.Fatalf("AT-4.6: entering combat keeps the pool")
	}
}

func TestAT5_1to5_3_CommandTokenActions(t *testing.T) {
	// AT-4.2: the Day actions, taken in any order.
	s := table(t, nil, duel)
	s.do(t, "draw")
	if s.pl[0].cmd != 1 || s.pl[0].hand.n != 1 {
		t.Fatal("AT-5.1: draw costs 1 token and draws 1")
	}
	s.do(t, "resource ember")
	if s.pl[0].ready[fEmber] != 1 || s.pl[0].cmd != 0 {
		t.Fatal("AT-5.2: a ready resource of the main character's faction")
	}
	s.pl[0].cmd = 2
	s.legalOK = false
	s.refuse(t, "resource ember", "this turn already")
	s.refuse(t, "resource tide", "resource")
	s.do(t, "claim")
	if s.cards[s.pl[0].main].vp != 1 || s.pl[0].cmd != 0 {
		t.Fatal("AT-5.3: claim moves 1 VP onto the main character for 2 tokens")
	}
	s.pl[0].cmd = 2
	s.legalOK = false
	s.refuse(t, "claim", "this turn already")
	// AT-10.19: no draw by choice from an empty deck.
	s = table(t, nil, `
active: p1
seats:
  - zones: {main: [Ember Warlord]}
    counters: {command: 2}
  - zones: {main: [Tide Sovereign]}
`)
	s.refuse(t, "draw", "deck is empty")
}

func TestAT10_14_CommandCap(t *testing.T) {
	s := table(t, nil, `
active: p1
phase: morning
seats:
  - zones: {main: [Ember Warlord]}
    counters: {command: 2}
  - zones: {main: [Tide Sovereign]}
`)
	if s.pl[0].cmd != 2 {
		t.Fatalf("AT-10.14: %d command tokens after the Morning", s.pl[0].cmd)
	}
	if _, err := theGame.FromPosition(engine.Setup{}, engine.Position{Seats: []engine.SeatPosition{{Counters: map[string]int{"command": 3}}, {}}}); err == nil {
		t.Fatal("AT-2.13: 3 command tokens accepted")
	}
}

func TestAT5_4_PlayCharacter(t *testing.T) {
	// AT-2.18: a card of a faction needs a resource of that faction.
	s := table(t, nil, `
active: p1
seats:
  - zones:
      main: [Ember Warlord]
      hand: [Flame Adept, Blaze Herald, Tide Caller]
      characters: [Blaze Herald]
    counters: {res.tide: 3}
  - zones: {main: [Tide Sovereign]}
`)
	adept := s.id(t, "Flame Adept")
	s.refuse(t, "play {Flame Adept}", "one of its faction")
	s.pl[0].ready[fEmber] = 1
	s.legalOK = false
	for _, x := range s.zs(s.pl[0].hand) {
		if s.def(x).name == "Blaze Herald" && s.isLegal(t, "play c"+itoa(x)) {
			t.Fatal("AT-5.4: a second Blaze Herald (VP field) while one is in play")
		}
	}
	s.do(t, "play c"+itoa(adept))
	if s.hist.deepest != 1 {
		t.Fatal("AT-5.15: a played card goes on the stack")
	}
	s.passAll(t)
	if s.cards[adept].zone != zChars || s.pl[0].ready[fEmber] != 0 {
		t.Fatal("AT-5.4: the character enters, paid with the ember token")
	}
}

func itoa(x int16) string { return engine.Seat(x - 1).String()[1:] }

func TestAT2_4_FiveCharacterSlots(t *testing.T) {
	s := table(t, nil, `
active: p1
seats:
  - zones:
      main: [Ember Warlord]
      characters: [Cinder Scout, Kindle Mage, Spark Courier, Furnace Guard, Cinder Witch]
      hand: [Flame Adept]
    counters: {res.ember: 3}
  - zones: {main: [Tide Sovereign]}
`)
	s.refuse(t, "play {Flame Adept}", "no free character slot")
}

func TestAT5_5_ItemsFaceUpAndDown(t *testing.T) {
	// AT-2.17: items without a cost field are attached with no resources;
	// AT-2.23: a character carries as many items as its item slots.
	s := table(t, nil, `
active: p1
seats:
  - zones:
      main: [Ember Warlord]
      characters: [Cinder Scout]
      hand: [Iron Blade, Hidden Snare, Tower Shield]
  - zones: {main: [Tide Sovereign], characters: [Wave Binder]}
`)
	w := s.id(t, "Ember Warlord")
	if s.isLegal(t, "attach {Iron Blade} {Cinder Scout} up") {
		t.Fatal("AT-2.7: Cinder Scout has no item slot")
	}
	s.do(t, "attach {Iron Blade} {Ember Warlord} up")
	s.passAll(t)
	if s.ofv(w) != 5 { // 3, +1 its own static on allies, +1 the blade
		t.Fatalf("AT-6.7: equip ofv +1, got %d", s.ofv(w))
	}
	s.do(t, "attach {Hidden Snare} {Ember Warlord} down")
	v := s.View(1)
	att := v.Players[0].Zone("main").Cards[0].Attached
	if len(att) != 2 || !att[1].Hidden || att[1].ID != -1 {
		t.Fatalf("AT-5.5: a face-down item is hidden from others: %+v", att)
	}
	if own := s.View(0).Players[0].Zone("main").Cards[0].Attached[1]; own.Name != "Hidden Snare" {
		t.Fatal("AT-5.5: the controller sees their face-down item")
	}
	if s.isLegal(t, "attach {Tower Shield} {Ember Warlord} up") {
		t.Fatal("AT-2.7: two slots, two items")
	}
}

func TestAT5_24_RevealInOpponentsTurn(t *testing.T) {
	// AT-5.9: revealing a face-down item is an action of its own.
	s := table(t, nil, `
active: p1
seats:
  - zones:
      main: [Ember Warlord]
      characters: [Flame Adept]
    counters: {res.ember: 1}
  - zones:
      main: [{card: Tide Sovereign, attached: [{card: Hidden Snare, status: [face-down]}]}]
      characters: [Wave Binder]
`)
	s.do(t, "activate {Flame Adept} a1 {Wave Binder} c0")
	if s.ToMove() != 1 || !s.isLegal(t, "reveal {Hidden Snare}") {
		t.Fatalf("AT-5.24: p2 may reveal a face-down item when holding priority: %v", s.legalText())
	}
	s.do(t, "reveal {Hidden Snare}", "trigger {Hidden Snare} a1 {Ember Warlord}")
	s.passAll(t)
	if s.cards[s.id(t, "Ember Warlord")].dmg != 2 || s.cards[s.id(t, "Wave Binder")].dmg != 2 {
		t.Fatal("AT-5.17: the revealed item's trigger and the first ability both resolved")
	}
}

func TestAT5_13_CombatInterceptAndExhaust(t *testing.T) {
	// AT-2.24: OFV is the damage a combatant deals.
	pos := `
active: p1
phase: combat
seats:
  - zones:
      main: [Ember Warlord]
      characters: [Pyre Champion]
  - zones:
      main: [Tide Sovereign]
      characters: [Wave Binder, Coral Warden]
`
	// No defender: the target is the combatant, discarded over its DFV.
	s := table(t, nil, pos)
	champ, binder := s.id(t, "Pyre Champion"), s.id(t, "Wave Binder")
	s.do(t, "attack {Pyre Champion} {Wave Binder}")
	if s.ToMove() != 1 || s.dec != decDefend {
		t.Fatal("AT-5.13: the target's controller may name a defender")
	}
	s.do(t, "nodefend")
	// Warlord's static (+1 OFV to allies) is on: 5 damage to the binder.
	if s.cards[binder].zone != zDiscard {
		t.Fatalf("AT-5.13/AT-10.3: Wave Binder took %d, not discarded", s.cards[binder].dmg)
	}
	if s.cards[champ].dmg != 1 || !s.cards[champ].faceDown() || s.cards[champ].exh != 1 {
		t.Fatal("AT-5.13: simultaneous damage, then the attacker is exhausted")
	}
	// Its attack trigger (1 damage to each opposing character) follows.
	s.passAll(t)
	if s.cards[s.id(t, "Tide Sovereign")].dmg != 1 {
		t.Fatal("AT-6.2: the attack trigger resolved")
	}
	// A defender intercepts (AT-10.4 intercept).
	s = table(t, nil, pos)
	s.do(t, "attack {Pyre Champion} {Wave Binder}", "defend {Coral Warden}")
	warden := s.id(t, "Coral Warden")
	if s.cards[s.id(t, "Wave Binder")].zone != zChars || s.cards[warden].zone != zDiscard {
		t.Fatal("AT-10.4: the defender replaces the target")
	}
	// AT-10.4 join: the defender takes the blow, both strike back.
	s = table(t, map[string]string{varDefender: "join"}, pos)
	s.do(t, "attack {Pyre Champion} {Wave Binder}", "defend {Tide Sovereign}")
	if s.cards[s.id(t, "Pyre Champion")].dmg != 3 || !s.cards[s.id(t, "Wave Binder")].faceDown() {
		t.Fatalf("AT-10.4 join: attacker took %d", s.cards[s.id(t, "Pyre Champion")].dmg)
	}
	// AT-10.4 defender-only: an undefended target stays face up, a named
	// defender is exhausted.
	s = table(t, map[string]string{varExhaust: "defender-only"}, pos)
	s.do(t, "attack {Pyre Champion} {Tide Sovereign}", "nodefend")
	if s.cards[s.id(t, "Tide Sovereign")].exh != 1 {
		// only the main character reset exhausts it (5 > 4)
		t.Fatalf("AT-5.20: main reset markers %d", s.cards[s.id(t, "Tide Sovereign")].exh)
	}
	s = table(t, map[string]string{varExhaust: "defender-only"}, pos)
	s.do(t, "attack {Ember Warlord} {Coral Warden}", "nodefend")
	if w := s.cards[s.id(t, "Coral Warden")]; w.zone != zChars || w.faceDown() {
		t.Fatal("AT-10.4 defender-only: the undefended target was exhausted")
	}
	s = table(t, map[string]string{varExhaust: "defender-only"}, pos)
	s.do(t, "attack {Ember Warlord} {Tide Sovereign}", "defend {Tide Sovereign}")
	if !s.cards[s.id(t, "Tide Sovereign")].faceDown() {
		t.Fatal("AT-10.4 defender-only: a named defender is exhausted")
	}
}

func TestAT5_20_MainCharacterReset(t *testing.T) {
	s := table(t, nil, `
active: p1
phase: combat
seats:
  - zones: {main: [Tide Sovereign], characters: [Ember Tyrant]}
  - zones: {main: [Ember Warlord]}
`)
	w := s.id(t, "Ember Warlord")
	s.do(t, "attack {Ember Tyrant} {Ember Warlord}", "nodefend")
	c := s.cards[w]
	if c.zone != zMain || c.dmg != 0 || c.exh != 2 || !c.faceDown() {
		t.Fatalf("AT-5.20: main character zone %s dmg %d exh %d", zoneNames[c.zone], c.dmg, c.exh)
	}
	// AT-5.21: face down, it strikes back with 0 and cannot defend.
	s = table(t, nil, `
active: p1
phase: combat
seats:
  - zones: {main: [Tide Sovereign], characters: [Ember Tyrant]}
  - zones: {main: [{card: Ember Warlord, status: [exhausted]}]}
`)
	s.do(t, "attack {Ember Tyrant} {Ember Warlord}")
	if s.cards[s.id(t, "Ember Tyrant")].dmg != 0 {
		t.Fatal("AT-5.21: a face-down combatant deals no damage")
	}
	if s.cards[s.id(t, "Ember Warlord")].dmg != 5 {
		t.Fatal("AT-5.13: a face-down character is not checked against its DFV")
	}
}

func TestAT10_3_Threshold(t *testing.T) {
	// AT-2.25: DFV is the damage a character can take.
	pos := `
active: p1
phase: combat
seats:
  - zones: {main: [Tide Sovereign], characters: [Pyre Champion]}
  - zones: {main: [{card: Ember Warlord, status: [exhausted]}], characters: [Coral Warden]}
`
	s := table(t, nil, pos)
	s.do(t, "attack {Pyre Champion} {Coral Warden}", "nodefend")
	if s.cards[s.id(t, "Coral Warden")].zone != zChars {
		t.Fatal("AT-10.3 exceed: 4 damage on DFV 4 stays")
	}
	s = table(t, map[string]string{varThreshold: "reach"}, pos)
	s.do(t, "attack {Pyre Champion} {Coral Warden}", "nodefend")
	if s.cards[s.id(t, "Coral Warden")].zone != zDiscard {
		t.Fatal("AT-10.3 reach: 4 damage on DFV 4 discards")
	}
}

// threeSeats is a table of three where p1 and p2 each have an ability to
// pay for and p1 and p3 a face-down item.
const threeSeats = `
active: p1
seats:
  - zones: {main: [{card: Ember Warlord, attached: [{card: Tower Shield, status: [face-down]}]}], characters: [Flame Adept]}
    counters: {res.ember: 1}
  - zones:
      main: [Tide Sovereign]
      characters: [Wave Binder, Coral Warden]
    counters: {res.tide: 1}
  - zones:
      main: [{card: Grove Matriarch, attached: [{card: Iron Blade, status: [face-down]}]}]
`

func TestAT5_15_PriorityOrderAndLIFO(t *testing.T) {
	// AT-2.15: the shared effect stack resolves last in, first out.
	s := table(t, nil, threeSeats)
	s.do(t, "activate {Flame Adept} a1 {Wave Binder} c0")
	order := []engine.Seat{}
	order = append(order, s.ToMove())
	s.do(t, "pass")
	order = append(order, s.ToMove())
	if order[0] != 0 || order[1] != 1 {
		t.Fatalf("AT-5.15: priority %v, want p1 then p2", order)
	}
	s.do(t, "activate {Coral Warden} a1 {Wave Binder} c0")
	if s.ToMove() != 0 || s.sn != 2 {
		t.Fatal("AT-5.15: a new item gives the active player priority again")
	}
	s.do(t, "pass") // p2 has nothing left to respond with: its pass is taken
	if s.ToMove() != 2 {
		t.Fatalf("AT-5.15: p3 gets priority after p2, got %v", s.ToMove())
	}
	s.do(t, "pass")
	if s.sn != 0 || s.cards[s.id(t, "Wave Binder")].dmg != 2 {
		t.Fatalf("AT-5.15: LIFO: heal first, then 2 damage; got %d", s.cards[s.id(t, "Wave Binder")].dmg)
	}
}

func TestAT5_19_TriggerOrderActiveFirst(t *testing.T) {
	s := table(t, nil, `
active: p1
phase: combat
seats:
  - zones: {main: [Tide Sovereign], characters: [{card: Cinder Witch, counters: {damage: 2}}]}
  - zones:
      main: [Ember Warlord]
      characters: [{card: Fogweaver, counters: {damage: 2}}, Wave Binder]
      deck: [Mist Seer]
`)
	s.do(t, "attack {Cinder Witch} {Fogweaver}", "nodefend")
	if s.ToMove() != 0 || s.dec != decTrigger {
		t.Fatalf("AT-5.19: the active player orders (targets) their trigger first; to move %v dec %d", s.ToMove(), s.dec)
	}
	s.do(t, "trigger {Cinder Witch} a1 {Wave Binder}")
	if s.hist.deepest != 2 {
		t.Fatal("AT-5.19: both triggers went on one stack")
	}
	if s.pl[1].hand.n != 1 || s.cards[s.id(t, "Wave Binder")].dmg != 2 {
		t.Fatal("AT-5.23: both leave triggers resolved after the cards were discarded")
	}
}

func TestAT5_22_TargetGoneFizzles(t *testing.T) {
	// AT-6.9: a banished card goes to the Void.
	s := table(t, nil, `
active: p1
seats:
  - zones: {main: [Ember Warlord], characters: [Flame Adept], extra: [Void Herald]}
    counters: {res.ember: 7}
  - zones: {main: [Tide Sovereign], characters: [Wave Binder]}
`)
	s.do(t, "play {Void Herald}")
	s.passAll(t)
	s.do(t, "activate {Flame Adept} a1 {Wave Binder} c0", "activate {Void Herald} a1 {Wave Binder} c0")
	s.passAll(t)
	b := s.cards[s.id(t, "Wave Binder")]
	if b.zone != zVoid || b.dmg != 0 {
		t.Fatalf("AT-5.22/AT-10.17: banished first, the damage does nothing; zone %s", zoneNames[b.zone])
	}
	// AT-5.20: the main character cannot be banished.
	s.do(t, "endday")
}

func TestAT10_12_OneSupportAtATime(t *testing.T) {
	s := table(t, nil, `
active: p1
seats:
  - zones: {main: [{card: Ember Warlord, attached: [{card: Iron Blade, status: [face-down]}]}], hand: [Kindle Mage, Spark Courier]}
    counters: {res.ember: 3}
  - zones: {main: [Tide Sovereign], characters: [Wave Binder]}
`)
	s.do(t, "support {Kindle Mage} a1 {Wave Binder} c0")
	if s.cards[s.id(t, "Kindle Mage")].zone != zDiscard {
		t.Fatal("AT-6.6: the Support card is discarded as it is activated")
	}
	s.refuse(t, "support {Spark Courier} a1 c0 c0", "already on the stack")
	s.passAll(t)
	if s.cards[s.id(t, "Wave Binder")].dmg != 2 {
		t.Fatal("AT-5.8: the Support resolved")
	}
}

// nearSuperiority is a duel that p1 wins by point superiority with one
// more VP claimed (AT-7.2).
const nearSuperiority = `
active: p1
seats:
  - zones:
      main: [{card: Ember Warlord, counters: {vp: 2}}]
      location: [{card: Ancient Battlefield, counters: {vp: 5}}]
    counters: {command: 2}
  - zones: {main: [{card: Tide Sovereign, counters: {vp: 3}}]}
`

func TestAT7_2_PointSuperiority(t *testing.T) {
	// AT-1.2, AT-2.14, AT-2.21: point superiority wins; the VP pool and the VP
	// fields as capacities decide it.
	s := table(t, nil, nearSuperiority)
	// 7 > 3 + pool 5? no. After the claim: 8 > 3 + 4.
	if done, _ := s.Terminal(); done {
		t.Fatal("AT-7.2: no superiority yet")
	}
	s.do(t, "claim")
	wantWinner(t, s, 0, "superiority")
	// 3 players: every opponent must be beaten.
	s = table(t, nil, `
active: p1
seats:
  - zones:
      main: [{card: Ember Warlord, counters: {vp: 2}}]
      location: [{card: Ancient Battlefield, counters: {vp: 5}}]
    counters: {command: 2}
  - zones: {main: [{card: Tide Sovereign, counters: {vp: 3}}]}
  - zones: {main: [{card: Grove Matriarch, counters: {vp: 5}}]}
`)
	s.do(t, "claim")
	if done, _ := s.Terminal(); done {
		t.Fatal("AT-7.2: 8 does not exceed p3's 5 + pool 4")
	}
}

func TestAT7_3_ObjectiveWin(t *testing.T) {
	// AT-1.2: an Objective held wins.
	pos := `
active: p1
phase: morning
seats:
  - zones: {main: [Tide Sovereign], characters: [%s]}
  - zones: {main: [Ember Warlord]}
`
	s := table(t, nil, sprintf(pos, "{card: Root Keeper, counters: {vp: 5}}"))
	wantWinner(t, s, 0, "objective")
	// AT-10.11: face down it has no Objective.
	s = table(t, nil, sprintf(pos, "{card: Root Keeper, counters: {vp: 6, exhaustion: 2}}"))
	if done, _ := s.Terminal(); done {
		t.Fatal("AT-10.11: a face-down objective character won")
	}
}

func TestAT7_4_DeckOutByForcedDraw(t *testing.T) {
	// AT-1.2: a player who must draw from an empty deck loses.
	s := table(t, nil, `
active: p1
seats:
  - zones: {main: [Tide Sovereign], hand: [Salt Oracle]}
    counters: {res.tide: 2}
  - zones: {main: [Ember Warlord], deck: [Cinder Scout, Cinder Scout]}
`)
	s.do(t, "support {Salt Oracle} a1 c0 c0")
	s.passAll(t)
	wantWinner(t, s, 0, "deck-out")
}

func TestAT7_5_EffectWin(t *testing.T) {
	// AT-1.2: a card effect wins the game.
	s := table(t, nil, `
active: p1
seats:
  - zones: {main: [Tide Sovereign], characters: [{card: Ascended Emperor, counters: {vp: 3}}]}
    counters: {command: 1}
  - zones: {main: [Ember Warlord]}
`)
	s.do(t, "activate {Ascended Emperor} a3 c0 c0")
	s.passAll(t)
	wantWinner(t, s, 0, "effect")
}

func TestAT7_5_LossBeatsWin(t *testing.T) {
	p, err := loadPool(map[string][]byte{"test.yaml": []byte(`
cards:
  - {name: Hero, type: character, faction: ember, cost: 1, vp: 3, ofv: 1, dfv: 2}
  - name: Pact of Ruin
    type: character
    cost: 1
    ofv: 1
    dfv: 1
    abilities: ["activated {exhaust}: win, lose"]
`)})
	if err != nil {
		t.Fatal(err)
	}
	g := &Game{pool: p}
	s := tableOf(t, g, nil, `
active: p1
seats:
  - zones: {main: [Hero], characters: [Pact of Ruin]}
  - zones: {main: [Hero]}
`)
	s.do(t, "activate {Pact of Ruin} a1 c0 c0")
	s.passAll(t)
	wantWinner(t, s, 1, "effect")
}

func TestAT7_6_SimultaneousWinsDraw(t *testing.T) {
	s := table(t, nil, `
active: p1
seats:
  - zones: {main: [Tide Sovereign], characters: [{card: Root Keeper, counters: {vp: 6}}]}
  - zones: {main: [Ember Warlord], characters: [{card: Blaze Herald, counters: {vp: 6}}]}
`)
	wantWinner(t, s, engine.NoSeat, "objective")
}

func TestAT5_6_LocationOncePerTurn(t *testing.T) {
	// AT-2.6, AT-5.25: one location slot a player; a new location discards the
	// old.
	s := table(t, nil, `
active: p1
seats:
  - zones:
      main: [Ember Warlord]
      location: [{card: Ruined Watchtower, counters: {vp: 1}}]
      hand: [Doom Clock, Market Square]
  - zones: {main: [Tide Sovereign]}
`)
	old := s.id(t, "Ruined Watchtower")
	s.do(t, "play {Doom Clock}")
	s.passAll(t)
	if s.cards[old].zone != zDiscard || s.pl[0].loc != s.id(t, "Doom Clock") {
		t.Fatal("AT-5.6: the old location is discarded first")
	}
	if s.vpPool() != 5+2+5 {
		t.Fatalf("AT-7.1: the pool follows cards in play, got %d", s.vpPool())
	}
	s.refuse(t, "play {Market Square}", "one location per turn")
}

func TestAT5_12_ExhaustCostTurnsFaceDown(t *testing.T) {
	// AT-1.3, AT-5.7, AT-6.3: an activated ability, every cost paid at once;
	// exhausting turns the card face down.
	s := table(t, nil, `
active: p1
seats:
  - zones: {main: [Ember Warlord], characters: [Flame Adept]}
    counters: {res.ember: 2}
  - zones: {main: [Tide Sovereign]}
`)
	s.do(t, "activate {Flame Adept} a1 {Tide Sovereign} c0")
	a := s.cards[s.id(t, "Flame Adept")]
	if !a.faceDown() || a.exh != 1 || s.pl[0].ready[fEmber] != 1 || s.pl[0].exh[fEmber] != 1 {
		t.Fatal("AT-5.12: exhaust cost and 1 resource paid at once")
	}
	s.passAll(t)
	if s.cards[s.id(t, "Tide Sovereign")].dmg != 2 {
		t.Fatal("AT-5.23: the ability resolves although its source is face down")
	}
	s.refuse(t, "activate {Flame Adept} a1 {Tide Sovereign} c0", "face down")
}

func TestExtraDeckPlays(t *testing.T) {
	// AT-2.2, AT-10.U5: Extra-deck cards with no timing printed play like
	// hand cards (that they are never drawn: TestAT2_2_ExtraDeckIsNeverDrawn).
	s := table(t, nil, `
active: p1
seats:
  - zones: {main: [Ember Warlord], extra: [Void Herald]}
    counters: {res.ember: 3, command: 2}
  - zones: {main: [Tide Sovereign]}
`)
	s.do(t, "play {Void Herald}")
	s.passAll(t)
	if s.cards[s.id(t, "Void Herald")].zone != zChars {
		t.Fatal("the Extra-deck character entered")
	}
}
