package sim

import (
	"context"
	"fmt"
	"math"
	"time"
)

// Playing until a figure is precise enough: instead of a number of games,
// a designer asks for the first player's win rate to within ±h points.
// Looking at the data as it comes and stopping when a fixed-sample 95%
// interval is narrow enough would make that interval too optimistic (the
// stop favours samples that happen to look precise), so the interval a
// sequential batch reports is a confidence sequence: a 95% interval that
// holds at every sample size at once, and so at any size chosen by
// looking. It is the two-sided normal-mixture boundary for sub-Gaussian
// observations (Robbins 1970; Howard, Ramdas, McAuliffe and Sekhon,
// "Time-uniform, nonparametric, nonasymptotic confidence sequences",
// 2021): for observations in [0, 1], sub-Gaussian with variance proxy
// 1/4, the mean is within
//
//	sqrt(2 (V+ρ) log(sqrt((V+ρ)/ρ) / α)) / t,   V = t/4,
//
// of the running mean at every t, with probability at least 1-α. The
// observations are the deals: a deal's first-player win fraction, so that
// the mirrored games of one shuffle count as one observation.

// MethodSequential is the interval of a batch played until precise.
const MethodSequential = "normal-mixture-confidence-sequence"

// sequenceAlpha is 1 - the sequence's coverage.
const sequenceAlpha = 0.05

// subGaussianVar is the variance proxy of an observation in [0, 1].
const subGaussianVar = 0.25

// sequenceHalfWidth is the confidence sequence's half-width around the
// running mean of t observations, for mixture parameter rho.
func sequenceHalfWidth(t int, rho float64) float64 {
	if t <= 0 {
		return math.Inf(1)
	}
	v := float64(t)*subGaussianVar + rho
	return math.Sqrt(2*v*math.Log(math.Sqrt(v/rho)/sequenceAlpha)) / float64(t)
}

// tunedRho picks the mixture parameter that makes the sequence tightest
// at the number of observations a fixed-sample interval of half-width h
// would need, so that the stop comes soon after that point.
func tunedRho(h float64) float64 {
	n := int(math.Ceil(sq(z95) * subGaussianVar / sq(h)))
	// Golden-section search over log rho: the half-width at n is
	// unimodal in it.
	lo, hi := math.Log(1e-3), math.Log(1e7)
	const g = 0.6180339887498949
	for range 80 {
		a, b := hi-g*(hi-lo), lo+g*(hi-lo)
		if sequenceHalfWidth(n, math.Exp(a)) < sequenceHalfWidth(n, math.Exp(b)) {
			hi = b
		} else {
			lo = a
		}
	}
	return math.Exp((lo + hi) / 2)
}

// sequenceObservations needs to reach half-width h with parameter rho.
func sequenceObservations(h, rho float64) int {
	n := 1
	for sequenceHalfWidth(n, rho) > h {
		n *= 2
	}
	lo := n / 2
	for lo+1 < n { // the least n with a half-width of at most h
		mid := (lo + n) / 2
		if sequenceHalfWidth(mid, rho) > h {
			lo = mid
		} else {
			n = mid
		}
	}
	return n
}

// Sequence is a running mean of observations in [0, 1] with its
// time-uniform 95% interval.
type Sequence struct {
	rho  float64
	sum  float64
	n    int
	goal float64
}

// NewSequence starts a sequence that aims at half-width h.
func NewSequence(h float64) *Sequence { return &Sequence{rho: tunedRho(h), goal: h} }

// Add observes x, in [0, 1].
func (s *Sequence) Add(x float64) { s.sum += x; s.n++ }

// Interval is the running mean with its confidence-sequence interval.
func (s *Sequence) Interval() Interval {
	if s.n == 0 {
		return Interval{Method: MethodSequential}
	}
	mean, h := s.sum/float64(s.n), sequenceHalfWidth(s.n, s.rho)
	return Interval{Rate: mean, Low: math.Max(0, mean-h), High: math.Min(1, mean+h), Method: MethodSequential, N: float64(s.n)}
}

// Precise reports whether the interval is as narrow as asked.
func (s *Sequence) Precise() bool { return sequenceHalfWidth(s.n, s.rho) <= s.goal }

// Precision is how a batch played until precise ended.
type Precision struct {
	// Target is the half-width asked for the first player's win rate.
	Target float64 `json:"target"`
	// FirstPlayer is that rate with its confidence-sequence interval.
	FirstPlayer Interval `json:"first_player_win_rate"`
	Reached     bool     `json:"reached"`
	Rounds      int      `json:"rounds"`
	// Rule names the stopping rule, for the report.
	Rule string `json:"rule"`
}

// precisionRule describes the rule in reports.
const precisionRule = "stop at the first round whose 95% confidence sequence (two-sided normal mixture, time-uniform) is within the target; rounds are fixed by the seed, so a run repeats exactly"

