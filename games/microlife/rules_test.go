package microlife

import (
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
)

// Most rules are checked by the scenario files in testdata/scenarios (each
// cites its rule ids); the rules below are about setup, the card pool and
// the whole game, and are checked in Go.

func newGame(t *testing.T, setup engine.Setup) *state {
	t.Helper()
	setup.Game, setup.Seats = "microlife", 2
	s, err := Game{}.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*state)
}

func names(s *state, ids []int16) []string {
	out := make([]string, len(ids))
	for i, c := range ids {
		out[i] = s.def(c).name
	}
	return out
}

// ML-1.1, ML-2.1 to ML-2.14, ML-3.1 to ML-3.7: the table at the start.
func TestSetup_ML_3(t *testing.T) {
	for first := 1; first <= 2; first++ {
		s := newGame(t, engine.Setup{Seed: 5, First: first})
		f, o := int8(first-1), int8(2-first)
		if s.active != f || s.turn != 1 || s.phase != pMain1 {
			t.Fatalf("first %d: active %d turn %d phase %s", first, s.active, s.turn, phaseNames[s.phase])
		}
		for p := int8(0); p < 2; p++ {
			pl := &s.seats[p]
			if pl.life != 10 { // ML-2.7, ML-3.1
				t.Errorf("p%d starts with %d life", p+1, pl.life)
			}
			if got := names(s, pl.zones[zPlay-1]); strings.Join(got, ",") != "Mutation/Selektion,Gentransfer" { // ML-3.3
				t.Errorf("p%d starts with %v in play", p+1, got)
			}
			if n := len(pl.zones[zDeck-1]) + len(pl.zones[zHand-1]); n != 8 { // ML-3.2
				t.Errorf("p%d has %d starter cards", p+1, n)
			}
			if len(pl.zones[zGenpool-1])+len(pl.zones[zGenDiscard-1]) != 0 { // ML-2.5, ML-2.6
				t.Errorf("p%d starts with a genpool", p+1)
			}
		}
		// ML-3.1 and ML-4.2: 0 sugar at the start, 1 after the first upkeep.
		if s.seats[f].sugar != 1 || s.seats[o].sugar != 0 {
			t.Errorf("sugar %d/%d, want 1 for the start player after upkeep and 0", s.seats[f].sugar, s.seats[o].sugar)
		}
		// ML-3.7: opening hands of 3 and 5.
		if len(s.seats[f].zones[zHand-1]) != 3 || len(s.seats[o].zones[zHand-1]) != 5 {
			t.Errorf("hands %d and %d, want 3 and 5", len(s.seats[f].zones[zHand-1]), len(s.seats[o].zones[zHand-1]))
		}
		// ML-2.9, ML-2.10, ML-3.4, ML-3.5 (the mutation deck: TestGlobalMutationDeck_ML_2_12)
		if len(s.shared[0]) != 6 || len(s.shared[1]) != len(s.cat.market)-6 || len(s.shared[3]) != len(s.cat.mutations) {
			t.Errorf("market %d, main deck %d, mutation deck %d", len(s.shared[0]), len(s.shared[1]), len(s.shared[3]))
		}
		if len(s.shared[2])+len(s.shared[4]) != 0 { // ML-2.13, ML-2.14
			t.Errorf("discard piles are not empty at the start")
		}
	}
}

