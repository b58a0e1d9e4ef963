package mysticelements

import (
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/scenario"
)

// Most rules are tested by the scenario files in testdata/scenarios (each
// lists the rule ids it checks); the rest are here.
//
// Rules not tested, and why:
//   - ME-1.3: a summary; each point is tested under its own rule id.
//   - ME-6.6, ME-6.7: icons and the glossary (the glossary's Steal and
//     Convert are tested as ME-10.13).
//   - ME-3.3's "who lost last": one game knows no earlier game; the
//     simulator or the caller passes Setup.First.
func TestScenarios(t *testing.T) {
	scenario.RunFiles(t, "testdata/scenarios/*.yaml")
}

// preset returns the named preset deck.
func preset(t testing.TB, name string) engine.DeckList {
	for _, d := range (Game{}).Presets() {
		if strings.EqualFold(d.Name, name) {
			return d
		}
	}
	t.Fatalf("no preset %s", name)
	return engine.DeckList{}
}

// twoDecks is a pair of presets with no colour in common.
func twoDecks(t testing.TB) []engine.DeckList {
	return []engine.DeckList{preset(t, "Sunfire"), preset(t, "Deepwood")}
}

func mustNew(t *testing.T, setup engine.Setup) *state {
	t.Helper()
	setup.Game = "mysticelements"
	s, err := Game{}.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*state)
}

func apply(t *testing.T, s *state, text string) {
	t.Helper()
	a, err := codec.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(a); err != nil {
		t.Fatalf("%s: %v", text, err)
	}
}

// ME-3.1, ME-10.2: colours are picked one at a time, alternately, starting
// with the second player; a colour taken is gone for the other player.
func TestME3_1ColourPicksAlternateFromSecondPlayer(t *testing.T) {
	s := mustNew(t, engine.Setup{Seed: 4, First: 1})
	want := []engine.Seat{1, 0, 1, 0, 1, 0}
	picks := []string{"red", "blue", "green", "yellow", "black", "white"}
	for i, c := range picks {
		if s.ToMove() != want[i] {
			t.Fatalf("pick %d: %v to move, want %v", i+1, s.ToMove(), want[i])
		}
		// The table names the seat choosing as the seat whose turn it is.
		if v := s.View(0); v.Active != want[i] {
			t.Fatalf("pick %d: the view says it is %v's turn while %v chooses", i+1, v.Active, want[i])
		}
		if i == 1 && engine.Contains(s.Legal(nil), act1(vPick, colourIndex("red"))) {
			t.Fatal("ME-10.2: p1 may pick red, which p2 took")
		}
		apply(t, s, "pick "+c)
	}
	if got := s.p[1].colours; got != [3]int8{0, 3, 4} {
		t.Fatalf("p2 colours %v, want red, green, black", got)
	}
	if s.phase != phGain || s.ToMove() != 0 {
		t.Fatalf("after picks: phase %s, to move %v; want p1 to gain", phaseNames[s.phase], s.ToMove())
	}
}

// ME-10.2 variant colours=shared allows the same colour twice.
func TestME10_2SharedColours(t *testing.T) {
	s := mustNew(t, engine.Setup{Seed: 4, First: 1, Variant: map[string]string{"colours": "shared"}})
	apply(t, s, "pick red")
	if !engine.Contains(s.Legal(nil), act1(vPick, 0)) {
		t.Fatal("with colours=shared p1 should be able to pick red too")
	}
	ps := Game{}.Presets()
	_, err := Game{}.New(engine.Setup{Game: "mysticelements", Seed: 1, Decks: []engine.DeckList{ps[0], ps[0]}})
	if err == nil || !strings.Contains(err.Error(), "exclusive") {
		t.Fatalf("two decks sharing colours must be refused (ME-8.2): %v", err)
	}
}

