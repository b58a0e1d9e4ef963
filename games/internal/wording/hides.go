package wording

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// CheckSayHides plays random games of g and checks, for every legal
// action and every viewer, that the English log line and the mover's
// button name exactly the cards that Describe names for that viewer: the
// words of an action hide what its label hides.
func CheckSayHides(t *testing.T, g engine.Game, setup func(i int) engine.Setup, games int) {
	t.Helper()
	var names []string
	for _, c := range g.Cards() {
		names = append(names, c.Name)
	}
	w := engine.Words{Lang: i18n.EN}
	var legal []engine.Action
	for i := 0; i < games; i++ {
		st, err := g.New(setup(i))
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(uint64(i) + 7)
		for step := 0; step < 5000; step++ {
			if done, _ := st.Terminal(); done {
				break
			}
			legal = st.Legal(legal[:0])
			for _, a := range legal {
				if msg := compareNames(st, a, w, names); msg != "" {
					t.Fatalf("game %d, step %d: %s", i, step, msg)
				}
			}
			if err := st.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// compareNames says how the words of a differ from its label in the
// cards they name, or "".
func compareNames(st engine.State, a engine.Action, w engine.Words, names []string) string {
	mover := st.ToMove()
	viewers := []engine.Seat{engine.NoSeat}
	for s := engine.Seat(0); int(s) < st.Seats(); s++ {
		viewers = append(viewers, s)
	}
	for _, v := range viewers {
		label := st.Describe(a, v)
		texts := []string{engine.Say(st, a, v, engine.Log, w)}
		if v == mover {
			texts = append(texts, engine.Say(st, a, v, engine.Button, w))
		}
		for _, text := range texts {
			if want, got := named(label, names), named(text, names); !slices.Equal(want, got) {
				return fmt.Sprintf("for %v, %q names %v but its label %q names %v", v, text, got, label, want)
			}
		}
	}
	return ""
}

// named lists the card names that stand in text as words of their own.
func named(text string, names []string) []string {
	var out []string
	for _, n := range names {
		for rest := text; ; {
			i := strings.Index(rest, n)
			if i < 0 {
				break
			}
			before, after := rest[:i], rest[i+len(n):]
			if !endsInLetter(before) && !startsWithLetter(after) {
				out = append(out, n)
				break
			}
			rest = after
		}
	}
	return out
}

func endsInLetter(s string) bool {
	r := []rune(s)
	return len(r) > 0 && unicode.IsLetter(r[len(r)-1])
}

func startsWithLetter(s string) bool {
	for _, r := range s {
		return unicode.IsLetter(r)
	}
	return false
}
