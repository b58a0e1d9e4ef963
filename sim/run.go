// Package sim plays many games between agents and measures them: win
// rates with confidence intervals, the first player's edge, game length,
// how games end. A batch is deterministic for its seed however many
// workers play it: game i always gets the same setup and agent seeds.
package sim

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"time"

	"kartenwerk/ai"
	"kartenwerk/engine"
)

// Config describes a batch of games.
type Config struct {
	Game  engine.Game
	Games int
	Seed  uint64
	// Seats at the table; 0 means the game's minimum.
	Seats int
	// Agents per seat, as agent specs; one spec is used for every seat.
	Agents  []string
	Variant map[string]string
	// Decks per seat; empty lets the game choose.
	Decks []engine.DeckList
	// Workers play games in parallel; 0 means one per CPU.
	Workers int
	// TurnCap stops a game after this many turns as a draw; 0 means the
	// game's own cap.
	TurnCap int
	// Progress, if set, is called after each game with the number done.
	Progress func(done int)
}

// GameResult is how one game of a batch went.
type GameResult struct {
	Index   int
	Seed    uint64
	Winners engine.SeatSet
	Reason  string
	// First is the seat that took the first turn (NoSeat if unknown).
	First   engine.Seat
	Turns   int
	Actions int
	Capped  bool
	Err     string
}

func (c *Config) normalize() error {
	if c.Game == nil {
		return fmt.Errorf("no game given")
	}
	info := c.Game.Info()
	if c.Seats == 0 {
		c.Seats = info.MinSeats
	}
	if c.Seats < info.MinSeats || c.Seats > info.MaxSeats {
		return fmt.Errorf("%s takes %d to %d players, not %d", info.Name, info.MinSeats, info.MaxSeats, c.Seats)
	}
	if c.Games < 1 {
		return fmt.Errorf("the number of games must be at least 1, not %d", c.Games)
	}
	if len(c.Agents) == 0 {
		c.Agents = []string{"random"}
	}
	if len(c.Agents) != 1 && len(c.Agents) != c.Seats {
		return fmt.Errorf("%d agents for %d seats: give one agent for all seats or one per seat", len(c.Agents), c.Seats)
	}
	for _, spec := range c.Agents {
		if _, err := ai.New(spec, 0); err != nil {
			return err
		}
	}
	if len(c.Decks) != 0 && len(c.Decks) != c.Seats {
		return fmt.Errorf("%d decks for %d seats: give one deck per seat", len(c.Decks), c.Seats)
	}
	if _, err := c.Game.New(c.setup(0)); err != nil {
		return err
	}
	if c.Workers <= 0 {
		c.Workers = runtime.GOMAXPROCS(0)
	}
	if c.TurnCap <= 0 {
		c.TurnCap = info.TurnCap
		if c.TurnCap <= 0 {
			c.TurnCap = engine.DefaultTurnCap
		}
	}
	return nil
}

func (c *Config) setup(i int) engine.Setup {
	return engine.Setup{Game: c.Game.Info().ID, Seats: c.Seats, Seed: engine.SeedFor(c.Seed, i),
		Variant: c.Variant, Decks: c.Decks}
}

func (c *Config) agentSpec(seat int) string {
	if len(c.Agents) == 1 {
		return c.Agents[0]
	}
	return c.Agents[seat]
}

// Run plays the batch and tallies it. Games that fail (an agent error, a
// refused action) are counted as errors, not fatal to the batch.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if err := cfg.normalize(); err != nil {
		return nil, err
	}
	start := time.Now()
	results := make([]GameResult, cfg.Games)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for w := 0; w < cfg.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = PlayGame(cfg, i)
				if cfg.Progress != nil {
					mu.Lock()
					done++
					cfg.Progress(done)
					mu.Unlock()
				}
			}
		}()
	}
feed:
	for i := 0; i < cfg.Games; i++ {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	t := NewTally(cfg)
	for _, r := range results {
		t.Add(r)
	}
	rep := t.Report()
	rep.Workers = cfg.Workers
	rep.ElapsedSeconds = time.Since(start).Seconds()
	rep.GamesPerSecond = float64(cfg.Games) / rep.ElapsedSeconds
	return rep, nil
}

// PlayGame plays game i of the batch from start to end or to the cap.
func PlayGame(cfg Config, i int) GameResult {
	setup := cfg.setup(i)
	res := GameResult{Index: i, Seed: setup.Seed, First: engine.NoSeat}
	s, err := cfg.Game.New(setup)
	if err != nil {
		res.Err = err.Error()
		return res
	}
	agents := make([]ai.Agent, cfg.Seats)
	for seat := range agents {
		if agents[seat], err = ai.New(cfg.agentSpec(seat), engine.SeedFor(setup.Seed, seat+1)); err != nil {
			res.Err = err.Error()
			return res
		}
	}
	codec := cfg.Game.Info().Actions
	for {
		if res.First == engine.NoSeat && s.Turn() >= 1 {
			res.First = s.View(engine.NoSeat).Active
		}
		if done, out := s.Terminal(); done {
			res.Winners, res.Reason = out.Winners, out.Reason
			break
		}
		if s.Turn() > cfg.TurnCap {
			res.Capped, res.Reason = true, "turn-cap"
			break
		}
		seat := s.ToMove()
		a, err := agents[seat].Act(s)
		if err == nil {
			err = s.Apply(a)
		}
		if err != nil {
			res.Err = fmt.Sprintf("game %d (seed %d), action %d %q by %v: %v", i, setup.Seed, res.Actions+1, codec.Format(a), seat, err)
			break
		}
		res.Actions++
	}
	res.Turns = s.Turn()
	return res
}
