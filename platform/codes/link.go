package codes

import (
	"fmt"
	"net/url"
	"strings"
)

// Scheme is the prefix of the default QR payload, which the companion app
// registers as its own: "kartenwerk:code/" followed by the written code.
const Scheme = "kartenwerk:code/"

// RegisterPath is where a web payload sends a phone without the app: the
// base URL, then "/register?code=" and the written code.
const RegisterPath = "/register"

// Link makes the QR payload of a code. The zero Link makes the default
// "kartenwerk:code/…" payload.
type Link struct{ base string }

// NewLink makes payloads under an http or https base URL without query or
// fragment, such as https://cards.example or https://example.org/athernum.
// An empty base gives the zero Link.
func NewLink(base string) (Link, error) {
	if base == "" {
		return Link{}, nil
	}
	u, err := url.Parse(base)
	switch {
	case err != nil:
		return Link{}, fmt.Errorf("base URL %q: %w", base, err)
	case u.Scheme != "http" && u.Scheme != "https", u.Host == "":
		return Link{}, fmt.Errorf("base URL %q: give an absolute http or https URL, such as https://cards.example", base)
	case u.RawQuery != "" || u.Fragment != "" || strings.HasSuffix(base, "?"):
		return Link{}, fmt.Errorf("base URL %q: leave out the query and fragment; the payload appends %s?code=…", base, RegisterPath)
	}
	return Link{base: strings.TrimRight(base, "/")}, nil
}

// Payload is the text of c's QR code.
func (l Link) Payload(c Code) string {
	if l.base == "" {
		return Scheme + c.String()
	}
	return l.base + RegisterPath + "?code=" + c.String()
}

// FromPayload reads the code in a scanned QR payload: a "kartenwerk:code/"
// payload, any URL with a code parameter, or a bare code.
func FromPayload(s string) (Code, error) {
	s = strings.TrimSpace(s)
	if len(s) >= len(Scheme) && strings.EqualFold(s[:len(Scheme)], Scheme) {
		return Parse(s[len(Scheme):])
	}
	if u, err := url.Parse(s); err == nil && u.Scheme != "" && u.Host != "" {
		code := u.Query().Get("code")
		if code == "" {
			return Code{}, &LinkError{Input: s}
		}
		return Parse(code)
	}
	return Parse(s)
}

// LinkError says that a scanned payload is a web address with no code in
// it: not a card's registration link.
type LinkError struct {
	Input string // the address given
}

func (e *LinkError) Error() string {
	return fmt.Sprintf("%q is a web address without a code parameter, not a card's registration link", e.Input)
}
