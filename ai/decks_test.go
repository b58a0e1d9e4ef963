package ai_test

import (
	"strings"
	"testing"

	"kartenwerk/ai"
	"kartenwerk/engine"
	"kartenwerk/engine/enginetest/trick"
)

// knower is a state that counts the determinizations asked of it, by
// kind; its samples are the wrapped game's.
type knower struct {
	engine.State
	plain, knowing *int
}

func (k knower) Determinize(s engine.Seat, r *engine.RNG) engine.State {
	*k.plain++
	return k.State.Determinize(s, r)
}

func (k knower) DeterminizeKnowingDecks(s engine.Seat, r *engine.RNG) engine.State {
	*k.knowing++
	return k.State.Determinize(s, r)
}

// decks=known makes greedy and ISMCTS sample with the deck lists known
// when the state offers it, names them so, and changes nothing otherwise.
func TestDecksKnownUsesDeckKnower(t *testing.T) {
	cases := []struct {
		spec, name string
		knowing    bool
	}{
		{"greedy", "greedy", false},
		{"greedy:decks=known", "greedy:decks=known", true},
		{"ismcts:iters=30", "ismcts:iters=30", false},
		{"ismcts:iters=30,decks=known", "ismcts:iters=30,decks=known", true},
		{"ismcts:iters=30,decks=hidden", "ismcts:iters=30", false},
	}
	for _, c := range cases {
		agent, err := ai.New(c.spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		if agent.Name() != c.name {
			t.Errorf("%s is named %q, want %q", c.spec, agent.Name(), c.name)
		}
		inner, _ := trick.Game{}.New(engine.Setup{Seats: 2, Seed: 3})
		var plain, knowing int
		if _, err := agent.Act(knower{inner, &plain, &knowing}); err != nil {
			t.Fatal(err)
		}
		if (knowing > 0) != c.knowing || (plain > 0) == c.knowing {
			t.Errorf("%s: %d plain and %d knowing determinizations", c.spec, plain, knowing)
		}
		// A state that cannot know the decks gets plain Determinize.
		if _, err := agent.Act(inner); err != nil {
			t.Errorf("%s on a plain state: %v", c.spec, err)
		}
	}
	if _, err := ai.New("ismcts:decks=all", 1); err == nil || !strings.Contains(err.Error(), "decks=known or decks=hidden") {
		t.Errorf("bad decks value: %v", err)
	}
}
