package zynalith

import (
	"flag"
	"testing"

	"kartenwerk/ai"
	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
)

var long = flag.Bool("long", false, "play many more random games")

// mixedSetup varies seats (2 to 6), variants and the stack list by game.
func mixedSetup(i int) engine.Setup {
	seed := engine.SeedFor(42, i)
	v := map[string]string{}
	r := engine.NewRNG(seed)
	for _, spec := range variants {
		if r.IntN(3) == 0 {
			v[spec.Key] = spec.Options[r.IntN(len(spec.Options))]
		}
	}
	setup := engine.Setup{Game: "zynalith", Seats: 2 + i%5, Seed: seed, Variant: v}
	if i%3 == 1 {
		setup.Decks = []engine.DeckList{shippedPreset("Offene Ideen")}
	}
	return setup
}

func TestRandomGames(t *testing.T) {
	n := 2000
	if *long {
		n = 20000
	}
	if testing.Short() {
		n = 200
	}
	sum := enginetest.RandomGames(t, Game{}, enginetest.Options{Games: n, Setup: mixedSetup, Invariants: invariants, DeepCheckEvery: 40})
	t.Logf("games %d, actions/game %.1f, reasons %v, draws %d, wins %v", sum.Games, float64(sum.Actions)/float64(sum.Games), sum.Reasons, sum.Draws, sum.Wins[:6])
	t.Logf("verbs %v", sum.Verbs)
	for _, verb := range []string{"pick", "blind", "play", "attach", "banish", "redraw", "pass", "defend", "attack", "swap", "sell", "counter", "decline", "end"} {
		if sum.Verbs[verb] == 0 {
			t.Errorf("random games never played %q", verb)
		}
	}
}

// TestGamesPlayedToWin: games between players who play to win (greedy,
// one move in four at random) go where random play seldom does, and every
// check of the random games holds there too.
func TestGamesPlayedToWin(t *testing.T) {
	n := 200
	if *long {
		n = 3000
	}
	sum := enginetest.RandomGames(t, Game{}, enginetest.Options{Games: n, Setup: mixedSetup, Invariants: invariants, DeepCheckEvery: 40,
		Player: func(i int) enginetest.Player { return ai.NewNoisy(0.25, uint64(i)+1) }})
	t.Logf("%d games, %d actions, reasons %v, draws %d, verbs %v", sum.Games, sum.Actions, sum.Reasons, sum.Draws, sum.Verbs)
}
