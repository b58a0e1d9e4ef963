package server

import (
	"errors"
	"net/http"

	"kartenwerk/platform/tournament"
)

// said is err as the reader's words: a refusal of platform/tournament
// becomes the server catalogue's "tournament_<code>" with this status and
// its players named by username; other errors pass as they are.
func (t *tourney) said(err error, status int) error {
	e, ok := errors.AsType[*tournament.Error](err)
	if !ok {
		return err
	}
	return t.saidAs(e, status, "tournament_"+e.Code)
}

// saidAs is a refusal of platform/tournament under another code, for a
// refusal the server words by what it was doing (time called on a match).
func (t *tourney) saidAs(e *tournament.Error, status int, code string) *refusal {
	return refuse(status, code, t.named(e.Args)...)
}

// named is a refusal's arguments with the players' account ids as their
// usernames: a reader never sees an account id.
func (t *tourney) named(args []any) []any {
	out := append([]any(nil), args...)
	for i := 0; i+1 < len(out); i += 2 {
		switch out[i] {
		case "player", "a", "b", "champion":
			if id, ok := out[i+1].(string); ok {
				out[i+1] = t.username(id)
			}
		}
	}
	return out
}

// timeUpUndecided refuses calling time on a match whose games so far give
// no result it may have: an elimination match at equal wins.
func (t *tourney) timeUpUndecided(err error) error {
	e, ok := errors.AsType[*tournament.Error](err)
	if !ok {
		return err
	}
	return t.saidAs(e, http.StatusConflict, "tournament_time_up_draw")
}

// refusalTime is how a refusal writes a time: to the minute, in UTC,
// which reads the same in every language and which the tournament page
// (localTimes in web/tournament.js) rewrites into the reader's time zone,
// as it shows the round's timer; the server does not know that zone.
const refusalTime = "2006-01-02 15:04 UTC"
