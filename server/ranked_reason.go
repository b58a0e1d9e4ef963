package server

import (
	"regexp"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// The reasons the server ends a ranked game for, as the match records
// them: codes, put into the reader's words only when shown.
const (
	reasonTime = "time" // the seat to move ran out of time
	reasonAway = "away" // a seat left the table for longer than the grace
)

// legacyReason reads the English reasons older matches recorded
// ("p1 ran out of time"), so that they too are shown in a reader's words.
var legacyReason = regexp.MustCompile(`^p[12] (?:(ran out of time)|left the game for longer than .*)$`)

// rankedReasonIn is the recorded reason of a ranked game that loser lost
// in language l, naming the loser as names (display names, else
// usernames) say; a reason the rules gave stands as it is.
func rankedReasonIn(reason string, loser engine.Seat, names []string, l i18n.Lang) string {
	if m := legacyReason.FindStringSubmatch(reason); m != nil {
		reason = reasonAway
		if m[1] != "" {
			reason = reasonTime
		}
	}
	if (reason != reasonTime && reason != reasonAway) || loser == engine.NoSeat {
		return reason
	}
	who := engine.Words{Lang: l, Names: names}.SeatName(loser)
	return words.T(l, "ranked."+reason, "player", who)
}

// storedServerWin reads a stored result of a two-player game a seat won
// because the server ended it ("p2 wins (time)").
var storedServerWin = regexp.MustCompile(`^p([12]) wins \((.*)\)$`)

// serverEndedOutcome is a stored result of a game the server ended (time
// ran out, a seat left) as a Result with its reason in language l, the
// loser named as seats are; nil for a result the rules gave, which the
// game's moves say in the reader's words themselves.
func serverEndedOutcome(stored string, l i18n.Lang) *engine.Result {
	m := storedServerWin.FindStringSubmatch(stored)
	if m == nil {
		return nil
	}
	winner := engine.Seat(m[1][0] - '1')
	reason := rankedReasonIn(m[2], loserOf(winner), nil, l)
	if reason == m[2] {
		return nil
	}
	return &engine.Result{Winners: []engine.Seat{winner}, Reason: reason}
}

// loserOf is the seat that lost a two-player game won by winner.
func loserOf(winner engine.Seat) engine.Seat {
	if winner == engine.NoSeat {
		return engine.NoSeat
	}
	return 1 - winner
}

// rankedNames are the names a ranked table shows: a seat's display name,
// else its player's username.
func (r *rankedGame) rankedNames(display []string) []string {
	out := make([]string, 2)
	for i := range out {
		out[i] = r.match.Usernames[i]
		if i < len(display) && display[i] != "" {
			out[i] = display[i]
		}
	}
	return out
}
