package tournament

import "fmt"

// WinsToTakeMatch is the number of game wins that decides a best-of-3
// match (MM-7.5: tournament matches are best-of-3).
const WinsToTakeMatch = 2

// maxDrawnGames bounds the drawn games of one match: the customary result
// forms run from 2-0-0 to 0-0-3.
const maxDrawnGames = 3

// GameScore counts the games of one match: A's wins, B's wins and drawn
// games.
type GameScore struct {
	WinsA int `json:"winsA"`
	WinsB int `json:"winsB"`
	Draws int `json:"draws"`
}

func (s GameScore) String() string {
	return fmt.Sprintf("%d-%d-%d", s.WinsA, s.WinsB, s.Draws)
}

// Outcome is what a match has come to.
type Outcome int

// The outcomes of a match.
const (
	Pending Outcome = iota // still being played
	AWins
	BWins
	Drawn
)

// Correction keeps a judge's change of a recorded result.
type Correction struct {
	From   GameScore `json:"from"`
	To     GameScore `json:"to"`
	Reason string    `json:"reason"`
}

// Match is one best-of-3 match between A and B. A match whose B is empty
// is a bye: A wins it 2-0 in games without playing.
type Match struct {
	Round int       `json:"round"` // from 1
	Table int       `json:"table"` // from 1
	A     string    `json:"a"`
	B     string    `json:"b,omitempty"`
	Score GameScore `json:"score"`
	// Ended says the result was reported or time was called, so the score
	// stands even though nobody has two game wins (1-1 is then a draw,
	// 1-0 a win).
	Ended bool `json:"ended,omitempty"`
	// Corrections lists every judge's correction, oldest first.
	Corrections []Correction `json:"corrections,omitempty"`
}

// NewMatch starts an empty best-of-3 match between a and b; b empty is a
// bye, which A has won 2-0.
func NewMatch(a, b string) Match {
	m := Match{A: a, B: b}
	if m.IsBye() {
		m.Score = GameScore{WinsA: WinsToTakeMatch}
		m.Ended = true
	}
	return m
}

// IsBye reports whether the match is a bye for A.
func (m Match) IsBye() bool { return m.B == "" }

// Outcome is the match's result from its games: decided at two game wins,
// otherwise pending until the match has Ended, when more game wins take
// the match and equal wins draw it.
func (m Match) Outcome() Outcome {
	s := m.Score
	switch {
	case s.WinsA >= WinsToTakeMatch:
		return AWins
	case s.WinsB >= WinsToTakeMatch:
		return BWins
	case !m.Ended:
		return Pending
	case s.WinsA > s.WinsB:
		return AWins
	case s.WinsB > s.WinsA:
		return BWins
	}
	return Drawn
}

// Decided reports whether the match has a result.
func (m Match) Decided() bool { return m.Outcome() != Pending }

// Winner is the id of the match's winner, or "" while it is pending or
// when it was drawn.
func (m Match) Winner() string {
	switch m.Outcome() {
	case AWins:
		return m.A
	case BWins:
		return m.B
	}
	return ""
}

// Loser is the id of the match's loser, or "" while it is pending, when it
// was drawn, or for a bye.
func (m Match) Loser() string {
	switch m.Outcome() {
	case AWins:
		return m.B
	case BWins:
		return m.A
	}
	return ""
}

// AddGame records one game: winner is A's or B's id, or "" for a drawn
// game. It refuses a game once the match is decided, and a winner who is
// not in the match.
func (m *Match) AddGame(winner string) error {
	if m.Decided() {
		return m.decided("%s is already decided %s; a judge's correction changes a recorded result")
	}
	switch winner {
	case m.A:
		m.Score.WinsA++
	case m.B:
		m.Score.WinsB++
	case "":
		if m.Score.Draws >= maxDrawnGames {
			return refused("draws_max", m.place("max", maxDrawnGames),
				"%s already has %d drawn games; report the result as it stands", m.where(), maxDrawnGames)
		}
		m.Score.Draws++
	default:
		return refused("not_in_match", m.place("player", winner),
			"%s is %s against %s; %q does not play in it (give one of them, or empty for a drawn game)", m.where(), m.A, m.B, winner)
	}
	return nil
}

// Report sets the match's result in one go, as players report it at the
// end of a round; the match has Ended.
func (m *Match) Report(score GameScore) error {
	if m.Decided() {
		return m.decided("%s is already decided %s; a judge's correction changes a recorded result")
	}
	if err := checkScore(score); err != nil {
		return within(err, m.where()+": ", m.place()...)
	}
	m.Score, m.Ended = score, true
	return nil
}

// End calls time on the match: the score so far stands.
func (m *Match) End() error {
	if m.Decided() {
		return m.decided("%s is already decided %s")
	}
	m.Ended = true
	return nil
}

// Correct replaces the match's result, keeping the old score and the
// reason in Corrections.
func (m *Match) Correct(score GameScore, reason string) error {
	if m.IsBye() {
		return refused("bye_no_result", m.place("player", m.A), "%s is a bye for %s; a bye has no result to correct", m.where(), m.A)
	}
	if reason == "" {
		return refused("correction_reason", m.place(), "%s: a correction needs a reason, such as the judge's call", m.where())
	}
	if err := checkScore(score); err != nil {
		return within(err, m.where()+": ", m.place()...)
	}
	m.Corrections = append(m.Corrections, Correction{From: m.Score, To: score, Reason: reason})
	m.Score, m.Ended = score, true
	return nil
}

func checkScore(s GameScore) error {
	switch {
	case s.WinsA < 0 || s.WinsB < 0 || s.Draws < 0:
		return refused("score_negative", kv("score", s.String()), "score %s has a negative count", s)
	case s.WinsA > WinsToTakeMatch || s.WinsB > WinsToTakeMatch:
		return refused("score_wins", kv("score", s.String(), "max", WinsToTakeMatch),
			"score %s has more than %d wins for one side; best-of-3 ends at %d", s, WinsToTakeMatch, WinsToTakeMatch)
	case s.WinsA == WinsToTakeMatch && s.WinsB == WinsToTakeMatch:
		return refused("score_both", kv("score", s.String(), "max", WinsToTakeMatch-1),
			"score %s gives both sides the match; one side has at most %d wins", s, WinsToTakeMatch-1)
	case s.Draws > maxDrawnGames:
		return refused("score_draws", kv("score", s.String(), "max", maxDrawnGames), "score %s has more than %d drawn games", s, maxDrawnGames)
	}
	return nil
}

// clone copies the match so that a caller cannot change the recorded one.
func (m Match) clone() Match {
	m.Corrections = append([]Correction(nil), m.Corrections...)
	return m
}

// decided refuses a change of a match that has its result; format takes
// where() and the score.
func (m Match) decided(format string) error {
	return refused("match_decided", m.place("score", m.Score.String()), format, m.where(), m.Score)
}

// place is the refusal arguments that name the match, then more.
func (m Match) place(more ...any) []any {
	return append([]any{"round", m.Round, "table", m.Table, "a", m.A, "b", m.B}, more...)
}

func (m Match) where() string {
	if m.Round == 0 {
		return fmt.Sprintf("the match %s v %s", m.A, m.B)
	}
	return fmt.Sprintf("round %d table %d", m.Round, m.Table)
}
