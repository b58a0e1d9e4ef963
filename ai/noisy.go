package ai

import (
	"fmt"

	"kartenwerk/engine"
)

// Noisy plays as the greedy agent does, except that with a fixed chance
// it takes a uniformly random legal action instead. It is a beginner's
// opponent: where a random agent loses nearly every game to anyone who
// looks one move ahead, a noisy one sees the obvious plays most of the
// time and still leaves openings, with the chance setting how many.
type Noisy struct {
	chance float64
	rng    engine.RNG
	greedy *Greedy
	random *Random
}

// defaultNoise is a noisy agent's chance of a random action when its spec
// does not say.
const defaultNoise = 0.5

func init() {
	Register(Kind{Name: "noisy", Doc: "the greedy agent, but a random legal action with a fixed chance",
		Params: map[string]string{"random": "chance of a random legal action instead of the greedy one (default 0.5)"},
		New: func(p Params, seed uint64) (Agent, error) {
			chance, err := p.Float("random", defaultNoise)
			if err != nil {
				return nil, err
			}
			if chance < 0 || chance > 1 {
				return nil, fmt.Errorf("noisy: random=%v is not a chance: give a number from 0 to 1", chance)
			}
			return NewNoisy(chance, seed), nil
		}})
}

// NewNoisy returns a noisy agent that acts at random with the given chance.
func NewNoisy(chance float64, seed uint64) *Noisy {
	n := &Noisy{chance: chance, greedy: NewGreedy(0), random: NewRandom(0)}
	n.Reseed(seed)
	return n
}

// Reseed starts the agent afresh with seed (see Reseeder). The coin and
// the two policies draw from separate streams, so the chance alone
// decides which policy moves.
func (n *Noisy) Reseed(seed uint64) {
	n.rng = engine.NewRNG(engine.SeedFor(seed, 0))
	n.greedy.Reseed(engine.SeedFor(seed, 1))
	n.random.Reseed(engine.SeedFor(seed, 2))
}

// Name is the agent's spec, "noisy:random=0.5".
func (n *Noisy) Name() string { return fmt.Sprintf("noisy:random=%g", n.chance) }

// Act tosses the agent's coin and asks the policy it names.
func (n *Noisy) Act(s engine.State) (engine.Action, error) {
	if n.rng.Chance(n.chance) {
		return n.random.Act(s)
	}
	return n.greedy.Act(s)
}
