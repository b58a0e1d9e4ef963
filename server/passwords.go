package server

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// argonParams are argon2id's cost parameters. They are stored with every
// hash (PHC string format), so raising them later needs no migration: a
// password hashed with lower ones is hashed again at its next login.
type argonParams struct {
	memory  uint32 // KiB
	time    uint32
	threads uint8
	keyLen  uint32
	saltLen int
}

// passwordParams is what new hashes use: OWASP's argon2id minimum (19 MiB,
// two passes), a 16-byte random salt and a 32-byte key.
var passwordParams = argonParams{memory: 19 * 1024, time: 2, threads: 1, keyLen: 32, saltLen: 16}

// Password and username rules.
const (
	minPassword = 8   // characters
	maxPassword = 256 // bytes: hashing costs nothing more, but bounds the work
	minUsername = 3
	maxUsername = 24
)

var errBadHash = errors.New("the stored password is not an argon2id PHC string")

// hashPassword returns password's argon2id PHC string with a new salt:
// $argon2id$v=19$m=19456,t=2,p=1$salt$key (unpadded base64).
func hashPassword(password string, p argonParams) string {
	salt := make([]byte, p.saltLen)
	rand.Read(salt)
	key := argon2.IDKey([]byte(password), salt, p.time, p.memory, p.threads, p.keyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.memory, p.time, p.threads,
		b64.EncodeToString(salt), b64.EncodeToString(key))
}

// checkPassword tells whether password matches a PHC string, comparing in
// constant time, and whether the hash's parameters are below p.
func checkPassword(password, phc string, p argonParams) (ok, weaker bool, err error) {
	got, salt, key, err := parsePHC(phc)
	if err != nil {
		return false, false, err
	}
	again := argon2.IDKey([]byte(password), salt, got.time, got.memory, got.threads, uint32(len(key)))
	ok = subtle.ConstantTimeCompare(again, key) == 1
	weaker = got.memory < p.memory || got.time < p.time || len(key) < int(p.keyLen) || len(salt) < p.saltLen
	return ok, weaker, nil
}

// parsePHC reads an argon2id PHC string.
func parsePHC(phc string) (p argonParams, salt, key []byte, err error) {
	parts := strings.Split(phc, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" || parts[2] != fmt.Sprintf("v=%d", argon2.Version) {
		return p, nil, nil, errBadHash
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.memory, &p.time, &p.threads); err != nil {
		return p, nil, nil, errBadHash
	}
	b64 := base64.RawStdEncoding
	salt, err1 := b64.DecodeString(parts[4])
	key, err2 := b64.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(key) == 0 || p.time == 0 || p.threads == 0 {
		return p, nil, nil, errBadHash
	}
	return p, salt, key, nil
}

// usernameKey is the form usernames are unique in: usernames differing
// only in case are one name.
func usernameKey(name string) string { return strings.ToLower(name) }

// checkUsername says what is wrong with a new username, if anything.
func checkUsername(name string) error {
	if len(name) < minUsername || len(name) > maxUsername {
		return refuse(http.StatusBadRequest, "username_length", "name", name, "min", minUsername, "max", maxUsername)
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return refuse(http.StatusBadRequest, "username_character", "name", name, "character", string(r))
		}
	}
	return nil
}

// checkNewPassword says what is wrong with a new password, if anything.
// The password itself never appears in the message.
func checkNewPassword(password, username string) error {
	if utf8.RuneCountInString(password) < minPassword {
		return refuse(http.StatusBadRequest, "password_short", "n", minPassword)
	}
	if len(password) > maxPassword {
		return refuse(http.StatusBadRequest, "password_long", "n", maxPassword)
	}
	if usernameKey(password) == usernameKey(username) {
		return refuse(http.StatusBadRequest, "password_is_username")
	}
	return nil
}
