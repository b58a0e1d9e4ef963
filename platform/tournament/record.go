package tournament

import "fmt"

// SwissRecord is all a Swiss event holds, as plain data for the server to
// store (it marshals to JSON) and to restore with RestoreSwiss.
type SwissRecord struct {
	Players []string  `json:"players"` // registration order
	Rounds  int       `json:"rounds"`  // Swiss rounds planned
	Dropped []string  `json:"dropped,omitempty"`
	Matches [][]Match `json:"matches"` // by round, then table
}

// Record returns a copy of the event's state.
func (t *Swiss) Record() SwissRecord {
	r := SwissRecord{Players: append([]string(nil), t.players...), Rounds: t.planned, Matches: t.copyRounds()}
	for i, p := range t.players {
		if t.dropped[i] {
			r.Dropped = append(r.Dropped, p)
		}
	}
	return r
}

// RestoreSwiss rebuilds an event from its record. It checks that the record
// could have come from Record: registered players only, each at most once a
// round, tables numbered in order, valid scores, every round before the
// last decided.
func RestoreSwiss(r SwissRecord) (*Swiss, error) {
	t, err := NewSwiss(r.Players, r.Rounds)
	if err != nil {
		return nil, err
	}
	for _, p := range r.Dropped {
		if err := t.Drop(p); err != nil {
			return nil, fmt.Errorf("tournament: record's dropped players: %w", err)
		}
	}
	if len(r.Matches) > r.Rounds {
		return nil, fmt.Errorf("tournament: record has %d rounds of matches for an event of %d rounds", len(r.Matches), r.Rounds)
	}
	for i, recorded := range r.Matches {
		if err := t.restoreRound(i+1, recorded); err != nil {
			return nil, err
		}
	}
	return t, nil
}

func (t *Swiss) restoreRound(round int, recorded []Match) error {
	if pending := t.undecided(fmt.Sprintf("tournament: record has round %d, but ", round), ""); pending != nil {
		return pending
	}
	seen := map[string]bool{}
	matches := make([]Match, len(recorded))
	for i, m := range recorded {
		for _, p := range []string{m.A, m.B} {
			if _, ok := t.index[p]; p != "" && !ok {
				return fmt.Errorf("tournament: record round %d table %d: %q is not registered", round, i+1, p)
			}
			if seen[p] {
				return fmt.Errorf("tournament: record round %d: %q plays twice", round, p)
			}
			if p != "" {
				seen[p] = true
			}
		}
		matches[i] = NewMatch(m.A, m.B)
		if err := restoreResult(&matches[i], m, round, i+1); err != nil {
			return err
		}
	}
	t.addRound(matches)
	return nil
}

// restoreResult copies a recorded match's result onto a fresh match of the
// same players, after checking it.
func restoreResult(fresh *Match, recorded Match, round, table int) error {
	where := fmt.Sprintf("tournament: record round %d table %d", round, table)
	if recorded.Round != round || recorded.Table != table {
		return fmt.Errorf("%s is numbered round %d table %d", where, recorded.Round, recorded.Table)
	}
	if recorded.A == "" || recorded.A == recorded.B {
		return fmt.Errorf("%s: players %q and %q; A must be named and differ from B", where, recorded.A, recorded.B)
	}
	if recorded.IsBye() {
		if recorded.Score != fresh.Score || len(recorded.Corrections) > 0 {
			return fmt.Errorf("%s: a bye is 2-0-0 and never corrected, not %s", where, recorded.Score)
		}
		return nil
	}
	if err := checkScore(recorded.Score); err != nil {
		return fmt.Errorf("%s: %w", where, err)
	}
	for _, c := range recorded.Corrections {
		if c.Reason == "" {
			return fmt.Errorf("%s: a correction without a reason", where)
		}
	}
	fresh.Score, fresh.Ended = recorded.Score, recorded.Ended
	fresh.Corrections = append([]Correction(nil), recorded.Corrections...)
	return nil
}

// BracketRecord is all a bracket holds, as plain data for the server to
// store and to restore with RestoreBracket.
type BracketRecord struct {
	Seeds   []string  `json:"seeds"` // best first
	Matches [][]Match `json:"matches"`
}

// Record returns a copy of the bracket's state.
func (b *Bracket) Record() BracketRecord {
	return BracketRecord{Seeds: append([]string(nil), b.seeds...), Matches: b.copyRounds()}
}

// RestoreBracket rebuilds a bracket by seeding it again and replaying the
// recorded results round by round, so a record whose players do not follow
// from the seeds and the winners is refused.
func RestoreBracket(r BracketRecord) (*Bracket, error) {
	b, err := NewBracket(r.Seeds)
	if err != nil {
		return nil, err
	}
	for i, recorded := range r.Matches {
		round := i + 1
		if round > 1 {
			if _, err := b.Advance(); err != nil {
				return nil, fmt.Errorf("tournament: record round %d: %w", round, err)
			}
		}
		if err := b.restoreRound(round, recorded); err != nil {
			return nil, err
		}
	}
	return b, nil
}

func (b *Bracket) restoreRound(round int, recorded []Match) error {
	matches := b.schedule.rounds[round-1]
	if len(recorded) != len(matches) {
		return fmt.Errorf("tournament: record round %d has %d matches; the bracket has %d", round, len(recorded), len(matches))
	}
	for i, m := range recorded {
		if m.A != matches[i].A || m.B != matches[i].B {
			return fmt.Errorf("tournament: record round %d table %d is %s v %s; the bracket pairs %s v %s there", round, i+1, m.A, m.B, matches[i].A, matches[i].B)
		}
		next := matches[i].clone()
		if err := restoreResult(&next, m, round, i+1); err != nil {
			return err
		}
		if next.Outcome() == Drawn {
			return fmt.Errorf("tournament: record round %d table %d is drawn %s; an elimination match needs a winner", round, i+1, next.Score)
		}
		matches[i] = next
	}
	return nil
}
