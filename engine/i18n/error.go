package i18n

// Error is a refusal or problem whose words come in every language: the
// catalogue key and its arguments, kept until a reader's language is
// known. Error() is the English text, for logs and tests.
type Error struct {
	Catalog *Catalog
	Key     string
	Args    []any // name, value pairs, as for Catalog.T
}

// Errorf returns an Error for key with its name, value argument pairs.
func (c *Catalog) Errorf(key string, kv ...any) *Error {
	return &Error{Catalog: c, Key: key, Args: kv}
}

func (e *Error) Error() string { return e.In(EN) }

// In is the error's text in language l.
func (e *Error) In(l Lang) string { return e.Catalog.T(l, e.Key, e.Args...) }
