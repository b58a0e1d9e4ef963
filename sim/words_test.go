package sim

import (
	"bytes"
	"context"
	"html"
	"regexp"
	"strings"
	"testing"

	"kartenwerk/engine/enginetest/trick"
	"kartenwerk/engine/i18n"
)

// Every word of the report has a text in every language, and no text is
// left empty.
func TestEveryReportWordHasEveryLanguage(t *testing.T) {
	keys := Words().Keys()
	if len(keys) < 50 {
		t.Fatalf("the report catalogue has %d keys: it did not load its words", len(keys))
	}
	for _, key := range keys {
		for _, l := range i18n.Langs {
			if got := Words().T(l, key, "n", 2); got == "" || strings.HasPrefix(got, "⟦") {
				t.Errorf("%s in %s: %q", key, l, got)
			}
		}
	}
}

var (
	tagPattern    = regexp.MustCompile(`(?s)<style.*?</style>|<[^>]*>`)
	valuePattern  = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)
	wordPattern   = regexp.MustCompile(`\p{L}{4,}`)
	pointDecimal  = regexp.MustCompile(`\d\.\d`)
	commaDecimal  = regexp.MustCompile(`\d,\d\x{a0}% \[\d+,\d–\d+,\d\]`)
	placeholderRe = regexp.MustCompile(`\{\{[^}]*\}\}`)
)

// vocabulary is the set of words (four letters or more) of a language's
// report catalogue.
func vocabulary(t *testing.T, l i18n.Lang) map[string]bool {
	t.Helper()
	src, err := messageFiles.ReadFile("messages/" + l.String() + ".yaml")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, v := range valuePattern.FindAllStringSubmatch(string(src), -1) {
		for _, w := range wordPattern.FindAllString(placeholderRe.ReplaceAllString(v[1], ""), -1) {
			out[strings.ToLower(w)] = true
		}
	}
	return out
}

// visibleText is what a reader of the page sees: its text and the
// charts' labels, without tags and styles.
func visibleText(page string) string {
	return html.UnescapeString(tagPattern.ReplaceAllString(page, " "))
}

// A report written in German or Czech has none of the English words of
// the report's vocabulary (those the language's own catalogue does not
// share, as "Deck" or "Seed"), writes decimals with commas, and says its
// language; the English one is in English.
func TestReportSpeaksTheReadersLanguage(t *testing.T) {
	rep, err := Run(context.Background(), Config{Game: trick.Game{}, Games: 200, Seed: 1, Seats: 2,
		Agents: []string{"greedy", "random"}, Mirror: true})
	if err != nil {
		t.Fatal(err)
	}
	english := vocabulary(t, i18n.EN)
	for _, l := range i18n.Langs {
		t.Run(l.String(), func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteHTML(&buf, Document{Title: "trick", Report: rep, Lang: l}); err != nil {
				t.Fatal(err)
			}
			page := buf.String()
			if !strings.Contains(page, `<html lang="`+l.String()+`">`) {
				t.Errorf("the page does not declare lang=%q", l)
			}
			text := visibleText(page)
			for _, want := range []string{Words().T(l, "report.summary.heading"), Words().T(l, "report.chart.reasons"), Words().T(l, "report.wins.heading")} {
				if !strings.Contains(text, want) {
					t.Errorf("the report lacks %q", want)
				}
			}
			if l == i18n.EN {
				return
			}
			own := vocabulary(t, l)
			for _, w := range wordPattern.FindAllString(text, -1) {
				if w := strings.ToLower(w); english[w] && !own[w] {
					t.Errorf("the %s report has the English word %q", l, w)
				}
			}
			if m := pointDecimal.FindString(text); m != "" {
				t.Errorf("the %s report writes a decimal point: %q", l, m)
			}
			if !commaDecimal.MatchString(text) {
				t.Errorf("the %s report has no rate written as 56,7 %% [55,7–57,7]", l)
			}
		})
	}
}