// ML-2.12: one global mutation deck, face down, holding every mutation
// card of the pool and nothing else, shuffled (ML-3.4), from whose top
// both players mutate (ML-5.11).
func TestGlobalMutationDeck_ML_2_12(t *testing.T) {
	s := newGame(t, engine.Setup{Seed: 5, First: 1})
	deck := s.shared[zMutDeck-zMarket]
	var got, want []string
	for _, c := range deck {
		if ci := &s.cards[c]; ci.typ != tMutation || ci.owner != -1 || ci.zone != zMutDeck {
			t.Errorf("%s in the mutation deck: type %d, owner %d, zone %s", s.cardName(c), ci.typ, ci.owner, zoneNames[ci.zone])
		}
		got = append(got, s.def(c).name)
	}
	for _, d := range s.cat.mutations {
		want = append(want, s.defs[d].name)
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("mutation deck %v, want the pool's mutations %v", got, want)
	}
	for c := range s.cards {
		if ci := &s.cards[c]; c > 0 && ci.typ == tMutation && ci.zone != zMutDeck {
			t.Errorf("the mutation %s starts in %s", s.cardName(int16(c)), zoneNames[ci.zone])
		}
	}
	for _, viewer := range []engine.Seat{0, 1, engine.NoSeat} {
		var z *engine.Zone
		for _, sz := range s.View(viewer).Shared {
			if sz.Name == "mutation-deck" {
				z = &sz
			}
		}
		if z == nil || z.Count != len(deck) || len(z.Cards) != 0 || z.Visibility != engine.Private {
			t.Errorf("%v sees the mutation deck as %+v", viewer, z)
		}
	}
	other := newGame(t, engine.Setup{Seed: 6, First: 1})
	if names(s, deck) == nil || slices.Equal(names(s, deck), names(other, other.shared[zMutDeck-zMarket])) {
		t.Errorf("the mutation deck is in the same order for two seeds")
	}
	// Both players look at the top of the same deck.
	for p := int8(0); p < 2; p++ {
		top := slices.Clone(deck[len(deck)-2:])
		host := s.seats[p].zones[zPlay-1][0]
		s.startLook(p, host, 1, 2, dPick)
		look := s.seats[p].zones[zLook-1]
		if !slices.Equal(sortedIDs(look), sortedIDs(top)) {
			t.Errorf("p%d looks at %v, the top of the mutation deck was %v", p+1, look, top)
		}
		s.dec = decision{}
		for len(s.seats[p].zones[zLook-1]) > 0 {
			s.put(s.seats[p].zones[zLook-1][0], zMutDiscard, 0, true)
		}
		deck = s.shared[zMutDeck-zMarket]
	}
}

func sortedIDs(ids []int16) []int16 {
	out := slices.Clone(ids)
	slices.Sort(out)
	return out
}

// ML-3.2: the starter deck's composition.
func TestStarterDeck_ML_3_2(t *testing.T) {
	s := newGame(t, engine.Setup{Seed: 1})
	count := map[string]int{}
	for _, c := range append(append([]int16(nil), s.seats[0].zones[zDeck-1]...), s.seats[0].zones[zHand-1]...) {
		count[s.def(c).name]++
	}
	want := map[string]int{"Haut": 1, "Dendritische Zelle": 1, "Nahrung": 1, "kleine Nahrung": 1, "Adenovirus": 1, "E.Coli": 2, "UV-Strahlung": 1}
	for k, v := range want {
		if count[k] != v {
			t.Errorf("starter deck has %d %s, want %d (all: %v)", count[k], k, v, count)
		}
	}
}

// ML-1.1: two players only.
func TestTwoPlayers_ML_1_1(t *testing.T) {
	if _, err := (Game{}).New(engine.Setup{Game: "microlife", Seats: 3}); err == nil || !strings.Contains(err.Error(), "2 players") {
		t.Fatalf("3 seats: %v", err)
	}
	if i := (Game{}).Info(); i.MinSeats != 2 || i.MaxSeats != 2 || i.RulesID != "ML" {
		t.Fatalf("info %+v", i)
	}
}

// ML-3.6, ML-10.U1: a random start player from the seed; setup.First fixes it.
func TestStartPlayer_ML_10_U1(t *testing.T) {
	starts := [2]int{}
	for seed := uint64(0); seed < 200; seed++ {
		starts[newGame(t, engine.Setup{Seed: seed}).active]++
	}
	if starts[0] < 60 || starts[1] < 60 {
		t.Errorf("start players over 200 seeds: %v", starts)
	}
	a := newGame(t, engine.Setup{Seed: 9})
	b := newGame(t, engine.Setup{Seed: 9})
	if a.Hash() != b.Hash() {
		t.Errorf("the same seed deals differently")
	}
}

