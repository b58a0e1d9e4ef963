package codes

import (
	"errors"
	"strings"
	"testing"
)

func TestLinkPayloads(t *testing.T) {
	c, _ := Parse(docExample)
	tests := []struct{ base, want string }{
		{"", "kartenwerk:code/" + docExample},
		{"https://cards.example", "https://cards.example/register?code=" + docExample},
		{"https://example.org/athernum/", "https://example.org/athernum/register?code=" + docExample},
	}
	for _, tt := range tests {
		l, err := NewLink(tt.base)
		if err != nil {
			t.Fatal(err)
		}
		got := l.Payload(c)
		if got != tt.want {
			t.Errorf("base %q: payload %q, want %q", tt.base, got, tt.want)
		}
		if back, err := FromPayload(got); err != nil || back != c {
			t.Errorf("FromPayload(%q) = %v, %v", got, back, err)
		}
	}
}

func TestNewLinkRefuses(t *testing.T) {
	for base, says := range map[string]string{
		"cards.example":               "give an absolute http or https URL",
		"ftp://cards.example":         "give an absolute http or https URL",
		"https://cards.example?x=1":   "leave out the query and fragment",
		"https://cards.example/#frag": "leave out the query and fragment",
		"http://[::1":                 "missing ']'",
	} {
		if _, err := NewLink(base); err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("NewLink(%q) = %v, want %q", base, err, says)
		}
	}
}

func TestFromPayloadForms(t *testing.T) {
	c, _ := Parse(docExample)
	for _, s := range []string{
		"KARTENWERK:CODE/" + strings.ToLower(docExample),
		" kartenwerk:code/" + docExample + "\n",
		"https://other.example/x?lang=de&code=" + strings.ReplaceAll(docExample, "-", ""),
		docExample,
	} {
		if got, err := FromPayload(s); err != nil || got != c {
			t.Errorf("FromPayload(%q) = %v, %v", s, got, err)
		}
	}
	_, err := FromPayload("https://cards.example/register")
	var link *LinkError
	if err == nil || !strings.Contains(err.Error(), "without a code parameter") || !errors.As(err, &link) || link.Input != "https://cards.example/register" {
		t.Errorf("a URL without a code, a *LinkError that a reader's language can say: %v", err)
	}
	if _, err := FromPayload("kartenwerk:code/" + docExample[:22] + "0"); !errors.Is(err, ErrCheck) {
		t.Errorf("a payload with a mistyped code: %v", err)
	}
}
