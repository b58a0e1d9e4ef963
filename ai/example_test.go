package ai_test

import (
	"fmt"

	"kartenwerk/ai"
	"kartenwerk/engine"
	_ "kartenwerk/games/all" // registers the five games
)

// playOut plays s to its end, each seat's decisions taken by its agent,
// and returns the final state's hash.
func playOut(s engine.State, agents []ai.Agent) uint64 {
	for done, _ := s.Terminal(); !done; done, _ = s.Terminal() {
		a, err := agents[s.ToMove()].Act(s)
		if err != nil {
			panic(err)
		}
		if err := s.Apply(a); err != nil {
			panic(err)
		}
	}
	return s.Hash()
}

// Agents are made from their specs, as the command line and the server
// name them; each gets a seed of its own. The search sees only what its
// seat may know, and with fixed iterations the same seeds play the same
// game again.
func Example() {
	g, err := engine.Lookup("mysticelements")
	if err != nil {
		panic(err)
	}
	play := func() uint64 {
		greedy, err := ai.New("greedy", 1)
		if err != nil {
			panic(err)
		}
		search, err := ai.New("ismcts:iters=200", 2)
		if err != nil {
			panic(err)
		}
		s, err := g.New(engine.Setup{Game: "mysticelements", Seats: 2, Seed: 3})
		if err != nil {
			panic(err)
		}
		return playOut(s, []ai.Agent{greedy, search})
	}
	first, again := play(), play()
	fmt.Println("the same seeds play the same game:", first == again)
	// Output:
	// the same seeds play the same game: true
}

// firstCard is an agent of one's own: it plays the first action that
// plays a card, else the first legal action. Anything with Name and Act
// is an agent; Act must not change the state it is shown.
type firstCard struct{}

func (firstCard) Name() string { return "first-card" }

func (firstCard) Act(s engine.State) (engine.Action, error) {
	legal := s.Legal(nil)
	if p, ok := s.(engine.CardPlayer); ok {
		for _, a := range legal {
			if p.PlayedCard(a) >= 0 {
				return a, nil
			}
		}
	}
	return legal[0], nil
}

// An agent written against the kernel alone plays every game, here
// Zynalith against the built-in random agent.
func Example_ownAgent() {
	g, err := engine.Lookup("zynalith")
	if err != nil {
		panic(err)
	}
	s, err := g.New(engine.Setup{Game: "zynalith", Seats: 2, Seed: 5})
	if err != nil {
		panic(err)
	}
	random, _ := ai.New("random", 1)
	playOut(s, []ai.Agent{firstCard{}, random})
	done, outcome := s.Terminal()
	fmt.Println("over:", done, "· said how:", outcome.Reason != "")
	// Output:
	// over: true · said how: true
}