// ML-4.3: in main 1 the active player may play, buy, discard and activate.
func TestMainPhaseActions_ML_4_3(t *testing.T) {
	s := newGame(t, engine.Setup{Seed: 3, First: 2})
	seen := map[engine.Verb]bool{}
	for _, a := range s.Legal(nil) {
		seen[a.Verb] = true
	}
	for _, v := range []engine.Verb{vPlay, vDiscard, vNext} {
		if !seen[v] {
			t.Errorf("main 1 lacks %s", codec.Format(engine.Action{Verb: v}))
		}
	}
	if seen[vAttack] || seen[vAttackPlayer] {
		t.Errorf("attacks offered in main 1")
	}
}

// ML-9, ML-10.5, ML-2.16, ML-2.17, ML-2.21: the named cards and the placeholders.
func TestNamedCards_ML_9(t *testing.T) {
	c := defaultCatalog
	get := func(name string) *cardDef {
		i, ok := c.lookup(name)
		if !ok {
			t.Fatalf("no card %s", name)
		}
		return &c.defs[i]
	}
	type want struct {
		name          string
		typ, sub      uint8
		cost, atk, wd int8
	}
	for _, w := range []want{
		{"Haut", tImmun, sSystem, 2, 0, 2},               // ML-9.1
		{"Nahrung", tAktion, sNone, 2, 0, 0},             // ML-9.2
		{"kleine Nahrung", tAktion, sNone, 1, 0, 0},      // ML-9.3
		{"Dendritische Zelle", tImmun, sSystem, 1, 1, 1}, // ML-9.4
		{"Adenovirus", tErreger, sVirus, 2, 2, 1},        // ML-9.5
		{"E.Coli", tErreger, sBakterium, 1, 1, 1},        // ML-9.6
		{"UV-Strahlung", tAktion, sNone, 1, 0, 0},        // ML-9.7
		{"Mutation/Selektion", tDauer, sNone, 0, 0, 0},   // ML-9.8
		{"Gentransfer", tDauer, sNone, 0, 0, 0},          // ML-9.9
	} {
		d := get(w.name)
		if d.typ != w.typ || d.sub != w.sub || d.cost != w.cost || d.atk != w.atk || d.res != w.wd {
			t.Errorf("%s: type %d/%d cost %d %d/%d, want %+v", w.name, d.typ, d.sub, d.cost, d.atk, d.res, w)
		}
	}
	if get("Dendritische Zelle").kw&kwHunter != 0 {
		t.Errorf("Dendritische Zelle must not attack (ML-9.4)")
	}
	abil := func(name string) ability { return get(name).abil[0] }
	if a := abil("Nahrung"); a.eff != eSugar || a.n != 2 {
		t.Errorf("Nahrung: %+v", a)
	}
	if a := abil("kleine Nahrung"); a.eff != eSugar || a.n != 1 {
		t.Errorf("kleine Nahrung: %+v", a)
	}
	if a := abil("UV-Strahlung"); a.eff != eMutate || a.k != 1 || a.n != 2 || a.target != gAny {
		t.Errorf("UV-Strahlung: %+v", a)
	}
	if a := abil("Mutation/Selektion"); a.when != wActivated || a.cost != 2 || a.eff != eMutate || a.k != 1 || a.n != 2 || a.target != gOwn {
		t.Errorf("Mutation/Selektion: %+v", a)
	}
	if a := abil("Gentransfer"); a.when != wActivated || a.cost != 1 || a.eff != eGentransfer || a.k != 1 || a.n != 2 {
		t.Errorf("Gentransfer: %+v", a)
	}
	if !get("Haut").supply || !get("Nahrung").supply { // ML-2.11
		t.Errorf("Haut and Nahrung must be in the basic supply")
	}
}

