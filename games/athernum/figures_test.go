package athernum

import (
	"encoding/json"
	"reflect"
	"testing"

	"kartenwerk/engine"
)

// figures are a state's Measures by name.
func figures(s *State) map[string]int {
	m := map[string]int{}
	for _, x := range s.Measures(nil) {
		if _, dup := m[x.Name]; dup {
			panic("figure reported twice: " + x.Name)
		}
		m[x.Name] = x.Value
	}
	return m
}

func wantFigures(t *testing.T, s *State, want map[string]int) {
	t.Helper()
	if got := figures(s); !reflect.DeepEqual(got, want) {
		t.Fatalf("figures\n got %v\nwant %v", got, want)
	}
}

// Two stacks, of depth 2 and 1, around a table of three (AT-5.15): the
// figures give the deepest stack, 3 items in 2 resolutions (a mean depth
// of 1.5), and the 2 responses made while a stack was open: a face-down
// item revealed (AT-5.24) and an ability activated (AT-5.7). The
// activations that open a stack are no responses.
func TestFiguresCountTheStack(t *testing.T) {
	s := table(t, nil, threeSeats)
	// Whoever has nothing left to respond with passes without being asked.
	s.do(t, "activate {Flame Adept} a1 {Wave Binder} c0", "reveal {Tower Shield}",
		"activate {Coral Warden} a1 {Wave Binder} c0")
	if s.sn != 2 || s.ToMove() != 2 {
		t.Fatalf("AT-5.15: want 2 items and p3 to answer, got %d items and %v to move", s.sn, s.ToMove())
	}
	s.do(t, "pass")
	// p2's turn: its resource is ready again (AT-4.1) for a stack of one.
	s.do(t, "endday", "activate {Coral Warden} a1 {Wave Binder} c0")
	s.passAll(t)
	if s.sn != 0 || s.active != 1 || s.dec != decMain {
		t.Fatalf("AT-5.15: want the second stack resolved in p2's Day; %d items, %v to move", s.sn, s.ToMove())
	}
	wantFigures(t, s, map[string]int{mAttacks: 0, mDeepest: 2, mResolved: 3, mResolutions: 2, mResponses: 2,
		mClaimed: 0, mEffectVP: 0})
}

// Nothing went on the stack: the stack figures are left out, the counts
// are there. The winner by superiority (AT-7.2) never held an Objective
// (AT-7.3), so there is no Objective turn either.
func TestFiguresLeaveOutWhatDidNotOccur(t *testing.T) {
	s := table(t, nil, nearSuperiority)
	s.do(t, "endday", "endday", "claim")
	wantWinner(t, s, 0, "superiority")
	wantFigures(t, s, map[string]int{mAttacks: 0, mClaimed: 1, mEffectVP: 0})
}

// The turn the winner first held its Objective, with every figure of the
// game. In the race greedy players run, a 6-VP Objective start card
// takes 1 VP in each of its Mornings (AT-4.1) and 1 claimed (AT-5.3), and
// wins in its third turn, the fifth of the game (AT-7.3), unless the
// second player fights it (AT-4.3 bars combat in the first turn only;
// this one does not attack).
// An exhausted Objective character is no Objective until revealed
// (AT-10.11): its two markers go in the Mornings of turns 3 and 5, so it
// is first held in turn 5, and its Morning VP wins in turn 7.
func TestFiguresObjectiveTurn(t *testing.T) {
	for _, c := range []struct {
		name, pos string
		do        []string
		won       int
		want      map[string]int
	}{
		{"start card", `
active: p1
turn: 1
phase: morning
seats:
  - zones: {main: [Blaze Herald]}
  - zones: {main: [Ember Warlord]}
`, []string{"claim", "endday", "endday", "claim", "endday", "endday", "claim"}, 5, map[string]int{mAttacks: 0,
			mDeepest: 1, mResolved: 3, mResolutions: 3, mResponses: 0, mClaimed: 3, mEffectVP: 3, mObjTurn: 1}},
		{"revealed", `
active: p1
turn: 3
phase: morning
seats:
  - zones:
      main: [Tide Sovereign]
      characters: [{card: Root Keeper, counters: {vp: 5, exhaustion: 2}}]
  - zones: {main: [Ember Warlord]}
`, []string{"endday", "endday", "endday", "endday"}, 7, map[string]int{mAttacks: 0, mDeepest: 1, mResolved: 1,
			mResolutions: 1, mResponses: 0, mClaimed: 0, mEffectVP: 1, mObjTurn: 5}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := table(t, nil, c.pos)
			s.do(t, c.do...)
			wantWinner(t, s, 0, "objective")
			if s.Turn() != c.won {
				t.Fatalf("won in turn %d, want %d", s.Turn(), c.won)
			}
			wantFigures(t, s, c.want)
		})
	}
}

