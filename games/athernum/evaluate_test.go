package athernum

import (
	"context"
	"fmt"
	"math"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/sim"
)

// evalDuel is a Day position of p1's turn; p1 and p2 are the seats'
// blocks in YAML flow style.
func evalDuel(p1, p2 string) string {
	return "active: p1\nphase: day\nseats:\n  - " + p1 + "\n  - " + p2 + "\n"
}

const (
	evalDeck = "deck: [Iron Blade, Iron Blade, Iron Blade, Iron Blade, Iron Blade, Iron Blade, Iron Blade, Iron Blade]"
	// evalPlain is a seat with a main character without an Objective.
	evalPlain = "{zones: {main: [Ember Warlord], " + evalDeck + "}, counters: {command: 2}}"
)

// TestEvaluateJudgesWhatDecidesTheGame: of two positions that differ in
// one respect, the one better for p1 scores higher for p1.
func TestEvaluateJudgesWhatDecidesTheGame(t *testing.T) {
	herald := func(extra string) string {
		return "{zones: {main: [{card: Blaze Herald" + extra + "}], " + evalDeck + "}, counters: {command: 2}}"
	}
	withZone := func(zone string) string {
		return "{zones: {main: [Ember Warlord], " + zone + ", " + evalDeck + "}, counters: {command: 2}}"
	}
	for _, tc := range []struct {
		name                             string
		better1, better2, worse1, worse2 string
	}{
		{"AT-7.3 VP on an Objective character", herald(", counters: {vp: 5}"), herald(""), herald(""), herald("")},
		{"AT-7.3 the opponent's Objective is further off", herald(""), herald(""), herald(""), herald(", counters: {vp: 5}")},
		{"AT-10.11 a face-down Objective character cannot win until revealed", herald(", counters: {vp: 5}"), herald(""),
			herald(", counters: {vp: 5, exhaustion: 2}"), herald("")},
		{"AT-7.2 nearer point superiority", "{zones: {main: [{card: Ember Warlord, counters: {vp: 4}}], " + evalDeck + "}}", evalPlain,
			"{zones: {main: [{card: Ember Warlord, counters: {vp: 1}}], " + evalDeck + "}}", evalPlain},
		{"AT-2.4 a character in play", withZone("characters: [Oakheart Titan]"), evalPlain, evalPlain, evalPlain},
		{"AT-2.7 an item on a character", "{zones: {main: [{card: Ember Warlord, attached: [Runed Spear]}], " + evalDeck + "}}", evalPlain, evalPlain, evalPlain},
		{"AT-5.13 damage on a character", evalPlain, evalPlain, "{zones: {main: [{card: Ember Warlord, counters: {damage: 3}}], " + evalDeck + "}}", evalPlain},
		{"AT-2.3 cards in hand", withZone("hand: [Cinder Scout, Cinder Scout]"), evalPlain, evalPlain, evalPlain},
		{"AT-2.9 resource tokens", "{zones: {main: [Ember Warlord], " + evalDeck + "}, counters: {res.ember: 1, exhausted.ember: 2}}", evalPlain, evalPlain, evalPlain},
		{"AT-7.4 a deck that can still be drawn from", evalPlain, evalPlain, "{zones: {main: [Ember Warlord], deck: [Iron Blade]}}", evalPlain},
	} {
		better := table(t, nil, evalDuel(tc.better1, tc.better2)).Evaluate(0)
		worse := table(t, nil, evalDuel(tc.worse1, tc.worse2)).Evaluate(0)
		if !(better > worse) {
			t.Errorf("%s: the better position scores %.4f for p1, the worse %.4f", tc.name, better, worse)
		}
	}
}

// TestEvaluateMirroredPositionIsEven: the evaluation favours no seat.
func TestEvaluateMirroredPositionIsEven(t *testing.T) {
	seat := "{zones: {main: [{card: Blaze Herald, counters: {vp: 1}}], characters: [Cinder Scout], hand: [Iron Blade], " + evalDeck + "}, counters: {res.ember: 2}}"
	s := table(t, nil, evalDuel(seat, seat))
	if a, b := s.Evaluate(0), s.Evaluate(1); math.Abs(a-0.5) > 1e-12 || math.Abs(b-0.5) > 1e-12 {
		t.Errorf("mirrored seats score %v and %v, want 0.5 each", a, b)
	}
}

