package ai

import (
	"fmt"

	"kartenwerk/engine"
)

// Random plays a uniformly random legal action. It is the baseline every
// other agent is measured against, and the fastest playout policy.
type Random struct {
	rng   engine.RNG
	legal []engine.Action
}

func init() {
	Register(Kind{Name: "random", Doc: "a uniformly random legal action", Params: map[string]string{},
		New: func(_ Params, seed uint64) (Agent, error) { return NewRandom(seed), nil }})
}

// NewRandom returns a random agent seeded with seed.
func NewRandom(seed uint64) *Random {
	return &Random{rng: engine.NewRNG(seed), legal: make([]engine.Action, 0, 64)}
}

// Reseed starts the agent afresh with seed (see Reseeder).
func (r *Random) Reseed(seed uint64) { r.rng = engine.NewRNG(seed) }

// Name is "random".
func (r *Random) Name() string { return "random" }

// Act picks a legal action at random.
func (r *Random) Act(s engine.State) (engine.Action, error) {
	r.legal = s.Legal(r.legal[:0])
	if len(r.legal) == 0 {
		return engine.Action{}, fmt.Errorf("no legal action for %v", s.ToMove())
	}
	return engine.RandomAction(s, r.legal, &r.rng), nil
}
