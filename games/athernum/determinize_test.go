package athernum

import (
	"reflect"
	"testing"

	"kartenwerk/engine"
)

// randomPositions plays random games with preset decks (2 to 4 seats)
// and calls fn at every every-th decision, setup included.
func randomPositions(t testing.TB, games, every int, fn func(s *State)) {
	t.Helper()
	rng := engine.NewRNG(5)
	var legal []engine.Action
	for g := 0; g < games; g++ {
		st, err := theGame.New(engine.Setup{Game: "athernum", Seats: 2 + g%3, Seed: uint64(g + 1)})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		for i := 0; i < 400; i++ {
			if done, _ := s.Terminal(); done {
				break
			}
			if i%every == 0 {
				fn(s)
			}
			legal = s.Legal(legal[:0])
			if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// sameCards: every id of the zone is the same card in a and b.
func sameCards(a, b *State, ids []int16) bool {
	for _, id := range ids {
		if a.cards[id].def != b.cards[id].def {
			return false
		}
	}
	return true
}

// identity counts, over determinizations, how often an opponent's hidden
// zone came out exactly as it really is.
type identity struct{ same, of int }

func (k *identity) note(same bool) {
	k.of++
	if same {
		k.same++
	}
}

func TestDeterminizeResamplesEveryHiddenZone(t *testing.T) {
	// AT-2.2, AT-2.3: an opponent's hand, deck and Extra deck are theirs
	// alone; a search must not find them as they are.
	var hand, deck, extra identity
	r := engine.NewRNG(11)
	randomPositions(t, 60, 7, func(s *State) {
		if s.phase == phSetup {
			return
		}
		me := s.ToMove()
		d := s.Determinize(me, &r).(*State)
		for p := int8(0); p < s.n; p++ {
			pl := &s.pl[p]
			if engine.Seat(p) == me {
				continue
			}
			if pl.hand.n > 1 {
				hand.note(sameCards(s, d, s.zs(pl.hand)))
			}
			if pl.deck.n > 1 {
				deck.note(sameCards(s, d, s.zs(pl.deck)))
			}
			if pl.extra.n > 0 {
				extra.note(sameCards(s, d, s.zs(pl.extra)))
			}
		}
	})
	t.Logf("identical to the real zone: hand %d of %d, deck %d of %d, Extra deck %d of %d",
		hand.same, hand.of, deck.same, deck.of, extra.same, extra.of)
	if extra.of < 100 || extra.same*4 > extra.of*3 {
		t.Errorf("the Extra deck is resampled in too few determinizations: the real one in %d of %d", extra.same, extra.of)
	}
	if hand.same*10 > hand.of || deck.same*10 > deck.of {
		t.Errorf("hands or decks hardly resampled: hand %d of %d, deck %d of %d", hand.same, hand.of, deck.same, deck.of)
	}
}

// defsOfPlayer counts each definition among p's cards in the given
// zones of s.
func defsOfPlayer(s *State, p int8, zones ...uint8) map[string]int {
	out := map[string]int{}
	for id := 1; id < len(s.cards); id++ {
		c := &s.cards[id]
		if c.owner != p || c.flags&fToken != 0 {
			continue
		}
		for _, z := range zones {
			if c.zone == z {
				out[s.def(int16(id)).name]++
			}
		}
	}
	return out
}

var mainZones = []uint8{zDeck, zHand, zMain, zLoc, zChars, zItem, zDiscard, zVoid, zStack}

func TestDeterminizeKnowingDecksKeepsToTheRealLists(t *testing.T) {
	// The symmetric-knowledge determinization moves each player's unseen
	// cards among their hidden places, the Extra deck's within the Extra
	// deck (AT-2.2), and changes nothing else.
	r := engine.NewRNG(12)
	var extra identity
	randomPositions(t, 30, 9, func(s *State) {
		me := s.ToMove()
		r2 := r
		d := s.DeterminizeKnowingDecks(me, &r).(*State)
		for p := int8(0); p < s.n; p++ {
			if got, want := defsOfPlayer(d, p, mainZones...), defsOfPlayer(s, p, mainZones...); !reflect.DeepEqual(got, want) {
				t.Fatalf("p%d's main deck cards changed: %v, really %v", p+1, got, want)
			}
			if got, want := defsOfPlayer(d, p, zExtra), defsOfPlayer(s, p, zExtra); !reflect.DeepEqual(got, want) {
				t.Fatalf("p%d's Extra deck changed: %v, really %v", p+1, got, want)
			}
			if engine.Seat(p) != me && s.pl[p].extra.n > 1 {
				extra.note(sameCards(s, d, s.zs(s.pl[p].extra)))
			}
		}
		if !reflect.DeepEqual(s.View(me), d.View(me)) {
			t.Fatalf("%v's view changed", me)
		}
		if !reflect.DeepEqual(s.Legal(nil), d.Legal(nil)) {
			t.Fatalf("%v's legal actions changed", me)
		}
		// Indistinguishable states, one random stream: one result.
		r3 := r2
		a := s.DeterminizeKnowingDecks(me, &r2)
		b := d.DeterminizeKnowingDecks(me, &r3)
		if a.Hash() != b.Hash() {
			t.Fatalf("DeterminizeKnowingDecks depends on where the hidden cards really are")
		}
	})
	t.Logf("Extra decks of 2+ cards in their real order: %d of %d", extra.same, extra.of)
	if extra.of == 0 || extra.same == extra.of {
		t.Errorf("the Extra deck is never reordered: %d of %d", extra.same, extra.of)
	}
}

func TestDeterminizeKeepsEveryWorldLegal(t *testing.T) {
	// AT-2.2, AT-8.2, AT-8.4, AT-3.2, AT-5.5: in a sampled world no name
	// exceeds 4 copies in a player's main or Extra deck, the Extra deck
	// holds Extra-deck cards only and the rest none, and a secret card is
	// of its slot's kind.
	r := engine.NewRNG(13)
	randomPositions(t, 40, 5, func(s *State) {
		me := s.ToMove()
		d := s.Determinize(me, &r).(*State)
		for p := int8(0); p < d.n; p++ {
			for name, n := range defsOfPlayer(d, p, mainZones...) {
				if n > 4 {
					t.Fatalf("p%d has %d %s in the main deck", p+1, n, name)
				}
			}
			for name, n := range defsOfPlayer(d, p, zExtra) {
				if n > 4 {
					t.Fatalf("p%d has %d %s in the Extra deck", p+1, n, name)
				}
			}
			pl := &d.pl[p]
			for _, id := range d.zs(pl.extra) {
				if !d.def(id).extra {
					t.Fatalf("p%d's Extra deck holds %s", p+1, d.def(id).name)
				}
			}
			for _, z := range []zone{pl.deck, pl.hand} {
				for _, id := range d.zs(z) {
					if d.def(id).extra || d.def(id).token {
						t.Fatalf("p%d's hand or deck holds %s", p+1, d.def(id).name)
					}
				}
			}
			for _, id := range append([]int16{pl.main, pl.loc}, d.zs(pl.items)...) {
				if id != 0 && d.cards[id].secret() && !d.fits(id, d.cards[id].def) {
					t.Fatalf("secret c%d in %s became %s", id, zoneNames[d.cards[id].zone], d.def(id).name)
				}
			}
		}
	})
}

// presetsListing names the presets whose main deck lists all of names.
func presetsListing(names map[string]int) []string {
	var out []string
	for k, d := range theGame.pool.presets {
		ok := true
		for name, n := range names {
			have := 0
			for _, e := range d.Entries {
				if e.Section == "" && e.Card == name {
					have += e.Count
				}
			}
			if have < n {
				ok = false
			}
		}
		if ok {
			out = append(out, theGame.pool.presets[k].Name)
		}
	}
	return out
}

func TestDeterminizeUsesThePriorNotTheList(t *testing.T) {
	// Before any card of p2 is seen, p2's deck may be any preset: cards
	// outside the real list appear. Once p2's start card is revealed, only
	// the presets holding it remain.
	st, _ := theGame.New(engine.Setup{Game: "athernum", Seats: 2, Seed: 1})
	s := st.(*State)
	real := s.g.pool.presets[s.g.pool.presetIndex(1, 1)].Name
	r := engine.NewRNG(14)
	decks := map[string]bool{}
	for i := 0; i < 200; i++ {
		d := s.Determinize(0, &r).(*State)
		for _, name := range presetsListing(defsOfPlayer(d, 1, zDeck)) {
			decks[name] = true
		}
	}
	if len(decks) != len(s.g.pool.presets) {
		t.Errorf("during setup p2's deck (really %s) is sampled only as %v", real, decks)
	}
	for s.phase == phSetup {
		s.do(t, codec.Format(s.Legal(nil)[0]))
	}
	start := s.def(s.pl[1].main)
	if s.pl[1].main == 0 {
		start = s.def(s.pl[1].loc)
	}
	holding := presetsListing(map[string]int{start.name: 1})
	decks = map[string]bool{}
	me := engine.Seat(0)
	for i := 0; i < 200; i++ {
		d := s.Determinize(me, &r).(*State)
		for _, name := range presetsListing(defsOfPlayer(d, 1, mainZones...)) {
			decks[name] = true
		}
	}
	if len(decks) != len(holding) {
		t.Errorf("p2 started with %s, which %v list; worlds drew p2's deck as %v", start.name, holding, decks)
	}
}

// ownDeck is a legal deck that is no preset: every fourth card of the
// pool, of every faction.
func ownDeck(t *testing.T) engine.DeckList {
	t.Helper()
	d := engine.DeckList{Name: "own"}
	for i := 1; i < len(theGame.pool.defs) && d.Size("") < 60; i += 4 {
		cd := &theGame.pool.defs[i]
		if !cd.extra && !cd.token {
			d.Entries = append(d.Entries, engine.DeckEntry{Count: 4, Card: cd.name})
		}
	}
	for d.Size("") > 60 {
		d.Entries[0].Count--
	}
	d.Entries = append(d.Entries, engine.DeckEntry{Count: 1, Card: "Void Herald", Section: "extra"})
	if ps := theGame.ValidateDeck(d); len(ps) > 0 {
		t.Fatalf("the test deck is illegal: %v", ps)
	}
	return d
}

func TestDeterminizeDrawsAnOwnDeckFromThePool(t *testing.T) {
	// A deck that is no preset: the prior falls back to the card pool under
	// the construction rules (AT-8), so cards outside the real list, and
	// Extra-deck cards other than the real one, appear.
	own := ownDeck(t)
	presetDeck := theGame.pool.presets[1]
	st, err := theGame.New(engine.Setup{Game: "athernum", Seats: 2, Seed: 3, Decks: []engine.DeckList{presetDeck, own}})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for s.phase == phSetup {
		s.do(t, codec.Format(s.Legal(nil)[0]))
	}
	listed := map[string]bool{}
	for _, e := range own.Entries {
		listed[e.Card] = true
	}
	r := engine.NewRNG(15)
	outside, otherExtra := 0, 0
	for i := 0; i < 100; i++ {
		d := s.Determinize(0, &r).(*State)
		for name := range defsOfPlayer(d, 1, zHand, zDeck) {
			if !listed[name] {
				outside++
			}
		}
		if _, ok := defsOfPlayer(d, 1, zExtra)["Void Herald"]; !ok {
			otherExtra++
		}
	}
	if outside == 0 || otherExtra == 0 {
		t.Errorf("p2's own deck is known to p1's search: %d cards outside its list, %d other Extra decks in 100 worlds", outside, otherExtra)
	}
}

func TestSampledWorldsEndWhereTheGameNeedNot(t *testing.T) {
	// AT-10.U6: the real game has no turn limit; a sampled world, which a
	// search plays out, ends at the simulator's cap (or as many turns on
	// when the game is past it), and keeps a limit the game has.
	for _, tc := range []struct {
		variant    map[string]string
		turn, want int
	}{
		{nil, 5, simTurnCap},
		{nil, 250, 250 + simTurnCap},
		{map[string]string{varTurnLimit: "60"}, 5, 60},
	} {
		s := table(t, tc.variant, sprintf("turn: %d\n", tc.turn)+duel[1:])
		limit := s.r.turnLimit
		r := engine.NewRNG(1)
		for _, d := range []engine.State{s.Determinize(0, &r), s.DeterminizeKnowingDecks(1, &r)} {
			if got := d.(*State).r.turnLimit; got != tc.want {
				t.Errorf("turn %d, variant %v: the world's limit is %d, want %d", tc.turn, tc.variant, got, tc.want)
			}
		}
		if s.r.turnLimit != limit {
			t.Errorf("determinizing changed the game's own limit to %d", s.r.turnLimit)
		}
	}
}
