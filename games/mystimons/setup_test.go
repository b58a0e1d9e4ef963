package mystimons

import (
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

func presetSetup(seed uint64) engine.Setup {
	g := New()
	return engine.Setup{Game: "mystimons", Seats: 2, Seed: seed, Decks: []engine.DeckList{g.presets[0], g.presets[1]}}
}

// MM-3.3, MM-3.4, MM-10.4: 7 cards; a hand without a Stufe-1 MystiMon is redrawn (mandatory), and the
// opponent draws 1 extra per mulligan.
func TestMulligan_MM_3_4(t *testing.T) {
	seen := 0
	for seed := uint64(1); seed < 200; seed++ {
		st, err := New().New(presetSetup(seed))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*state)
		for seat := range s.p {
			p := &s.p[seat]
			want := 7 + int(s.p[1-seat].mulligans)
			if int(p.hand.n) != want {
				t.Fatalf("seed %d: p%d holds %d cards, want 7 + %d", seed, seat+1, p.hand.n, s.p[1-seat].mulligans)
			}
			if !s.hasStage1(seat) {
				t.Fatalf("seed %d: p%d kept a hand without a Stufe-1 MystiMon", seed, seat+1)
			}
			if p.mulligans > 0 {
				seen++
			}
		}
	}
	if seen == 0 {
		t.Fatal("no mulligan happened in 200 deals")
	}
}

// MM-3.5: both place in secret: p2 sees p1's placement as backs until both are done; then all is revealed.
// MM-3.2, MM-3.7: the first player is chosen from the seed and skips the first draw.
func TestSecretPlacement_MM_3_5(t *testing.T) {
	st, _ := New().New(presetSetup(3))
	s := st.(*state)
	if s.phase != phSetup || s.ToMove() != 0 {
		t.Fatal("setup starts with p1 placing")
	}
	var first engine.Action
	for _, a := range s.Legal(nil) {
		if a.Verb == vPlace {
			first = a
			break
		}
	}
	if l := s.Describe(first, 1); l != "p1 places a MystiMon face down" {
		t.Fatalf("p2 sees the label %q", l)
	}
	if err := s.Apply(first); err != nil {
		t.Fatal(err)
	}
	if c := s.View(1).Player(0).Zone(znActive).Cards[0]; !c.Hidden || c.ID != -1 {
		t.Fatalf("p2 sees p1's Active: %+v", c)
	}
	if c := s.View(0).Player(0).Zone(znActive).Cards[0]; c.Hidden || !c.HasStatus("face-down") {
		t.Fatalf("p1 sees its own Active face down: %+v", c)
	}
	refused(t, s, "place c999", "There is no card c999")
	for s.phase == phSetup {
		legal := s.Legal(nil)
		if err := s.Apply(legal[len(legal)-1]); err != nil { // "done" as soon as allowed
			t.Fatal(err)
		}
	}
	for seat := range s.p {
		if c := s.View(engine.Seat(1 - seat)).Player(engine.Seat(seat)).Zone(znActive).Cards[0]; c.Hidden {
			t.Fatal("placement is revealed once both are done")
		}
	}
	f := s.first
	want := 7 + int(s.p[1-f].mulligans) - s.p[f].fieldCount()
	if s.active != f || s.turn != 1 || int(s.p[f].hand.n) != want {
		t.Fatalf("first player p%d should not draw on turn 1: hand %d want %d", f+1, s.p[f].hand.n, want)
	}
	firsts := map[uint8]int{}
	for seed := uint64(0); seed < 40; seed++ {
		st, _ := New().New(presetSetup(seed))
		firsts[st.(*state).first]++
	}
	if firsts[0] == 0 || firsts[1] == 0 {
		t.Fatal("the first player should vary with the seed (MM-10.U2)")
	}
	st, _ = New().New(engine.Setup{Game: "mystimons", Seats: 2, Seed: 3, First: 2})
	if st.(*state).first != 1 {
		t.Fatal("setup.First fixes the first player")
	}
}

// MM-4.1: the Draw Phase draws 1 card.
func TestDraw_MM_4_1(t *testing.T) {
	s := pos(t, "", duel("active: [Embrix]", "active: [Aquor]"))
	do(t, s, "end")
	if s.p[1].hand.n != 1 || s.p[1].deck.n != 3 {
		t.Fatal("p2 draws 1")
	}
}