// ME-3.2, ME-3.4, ME-3.5, ME-10.1, ME-1.1, ME-2.1: 45 shuffled cards of
// the deck's colours, 5 in hand, no energy, empty battle and graves.
func TestME3_2DealAndOpeningHand(t *testing.T) {
	s := mustNew(t, engine.Setup{Seed: 9, First: 2, Decks: twoDecks(t)})
	for seat := int8(0); seat < 2; seat++ {
		p := &s.p[seat]
		if p.hand.n != 5 || p.deck.n != 40 || p.battle.n+p.grave.n+p.deep.n != 0 {
			t.Fatalf("p%d: hand %d deck %d", seat+1, p.hand.n, p.deck.n)
		}
		for _, id := range append(p.hand.slice(), p.deck.slice()...) {
			if !p.hasColour(s.def(id).Colour) {
				t.Fatalf("p%d holds %s of another colour", seat+1, s.def(id).Name)
			}
		}
		if p.energyTotal() != 0 {
			t.Fatal("ME-3.5: energy starts at 0")
		}
	}
	if s.active != 1 || s.ToMove() != 1 || s.phase != phGain {
		t.Fatalf("setup.First=2: p2 starts in the gain step, got active p%d phase %s", s.active+1, phaseNames[s.phase])
	}
	other := mustNew(t, engine.Setup{Seed: 10, First: 2, Decks: twoDecks(t)})
	if other.p[0].deck == s.p[0].deck {
		t.Fatal("ME-3.2: different seeds should shuffle differently")
	}
	v := s.View(0)
	if z := v.Players[1].Zone("hand"); z.Count != 5 || len(z.Cards) != 0 {
		t.Fatal("ME-2.1/2.2: p1 must see only the size of p2's hand")
	}
	if z := v.Players[0].Zone("deck"); z.Count != 40 || len(z.Cards) != 0 {
		t.Fatal("ME-2.1: the deck is face down")
	}
}

// ME-3.3: the first player is drawn from the seed unless given.
func TestME3_3FirstPlayer(t *testing.T) {
	seen := [2]int{}
	for seed := uint64(0); seed < 40; seed++ {
		s := mustNew(t, engine.Setup{Seed: seed})
		seen[s.first]++
		if s.ToMove() != engine.Seat(1-s.first) {
			t.Fatal("ME-3.1: the second player picks first")
		}
	}
	if seen[0] == 0 || seen[1] == 0 {
		t.Fatalf("first player never varies: %v", seen)
	}
	if _, err := (Game{}).New(engine.Setup{Game: "mysticelements", First: 3}); err == nil {
		t.Fatal("first=3 must be refused")
	}
	if _, err := (Game{}).New(engine.Setup{Game: "mysticelements", Seats: 3}); err == nil {
		t.Fatal("ME-1.1: three seats must be refused")
	}
}

// ME-10.3: the round is the player's own turn count; variant all-turns
// counts every turn, so the second player gains 2 on its first turn.
func TestME10_3RoundReadings(t *testing.T) {
	for _, tc := range []struct {
		variant string
		want    int8
	}{{"own-turns", 1}, {"all-turns", 2}} {
		s := mustNew(t, engine.Setup{Seed: 1, First: 1, Decks: twoDecks(t), Variant: map[string]string{"round": tc.variant}})
		apply(t, s, "gain red")
		apply(t, s, "end")
		for s.active == 0 {
			apply(t, s, codec.Format(s.Legal(nil)[0]))
		}
		c := s.p[1].colours[0]
		apply(t, s, "gain "+colourNames[c])
		if got := s.p[1].energy[c]; got != tc.want {
			t.Errorf("round=%s: p2 gains %d on its first turn, want %d", tc.variant, got, tc.want)
		}
	}
}

