package i18n

import (
	"unicode"
	"unicode/utf8"
)

// Capital is s with its first letter in upper case, as a sentence begins
// in each of the languages ("útok" becomes "Útok"); s unchanged when it
// begins with something else or is empty.
func Capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError || unicode.IsUpper(r) || !unicode.IsLetter(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
