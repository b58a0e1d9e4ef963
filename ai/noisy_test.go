package ai_test

import (
	"testing"

	"kartenwerk/ai"
	"kartenwerk/engine"
	"kartenwerk/engine/enginetest/trick"
)

func TestNoisyAgentChecksItsChance(t *testing.T) {
	for _, spec := range []string{"noisy:random=1.5", "noisy:random=-0.1", "noisy:random=x"} {
		if _, err := ai.New(spec, 1); err == nil {
			t.Errorf("%s was accepted", spec)
		}
	}
	a, err := ai.New("noisy:random=0.25", 1)
	if err != nil || a.Name() != "noisy:random=0.25" {
		t.Fatalf("noisy:random=0.25 gives %v, %v", a, err)
	}
}

// A noisy agent with no chance of a random move is the greedy agent, and
// one with every chance the random agent, move for move: the coin and the
// two policies draw from streams of their own.
func TestNoisyAgentIsGreedyOrRandomAtTheEnds(t *testing.T) {
	for _, tc := range []struct {
		chance float64
		same   func(seed uint64) ai.Agent
	}{
		{0, func(seed uint64) ai.Agent { return ai.NewGreedy(seed) }},
		{1, func(seed uint64) ai.Agent { return ai.NewRandom(seed) }},
	} {
		noisy, other := ai.NewNoisy(tc.chance, 9), tc.same(0)
		if r, ok := other.(ai.Reseeder); ok {
			r.Reseed(noisyStream(9, tc.chance))
		}
		s, err := trick.Game{}.New(engine.Setup{Game: "trick", Seats: 2, Seed: 4})
		if err != nil {
			t.Fatal(err)
		}
		for done, _ := s.Terminal(); !done; done, _ = s.Terminal() {
			a, errA := noisy.Act(s)
			b, errB := other.Act(s)
			if errA != nil || errB != nil || a != b {
				t.Fatalf("chance %v: noisy plays %v (%v), %s plays %v (%v)", tc.chance, a, errA, other.Name(), b, errB)
			}
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// noisyStream is the seed a noisy agent seeded with seed gives the policy
// the chance picks.
func noisyStream(seed uint64, chance float64) uint64 {
	if chance == 0 {
		return engine.SeedFor(seed, 1)
	}
	return engine.SeedFor(seed, 2)
}
