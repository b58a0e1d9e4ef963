package sim_test

import (
	"context"
	"fmt"

	"kartenwerk/engine"
	_ "kartenwerk/games/all" // registers the five games
	"kartenwerk/sim"
)

// A batch from Go, as `kartenwerk sim` plays it: greedy against random in
// Mystic Elements, mirrored so each deal is played once with each agent
// in each seat. Every rate comes with its 95% interval, which for a
// mirrored batch is computed over deals; the same seed gives the same
// report for any number of workers.
func Example() {
	g, err := engine.Lookup("mysticelements")
	if err != nil {
		panic(err)
	}
	cfg := sim.Config{Game: g, Games: 200, Seed: 1, Agents: []string{"greedy", "random"}, Mirror: true}
	r, err := sim.Run(context.Background(), cfg)
	if err != nil {
		panic(err)
	}
	greedy := r.EntrantRates[0]
	fmt.Println("games:", r.Games, "· deals:", r.DealCount)
	fmt.Println(greedy.Agent, "beats random beyond doubt:", greedy.WinRate.Low > 0.5)
	fmt.Println("the interval's method:", greedy.WinRate.Method)
	// Output:
	// games: 200 · deals: 100
	// greedy beats random beyond doubt: true
	// the interval's method: wilson-by-deal
}
