package enginetest

import (
	"regexp"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// command is a command line quoted in a message, which stays as typed.
var command = regexp.MustCompile("`[^`]*`")

// CheckProblemLanguages checks that every problem of ps says its message
// and fix in German and Czech through catalogue c: each has a Key, and
// each rendering differs from the English, fills every argument and
// holds no word of another language. Quoted commands and the problem's
// string arguments (card and colour names) stay as written and are
// taken out before the check.
func CheckProblemLanguages(t *testing.T, c *i18n.Catalog, ps []engine.Problem) {
	t.Helper()
	if len(ps) == 0 {
		t.Fatal("no problems to check")
	}
	for _, p := range ps {
		if p.Key == "" {
			t.Errorf("%v: no message key, so it stays English", p)
			continue
		}
		for _, l := range []i18n.Lang{i18n.DE, i18n.CS} {
			in := p.In(l, c)
			for _, pair := range [][2]string{{in.Msg, p.Msg}, {in.Fix, p.Fix}} {
				if what := problemSpeech(l, pair[0], pair[1], p.Args); what != "" {
					t.Errorf("%s in %s: %s", p.Key, l.Name(), what)
				}
			}
		}
	}
}

// problemSpeech is what is wrong with text, the rendering in l of the
// English en, or "".
func problemSpeech(l i18n.Lang, text, en string, args []any) string {
	switch {
	case text == "" && en == "":
		return ""
	case text == en:
		return "still English: " + text
	case strings.Contains(text, "⟦") || strings.Contains(text, "<no value>"):
		return "a missing message or argument: " + text
	}
	plain := command.ReplaceAllString(text, " ")
	for _, a := range args {
		if s, ok := a.(string); ok && s != "" {
			plain = strings.ReplaceAll(plain, s, " ")
		}
	}
	if word := ForeignWord(l, plain); word != "" {
		return word + " is not " + l.Name() + ": " + text
	}
	return ""
}
