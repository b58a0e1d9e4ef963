// Package sim plays many games between agents and measures them: win
// rates with confidence intervals per seat, agent and deck, the first
// player's edge, game length, how games end and what each card does for
// its player. A batch is deterministic for its seed however many workers
// or shards play it: game i always gets the same setup and agent seeds.
package sim

import (
	"context"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
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
	// Agents per entrant, as agent specs; one spec is used for all.
	Agents  []string
	Variant map[string]string
	// Decks per entrant; empty lets the game choose.
	Decks []engine.DeckList
	// Mirror plays every deal once per seat rotation, so that each
	// entrant (agent and deck) sits in every seat of the same shuffle:
	// the luck of the deal cancels out of entrant comparisons. Games is
	// rounded up to a multiple of Seats.
	Mirror bool
	// Workers play games in parallel; 0 means one per CPU.
	Workers int
	// First, when 1..Seats, is the seat that takes the first turn in
	// every game; 0 leaves it to the game's rules.
	First int
	// TurnCap stops a game after this many turns as a draw; 0 means the
	// game's own cap.
	TurnCap int
	// Shard, Shards: play only games i with i % Shards == Shard.
	Shard, Shards int
	// Progress, if set, is called as games finish (a deal's at once) with
	// the number done; with several workers, a call may count fewer
	// than one before it.
	Progress func(done int)

	// fromDeal and toDeal (when above 0) bound the deals played, for a
	// batch played in rounds (UntilPrecise).
	fromDeal, toDeal int

	presets []string            // the game's preset names, for deckNames
	id      string              // the game's id, for setup
	codec   *engine.ActionCodec // the game's actions, for error messages
}

// deckNames names, into names' memory, the deck each seat played in the
// game s, begun from setup: the seat's own list; when setup gives none,
// the deck the game says it built or shares (engine.DeckNamer); else the
// preset engine.DefaultPreset assigns, as the other games deal; "" when
// the game has no presets.
func (c *Config) deckNames(setup engine.Setup, s engine.State, names []string) []string {
	names = resized(names, setup.Seats)
	namer, _ := s.(engine.DeckNamer)
	for seat := range names {
		switch {
		case len(setup.Decks) > seat:
			names[seat] = setup.Decks[seat].Name
		case namer != nil:
			names[seat] = namer.DeckName(engine.Seat(seat))
		case len(c.presets) > 0:
			names[seat] = c.presets[engine.DefaultPreset(setup.Seed, seat, len(c.presets))]
		}
	}
	return names
}

// GameResult is how one game of a batch went.
type GameResult struct {
	Index int
	Seed  uint64
	// Rotation: seat s played entrant (s + Rotation) % seats.
	Rotation int
	Winners  engine.SeatSet
	Reason   string
	// First is the seat that took the first turn (NoSeat if unknown).
	First engine.Seat
	// FirstChecked tells that First was read from the game's view, and
	// FirstDisagreed that the seat to move then was another (see
	// firstSeat).
	FirstChecked, FirstDisagreed bool
	Turns                        int
	Actions                      int
	Capped                       bool
	Err                          string
	// Decks names, per seat, the deck it played ("" when not known).
	Decks []string
	// Played lists, per seat, the indexes in Game.Cards() of the cards it
	// played, when the game reports them.
	Played [][]int
	// Drawn lists, per seat, the indexes in Game.Cards() of the cards in
	// its hand at its own decisions and when the game ended, when the game
	// reports hands (engine.CardHolder); a card held long appears often.
	Drawn [][]int
	// Opening lists, per seat, the indexes of the cards of its opening
	// hand: its hand the first time it held cards, up to the moment the
	// first turn began (see openingHands), the hand the shuffle dealt. A
	// seat's list is empty when it held none by then (Zynalith), and there
	// are no lists when the game reports no hands.
	Opening [][]int
	// Aside lists, per seat, the cards it set aside from its deck before
	// the deal by its own choice (engine.AsideHolder: Athernum's start
	// card), taken with its opening hand; no lists when the game sets
	// none aside.
	Aside [][]int
	// Decisions and Thinking count, per seat, the agent's decisions and
	// the time it took over them.
	// Timed tells which seats' agents were timed at all (see thinks).
	Decisions []int
	Thinking  []time.Duration
	Timed     []bool
	// Measures are the game's own figures, when it reports them.
	Measures []engine.Measure
}

