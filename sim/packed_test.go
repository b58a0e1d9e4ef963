package sim_test

import (
	"context"
	"testing"

	"kartenwerk/engine/enginetest/trick"
	"kartenwerk/sim"
)

// Packed games compare game by game exactly as the games themselves do,
// mirrored or not, and a batch compared with itself shows no difference
// at all; a packing cut short, or batches of unlike sizes, are refused.
func TestPackedGamesCompareAsTheGamesDo(t *testing.T) {
	for _, mirror := range []bool{false, true} {
		cfg := sim.Config{Game: trick.Game{}, Games: 400, Seed: 5, Seats: 2, Mirror: mirror}
		repA, a, err := sim.RunPacked(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Agents = []string{"greedy", "random"}
		_, b, err := sim.RunPacked(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if len(a) < 4*repA.Games || len(a) > 6*repA.Games+64 {
			t.Errorf("%d games packed in %d bytes", repA.Games, len(a))
		}
		d, err := sim.DiffPacked(2, mirror, a, b)
		if err != nil {
			t.Fatal(err)
		}
		if d.First.N != repA.Games || d.First.Base != repA.FirstPlayer.Rate && !mirror || d.Seats[0].Base != float64(repA.Wins[0])/float64(repA.Games) {
			t.Errorf("mirror %v: packed %+v, report first %+v, p1 wins %d of %d", mirror, d.First, repA.FirstPlayer, repA.Wins[0], repA.Games)
		}
		if d.Turns.Base != repA.MeanTurns || d.Seats[0].Diff <= 0 {
			t.Errorf("mirror %v: turns %+v against the report's %.3f; greedy in p1 changed p1's rate by %+.3f", mirror, d.Turns, repA.MeanTurns, d.Seats[0].Diff)
		}
		if len(repA.EndReasons) == 0 || len(d.Reasons) < len(repA.EndReasons) {
			t.Fatalf("mirror %v: ways of ending %v packed as %v", mirror, repA.EndReasons, d.Reasons)
		}
		for _, r := range repA.EndReasons {
			if got := d.Reasons[r.Name]; got.Base != float64(r.Count)/float64(repA.Games) || got.Method == "" {
				t.Errorf("mirror %v: %s ended %d of %d games, packed %+v", mirror, r.Name, r.Count, repA.Games, got)
			}
		}
		same, err := sim.DiffPacked(2, mirror, a, a)
		if err != nil || same.First.Diff != 0 || same.Seats[1].Low != same.Seats[1].High && same.Seats[1].High-same.Seats[1].Low > 0.03 {
			t.Errorf("a batch against itself: %v, %+v", err, same.Seats[1])
		}
		if _, err := sim.DiffPacked(2, mirror, a, a[:len(a)-1]); err == nil {
			t.Error("a packing cut short was read")
		}
		if _, err := sim.DiffPacked(2, mirror, a, append(sim.Packed{200}, a[1:]...)); err == nil {
			t.Error("a packing naming 200 ways of ending it does not hold was read")
		}
		if _, err := sim.DiffPacked(2, mirror, a, a[:len(a)/2]); err == nil {
			t.Error("batches of unlike sizes were compared")
		}
	}
}

// Each entrant's win rate pairs too: packed games keep no rotation, so
// the entrant's seat is found from the game's index. With three seats a
// wrong rotation would credit another entrant's wins.
func TestPackedGamesCompareEachEntrant(t *testing.T) {
	cfg := sim.Config{Game: trick.Game{}, Games: 300, Seed: 3, Seats: 3, Mirror: true, Agents: []string{"random", "random", "greedy"}}
	repA, a, err := sim.RunPacked(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Variant = map[string]string{"ties": "leader"}
	repB, b, err := sim.RunPacked(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	d, err := sim.DiffPacked(3, true, a, b)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Entrants) != 3 {
		t.Fatalf("%d entrants compared, want 3", len(d.Entrants))
	}
	for e, got := range d.Entrants {
		want, wantB := repA.EntrantRates[e].WinRate.Rate, repB.EntrantRates[e].WinRate.Rate
		if got.Base != want || got.Value != wantB || got.N != cfg.Games {
			t.Errorf("entrant %d: paired %.4f -> %.4f over %d games, want the reports' %.4f -> %.4f over %d", e+1, got.Base, got.Value, got.N, want, wantB, cfg.Games)
		}
	}
	if repA.EntrantRates[2].WinRate.Rate == repA.EntrantRates[0].WinRate.Rate {
		t.Error("the greedy entrant wins as often as a random one: the test cannot tell them apart")
	}
}
