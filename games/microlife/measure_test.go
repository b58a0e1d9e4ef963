package microlife

import (
	"flag"
	"math"
	"sort"
	"syscall"
	"testing"
	"time"

	"kartenwerk/engine"
)

var measure = flag.Int("measure", 0, "play this many random games and report balance and length")

// TestMeasure reports, over random games (uniform random legal actions),
// the first player's win rate with a 95% Wilson interval and the
// distribution of game lengths in turns. It runs only with -measure N.
func TestMeasure(t *testing.T) {
	n := *measure
	if n == 0 {
		t.Skip("run with -measure N")
	}
	rng := engine.NewRNG(1)
	legal := make([]engine.Action, 0, 256)
	firstWins, draws, actions := 0, 0, 0
	turns := make([]int, 0, n)
	start, cpu0 := time.Now(), cpuTime()
	for i := 0; i < n; i++ {
		st, err := Game{}.New(engine.Setup{Game: "microlife", Seats: 2, Seed: engine.SeedFor(1, i)})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*state)
		first := s.active
		for !s.over {
			legal = s.Legal(legal[:0])
			if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
			actions++
		}
		switch {
		case s.winners == 0:
			draws++
		case s.winners.Has(engine.Seat(first)):
			firstWins++
		}
		turns = append(turns, s.turn)
	}
	el, cpu := time.Since(start), cpuTime()-cpu0
	sort.Ints(turns)
	q := func(p float64) int { return turns[int(p*float64(n-1))] }
	lo, hi := wilson(float64(firstWins), float64(n))
	t.Logf("%d games in %v wall, %v CPU: %.0f games per CPU second (%.0f per wall second), %.1f actions/game",
		n, el.Round(time.Millisecond), cpu.Round(time.Millisecond), float64(n)/cpu.Seconds(), float64(n)/el.Seconds(), float64(actions)/float64(n))
	t.Logf("first player wins %d (%.1f%%, 95%% CI %.1f%%..%.1f%%), draws %d", firstWins, 100*float64(firstWins)/float64(n), 100*lo, 100*hi, draws)
	t.Logf("turns: min %d, p10 %d, median %d, p90 %d, p99 %d, p99.9 %d, max %d", turns[0], q(0.1), q(0.5), q(0.9), q(0.99), q(0.999), turns[n-1])
	for _, c := range []int{50, 100, 150, 200} {
		k := sort.SearchInts(turns, c+1)
		t.Logf("games longer than %d turns: %d (%.2f%%)", c, n-k, 100*float64(n-k)/float64(n))
	}
}

// cpuTime is the CPU time this process has used (user and system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// wilson is the 95% Wilson score interval of k successes in n trials.
func wilson(k, n float64) (float64, float64) {
	const z = 1.96
	p := k / n
	d := 1 + z*z/n
	c := (p + z*z/(2*n)) / d
	h := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / d
	return c - h, c + h
}

var strategies = flag.Int("strategies", 0, "play this many games of an immune-buying against a pathogen-buying random agent")

// TestStrategies pits two biased random agents: one buys Immun cards
// whenever it can, the other Erreger; otherwise both act at random. It
// reports each side's win rate, seats alternating. Run with -strategies N.
func TestStrategies(t *testing.T) {
	n := *strategies
	if n == 0 {
		t.Skip("run with -strategies N")
	}
	rng := engine.NewRNG(2)
	legal := make([]engine.Action, 0, 256)
	prefer := [2]uint8{tImmun, tErreger}
	wins := [2]int{}
	for i := 0; i < n; i++ {
		st, _ := Game{}.New(engine.Setup{Game: "microlife", Seats: 2, Seed: engine.SeedFor(2, i)})
		s := st.(*state)
		side := func(seat int8) int { return (int(seat) + i) % 2 } // which strategy sits in seat
		for !s.over && s.turn <= 200 {
			legal = s.Legal(legal[:0])
			want := prefer[side(int8(s.ToMove()))]
			pick := legal[rng.IntN(len(legal))]
			for _, a := range legal {
				if (a.Verb == vBuy || a.Verb == vPlay) && s.cards[a.Args[0]].typ == want && rng.IntN(4) > 0 {
					pick = a
					break
				}
			}
			if err := s.Apply(pick); err != nil {
				t.Fatal(err)
			}
		}
		for seat := int8(0); seat < 2; seat++ {
			if s.winners.Has(engine.Seat(seat)) {
				wins[side(seat)]++
			}
		}
	}
	for k, name := range []string{"immune", "pathogen"} {
		lo, hi := wilson(float64(wins[k]), float64(n))
		t.Logf("%s buyer wins %d of %d (%.1f%%, 95%% CI %.1f%%..%.1f%%)", name, wins[k], n, 100*float64(wins[k])/float64(n), 100*lo, 100*hi)
	}
}
