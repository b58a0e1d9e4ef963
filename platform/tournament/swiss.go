package tournament

import (
	"errors"
	"fmt"
	"math/bits"
)

// ErrNoPairing says that every way to pair the round would repeat a match.
var ErrNoPairing = errors.New("no pairing without a rematch exists")

// Swiss is a Swiss-system event: a fixed number of rounds in which players
// of like records meet, nobody meets the same opponent twice, and the
// standings decide the final order or the seeds of a top cut.
type Swiss struct {
	players []string
	index   map[string]int
	dropped []bool
	planned int
	schedule
}

// NewSwiss registers the players (account ids, in registration order, which
// breaks ties that every tiebreaker leaves and so orders round 1) for an
// event of the given number of Swiss rounds. Shuffle the players first,
// with a seeded generator, for a random round 1.
func NewSwiss(players []string, rounds int) (*Swiss, error) {
	if len(players) < 2 {
		return nil, refused("too_few_players", kv("n", len(players)), "tournament: a Swiss event needs at least 2 players, got %d", len(players))
	}
	if rounds < 1 {
		return nil, refused("no_rounds", kv("rounds", rounds, "recommended", RecommendedRounds(len(players))),
			"tournament: a Swiss event needs at least 1 round, got %d (RecommendedRounds(%d) = %d)", rounds, len(players), RecommendedRounds(len(players)))
	}
	index, err := indexPlayers(players)
	if err != nil {
		return nil, err
	}
	return &Swiss{
		players: append([]string(nil), players...),
		index:   index,
		dropped: make([]bool, len(players)),
		planned: rounds,
	}, nil
}

// RecommendedRounds is the customary number of Swiss rounds for n players:
// enough for one player to stay unbeaten, ceil(log2 n).
func RecommendedRounds(n int) int {
	if n < 2 {
		return 0
	}
	return bits.Len(uint(n - 1))
}

func indexPlayers(players []string) (map[string]int, error) {
	index := make(map[string]int, len(players))
	for i, p := range players {
		if p == "" {
			return nil, refused("empty_player", kv("place", i+1), "tournament: player %d has an empty id; every player needs an account id", i+1)
		}
		if j, seen := index[p]; seen {
			return nil, refused("registered_twice", kv("player", p, "first", j+1, "second", i+1),
				"tournament: %q is registered twice (places %d and %d)", p, j+1, i+1)
		}
		index[p] = i
	}
	return index, nil
}

// Rounds is the number of Swiss rounds the event was made with.
func (t *Swiss) Rounds() int { return t.planned }

// Paired is the number of rounds paired so far.
func (t *Swiss) Paired() int { return len(t.schedule.rounds) }

// Round returns a copy of round n's matches (from 1), in table order, or
// nil if it is not paired.
func (t *Swiss) Round(n int) []Match { return t.round(n) }

// PairRound pairs the next round and returns its matches. Every active
// player plays exactly once: the best-ranked unpaired player meets the next
// best not met before, pairing down only where a group cannot be paired
// among itself. With an odd count, the lowest-ranked player without a bye
// gets one (a match win, 2-0 in games); if every active player has had a
// bye, the lowest-ranked does. It refuses while the last round has
// matches without a result, after the last round, and with ErrNoPairing
// when every pairing would repeat a match.
func (t *Swiss) PairRound() ([]Match, error) {
	if pending := t.undecided("tournament: ", "; record every result before pairing"); pending != nil {
		return nil, pending
	}
	if t.Paired() >= t.planned {
		return nil, refused("rounds_done", kv("n", t.planned), "tournament: all %d Swiss rounds are paired; read the standings or Cut to a top bracket", t.planned)
	}
	ranked := t.activeRanked()
	if len(ranked) < 2 {
		return nil, refused("too_few_active", kv("n", len(ranked)), "tournament: %d active players left; a round needs at least 2", len(ranked))
	}
	pairs, bye, ok := newPairer(t.metAmong(ranked)).pairWithBye(t.byeCandidates(ranked))
	if !ok {
		e := refused("no_pairing", kv("round", t.Paired()+1, "n", len(ranked)),
			"tournament: round %d for %d active players: %v; end the Swiss rounds here", t.Paired()+1, len(ranked), ErrNoPairing)
		e.err = ErrNoPairing
		return nil, e
	}
	matches := make([]Match, 0, len(pairs)+1)
	for _, pair := range pairs {
		matches = append(matches, NewMatch(ranked[pair[0]], ranked[pair[1]]))
	}
	if bye >= 0 {
		matches = append(matches, NewMatch(ranked[bye], ""))
	}
	return t.addRound(matches), nil
}

