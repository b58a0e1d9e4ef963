package sim

import (
	"fmt"
	"slices"
	"time"

	"kartenwerk/ai"
	"kartenwerk/engine"
)

// table plays one worker's games one after another and reuses what each
// game leaves: its agents, which start every game afresh through
// ai.Reseeder, and the slices of its results, from which the tally copies
// what it keeps. A random game takes tens of microseconds, so a new agent
// and result per game would cost a batch a tenth of its time in
// allocation and garbage collection.
type table struct {
	cfg *Config
	// agents holds each entrant's agent, kept across games when it is an
	// ai.Reseeder; timed tells whether it is timed (see thinks).
	agents []ai.Agent
	timed  []bool
	seated []ai.Agent // this game's agent in each seat
	// results holds one result per game of a deal, whose slices the next
	// deal reuses.
	results []GameResult
}

func newTable(cfg *Config) *table {
	return &table{cfg: cfg, agents: make([]ai.Agent, cfg.Seats), timed: make([]bool, cfg.Seats),
		seated: make([]ai.Agent, cfg.Seats), results: make([]GameResult, cfg.dealSize())}
}

// playDeal plays the games of one deal. The results are valid until the
// next call.
func (t *table) playDeal(deal []int) []GameResult {
	games := t.results[:len(deal)]
	for j, i := range deal {
		t.play(i, &games[j])
	}
	return games
}

// PlayGame plays game i of the batch from start to end or to the cap; a
// config Run would refuse gives a result whose Err says why.
func PlayGame(cfg Config, i int) GameResult {
	var res GameResult
	if err := cfg.normalize(); err != nil {
		res.reset(i, 0, 0)
		res.Err = err.Error()
		return res
	}
	newTable(&cfg).play(i, &res)
	return res
}

// play plays game i into res, reusing the slices res holds.
func (t *table) play(i int, res *GameResult) {
	cfg := t.cfg
	setup := cfg.setup(i)
	res.reset(i, setup.Seed, cfg.rotation(i))
	s, err := cfg.Game.New(setup)
	if err != nil {
		res.Err = fmt.Sprintf("game %d (seed %d): %v", i, setup.Seed, err)
		return
	}
	if err := t.seat(res.Rotation, setup.Seed); err != nil {
		res.Err = err.Error()
		return
	}
	res.Decisions, res.Thinking = resized(res.Decisions, cfg.Seats), resized(res.Thinking, cfg.Seats)
	res.Timed = resized(res.Timed, cfg.Seats)
	for seat := range t.seated {
		res.Timed[seat] = t.timed[(seat+res.Rotation)%cfg.Seats]
	}
	cards, _ := s.(engine.CardPlayer)
	if cards != nil {
		res.Played = emptied(res.Played, cfg.Seats)
	}
	hands, _ := s.(engine.CardHolder)
	if hands != nil {
		res.Drawn = emptied(res.Drawn, cfg.Seats)
		res.Opening = emptied(res.Opening, cfg.Seats)
		if _, ok := s.(engine.AsideHolder); ok {
			res.Aside = emptied(res.Aside, cfg.Seats)
		}
	}
	t.playOut(s, cards, hands, res)
	res.Decks = cfg.deckNames(setup, s, res.Decks)
	if hands != nil {
		for seat := range res.Drawn {
			res.Drawn[seat] = hands.HandCards(engine.Seat(seat), res.Drawn[seat])
		}
	}
	res.Turns = s.Turn()
	if m, ok := s.(engine.Measurer); ok && res.Err == "" {
		res.Measures = m.Measures(res.Measures)
	}
}

// playOut plays s to its end, or to the turn cap, or to an error.
func (t *table) playOut(s engine.State, cards engine.CardPlayer, hands engine.CardHolder, res *GameResult) {
	cfg := t.cfg
	dealing := hands != nil // the opening hands may still be dealt
	aside, _ := s.(engine.AsideHolder)
	for {
		turn := s.Turn()
		if res.First == engine.NoSeat && turn >= 1 {
			res.First, res.FirstChecked, res.FirstDisagreed = firstSeat(cfg, res.Index, s)
		}
		if dealing {
			dealing = openingHands(hands, aside, res, turn)
		}
		if done, out := s.Terminal(); done {
			res.Winners, res.Reason = out.Winners, out.Reason
			return
		}
		if turn > cfg.TurnCap {
			res.Capped, res.Reason = true, "turn-cap"
			return
		}
		seat := s.ToMove()
		if hands != nil {
			res.Drawn[seat] = hands.HandCards(seat, res.Drawn[seat])
		}
		var a engine.Action
		var err error
		if res.Timed[seat] {
			a, err = timedAct(t.seated[seat], s, &res.Thinking[seat])
		} else {
			a, err = t.seated[seat].Act(s) // most decisions: no clock, no extra call
		}
		res.Decisions[seat]++
		if err == nil && cards != nil {
			if c := cards.PlayedCard(a); c >= 0 {
				res.Played[seat] = append(res.Played[seat], c)
			}
		}
		if err == nil {
			err = s.Apply(a)
		}
		if err != nil {
			res.Err = fmt.Sprintf("game %d (seed %d), action %d %q by %v: %v", res.Index, res.Seed, res.Actions+1, cfg.codec.Format(a), seat, err)
			return
		}
		res.Actions++
	}
}

