package engine

import (
	"errors"

	"kartenwerk/engine/i18n"
)

// Words says how a reader wants to be spoken to: the language, and the
// display names the seats chose.
type Words struct {
	Lang i18n.Lang
	// Names are display names by seat (Names[0] for p1); a seat with
	// none is "Player 1" in the reader's language.
	Names []string
}

// SeatName is seat s as w's reader calls it.
func (w Words) SeatName(s Seat) string {
	if s >= 0 && int(s) < len(w.Names) && w.Names[s] != "" {
		return w.Names[s]
	}
	if s < 0 {
		return i18n.Shared.T(w.Lang, "seat.nobody")
	}
	return i18n.Shared.T(w.Lang, "seat.player", "n", int(s)+1)
}

// Form is how an action is put into words.
type Form uint8

const (
	// Button is the mover's own choice, in the first person: "End my
	// turn", "Attack Embrix with Bubblit".
	Button Form = iota
	// Log is a line of the game's log for any reader, naming the actor
	// by display name: "Anna attacks Embrix with Bubblit".
	Log
)

// Speaker is a Game whose words come in German, English and Czech: card
// text, names of zones, stats, statuses, phases, counters, keywords,
// kinds and groups.
//
// The catalogue keys that pages look up themselves are zone.<name>,
// stat.<name>, status.<flag>, phase.<phase>, counter.<name>,
// keyword.<keyword>, kind.<kind> and group.<group>, with <name> exactly
// as the View and CardInfo carry it.
type Speaker interface {
	Catalog() *i18n.Catalog
	// CardsIn is Cards with Text, Kind, Group and Keywords in language
	// l; names stay as printed.
	CardsIn(l i18n.Lang) []CardInfo
}

// Referencer is a Game with a rules reference in every language,
// organised by its digest's rule ids, with a glossary.
type Referencer interface {
	Reference(l i18n.Lang) *i18n.Reference
}

// StateSpeaker is a State whose words come in every language.
type StateSpeaker interface {
	// Say puts action a into words for viewer in form, as Describe does:
	// hidden cards stay unnamed. Call it before applying a.
	Say(a Action, viewer Seat, form Form, w Words) string
	// Localize rewrites the free text of v (Prompt, Notes, Result.Reason,
	// card Notes) in w's words, the prompt saying where the cards it asks
	// for are. v is a View of this state, not shared.
	Localize(v *View, w Words)
	// Explain says why a finished game ended as it did, a line per fact:
	// each player's score and how it was counted, VP, knockouts, life.
	Explain(w Words) []string
}

// Say is st's words for a in form when the game speaks languages, and
// its English Describe otherwise.
func Say(st State, a Action, viewer Seat, form Form, w Words) string {
	if sp, ok := st.(StateSpeaker); ok {
		return sp.Say(a, viewer, form, w)
	}
	return st.Describe(a, viewer)
}

// LocalViewer is a StateSpeaker that builds a view in w's words at once,
// without the English words Localize would replace: what Localized
// returns, for less work on a server's every move. Given a room, it
// builds the view there (see ViewRoom); given nil, in memory of its own.
type LocalViewer interface {
	LocalView(s Seat, w Words, room *ViewRoom) *View
}

// ViewRoom is memory a view is built in and its caller reuses for the
// next one. A server builds a view for each seat on every move and
// encodes it at once: the lists of one view can hold the next, rather
// than be garbage the collector must find. A view built in a room is
// valid until the room's next use.
type ViewRoom struct {
	View    View
	Players []PlayerView
	Stats   []Stat
	Zones   []Zone
	Cards   []CardView
}

// Localized returns seat s's view of st in w's words.
func Localized(st State, s Seat, w Words) *View { return LocalizedIn(st, s, w, nil) }

// LocalizedIn is Localized, built in room where st can (a LocalViewer);
// a nil room is none.
func LocalizedIn(st State, s Seat, w Words, room *ViewRoom) *View {
	if lv, ok := st.(LocalViewer); ok {
		return lv.LocalView(s, w, room)
	}
	v := st.View(s)
	if sp, ok := st.(StateSpeaker); ok {
		sp.Localize(v, w)
	}
	return v
}

// ErrorIn is err in language l when it carries its words (an
// *i18n.Error anywhere in its chain), and err.Error() otherwise.
func ErrorIn(err error, l i18n.Lang) string {
	if e, ok := errors.AsType[*i18n.Error](err); ok {
		return e.In(l)
	}
	return err.Error()
}

// VariantArg names the argument of a game's refusal that gives, as
// key=option, the rule variant under which the refused would be allowed
// ("colours=shared"). Its messages leave it out, since a page names the
// variant in the reader's words; a command line offers it as the flag
// that plays it (--variant colours=shared).
const VariantArg = "variant"

// VariantOf is the variant err's refusal names by VariantArg, or "".
func VariantOf(err error) string {
	e, ok := errors.AsType[*i18n.Error](err)
	if !ok {
		return ""
	}
	for i := 0; i+1 < len(e.Args); i += 2 {
		if e.Args[i] == VariantArg {
			v, _ := e.Args[i+1].(string)
			return v
		}
	}
	return ""
}

// CardRefusal is the catalogue key and arguments of a refusal about one
// card: key with the card's name as "card" when the mover sees the card,
// else key+"_unseen" without it. A refusal so names the card the mover
// picked in the mover's words, and never one hidden from the mover
// (enginetest's refusal check holds every game to that).
func CardRefusal(key string, seen bool, name string) (string, []any) {
	if !seen {
		return key + "_unseen", nil
	}
	return key, []any{"card", name}
}

// SummaryIn is g's summary for a list of games in language l: its
// catalogue's game.summary where it speaks, else its Info's.
func SummaryIn(g Game, l i18n.Lang) string {
	if sp, ok := g.(Speaker); ok && sp.Catalog().Has("game.summary") {
		return sp.Catalog().T(l, "game.summary")
	}
	return g.Info().Summary
}
