package microlife

import (
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest"
)

// FuzzApply feeds arbitrary action text to random positions: no panic, and
// a refused action leaves the state unchanged.
func FuzzApply(f *testing.F) {
	enginetest.FuzzActions(f, Game{}, func(seed uint64) engine.Setup { return randomSetup(int(seed % 1000)) })
}

// FuzzCards feeds arbitrary card files to the loader: it must never panic,
// and whatever it refuses it refuses with problems.
func FuzzCards(f *testing.F) {
	f.Add(mustReadF(f, "cards/market.yaml"))
	f.Add(mustReadF(f, "cards/mutations.yaml"))
	f.Add([]byte("cards:\n  - {name: X, type: erreger, subtype: pilz, cost: 1, stats: 1/1, keywords: [Invasiv (Haut)]}\n"))
	starter := mustReadF(f, "cards/starter.yaml")
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := buildCatalog([]string{"s.yaml", "x.yaml"}, map[string][]byte{"s.yaml": starter, "x.yaml": data})
		if err == nil && c == nil {
			t.Fatal("no catalog and no error")
		}
	})
}

func mustReadF(f *testing.F, name string) []byte {
	b, err := cardFiles.ReadFile(name)
	if err != nil {
		f.Fatal(err)
	}
	return b
}
