// Package i18n puts Kartenwerk's words into German, English and Czech.
//
// Every word a player reads comes from a Catalog: message files per
// language (messages/en.yaml, de.yaml, cs.yaml) beside the code that
// speaks them, one set per game and one for the pages. Messages are
// text/template strings with named arguments ({{.card}}) and CLDR plural
// forms (Czech has one, few and other), so that no sentence is built by
// joining English words. Card names are arguments and stay as printed.
package i18n

import (
	"fmt"
	"strings"

	"golang.org/x/text/language"
)

// Lang is one of the languages Kartenwerk speaks.
type Lang uint8

// The languages, English first: it is the fallback for a reader whose
// browser asks for none of them.
const (
	EN Lang = iota
	DE
	CS
)

// Langs lists every language, in the order a switcher offers them.
var Langs = []Lang{DE, EN, CS}

var (
	codes = [...]string{EN: "en", DE: "de", CS: "cs"}
	names = [...]string{EN: "English", DE: "Deutsch", CS: "Čeština"}
	tags  = [...]language.Tag{EN: language.English, DE: language.German, CS: language.Czech}
)

// String is the language's code: "en", "de" or "cs".
func (l Lang) String() string { return codes[l] }

// Name is the language's name in itself: "Deutsch".
func (l Lang) Name() string { return names[l] }

// Tag is the language's BCP 47 tag.
func (l Lang) Tag() language.Tag { return tags[l] }

// Parse reads a language code ("de", "DE", "de-AT", "cs_CZ").
func Parse(s string) (Lang, error) {
	code := strings.ToLower(strings.TrimSpace(s))
	if i := strings.IndexAny(code, "-_"); i > 0 {
		code = code[:i]
	}
	for l, c := range codes {
		if c == code {
			return Lang(l), nil
		}
	}
	return EN, fmt.Errorf("unknown language %q: use de (Deutsch), en (English) or cs (Čeština)", s)
}

var matcher = language.NewMatcher(tags[:])

// Match picks the language for an HTTP Accept-Language header; English
// when the header names none of the three.
func Match(acceptLanguage string) Lang {
	prefs, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(prefs) == 0 {
		return EN
	}
	_, i, conf := matcher.Match(prefs...)
	if conf == language.No {
		return EN
	}
	return Lang(i)
}
