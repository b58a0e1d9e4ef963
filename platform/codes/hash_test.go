package codes

import (
	"strings"
	"testing"
)

const testSecret = "0123456789abcdef0123456789abcdef"

func testPepper(t *testing.T, secret string) Pepper {
	t.Helper()
	p, err := NewPepper([]byte(secret))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The hash is HMAC-SHA-256 of the compact code, so a server in any language
// can compute it: this vector comes from Python's hmac module.
func TestHashIsHMACOfTheCompactCode(t *testing.T) {
	c, err := Parse(docExample)
	if err != nil {
		t.Fatal(err)
	}
	const want = "e3d3b8420bef6f4d351ed43e0b3b048ea4a5d4d624c69436be73ae47eaa14b55"
	if got := testPepper(t, testSecret).Hash(c).String(); got != want {
		t.Fatalf("hash = %s, want %s", got, want)
	}
}

func TestHashIgnoresHowTheCodeWasWritten(t *testing.T) {
	p := testPepper(t, testSecret)
	a, _ := Parse(docExample)
	b, err := Parse(strings.ToLower(strings.ReplaceAll(docExample, "-", " ")))
	if err != nil {
		t.Fatal(err)
	}
	if !p.Hash(a).Equal(p.Hash(b)) || !p.Matches(b, p.Hash(a)) {
		t.Fatal("two writings of one code hash differently")
	}
}

func TestHashDependsOnPepperAndCode(t *testing.T) {
	p, q := testPepper(t, testSecret), testPepper(t, testSecret+"!")
	c, _ := Parse(docExample)
	other := sampleCodes(t, 1)[0]
	if p.Hash(c).Equal(q.Hash(c)) {
		t.Error("two peppers give one hash")
	}
	if p.Matches(other, p.Hash(c)) {
		t.Error("another code matches the hash")
	}
}

func TestNewPepper(t *testing.T) {
	if _, err := NewPepper([]byte("  short secret \n")); err == nil ||
		!strings.Contains(err.Error(), "the pepper has 12 bytes, it needs at least 32") {
		t.Fatalf("short pepper: %v", err)
	}
	c, _ := Parse(docExample)
	withNewline := testPepper(t, testSecret+"\n")
	if !withNewline.Hash(c).Equal(testPepper(t, testSecret).Hash(c)) {
		t.Fatal("a key file's final newline changes the hashes")
	}
}

func TestParseHash(t *testing.T) {
	h := testPepper(t, testSecret).Hash(sampleCodes(t, 1)[0])
	back, err := ParseHash(h.String())
	if err != nil || !back.Equal(h) {
		t.Fatalf("ParseHash(%s) = %v, %v", h, back, err)
	}
	for in, says := range map[string]string{
		h.String()[:63]:       "63 hex digits where a hash has 64",
		"zz" + h.String()[2:]: "invalid byte",
	} {
		if _, err := ParseHash(in); err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("ParseHash(%q) = %v, want %q", in, err, says)
		}
	}
}