// ME-4.7: during the opponent's turn a player only strikes back or makes
// the choices an effect asks of them; ToMove names them only then.
func TestME4_7NoAbilitiesOnOpponentsTurn(t *testing.T) {
	for i := 0; i < 200; i++ {
		es, _ := Game{}.New(randomSetup(i))
		s := es.(*state)
		r := engine.NewRNG(uint64(i))
		for steps := 0; steps < 400; steps++ {
			if done, _ := s.Terminal(); done {
				break
			}
			legal := s.Legal(nil)
			if s.phase != phPick && s.ToMove() != engine.Seat(s.active) {
				for _, a := range legal {
					if a.Verb != vStrike && a.Verb != vHold && a.Verb != vDiscard {
						t.Fatalf("non-active player may %s", codec.Format(a))
					}
				}
			}
			if err := s.Apply(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// ME-9b.2: with full recycling the deep grave is public; otherwise it is
// face down for everyone.
func TestME9b2RecyclingDeepGraveVisibility(t *testing.T) {
	pos := engine.Position{Active: 0, Round: 3, Seats: []engine.SeatPosition{
		{Zones: map[string][]engine.CardSpec{"battle": {{Card: "Magma Brute"}}}},
		{Zones: map[string][]engine.CardSpec{"deck": {{Card: "Sapling"}, {Card: "Wolf Pack"}, {Card: "Oak Warden"}, {Card: "Elder Treant"}}}}}}
	for _, on := range []string{"off", "on"} {
		es, err := Game{}.FromPosition(engine.Setup{Game: "mysticelements", Variant: map[string]string{"recycling": on}}, pos)
		if err != nil {
			t.Fatal(err)
		}
		s := es.(*state)
		apply(t, s, "plunder c1 p2")
		for _, viewer := range []engine.Seat{0, 1, engine.NoSeat} {
			z := s.View(viewer).Players[1].Zone("deep")
			if z.Count != 3 || (len(z.Cards) > 0) != (on == "on") {
				t.Errorf("recycling=%s: %v sees %d of %d deep cards", on, viewer, len(z.Cards), z.Count)
			}
		}
	}
}

// Illegal actions are refused with a reason and leave the state alone.
func TestIllegalActionsExplain(t *testing.T) {
	s := mustNew(t, engine.Setup{Seed: 1, First: 1, Decks: twoDecks(t)})
	h := s.Hash()
	for text, want := range map[string]string{
		"end":          "not now",
		"gain blue":    "",
		"attack c1 c2": "not now",
		"strike":       "not a choice now",
	} {
		a, _ := codec.Parse(text)
		err := s.Apply(a)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want it to say %q", text, err, want)
		}
	}
	if s.Hash() != h {
		t.Fatal("a refused action changed the state")
	}
}

// ME-10.13, ME-2.4: a stolen unit that dies goes to its owner's grave,
// with the thief's charm going to the thief's grave.
func TestME10_13StolenCardDiesToOwnersGrave(t *testing.T) {
	pos := engine.Position{Active: 0, Round: 9, Seats: []engine.SeatPosition{
		{Zones: map[string][]engine.CardSpec{
			"hand":   {{Card: "Fireball"}},
			"battle": {{Card: "Wolf Pack", Owner: "p2", Attached: []engine.CardSpec{{Card: "Battle Fury"}}}}},
			Counters: map[string]int{"energy.red": 3}},
		{}}}
	es, err := Game{}.FromPosition(engine.Setup{Game: "mysticelements"}, pos)
	if err != nil {
		t.Fatal(err)
	}
	s := es.(*state)
	v := s.View(engine.Omniscient)
	if wp := v.Players[0].Zone("battle").Cards[0]; wp.Owner != 1 || len(wp.Attached) != 1 {
		t.Fatalf("stolen Wolf Pack: owner %v, attached %v", wp.Owner, wp.Attached)
	}
	apply(t, s, "play c3")
	apply(t, s, "target c1")
	if s.cards[1].zone != zGrave || s.cards[1].seat != 1 || s.cards[2].zone != zGrave || s.cards[2].seat != 0 {
		t.Fatalf("Wolf Pack in %s of p%d, Battle Fury in %s of p%d", zoneNames[s.cards[1].zone], s.cards[1].seat+1, zoneNames[s.cards[2].zone], s.cards[2].seat+1)
	}
}

// The rules text shown to players is generated from the card data.
func TestME10_U1GeneratedText(t *testing.T) {
	want := map[string]string{
		"Fireball":       "When played: deal 3 damage to target unit or player.",
		"War Drum":       "Pay 2: plunder 1 card from your opponent.",
		"Petrify":        "Play on target non-brown unit (only target enemy non-brown unit under the variant “Charm targets: as printed”). The charmed unit gets -3/+0. When played: exhaust the charmed unit.",
		"Radiant Knight": "At your turn start: heal 1 damage from this card.",
		"Deep Oracle":    "While in the battle: your card limit +1. USE (exhaust): draw 1 card.",
	}
	for _, ci := range (Game{}).Cards() {
		if w, ok := want[ci.Name]; ok && ci.Text != w {
			t.Errorf("%s: %q, want %q", ci.Name, ci.Text, w)
		}
	}
}

// ME-10.9: by default a charm goes on any unit, own or enemy (the rulebook
// plays it "on a particular unit"), so a charm's text never names a side
// as its only target; the printed side is named with the variant that
// enforces it.
func TestME10_9CharmTextSaysWhereItGoes(t *testing.T) {
	p := Game{}.pool()
	for _, ci := range (Game{}).Cards() {
		i := slices.IndexFunc(p.defs, func(d cardDef) bool { return d.Name == ci.Name })
		d := &p.defs[i]
		if d.Kind != kCharm {
			continue
		}
		first, _, _ := strings.Cut(ci.Text, ".")
		if strings.HasPrefix(first, "Play on target friendly") || strings.HasPrefix(first, "Play on target enemy") {
			t.Errorf("%s: %q names a side the default rules do not enforce", ci.Name, first)
		}
		if side := d.Attach.Side != sideAny; side != strings.Contains(first, "Charm targets: as printed") {
			t.Errorf("%s: %q: the printed side and the variant go together", ci.Name, first)
		}
	}
}

// Random play always ends its turns: keep and redraw decisions are
// bounded, and every play step can end.
func TestRandomTurnsEnd(t *testing.T) {
	most := 0
	for i := 0; i < 300; i++ {
		es, _ := Game{}.New(randomSetup(i))
		r := engine.NewRNG(uint64(i) + 99)
		turn, n := es.Turn(), 0
		for {
			if done, _ := es.Terminal(); done {
				break
			}
			legal := es.Legal(nil)
			if err := es.Apply(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
			if es.Turn() != turn {
				turn, n = es.Turn(), 0
			}
			n++
			most = max(most, n)
		}
	}
	if most > 150 {
		t.Fatalf("a turn took %d actions", most)
	}
	t.Logf("longest turn: %d actions", most)
}

// Evaluate stays in [0, 1], is symmetric, and is exact at the end.
func TestEvaluate(t *testing.T) {
	for i := 0; i < 30; i++ {
		es, _ := Game{}.New(randomSetup(i))
		s := es.(*state)
		r := engine.NewRNG(uint64(i))
		for {
			e0, e1 := s.Evaluate(0), s.Evaluate(1)
			if e0 < 0 || e0 > 1 || e0+e1 < 0.999 || e0+e1 > 1.001 {
				t.Fatalf("Evaluate %v and %v", e0, e1)
			}
			if done, o := s.Terminal(); done {
				if !o.Draw() && s.Evaluate(engine.Seat(s.winner)) != 1 {
					t.Fatal("the winner is not rated 1")
				}
				break
			}
			legal := s.Legal(nil)
			if err := s.Apply(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// PlayedCard names the very card a play action takes from hand, and no
// card for any other action, so the simulator's card statistics count
// the right cards.
func TestPlayedCard(t *testing.T) {
	infos := Game{}.Cards()
	plays := 0
	for i := 0; i < 20; i++ {
		es, _ := Game{}.New(randomSetup(i))
		s := es.(*state)
		r := engine.NewRNG(uint64(i))
		for done := false; !done; done, _ = s.Terminal() {
			legal := s.Legal(nil)
			a := legal[r.IntN(len(legal))]
			got := s.PlayedCard(a)
			switch {
			case a.Verb == vPlay:
				plays++
				if want := s.def(a.Args[0]).Name; got < 0 || infos[got].Name != want {
					t.Fatalf("%s plays %s, PlayedCard says %d", codec.Format(a), want, got)
				}
			case got != -1:
				t.Fatalf("%s plays no card from hand, PlayedCard says %d", codec.Format(a), got)
			}
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if plays == 0 {
		t.Fatal("no card was played in 20 random games")
	}
}
