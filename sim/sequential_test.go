package sim

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest/trick"
)

// TestSequentialStoppingKeepsItsCoverage draws from Bernoulli sources of
// known rates, looks after every draw, and stops as soon as the interval
// is narrow enough: the confidence sequence must still cover the true
// rate in at least 95% of the runs. A fixed-sample (Wilson) interval
// under the same peeking is shown for comparison.
func TestSequentialStoppingKeepsItsCoverage(t *testing.T) {
	const runs, h = 600, 0.06
	for _, p := range []float64{0.5, 0.3, 0.1} {
		rng := engine.NewRNG(uint64(p * 1000))
		covered, naiveCovered, draws := 0, 0, 0
		for range runs {
			seq := NewSequence(h)
			wins, n := 0, 0
			naiveDone := false
			for !seq.Precise() {
				x := 0.0
				if rng.Float64() < p {
					x, wins = 1, wins+1
				}
				seq.Add(x)
				n++
				if w := Wilson(float64(wins), float64(n)); !naiveDone && n >= 10 && (w.High-w.Low)/2 <= h {
					naiveDone = true
					if w.Low <= p && p <= w.High {
						naiveCovered++
					}
				}
			}
			draws += n
			if iv := seq.Interval(); iv.Low <= p && p <= iv.High {
				covered++
			}
		}
		rate := float64(covered) / runs
		t.Logf("p=%.1f: the sequence covered %.1f%% after %d draws on average; peeking at Wilson covered %.1f%%",
			p, 100*rate, draws/runs, 100*float64(naiveCovered)/runs)
		if rate < 0.95 {
			t.Errorf("p=%.1f: the confidence sequence covered the true rate in %.1f%% of %d runs, want at least 95%%", p, 100*rate, runs)
		}
	}
}

func TestSequenceHalfWidthShrinksAndIsTunedToTheTarget(t *testing.T) {
	rho := tunedRho(0.01)
	prev := math.Inf(1)
	for _, n := range []int{10, 100, 1000, 10000, 100000} {
		h := sequenceHalfWidth(n, rho)
		if h >= prev {
			t.Errorf("half-width at %d is %g, not below %g", n, h, prev)
		}
		prev = h
	}
	n := sequenceObservations(0.01, rho)
	fixed := sq(z95) * subGaussianVar / sq(0.01)
	// Valid peeking costs samples: about 2.5 times a fixed sample's.
	if float64(n) < fixed || float64(n) > 3*fixed {
		t.Errorf("the sequence needs %d observations for ±1 point; a fixed sample needs %.0f: want between 1 and 3 times that", n, fixed)
	}
	if sequenceHalfWidth(n, rho) > 0.01 || sequenceHalfWidth(n-1, rho) <= 0.01 {
		t.Errorf("%d is not the least sample with a half-width of at most 0.01", n)
	}
}

