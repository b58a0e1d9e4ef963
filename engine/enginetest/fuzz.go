package enginetest

import (
	"testing"

	"kartenwerk/engine"
)

// FuzzActions feeds arbitrary action text to Apply after a random number
// of random moves: it must never panic, and a refused action must leave
// the state unchanged. Call it from a game's FuzzXxx function.
func FuzzActions(f *testing.F, g engine.Game, setup func(seed uint64) engine.Setup) {
	codec := g.Info().Actions
	for i, v := range codec.Verbs() {
		f.Add(uint64(i), uint16(i*7), v.Name+" c1 p2 3 4")
	}
	f.Add(uint64(1), uint16(0), "")
	f.Add(uint64(2), uint16(30), "pass")
	f.Fuzz(func(t *testing.T, seed uint64, steps uint16, text string) {
		s, err := g.New(setup(seed))
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		rng := engine.NewRNG(seed)
		var legal []engine.Action
		for i := 0; i < int(steps)%400; i++ {
			if done, _ := s.Terminal(); done {
				break
			}
			legal = s.Legal(legal[:0])
			if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatalf("legal action refused: %v", err)
			}
		}
		a, err := codec.Parse(text)
		if err != nil {
			return
		}
		before := s.Hash()
		legal = s.Legal(legal[:0])
		err = s.Apply(a)
		switch {
		case err != nil && s.Hash() != before:
			t.Fatalf("refused %q (%v) but the state changed", text, err)
		case err == nil && !engine.Contains(legal, a):
			t.Fatalf("accepted %q, which Legal does not list", text)
		case err != nil && engine.Contains(legal, a):
			t.Fatalf("refused legal %q: %v", text, err)
		}
	})
}
