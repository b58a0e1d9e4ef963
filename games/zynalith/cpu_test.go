package zynalith

import (
	"os"
	"syscall"
	"testing"
	"time"

	"kartenwerk/engine"
)

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestCPUSpeed reports random games per CPU second (set ZY_SPEED=1); on a
// shared machine wall-clock benchmarks mislead.
func TestCPUSpeed(t *testing.T) {
	if os.Getenv("ZY_SPEED") == "" {
		t.Skip("set ZY_SPEED=1")
	}
	for _, seats := range []int{2, 4, 6} {
		rng := engine.NewRNG(1)
		legal := make([]engine.Action, 0, 256)
		start := cpuTime()
		games, actions := 0, 0
		for ; games < 20000/seats; games++ {
			st, _ := Game{}.New(engine.Setup{Game: "zynalith", Seats: seats, Seed: uint64(games) + 1})
			for {
				if done, _ := st.Terminal(); done {
					break
				}
				legal = st.Legal(legal[:0])
				st.Apply(legal[rng.IntN(len(legal))])
				actions++
			}
		}
		el := cpuTime() - start
		t.Logf("%d seats: %.0f games per CPU second, %.1f actions/game, %.0f ns/action", seats, float64(games)/el.Seconds(), float64(actions)/float64(games), float64(el.Nanoseconds())/float64(actions))
	}
}
