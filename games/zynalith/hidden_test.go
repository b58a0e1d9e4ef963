package zynalith

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"kartenwerk/engine"
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

// hiddenFrom lists the cards viewer may not see.
func hiddenFrom(s *State, viewer engine.Seat) []int16 {
	var out []int16
	for id := int16(0); id < s.n; id++ {
		if !s.seenBy(id, viewer) {
			out = append(out, id)
		}
	}
	return out
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

// The error of an action naming a card hidden from the seat to move, and
// every seat's label of it, name none of the cards hidden from that seat;
// and the error is the same wherever the hidden card lies, so that it
// does not tell either.
func TestHiddenCardsAreNeverNamed(t *testing.T) {
	for game := 0; game < 30; game++ {
		s := midgame(t, 2+game%3, uint64(game), 5+game*7)
		if done, _ := s.Terminal(); done {
			continue
		}
		me := s.ToMove()
		hidden := hiddenFrom(s, me)
		viewers := []engine.Seat{engine.NoSeat}
		for p := 0; p < s.Seats(); p++ {
			viewers = append(viewers, seat(int8(p)))
		}
		secret := map[engine.Seat][]string{}
		for _, v := range viewers {
			secret[v] = secretNames(s, v, hiddenFrom(s, v))
		}
		for v := engine.Verb(1); int(v) <= len(codec.Verbs()); v++ {
			spec, _ := codec.Spec(v)
			if len(spec.Args) == 0 || spec.Args[0].Prefix != "c" {
				continue
			}
			errs := map[string]string{}
			for _, id := range hidden {
				a := engine.Action{Verb: v}
				for i, k := range spec.Args {
					if k.Prefix == "c" {
						a.Args[i] = id
					}
				}
				before := s.Hash()
				err := s.Apply(a)
				if err == nil {
					t.Fatalf("game %d: %s naming hidden c%d was accepted", game, codec.Format(a), id)
				}
				if s.Hash() != before {
					t.Fatalf("game %d: refusing %s changed the state", game, codec.Format(a))
				}
				texts := []string{err.Error()}
				for _, viewer := range viewers {
					texts = append(texts, s.Describe(a, viewer))
				}
				for i, l := range texts {
					viewer := me
					if i > 0 {
						viewer = viewers[i-1]
					}
					for _, n := range secret[viewer] {
						if strings.Contains(l, n) {
							t.Fatalf("game %d: %q names %s, hidden from %v", game, l, n, viewer)
						}
					}
				}
				errs[regexp.MustCompile(fmt.Sprintf(`\bc%d\b`, id)).ReplaceAllString(err.Error(), "c?")] = codec.Format(a)
			}
			if len(errs) > 1 {
				t.Errorf("game %d: %s tells hidden cards apart: %v", game, spec.Name, errs)
			}
		}
	}
}

// secretNames are the names of the hidden cards that no card the seat may
// see also bears.
func secretNames(s *State, me engine.Seat, hidden []int16) []string {
	open := map[string]bool{}
	for id := int16(0); id < s.n; id++ {
		if s.seenBy(id, me) {
			open[s.d(id).Name] = true
		}
	}
	var out []string
	for _, id := range hidden {
		if n := s.d(id).Name; !open[n] && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

func BenchmarkDeterminize(b *testing.B) {
	s := midgame(b, 4, 1, 60)
	r := engine.NewRNG(1)
	b.ReportAllocs()
	for b.Loop() {
		s.Determinize(s.ToMove(), &r)
	}
}
