package tournament

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
		return nil, refused("no_round", kv("round", round, "paired", len(s.rounds)), "no round %d: %d rounds are paired so far", round, len(s.rounds))
	}
	tables := s.rounds[round-1]
	if table < 1 || table > len(tables) {
		return nil, refused("no_table", kv("round", round, "tables", len(tables), "table", table),
			"round %d has tables 1 to %d, not %d", round, len(tables), table)
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
		return refused("elimination_draw", next.place("score", next.Score.String()),
			"round %d table %d would end drawn %s; an elimination match needs a winner, so play another game", round, table, next.Score)
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

// undecided refuses what needs the last round over while a table of it
// has no result: its text is "round R has no result yet at table T"
// between prefix and suffix. It is nil when the round is over (or none is
// paired).
func (s *schedule) undecided(prefix, suffix string) *Error {
	if len(s.rounds) == 0 {
		return nil
	}
	var tables []int
	for _, m := range s.rounds[len(s.rounds)-1] {
		if !m.Decided() {
			tables = append(tables, m.Table)
		}
	}
	if len(tables) == 0 {
		return nil
	}
	round, at := len(s.rounds), tablesOf(tables)
	return refused("round_open", kv("round", round, "tables", at), "%sround %d has no result yet at table %s%s", prefix, round, at, suffix)
}

// copyRounds copies every round so that a caller cannot change them.
func (s *schedule) copyRounds() [][]Match {
	out := make([][]Match, len(s.rounds))
	for i := range s.rounds {
		out[i] = s.round(i + 1)
	}
	return out
}
