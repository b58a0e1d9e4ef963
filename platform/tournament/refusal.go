package tournament

import (
	"errors"
	"fmt"
	"strings"
)

// Error is what the event's rules or state refuse: a result for a match
// already decided, a round paired while another is open, a score no
// best-of-3 can have. Code names the refusal for programs and for
// catalogues that say it in the reader's language; Args are its name,
// value pairs. Arguments named player, a, b and champion are account ids,
// which a page names by their usernames. Error is the English text.
type Error struct {
	Code string
	Args []any
	text string
	err  error // a sentinel it stands for, such as ErrNoPairing
}

func (e *Error) Error() string { return e.text }

// Unwrap is the sentinel error the refusal stands for, if any.
func (e *Error) Unwrap() error { return e.err }

// Arg is the value of the named argument, or nil.
func (e *Error) Arg(name string) any {
	for i := 0; i+1 < len(e.Args); i += 2 {
		if e.Args[i] == name {
			return e.Args[i+1]
		}
	}
	return nil
}

// refused is the Error with this code and name, value arguments, whose
// English text is format with a.
func refused(code string, args []any, format string, a ...any) *Error {
	return &Error{Code: code, Args: args, text: fmt.Sprintf(format, a...)}
}

// kv lists name, value pairs, for a refusal's arguments.
func kv(pairs ...any) []any { return pairs }

// within is err said of a place ("round 2 table 3: ..."): a refusal keeps
// its code and gains the arguments more (those it has win), other errors
// are wrapped.
func within(err error, prefix string, more ...any) error {
	var e *Error
	if !errors.As(err, &e) {
		return fmt.Errorf("%s%w", prefix, err)
	}
	out := *e
	out.text = prefix + e.text
	out.Args = append(append([]any(nil), e.Args...), missing(e, more)...)
	return &out
}

// missing is the pairs of more whose names e's arguments lack.
func missing(e *Error, more []any) []any {
	var out []any
	for i := 0; i+1 < len(more); i += 2 {
		if e.Arg(more[i].(string)) == nil {
			out = append(out, more[i], more[i+1])
		}
	}
	return out
}

// tablesOf lists table numbers as "2, 5".
func tablesOf(tables []int) string {
	parts := make([]string, len(tables))
	for i, t := range tables {
		parts[i] = fmt.Sprint(t)
	}
	return strings.Join(parts, ", ")
}
