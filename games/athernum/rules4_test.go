package athernum

import (
	"strings"
	"testing"

	"kartenwerk/engine"
)

func TestAT1_1_TwoToFourPlayersSixtyCards(t *testing.T) {
	for _, seats := range []int{1, 5} {
		if _, err := theGame.New(engine.Setup{Game: "athernum", Seats: seats, Seed: 1}); err == nil {
			t.Errorf("AT-1.1: a game of %d players was started", seats)
		}
	}
	for seats := 2; seats <= 4; seats++ {
		st, err := theGame.New(engine.Setup{Game: "athernum", Seats: seats, Seed: 1})
		if err != nil {
			t.Fatalf("AT-1.1: %d players: %v", seats, err)
		}
		s := st.(*State)
		for p := 0; p < seats; p++ {
			if s.pl[p].deck.n != 60 {
				t.Errorf("AT-1.1: p%d has %d cards, not 60, plus the Extra deck", p+1, s.pl[p].deck.n)
			}
		}
	}
}

func TestAT2_2_ExtraDeckIsNeverDrawn(t *testing.T) {
	// Neither a draw by choice nor a forced draw takes an Extra-deck card:
	// with only the Extra deck left, drawing is refused, a forced draw
	// loses (AT-7.4); and no Extra-deck card is a start card (AT-8.5).
	s := table(t, nil, `
active: p1
seats:
  - zones: {main: [Ember Warlord], deck: [Cinder Scout], extra: [Void Herald, Ascended Emperor, Void Herald]}
    counters: {command: 2}
  - zones: {main: [Tide Sovereign], hand: [Salt Oracle]}
    counters: {res.tide: 2}
`)
	s.do(t, "draw")
	if s.pl[0].hand.n != 1 || s.def(s.zs(s.pl[0].hand)[0]).name != "Cinder Scout" || s.pl[0].extra.n != 3 {
		t.Fatalf("AT-2.2: the draw took %v from hand %d, Extra %d", s.legalText(), s.pl[0].hand.n, s.pl[0].extra.n)
	}
	s.refuse(t, "draw", "deck is empty")
	// p2 makes p1 draw 3 (Salt Oracle's Support): the Extra deck is no deck.
	s.do(t, "endday")
	s.do(t, "support {Salt Oracle} a1 c0 c0")
	s.passAll(t)
	wantWinner(t, s, 1, "deck-out")

	for seed := uint64(1); seed <= 9; seed++ {
		st, _ := theGame.New(engine.Setup{Game: "athernum", Seats: 2, Seed: seed})
		s := st.(*State)
		for s.phase == phSetup {
			for _, a := range s.Legal(nil) {
				if s.cards[a.Args[0]].zone != zDeck || s.def(a.Args[0]).extra {
					t.Fatalf("AT-8.5, AT-2.2: start choice %s is not from the 60-card deck", s.name(a.Args[0], engine.Omniscient))
				}
			}
			s.do(t, codec.Format(s.Legal(nil)[0]))
		}
	}
}

func TestAT2_3_NoHandLimitNoMulligan(t *testing.T) {
	// AT-10.U2: setup asks for nothing but the start card; a hand of any
	// size is kept through the end of the turn.
	st, _ := theGame.New(engine.Setup{Game: "athernum", Seats: 2, Seed: 4})
	s := st.(*State)
	for s.phase == phSetup {
		for _, a := range s.Legal(nil) {
			if a.Verb != vStart {
				t.Fatalf("AT-10.U2: setup offers %s", codec.Format(a))
			}
		}
		s.do(t, codec.Format(s.Legal(nil)[0]))
	}
	hand := strings.Repeat("Cinder Scout, ", 4) + strings.Repeat("Kindle Mage, ", 4) + strings.Repeat("Flame Adept, ", 4)
	s = table(t, nil, `
active: p1
seats:
  - zones: {main: [Ember Warlord], hand: [`+strings.TrimSuffix(hand, ", ")+`]}
  - zones: {main: [Tide Sovereign], deck: [Mist Seer]}
`)
	s.do(t, "endday")
	if s.pl[0].hand.n != 12 || s.pl[0].discard.n != 0 {
		t.Fatalf("AT-2.3: a hand of 12 became %d, discard %d", s.pl[0].hand.n, s.pl[0].discard.n)
	}
}

