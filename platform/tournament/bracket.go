package tournament

// Bracket is a single-elimination bracket of best-of-3 matches. Seeds are
// placed so that the best two can meet only in the final (for eight:
// 1 v 8, 4 v 5, 2 v 7, 3 v 6); when the count is not a power of two the
// missing places are byes, which fall to the top seeds.
type Bracket struct {
	seeds []string
	schedule
}

// NewBracket seeds a bracket, best seed first, and pairs its first round.
func NewBracket(seeds []string) (*Bracket, error) {
	if len(seeds) < 2 {
		return nil, refused("too_few_players", kv("n", len(seeds)), "tournament: a bracket needs at least 2 players, got %d", len(seeds))
	}
	if _, err := indexPlayers(seeds); err != nil {
		return nil, err
	}
	b := &Bracket{seeds: append([]string(nil), seeds...), schedule: schedule{noDraws: true}}
	order := SeedOrder(bracketSize(len(seeds)))
	first := make([]Match, 0, len(order)/2)
	for i := 0; i < len(order); i += 2 {
		first = append(first, NewMatch(b.seed(order[i]), b.seed(order[i+1])))
	}
	b.addRound(first)
	return b, nil
}

// bracketSize is the least power of two that holds n players.
func bracketSize(n int) int {
	size := 1
	for size < n {
		size *= 2
	}
	return size
}

// seed returns the player of a seed number (from 1), or "" for a bye place.
func (b *Bracket) seed(n int) string {
	if n > len(b.seeds) {
		return ""
	}
	return b.seeds[n-1]
}

// SeedOrder lists the seed numbers of a bracket of the given size (a power
// of two) from the top line down, two a match: each round the seeds of a
// pair add up to the size plus one, so for 8 it is 1 8 4 5 2 7 3 6.
func SeedOrder(size int) []int {
	order := []int{1}
	for n := 2; n <= size; n *= 2 {
		next := make([]int, 0, n)
		for _, s := range order {
			next = append(next, s, n+1-s)
		}
		order = next
	}
	return order
}

// Round returns a copy of round n's matches (from 1), in bracket order.
func (b *Bracket) Round(n int) []Match { return b.round(n) }

// Paired is the number of rounds paired so far.
func (b *Bracket) Paired() int { return len(b.schedule.rounds) }

// RecordGame records one game of a match: winner is a player's id. A drawn
// game ("") counts, but a match must end with a winner.
func (b *Bracket) RecordGame(round, table int, winner string) error {
	return wrap(b.recordGame(round, table, winner))
}

// Report records a match's result in one go; it must have a winner.
func (b *Bracket) Report(round, table int, score GameScore) error {
	return wrap(b.report(round, table, score))
}

// EndMatch calls time on a match: the player with more game wins takes it;
// with equal wins it is refused, since the match needs a winner.
func (b *Bracket) EndMatch(round, table int) error {
	return wrap(b.end(round, table))
}

// Correct is a judge's correction of a result of the latest round (a later
// round would already hold the old winner), keeping the reason.
func (b *Bracket) Correct(round, table int, score GameScore, reason string) error {
	if round != b.Paired() {
		return refused("round_settled", kv("round", round, "latest", b.Paired()),
			"tournament: round %d's winners already play in round %d; only the latest round's results can be corrected", round, b.Paired())
	}
	return wrap(b.correct(round, table, score, reason))
}

// Advance pairs the next round from the winners of the current one: the
// winners of tables 1 and 2 meet at table 1, of 3 and 4 at table 2, and so
// on. It refuses while a match has no winner and once the final is played.
func (b *Bracket) Advance() ([]Match, error) {
	if pending := b.undecided("tournament: ", "; every match needs a winner before the next round"); pending != nil {
		return nil, pending
	}
	if champion, done := b.Champion(); done {
		return nil, refused("bracket_over", kv("champion", champion), "tournament: the bracket is over; %s won the final", champion)
	}
	current := b.schedule.rounds[len(b.schedule.rounds)-1]
	next := make([]Match, 0, len(current)/2)
	for i := 0; i < len(current); i += 2 {
		next = append(next, NewMatch(current[i].Winner(), current[i+1].Winner()))
	}
	return b.addRound(next), nil
}

// Champion is the winner of the final, once it is played.
func (b *Bracket) Champion() (string, bool) {
	last := b.schedule.rounds[len(b.schedule.rounds)-1]
	if len(last) != 1 || !last[0].Decided() {
		return "", false
	}
	return last[0].Winner(), true
}
