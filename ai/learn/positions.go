// Package learn fits a game's position evaluation from simulated games:
// it samples positions of games between agents, labels each with the
// result its seat went on to get, and fits a logistic regression over
// the game's features (engine.Featurer), whose weights say what wins the
// game and which agents can play with (ai.Model, eval=learned).
package learn

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"kartenwerk/ai"
	"kartenwerk/engine"
)

// Sample is one position as the fit sees it: a seat's features and the
// reward that seat went on to get (1 a win, 0 a loss, 1/seats a draw).
type Sample struct {
	Features []float64
	Result   float64
	// Game is the index of the game it comes from, so that positions of
	// one game stay on one side of a held-out split.
	Game int
}

// Config says which games to play for positions.
type Config struct {
	Game engine.Game
	// Games is the number of games; Seed the batch seed.
	Games int
	Seed  uint64
	// Agents are the specs each seat's agent is drawn from, per game.
	Agents []string
	// PerGame is the number of positions sampled from each game.
	PerGame int
	// Workers plays games in parallel (0: one per CPU); the positions
	// are the same for any number.
	Workers int
}

// DefaultAgents are the agents of a fit's games: greedy plays like a
// player, and random games visit the lopsided positions greedy avoids.
var DefaultAgents = []string{"greedy", "greedy", "random"}

// Positions plays the games of c and returns their sampled positions,
// game after game.
func Positions(ctx context.Context, c Config) ([]Sample, []string, error) {
	if c.Games < 1 || c.PerGame < 1 || len(c.Agents) == 0 {
		return nil, nil, fmt.Errorf("learn: want at least one game, one position a game and one agent (have %d, %d, %d)", c.Games, c.PerGame, len(c.Agents))
	}
	for _, spec := range c.Agents {
		if _, err := ai.New(spec, 0); err != nil {
			return nil, nil, err
		}
	}
	probe, err := c.Game.New(setupOf(c, 0))
	if err != nil {
		return nil, nil, err
	}
	f, ok := probe.(engine.Featurer)
	if !ok {
		return nil, nil, fmt.Errorf("%s describes no features of its positions (engine.Featurer), so no evaluation can be learned", c.Game.Info().Name)
	}
	names := f.FeatureNames()
	perGame := make([][]Sample, c.Games)
	errs := make([]error, c.Games)
	workers := c.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				perGame[i], errs[i] = playForPositions(c, i)
			}
		})
	}
feed:
	for i := range c.Games {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	var out []Sample
	for i := range perGame {
		if errs[i] != nil {
			return nil, nil, fmt.Errorf("game %d: %w", i, errs[i])
		}
		out = append(out, perGame[i]...)
	}
	return out, names, nil
}

func setupOf(c Config, i int) engine.Setup {
	info := c.Game.Info()
	return engine.Setup{Game: info.ID, Seats: max(2, info.MinSeats), Seed: gameSeed(c.Seed, i), Variant: info.SimVariant}
}

// gameSeed spreads the batch seed over the games.
func gameSeed(batch uint64, i int) uint64 {
	return batch*0x9e3779b97f4a7c15 + uint64(i+1)*0xbf58476d1ce4e5b9
}

// playForPositions plays game i to its end and returns PerGame positions
// drawn uniformly from its decisions, each for a seat drawn at random,
// labelled with that seat's result.
func playForPositions(c Config, i int) ([]Sample, error) {
	s, err := c.Game.New(setupOf(c, i))
	if err != nil {
		return nil, err
	}
	rng := engine.NewRNG(gameSeed(c.Seed, i) ^ 0x5a5a)
	agents := make([]ai.Agent, s.Seats())
	for q := range agents {
		if agents[q], err = ai.New(c.Agents[rng.IntN(len(c.Agents))], rng.Uint64()); err != nil {
			return nil, err
		}
	}
	turnCap := c.Game.Info().TurnCap
	if turnCap == 0 {
		turnCap = engine.DefaultTurnCap
	}
	// A reservoir keeps PerGame decisions drawn uniformly from all of
	// them, without knowing the game's length in advance.
	kept := make([]Sample, 0, c.PerGame)
	seats := make([]engine.Seat, c.PerGame)
	for k := 0; ; k++ {
		if done, _ := s.Terminal(); done || s.Turn() > turnCap {
			break
		}
		slot := k
		if k >= c.PerGame {
			slot = rng.IntN(k + 1)
		}
		if slot < c.PerGame {
			seat := engine.Seat(rng.IntN(s.Seats()))
			sample := Sample{Features: s.(engine.Featurer).Features(seat, nil), Game: i}
			seats[slot] = seat
			if slot == len(kept) {
				kept = append(kept, sample)
			} else {
				kept[slot] = sample
			}
		}
		a, err := agents[s.ToMove()].Act(s)
		if err != nil {
			return nil, err
		}
		if err := s.Apply(a); err != nil {
			return nil, err
		}
	}
	rewards := ai.Rewards(s) // a game stopped at the cap counts as a draw
	if done, _ := s.Terminal(); !done {
		for q := range s.Seats() {
			rewards[q] = 1 / float64(s.Seats())
		}
	}
	for j := range kept {
		kept[j].Result = rewards[seats[j]]
	}
	return kept, nil
}