// activeRanked lists the players who have not dropped, best-ranked first.
func (t *Swiss) activeRanked() []string {
	var ranked []string
	for _, s := range t.Standings() {
		if !s.Dropped {
			ranked = append(ranked, s.Player)
		}
	}
	return ranked
}

// metAmong says, by rank position, who has met whom.
func (t *Swiss) metAmong(ranked []string) [][]bool {
	position := make(map[string]int, len(ranked))
	for i, p := range ranked {
		position[p] = i
	}
	met := make([][]bool, len(ranked))
	for i := range met {
		met[i] = make([]bool, len(ranked))
	}
	for _, round := range t.schedule.rounds {
		for _, m := range round {
			a, okA := position[m.A]
			b, okB := position[m.B]
			if okA && okB {
				met[a][b], met[b][a] = true, true
			}
		}
	}
	return met
}

// byeCandidates lists, for an odd count, who may take the bye in the order
// to try: those without a bye from the lowest-ranked up, then the others.
func (t *Swiss) byeCandidates(ranked []string) []int {
	if len(ranked)%2 == 0 {
		return nil
	}
	hadBye := map[string]bool{}
	for _, round := range t.schedule.rounds {
		for _, m := range round {
			if m.IsBye() {
				hadBye[m.A] = true
			}
		}
	}
	var fresh, again []int
	for i := len(ranked) - 1; i >= 0; i-- {
		if hadBye[ranked[i]] {
			again = append(again, i)
		} else {
			fresh = append(fresh, i)
		}
	}
	return append(fresh, again...)
}

// RecordGame records one game of a match: winner is a player's id, or ""
// for a drawn game. The match is decided at two game wins.
func (t *Swiss) RecordGame(round, table int, winner string) error {
	return wrap(t.recordGame(round, table, winner))
}

// Report records a match's result in one go (such as 2-1-0, or 1-1-1 when
// time was called); it refuses a match already decided.
func (t *Swiss) Report(round, table int, score GameScore) error {
	return wrap(t.report(round, table, score))
}

// EndMatch calls time on a match: the games so far decide it, equal wins a
// draw.
func (t *Swiss) EndMatch(round, table int) error {
	return wrap(t.end(round, table))
}

// Correct is a judge's correction of any recorded result, even of an
// earlier round: the score is replaced, the old one and the reason are kept
// in the match's Corrections, and the standings follow at once. Rounds
// already paired stay as they are.
func (t *Swiss) Correct(round, table int, score GameScore, reason string) error {
	return wrap(t.correct(round, table, score, reason))
}

// Drop withdraws a player from later rounds. The player's matches stay in
// the standings and count for their opponents; a match of the current round
// still needs its result.
func (t *Swiss) Drop(player string) error {
	i, ok := t.index[player]
	if !ok {
		return refused("not_registered", kv("player", player), "tournament: %q is not registered in this event", player)
	}
	if t.dropped[i] {
		return refused("dropped_already", kv("player", player), "tournament: %q has already dropped", player)
	}
	t.dropped[i] = true
	return nil
}

// Standings ranks every player, dropped ones included, by match points,
// then opponents' match-win percentage, game-win percentage and opponents'
// game-win percentage, then registration order. Matches without a result
// do not count yet.
func (t *Swiss) Standings() []Standing {
	return standings(t.players, t.dropped, t.schedule.rounds)
}

// Cut seeds a single-elimination bracket from the top players of the
// standings who have not dropped (top 8 is customary). It needs every Swiss
// round played.
func (t *Swiss) Cut(top int) (*Bracket, error) {
	if t.Paired() < t.planned {
		return nil, refused("cut_too_soon", kv("paired", t.Paired(), "n", t.planned),
			"tournament: %d of %d Swiss rounds are paired; finish them before the cut", t.Paired(), t.planned)
	}
	if pending := t.undecided(fmt.Sprintf("tournament: %d of %d Swiss rounds are paired; ", t.Paired(), t.planned), "; finish them before the cut"); pending != nil {
		return nil, pending
	}
	seeds := t.activeRanked()
	if len(seeds) > top {
		seeds = seeds[:top]
	}
	return NewBracket(seeds)
}

func wrap(err error) error {
	if err == nil {
		return nil
	}
	return within(err, "tournament: ")
}
