package mystimons

import (
	"fmt"
	"testing"

	"kartenwerk/engine"
)

// TestRandomPlayStats plays random games with the default rules and logs
// how they end and when each stage first reaches the field (run with -v
// for the figures). Play, not surrender, must decide most games.
func TestRandomPlayStats(t *testing.T) {
	n := 3000
	if *long {
		n = 30000
	}
	g := New()
	reasons := map[string]int{}
	var firstWins, turns int
	var stageSum [6]int
	var stageN [6]int
	var action []engine.Action
	for i := 0; i < n; i++ {
		st, err := g.New(engine.Setup{Game: "mystimons", Seats: 2, Seed: uint64(i) + 1})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*state)
		r := engine.NewRNG(uint64(i) * 31)
		var reached [6]bool
		for !s.over {
			action = s.Legal(action[:0])
			if err := s.Apply(action[r.IntN(len(action))]); err != nil {
				t.Fatal(err)
			}
			for seat := range s.p {
				for _, m := range s.p[seat].field {
					if m != 0 && s.phase != phSetup {
						if st := s.def(m).stage; !reached[st] {
							reached[st] = true
							stageSum[st] += int(s.turn)
							stageN[st]++
						}
					}
				}
			}
			if s.turn > 2000 {
				t.Fatalf("game %d still running at turn 2000", i)
			}
		}
		_, o := s.Terminal()
		reasons[o.Reason]++
		if o.Winners.Has(engine.Seat(s.first)) {
			firstWins++
		}
		turns += int(s.turn)
	}
	t.Logf("%d random games (default rules): first player wins %.1f%%, %.1f turns on average", n, 100*float64(firstWins)/float64(n), float64(turns)/float64(n))
	for _, k := range []string{"knockout", "deck-out", "surrender"} {
		t.Logf("  ended by %-9s %5.1f%%", k, 100*float64(reasons[k])/float64(n))
	}
	for st := 1; st <= 5; st++ {
		avg := "never"
		if stageN[st] > 0 {
			avg = fmt.Sprintf("turn %.1f", float64(stageSum[st])/float64(stageN[st]))
		}
		t.Logf("  stage %d first on the field in %5.1f%% of games, on average at %s", st, 100*float64(stageN[st])/float64(n), avg)
	}
	if reasons["surrender"]*4 > n {
		t.Errorf("surrender ended %d of %d games: play should decide most of them", reasons["surrender"], n)
	}
}
