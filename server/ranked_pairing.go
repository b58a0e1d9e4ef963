package server

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"time"

	"kartenwerk/engine"
)

// window is the rating difference a player who has waited this long
// accepts: it widens with waiting, so nobody waits for ever.
func (c *RankedConfig) window(waited time.Duration) float64 {
	return math.Min(c.WindowMax, c.Window+c.WindowGrowth*max(0, waited.Seconds()))
}

// pickOpponent chooses whom me plays among the others waiting: the
// nearest rating within the wider of the two players' windows (the
// longer waiter has widened further), ties going to who waited longest.
func (c *RankedConfig) pickOpponent(me QueueEntry, queue []QueueEntry, now time.Time) (QueueEntry, bool) {
	var best QueueEntry
	bestGap, found := math.Inf(1), false
	for _, e := range queue {
		if e.Account == me.Account {
			continue
		}
		gap := math.Abs(e.Rating - me.Rating)
		reach := math.Max(c.window(now.Sub(me.Joined)), c.window(now.Sub(e.Joined)))
		if gap > reach || gap > bestGap || (gap == bestGap && !e.Joined.Before(best.Joined)) {
			continue
		}
		best, bestGap, found = e, gap, true
	}
	return best, found
}

// tryPair pairs a waiting player with the best opponent in the queue, if
// any fits. It returns the player's queue entry and whether the player
// still waits.
func (srv *Server) tryPair(ctx context.Context, account, game string, now time.Time) (QueueEntry, bool, error) {
	cfg := &srv.cfg.Ranked
	queue, err := srv.rankedStore.Queue(ctx, game, now.Add(-cfg.StaleAfter))
	if err != nil {
		return QueueEntry{}, false, err
	}
	var me QueueEntry
	for _, e := range queue {
		if e.Account == account {
			me = e
		}
	}
	if me.Account == "" {
		return me, false, nil
	}
	them, ok, err := srv.pickOwning(ctx, me, srv.mayMeet(me, queue), now)
	if err != nil {
		return me, false, err
	}
	if !ok {
		return me, true, nil
	}
	waits := false
	err = srv.holdDecksOf(ctx, [2]QueueEntry{me, them}, func() error {
		if err := srv.stillOwnsQueued(ctx, me); err != nil {
			return err
		}
		if lost, err := srv.lostSincePicked(ctx, them); err != nil || lost {
			waits = lost
			return err
		}
		first, second := me, them
		if them.Joined.Before(me.Joined) {
			first, second = them, me // the longer waiter sits first
		}
		err := srv.startRanked(ctx, [2]QueueEntry{first, second}, now)
		if errors.Is(err, ErrNotQueued) {
			waits = true // the opponent was paired by another request meanwhile
			return nil
		}
		return err
	})
	return me, waits, err
}

// holdDecksOf runs fn, which makes the two players' game, under the
// locks on both players' holdings when the "physical cards only" rule
// holds: a trade of a card of either deck then commits before the
// ownership checks in fn, which see it, or after the game is made, when
// its own check (inPlay) sees the game. The locks are taken in the
// accounts' order, so that two pairings never wait on each other.
func (srv *Server) holdDecksOf(ctx context.Context, players [2]QueueEntry, fn func() error) error {
	if !srv.physicalRanked() {
		return fn()
	}
	a, b := players[0].Account, players[1].Account
	switch {
	case a == b:
		return srv.holdCards(ctx, a, fn)
	case b < a:
		a, b = b, a
	}
	return srv.holdCards(ctx, a, func() error { return srv.holdCards(ctx, b, fn) })
}

// lostSincePicked reports whether the opponent pickOwning chose has given
// away a card of their deck since, before their holdings were locked.
func (srv *Server) lostSincePicked(ctx context.Context, them QueueEntry) (bool, error) {
	if !srv.physicalRanked() {
		return false, nil
	}
	ps, err := srv.checkOwned(ctx, them.Account, them.Game, them.Deck)
	return len(ps) > 0, err
}

// physicalRanked reports whether ranked decks must be of cards their
// players registered: the rule is set and the server keeps codes.
func (srv *Server) physicalRanked() bool {
	return srv.cfg.Ranked.PhysicalOnly && srv.codes != nil
}

// The "physical cards only" rule is checked again as each ranked game is
// made, not only as a player queues: copies traded away meanwhile must
// not also serve the account they went to, which may queue with them.

