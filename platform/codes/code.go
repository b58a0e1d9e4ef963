package codes

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Code is a well-formed registration code, made by New or Parse. Codes
// compare with == and serve as map keys. (The zero Code is the well-formed
// 00000-00000-00000-00000, which New draws with probability 31⁻¹⁹.)
type Code struct {
	v [Length]uint8 // values in the alphabet, the check last
}

// New returns a fresh code whose random characters come from crypto/rand.
func New() (Code, error) { return newFrom(rand.Reader) }

// rejectAbove is the largest multiple of radix a byte can hold: bytes at or
// above it are drawn again, so every value is equally likely.
const rejectAbove = 256 / radix * radix

// newFrom draws the random characters from r, one byte each, rejecting the
// bytes that would favour the low values.
func newFrom(r io.Reader) (Code, error) {
	var c Code
	var buf [2 * randomChars]byte
	for n := 0; n < randomChars; {
		if _, err := io.ReadFull(r, buf[:]); err != nil {
			return Code{}, fmt.Errorf("codes: reading random bytes: %w", err)
		}
		for _, b := range buf {
			if int(b) < rejectAbove && n < randomChars {
				c.v[n] = b % uint8(radix)
				n++
			}
		}
	}
	c.v[Length-1] = checkValue(c.v[:randomChars])
	return c, nil
}

// String writes the code in groups of five: 7KQ2M-XP0AH-3VTBD-9RW4F.
func (c Code) String() string {
	var b strings.Builder
	b.Grow(Length + Length/groupSize - 1)
	for i, v := range c.v {
		if i > 0 && i%groupSize == 0 {
			b.WriteByte('-')
		}
		b.WriteByte(alphabet[v])
	}
	return b.String()
}

// Compact writes the code's 20 characters with no separators: the form
// that Hash covers.
func (c Code) Compact() string {
	var b [Length]byte
	for i, v := range c.v {
		b[i] = alphabet[v]
	}
	return string(b[:])
}

// The errors Parse wraps, for errors.Is.
var (
	ErrEmpty     = errors.New("the code is empty")
	ErrCharacter = errors.New("the code has a character that codes do not use")
	ErrLength    = errors.New("the code has the wrong number of characters")
	ErrCheck     = errors.New("the check character does not match: a character was mistyped or two were swapped")
)

// ParseError says why a text is not a code.
type ParseError struct {
	Input  string // what was given
	Err    error  // ErrEmpty, ErrCharacter, ErrLength or ErrCheck
	Detail string // where and what, and how to fix it
	// At and Char are the place (from 1) and the character of
	// ErrCharacter; Count the letters and digits given, for ErrLength.
	// They let a reader's own language say what Detail says.
	At    int
	Char  rune
	Count int
}

func (e *ParseError) Error() string {
	if e.Detail == "" {
		return fmt.Sprintf("code %q: %v", e.Input, e.Err)
	}
	return fmt.Sprintf("code %q: %v: %s", e.Input, e.Err, e.Detail)
}

func (e *ParseError) Unwrap() error { return e.Err }

// Parse reads a code as people type it: case, spaces, hyphens, dashes and
// zero-width characters do not matter, and O, I, L, U and Z read as 0, 1, 1, V and 2. It refuses any
// other character, a wrong count, and a check character that does not
// match, with a *ParseError naming which.
func Parse(s string) (Code, error) {
	var c Code
	n := 0
	for i, r := range []rune(s) {
		if isSeparator(r) {
			continue
		}
		v := uint8(noValue)
		if r < utf8.RuneSelf {
			v = values[unicode.ToUpper(r)]
		}
		if v == noValue {
			return Code{}, &ParseError{Input: s, Err: ErrCharacter, At: i + 1, Char: r, Detail: fmt.Sprintf(
				"character %d, %q, is neither a digit nor a letter A-Z; codes look like %s", i+1, r, example)}
		}
		if n < Length {
			c.v[n] = v
		}
		n++
	}
	switch {
	case n == 0:
		return Code{}, &ParseError{Input: s, Err: ErrEmpty, Detail: "codes look like " + example}
	case n != Length:
		return Code{}, &ParseError{Input: s, Err: ErrLength, Count: n, Detail: lengthDetail(n)}
	case weightedSum(c.v[:]) != 0:
		return Code{}, &ParseError{Input: s, Err: ErrCheck}
	}
	return c, nil
}

// example shows the written form in messages.
const example = "XXXXX-XXXXX-XXXXX-XXXXX"

func lengthDetail(n int) string {
	off := fmt.Sprintf("%d missing", Length-n)
	if n > Length {
		off = fmt.Sprintf("%d too many", n-Length)
	}
	return fmt.Sprintf("it has %d letters and digits where a code has %d: %s (spaces and hyphens do not count)", n, Length, off)
}

// isSeparator reports whether r may stand between a code's characters:
// white space, and the hyphens, dashes and invisible format characters
// (such as zero-width spaces) that typing and copying produce.
func isSeparator(r rune) bool {
	return unicode.IsSpace(r) || unicode.In(r, unicode.Pd, unicode.Cf)
}
