package server

import (
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"time"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	"kartenwerk/platform/companion"
)

// refusal is an answer a page shows its reader: why a request was
// refused, in every language, with a code for programs and tests. Its
// words are the server catalogue's "error.<code>" message.
type refusal struct {
	status   int
	code     string
	args     []any // name, value pairs; a value may be an i18n.Phrase
	problems []engine.Problem
	words    *i18n.Catalog // the problems' catalogue, as inputError's
}

// refuse returns the refusal with this HTTP status and code, whose
// message takes the name, value pairs kv.
func refuse(status int, code string, kv ...any) *refusal {
	return &refusal{status: status, code: code, args: kv}
}

// Error is the English text, for the server's log and for Go callers.
func (e *refusal) Error() string { return e.In(i18n.EN) }

// In is the refusal in language l.
func (e *refusal) In(l i18n.Lang) string {
	return words.T(l, "error."+e.code, i18n.Say(l, e.args)...)
}

// seatCalled is seat as a reader of each language calls it: its display
// name, else "Player 2" in the reader's words. Never the internal id.
func seatCalled(names []string, seat engine.Seat) i18n.Phrase {
	names = append([]string(nil), names...)
	return func(l i18n.Lang) string { return engine.Words{Lang: l, Names: names}.SeatName(seat) }
}

// sayError is err in language l: a refusal's or a game's words where it
// carries them, its own text otherwise.
func sayError(err error, l i18n.Lang) string {
	if r, ok := errors.AsType[*refusal](err); ok {
		return r.In(l)
	}
	if r, ok := errors.AsType[*spokenError](err); ok {
		return r.In(l)
	}
	return engine.ErrorIn(err, l)
}

// everyLanguage is err in each language, by language code.
func everyLanguage(err error) map[string]string {
	words := make(map[string]string, len(i18n.Langs))
	for _, l := range i18n.Langs {
		words[l.String()] = sayError(err, l)
	}
	return words
}

// spokenError is a refusal another replica gave, with its words in every
// language, so that a forwarded action's refusal reaches each reader in
// their own.
type spokenError struct {
	code    string
	words   map[string]string
	english string
}

func (e *spokenError) Error() string { return e.In(i18n.EN) }

// In is the refusal in language l, or as the other replica wrote it.
func (e *spokenError) In(l i18n.Lang) string {
	if s, ok := e.words[l.String()]; ok {
		return s
	}
	return e.english
}

// readerLang is the language a response speaks: the Content-Language
// that ServeHTTP sets from the request (langOf), so that code holding
// only the ResponseWriter answers in the reader's words.
func readerLang(w http.ResponseWriter) i18n.Lang {
	l, err := i18n.Parse(w.Header().Get("Content-Language"))
	if err != nil {
		return i18n.EN
	}
	return l
}

// writeRefusal answers with e's status, code and words in the response's
// language.
func writeRefusal(w http.ResponseWriter, e *refusal) {
	// The words depend on the language, which comes from these headers.
	w.Header().Set("Vary", "Accept-Language, Cookie")
	writeJSON(w, e.status, httpErrorBody{Error: e.In(readerLang(w)), Code: e.code, Problems: engine.Problems(e.problems).OnPage(readerLang(w), e.words)})
}

// codeOf is the code of the refusal in err's chain, or "".
func codeOf(err error) string {
	if r, ok := errors.AsType[*refusal](err); ok {
		return r.code
	}
	if r, ok := errors.AsType[*spokenError](err); ok {
		return r.code
	}
	return ""
}

// refuse sends this client alone why its message was refused, in its
// language; the game is unchanged.
func (c *client) refuse(err error) {
	b, _ := json.Marshal(ErrorMsg{Type: "error", Error: sayError(err, c.lang), Code: codeOf(err)})
	c.push(b)
}

// waitSeconds is a wait in whole seconds, rounded up, for a message that
// counts them.
func waitSeconds(d time.Duration) int { return int(math.Ceil(d.Seconds())) }

// gameName is the name of the game with this id, as a refusal names it,
// or the id of a game this server does not know.
func (srv *Server) gameName(id string) string {
	if g, err := srv.games.lookup(id); err == nil {
		return g.Info().Name
	}
	return id
}

// deckRefused is a seat's deck that breaks the construction rules, said
// in the reader's words with the problems the check found; other errors
// pass as they are.
func deckRefused(err error, seat engine.Seat) error {
	in, ok := errors.AsType[*inputError](err)
	if !ok || in.problems == nil {
		return err
	}
	r := refuse(http.StatusBadRequest, "deck_illegal", "player", seatCalled(nil, seat))
	r.problems, r.words = in.problems, in.words
	return r
}

// writeCommandError answers a companion command the table refused (400):
// in the reader's words where the table gave the reason a code, else as
// the table wrote it.
func writeCommandError(w http.ResponseWriter, err error) {
	if r, ok := errors.AsType[*companion.Refusal](err); ok {
		writeRefusal(w, refuse(http.StatusBadRequest, "companion_"+r.Code, r.Args...))
		return
	}
	writeError(w, http.StatusBadRequest, err.Error())
}
