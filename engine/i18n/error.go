package i18n

import "slices"

// Error is a refusal or problem whose words come in every language: the
// catalogue key and its arguments, kept until a reader's language is
// known. Error() is the English text, for logs and tests.
type Error struct {
	Catalog *Catalog
	Key     string
	Args    []any // name, value pairs, as for Catalog.T; a value may be a Phrase
}

// Phrase is a message argument whose words depend on the reader's
// language, such as a colour's name ("Blau", "blue", "modrá"): an Error
// keeps it unsaid until its reader's language is known.
type Phrase func(Lang) string

// Errorf returns an Error for key with its name, value argument pairs.
func (c *Catalog) Errorf(key string, kv ...any) *Error {
	return &Error{Catalog: c, Key: key, Args: kv}
}

func (e *Error) Error() string { return e.In(EN) }

// In is the error's text in language l.
func (e *Error) In(l Lang) string { return e.Catalog.T(l, e.Key, Say(l, e.Args)...) }

// Say is the name, value pairs kv with each Phrase said in language l;
// kv itself when it holds none.
func Say(l Lang, kv []any) []any {
	return replaced(kv, func(a any) (any, bool) {
		p, ok := a.(Phrase)
		if !ok {
			return nil, false
		}
		return p(l), true
	})
}

// replaced is kv with each value that with replaces by another; kv
// itself, not a copy, when it replaces none (the common case: messages
// are put into words on every move).
func replaced(kv []any, with func(any) (any, bool)) []any {
	var out []any
	for i, a := range kv {
		b, ok := with(a)
		if !ok {
			continue
		}
		if out == nil {
			out = slices.Clone(kv)
		}
		out[i] = b
	}
	if out == nil {
		return kv
	}
	return out
}
