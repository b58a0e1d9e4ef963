package enginetest

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"kartenwerk/engine"
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

// Picking lists the actions that pick card id, to try on a position: id
// in each card argument of every verb of codec, the others zero, and in
// each card argument of the legal actions, the others kept, so that a
// refusal about a second card (a target) is met too. Legal actions are
// left out: applying one would move on from the position.
func Picking(codec *engine.ActionCodec, id int16, legal []engine.Action) []engine.Action {
	var out []engine.Action
	add := func(a engine.Action, arg int) {
		a.Args[arg] = id
		if !engine.Contains(legal, a) {
			out = append(out, a)
		}
	}
	for i, spec := range codec.Verbs() {
		for _, arg := range cardArgs(spec) {
			add(engine.Action{Verb: engine.Verb(i + 1)}, arg)
		}
	}
	for _, a := range legal {
		spec, _ := codec.Spec(a.Verb)
		for _, arg := range cardArgs(spec) {
			add(a, arg)
		}
	}
	return out
}

// NoCard is an error unless err refuses id as no card at all
// (refuse.no_card) and gives the id, c12, in every language: an id that
// names no card hides nothing.
func NoCard(err error, id int16) error {
	var said *i18n.Error
	if !errors.As(err, &said) || said.Key != "refuse.no_card" {
		return fmt.Errorf("c%d is refused with %v, not as no card (refuse.no_card)", id, err)
	}
	for _, l := range i18n.Langs {
		if text := said.In(l); !strings.Contains(text, fmt.Sprintf("c%d", id)) {
			return fmt.Errorf("c%d is refused in %s with %q, which does not give the id", id, l, text)
		}
	}
	return nil
}