// pickOwning is pickOpponent among the players who still own every copy
// of the deck they queued with. One who no longer does is passed over
// here, and refused when they next ask after the queue (tryPair).
func (srv *Server) pickOwning(ctx context.Context, me QueueEntry, queue []QueueEntry, now time.Time) (QueueEntry, bool, error) {
	for {
		them, ok := srv.cfg.Ranked.pickOpponent(me, queue, now)
		if !ok || !srv.physicalRanked() {
			return them, ok, nil
		}
		ps, err := srv.checkOwned(ctx, them.Account, them.Game, them.Deck)
		if err != nil {
			return them, false, err
		}
		if len(ps) == 0 {
			return them, true, nil
		}
		queue = slices.DeleteFunc(slices.Clone(queue), func(e QueueEntry) bool { return e.Account == them.Account })
	}
}

// stillOwnsQueued refuses a queued player who no longer owns every copy
// of the deck they queued with, with a problem per card short, and takes
// them out of the queue: they queue again once they own the deck again,
// or with another.
func (srv *Server) stillOwnsQueued(ctx context.Context, e QueueEntry) error {
	if !srv.physicalRanked() {
		return nil
	}
	lost := srv.ownedOr(ctx, e.Account, e.Game, e.Deck, refuse(http.StatusConflict, "physical_ranked_lost"))
	if _, refused := errors.AsType[*refusal](lost); !refused {
		return lost
	}
	if err := srv.rankedStore.Dequeue(ctx, e.Account, e.Game); err != nil {
		return err
	}
	srv.log.Info("ranked player left the queue: deck no longer owned", "username", e.Username, "game", e.Game)
	return lost
}

// mayMeet is the queue without the players whose decks cannot meet me's
// (Zynalith's shared stacks, of which two players must bring one list).
func (srv *Server) mayMeet(me QueueEntry, queue []QueueEntry) []QueueEntry {
	g, err := srv.games.lookup(me.Game)
	if err != nil || len(me.Deck.Entries) == 0 {
		return queue
	}
	out := make([]QueueEntry, 0, len(queue))
	for _, e := range queue {
		if e.Account == me.Account || decksMeet(g, me.Deck, e.Deck) == nil {
			out = append(out, e)
		}
	}
	return out
}

// startRanked stores and starts a ranked game between two queued players.
func (srv *Server) startRanked(ctx context.Context, players [2]QueueEntry, now time.Time) error {
	g, err := srv.games.lookup(players[0].Game)
	if err != nil {
		return err
	}
	setup := engine.Setup{Game: g.Info().ID, Seats: 2, Seed: newSeed()}
	if len(players[0].Deck.Entries) > 0 || len(players[1].Deck.Entries) > 0 {
		setup = ownDecksSetup(g, newSeed(), players[0].Deck, players[1].Deck)
	}
	if setup, err = srv.dated(g, setup); err != nil {
		return fmt.Errorf("a ranked game of %s could not start: %w", setup.Game, err)
	}
	cfg := &srv.cfg.Ranked
	m := RankedMatch{GameID: newGameID(), Game: setup.Game, Created: now, PerMove: cfg.PerMove,
		Banks: [2]time.Duration{cfg.Bank, cfg.Bank}, TurnStarted: now, Winner: engine.NoSeat}
	seats := make([]SeatConfig, 2)
	for i, p := range players {
		pr, err := srv.rankedStore.RatingOf(ctx, p.Account, setup.Game)
		if err != nil {
			return err
		}
		m.Accounts[i], m.Usernames[i], m.Before[i] = p.Account, p.Username, pr.Rating
		m.Tokens[i] = newToken()
		// The seat is the account's: its link alone, passed on, plays
		// nothing (mayHold).
		seats[i] = SeatConfig{Kind: KindRanked, Token: m.Tokens[i], Account: p.Account}
	}
	sg := StoredGame{ID: m.GameID, Setup: setup, Seats: seats, Created: now, Owner: players[0].Account}
	if err := srv.rankedStore.Pair(ctx, m, sg); err != nil {
		return err
	}
	srv.log.Info("ranked game paired", "game", m.GameID, "p1", m.Usernames[0], "p2", m.Usernames[1])
	srv.keep(sg)
	return nil
}