// openingHands notes each seat's opening hand in res.Opening, the first
// time its hand holds cards, up to the moment the first turn begins:
// dealt before the game (MystiMons), during its setup (Athernum) or not
// at all (Zynalith, whose hands fill only from the market, by the seats'
// own choices). A hand is the seat's opening hand before the seat has
// acted with it: setup actions taken before the deal choose the deck,
// not the cards. With the hand it notes the cards the seat set aside
// before the deal (res.Aside), when the game sets any aside. It reports
// whether the hands may still be dealt.
func openingHands(hands engine.CardHolder, aside engine.AsideHolder, res *GameResult, turn int) bool {
	for seat := range res.Opening {
		if len(res.Opening[seat]) > 0 {
			continue
		}
		res.Opening[seat] = hands.HandCards(engine.Seat(seat), res.Opening[seat])
		if len(res.Opening[seat]) > 0 && aside != nil {
			res.Aside[seat] = aside.AsideCards(engine.Seat(seat), res.Aside[seat][:0])
		}
	}
	return turn < 1
}

// reset empties r for game i, keeping its slices' memory.
func (r *GameResult) reset(i int, seed uint64, rotation int) {
	*r = GameResult{Index: i, Seed: seed, Rotation: rotation, First: engine.NoSeat,
		Decks: r.Decks[:0], Played: r.Played[:0], Drawn: r.Drawn[:0], Opening: r.Opening[:0], Aside: r.Aside[:0], Decisions: r.Decisions[:0], Thinking: r.Thinking[:0],
		Timed: r.Timed[:0], Measures: r.Measures[:0]}
}

// resized is s with n zero elements, in s's memory when it has room.
func resized[T any](s []T, n int) []T {
	s = slices.Grow(s[:0], n)[:n]
	clear(s)
	return s
}

// emptied is lists with n empty lists, reusing the memory of those it had.
func emptied(lists [][]int, n int) [][]int {
	lists = slices.Grow(lists[:0], n)[:n]
	for k := range lists {
		lists[k] = lists[k][:0]
	}
	return lists
}

// seat gives each seat its entrant's agent for a game of this rotation and
// deal seed, seeded as a new agent would be.
func (t *table) seat(rotation int, dealSeed uint64) error {
	for seat := range t.seated {
		entrant := (seat + rotation) % t.cfg.Seats
		seed := engine.SeedFor(dealSeed, seat+1)
		if r, ok := t.agents[entrant].(ai.Reseeder); ok {
			r.Reseed(seed)
		} else {
			a, err := newAgent(t.cfg.agentSpec(entrant), seed)
			if err != nil {
				return err
			}
			t.agents[entrant], t.timed[entrant] = a, thinks(a)
		}
		t.seated[seat] = t.agents[entrant]
	}
	return nil
}

// newAgent is ai.New, without parsing the two plainest specs again.
func newAgent(spec string, seed uint64) (ai.Agent, error) {
	switch spec {
	case "random":
		return ai.NewRandom(seed), nil
	case "greedy":
		return ai.NewGreedy(seed), nil
	}
	return ai.New(spec, seed)
}

// firstCheckEvery is how often (one game in so many) the first seat is
// read from the game's view rather than taken as the seat to move.
const firstCheckEvery = 64

// firstSeat is the seat that takes the first turn of game i, asked as the
// first turn begins: the seat chosen by cfg.First, else the seat to move
// then, which in every game here is the active seat. Reading the active
// seat from a View instead costs up to a third of a random game, so only
// one game in firstCheckEvery does, and counts whether the two disagree
// so that the report can warn when the shortcut does not hold.
func firstSeat(cfg *Config, i int, s engine.State) (first engine.Seat, checked, disagreed bool) {
	if cfg.First > 0 {
		return engine.Seat(cfg.First - 1), false, false
	}
	if i%firstCheckEvery != 0 {
		return s.ToMove(), false, false
	}
	active := s.View(engine.NoSeat).Active
	return active, true, active != s.ToMove()
}

// thinks reports whether an agent's time per decision is worth measuring:
// random, greedy and noisy greedy agents decide in microseconds, and
// reading the clock around each of their decisions would cost a quarter
// of a batch's time.
func thinks(a ai.Agent) bool {
	switch a.(type) {
	case *ai.Random, *ai.Greedy, *ai.Noisy:
		return false
	}
	return true
}

// timedAct asks the agent for its action, adding the time it took to
// thinking.
func timedAct(a ai.Agent, s engine.State, thinking *time.Duration) (engine.Action, error) {
	t0 := time.Now()
	action, err := a.Act(s)
	*thinking += time.Since(t0)
	return action, err
}