func TestAT2_11_DiscardAndVoidArePublic(t *testing.T) {
	// AT-2.11, AT-2.12: everyone may look through a discard pile and the
	// Void; hands, decks and Extra decks are counts to the others.
	s := table(t, nil, `
active: p1
seats:
  - zones: {main: [Ember Warlord]}
  - zones:
      main: [Tide Sovereign]
      discard: [Mist Seer]
      void: [Wave Binder]
      hand: [Deep Scholar]
      deck: [Current Thief]
`)
	for _, viewer := range []engine.Seat{0, engine.NoSeat} {
		pv := s.View(viewer).Players[1]
		if c := pv.Zone("discard").Cards; len(c) != 1 || c[0].Name != "Mist Seer" {
			t.Errorf("AT-2.11: %v sees the discard pile as %+v", viewer, c)
		}
		if c := pv.Zone("void").Cards; len(c) != 1 || c[0].Name != "Wave Binder" {
			t.Errorf("AT-2.12: %v sees the Void as %+v", viewer, c)
		}
		if pv.Zone("hand").Count != 1 || len(pv.Zone("hand").Cards) != 0 || len(pv.Zone("deck").Cards) != 0 {
			t.Errorf("AT-2.1, AT-2.3: %v sees p2's hand or deck", viewer)
		}
	}
}

func TestAT3_1_DecksAreCheckedAndKept(t *testing.T) {
	// AT-3.1, AT-8.7: the decks are validated before the game, and the game
	// is played with exactly the cards listed.
	bad := engine.DeckList{Name: "short", Entries: []engine.DeckEntry{{Count: 4, Card: "Ember Warlord"}}}
	good := theGame.Presets()[2]
	if _, err := theGame.New(engine.Setup{Game: "athernum", Seats: 2, Seed: 1, Decks: []engine.DeckList{good, bad}}); err == nil ||
		!strings.Contains(err.Error(), "exactly 60") {
		t.Fatalf("AT-3.1: an illegal deck was accepted: %v", err)
	}
	st, err := theGame.New(engine.Setup{Game: "athernum", Seats: 2, Seed: 1, Decks: []engine.DeckList{good, good}})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	want := map[string]int{}
	for _, e := range good.Entries {
		if e.Section == "" {
			want[e.Card] += e.Count
		}
	}
	for p := int8(0); p < 2; p++ {
		if got := defsOfPlayer(s, p, zDeck); !mapsEqual(got, want) {
			t.Errorf("AT-8.7: p%d plays %v, listed %v", p+1, got, want)
		}
	}
}