// TestEvaluatePendingAttack: an attack waiting for the defender's answer
// is judged as if fought undefended (AT-5.13), so the attacker's gain
// shows before the opponent answers.
func TestEvaluatePendingAttack(t *testing.T) {
	pos := "active: p1\nphase: combat\nseats:\n" +
		"  - {zones: {main: [Ember Warlord], characters: [Oakheart Titan], " + evalDeck + "}}\n" +
		"  - {zones: {main: [{card: Tide Sovereign, status: [exhausted]}], characters: [Cinder Scout], " + evalDeck + "}}\n"
	s := table(t, nil, pos)
	before := s.Evaluate(0)
	s.do(t, "attack {Oakheart Titan} {Cinder Scout}")
	if s.dec != decDefend {
		t.Fatalf("no defender decision after the attack: %v", s.legalText())
	}
	pending := s.Evaluate(0)
	s.do(t, "nodefend")
	fought := s.Evaluate(0)
	if math.Abs(pending-fought) > 1e-12 {
		t.Errorf("while the defender decides p1 scores %.6f, after the undefended fight %.6f", pending, fought)
	}
	if !(fought > before) {
		t.Errorf("killing the Cinder Scout with an attack lowered p1's score from %.4f to %.4f", before, fought)
	}
}

// TestEvaluateCountsTheStack: a character on its way to the field (on the
// stack, AT-5.15) counts as played, so playing a card is not a loss.
func TestEvaluateCountsTheStack(t *testing.T) {
	seat := "{zones: {main: [Ember Warlord], hand: [Oakheart Titan], " + evalDeck + "}, counters: {res.grove: 5}}"
	opp := "{zones: {main: [Tide Sovereign], hand: [Smoke Bomb], characters: [Mist Seer], " + evalDeck + "}, counters: {res.tide: 5}}"
	_, before, after := evalOnStack(t, seat, opp, "play {Oakheart Titan}")
	if !(after > before) {
		t.Errorf("playing the Titan: p1 scores %.4f before, %.4f with it on the stack", before, after)
	}
}

// evalOnStack builds a duel, takes action, which must wait on the stack,
// and returns the state and p1's score before and after it.
func evalOnStack(t *testing.T, seat, opp, action string) (*State, float64, float64) {
	t.Helper()
	s := table(t, nil, evalDuel(seat, opp))
	before := s.Evaluate(0)
	s.do(t, action)
	if s.sn == 0 {
		t.Fatalf("%s did not wait on the stack", action)
	}
	return s, before, s.Evaluate(0)
}

// TestEvaluateCountsVPOnTheirWay: VP that an ability on the stack will
// move onto a card (AT-7.1) count from when it is activated, as much as
// once it has resolved.
func TestEvaluateCountsVPOnTheirWay(t *testing.T) {
	seat := "{zones: {main: [{card: Blaze Herald, attached: [Signet of Claim]}], " + evalDeck + "}, counters: {command: 2}}"
	opp := "{zones: {main: [{card: Tide Sovereign, attached: [{card: Hidden Snare, status: [face-down]}]}], " + evalDeck + "}}"
	s, before, pending := evalOnStack(t, seat, opp, "activate {Signet of Claim} a1 c0 c0")
	s.passAll(t)
	if s.sn != 0 || s.cards[s.id(t, "Blaze Herald")].vp != 1 {
		t.Fatalf("the Signet's VP did not arrive: %v", s.legalText())
	}
	resolved := s.Evaluate(0)
	if !(pending > before) || math.Abs(pending-resolved) > 1e-12 {
		t.Errorf("p1 scores %.6f before the Signet, %.6f with its VP on the stack, %.6f once they arrived", before, pending, resolved)
	}
}

// TestEvaluateTerminal: a finished game is worth 1 to its winner, 0 to
// the others, 0.5 to everyone in a draw (AT-7.3, AT-7.6).
func TestEvaluateTerminal(t *testing.T) {
	won := "{zones: {main: [{card: Blaze Herald, counters: {vp: 6}}], " + evalDeck + "}}"
	s := table(t, nil, evalDuel(evalPlain, won))
	wantWinner(t, s, 1, "objective")
	if a, b := s.Evaluate(0), s.Evaluate(1); a != 0 || b != 1 {
		t.Errorf("p2 won: Evaluate gives p1 %v, p2 %v", a, b)
	}
	s = table(t, nil, evalDuel(won, won))
	wantWinner(t, s, engine.NoSeat, "objective")
	if a, b := s.Evaluate(0), s.Evaluate(1); a != 0.5 || b != 0.5 {
		t.Errorf("a draw: Evaluate gives p1 %v, p2 %v", a, b)
	}
}

func TestEvaluateAllocatesNothing(t *testing.T) {
	seat := "{zones: {main: [{card: Blaze Herald, counters: {vp: 1}}], characters: [Cinder Scout], " + evalDeck + "}}"
	s := table(t, nil, evalDuel(seat, evalPlain))
	if n := testing.AllocsPerRun(100, func() { s.Evaluate(0) }); n != 0 {
		t.Errorf("Evaluate allocates %v times", n)
	}
}

