package tournament

import (
	"fmt"
	"strings"
)

// schedule holds the rounds of matches that Swiss and Bracket share, and
// finds a match by round and table.
type schedule struct {
	rounds [][]Match
	// noDraws says a match must have a winner (single elimination).
	noDraws bool
}

func (s *schedule) addRound(matches []Match) []Match {
	round := len(s.rounds) + 1
	for i := range matches {
		matches[i].Round, matches[i].Table = round, i+1
	}
	s.rounds = append(s.rounds, matches)
	return s.round(round)
}

// round returns a copy of round n (from 1), or nil.
func (s *schedule) round(n int) []Match {
	if n < 1 || n > len(s.rounds) {
		return nil
	}
	out := make([]Match, len(s.rounds[n-1]))
	for i, m := range s.rounds[n-1] {
		out[i] = m.clone()
	}
	return out
}

func (s *schedule) match(round, table int) (*Match, error) {
	if round < 1 || round > len(s.rounds) {
		return nil, fmt.Errorf("no round %d: %d rounds are paired so far", round, len(s.rounds))
	}
	tables := s.rounds[round-1]
	if table < 1 || table > len(tables) {
		return nil, fmt.Errorf("round %d has tables 1 to %d, not %d", round, len(tables), table)
	}
	return &tables[table-1], nil
}

// change applies edit to a copy of the match and keeps it only when the
// edit succeeds and leaves a result the schedule allows.
func (s *schedule) change(round, table int, edit func(*Match) error) error {
	m, err := s.match(round, table)
	if err != nil {
		return err
	}
	next := m.clone()
	if err := edit(&next); err != nil {
		return err
	}
	if s.noDraws && next.Outcome() == Drawn {
		return fmt.Errorf("round %d table %d would end drawn %s; an elimination match needs a winner, so play another game", round, table, next.Score)
	}
	*m = next
	return nil
}

func (s *schedule) recordGame(round, table int, winner string) error {
	return s.change(round, table, func(m *Match) error { return m.AddGame(winner) })
}

func (s *schedule) report(round, table int, score GameScore) error {
	return s.change(round, table, func(m *Match) error { return m.Report(score) })
}

func (s *schedule) end(round, table int) error {
	return s.change(round, table, (*Match).End)
}

func (s *schedule) correct(round, table int, score GameScore, reason string) error {
	return s.change(round, table, func(m *Match) error { return m.Correct(score, reason) })
}

// undecided names the tables of the last round still without a result, or
// is empty when the round is over (or none is paired).
func (s *schedule) undecided() string {
	if len(s.rounds) == 0 {
		return ""
	}
	var tables []string
	for _, m := range s.rounds[len(s.rounds)-1] {
		if !m.Decided() {
			tables = append(tables, fmt.Sprint(m.Table))
		}
	}
	if len(tables) == 0 {
		return ""
	}
	return fmt.Sprintf("round %d has no result yet at table %s", len(s.rounds), strings.Join(tables, ", "))
}

// copyRounds copies every round so that a caller cannot change them.
func (s *schedule) copyRounds() [][]Match {
	out := make([][]Match, len(s.rounds))
	for i := range s.rounds {
		out[i] = s.round(i + 1)
	}
	return out
}