func mapsEqual(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func TestAT4_7_NoDrawStep(t *testing.T) {
	// A turn passes without anyone drawing: cards come only by the draw
	// action and by effects.
	s := table(t, nil, duel)
	s.do(t, "endday")
	if s.active != 1 || s.phase != phDay {
		t.Fatalf("p2's Day should have begun: active p%d, %s", s.active+1, phaseNames[s.phase])
	}
	for p := 0; p < 2; p++ {
		if s.pl[p].hand.n != 0 || s.pl[p].deck.n != 3 {
			t.Errorf("AT-4.7: p%d has %d in hand, %d in the deck", p+1, s.pl[p].hand.n, s.pl[p].deck.n)
		}
	}
}

func TestAT5_8_SupportPaysItsFee(t *testing.T) {
	// AT-2.22, AT-5.8, AT-6.6: a Support ability is activated from the
	// hand for its Support Activation Fee, paid in resources of any
	// faction; the card is discarded and the effect goes on the stack.
	pos := `
active: p1
seats:
  - zones: {main: [Ember Warlord], hand: [Kindle Mage]}
    counters: {%s}
  - zones: {main: [Tide Sovereign]}
`
	s := table(t, nil, sprintf(pos, "res.tide: 1"))
	s.do(t, "support {Kindle Mage} a1 {Tide Sovereign} c0")
	p := &s.pl[0]
	if p.ready[fTide] != 0 || p.exh[fTide] != 1 {
		t.Fatalf("AT-5.8: the fee of 1 is paid with the tide token: ready %v, exhausted %v", p.ready, p.exh)
	}
	if s.cards[s.id(t, "Kindle Mage")].zone != zDiscard || s.hist.deepest != 1 {
		t.Fatalf("AT-5.8: the card is discarded and its effect went on the stack")
	}
	s.passAll(t)
	if s.cards[s.id(t, "Tide Sovereign")].dmg != 2 {
		t.Fatalf("AT-6.6: the Support effect resolved")
	}
	s = table(t, nil, sprintf(pos, "command: 2"))
	if s.isLegal(t, "support {Kindle Mage} a1 {Tide Sovereign} c0") {
		t.Fatal("AT-5.8: Support without its fee")
	}
	s.refuse(t, "support {Kindle Mage} a1 {Tide Sovereign} c0", "pay")
}

func TestAT8_6_AnyFactionMix(t *testing.T) {
	d := ownDeck(t) // cards of every faction and factionless ones
	factions := map[int8]bool{}
	for _, e := range d.Entries {
		id, _ := theGame.pool.def(e.Card)
		factions[theGame.pool.defs[id].faction] = true
	}
	if len(factions) < 4 {
		t.Fatalf("the test deck mixes only %d factions", len(factions))
	}
	if ps := theGame.ValidateDeck(d); len(ps) > 0 {
		t.Fatalf("AT-8.6: a deck mixing factions is refused: %v", ps)
	}
}

func TestAT10_U4_ItemsOnALocation(t *testing.T) {
	// A location that prints item slots carries items (AT-2.7, AT-6.9).
	s := table(t, nil, `
active: p1
seats:
  - zones: {main: [Kindle Mage], location: [Ruined Watchtower], hand: [Iron Blade, Tower Shield]}
  - zones: {main: [Tide Sovereign]}
`)
	s.do(t, "attach {Iron Blade} {Ruined Watchtower} up")
	s.passAll(t)
	if c := s.cards[s.id(t, "Iron Blade")]; c.zone != zItem || c.host != s.id(t, "Ruined Watchtower") {
		t.Fatalf("AT-10.U4: the item is not on the location")
	}
	if s.isLegal(t, "attach {Tower Shield} {Ruined Watchtower} up") {
		t.Fatal("AT-10.U4: the location's one slot is taken")
	}
}

func TestAT10_6_PoolFollowsFieldsAndTokens(t *testing.T) {
	// AT-2.14, AT-2.21, AT-7.1: the pool is the VP fields of the cards in
	// play less the VP on them; a card entering adds its field, a claim
	// moves 1 VP from the pool onto a card, a card leaving takes both.
	s := table(t, nil, `
active: p1
seats:
  - zones:
      main: [{card: Ember Warlord, counters: {vp: 2}}]
      location: [{card: Ancient Battlefield, counters: {vp: 1}}]
      hand: [Blaze Herald, Burning Citadel]
    counters: {res.ember: 5, command: 2}
  - zones: {main: [Tide Sovereign]}
`)
	step := func(what string, want int) {
		t.Helper()
		if got := s.vpPool(); got != want {
			t.Fatalf("AT-10.6: %s: pool %d, want %d", what, got, want)
		}
	}
	step("at first: 5 + 5 + 5 fields, 3 VP on cards", 12)
	s.do(t, "play {Blaze Herald}")
	s.passAll(t)
	step("Blaze Herald enters with a field of 6", 18)
	s.do(t, "claim")
	step("a claim", 17)
	s.do(t, "play {Burning Citadel}")
	s.passAll(t)
	step("the Battlefield (5, 1 VP on it) leaves, the Citadel (4) enters", 17-4+4)
}

func TestAT3_2_OwnerSearchesTheDeckAtSetup(t *testing.T) {
	// The start card is picked from one's own deck: during setup its owner
	// sees the deck, nobody else does; once shuffled (AT-3.5), nobody.
	st, _ := theGame.New(engine.Setup{Game: "athernum", Seats: 2, Seed: 2})
	s := st.(*State)
	if n := len(s.View(0).Players[0].Zone("deck").Cards); n != 60 {
		t.Fatalf("AT-3.2: p1 sees %d cards of its deck during setup", n)
	}
	if n := len(s.View(1).Players[0].Zone("deck").Cards); n != 0 {
		t.Fatalf("AT-3.2: p2 sees %d cards of p1's deck", n)
	}
	for s.phase == phSetup {
		s.do(t, codec.Format(s.Legal(nil)[0]))
	}
	if n := len(s.View(0).Players[0].Zone("deck").Cards); n != 0 {
		t.Fatalf("AT-2.1: p1 sees %d cards of its shuffled deck", n)
	}
}