// evaluationInRange is an invariant of every position (property_test):
// each seat's chance is in [0, 1]; in a game going on a seat that is out
// has none and the chances add up to 1.
func evaluationInRange(s *State) error {
	done, _ := s.Terminal()
	sum := 0.0
	for p := 0; p < int(s.n); p++ {
		v := s.Evaluate(engine.Seat(p))
		if !(v >= 0 && v <= 1) {
			return fmt.Errorf("Evaluate(p%d) = %v, outside [0, 1]", p+1, v)
		}
		if !done && s.pl[p].out && v != 0 {
			return fmt.Errorf("p%d is out but Evaluate gives %v", p+1, v)
		}
		sum += v
	}
	if !done && math.Abs(sum-1) > 1e-9 {
		return fmt.Errorf("the seats' chances add up to %v, not 1", sum)
	}
	return nil
}

// TestGreedyBeatsRandom: one action of lookahead judged by Evaluate wins
// clearly against random play, each deal played from both seats.
func TestGreedyBeatsRandom(t *testing.T) {
	rep, err := sim.Run(context.Background(), sim.Config{Game: theGame, Games: 200, Seed: 11, Seats: 2,
		Agents: []string{"greedy", "random"}, Mirror: true, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Errors > 0 {
		t.Fatalf("%d games failed", rep.Errors)
	}
	w := rep.EntrantRates[0].WinRate
	t.Logf("greedy wins %.2f (95%% interval %.2f-%.2f) of %d games", w.Rate, w.Low, w.High, rep.Games)
	if w.Low < 0.75 {
		t.Errorf("greedy wins only %.2f (95%% interval %.2f-%.2f) against random", w.Rate, w.Low, w.High)
	}
}

// TestPlayedCard: the actions that play a card from hand or Extra deck
// (AT-5.4, AT-5.5, AT-5.8, AT-2.2) and the choice of a start card
// (AT-3.2) name it by its index in Cards(); the others name none.
func TestPlayedCard(t *testing.T) {
	s := table(t, nil, evalDuel(
		"{zones: {main: [Ember Warlord], hand: [Oakheart Titan, Tower Shield, Spark Courier], extra: [Void Herald], "+evalDeck+"}, counters: {res.grove: 8, command: 2}}",
		"{zones: {main: [Tide Sovereign]}}"))
	var _ engine.CardPlayer = s
	cards := theGame.Cards()
	for _, tc := range []struct{ action, card string }{
		{"play {Oakheart Titan}", "Oakheart Titan"},
		{"attach {Tower Shield} {Ember Warlord} down", "Tower Shield"},
		{"support {Spark Courier} a1 c0 c0", "Spark Courier"},
		{"play {Void Herald}", "Void Herald"},
		{"draw", ""},
		{"endday", ""},
		{"play {Ember Warlord}", ""}, // in play already, not in hand
	} {
		a := s.act(t, tc.action)
		got := s.PlayedCard(a)
		switch {
		case tc.card == "" && got != -1:
			t.Errorf("%s plays no card, PlayedCard gives %d", tc.action, got)
		case tc.card != "" && (got < 0 || got >= len(cards) || cards[got].Name != tc.card):
			t.Errorf("%s: PlayedCard gives %d, want the index of %s", tc.action, got, tc.card)
		case tc.card != "" && !s.isLegal(t, tc.action):
			t.Errorf("test position: %s is not legal: %v", tc.action, s.legalText())
		}
	}
	st, err := theGame.New(engine.Setup{Game: "athernum", Seats: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	// The start card goes from the deck onto its slot (AT-3.2) and is in
	// play from the first turn: it counts as played.
	a := st.Legal(nil)[0]
	got := st.(*State).PlayedCard(a)
	if want := int(st.(*State).cards[a.Args[0]].def) - 1; got != want {
		t.Errorf("choosing a start card (AT-3.2): PlayedCard gives %d, want %d (%s)", got, want, cards[want].Name)
	}
}

// TestAsideCardsIsTheStartCard: the card each player picks to start with
// (AT-3.2) is the one it set aside before the deal (engine.AsideHolder),
// named by its index in Cards(); before the picks are revealed, none is.
func TestAsideCardsIsTheStartCard(t *testing.T) {
	st, err := theGame.New(engine.Setup{Game: "athernum", Seats: 2, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	var _ engine.AsideHolder = s
	var picked [2]string
	for seat := range 2 {
		if got := s.AsideCards(engine.Seat(seat), nil); len(got) != 0 {
			t.Errorf("before the start cards are revealed, p%d has set aside %v", seat+1, got)
		}
		legal := s.Legal(nil)
		a := legal[len(legal)-1]
		picked[s.ToMove()] = s.def(a.Args[0]).name
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	cards := theGame.Cards()
	for seat := range 2 {
		got := s.AsideCards(engine.Seat(seat), nil)
		if len(got) != 1 || cards[got[0]].Name != picked[seat] {
			t.Errorf("p%d picked %s to start with, set aside %v", seat+1, picked[seat], got)
		}
	}
}