// UntilPrecise plays cfg in rounds until the first player's win rate is
// known within ±halfWidth (a proportion: 0.01 for one point) by a
// confidence sequence, or until cfg.Games are played. Rounds grow by a
// quarter, starting at the deals a fixed-sample interval would need, and
// the stop is decided only between rounds, so that a seed gives the same
// games and the same stop on any number of workers. progress, if set, is
// called after each round.
func UntilPrecise(ctx context.Context, cfg Config, halfWidth float64, progress func(games int, first Interval)) (*Report, error) {
	rep, _, err := untilPrecise(ctx, cfg, halfWidth, progress, 0)
	return rep, err
}

// UntilPrecisePacked is UntilPrecise that also packs each game's
// outcome, for a later comparison on the same seeds, when the batch ends
// within keep games (else the packing is nil). Such a comparison is
// sound: the stop depends on the number of deals alone (the confidence
// sequence's width does not depend on the outcomes), so two batches of one
// seed, target and size play the same games whatever they show.
func UntilPrecisePacked(ctx context.Context, cfg Config, halfWidth float64, keep int, progress func(games int, first Interval)) (*Report, Packed, error) {
	return untilPrecise(ctx, cfg, halfWidth, progress, keep)
}

// untilPrecise is UntilPrecise, packing the games of a batch that ends
// within keep games.
func untilPrecise(ctx context.Context, cfg Config, halfWidth float64, progress func(games int, first Interval), keep int) (*Report, Packed, error) {
	if !(halfWidth > 0 && halfWidth < 0.5) {
		return nil, nil, fmt.Errorf("the precision asked must be above 0 and below 50 points, not %g", halfWidth*100)
	}
	if cfg.Shards > 1 {
		return nil, nil, fmt.Errorf("a batch played until precise cannot be sharded: it decides its size as it goes")
	}
	if err := cfg.normalize(); err != nil {
		return nil, nil, err
	}
	start := time.Now()
	seq := NewSequence(halfWidth)
	size := cfg.dealSize()
	maxDeals := (cfg.Games + size - 1) / size
	next := min(maxDeals, max(1, sequenceObservations(halfWidth, seq.rho)*3/4))
	var total *Tally
	var think thinkSums
	var outcomes []GameResult // every round's, while within keep
	prec := &Precision{Target: halfWidth, Rule: precisionRule}
	for from := 0; from < maxDeals && !seq.Precise(); from, next = next, min(maxDeals, next+max(1, next/4)) {
		round := cfg
		round.fromDeal, round.toDeal = from, next
		b := newBatch(round, round.deals(), true)
		if err := b.play(ctx); err != nil {
			return nil, nil, err
		}
		t, th := b.total()
		if total == nil {
			total, think = t, th
		} else if err := total.Merge(t); err != nil {
			return nil, nil, err
		} else {
			think.merge(th)
		}
		observeDeals(seq, b.outcomes, size)
		if len(outcomes)+len(b.outcomes) <= keep {
			outcomes = append(outcomes, b.outcomes...)
		} else {
			outcomes, keep = nil, 0
		}
		prec.Rounds++
		if progress != nil {
			progress(total.Games, seq.Interval())
		}
	}
	prec.FirstPlayer, prec.Reached = seq.Interval(), seq.Precise()
	total.Planned = total.Games
	rep := total.Report()
	rep.Precision = prec
	// The stop was chosen by watching this rate, so a fixed-sample
	// interval of it no longer holds its 95%: Zynalith stopped at 52.6%
	// with a Wilson interval of [50.8, 54.3] beside the sequence's [49.8,
	// 55.4], and a reader took the first for an edge. Every figure of the
	// first player's rate (text, JSON, HTML, the chart) is the sequence's.
	rep.FirstPlayer = prec.FirstPlayer
	rep.ThinkingMs = think.perDecision()
	rep.Workers = cfg.Workers
	rep.ElapsedSeconds = time.Since(start).Seconds()
	rep.GamesPerSecond = float64(total.Games) / rep.ElapsedSeconds
	if keep == 0 {
		return rep, nil, nil
	}
	return rep, Pack(outcomes), nil
}

// observeDeals adds each deal's first-player win fraction to seq: outcomes
// are in index order, size games a deal. A deal with no game whose first
// seat is known adds nothing.
func observeDeals(seq *Sequence, outcomes []GameResult, size int) {
	for k := 0; k < len(outcomes); k += size {
		wins, known := 0, 0
		for _, r := range outcomes[k:min(k+size, len(outcomes))] {
			if r.Err != "" || r.First < 0 {
				continue
			}
			known++
			if r.Winners.Has(r.First) {
				wins++
			}
		}
		if known > 0 {
			seq.Add(float64(wins) / float64(known))
		}
	}
}