func (c *Config) normalize() error {
	if c.Game == nil {
		return fmt.Errorf("no game given")
	}
	info := c.Game.Info() // read once: some games build it anew on each call
	c.id, c.codec = info.ID, info.Actions
	if c.Seats == 0 {
		c.Seats = info.MinSeats
	}
	if c.Seats < info.MinSeats || c.Seats > info.MaxSeats {
		if info.MinSeats == info.MaxSeats {
			return fmt.Errorf("%s takes exactly %d players, not %d", info.Name, info.MinSeats, c.Seats)
		}
		return fmt.Errorf("%s takes %d to %d players, not %d", info.Name, info.MinSeats, info.MaxSeats, c.Seats)
	}
	if c.Games < 1 {
		return fmt.Errorf("the number of games must be at least 1, not %d", c.Games)
	}
	if c.Mirror && c.Games%c.Seats != 0 {
		c.Games += c.Seats - c.Games%c.Seats
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
	if len(c.Decks) == 1 && c.Seats > 1 {
		c.Decks = slices.Repeat(c.Decks, c.Seats) // one deck list for every seat, as with agents
	}
	if len(c.Decks) != 0 && len(c.Decks) != c.Seats {
		return fmt.Errorf("%d decks for %d seats: give one deck for all seats or one per seat", len(c.Decks), c.Seats)
	}
	if c.First < 0 || c.First > c.Seats {
		return fmt.Errorf("first seat %d: give a seat from 1 to %d, or 0 to let the rules decide", c.First, c.Seats)
	}
	if c.TurnCap < 0 {
		return fmt.Errorf("turn cap %d: give a number of turns, or 0 for the game's own", c.TurnCap)
	}
	if c.Workers < 0 {
		return fmt.Errorf("%d workers: give a number of games to play at once, or 0 for one per CPU", c.Workers)
	}
	if c.Shards == 0 {
		c.Shards = 1
	}
	if c.Shards < 1 || c.Shard < 0 || c.Shard >= c.Shards {
		return fmt.Errorf("shard %d of %d: write the shard as k/n with 1 <= k <= n", c.Shard+1, c.Shards)
	}
	c.addSimVariant(info)
	if _, err := c.Game.New(c.setup(0)); err != nil {
		return err
	}
	for _, p := range c.Game.Presets() {
		c.presets = append(c.presets, p.Name)
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

// addSimVariant plays the game's simulation readings (engine.Info.SimVariant)
// for every key the batch does not set itself.
func (c *Config) addSimVariant(info engine.Info) { c.Variant = WithSimVariant(info, c.Variant) }

// WithSimVariant is variant with the game's simulation readings
// (engine.Info.SimVariant) for every key it does not set itself: a new
// map, variant stays as it was.
func WithSimVariant(info engine.Info, variant map[string]string) map[string]string {
	v := maps.Clone(variant)
	for k, x := range info.SimVariant {
		if _, set := v[k]; !set {
			if v == nil {
				v = map[string]string{}
			}
			v[k] = x
		}
	}
	return v
}

// rotation is the seat rotation of game i.
func (c *Config) rotation(i int) int {
	if !c.Mirror {
		return 0
	}
	return i % c.Seats
}

// setup is game i's setup: mirrored games share their deal's seed.
func (c *Config) setup(i int) engine.Setup {
	deal := i
	if c.Mirror {
		deal = i / c.Seats
	}
	s := engine.Setup{Game: c.id, Seats: c.Seats, Seed: engine.SeedFor(c.Seed, deal), Variant: c.Variant, First: c.First}
	if len(c.Decks) > 0 {
		r := c.rotation(i)
		s.Decks = make([]engine.DeckList, c.Seats)
		for seat := range s.Decks {
			s.Decks[seat] = c.Decks[(seat+r)%c.Seats]
		}
	}
	return s
}

func (c *Config) agentSpec(entrant int) string {
	if len(c.Agents) == 1 {
		return c.Agents[0]
	}
	return c.Agents[entrant]
}

func (c *Config) deckName(entrant int) string {
	if len(c.Decks) == 0 {
		return ""
	}
	return c.Decks[entrant].Name
}

// dealSize is how many games share a deal: one per seat rotation when
// mirrored, else one.
func (c *Config) dealSize() int {
	if c.Mirror {
		return c.Seats
	}
	return 1
}

// indexes lists the games this shard plays: whole deals, so that a deal's
// games are never split between shards.
func (c *Config) indexes() []int {
	var out []int
	size := c.dealSize()
	for deal := c.Shard + c.fromDeal; deal*size < c.Games && (c.toDeal == 0 || deal < c.toDeal); deal += c.Shards {
		for i := deal * size; i < (deal+1)*size && i < c.Games; i++ {
			out = append(out, i)
		}
	}
	return out
}

// Run plays the batch (or its shard) and tallies it. Games that fail (an
// agent error, a refused action) are counted as errors, not fatal.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	rep, _, err := runGames(ctx, cfg, false)
	return rep, err
}

// runGames is Run that, when outcomes is set, also returns each game's
// outcome in index order (its result without the per-card and per-decision
// detail, which is tallied and dropped as the games are played).
func runGames(ctx context.Context, cfg Config, outcomes bool) (*Report, []GameResult, error) {
	if err := cfg.normalize(); err != nil {
		return nil, nil, err
	}
	start := time.Now()
	deals := cfg.deals()
	b := newBatch(cfg, deals, outcomes)
	if err := b.play(ctx); err != nil {
		return nil, nil, err
	}
	t, think := b.total()
	rep := t.Report()
	rep.ThinkingMs = think.perDecision()
	rep.Workers = cfg.Workers
	rep.ElapsedSeconds = time.Since(start).Seconds()
	rep.GamesPerSecond = float64(t.Games) / rep.ElapsedSeconds
	return rep, b.outcomes, nil
}

// deals lists the games this shard plays, deal by deal.
func (c *Config) deals() [][]int {
	indexes := c.indexes()
	size := c.dealSize()
	var out [][]int
	for k := 0; k < len(indexes); k += size {
		out = append(out, indexes[k:min(k+size, len(indexes))])
	}
	return out
}

// batch plays deals with workers that each keep a tally of their own, so
// that no game's detail outlives its tallying: memory stays flat however
// large the batch. The tallies merge exactly, whatever deals each worker
// played.
type batch struct {
	cfg      Config
	deals    [][]int
	offsets  []int // where each deal's games start in outcomes
	outcomes []GameResult
	tallies  []*Tally
	thinks   []thinkSums
	tables   []*table
	done     atomic.Int64
	mu       sync.Mutex // serialises Progress
}

func newBatch(cfg Config, deals [][]int, outcomes bool) *batch {
	b := &batch{cfg: cfg, deals: deals}
	n := 0
	for _, d := range deals {
		b.offsets = append(b.offsets, n)
		n += len(d)
	}
	if outcomes {
		b.outcomes = make([]GameResult, n)
	}
	for range max(1, cfg.Workers) {
		b.tallies = append(b.tallies, NewTally(cfg))
		b.thinks = append(b.thinks, newThinkSums(cfg.Seats))
		b.tables = append(b.tables, newTable(&b.cfg))
	}
	return b
}

// play plays every deal: in this goroutine when there is one worker, so
// that no game waits on a hand-over.
func (b *batch) play(ctx context.Context) error {
	if len(b.tallies) == 1 {
		for k := range b.deals {
			if err := ctx.Err(); err != nil {
				return err
			}
			b.playDeal(0, k)
		}
		return nil
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for w := range b.tallies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				b.playDeal(w, k)
			}
		}()
	}
feed:
	for k := range b.deals {
		select {
		case next <- k:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	return ctx.Err()
}

// playDeal plays deal k on worker w and tallies it there.
func (b *batch) playDeal(w, k int) {
	games := b.tables[w].playDeal(b.deals[k])
	b.tallies[w].AddDeal(games)
	b.thinks[w].add(b.cfg.Seats, games)
	for j, r := range games {
		if b.outcomes != nil {
			b.outcomes[b.offsets[k]+j] = r.outcome()
		}
	}
	done := b.done.Add(int64(len(games)))
	if b.cfg.Progress != nil {
		b.mu.Lock()
		b.cfg.Progress(int(done))
		b.mu.Unlock()
	}
}

// total merges the workers' tallies and timings.
func (b *batch) total() (*Tally, thinkSums) {
	t, think := b.tallies[0], b.thinks[0]
	for w := 1; w < len(b.tallies); w++ {
		_ = t.Merge(b.tallies[w]) // parts of one batch: they always match
		think.merge(b.thinks[w])
	}
	return t, think
}

// outcome is the result without the detail that only the tally needs,
// and with its own copy of what it keeps of the worker's reused buffers.
func (r GameResult) outcome() GameResult {
	r.Played, r.Drawn, r.Opening, r.Aside, r.Measures = nil, nil, nil, nil, nil
	r.Decisions, r.Thinking, r.Timed = nil, nil, nil
	r.Decks = slices.Clone(r.Decks)
	return r
}

// thinkSums adds up each entrant's timed decisions and their time.
type thinkSums struct {
	total []time.Duration
	count []int
}

func newThinkSums(seats int) thinkSums {
	return thinkSums{total: make([]time.Duration, seats), count: make([]int, seats)}
}

func (t thinkSums) add(seats int, games []GameResult) {
	for _, r := range games {
		for seat := range r.Decisions {
			if !r.Timed[seat] {
				continue
			}
			e := (seat + r.Rotation) % seats
			t.total[e] += r.Thinking[seat]
			t.count[e] += r.Decisions[seat]
		}
	}
}

func (t thinkSums) merge(o thinkSums) {
	for e := range t.total {
		t.total[e] += o.total[e]
		t.count[e] += o.count[e]
	}
}

// perDecision is each entrant's mean time per decision in milliseconds,
// or -1 for an entrant whose agent is not timed.
func (t thinkSums) perDecision() []float64 {
	out := make([]float64, len(t.total))
	for e := range out {
		out[e] = -1
		if t.count[e] > 0 {
			out[e] = float64(t.total[e].Microseconds()) / 1000 / float64(t.count[e])
		}
	}
	return out
}
