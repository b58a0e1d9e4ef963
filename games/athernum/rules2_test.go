package athernum

import (
	"testing"

	"kartenwerk/engine"
)

func TestAT7_4_MultiplayerElimination(t *testing.T) {
	// AT-7.4, AT-10.20: in a 3-player game a player who decks out is out,
	// and the game goes on without them.
	s := table(t, nil, `
active: p1
seats:
  - zones: {main: [Tide Sovereign], hand: [Salt Oracle]}
    counters: {res.tide: 2}
  - zones: {main: [Ember Warlord], deck: [Cinder Scout]}
  - zones: {main: [Grove Matriarch], deck: [Sapling Sprite, Sapling Sprite, Sapling Sprite, Sapling Sprite]}
`)
	s.do(t, "support {Salt Oracle} a1 c0 c0")
	s.passAll(t)
	if done, _ := s.Terminal(); done {
		t.Fatal("the game ended with two players left")
	}
	v := s.View(engine.NoSeat)
	if !v.Players[1].Out || v.Players[1].Zone("main").Count != 0 {
		t.Fatal("p2 is out and its cards left play")
	}
	if s.next(0) != 2 {
		t.Fatal("turn order skips the player who is out")
	}
	s.do(t, "endday")
	if s.active != 2 {
		t.Fatalf("p3 takes the next turn, not %v", s.active)
	}
}

func TestAT10_8_LocationStart(t *testing.T) {
	// AT-2.5, AT-10.8: with a start location, resources of any faction (it
	// has none) and VP claimed onto it.
	s := table(t, nil, `
active: p1
seats:
  - zones: {location: [Ancient Battlefield]}
    counters: {command: 2}
  - zones: {main: [Tide Sovereign]}
`)
	for _, f := range []string{"resource ember", "resource tide", "resource grove", "claim"} {
		if !s.isLegal(t, f) {
			t.Errorf("%s not legal with a start location: %v", f, s.legalText())
		}
	}
	s.do(t, "claim")
	if s.cards[s.id(t, "Ancient Battlefield")].vp != 1 {
		t.Fatal("the claimed VP is on the start location")
	}
}

func TestAT10_5_AttackOnlyOpposingCharacters(t *testing.T) {
	s := table(t, nil, `
active: p1
phase: combat
seats:
  - zones: {main: [Ember Warlord], characters: [Cinder Scout]}
  - zones: {main: [Tide Sovereign], location: [Doom Clock]}
`)
	s.refuse(t, "attack {Cinder Scout} {Doom Clock}", "AT-10.5")
	s.refuse(t, "attack {Cinder Scout} {Ember Warlord}", "AT-10.5")
	if !s.isLegal(t, "attack {Ember Warlord} {Tide Sovereign}") {
		t.Fatal("AT-5.13: the main character may attack")
	}
}

func TestAT10_18_AttackTheTurnItIsPlayed(t *testing.T) {
	s := table(t, nil, `
active: p1
seats:
  - zones: {main: [{card: Ember Warlord, status: [exhausted]}], hand: [Cinder Scout]}
    counters: {res.ember: 1}
  - zones: {main: [Tide Sovereign]}
`)
	s.do(t, "play {Cinder Scout}")
	s.passAll(t)
	for s.dec == decTrigger {
		s.do(t, codec.Format(s.Legal(nil)[0]))
	}
	s.passAll(t)
	s.do(t, "combat")
	if !s.isLegal(t, "attack {Cinder Scout} {Tide Sovereign}") {
		t.Fatalf("AT-10.18: no summoning sickness: %v", s.legalText())
	}
	// AT-5.21: exhausted cards cannot attack.
	if s.isLegal(t, "attack {Ember Warlord} {Tide Sovereign}") {
		t.Fatal("AT-5.21: an exhausted character attacks")
	}
}

