package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `sim --report F --lang L` writes the report in L, English by default;
// an unknown language is refused before any game is played, naming the
// languages, and writes no file.
func TestSimReportInTheLanguageAsked(t *testing.T) {
	for _, c := range []struct {
		lang  []string
		wants []string
	}{
		{nil, []string{`<html lang="en">`, "Trick: 40 games", "Win rates"}},
		{[]string{"--lang", "de"}, []string{`<html lang="de">`, "Trick: 40 Partien", "Siegraten", "\u00a0%"}},
		{[]string{"--lang", "cs"}, []string{`<html lang="cs">`, "Trick: 40 partií", "Podíly výher", "\u00a0%"}},
	} {
		html := filepath.Join(t.TempDir(), "r.html")
		args := append([]string{"sim", "trick", "-n", "40", "--report", html}, c.lang...)
		if _, _, err := run(t, "", args...); err != nil {
			t.Fatalf("%v: %v", c.lang, err)
		}
		page, _ := os.ReadFile(html)
		for _, want := range c.wants {
			if !strings.Contains(string(page), want) {
				t.Errorf("%v: the report lacks %q", c.lang, want)
			}
		}
	}
	html := filepath.Join(t.TempDir(), "r.html")
	_, _, err := run(t, "", "sim", "trick", "-n", "40", "--report", html, "--lang", "fr")
	if err == nil || !strings.Contains(err.Error(), "de (Deutsch), en (English) or cs (Čeština)") {
		t.Errorf("--lang fr: %v, want an error naming the languages", err)
	}
	if _, statErr := os.Stat(html); statErr == nil {
		t.Error("--lang fr wrote a report")
	}
}
