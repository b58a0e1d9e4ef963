package engine_test

import (
	"fmt"
	"reflect"

	"kartenwerk/engine"
	_ "kartenwerk/games/all" // registers the five games
)

// A game played to its end by picking among the legal actions with a
// seeded generator, then replayed from its record: the same setup and
// actions give the same state.
func Example() {
	g, err := engine.Lookup("mysticelements")
	if err != nil {
		panic(err)
	}
	setup := engine.Setup{Game: "mysticelements", Seats: 2, Seed: 7}
	s, err := g.New(setup)
	if err != nil {
		panic(err)
	}
	pick := engine.NewRNG(1)
	var played []engine.Action
	var legal []engine.Action
	for done, _ := s.Terminal(); !done; done, _ = s.Terminal() {
		legal = s.Legal(legal[:0]) // the actions of s.ToMove(); no allocation once legal has room
		a := legal[pick.IntN(len(legal))]
		if err := s.Apply(a); err != nil {
			panic(err)
		}
		played = append(played, a)
	}
	_, outcome := s.Terminal()

	replay, _ := g.New(setup)
	for _, a := range played {
		if err := replay.Apply(a); err != nil {
			panic(err)
		}
	}
	fmt.Println("one winner:", len(outcome.Winners.Seats()) == 1)
	fmt.Println("the replay ends in the same state:", replay.Hash() == s.Hash())
	// Output:
	// one winner: true
	// the replay ends in the same state: true
}

// Apply refuses an action that is not legal now, says why, and leaves the
// state as it was.
func ExampleState_Apply() {
	g, _ := engine.Lookup("zynalith")
	s, _ := g.New(engine.Setup{Game: "zynalith", Seats: 3, Seed: 1})
	before := s.Hash()
	bogus := engine.Act(engine.Verb(200), 99)
	err := s.Apply(bogus)
	fmt.Println("refused:", err != nil)
	fmt.Println("unchanged:", s.Hash() == before)
	// Output:
	// refused: true
	// unchanged: true
}

// A search agent plays from a determinization: a copy in which what its
// seat cannot see (the opponent's hand, the deck order) is dealt anew,
// while everything the seat sees, and its legal actions, stay the same.
func ExampleState_Determinize() {
	g, _ := engine.Lookup("mystimons")
	s, _ := g.New(engine.Setup{Game: "mystimons", Seats: 2, Seed: 3})
	me := s.ToMove()
	r := engine.NewRNG(42)
	guess := s.Determinize(me, &r)

	fmt.Println("same view:", reflect.DeepEqual(guess.View(me), s.View(me)))
	fmt.Println("same choices:", reflect.DeepEqual(guess.Legal(nil), s.Legal(nil)))
	fmt.Println("what it cannot see was dealt anew:", s.Hash() != guess.Hash())
	// Output:
	// same view: true
	// same choices: true
	// what it cannot see was dealt anew: true
}