func TestAT3_4_FirstSeatFromSetup(t *testing.T) {
	st, _ := theGame.New(engine.Setup{Game: "athernum", Seats: 3, Seed: 5, First: 3})
	s := st.(*State)
	for s.phase == phSetup {
		s.do(t, codec.Format(s.Legal(nil)[0]))
	}
	if s.active != 2 {
		t.Fatalf("setup.First=3 starts p3, not p%d", s.active+1)
	}
}

func TestAT5_21_FaceDownViewKeepsOnlyIdentity(t *testing.T) {
	// AT-2.8: the markers on cards (damage, VP, exhaustion) are shown to all.
	s := table(t, nil, `
active: p1
seats:
  - zones: {main: [Ember Warlord]}
  - zones:
      main: [{card: Tide Sovereign, counters: {vp: 2, exhaustion: 1}, attached: [Tower Shield]}]
`)
	cv := s.View(0).Players[1].Zone("main").Cards[0]
	if cv.Name != "Tide Sovereign" || !cv.HasStatus("exhausted") || cv.Counter("vp") != 2 || len(cv.Attached) != 1 {
		t.Fatalf("an exhausted card shows name, VP and attachments to all: %+v", cv)
	}
	if _, ok := cv.Stat("ofv"); ok {
		t.Fatal("a face-down card has no OFV")
	}
	if f, _ := cv.Stat("vp-field"); f != 5 {
		t.Fatal("the VP field stays")
	}
}

func TestAT5_18_OverDamagedRevealedCharacterGoes(t *testing.T) {
	// AT-5.17: a character revealed with too much damage is discarded at
	// the check after its abilities went on the stack.
	s := table(t, nil, `
active: p1
phase: morning
seats:
  - zones: {main: [Ember Warlord], characters: [{card: Cinder Scout, counters: {damage: 3, exhaustion: 1}}]}
  - zones: {main: [Tide Sovereign]}
`)
	if s.cards[s.id(t, "Cinder Scout")].zone != zDiscard {
		t.Fatal("AT-5.17/AT-5.18: the revealed over-damaged character is discarded")
	}
}

func TestAT10_9_ItemsCannotStart(t *testing.T) {
	_, err := loadPool(map[string][]byte{"x.yaml": []byte("cards:\n  - {name: Relic, type: item, vp: 3}\n")})
	if err == nil {
		t.Fatal("AT-10.9: an item with a VP field (a would-be start card) was accepted")
	}
}

func TestDescribeRedactsFaceDownItems(t *testing.T) {
	// AT-5.5: a face-down item is seen by its controller only, in labels too.
	s := table(t, nil, `
active: p1
seats:
  - zones: {main: [Ember Warlord], hand: [Hidden Snare]}
  - zones: {main: [Tide Sovereign]}
`)
	a := s.act(t, "attach {Hidden Snare} {Ember Warlord} down")
	if got := s.Describe(a, 1); got != "p1 attaches a hidden card face down to Ember Warlord (c2)" {
		t.Errorf("p2 reads %q", got)
	}
	if got := s.Describe(a, 0); got != "p1 attaches Hidden Snare (c1) face down to Ember Warlord (c2)" {
		t.Errorf("p1 reads %q", got)
	}
}

func TestAT10_U7_TokenCharacters(t *testing.T) {
	// Tokens use character slots and cease to exist when they leave.
	s := table(t, nil, `
active: p1
seats:
  - zones: {main: [Grove Matriarch], characters: [Seed Mother]}
    counters: {res.grove: 2}
  - zones: {main: [Ember Warlord], hand: [Kindle Mage]}
    counters: {res.ember: 1}
`)
	s.do(t, "activate {Seed Mother} a1 c0 c0")
	s.passAll(t)
	sprout := s.id(t, "Sprout")
	if s.cards[sprout].zone != zChars || s.pl[0].chars.n != 2 {
		t.Fatal("the Sprout token entered a character slot")
	}
	s.cards[sprout].dmg = 2
	s.dirty = true
	s.do(t, "endday")
	if s.cards[sprout].zone != zNone || s.pl[0].discard.n != 0 {
		t.Fatalf("a token leaving the field is gone, not discarded: zone %s", zoneNames[s.cards[sprout].zone])
	}
}
