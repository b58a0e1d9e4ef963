package enginetest

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"kartenwerk/engine/i18n"
)

// cardID finds a card written as its id, "c12".
var cardID = regexp.MustCompile(`\bc\d+\b`)

// CardRefusals checks the refusals of actions on one card that a game
// words with one of Keys (catalogue key prefixes, "refuse.not_your_card"),
// in every language: after the action's text, which the refusal repeats
// first, each names the card by name when the mover sees it, else says
// CannotSee[language] ("a card you cannot see"), and never writes a card
// as its id. It counts the refusals of each kind it checked, so that a
// test can tell it met both.
type CardRefusals struct {
	Keys         []string
	CannotSee    map[i18n.Lang]string
	Seen, Unseen int
}

// Check checks err, the refusal of action (its text) about the card name,
// which the mover sees or not; an error that is no refusal of Keys passes
// unchecked.
func (c *CardRefusals) Check(err error, action, name string, seen bool) error {
	var said *i18n.Error
	if !errors.As(err, &said) || !c.keyed(said.Key) {
		return nil
	}
	for _, l := range i18n.Langs {
		text := strings.TrimPrefix(said.In(l), action+":")
		want := name
		if !seen {
			want = c.CannotSee[l]
		}
		if !strings.Contains(text, want) || cardID.MatchString(text) {
			return fmt.Errorf("refusing %s in %s: %q should say %q and no card id", action, l, text, want)
		}
	}
	if seen {
		c.Seen++
	} else {
		c.Unseen++
	}
	return nil
}

func (c *CardRefusals) keyed(key string) bool {
	for _, k := range c.Keys {
		if strings.HasPrefix(key, k) {
			return true
		}
	}
	return false
}

// Enough is an error unless at least n refusals of each kind were checked.
func (c *CardRefusals) Enough(n int) error {
	if c.Seen < n || c.Unseen < n {
		return fmt.Errorf("only %d refusals about cards the mover sees and %d about cards it cannot see were checked", c.Seen, c.Unseen)
	}
	return nil
}