// MM-10.9, MM-10.10: same-turn evolution is the default; variant evolve-timing=next-turn needs the
// threshold at the start of the turn and makes a MystiMon that entered or evolved this turn wait.
func TestEvolveTiming_MM_10_9(t *testing.T) {
	const table = "active: p1\nphase: energy\nseats:\n  - zones: {active: [{card: Embrix, counters: {energy: 2}}], hand: [Fire Energy, Flaru, Pyralux], deck: [Fire Energy]}\n  - zones: {active: [Aquor], deck: [Water Energy]}\n"
	s := pos(t, "", table)
	do(t, s, "attach {h1:Fire Energy} {p1:Embrix}", "evolve {Flaru} {Embrix}")
	s = pos(t, "evolve-timing=next-turn", table)
	do(t, s, "attach {h1:Fire Energy} {p1:Embrix}")
	refused(t, s, "evolve {Flaru} {Embrix}", "needs 3")
	endTurn(t, s, 2)
	do(t, s, "skip", "evolve {Flaru} {Embrix}")
	s.cards[id(t, s, "Flaru")].energy = 5
	refused(t, s, "evolve {Pyralux} {Flaru}", "must wait")
}

// A setup naming no deck plays presets chosen by engine.DefaultPreset:
// nine consecutive seeds meet each of the nine ordered pairings of the
// three presets once, mirror matches included.
func TestDefaultDecksMeetEveryPairing(t *testing.T) {
	lists := presetNames(t)
	which := func(s *state, seat uint8) string {
		owned := ownedNames(s, seat)
		for name, l := range lists {
			if slices.Equal(l, owned) {
				return name
			}
		}
		t.Fatalf("p%d plays no preset", seat+1)
		return ""
	}
	pairs := map[string]int{}
	for seed := uint64(1); seed <= 9; seed++ {
		st, err := New().New(engine.Setup{Game: "mystimons", Seats: 2, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*state)
		pairs[which(s, 0)+" vs "+which(s, 1)]++
	}
	if len(pairs) != 9 {
		t.Errorf("seeds 1..9 met %d pairings, want all 9: %v", len(pairs), pairs)
	}
}

// MM-3.4: the mulligans of the deal are a note at the table until the
// first player's first turn is over, and the game's first log line keeps
// them for the rest of the game.
func TestMulliganNoteBelongsToTheStart_MM_3_4(t *testing.T) {
	s := dealtWithMulligan(t)
	w := engine.Words{Lang: i18n.DE, Names: []string{"Anna", "Ben"}}
	want := s.mulliganNotes(nil, w)[0]
	first := s.Legal(nil)[0]
	if line := s.Say(first, engine.NoSeat, engine.Log, w); !strings.Contains(line, want) {
		t.Errorf("the first log line %q does not keep the note %q", line, want)
	}
	for s.turn < 2 && !s.over {
		if notes := strings.Join(s.notesIn(w), "; "); !strings.Contains(notes, want) {
			t.Fatalf("turn %d, phase %d: the note %q is missing from %q", s.turn, s.phase, want, notes)
		}
		a := s.Legal(nil)[0]
		if s.turn == 1 && legalHasVerb(s, vEnd) {
			a = act(vEnd, 0, 0)
		}
		if s.turn >= 1 && !s.firstAction() {
			if line := s.Say(a, engine.NoSeat, engine.Log, w); strings.Contains(line, want) {
				t.Errorf("a later log line repeats the note: %q", line)
			}
		}
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if notes := s.notesIn(w); slices.Contains(notes, want) {
		t.Errorf("turn %d: the note %q is still shown: %q", s.turn, want, notes)
	}
}

// dealtWithMulligan is a fresh game whose deal took a mulligan.
func dealtWithMulligan(t *testing.T) *state {
	t.Helper()
	for seed := uint64(1); seed < 200; seed++ {
		st, err := New().New(presetSetup(seed))
		if err != nil {
			t.Fatal(err)
		}
		if s := st.(*state); s.p[0].mulligans+s.p[1].mulligans > 0 {
			return s
		}
	}
	t.Fatal("no mulligan happened in 200 deals")
	return nil
}

func legalHasVerb(s *state, verb engine.Verb) bool {
	for _, a := range s.Legal(nil) {
		if a.Verb == verb {
			return true
		}
	}
	return false
}
