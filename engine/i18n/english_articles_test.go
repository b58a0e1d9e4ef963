package i18n_test

import (
	"regexp"
	"strings"
	"testing"
)

// articleBeforeWord is "a" or "an" just before a message's argument: the
// argument's first sound decides the article, and a message cannot know
// it ("makes a Ember resource", "this deck is a Athernum deck").
var articleBeforeWord = regexp.MustCompile(`(?i)(^|[^\p{L}])an? \{\{`)

// TestEnglishArticleNeverStandsBeforeAnArgument reads every English
// catalogue and flags "a {{.x}}" or "an {{.x}}": such a message reads
// wrong for half the words it is given. Write around it ("one Ember
// resource", "a deck for Athernum").
func TestEnglishArticleNeverStandsBeforeAnArgument(t *testing.T) {
	files := cataloguesNamed(t, "en.yaml")
	if len(files) < 15 {
		t.Fatalf("found %d English catalogues: %v", len(files), files)
	}
	eachLine(t, files, func(where, line string) {
		if m := articleBeforeWord.FindString(line); m != "" {
			t.Errorf("%s: %q puts an article before an argument, which may begin with a vowel: write around it", where, strings.TrimSpace(m))
		}
	})
}