// The figures are history: they are not part of the position, so the
// hash and the views ignore them, and a clone keeps them.
func TestFiguresStayOutOfHashAndViews(t *testing.T) {
	s := table(t, nil, duel)
	s.do(t, "claim")
	c := s.clone()
	if !reflect.DeepEqual(figures(c), figures(s)) {
		t.Fatal("a clone lost the figures")
	}
	c.hist = history{deepest: 9, resolved: 9, resolutions: 9, responses: 9, attacks: 9, claimed: 9, effectVP: 9, objTurn: [4]int16{9, 9, 9, 9}}
	if c.Hash() != s.Hash() {
		t.Fatal("the hash covers the figures")
	}
	for _, seat := range []engine.Seat{0, 1, engine.NoSeat, engine.Omniscient} {
		a, _ := json.Marshal(s.View(seat))
		b, _ := json.Marshal(c.View(seat))
		if string(a) != string(b) {
			t.Fatalf("the view of %v shows the figures", seat)
		}
	}
}

// tally counts, from outside, what the figures count from inside.
type tally struct {
	attacks, claims, responses int
}

// play plays a random game, counting attacks, claims, and actions other
// than pass and trigger placement made while the stack is open.
func (k *tally) play(s *State, rng *engine.RNG) {
	var legal []engine.Action
	for {
		if done, _ := s.Terminal(); done {
			return
		}
		legal = s.Legal(legal[:0])
		a := legal[rng.IntN(len(legal))]
		switch {
		case a.Verb == vAttack:
			k.attacks++
		case a.Verb == vClaim:
			k.claims++
		case s.sn > 0 && a.Verb != vPass && a.Verb != vTrigger:
			k.responses++
		}
		if err := s.Apply(a); err != nil {
			panic(err)
		}
	}
}

// Over random games of 2 to 4 seats the figures agree with what was
// played and with each other.
func TestFiguresOverRandomGames(t *testing.T) {
	rng := engine.NewRNG(5)
	objWins := 0
	for i := 0; i < 120; i++ {
		seats := 2 + i%3
		// Random games can stall for good: the optional limit ends them.
		st, err := theGame.New(engine.Setup{Game: "athernum", Seats: seats, Seed: engine.SeedFor(7, i), Variant: map[string]string{varTurnLimit: "200"}})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		var k tally
		k.play(s, &rng)
		if err := checkFigures(s, k); err != "" {
			t.Fatalf("game %d (%d seats): %s; figures %v", i, seats, err, figures(s))
		}
		if s.reason == "objective" {
			objWins++
		}
	}
	if objWins == 0 {
		t.Fatal("no game ended by an Objective: the winner's figure went untested")
	}
}

// checkFigures compares a finished game's figures with the tally of its
// actions and its final position; "" when they agree.
func checkFigures(s *State, k tally) string {
	f := figures(s)
	switch {
	case f[mAttacks] != k.attacks:
		return sprintf("%d attacks made", k.attacks)
	case f[mClaimed] != k.claims:
		return sprintf("%d claims made", k.claims)
	case f[mResponses] != k.responses:
		return sprintf("%d responses made", k.responses)
	case f[mDeepest] < 1 || f[mDeepest] > maxStack:
		return "deepest stack out of range"
	case f[mResolutions] < 1 || f[mResolved] < f[mResolutions] || f[mResolved] > f[mResolutions]*f[mDeepest]:
		return "each resolution resolves 1 to deepest items"
	}
	var vp [4]int
	s.vpTally(&vp)
	if on := vp[0] + vp[1] + vp[2] + vp[3]; on > f[mClaimed]+f[mEffectVP] {
		return sprintf("%d VP on the field, more than were claimed or gained", on)
	}
	t, held := f[mObjTurn]
	if s.reason == "objective" && (!held || t < 1 || t > s.Turn()) {
		return "an Objective won without being held in the game's turns"
	}
	if held && s.winners.Len() != 1 {
		return "a winner's figure without a single winner"
	}
	return ""
}