// ML-10.U4: the card pool is data: at least 30 market and 20 mutation
// cards, every keyword on two cards or more, and both strategies present.
func TestCardPool_ML_10_U4(t *testing.T) {
	c := defaultCatalog
	if len(c.market) < 30 || len(c.mutations) < 20 {
		t.Errorf("main deck %d cards (want >= 30), mutation deck %d (want >= 20)", len(c.market), len(c.mutations))
	}
	uses := map[string]int{}
	immune, pathogen := 0, 0
	for i := range c.defs {
		d := &c.defs[i]
		for _, k := range c.keywords(d) {
			uses[k]++
		}
		if d.copies > 0 && d.typ == tImmun {
			immune += d.copies
		}
		if d.copies > 0 && d.typ == tErreger {
			pathogen += d.copies
		}
	}
	for _, k := range []string{"fever", "invasive", "mutability", "opportunistic", "phagocytosis", "quick",
		"self-regulating", "toxin", "vector", "growing-together", "camouflage", "resistance", "spore-former"} {
		if uses[k] < 2 {
			t.Errorf("keyword %s is on %d card(s), want 2 or more", k, uses[k])
		}
	}
	if immune < 8 || pathogen < 8 {
		t.Errorf("market has %d Immun and %d Erreger cards", immune, pathogen)
	}
}

// ML-6.15: the obsolete Umgehung (Haut) reads as Invasiv (Haut).
func TestUmgehung_ML_6_15(t *testing.T) {
	files := map[string][]byte{
		"a.yaml": mustRead(t, "cards/starter.yaml"),
		"b.yaml": []byte("cards:\n  - {name: Alt, type: erreger, subtype: virus, cost: 1, stats: 1/1, copies: 6, keywords: [Umgehung (Haut)]}\n"),
	}
	c, err := buildCatalog([]string{"a.yaml", "b.yaml"}, files)
	if err != nil {
		t.Fatal(err)
	}
	alt, _ := c.lookup("Alt")
	haut, _ := c.lookup("Haut")
	if !c.defs[alt].invasiv.match(&c.defs[haut], haut) {
		t.Errorf("Umgehung (Haut) does not ignore Haut")
	}
}

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	b, err := cardFiles.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// ML-2.15 (sugar and toxin markers) are counters of the view: sugar per
// player, toxin per card (toxin.yaml).

// Every rule id of the digest is cited by a test, in its name or in a
// comment or message inside it, or by a scenario file.
func TestEveryRuleIsCited(t *testing.T) { enginetest.CheckRulesCited(t, digestRules) }

// digestRules lists every rule id of the digest.
var digestRules = strings.Fields(`ML-1.1 ML-1.2 ML-1.3 ML-2.1 ML-2.2 ML-2.3 ML-2.4 ML-2.5 ML-2.6 ML-2.7
ML-2.8 ML-2.9 ML-2.10 ML-2.11 ML-2.12 ML-2.13 ML-2.14 ML-2.15 ML-2.16 ML-2.17 ML-2.18 ML-2.19 ML-2.20
ML-2.21 ML-3.1 ML-3.2 ML-3.3 ML-3.4 ML-3.5 ML-3.6 ML-3.7 ML-4.1 ML-4.2 ML-4.3 ML-4.4 ML-4.5 ML-4.6
ML-5.1 ML-5.2 ML-5.3 ML-5.4 ML-5.5 ML-5.6 ML-5.7 ML-5.8 ML-5.9 ML-5.10 ML-5.11 ML-5.12 ML-5.13 ML-5.14
ML-5.15 ML-6.1 ML-6.2 ML-6.3 ML-6.4 ML-6.5 ML-6.6 ML-6.7 ML-6.8 ML-6.9 ML-6.10 ML-6.11 ML-6.12 ML-6.13
ML-6.14 ML-6.15 ML-6.16 ML-6.17 ML-6.18 ML-6.19 ML-7.1 ML-7.2 ML-7.3 ML-8.1 ML-9.1 ML-9.2 ML-9.3 ML-9.4
ML-9.5 ML-9.6 ML-9.7 ML-9.8 ML-9.9 ML-10.1 ML-10.2 ML-10.3 ML-10.4 ML-10.5 ML-10.6 ML-10.7 ML-10.8
ML-10.9 ML-10.10 ML-10.11 ML-10.12 ML-10.13 ML-10.14 ML-10.15 ML-10.16 ML-10.17 ML-10.U1 ML-10.U2
ML-10.U3 ML-10.U4 ML-10.U5 ML-10.U6 ML-10.U7 ML-10.U8`)

