package server

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// The log kept as stretches of one text per language reads every line
// back as it was put in: a seat's own line, or the spectators' when the
// seat reads theirs, in the reader's language or, in a language not kept,
// the first one kept. Random lines for two to four seats.
func TestGameLogReadsBackEveryLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for round := range 50 {
		seats := 2 + rng.IntN(3)
		kept := []i18n.Lang{i18n.DE, i18n.CS}[:1+rng.IntN(2)]
		var log gameLog
		var want []logEntry
		for i := range 1 + rng.IntN(40) {
			e := logEntry{seat: engine.Seat(rng.IntN(seats)), labels: make([][]string, len(i18n.Langs))}
			for _, l := range kept {
				spectators := fmt.Sprintf("%s: line %d for all", l, i)
				e.labels[l] = make([]string, seats+1)
				e.labels[l][seats] = spectators
				for v := range seats {
					e.labels[l][v] = spectators
					if rng.IntN(2) == 0 {
						e.labels[l][v] = fmt.Sprintf("%s: line %d for p%d %s", l, i, v+1, namePlaceholders[v])
					}
				}
			}
			log.add(e)
			want = append(want, e)
		}
		names := engine.Words{Names: []string{"Anna", "Bert", "Cleo", "Dora"}}
		for i, e := range want {
			for v := engine.Seat(-1); int(v) < seats; v++ {
				for _, l := range i18n.Langs {
					w := names
					w.Lang = l
					from := l
					if e.labels[l] == nil {
						from = kept[0]
					}
					line := e.labels[from][seats]
					if v >= 0 {
						line = e.labels[from][v]
					}
					if got := log.label(i, v, w); log.seat(i) != e.seat || got != withNames(line, w) {
						t.Fatalf("round %d entry %d viewer %v in %s: %v %q, want %v %q", round, i, v, l, log.seat(i), got, e.seat, withNames(line, w))
					}
				}
			}
		}
	}
}
