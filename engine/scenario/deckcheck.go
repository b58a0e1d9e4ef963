package scenario

import (
	"fmt"
	"regexp"
	"strings"

	"kartenwerk/engine"
)

// deckList reads a deck of the file: a preset of the game by name, or a
// list written inline.
func (f *File) deckList(g engine.Game, d DeckSpec, at string) (engine.DeckList, error) {
	switch {
	case (d.Preset == "") == (d.List == ""):
		return engine.DeckList{}, f.src.Problem(at, "deck", "a deck is `preset: NAME` or `list: |` with the deck list", "see docs/scenarios.md")
	case d.Preset != "":
		var names []string
		for _, p := range g.Presets() {
			if strings.EqualFold(p.Name, d.Preset) {
				return p, nil
			}
			names = append(names, p.Name)
		}
		return engine.DeckList{}, f.src.Problem(at, d.Preset, "no such preset", "use one of: "+strings.Join(names, ", "))
	}
	list, err := engine.ParseDeckList("", "inline", strings.NewReader(d.List))
	if err != nil {
		return list, f.src.Problem(at, "deck list", err.Error(), "")
	}
	return list, nil
}

// checkDeck validates a deck and compares its problems with the expected
// ones: each expected rule id or text must be in some problem, and each
// problem must be expected.
func (r *runner) checkDeck(i int, st Step) error {
	at := fmt.Sprintf("$.steps[%d].deck", i)
	d, err := r.f.deckList(r.g, *st.Deck, at)
	if err != nil {
		return err
	}
	problems := r.g.ValidateDeck(d)
	texts := make([]string, len(problems))
	for k, p := range problems {
		p.File = ""
		texts[k] = p.Error()
	}
	for _, want := range st.Problems {
		if !anyCites(texts, want) {
			r.fail(i, "deck", "has no problem citing %q; its problems: %s", want, listOrNone(texts))
		}
	}
	for _, t := range texts {
		if !citesAny(t, st.Problems) {
			r.fail(i, "deck", "has the problem %q, which the step does not expect (add its rule id to `problems:`)", t)
		}
	}
	return nil
}

func anyCites(texts []string, want string) bool {
	for _, t := range texts {
		if cites(t, want) {
			return true
		}
	}
	return false
}

func citesAny(text string, wants []string) bool {
	for _, w := range wants {
		if cites(text, w) {
			return true
		}
	}
	return false
}

// cites: a rule id as a whole id (MM-8.3 is neither in MM-8.31 nor in
// MM-8.3.1), other text anywhere, in any case.
func cites(text, want string) bool {
	if !ruleID.MatchString(want) {
		return containsFold(text, want)
	}
	for rest := text; ; {
		k := strings.Index(rest, want)
		if k < 0 {
			return false
		}
		after := rest[k+len(want):]
		before := rest[:k]
		if !endsInWord(before) && !continuesID(after) {
			return true
		}
		rest = after
	}
}

var ruleID = regexp.MustCompile(`^[A-Z]+-[0-9A-Z]+(\.[0-9A-Z]+)*$`)

func endsInWord(s string) bool {
	return s != "" && isIDByte(s[len(s)-1])
}

// continuesID: the text goes on with more of an id ("1", ".1").
func continuesID(after string) bool {
	return after != "" && (isIDByte(after[0]) || after[0] == '.' && len(after) > 1 && isIDByte(after[1]))
}

func isIDByte(b byte) bool {
	return b >= '0' && b <= '9' || b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z' || b == '-'
}

func listOrNone(texts []string) string {
	if len(texts) == 0 {
		return "none, the deck is legal"
	}
	return strings.Join(texts, "; ")
}
