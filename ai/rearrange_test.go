package ai_test

import (
	"testing"

	"kartenwerk/ai"
	"kartenwerk/engine"
)

// TestAgentsTakeAFewRearrangementsATurn: under Zynalith's default, side
// actions may be taken any number of times a turn (ZY-4.5); a search that
// rates one arrangement as good as the next must still move on.
func TestAgentsTakeAFewRearrangementsATurn(t *testing.T) {
	g, err := engine.Lookup("zynalith")
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range []string{"greedy", "ismcts:iters=40"} {
		t.Run(spec, func(t *testing.T) {
			s, err := g.New(engine.Setup{Game: "zynalith", Seats: 2, Seed: 5, Variant: map[string]string{"side-actions": "unbounded"}})
			if err != nil {
				t.Fatal(err)
			}
			agents := [2]ai.Agent{}
			for i := range agents {
				if agents[i], err = ai.New(spec, uint64(i)+1); err != nil {
					t.Fatal(err)
				}
			}
			re := s.(engine.Rearranger)
			type turnSeat struct {
				turn int
				seat engine.Seat
			}
			used := map[turnSeat]int{}
			for step := 0; ; step++ {
				if done, _ := s.Terminal(); done {
					break
				}
				if step > 5000 {
					t.Fatalf("%s vs %s: no end after %d actions", spec, spec, step)
				}
				a, err := agents[s.ToMove()].Act(s)
				if err != nil {
					t.Fatal(err)
				}
				if re.Rearranges(a) {
					k := turnSeat{s.Turn(), s.ToMove()}
					if used[k]++; used[k] > ai.MaxRearrangements {
						t.Fatalf("turn %d: %v rearranged its front %d times", k.turn, k.seat, used[k])
					}
				}
				if err := s.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}
