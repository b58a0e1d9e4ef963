package ai_test

import (
	"slices"
	"testing"

	"kartenwerk/ai"
	"kartenwerk/engine"
)

// A pool of worlds is sampled with the agent's generator from what the
// seat sees: the search decides alike on MystiMons states its seat cannot
// tell apart, the pool's worlds coming from either.
func TestWorldsPoolNeverReadsHiddenInformation(t *testing.T) {
	states := mystimonsMidgames(t, 30)
	if n := blindness(t, states, func() ai.Agent { return peeker{} }); n == 0 {
		t.Fatal("the check cannot tell a peeking agent: it would pass anything")
	}
	for _, o := range []ai.ISMCTSOptions{
		{Iterations: 200, Exploration: 0.7, Worlds: 1},
		{Iterations: 200, Exploration: 0.7, Worlds: 10},
		{Iterations: 200, Exploration: 0.7, Worlds: 10, Info: ai.InfoOwn},
		{Iterations: 200, Exploration: 0.7, Worlds: 1, TreePerWorld: true},
		{Iterations: 200, Exploration: 0.7, Worlds: 10, TreePerWorld: true},
	} {
		newAgent := func() ai.Agent { return ai.NewISMCTS(o, 9) }
		if n := blindness(t, states, newAgent); n != 0 {
			t.Errorf("%s decided differently on %d states its seat cannot tell apart", newAgent().Name(), n)
		}
	}
}

// The pool is filled by the first iterations as fresh worlds would be, so
// a pool as large as the iterations searches exactly as the plain search,
// and a small pool, whose iterations replay the same few worlds, searches
// otherwise: the pool is used, and only where it is asked for.
func TestWorldsPoolOfEveryIterationIsThePlainSearch(t *testing.T) {
	states := mystimonsMidgames(t, 30)
	plain := ai.ISMCTSOptions{Iterations: 200, Exploration: 0.7}
	for _, tc := range []struct {
		worlds    int
		sameAsAll bool
	}{{200, true}, {1, false}, {5, false}} {
		o := plain
		o.Worlds = tc.worlds
		differ := 0
		for _, s := range states {
			a, _ := ai.NewISMCTS(plain, 4).Act(s)
			b, _ := ai.NewISMCTS(o, 4).Act(s)
			if a != b {
				differ++
			}
		}
		if (differ == 0) != tc.sameAsAll {
			t.Errorf("worlds=%d decided otherwise than the plain search on %d of %d states", tc.worlds, differ, len(states))
		}
	}
}

// The same seed gives the same game, move for move, with a pool of worlds.
func TestWorldsPoolIsReproducible(t *testing.T) {
	g, err := engine.Lookup("mystimons")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []ai.ISMCTSOptions{
		{Iterations: 300, Exploration: 0.7, Worlds: 6},
		{Iterations: 300, Exploration: 0.7, Worlds: 6, TreePerWorld: true},
	} {
		first := fairGame(t, g, 3, o)
		if again := fairGame(t, g, 3, o); !slices.Equal(first, again) {
			t.Errorf("%s: the same seed played %d actions, then %d otherwise", ai.NewISMCTS(o, 1).Name(), len(first), len(again))
		}
	}
}

// In the peeking search every sampled world is the true one, and the
// pool is filled with the generator split as fresh worlds are, so a pool
// changes nothing there: the peeking search plays the same games, move
// for move. That is what lets -ceiling.peek-from take the peeking
// figures of a plain run for a run with a pool of worlds.
func TestWorldsPoolLeavesThePeekingSearchAlone(t *testing.T) {
	g, err := engine.Lookup("mystimons")
	if err != nil {
		t.Fatal(err)
	}
	for deal := uint64(1); deal <= 3; deal++ {
		plain := ai.ISMCTSOptions{Iterations: 500, Exploration: 0.7}
		want := peekingGame(t, g, deal, plain)
		for _, worlds := range []int{1, 15} {
			o := plain
			o.Worlds = worlds
			if got := peekingGame(t, g, deal, o); !slices.Equal(got, want) {
				t.Errorf("deal %d: with worlds=%d the peeking search played otherwise (%d actions) than without (%d)",
					deal, worlds, len(got), len(want))
			}
		}
	}
}
