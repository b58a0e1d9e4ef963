package zynalith

import (
	"fmt"
	"slices"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
	"kartenwerk/engine/i18n"
)

// midgame plays n random actions of a game with the given seats.
func midgame(t testing.TB, seats int, seed uint64, n int) *State {
	g, err := Game{}.New(engine.Setup{Game: "zynalith", Seats: seats, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	s := g.(*State)
	r := engine.NewRNG(seed)
	for i := 0; i < n; i++ {
		if done, _ := s.Terminal(); done {
			break
		}
		l := s.Legal(nil)
		if err := s.Apply(l[r.IntN(len(l))]); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// ZY-2.5, ZY-10.U6: over many determinizations every zone hidden from the
// seat varies (both stacks' order, every other player's hidden hand),
// what the seat sees stays, and no hand receives an event.
func TestZY_10_U6_DeterminizeResamplesEveryHiddenZone(t *testing.T) {
	for _, seats := range []int{2, 4} {
		s := midgame(t, seats, uint64(seats), 40)
		me := s.ToMove()
		varied := map[string]bool{}
		want := []string{"stack creatures", "stack extras"}
		for p := 0; p < seats; p++ {
			if seat(int8(p)) == me {
				continue
			}
			for id := int16(0); id < s.n; id++ {
				if c := &s.cards[id]; c.zone == zHand && c.owner == int8(p) && c.flags&fKnown == 0 {
					want = append(want, fmt.Sprintf("hand of p%d", p+1))
					break
				}
			}
		}
		for i := 0; i < 200; i++ {
			r := engine.NewRNG(uint64(i))
			d := s.Determinize(me, &r).(*State)
			if err := invariants(d); err != nil {
				t.Fatalf("%d seats: a determinization breaks an invariant: %v", seats, err)
			}
			for id := int16(0); id < s.n; id++ {
				if s.seenBy(id, me) && (d.cards[id] != s.cards[id]) {
					t.Fatalf("%d seats: %s, seen by %v, changed", seats, s.cardName(id), me)
				}
				if d.cards[id].zone == zHand && d.cards[id].kind == kEvent {
					t.Fatalf("%d seats: the event %s was dealt into a hand", seats, s.cardName(id))
				}
			}
			for st := 0; st < 2; st++ {
				if !slices.Equal(d.stack[st][:d.stackN[st]], s.stack[st][:s.stackN[st]]) {
					varied["stack "+stackNames[st]] = true
				}
			}
			for id := int16(0); id < s.n; id++ {
				if c := &d.cards[id]; c.zone == zHand && engine.Seat(c.owner) != me && s.cards[id].zone != zHand {
					varied[fmt.Sprintf("hand of p%d", c.owner+1)] = true
				}
			}
		}
		for _, z := range want {
			if !varied[z] {
				t.Errorf("%d seats: the %s never varied over 200 determinizations", seats, z)
			}
		}
	}
}

func BenchmarkDeterminize(b *testing.B) {
	s := midgame(b, 4, 1, 60)
	r := engine.NewRNG(1)
	b.ReportAllocs()
	for b.Loop() {
		s.Determinize(s.ToMove(), &r)
	}
}

// ZY-2.5: playing or fighting with a card that is not the mover's is
// refused naming the card by its name when the mover sees it (another
// seat's front), and as a card the mover cannot see when not (another
// hand, a stack); never as its id, in any language.
func TestRefusalsNameAnotherSeatsCardInTheReadersWords(t *testing.T) {
	check := enginetest.CardRefusals{Keys: []string{"refuse.not_yours", "refuse.not_front"}, CannotSee: map[i18n.Lang]string{i18n.EN: "a card you cannot see", i18n.DE: "die du nicht sehen kannst", i18n.CS: "kterou nevidíte"}}
	for seed := uint64(1); seed <= 12; seed++ {
		s := midgame(t, 2+int(seed%3), seed, 10+int(seed)*7)
		me := s.ToMove()
		for id := int16(0); id < s.n; id++ {
			visible := s.seenBy(id, me)
			for _, v := range []engine.Verb{vPlay, vAttack, vBanish} {
				a := engine.Act(v, int(id))
				if err := check.Check(s.Apply(a), codec.Format(a), s.d(id).Name, visible); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if err := check.Enough(20); err != nil {
		t.Fatal(err)
	}
}
