package athernum

import (
	"flag"
	"sort"
	"testing"
	"time"

	"kartenwerk/engine"
)

var statsN = flag.Int("stats", 0, "play this many random games per seat count and log statistics")

// TestStats reports, over random games: how games end, their length, the
// stack depth and the first player's win rate (run with -stats N -v).
func TestStats(t *testing.T) {
	if *statsN == 0 {
		t.Skip("run with -stats N")
	}
	for _, seats := range []int{2, 3, 4} {
		for _, limit := range []string{"200"} {
			reasons := map[string]int{}
			var turns []int
			firstWins, decided := 0, 0
			depthSum, depthN, maxSum := 0, 0, 0
			rng := engine.NewRNG(99)
			var legal []engine.Action
			start := time.Now()
			for i := 0; i < *statsN; i++ {
				st, _ := theGame.New(engine.Setup{Game: "athernum", Seats: seats, Seed: engine.SeedFor(1, i), Variant: map[string]string{varTurnLimit: limit}})
				s := st.(*State)
				for {
					if done, _ := s.Terminal(); done {
						break
					}
					if s.dec == decPriority {
						depthSum += int(s.sn)
						depthN++
					}
					legal = s.Legal(legal[:0])
					_ = s.Apply(legal[rng.IntN(len(legal))])
				}
				_, out := s.Terminal()
				reasons[out.Reason]++
				turns = append(turns, s.Turn())
				maxSum += int(s.hist.deepest)
				if !out.Draw() {
					decided++
					if out.Winners.Has(engine.Seat(s.order[0])) {
						firstWins++
					}
				}
			}
			el := time.Since(start)
			sort.Ints(turns)
			n := len(turns)
			sum := 0
			for _, x := range turns {
				sum += x
			}
			t.Logf("%d seats, cap %s: %d games in %v (%.0f games/s); reasons %v", seats, limit, n, el.Round(time.Millisecond), float64(n)/el.Seconds(), reasons)
			t.Logf("  turns: mean %.1f, p10 %d, median %d, p90 %d, p99 %d, max %d", float64(sum)/float64(n), turns[n/10], turns[n/2], turns[n*9/10], turns[n*99/100], turns[n-1])
			t.Logf("  first player wins %.1f%% of decided games (fair share %.1f%%); mean stack depth when holding priority %.2f, mean deepest stack per game %.2f",
				100*float64(firstWins)/float64(max(decided, 1)), 100/float64(seats), float64(depthSum)/float64(max(depthN, 1)), float64(maxSum)/float64(n))
		}
	}
}
