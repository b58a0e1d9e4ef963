package engine

import (
	"math/bits"
	"math/rand/v2"
)

// RNG is a game's seeded random number generator. It is a plain value:
// copying it (as Clone does) copies its stream, so a clone draws exactly
// the numbers the original would. It allocates nothing.
type RNG struct {
	pcg rand.PCG
}

// NewRNG returns a generator seeded with seed.
func NewRNG(seed uint64) RNG {
	return RNG{pcg: *rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)}
}

// Uint64 returns the next 64 random bits.
func (r *RNG) Uint64() uint64 { return r.pcg.Uint64() }

// IntN returns a uniform number in [0, n); n must be positive.
func (r *RNG) IntN(n int) int {
	if n <= 0 {
		panic("engine: RNG.IntN with n <= 0")
	}
	// Lemire's nearly divisionless method: unbiased, one multiply mostly.
	bound := uint64(n)
	hi, lo := bits.Mul64(r.Uint64(), bound)
	if lo < bound {
		threshold := -bound % bound
		for lo < threshold {
			hi, lo = bits.Mul64(r.Uint64(), bound)
		}
	}
	return int(hi)
}

// Float64 returns a uniform number in [0, 1).
func (r *RNG) Float64() float64 { return float64(r.Uint64()>>11) / (1 << 53) }

// Chance returns true with probability p.
func (r *RNG) Chance(p float64) bool { return r.Float64() < p }

// Split returns a new generator whose stream is independent of r's, and
// advances r. Simulations split one seed into one RNG per game.
func (r *RNG) Split() RNG { return NewRNG(r.Uint64()) }

// Mix folds the generator's state into h, for State.Hash.
func (r *RNG) Mix(h *Hasher) {
	c := *r
	h.Uint64(c.Uint64())
}

// Shuffle puts s in a uniformly random order (Fisher–Yates).
func Shuffle[T any](r *RNG, s []T) {
	for i := len(s) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}

// SeedFor derives the seed of game number i of a batch started with seed,
// so that a batch gives the same games however it is split across workers
// or shards.
func SeedFor(seed uint64, i int) uint64 {
	return Mix64(seed ^ Mix64(uint64(i)+0x632be59bd9b4e019))
}

// Mix64 spreads a number's bits over all 64 (SplitMix64's finaliser, a
// fast, well-spread bijection): numbers that differ a little give
// unrelated results, so that sums of mixed values rarely meet.
func Mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
