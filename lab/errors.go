package lab

import (
	"embed"
	"errors"
	"net/http"
	"slices"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

//go:embed messages/*.yaml
var messages embed.FS

// words are the workbench's refusals (lab.err_ keys), so that one reads
// in the page's language; the page's own words are in web/messages.
var words = i18n.MustLoad("lab words", messages, "messages", i18n.Shared)

// Error is input refused or a request not allowed: its HTTP status, a
// message of the catalogue (a lab.err_ key with its arguments) that says
// what is wrong and how to fix it, and, for a card file, every problem
// at its line.
type Error struct {
	Status   int
	Key      string
	Args     []any
	Problems []CardProblem
	// deck is a pasted deck list's problems, at seat (from 1), which
	// the game's catalogue words says in the reader's language.
	deck  engine.Problems
	seat  int
	words *i18n.Catalog
	// cards are an edited card file's problems, of file of cardGame,
	// which cardProblemsIn says in the reader's language.
	cards    engine.Problems
	cardGame engine.Game
	cardFile string
}

// problemsIn is every problem of e in language l: the card file's, then
// a deck list's.
func (e *Error) problemsIn(l i18n.Lang) []CardProblem {
	out := e.Problems
	if len(e.cards) > 0 {
		out = append(slices.Clone(out), cardProblemsIn(e.cardGame, e.cardFile, e.cards, l)...)
	}
	for _, p := range e.deck.OnPage(l, e.words) {
		out = append(out, CardProblem{Seat: e.seat, Line: p.Line, Subject: p.Subject, Message: p.Msg, Fix: p.Fix})
	}
	return out
}

// Error is the message in English, for logs and tests.
func (e *Error) Error() string { return e.In(i18n.EN) }

// In is the message in language l.
func (e *Error) In(l i18n.Lang) string { return words.T(l, e.Key, i18n.Say(l, e.Args)...) }

// refuse makes an Error; kv are the message's arguments, name then value.
func refuse(status int, key string, kv ...any) *Error {
	return &Error{Status: status, Key: key, Args: kv}
}

// badInput is a 400 Error.
func badInput(key string, kv ...any) *Error { return refuse(http.StatusBadRequest, key, kv...) }

// asError is err as an Error: a plain error (from the engine or sim) is
// bad input passed on under lab.err_input, in the reader's language
// where the game gave its words (engine.ErrorIn), else in English.
func asError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return badInput("lab.err_input", "detail", i18n.Phrase(func(l i18n.Lang) string { return engine.ErrorIn(err, l) }))
}
