package codes

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
)

// MinPepperBytes is the shortest pepper NewPepper takes: a 256-bit key.
const MinPepperBytes = 32

// Pepper is the secret key of the code hashes. The server keeps it outside
// the database, so a copy of the database alone cannot test guesses.
type Pepper struct{ key []byte }

// NewPepper makes a pepper of the given secret, trimmed of surrounding
// white space so that a key file written with or without its final newline
// gives the same hashes.
func NewPepper(secret []byte) (Pepper, error) {
	key := bytes.TrimSpace(secret)
	if len(key) < MinPepperBytes {
		return Pepper{}, fmt.Errorf("the pepper has %d bytes, it needs at least %d: make one with `head -c 48 /dev/urandom | base64 > pepper` and give the server the same file",
			len(key), MinPepperBytes)
	}
	return Pepper{key: bytes.Clone(key)}, nil
}

// Hash is the keyed hash of a code: what the server stores and looks up.
type Hash [sha256.Size]byte

// Hash returns HMAC-SHA-256 of the code's compact form under the pepper, so
// every way of writing one code gives the same hash. It panics on the zero
// Pepper, which would hash with an empty key.
func (p Pepper) Hash(c Code) Hash {
	if p.key == nil {
		panic("codes: hashing with the zero Pepper; make one with NewPepper")
	}
	m := hmac.New(sha256.New, p.key)
	m.Write([]byte(c.Compact()))
	var h Hash
	m.Sum(h[:0])
	return h
}

// Matches reports whether c is the code behind h, in constant time.
func (p Pepper) Matches(c Code, h Hash) bool { return p.Hash(c).Equal(h) }

// Equal compares two hashes in the same time wherever they differ, so the
// time a comparison takes says nothing of how much of a guess was right.
func (h Hash) Equal(o Hash) bool { return subtle.ConstantTimeCompare(h[:], o[:]) == 1 }

// String writes the hash in lower-case hex, as hashes.csv holds it.
func (h Hash) String() string { return hex.EncodeToString(h[:]) }

// ParseHash reads a hash written by Hash.String.
func ParseHash(s string) (Hash, error) {
	var h Hash
	if len(s) != 2*len(h) {
		return Hash{}, fmt.Errorf("hash %q: %d hex digits where a hash has %d", s, len(s), 2*len(h))
	}
	if _, err := hex.Decode(h[:], []byte(s)); err != nil {
		return Hash{}, fmt.Errorf("hash %q: %w", s, err)
	}
	return h, nil
}