func TestUntilPreciseStopsAtTheTargetAndRepeats(t *testing.T) {
	cfg := Config{Game: trick.Game{}, Games: 100000, Seed: 3, Seats: 2, Mirror: true}
	run := func(workers int) *Report {
		c := cfg
		c.Workers = workers
		rounds := 0
		rep, err := UntilPrecise(context.Background(), c, 0.05, func(int, Interval) { rounds++ })
		if err != nil {
			t.Fatal(err)
		}
		if rounds != rep.Precision.Rounds {
			t.Errorf("progress was called %d times for %d rounds", rounds, rep.Precision.Rounds)
		}
		return rep
	}
	one, two := run(1), run(2)
	p := one.Precision
	if !p.Reached || (p.FirstPlayer.High-p.FirstPlayer.Low)/2 > 0.05+1e-9 || one.Games >= cfg.Games {
		t.Fatalf("stopped after %d games with %+v, want ±5 points reached well before the cap", one.Games, p)
	}
	if one.Games != two.Games || one.Precision.FirstPlayer != two.Precision.FirstPlayer || one.FirstWins != two.FirstWins {
		t.Errorf("one worker: %d games, %+v; two: %d games, %+v; want the same", one.Games, one.Precision.FirstPlayer, two.Games, two.Precision.FirstPlayer)
	}
	// The report states the first player's rate with the interval that
	// holds however the stop was chosen, not a fixed-sample one.
	if one.FirstPlayer != p.FirstPlayer || one.FirstPlayer.Method != MethodSequential {
		t.Errorf("the first player's rate is reported as %+v, want the sequence's %+v", one.FirstPlayer, p.FirstPlayer)
	}
	var text strings.Builder
	one.WriteText(&text)
	if want := fmt.Sprintf("%.1f%%, %.1f%%]", 100*p.FirstPlayer.Low, 100*p.FirstPlayer.High); strings.Count(text.String(), want) < 2 {
		t.Errorf("the text report gives the sequence's interval %s only %d times:\n%s", want, strings.Count(text.String(), want), text.String())
	}
	if one.Games%2 != 0 || one.Planned != one.Games {
		t.Errorf("%d games (planned %d): a mirrored batch stops between whole deals", one.Games, one.Planned)
	}
	if _, err := UntilPrecise(context.Background(), cfg, 0, nil); err == nil {
		t.Error("a precision of 0 was accepted")
	}
	capped, err := UntilPrecise(context.Background(), Config{Game: trick.Game{}, Games: 40, Seed: 3, Seats: 2}, 0.01, nil)
	if err != nil || capped.Precision.Reached || capped.Games != 40 {
		t.Errorf("a cap of 40 games for ±1 point: %v, %+v", err, capped.Precision)
	}
}

// A batch played until precise stops after as many deals whatever its
// games show, as the confidence sequence's width depends on their number
// alone: two batches of one seed and target, one of random play and one
// of greedy against random, play the same games, so that the lab may
// compare them game by game. Their packed games are the ones the reports
// count; a batch that plays more than it may keep packs none.
func TestUntilPrecisePacksGamesWhoseNumberTheOutcomesDoNotChange(t *testing.T) {
	ctx := context.Background()
	random := Config{Game: trick.Game{}, Games: 100000, Seed: 3, Seats: 2, Mirror: true}
	greedy := random
	greedy.Agents = []string{"greedy", "random"}
	a, packedA, err := UntilPrecisePacked(ctx, random, 0.05, 100000, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, packedB, err := UntilPrecisePacked(ctx, greedy, 0.05, 100000, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.FirstWins == b.FirstWins && a.Draws == b.Draws {
		t.Fatalf("random and greedy play gave alike results (%d first-player wins, %d draws): the check below would show nothing", a.FirstWins, a.Draws)
	}
	if a.Games != b.Games {
		t.Errorf("random play stopped after %d games, greedy after %d: the stop depended on the outcomes", a.Games, b.Games)
	}
	for _, c := range []struct {
		rep    *Report
		packed Packed
	}{{a, packedA}, {b, packedB}} {
		games, _, err := c.packed.results()
		if err != nil {
			t.Fatal(err)
		}
		first := 0
		for _, g := range games {
			if g.First != engine.NoSeat && g.Winners.Has(g.First) {
				first++
			}
		}
		if len(games) != c.rep.Games || first != c.rep.FirstWins {
			t.Errorf("packed %d games with %d first-player wins; the report counts %d and %d", len(games), first, c.rep.Games, c.rep.FirstWins)
		}
	}
	if _, err := DiffPacked(2, true, packedA, packedB); err != nil {
		t.Errorf("the two batches do not compare game by game: %v", err)
	}
	if _, packed, err := UntilPrecisePacked(ctx, random, 0.05, a.Games-1, nil); err != nil || packed != nil {
		t.Errorf("kept at most %d games of %d: packed %d bytes (%v), want none", a.Games-1, a.Games, len(packed), err)
	}
}