// The optional interfaces the simulator and agents use.
func TestEvaluatorAndCardPlayer(t *testing.T) {
	s := newGame(t, engine.Setup{Seed: 2, First: 1})
	var _ engine.Evaluator = s
	var _ engine.CardPlayer = s
	if e := s.Evaluate(0); e <= 0 || e >= 1 {
		t.Errorf("Evaluate at the start: %v", e)
	}
	s.seats[1].life = 2
	if s.Evaluate(0) <= s.Evaluate(1) {
		t.Errorf("the player with more life is not ahead")
	}
	hand := s.seats[0].zones[zHand-1][0]
	if got := s.PlayedCard(act(vPlay, hand)); got != int(s.cards[hand].def) || (Game{}).Cards()[got].Name != s.def(hand).name {
		t.Errorf("PlayedCard(play %d) = %d", hand, got)
	}
	if s.PlayedCard(act(vNext)) != -1 {
		t.Errorf("next plays a card")
	}
}

// A card bought from the market into a hand stays known to the opponent:
// determinizing keeps it there and resamples only the secret cards.
func TestDeterminizeKeepsBoughtCards(t *testing.T) {
	s := newGame(t, engine.Setup{Seed: 11, First: 1})
	s.seats[0].sugar = 9
	bought := s.shared[0][0]
	if err := s.Apply(act(vBuy, bought)); err != nil {
		t.Fatal(err)
	}
	secret := map[int16]bool{}
	for _, c := range s.seats[0].zones[zHand-1] {
		if c != bought {
			secret[c] = true
		}
	}
	moved := false
	for i := 0; i < 20; i++ {
		r := engine.NewRNG(uint64(i))
		d := s.Determinize(1, &r).(*state)
		hand := d.seats[0].zones[zHand-1]
		if !slices.Contains(hand, bought) || d.cards[bought].zone != zHand {
			t.Fatalf("the bought %s left p1's hand in a determinization", s.cardName(bought))
		}
		for _, c := range hand {
			if c != bought && !secret[c] {
				moved = true
			}
		}
		if err := invariants(d); err != nil {
			t.Fatalf("determinization breaks an invariant: %v", err)
		}
	}
	if !moved {
		t.Errorf("the secret hand cards were never resampled")
	}
	// p1's own view of its hand is unchanged in p1's determinization.
	r := engine.NewRNG(99)
	d := s.Determinize(0, &r).(*state)
	if !slices.Equal(d.seats[0].zones[zHand-1], s.seats[0].zones[zHand-1]) {
		t.Errorf("p1's own hand changed in p1's determinization")
	}
}

// Actions are labelled for people with card names.
func TestDescribe(t *testing.T) {
	s := newGame(t, engine.Setup{Seed: 4, First: 1})
	c := s.seats[0].zones[zHand-1][0]
	for _, viewer := range []engine.Seat{0, 1, engine.NoSeat} {
		if got := s.Describe(act(vPlay, c), viewer); got != "Play "+s.cardName(c) {
			t.Errorf("Describe(play) for %v = %q", viewer, got)
		}
	}
	if got := s.Describe(act(vBuyBasic, 1), 1); got != "Buy Nahrung" {
		t.Errorf("Describe(buybasic nahrung) = %q", got)
	}
	if got := s.Describe(act(vNext), 0); got != "End main1" {
		t.Errorf("Describe(next) = %q", got)
	}
}

// act builds an action, for tests.
func act(v engine.Verb, args ...int16) engine.Action {
	return add(nil, v, args...)[0]
}
