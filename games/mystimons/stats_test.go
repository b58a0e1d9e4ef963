package mystimons

import (
	"maps"
	"slices"
	"testing"

	"kartenwerk/engine"
)

// TestRandomPlayStats plays random games with the default rules, except
// surrender=last-stand (a random agent surrendering at any time would end
// nearly every game at once), and logs how they end and the game's
// figures, among them when each stage first reaches the field (run with
// -v). Play, not surrender, must decide most games.
func TestRandomPlayStats(t *testing.T) {
	n := 3000
	if *long {
		n = 30000
	}
	g := New()
	reasons := map[string]int{}
	var firstWins, turns int
	figSum, figN := map[string]int{}, map[string]int{}
	var action []engine.Action
	for i := 0; i < n; i++ {
		st, err := g.New(engine.Setup{Game: "mystimons", Seats: 2, Seed: uint64(i) + 1, Variant: map[string]string{varSurrender: "last-stand"}})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*state)
		r := engine.NewRNG(uint64(i) * 31)
		for !s.over {
			action = s.Legal(action[:0])
			if err := s.Apply(action[r.IntN(len(action))]); err != nil {
				t.Fatal(err)
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
		for _, m := range s.Measures(nil) {
			figSum[m.Name] += m.Value
			figN[m.Name]++
		}
	}
	t.Logf("%d random games (default rules, surrender=last-stand): first player wins %.1f%%, %.1f turns on average", n, 100*float64(firstWins)/float64(n), float64(turns)/float64(n))
	for _, k := range []string{"knockout", "deck-out", "surrender"} {
		t.Logf("  ended by %-9s %5.1f%%", k, 100*float64(reasons[k])/float64(n))
	}
	for _, name := range slices.Sorted(maps.Keys(figSum)) {
		t.Logf("  %-34s %7.2f in %5.1f%% of games", name, float64(figSum[name])/float64(figN[name]), 100*float64(figN[name])/float64(n))
	}
	if reasons["surrender"]*4 > n {
		t.Errorf("surrender ended %d of %d games: play should decide most of them", reasons["surrender"], n)
	}
}
